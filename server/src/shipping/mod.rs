//! How an order travels and what it costs to send: counter pickup or a
//! delivery method, with its price and the tax on the order. This is a
//! stand-in that knows counter pickup only, free and untaxed, until the
//! delivery methods and tax rates are built; it has their interface.

mod pricing;

pub use pricing::*;
