//! Vehicle identification numbers: the checks a person can act on, and
//! decoding them into year, make, model, engine and trim with NHTSA's vPIC
//! data, offline. The data is the `corgi-rs` crate's lookup tables, made
//! when the shop is built and read (memory-mapped, never written) from
//! `SHOP_VIN_DATA_DIR`; nothing is fetched at run time.
//!
//! Which VINs must carry a check digit: docs/decisions.md, D24.

use std::sync::OnceLock;

/// Characters in a VIN.
pub const VIN_LENGTH: usize = 17;

/// Why a typed VIN is not one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VinProblem {
    /// Not 17 characters: how many it has.
    Length(usize),
    /// A character that is not a letter or digit, and its position (1-17).
    Character(char, usize),
    /// I, O or Q, and its position (1-17).
    Forbidden(char, usize),
    /// A North American VIN whose position 9 is not the digit its other
    /// characters give.
    CheckDigit,
}

impl VinProblem {
    /// The problem in words a buyer can act on.
    pub fn message(&self) -> String {
        match self {
            VinProblem::Length(n) => {
                format!("A VIN has {VIN_LENGTH} characters; this one has {n}")
            }
            VinProblem::Character(c, at) => {
                format!("A VIN has only letters and digits; this one has '{c}' at position {at}")
            }
            VinProblem::Forbidden(c, at) => format!(
                "A VIN never contains I, O or Q; this one has {c} at position {at}: \
                 it may be a 1 or a 0"
            ),
            VinProblem::CheckDigit => "This VIN's check digit does not match: \
                                       check for a mistyped character"
                .to_owned(),
        }
    }
}

/// A VIN as typed, checked: surrounding whitespace is dropped and letters
/// are upper-cased. Answers the VIN as the shop keeps it.
pub fn check(typed: &str) -> Result<String, VinProblem> {
    let vin = typed.trim().to_ascii_uppercase();
    let count = vin.chars().count();
    if count != VIN_LENGTH {
        return Err(VinProblem::Length(count));
    }
    for (i, c) in vin.chars().enumerate() {
        if !c.is_ascii_alphanumeric() {
            return Err(VinProblem::Character(c, i + 1));
        }
        if matches!(c, 'I' | 'O' | 'Q') {
            return Err(VinProblem::Forbidden(c, i + 1));
        }
    }
    if uses_check_digit(&vin) && vin.as_bytes()[8] != check_digit(&vin) as u8 {
        return Err(VinProblem::CheckDigit);
    }
    Ok(vin)
}

/// Whether the VIN must carry a check digit in position 9: those made for
/// North America (first character 1 to 5) must; elsewhere makers may put
/// anything there (D24).
pub fn uses_check_digit(vin: &str) -> bool {
    matches!(vin.as_bytes().first(), Some(b'1'..=b'5'))
}

/// The check digit of a VIN of 17 letters and digits (without I, O, Q):
/// each character's value times its position's weight, summed, modulo 11,
/// with 10 written `X` (49 CFR 565.15).
pub fn check_digit(vin: &str) -> char {
    const WEIGHTS: [u32; VIN_LENGTH] = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
    let sum: u32 = vin
        .chars()
        .zip(WEIGHTS)
        .map(|(c, weight)| value(c) * weight)
        .sum();
    match sum % 11 {
        10 => 'X',
        n => char::from_digit(n, 10).unwrap_or('0'),
    }
}

/// A character's value in the check-digit sum.
fn value(c: char) -> u32 {
    match c {
        '0'..='9' => c.to_digit(10).unwrap_or(0),
        'A' | 'J' => 1,
        'B' | 'K' | 'S' => 2,
        'C' | 'L' | 'T' => 3,
        'D' | 'M' | 'U' => 4,
        'E' | 'N' | 'V' => 5,
        'F' | 'W' => 6,
        'G' | 'P' | 'X' => 7,
        'H' | 'Y' => 8,
        'R' | 'Z' => 9,
        _ => 0,
    }
}

/// What the vehicle data says about a VIN.
#[derive(Debug, Clone, PartialEq)]
pub struct Decoded {
    pub year: i64,
    pub make: String,
    pub model: String,
    pub series: Option<String>,
    pub trim: Option<String>,
    /// As the shop writes engines (see `engine_name`).
    pub engine: Option<String>,
    pub engine_code: Option<String>,
    pub displacement_l: Option<f64>,
    pub cylinders: Option<i64>,
    pub fuel: Option<String>,
    pub body: Option<String>,
    pub drive: Option<String>,
    pub transmission: Option<String>,
}

/// Why a checked VIN was not decoded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotDecoded {
    /// The data does not know the vehicle: a message for the buyer.
    Unknown(String),
    /// The shop has no vehicle data to read (a message for the log).
    Unavailable(String),
}

/// The decoder, opened once per process on first use (its tables are
/// memory-mapped, so this costs a few page faults, not their 57 MB).
fn decoder() -> Result<&'static corgi_rs::VinDecoder, NotDecoded> {
    static DECODER: OnceLock<Result<corgi_rs::VinDecoder, String>> = OnceLock::new();
    DECODER
        .get_or_init(|| corgi_rs::VinDecoder::try_new().map_err(|e| e.to_string()))
        .as_ref()
        .map_err(|e| NotDecoded::Unavailable(e.clone()))
}

