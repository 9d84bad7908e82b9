//! Integration tests: the real shop over HTTP, one module per feature, grouped as
//! the server's own folders are (catalogue, orders, payments, ...), with the
//! shop as a whole in `app` and abuse, attacks and races in `security`.

mod helpers;

mod addresses;
mod app;
mod audit;
mod auth;
mod cart;
mod catalogue;
mod contact;
mod images;
mod mail;
mod orders;
mod payments;
mod profiles;
mod returns;
mod reviews;
mod security;
mod shipping;
mod users;
mod vehicles;
