//! The call-case files of the unary operations with parameters and of the complex family, run through the Rust
//! API: unary_params.json (`nan_to_num`, `round(decimals=)`, `torch.special.round`), isclose.json (`isclose`,
//! `allclose`) and complex.json (`angle`, `view_as_real`, `view_as_complex`, `real`, `imag`, `conj`,
//! `conj_physical`). Each case is one call of a form (function, method, in place, `out=`) as `call_replay.py`
//! describes; results compare as compare.json's do (sparse ones as sparse.json's), complex `angle` within one
//! unit in the last place of the larger part (it is `atan2`, a transcendental function).
//!
//! The Python runner's alone: the expression sections; errors of Python's argument parser (`TypeError`,
//! `OverflowError`, `ValueError`) and cases with a Python number where a tensor goes; and the cases
//! `complex_gaps.txt` lists, which this runner counts as known gaps when they fail. The expressions hold the
//! conjugate and negative bits' cases; `is_conj`, `is_neg`, `resolve_conj` and `resolve_neg` calls run here too.

use crate::compare::{any_tensor, check, describe};
use crate::sparse::check_outcome;
use crate::support::{dtype, expect_eq, scalar, Report};
use oxtorch::dispatch::{self, AnyOutput, AnyTensor};
use oxtorch::op::{UnaryOp, UnaryParameters};
use oxtorch::DType;
use serde_json::Value;

/// What a call gives: a tensor of any kind, or a Python bool (`allclose`).
enum Outcome {
    Tensor(AnyTensor),
    Bool(bool),
}

/// The argument of parameter `name` (at position `position` of the call's arguments, the input or `self` at 0), if
/// given and not None.
fn argument<'a>(case: &'a Value, name: &str, position: usize) -> Option<&'a Value> {
    case["kwargs"].get(name).or_else(|| case["args"].get(position)).filter(|v| v["kind"] != "none")
}

/// A tensor argument.
fn tensor_argument(case: &Value, name: &str, position: usize) -> AnyTensor {
    any_tensor(argument(case, name, position).unwrap_or_else(|| panic!("{name} missing in {case}")))
}

/// A number argument, as f64.
fn number(case: &Value, name: &str, position: usize) -> Option<f64> {
    argument(case, name, position).map(|v| scalar(&v["value"]).to_f64())
}

/// Whether only Python runs the case (see the module documentation).
fn python_only(case: &Value) -> bool {
    let op = case["op"].as_str().unwrap_or_default();
    let parser_error = matches!(case["error"].as_str(), Some("TypeError" | "OverflowError" | "ValueError"));
    let number_input = case["args"].get(0).is_some_and(|v| v["kind"] == "scalar");
    let number_other = op.contains("close") && case["args"].get(1).is_some_and(|v| v["kind"] == "scalar");
    let big = |v: &Value| {
        let value = &v["value"];
        value.is_number() && value.as_i64().is_none() && value.as_u64().is_none()
    };
    let any_big = case["args"]
        .as_array()
        .into_iter()
        .flatten()
        .chain(case["kwargs"].as_object().into_iter().flat_map(|m| m.values()))
        .any(big);
    parser_error || number_input || number_other || any_big
}

/// The parameters of a `round` or `nan_to_num` call.
fn parameters(case: &Value, op: &str) -> UnaryParameters {
    match op {
        "nan_to_num" => UnaryParameters::Replacements {
            nan: number(case, "nan", 1),
            posinf: number(case, "posinf", 2),
            neginf: number(case, "neginf", 3),
        },
        "special.round" => UnaryParameters::Decimals(number(case, "decimals", 9).map_or(0, |d| d as i64)),
        _ => match argument(case, "decimals", 9) {
            Some(v) => UnaryParameters::Decimals(scalar(&v["value"]).to_i64()),
            None => UnaryParameters::Default,
        },
    }
}

/// Runs one case through the Rust API, as its form calls it.
fn run_case(case: &Value) -> oxtorch::Result<Outcome> {
    let op = case["op"].as_str().unwrap_or_default();
    let form = case["form"].as_str().unwrap_or_default();
    let name = op.trim_end_matches('_');
    let input = tensor_argument(case, "input", 0);
    let mut out_slot = (form == "out").then(|| any_tensor(&case["out"]));
    let output = match (&mut out_slot, form) {
        (Some(slot), _) => AnyOutput::Out(slot),
        (None, "inplace") => AnyOutput::InPlace,
        _ => AnyOutput::New,
    };
    let unary_op = match name {
        "nan_to_num" => Some(UnaryOp::NanToNum),
        "round" | "special.round" => Some(UnaryOp::Round),
        "angle" => Some(UnaryOp::Angle),
        "conj_physical" => Some(UnaryOp::ConjPhysical),
        _ => None,
    };
    let result = match (unary_op, name) {
        (Some(u), _) => dispatch::unary_with(u, parameters(case, name), &input, output)?,
        (None, "isclose" | "allclose") => {
            let other = tensor_argument(case, "other", 1);
            let rtol = number(case, "rtol", 2).unwrap_or(1e-05);
            let atol = number(case, "atol", 3).unwrap_or(1e-08);
            let equal_nan = argument(case, "equal_nan", 4).is_some_and(|v| scalar(&v["value"]).to_bool());
            if name == "allclose" {
                return dispatch::allclose(&input, &other, rtol, atol, equal_nan).map(Outcome::Bool);
            }
            dispatch::isclose(&input, &other, rtol, atol, equal_nan)?
        }
        (None, "conj") => dispatch::conj(&input)?,
        (None, "is_conj") => return Ok(Outcome::Bool(input.is_conj())),
        (None, "is_neg") => return Ok(Outcome::Bool(input.is_neg())),
        (None, "resolve_conj") => input.resolve_conj()?,
        (None, "resolve_neg") => input.resolve_neg()?,
        (None, "view_as_real") => dispatch::view_as_real(&input)?,
        (None, "view_as_complex") => dispatch::view_as_complex(&input)?,
        (None, "real") => dispatch::real(&input)?,
        (None, "imag") => dispatch::imag(&input)?,
        _ => return Err(oxtorch::Error::Runtime(format!("the Rust runner has no call for {op}"))),
    };
    Ok(Outcome::Tensor(match (out_slot, form) {
        (Some(slot), _) => slot,
        (None, "inplace") => input,
        _ => result,
    }))
}