/// Logs a warning at start when `dir` holds no decoder tables: VIN lookups
/// then answer 503 until the shop is pointed at them.
pub fn warn_if_missing(dir: &std::path::Path) {
    if !dir.join("wmi.fst").is_file() {
        tracing::warn!(folder = %dir.display(),
            "no VIN decoder tables in {}: VIN lookups will not work (set SHOP_VIN_DATA_DIR)", dir.display());
    }
}

/// Decodes a VIN that passed `check`.
pub fn decode(vin: &str) -> Result<Decoded, NotDecoded> {
    let decoder = decoder()?;
    let info = decoder.decode(vin).map_err(|e| {
        use corgi_rs::decoder::VinDecoderError;
        let corgi_rs::CorgiError::VinDecoder(_, error) = e;
        NotDecoded::Unknown(match error {
            VinDecoderError::UnreadableWmi { .. } => format!(
                "The vehicle data does not know the maker of this VIN ({}): \
                 choose the vehicle by year, make and model instead",
                &vin[..3]
            ),
            VinDecoderError::UnreadableModelYear { .. } => {
                "The model year of this VIN cannot be read: \
                 choose the vehicle by year, make and model instead"
                    .to_owned()
            }
            _ => "This VIN cannot be decoded: choose the vehicle by year, make and model instead"
                .to_owned(),
        })
    })?;
    let model = some_text(info.model).ok_or_else(|| {
        NotDecoded::Unknown(format!(
            "The vehicle data knows this VIN is a {} but not which model: \
             choose the vehicle by year, make and model instead",
            info.make
        ))
    })?;
    if info.make.trim().is_empty() {
        return Err(NotDecoded::Unknown(
            "The vehicle data does not know the make of this VIN: \
             choose the vehicle by year, make and model instead"
                .to_owned(),
        ));
    }
    let displacement_l = info
        .displacement_l
        .filter(|d| *d > 0.0)
        .map(|d| (d * 10.0).round() / 10.0);
    let cylinders = info.engine_cylinders.filter(|n| *n > 0).map(i64::from);
    let engine = engine_name(
        displacement_l,
        cylinders,
        info.engine_configuration.as_deref(),
    );
    Ok(Decoded {
        year: i64::from(info.year),
        make: info.make,
        model,
        series: some_text(info.series),
        trim: some_text(info.trim),
        engine,
        engine_code: some_text(info.engine_type),
        displacement_l,
        cylinders,
        fuel: some_text(info.fuel_type),
        body: some_text(info.body_class),
        drive: some_text(info.drive_type),
        transmission: some_text(info.transmission),
    })
}

fn some_text(text: Option<String>) -> Option<String> {
    text.map(|t| t.trim().to_owned()).filter(|t| !t.is_empty())
}

