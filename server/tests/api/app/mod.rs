//! The shop as a whole: starting, its configuration and limits, its
//! connections and database failures, backups, the demo data, the OpenAPI
//! document, the pages' embedded data and answers kept private.

mod backup;
mod client_addresses;
mod connections;
mod database_outage;
mod demo;
mod faults;
mod large_answers;
mod limits;
mod migrations;
mod operations;
mod page_data;
mod private_answers;
mod request_docs;
mod startup;
mod system;
