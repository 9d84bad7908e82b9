//! What a return refunds, in whole cents (docs/api.md, "Returns"): the
//! goods sent back, their share of the order's tax on goods, the delivery
//! and its tax when the seller was at fault (once per order), the deposits
//! (core charges) of the units sent back, less the restocking fee, which
//! the seller's fault waives. A core return gives back only the deposits,
//! less what the staff took off a core that cannot be rebuilt.

use serde::{Deserialize, Serialize};

use super::reasons::Reason;
use crate::shipping::round_half_up;

/// The restocking fee the shop charges on the goods of a return.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Fee {
    None,
    /// Hundredths of a percent of the goods (15% is 1,500).
    Percent {
        basis_points: i64,
    },
    /// A fixed amount per return, in cents (at most the goods).
    Fixed {
        cents: i64,
    },
}

/// The figures of an order a return is refunded from.
#[derive(Debug, Clone, Copy, Default)]
pub struct Order {
    /// The sum of its lines.
    pub goods_cents: i64,
    pub tax_cents: i64,
    pub shipping_cents: i64,
    /// The part of `tax_cents` charged on the delivery.
    pub shipping_tax_cents: i64,
}

/// What the order's earlier returns have refunded of its tax and delivery.
#[derive(Debug, Clone, Copy, Default)]
pub struct Before {
    pub goods_tax_cents: i64,
    pub delivery_refunded: bool,
}

/// A return's refund, in cents: `total = goods + tax + delivery + core - fee`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Figures {
    pub goods: i64,
    pub tax: i64,
    pub delivery: i64,
    /// The deposits given back.
    pub core: i64,
    pub fee: i64,
    pub total: i64,
}

/// What a return sends back, in cents: the lines' unit prices times
/// quantities, and their deposits (core charges) likewise.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Sent {
    pub goods: i64,
    pub core: i64,
}

/// The refund of a return of reason `core`: the deposits, less the
/// `deduction` the staff said (at most the deposits).
pub fn core_figures(core: i64, deduction: i64) -> Figures {
    let fee = deduction.clamp(0, core.max(0));
    Figures {
        core,
        fee,
        total: core - fee,
        ..Figures::default()
    }
}

