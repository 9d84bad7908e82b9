//! The kinds of field a request body has. Each kind says, in one place, how
//! a field of it is read (with the messages the API promises) and how the
//! OpenAPI document describes it, so data the document calls valid is data
//! the shop accepts. Kinds that belong to one feature (a part's number, a
//! card) live with that feature and implement the same trait.

use serde_json::{json, Value};

use utoipa::openapi::{RefOr, Schema};
use utoipa::ToSchema;

use super::request::Request;
use super::{parse_email, Form, MAX_PRICE_CENTS, SHORT_TEXT};

/// One kind of request field.
pub trait Rule {
    /// What the handler gets.
    type Out;
    /// Whether the document lists the field as required.
    const REQUIRED: bool = true;
    /// Reads the field `name`; `label` starts its messages ("Name is Required").
    fn read(form: &mut Form, name: &str, label: &str) -> Self::Out;
    /// The field's JSON schema.
    fn schema() -> Value;
    /// The named schemas this field refers to, for the document's components.
    fn schemas(_out: &mut Vec<(String, RefOr<Schema>)>) {}
}

/// A field that may be left out (or sent `null`): read by `R` when sent.
pub struct Sent<R>(R);

impl<R: Rule> Rule for Sent<R> {
    type Out = Option<R::Out>;
    const REQUIRED: bool = false;
    fn read(form: &mut Form, name: &str, label: &str) -> Self::Out {
        form.has(name).then(|| R::read(form, name, label))
    }
    fn schema() -> Value {
        nullable(R::schema())
    }
    fn schemas(out: &mut Vec<(String, RefOr<Schema>)>) {
        R::schemas(out);
    }
}

/// `schema`, or `null`.
pub fn nullable(schema: Value) -> Value {
    match schema {
        Value::Object(mut rule) if rule.contains_key("oneOf") => {
            if let Some(Value::Array(choices)) = rule.get_mut("oneOf") {
                choices.insert(0, json!({"type": "null"}));
            }
            Value::Object(rule)
        }
        rule => {
            // An example stays beside the choices, where readers look for it.
            let mut rule = rule;
            let example = rule.as_object_mut().and_then(|r| r.remove("example"));
            let mut choice = json!({"oneOf": [{"type": "null"}, rule]});
            if let Some(example) = example {
                choice["example"] = example;
            }
            choice
        }
    }
}

/// Characters the shop counts as blank (Rust's `char::is_whitespace`), and NUL.
const BLANK: &str =
    r"\u0000\t\n\u000b\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000";

/// Characters the shop counts as blank, without NUL.
pub const WHITESPACE: &str =
    r"\t\n\u000b\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000";

/// Required text of at most `MAX` characters, stored as sent: not blank, no NUL.
pub struct Text<const MAX: usize>;

impl<const MAX: usize> Rule for Text<MAX> {
    type Out = String;
    fn read(form: &mut Form, name: &str, label: &str) -> String {
        form.text(name, label, MAX)
    }
    fn schema() -> Value {
        text_schema(MAX)
    }
}

/// The schema of text that is not empty or only whitespace, has no NUL, and
/// at most `max` characters.
pub fn text_schema(max: usize) -> Value {
    json!({
        "type": "string",
        "minLength": 1,
        "maxLength": max,
        "pattern": format!(r"^[^\u0000]*[^{BLANK}][^\u0000]*$"),
    })
}

/// Optional text of at most `MAX` characters: blank counts as left out.
pub struct OptionalText<const MAX: usize>;

impl<const MAX: usize> Rule for OptionalText<MAX> {
    type Out = Option<String>;
    const REQUIRED: bool = false;
    fn read(form: &mut Form, name: &str, label: &str) -> Option<String> {
        form.optional_text(name, label, MAX)
    }
    fn schema() -> Value {
        nullable(json!({"type": "string", "maxLength": MAX, "pattern": r"^[^\u0000]*$"}))
    }
}

/// An address `parse_email` accepts.
pub const EMAIL: &str = r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}";

/// A required e-mail address, trimmed and lower-cased.
pub struct Email;

impl Rule for Email {
    type Out = String;
    fn read(form: &mut Form, name: &str, _label: &str) -> String {
        form.email(name)
    }
    fn schema() -> Value {
        json!({"type": "string", "format": "email", "maxLength": 254, "pattern": format!("^{EMAIL}$")})
    }
}

/// The password of a new account: 6 to 128 characters, not trimmed.
pub struct NewPassword;

