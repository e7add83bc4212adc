//! pointwise.json (`addcmul`, `addcdiv`, `lerp`): every call form (function, method, in place, `out=`) on every
//! dtype, zero-dim tensors among the operands, special values, loop lengths around the vector width, layouts,
//! meta tensors and sparse operands, compared as compare.json's cases are (`compare::check`). Cases that only
//! Python's argument parser decides (a Python number where a tensor goes, a zero-dim tensor given as `value`, an
//! int beyond 64 bits, a `TypeError` of the parser) and the `errors` section (Python expressions) are the Python
//! runner's: 197 of the 4,889 cases.

use crate::compare::{any_tensor, check, describe};
use crate::support::{dtype, scalar, Report};
use oxtorch::dispatch::{self, AnyOperand, AnyOutput, AnyTensor};
use oxtorch::{DType, Scalar};
use serde_json::Value;

/// An argument of a case: a tensor of any layout or a number.
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

/// The parameters of a call form, in order (the method's `self` first).
fn parameters(op: &str) -> &'static [&'static str] {
    match op.trim_end_matches('_') {
        "lerp" => &["input", "end", "weight"],
        _ => &["input", "tensor1", "tensor2"],
    }
}

/// Whether only Python can run the case: an int beyond 64 bits, a number where a tensor goes, or an error of
/// Python's argument parser.
fn python_only(case: &Value) -> bool {
    let op = case["op"].as_str().unwrap_or_default();
    let names = parameters(op);
    let big = |v: &Value| {
        let value = &v["value"];
        value.is_number() && value.as_i64().is_none() && value.as_u64().is_none()
    };
    let is_number = |v: &Value| !matches!(v["kind"].as_str(), Some("tensor" | "zerodim" | "sparse"));
    let mut arguments: Vec<(&str, &Value)> = Vec::new();
    for (k, v) in case["args"].as_array().into_iter().flatten().enumerate() {
        arguments.push((names.get(k).copied().unwrap_or("?"), v));
    }
    for (name, v) in case["kwargs"].as_object().into_iter().flatten() {
        arguments.push((name.as_str(), v));
    }
    let misplaced_number = arguments.iter().any(|(name, v)| !matches!(*name, "weight" | "value") && is_number(v));
    let tensor_value = arguments.iter().any(|(name, v)| *name == "value" && !is_number(v));
    let parser_error = matches!(case["error"].as_str(), Some("TypeError" | "OverflowError"));
    arguments.iter().any(|(_, v)| big(v)) || misplaced_number || tensor_value || parser_error
}

/// Runs one case through the dispatch, as its form calls it.
fn run_case(case: &Value) -> oxtorch::Result<AnyTensor> {
    let op = case["op"].as_str().unwrap_or_default();
    let form = case["form"].as_str().unwrap_or_default();
    let names = parameters(op);
    let mut values: Vec<Option<AnyOperand>> = vec![None; names.len()];
    let mut value = Scalar::Int(1);
    for (k, v) in case["args"].as_array().into_iter().flatten().enumerate() {
        values[k] = argument(v);
    }
    for (name, v) in case["kwargs"].as_object().into_iter().flatten() {
        if name == "value" {
            if let Some(AnyOperand::Scalar(s)) = argument(v) {
                value = s;
            }
            continue;
        }
        let k = names.iter().position(|n| n == name).unwrap_or_else(|| panic!("unknown keyword {name}"));
        values[k] = argument(v);
    }
    let mut out_slot = (form == "out").then(|| any_tensor(&case["out"]));
    let output = match (&mut out_slot, form) {
        (Some(slot), _) => AnyOutput::Out(slot),
        (None, "inplace") => AnyOutput::InPlace,
        _ => AnyOutput::New,
    };
    let tensor = |o: &Option<AnyOperand>| match o {
        Some(AnyOperand::Tensor(t)) => t.clone(),
        other => panic!("expected a tensor, got {other:?}"),
    };
    let result = match op.trim_end_matches('_') {
        "lerp" => {
            let weight = values[2].clone().ok_or_else(|| oxtorch::Error::Runtime("missing weight".into()))?;
            dispatch::lerp(&tensor(&values[0]), &tensor(&values[1]), weight, output)
        }
        name => {
            let divide = name == "addcdiv";
            dispatch::add_product(divide, &tensor(&values[0]), &tensor(&values[1]), &tensor(&values[2]), value, output)
        }
    }?;
    Ok(match (out_slot, form) {
        (Some(slot), _) => slot,
        _ => result,
    })
}

/// Every section but `errors`.
pub fn run(data: &Value, report: &mut Report) {
    for section in ["values", "special", "long", "out", "layout", "meta", "sparse"] {
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
