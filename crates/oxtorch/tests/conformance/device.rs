//! `device.json`: `torch.device(*args)` for strings, `(type, index)` pairs and legacy integer ordinals (repr, str,
//! type, index, or the error), and the equality table.

use crate::support::{expect_eq, expect_error, Report};
use oxtorch::{Device, Result};
use serde_json::Value;

/// Builds the device the way `torch.device(*args)` does for the argument shapes the data holds.
fn construct(args: &[Value]) -> std::result::Result<Result<Device>, String> {
    match args {
        [Value::String(s)] => Ok(Device::parse(s)),
        [Value::String(s), Value::Null] => Ok(Device::with_index(s, None)),
        [Value::String(s), Value::Number(n)] => match n.as_i64() {
            Some(i) => Ok(Device::with_index(s, Some(i))),
            None => Err(format!("index {n} is not an integer")),
        },
        [Value::Number(n)] => match n.as_i64() {
            Some(i) => Ok(Device::from_ordinal(i)),
            None => Err(format!("ordinal {n} is not an integer")),
        },
        _ => Err(format!("unsupported argument shape {args:?}")),
    }
}

/// Checks one case against its recorded result or error.
fn check_case(case: &Value) -> std::result::Result<(), String> {
    let args = case["args"].as_array().ok_or("case has no args list")?;
    let got = construct(args)?;
    match (got, case.get("result")) {
        (Ok(d), Some(want)) => {
            expect_eq("repr", d.repr(), want["repr"].as_str().unwrap_or_default().to_string())?;
            expect_eq("str", d.to_string(), want["str"].as_str().unwrap_or_default().to_string())?;
            expect_eq("type", d.type_name(), want["type"].as_str().unwrap_or_default())?;
            expect_eq("index", d.index().map(i64::from), want["index"].as_i64())
        }
        (Ok(d), None) => Err(format!(
            "expected {} ({}), got {}",
            case["error"].as_str().unwrap_or_default(),
            case["message"].as_str().unwrap_or_default(),
            d.repr()
        )),
        (Err(e), Some(_)) => Err(format!("unexpected error {}: {}", e.kind_name(), e.message())),
        (Err(e), None) => expect_error(&e, case),
    }
}

/// Checks one `[lhs, rhs, equal]` row of the equality table.
fn check_equality(row: &Value) -> std::result::Result<(), String> {
    let (lhs, rhs, want) = match row.as_array().map(Vec::as_slice) {
        Some([Value::String(l), Value::String(r), Value::Bool(eq)]) => (l, r, *eq),
        _ => return Err("malformed equality row".to_string()),
    };
    let l = Device::parse(lhs).map_err(|e| format!("{lhs}: {e}"))?;
    let r = Device::parse(rhs).map_err(|e| format!("{rhs}: {e}"))?;
    expect_eq("==", l == r, want)?;
    expect_eq("!=", l != r, !want)
}

/// Runs every case and every equality row of `device.json`.
pub fn run(data: &Value, report: &mut Report) {
    for case in data["cases"].as_array().into_iter().flatten() {
        report.check(format!("torch.device{}", case["args"]), check_case(case));
    }
    for row in data["equality"].as_array().into_iter().flatten() {
        report.check(format!("equality {row}"), check_equality(row));
    }
}