impl Rule for NewPassword {
    type Out = String;
    fn read(form: &mut Form, name: &str, _label: &str) -> String {
        form.password(name, true)
    }
    fn schema() -> Value {
        json!({"type": "string", "minLength": 6, "maxLength": 128})
    }
}

/// A password to sign in with: any length up to 128 characters.
pub struct Password;

impl Rule for Password {
    type Out = String;
    fn read(form: &mut Form, name: &str, _label: &str) -> String {
        form.password(name, false)
    }
    fn schema() -> Value {
        json!({"type": "string", "minLength": 1, "maxLength": 128})
    }
}

/// A whole number from `MIN` to `MAX` (a JSON number or a numeric string).
pub struct Whole<const MIN: i64, const MAX: i64>;

impl<const MIN: i64, const MAX: i64> Rule for Whole<MIN, MAX> {
    type Out = i64;
    fn read(form: &mut Form, name: &str, label: &str) -> i64 {
        form.whole(name, label, MIN, MAX)
    }
    fn schema() -> Value {
        whole_schema(MIN, MAX)
    }
}

pub fn whole_schema(min: i64, max: i64) -> Value {
    json!({"type": "integer", "minimum": min, "maximum": max})
}

/// A price in currency units (a number or a numeric string), as cents: more
/// than 0, at most two decimals, at most 1,000,000.
pub struct Money;

impl Rule for Money {
    type Out = i64;
    fn read(form: &mut Form, name: &str, label: &str) -> i64 {
        form.money(name, label)
    }
    fn schema() -> Value {
        let max = MAX_PRICE_CENTS / 100;
        json!({
            "oneOf": [
                {"type": "number", "minimum": 0.01, "maximum": max, "multipleOf": 0.01},
                {
                    "type": "string",
                    "pattern": format!(
                        r"^([1-9][0-9]{{0,5}}(\.[0-9]{{1,2}})?|{max}(\.00?)?|0\.(0[1-9]|[1-9][0-9]?))$"
                    ),
                },
            ],
            "example": 34.99,
        })
    }
}

/// An amount of money that may be nothing (a part's core charge, what is
/// taken off a deposit): 0, or a price as `Money` reads it.
pub struct MoneyOrZero;

impl Rule for MoneyOrZero {
    type Out = i64;
    fn read(form: &mut Form, name: &str, label: &str) -> i64 {
        let zero = match form.value(name) {
            Some(Value::Number(n)) => n.as_f64() == Some(0.0),
            Some(Value::String(s)) => {
                let s = s.trim();
                let (units, fraction) = s.split_once('.').unwrap_or((s, "0"));
                !units.is_empty()
                    && units.chars().all(|c| c == '0')
                    && (1..=2).contains(&fraction.len())
                    && fraction.chars().all(|c| c == '0')
            }
            _ => false,
        };
        if zero {
            return 0;
        }
        form.money(name, label)
    }
    fn schema() -> Value {
        let max = MAX_PRICE_CENTS / 100;
        json!({
            "oneOf": [
                {"type": "number", "minimum": 0, "maximum": max, "multipleOf": 0.01},
                {
                    "type": "string",
                    "pattern": format!(
                        r"^(0(\.00?)?|[1-9][0-9]{{0,5}}(\.[0-9]{{1,2}})?|{max}(\.00?)?|0\.(0[1-9]|[1-9][0-9]?))$"
                    ),
                },
            ],
            "example": 45,
        })
    }
}

/// An image's address: one uploaded to the shop, or an http(s) link,
/// without quotes, `<>`, `\` or spaces.
pub struct ImageUrl;

impl Rule for ImageUrl {
    type Out = String;
    fn read(form: &mut Form, name: &str, _label: &str) -> String {
        form.image_url(name)
    }
    fn schema() -> Value {
        json!({
            "type": "string",
            "maxLength": 2000,
            "pattern": r"^(/api/image/|https?://)[!#-&(-;=?-\[\]-_a-~]*$",
            "example": "/api/image/3f2a9c.jpg",
        })
    }
}

/// A phone number: 4 to 20 digits with spaces, `+`, `-`, `(`, `)` and `.`.
const PHONE: &str = r"[ +\-().]*([0-9][ +\-().]*){4,20}";

fn phone_schema() -> Value {
    json!({"type": "string", "maxLength": 32, "pattern": format!("^{PHONE}$"), "example": "+1 555 0100"})
}

/// A required phone number.
pub struct Phone;

