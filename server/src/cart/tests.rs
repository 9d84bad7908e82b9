//! Pricing a cart: the problems, and when it can be ordered.

use super::*;
use crate::catalogue::PartInfo;
use crate::core::money::Currency;

fn part(price_cents: i64, available: i64, minimum: i64) -> PartInfo {
    PartInfo {
        id: 1,
        name: "Front brake disc".into(),
        sku: "PG-000001".into(),
        img: String::new(),
        price_cents,
        available_quantity: available,
        minimum_order: minimum,
        weight_grams: 1250,
        core_charge_cents: 0,
    }
}

#[test]
fn the_first_problem_that_applies_is_the_one_shown() {
    let usd = Currency::new("USD");
    let kind = |p: Option<&PartInfo>, q, seen| problem(p, q, seen, &usd).map(|(k, _)| k);
    assert_eq!(kind(None, 1, None), Some(Problem::Deleted));
    assert_eq!(
        kind(Some(&part(100, 1, 2)), 5, Some(90)),
        Some(Problem::OutOfStock)
    );
    assert_eq!(
        kind(Some(&part(100, 3, 1)), 5, Some(90)),
        Some(Problem::NotEnoughStock)
    );
    assert_eq!(
        kind(Some(&part(100, 9, 2)), 1, Some(90)),
        Some(Problem::BelowMinimum)
    );
    assert_eq!(
        kind(Some(&part(100, 9, 2)), 2, Some(90)),
        Some(Problem::PriceChanged)
    );
    assert_eq!(kind(Some(&part(100, 9, 2)), 2, Some(100)), None);
    assert_eq!(kind(Some(&part(100, 9, 2)), 2, None), None);
    assert_eq!(
        problem(Some(&part(1250, 9, 1)), 1, Some(999), &usd).map(|(_, m)| m),
        Some("The price changed from $9.99 to $12.50".to_owned())
    );
}

#[test]
fn a_cart_is_ready_with_lines_that_only_changed_price() {
    let changed = part(1250, 9, 1);
    let short = part(500, 1, 1);
    let item = |p, q, seen| Item {
        part_id: "1".into(),
        part: p,
        quantity: q,
        seen_price_cents: seen,
    };
    let usd = Currency::new("USD");
    let priced = Priced::new(&usd, [item(Some(&changed), 2, Some(1000))]);
    assert!(priced.ready);
    assert_eq!((priced.goods_cents, priced.weight_grams), (2500, 2500));
    let priced = Priced::new(
        &usd,
        [item(Some(&changed), 2, None), item(Some(&short), 3, None)],
    );
    assert!(!priced.ready);
    assert_eq!((priced.goods_cents, priced.count), (4000, 5));
    let priced = Priced::new(&usd, [item(None, 2, Some(100))]);
    assert!(!priced.ready);
    assert_eq!(priced.lines[0].unit_price, 0.0);
    assert!(!Priced::new(&usd, []).ready);
}

#[test]
fn dollars_have_two_decimals() {
    let usd = Currency::new("USD");
    assert_eq!(usd.shown(5), "$0.05");
    assert_eq!(usd.shown(123_456), "$1234.56");
}
