//! The shop against abuse and attack: bad input of every kind, forged log
//! lines, floods, who may do what, and requests released together (races).

mod abuse;
mod attacks;
mod bad_fields;
mod bad_input;
mod log_forging;
mod permissions;
mod races;