/// An engine as the shop writes it, in fitments and decoded VINs alike:
/// the displacement in litres with one decimal, then the layout's letter
/// and the cylinders (`1.8L L4`, `3.5L V6`, `2.5L H4`), or the cylinders
/// alone when the layout is not known (`2.0L 4-cyl`). None without a
/// displacement (an electric motor, or data that does not say).
pub fn engine_name(
    displacement_l: Option<f64>,
    cylinders: Option<i64>,
    configuration: Option<&str>,
) -> Option<String> {
    let litres = displacement_l?;
    let Some(cylinders) = cylinders else {
        return Some(format!("{litres:.1}L"));
    };
    let layout = configuration.map(str::to_ascii_lowercase).and_then(|c| {
        if c.starts_with("in-line") || c.starts_with("inline") {
            Some('L')
        } else if c.starts_with('v') {
            Some('V')
        } else if c.starts_with("horizontally") || c.contains("boxer") {
            Some('H')
        } else if c.starts_with('w') {
            Some('W')
        } else {
            None
        }
    });
    Some(match layout {
        Some(layout) => format!("{litres:.1}L {layout}{cylinders}"),
        None => format!("{litres:.1}L {cylinders}-cyl"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_digits_of_real_vins() {
        for vin in [
            "1HGCM82633A004352",
            "2T1BURHE0EC123456",
            "4T1BF1FK0CU123456",
            "1FTFW1EF0EKE12345",
            "1FADP3F25EL123456",
            "3VW217AU5FM123456",
            "19XFB2F59DE123456",
            "5YJ3E1EA0KF000316",
        ] {
            assert_eq!(check_digit(vin), vin.as_bytes()[8] as char, "{vin}");
            assert_eq!(check(vin).as_deref(), Ok(vin));
        }
        // A remainder of 10 is written X.
        assert_eq!(check_digit("1M8GDM9AXKP042788"), 'X');
    }

    #[test]
    fn a_typed_vin_is_trimmed_and_upper_cased() {
        assert_eq!(
            check("  2t1burhe0ec123456 ").as_deref(),
            Ok("2T1BURHE0EC123456")
        );
    }

    #[test]
    fn problems_are_told_in_words() {
        assert_eq!(
            check("2T1BURHE0EC12345").unwrap_err().message(),
            "A VIN has 17 characters; this one has 16"
        );
        assert_eq!(check(""), Err(VinProblem::Length(0)));
        assert_eq!(
            check("2T1BURHE0EC1234-6"),
            Err(VinProblem::Character('-', 16))
        );
        assert_eq!(
            check("2T1BURHE0EC12345É"),
            Err(VinProblem::Character('É', 17))
        );
        let forbidden = check("2T1BURHE0EC12345O").unwrap_err();
        assert_eq!(forbidden, VinProblem::Forbidden('O', 17));
        assert!(forbidden
            .message()
            .starts_with("A VIN never contains I, O or Q"));
        // One character mistyped: the check digit catches it.
        assert_eq!(check("2T1BURHE0EC123457"), Err(VinProblem::CheckDigit));
        assert_eq!(
            VinProblem::CheckDigit.message(),
            "This VIN's check digit does not match: check for a mistyped character"
        );
    }

    #[test]
    fn only_north_american_vins_must_carry_a_check_digit() {
        // A German VIN with a 5 where the sum gives another digit is still a VIN.
        let german = "WVWDB7AJ5DW123456";
        assert_ne!(check_digit(german), '5');
        assert_eq!(check(german).as_deref(), Ok(german));
        for first in ['1', '2', '3', '4', '5'] {
            assert!(uses_check_digit(&format!("{first}T1BURHE0EC123456")));
        }
        for first in ['J', 'K', 'S', 'W', 'Z', '6', '9'] {
            assert!(!uses_check_digit(&format!("{first}T1BURHE0EC123456")));
        }
    }

    #[test]
    fn engines_are_written_one_way() {
        assert_eq!(
            engine_name(Some(1.8), Some(4), Some("In-Line")).as_deref(),
            Some("1.8L L4")
        );
        assert_eq!(
            engine_name(Some(3.5), Some(6), Some("V-Shaped")).as_deref(),
            Some("3.5L V6")
        );
        assert_eq!(
            engine_name(Some(2.5), Some(4), Some("Horizontally opposed (boxer)")).as_deref(),
            Some("2.5L H4")
        );
        assert_eq!(
            engine_name(Some(2.0), Some(4), None).as_deref(),
            Some("2.0L 4-cyl")
        );
        assert_eq!(engine_name(Some(5.0), None, None).as_deref(), Some("5.0L"));
        assert_eq!(engine_name(None, Some(4), Some("In-Line")), None);
    }

    /// Real-world VINs of the demo catalogue's vehicles, decoded with the
    /// tables built with the shop.
    #[test]
    fn real_vins_decode_to_their_vehicles() {
        let cases = [
            (
                "2T1BURHE0EC123456",
                2014,
                "Toyota",
                "Corolla",
                Some("1.8L L4"),
            ),
            (
                "4T1BF1FK0CU123456",
                2012,
                "Toyota",
                "Camry",
                Some("2.5L L4"),
            ),
            ("19XFB2F59DE123456", 2013, "Honda", "Civic", Some("1.8L L4")),
            ("1FTFW1EF0EKE12345", 2014, "Ford", "F-150", Some("5.0L V8")),
            ("1FTFW1ET9DFA12345", 2013, "Ford", "F-150", Some("3.5L V6")),
            ("1FADP3F25EL123456", 2014, "Ford", "Focus", Some("2.0L L4")),
            (
                "3VW217AU5FM123456",
                2015,
                "Volkswagen",
                "Golf",
                Some("1.8L 4-cyl"),
            ),
            ("WBA3A5C56EP123456", 2014, "BMW", "328i", Some("2.0L 4-cyl")),
            (
                "1HGCM82633A004352",
                2003,
                "Honda",
                "Accord",
                Some("3.0L V6"),
            ),
        ];
        for (vin, year, make, model, engine) in cases {
            let decoded = decode(vin).unwrap_or_else(|e| panic!("{vin}: {e:?}"));
            assert_eq!(
                (decoded.year, decoded.make.as_str(), decoded.model.as_str()),
                (year, make, model),
                "{vin}"
            );
            assert_eq!(decoded.engine.as_deref(), engine, "{vin}");
        }
        let bmw = decode("WBA3A5C56EP123456").unwrap();
        assert_eq!(bmw.series.as_deref(), Some("3-Series"));
        let corolla = decode("2T1BURHE0EC123456").unwrap();
        assert_eq!(corolla.engine_code.as_deref(), Some("2ZR-FE"));
        assert_eq!(corolla.trim.as_deref(), Some("L/LE"));
    }

    #[test]
    fn a_maker_the_data_does_not_know_is_not_decoded() {
        // A well-formed VIN of an unassigned maker code.
        let vin = "9ZZ11111111111111";
        assert!(check(vin).is_ok());
        assert!(matches!(decode(vin), Err(NotDecoded::Unknown(_))));
    }
}
