//! ternary.json (`where`, `clamp`, `clip`, `clamp_min`, `clamp_max`): every call form (function, method, in place,
//! `out=`) on every dtype, Python numbers and zero-dim tensors among the operands, special values, layouts, meta
//! tensors and sparse operands, compared as compare.json's cases are (`compare::check`). Cases that only Python's
//! argument parser decides (a keyword PyTorch refuses, an int beyond 64 bits, a `TypeError` of the parser) and the
//! `errors` section (Python expressions) are the Python runner's.

use crate::compare::{any_tensor, check, describe};
use crate::support::{dtype, scalar, Report};
use oxtorch::dispatch::{self, AnyOperand, AnyOutput, AnyTensor};
use oxtorch::{DType, Scalar};
use serde_json::Value;

/// An argument of a case: a tensor of any layout, a number, or None.
fn argument(v: &Value) -> Option<AnyOperand> {
    match v["kind"].as_str().unwrap_or_default() {
        "none" => None,
        "tensor" | "zerodim" | "sparse" => Some(AnyOperand::Tensor(any_tensor(v))),
        _ => Some(AnyOperand::Scalar(match (v["type"].as_str().unwrap_or_default(), scalar(&v["value"])) {
            ("float", s) => Scalar::Float(s.to_f64()),
            (_, s) => s,
        })),
    }
}

/// Whether only Python can run the case: an int beyond 64 bits, or an error of Python's argument parser.
fn python_only(case: &Value) -> bool {
    let big = |v: &Value| {
        let value = &v["value"];
        value.is_number() && value.as_i64().is_none() && value.as_u64().is_none()
    };
    let arguments = case["args"]
        .as_array()
        .into_iter()
        .flatten()
        .chain(case["kwargs"].as_object().into_iter().flat_map(|m| m.values()));
    let parser_error = matches!(case["error"].as_str(), Some("TypeError" | "OverflowError"));
    arguments.clone().any(big) || parser_error
}

/// The parameters of a call form, in order (the method's `self` first).
fn parameters(op: &str, form: &str) -> &'static [&'static str] {
    match (op.trim_end_matches('_'), form) {
        ("where", "method") => &["input", "condition", "other"],
        ("where", _) => &["condition", "input", "other"],
        ("clamp_min", _) => &["input", "min"],
        ("clamp_max", _) => &["input", "max"],
        _ => &["input", "min", "max"],
    }
}

/// Runs one case through the dispatch, as its form calls it.
fn run_case(case: &Value) -> oxtorch::Result<AnyTensor> {
    let op = case["op"].as_str().unwrap_or_default();
    let form = case["form"].as_str().unwrap_or_default();
    let names = parameters(op, form);
    let mut values: Vec<Option<AnyOperand>> = vec![None; names.len()];
    for (k, v) in case["args"].as_array().into_iter().flatten().enumerate() {
        values[k] = argument(v);
    }
    for (name, v) in case["kwargs"].as_object().into_iter().flatten() {
        let k = names.iter().position(|n| n == name).unwrap_or_else(|| panic!("unknown keyword {name}"));
        values[k] = argument(v);
    }
    let mut out_slot = (form == "out").then(|| any_tensor(&case["out"]));
    let output = match (&mut out_slot, form) {
        (Some(slot), _) => AnyOutput::Out(slot),
        (None, "inplace") => AnyOutput::InPlace,
        _ => AnyOutput::New,
    };
    let mut values = values.into_iter();
    let first = values.next().flatten();
    let tensor = |o: Option<AnyOperand>| match o {
        Some(AnyOperand::Tensor(t)) => t,
        other => panic!("expected a tensor, got {other:?}"),
    };
    let result = match op.trim_end_matches('_') {
        "where" => {
            let (second, third) = (values.next().flatten(), values.next().flatten());
            let missing = || oxtorch::Error::Runtime("missing argument".into());
            if form == "method" {
                let condition = tensor(second);
                dispatch::where_(&condition, first.ok_or_else(missing)?, third.ok_or_else(missing)?, output)
            } else {
                dispatch::where_(&tensor(first), second.ok_or_else(missing)?, third.ok_or_else(missing)?, output)
            }
        }
        name => {
            let input = tensor(first);
            let (min, max) = match name {
                "clamp_max" => (None, values.next().flatten()),
                _ => (values.next().flatten(), values.next().flatten()),
            };
            dispatch::clamp(name, &input, min, max, output)
        }
    }?;
    Ok(match (out_slot, form) {
        (Some(slot), _) => slot,
        _ => result,
    })
}

/// Every section but `errors`.
pub fn run(data: &Value, report: &mut Report) {
    for section in ["values", "special", "out", "layout", "meta", "sparse"] {
        for case in data[section].as_array().into_iter().flatten().filter(|c| !python_only(c)) {
            let default = if case["default_dtype"].is_null() { DType::Float32 } else { dtype(&case["default_dtype"]) };
            oxtorch::set_default_dtype(default).expect("floating default dtype");
            let outcome = run_case(case).and_then(|t| match t {
                AnyTensor::SparseCoo(s) => s.to_dense(),
                other => other.into_strided(),
            });
            report.check(describe(section, case), check(case, outcome));
        }
    }
    oxtorch::set_default_dtype(DType::Float32).expect("float32");
}