/// The refund of a return of `sent` from `order`, for `reason`, under
/// `fee` (a core return's refund is `core_figures`).
pub fn figures(order: Order, before: Before, sent: Sent, reason: Reason, fee: Fee) -> Figures {
    let goods = sent.goods;
    let goods_tax = (order.tax_cents - order.shipping_tax_cents).max(0);
    let share = if order.goods_cents > 0 {
        round_half_up(
            i128::from(goods_tax) * i128::from(goods),
            i128::from(order.goods_cents),
        ) as i64
    } else {
        0
    };
    // Rounding never refunds more tax than the order's goods were charged.
    let tax = share.min((goods_tax - before.goods_tax_cents).max(0));
    let at_fault = reason.sellers_fault();
    let delivery = if at_fault && !before.delivery_refunded {
        order.shipping_cents + order.shipping_tax_cents
    } else {
        0
    };
    let fee = match (at_fault, fee) {
        (true, _) | (false, Fee::None) => 0,
        (false, Fee::Percent { basis_points }) => {
            round_half_up(i128::from(goods) * i128::from(basis_points), 10_000) as i64
        }
        (false, Fee::Fixed { cents }) => cents.min(goods),
    };
    Figures {
        goods,
        tax,
        delivery,
        core: sent.core,
        fee,
        total: (goods + tax + delivery + sent.core - fee).max(0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn goods(goods: i64) -> Sent {
        Sent { goods, core: 0 }
    }

    /// Goods 100.00 + 12.50 delivery, 8.25% on both: 8.25 + 1.03 tax.
    const ORDER: Order = Order {
        goods_cents: 10_000,
        tax_cents: 928,
        shipping_cents: 1_250,
        shipping_tax_cents: 103,
    };

    #[test]
    fn a_change_of_mind_refunds_the_goods_and_their_tax_less_the_fee() {
        let fifteen = Fee::Percent {
            basis_points: 1_500,
        };
        // 40.00 of goods: tax 8.25 × 0.4 = 3.30; fee 15% = 6.00.
        let f = figures(
            ORDER,
            Before::default(),
            goods(4_000),
            Reason::NoLongerNeeded,
            fifteen,
        );
        assert_eq!(
            f,
            Figures {
                goods: 4_000,
                tax: 330,
                delivery: 0,
                core: 0,
                fee: 600,
                total: 3_730
            }
        );
        // 12.99: tax 825 × 1299 / 10000 = 107.1675 → 1.07; fee 1.9485 → 1.95.
        let f = figures(
            ORDER,
            Before::default(),
            goods(1_299),
            Reason::OrderedByMistake,
            fifteen,
        );
        assert_eq!((f.tax, f.fee, f.total), (107, 195, 1_211));
        // Halves round up: 12.50 at 15% is 1.875 → 1.88.
        let f = figures(
            ORDER,
            Before::default(),
            goods(1_250),
            Reason::DoesNotFit,
            fifteen,
        );
        assert_eq!(f.fee, 188);
    }

    #[test]
    fn the_sellers_fault_waives_the_fee_and_refunds_the_delivery_once() {
        let fixed = Fee::Fixed { cents: 500 };
        for reason in [
            Reason::Faulty,
            Reason::DamagedInTransit,
            Reason::WrongPartSent,
        ] {
            let f = figures(ORDER, Before::default(), goods(4_000), reason, fixed);
            assert_eq!(
                f,
                Figures {
                    goods: 4_000,
                    tax: 330,
                    delivery: 1_353,
                    core: 0,
                    fee: 0,
                    total: 5_683
                }
            );
        }
        let after = Before {
            goods_tax_cents: 330,
            delivery_refunded: true,
        };
        let f = figures(ORDER, after, goods(4_000), Reason::Faulty, fixed);
        assert_eq!((f.delivery, f.total), (0, 4_330));
        // A fixed fee is at most the goods.
        let f = figures(
            ORDER,
            Before::default(),
            goods(300),
            Reason::NoLongerNeeded,
            fixed,
        );
        assert_eq!((f.fee, f.total), (300, 25));
    }

    #[test]
    fn the_tax_refunded_never_passes_what_the_goods_were_charged() {
        // Three returns of a third each: 275 + 275 + 275 = 825.
        let thirds = Order {
            goods_cents: 3_000,
            tax_cents: 825,
            shipping_cents: 0,
            shipping_tax_cents: 0,
        };
        let mut before = Before::default();
        let mut total_tax = 0;
        for _ in 0..3 {
            let f = figures(
                thirds,
                before,
                goods(1_000),
                Reason::NoLongerNeeded,
                Fee::None,
            );
            before.goods_tax_cents += f.tax;
            total_tax += f.tax;
        }
        assert_eq!(total_tax, 825);
        // 1 cent of tax on 3 lines of 1.00: 0.33 → 0, the rest is capped.
        let tiny = Order {
            goods_cents: 300,
            tax_cents: 1,
            shipping_cents: 0,
            shipping_tax_cents: 0,
        };
        let f = figures(
            tiny,
            Before {
                goods_tax_cents: 1,
                delivery_refunded: false,
            },
            goods(300),
            Reason::NoLongerNeeded,
            Fee::None,
        );
        assert_eq!(f.tax, 0);
    }

    #[test]
    fn deposits_come_back_untaxed_and_free_of_the_restocking_fee() {
        let fifteen = Fee::Percent {
            basis_points: 1_500,
        };
        // 2 alternators at 189.99 with a 45.00 deposit each, sent back as
        // no longer needed: the fee is on the goods alone, the deposits
        // come back whole.
        let order = Order {
            goods_cents: 37_998,
            tax_cents: 3_135,
            shipping_cents: 0,
            shipping_tax_cents: 0,
        };
        let sent = Sent {
            goods: 18_999,
            core: 4_500,
        };
        let f = figures(
            order,
            Before::default(),
            sent,
            Reason::NoLongerNeeded,
            fifteen,
        );
        // Tax 3135 / 2 = 1567.5 → 15.68; fee 15% of 189.99 = 28.4985 → 28.50.
        assert_eq!(
            f,
            Figures {
                goods: 18_999,
                tax: 1_568,
                delivery: 0,
                core: 4_500,
                fee: 2_850,
                total: 18_999 + 1_568 + 4_500 - 2_850
            }
        );
    }

    #[test]
    fn a_core_return_gives_back_the_deposit_less_the_deduction() {
        assert_eq!(
            core_figures(9_000, 0),
            Figures {
                core: 9_000,
                total: 9_000,
                ..Figures::default()
            }
        );
        let f = core_figures(4_500, 1_250);
        assert_eq!(
            (f.goods, f.tax, f.core, f.fee, f.total),
            (0, 0, 4_500, 1_250, 3_250)
        );
        // A deduction is never more than the deposit.
        assert_eq!(core_figures(4_500, 9_999).total, 0);
    }
}
