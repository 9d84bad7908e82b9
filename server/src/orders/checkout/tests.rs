//! How a refused line of an order is answered.

use super::*;

fn part() -> PartInfo {
    PartInfo {
        id: 4,
        name: "Front brake disc".into(),
        sku: "PG-000004".into(),
        img: String::new(),
        price_cents: 4999,
        available_quantity: 1,
        minimum_order: 1,
        weight_grams: 0,
        core_charge_cents: 0,
    }
}

fn answer(e: ApiError) -> (StatusCode, String, FieldErrors) {
    match e {
        ApiError::BadRequest { message, fields } => (StatusCode::BAD_REQUEST, message, fields),
        ApiError::Refused {
            status,
            message,
            fields,
        } => (status, message, fields),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_refused_line_is_named_in_the_message_and_the_fields() {
    let (status, message, fields) = answer(line_error(Refused::Short {
        index: 1,
        part: part(),
        left: 1,
    }));
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(message, "Line 2 (Front brake disc): Only 1 in stock");
    assert_eq!(fields["lines.1.quantity"], "Only 1 in stock");

    let (status, message, fields) = answer(line_error(Refused::NoPart { index: 1 }));
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(message, "Line 2: part not found");
    assert_eq!(fields["lines.1.partId"], "Part not found");

    let mut high = part();
    high.minimum_order = 3;
    let (status, message, fields) = answer(line_error(Refused::BelowMinimum {
        index: 0,
        part: high,
    }));
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        message,
        "Line 1 (Front brake disc): The minimum order for this part is 3"
    );
    assert_eq!(
        fields["lines.0.quantity"],
        "The minimum order for this part is 3"
    );

    let (_, message, _) = answer(line_error(Refused::Short {
        index: 0,
        part: part(),
        left: 0,
    }));
    assert_eq!(message, "Line 1 (Front brake disc): Out of stock");
}