impl Rule for Phone {
    type Out = String;
    fn read(form: &mut Form, name: &str, _label: &str) -> String {
        form.phone(name, true).unwrap_or_default()
    }
    fn schema() -> Value {
        phone_schema()
    }
}

/// A phone number that may be left out.
pub struct OptionalPhone;

impl Rule for OptionalPhone {
    type Out = Option<String>;
    const REQUIRED: bool = false;
    fn read(form: &mut Form, name: &str, _label: &str) -> Option<String> {
        form.phone(name, false)
    }
    fn schema() -> Value {
        // Blank counts as left out, so the empty string is documented too.
        nullable(json!({
            "type": "string", "maxLength": 32, "pattern": format!("^({PHONE})?$"),
            "example": "+1 555 0100"
        }))
    }
}

/// An e-mail address that may be left out (blank counts as left out).
pub struct OptionalEmail;

impl Rule for OptionalEmail {
    type Out = Option<String>;
    const REQUIRED: bool = false;
    fn read(form: &mut Form, name: &str, label: &str) -> Option<String> {
        let email = form.optional_text(name, label, SHORT_TEXT)?;
        if parse_email(&email).is_none() {
            form.fail(name, format!("Provide a valid {label}"));
        }
        Some(email)
    }
    fn schema() -> Value {
        nullable(
            json!({"type": "string", "maxLength": SHORT_TEXT, "pattern": format!("^({EMAIL})?$")}),
        )
    }
}

/// True or false (a JSON boolean).
pub struct Flag;

impl Rule for Flag {
    type Out = bool;
    fn read(form: &mut Form, name: &str, label: &str) -> bool {
        form.flag(name, label)
    }
    fn schema() -> Value {
        json!({"type": "boolean"})
    }
}

/// The schema of a figure from 0 to `max` thousandths with at most three
/// decimals, as a number or as numeric text (read by `Form::thousandths`).
/// `max` is a power of ten times 1000 (100 or 1000 units, say), so the text
/// pattern is every figure with fewer digits, or the largest one itself.
pub fn thousandths_schema(max: i64, example: f64) -> Value {
    let units = max / 1000;
    let shorter = units.to_string().len() - 1;
    json!({
        "oneOf": [
            {"type": "number", "minimum": 0, "maximum": units, "multipleOf": 0.001},
            {
                "type": "string",
                "pattern": format!(r"^([0-9]{{1,{shorter}}}(\.[0-9]{{1,3}})?|{units}(\.0{{1,3}})?)$"),
            },
        ],
        "example": example,
    })
}

/// An object of its own fields, described by `request!`; a problem with one
/// of them is reported as `outer.inner` ("card.number").
pub struct Nested<T>(T);

impl<T: Request + ToSchema + Default> Rule for Nested<T> {
    type Out = T;
    fn read(form: &mut Form, name: &str, label: &str) -> T {
        match form.value(name) {
            Some(Value::Object(object)) => {
                let mut inner = Form::new(object);
                let read = T::read(&mut inner);
                inner.report_within(form, name);
                read
            }
            None => {
                form.fail(name, format!("{label} is Required"));
                T::default()
            }
            Some(_) => {
                let names: Vec<&str> = T::fields().iter().map(|f| f.name).collect();
                let names = match names.split_last() {
                    Some((last, [])) => (*last).to_owned(),
                    Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
                    None => String::new(),
                };
                form.fail(name, format!("{label} must be an object with {names}"));
                T::default()
            }
        }
    }
    fn schema() -> Value {
        json!({"$ref": format!("#/components/schemas/{}", T::name())})
    }
    fn schemas(out: &mut Vec<(String, RefOr<Schema>)>) {
        out.push((T::name().into_owned(), T::schema()));
        T::schemas(out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_of_a_figure_in_thousandths_stays_within_its_largest() {
        let schema = thousandths_schema(100_000, 8.25);
        assert_eq!(
            schema["oneOf"][1]["pattern"],
            r"^([0-9]{1,2}(\.[0-9]{1,3})?|100(\.0{1,3})?)$"
        );
        assert_eq!(schema["oneOf"][0]["maximum"], 100);
    }

    #[test]
    fn a_field_that_may_be_left_out_may_be_null() {
        assert_eq!(
            Sent::<Whole<1, 5>>::schema(),
            json!({"oneOf": [{"type": "null"}, {"type": "integer", "minimum": 1, "maximum": 5}]})
        );
        let price = Sent::<Money>::schema();
        assert_eq!(price["oneOf"][0], json!({"type": "null"}));
        assert_eq!(price["oneOf"].as_array().map(Vec::len), Some(3));
    }
}