/// Within one unit in the last place of the larger of the two values' magnitudes in `dtype`'s precision.
fn within_one_ulp(got: f64, want: f64, dtype: DType) -> bool {
    let bits = if dtype == DType::Float64 { 52 } else { 23 };
    let scale = got.abs().max(want.abs()).max(f64::MIN_POSITIVE);
    crate::support::same_float(got, want) || (got - want).abs() <= 2f64.powi(scale.log2().floor() as i32 - bits)
}

/// Judges an outcome: complex `angle` within one ulp, sparse results as sparse.json's, the rest exactly.
fn judge(case: &Value, outcome: oxtorch::Result<Outcome>) -> Result<(), String> {
    let op = case["op"].as_str().unwrap_or_default();
    let input_complex = case["args"].get(0).and_then(|v| v["dtype"].as_str()).is_some_and(|d| d.starts_with("complex"));
    match outcome {
        Ok(Outcome::Bool(b)) => match case["result"]["value"].as_bool() {
            Some(want) => expect_eq(op, b, want),
            None => Err(format!("got {b}, want {}", case["result"])),
        },
        Ok(Outcome::Tensor(t @ AnyTensor::SparseCoo(_))) => check_outcome(Ok(t), case, 0.0).0,
        Err(e) if case["result"]["kind"] == "sparse" => check_outcome(Err(e), case, 0.0).0,
        Ok(Outcome::Tensor(t)) if op == "angle" && input_complex && case.get("result").is_some() => {
            let t = t.into_strided().map_err(|e| e.to_string())?;
            let want = &case["result"];
            expect_eq("dtype", t.dtype(), dtype(&want["dtype"]))?;
            if t.is_meta() {
                return Ok(());
            }
            let precision = dtype(&case["args"][0]["dtype"]).to_real();
            let got = t.to_scalars().map_err(|e| e.to_string())?;
            for (i, (g, w)) in got.iter().zip(want["values"].as_array().into_iter().flatten()).enumerate() {
                let (g, w) = (g.to_complex(), scalar(w).to_complex());
                if !within_one_ulp(g.re, w.re, precision) || !within_one_ulp(g.im, w.im, precision) {
                    return Err(format!("value {i}: got {g}, want {w}"));
                }
            }
            Ok(())
        }
        Ok(Outcome::Tensor(t)) => check(case, t.into_strided()),
        Err(e) => check(case, Err(e)),
    }
}

/// Every section of `data` but its expression sections, skipping the Python runner's cases.
fn run_sections(
    data: &Value,
    report: &mut Report,
    sections: &[&str],
    gaps: &std::collections::HashSet<String>,
) -> usize {
    let (mut index, mut known) = (0, 0);
    for &section in sections {
        for case in data[section].as_array().into_iter().flatten() {
            let id = format!(
                "{section}{index}-{}-{}",
                case["op"].as_str().unwrap_or_default(),
                case["form"].as_str().unwrap_or("expr")
            );
            index += 1;
            if case.get("expr").is_some() || python_only(case) {
                continue;
            }
            let default = if case["default_dtype"].is_null() { DType::Float32 } else { dtype(&case["default_dtype"]) };
            oxtorch::set_default_dtype(default).expect("floating default dtype");
            let outcome = judge(case, run_case(case));
            if outcome.is_err() && gaps.contains(&id) {
                known += 1;
                continue;
            }
            report.check(describe(section, case), outcome);
        }
    }
    oxtorch::set_default_dtype(DType::Float32).expect("float32");
    known
}

/// The ids a gaps file beside the Python tests lists.
fn gaps(file: &str) -> std::collections::HashSet<String> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../oxtorch-py/python/tests").join(file);
    std::fs::read_to_string(path).unwrap_or_default().lines().map(str::to_string).collect()
}

/// unary_params.json.
pub fn run_unary_params(data: &Value, report: &mut Report) {
    let sections = ["values", "special.round", "layout", "meta", "sparse", "errors"];
    run_sections(data, report, &sections, &Default::default());
}

/// isclose.json.
pub fn run_isclose(data: &Value, report: &mut Report) {
    let sections = ["values", "special", "layout", "meta", "sparse", "errors"];
    run_sections(data, report, &sections, &Default::default());
}

/// complex.json.
pub fn run_complex(data: &Value, report: &mut Report) {
    let sections = ["angle", "views", "expressions", "meta", "sparse", "errors"];
    let known = run_sections(data, report, &sections, &gaps("complex_gaps.txt"));
    println!("  complex.json: {known} cases of complex_gaps.txt still fail (sparse views, sums)");
}
