//! promotion.json and inplace.json: `add/sub/mul/div` between every pair of operand kinds, in place and with
//! `out=`, compared by the conformance README's rules, with its deviation 1 (complex32 -> complex64).

use crate::support::{dtype, expect_eq, expect_error, same_float, scalar, tensor_of, Report};

use oxtorch::tensor::ops::{binary_out, BinaryOp, RoundingMode};
use oxtorch::Operand;
use oxtorch::{DType, Scalar, Tensor};
use serde_json::Value;

/// An operand as the data encodes it: a 1-D tensor, a zero-dim tensor, or a Python number.
fn operand(v: &Value) -> Operand {
    match v["kind"].as_str().unwrap_or_default() {
        "tensor" => Operand::Tensor(tensor_of(dtype(&v["dtype"]), &v["values"])),
        "zerodim" => {
            Operand::Tensor(oxtorch::tensor(scalar(&v["value"]), dtype(&v["dtype"])).expect("zero-dim operand"))
        }
        _ => Operand::Scalar(match (v["type"].as_str().unwrap_or_default(), scalar(&v["value"])) {
            ("bool", s) | ("int", s) | ("complex", s) => s,
            ("float", s) => Scalar::Float(s.to_f64()),
            (t, _) => panic!("unknown scalar type {t}"),
        }),
    }
}

fn op_of(name: &str, rounding: &Value) -> BinaryOp {
    match name.trim_end_matches('_') {
        "add" => BinaryOp::ADD,
        "sub" => BinaryOp::SUB,
        "mul" => BinaryOp::Mul,
        "div" => {
            BinaryOp::Div { rounding_mode: rounding.as_str().map(|m| RoundingMode::parse(m).expect("rounding mode")) }
        }
        other => panic!("unknown op {other}"),
    }
}

/// A reference message that names the reference's complex32 types: deviation 1 applies.
fn names_complex32(message: &str) -> bool {
    message.contains("ComplexHalf") || message.contains("BComplex32")
}

/// Compares values: real dtypes bit for bit; complex add/sub bit for bit, mul/div within 2 ulp of the
/// component precision (relative to the larger component), complex32 references at float16 precision.
fn compare(got: &Tensor, want: &Value, op: &str, complex32: bool) -> Result<(), String> {
    let got_values = got.to_scalars().map_err(|e| e.to_string())?;
    let want_values: Vec<Scalar> = want.as_array().map(|a| a.iter().map(scalar).collect()).unwrap_or_default();
    if got_values.len() != want_values.len() {
        return Err(format!("got {} values, want {}", got_values.len(), want_values.len()));
    }
    let eps = if complex32 {
        2f64.powi(-10)
    } else if got.dtype() == DType::Complex64 {
        f64::from(f32::EPSILON)
    } else {
        f64::EPSILON
    };
    let ulps = if complex32 {
        1.0
    } else if op.starts_with("mul") || op.starts_with("div") {
        2.0
    } else {
        0.0
    };
    for (i, (g, w)) in got_values.iter().zip(&want_values).enumerate() {
        let ok = match (g, w) {
            (Scalar::Float(a), Scalar::Float(b)) => same_float(*a, *b),
            (Scalar::Complex(a), Scalar::Complex(b)) => {
                let scale = b.re.abs().max(b.im.abs());
                let near = |x: f64, y: f64| same_float(x, y) || (x - y).abs() <= ulps * eps * scale;
                near(a.re, b.re) && near(a.im, b.im)
            }
            (a, b) => a == b,
        };
        if !ok {
            return Err(format!("value {i}: got {g:?}, want {w:?} (all: {got_values:?})"));
        }
    }
    Ok(())
}

/// Checks an outcome against a case: its result (dtype, shape, values) or its error.
fn check(case: &Value, op: &str, outcome: oxtorch::Result<Tensor>, report: &mut Report, description: String) {
    let want_error = case.get("error").is_some();
    let message = case["message"].as_str().unwrap_or_default();
    let kernel_message = message.contains("not implemented for");
    match (outcome, want_error) {
        (Err(e), true) => {
            let verdict = if kernel_message {
                Ok(())
            } else if names_complex32(message) {
                // the reference's complex32 is complex64 here, so the cast message names ComplexFloat
                let adjusted = message.replace("ComplexHalf", "ComplexFloat").replace("BComplex32", "ComplexFloat");
                return report.deviation(description, expect_eq("message", e.message().to_string(), adjusted));
            } else {
                expect_error(&e, case)
            };
            report.check(description, verdict)
        }
        (Ok(t), true) if kernel_message && names_complex32(message) && case["rounding_mode"].is_null() => {
            // deviation 1: the reference has no kernel for complex32; oxtorch computes complex64 (rounded division
            // stays an error: it has no complex kernel at any precision)
            report.deviation(description, expect_eq("dtype", t.dtype(), DType::Complex64))
        }
        (Ok(t), true) => report
            .check(description, Err(format!("expected {} ({message}), got a {} result", case["error"], t.dtype()))),
        (Err(e), false) => report.check(description, Err(format!("unexpected error: {e}"))),
        (Ok(t), false) => {
            let want = &case["result"];
            let complex32 = want["dtype"] == "complex32" || want["dtype"] == "bcomplex32";
            let want_dtype = if complex32 { DType::Complex64 } else { dtype(&want["dtype"]) };
            let verdict = expect_eq("dtype", t.dtype(), want_dtype)
                .and_then(|_| expect_eq("shape", t.sizes().to_vec(), crate::support::usizes(&want["shape"])))
                .and_then(|_| compare(&t, &want["values"], op, complex32));
            if complex32 {
                report.deviation(description, verdict)
            } else {
                report.check(description, verdict)
            }
        }
    }
}

pub fn run_promotion(data: &Value, report: &mut Report) {
    for case in data["cases"].as_array().into_iter().flatten() {
        let default = dtype(&case["default_dtype"]);
        oxtorch::set_default_dtype(default).expect("floating default dtype");
        let name = case["op"].as_str().unwrap_or_default();
        let (lhs, rhs) = (operand(&case["lhs"]), operand(&case["rhs"]));
        let op = op_of(name, &case["rounding_mode"]);
        let outcome = oxtorch::tensor::ops::binary_op(op, &lhs, &rhs, oxtorch::Output::New);
        let description =
            format!("{name}[{}]({}, {}) default {}", case["rounding_mode"], case["lhs"], case["rhs"], default.name());
        check(case, name, outcome, report, description);
    }
    oxtorch::set_default_dtype(DType::Float32).expect("float32");
}

pub fn run_inplace(data: &Value, report: &mut Report) {
    for case in data["cases"].as_array().into_iter().flatten() {
        let name = case["op"].as_str().unwrap_or_default();
        let op = op_of(name, &Value::Null);
        let outcome = if name.ends_with('_') {
            let Operand::Tensor(target) = operand(&case["self"]) else { panic!("self must be a tensor") };
            target.binary_(op, operand(&case["other"]))
        } else {
            let mut out = oxtorch::empty(&[3], dtype(&case["out_dtype"])).expect("out tensor");
            binary_out(op, operand(&case["lhs"]), operand(&case["rhs"]), &mut out).map(|_| out)
        };
        let description = format!(
            "{name}({} {}, {}) out {}",
            case["self"],
            case["lhs"],
            case.get("other").unwrap_or(&case["rhs"]),
            case["out_dtype"]
        );
        check(case, name, outcome, report, description);
    }
}
