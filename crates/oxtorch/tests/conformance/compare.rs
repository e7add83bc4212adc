//! compare.json (`maximum`, `minimum` and the comparisons `eq ne lt le gt ge`) and modular.json (`remainder`,
//! `fmod`, the bitwise and the logical operations) and math.json (`atan2`, `hypot`, `copysign`, `fmax`, `fmin`,
//! `logaddexp`, `logaddexp2`, `nextafter`, `xlogy`) and pow.json (`pow`, `float_power`), between every pair of
//! operand kinds
//! and on special values, in place, with `out=`, on strided layouts, on meta tensors and with sparse operands,
//! compared by the conformance README's rules (exact values; zeros of either sign equal where the case says
//! `ignore_zero_sign`: the sign PyTorch gives depends on where the element falls in its loop). Its `errors`
//! section holds Python expressions; the Python runner runs it.

use crate::support::{dtype, expect_eq, same_float, scalar, usizes, Report};
use oxtorch::dispatch::{binary, AnyOperand, AnyOutput, AnyTensor};
use oxtorch::op::{BinaryOp, BitOp, CmpOp, LogicalOp, MathOp};
use oxtorch::tensor::ops::{binary_op, binary_out};
use oxtorch::{DType, Device, Operand, Output, Scalar, Tensor};
use serde_json::Value;

fn op_of(name: &str) -> BinaryOp {
    binary_op_named(name).unwrap_or_else(|| panic!("unknown op {name}"))
}

/// The operation of a case's `op` (its in-place name too), if it is one of the binary files'.
fn binary_op_named(name: &str) -> Option<BinaryOp> {
    Some(match name.trim_end_matches('_') {
        "maximum" => BinaryOp::Maximum,
        "minimum" => BinaryOp::Minimum,
        "eq" => BinaryOp::Compare(CmpOp::Eq),
        "ne" => BinaryOp::Compare(CmpOp::Ne),
        "lt" => BinaryOp::Compare(CmpOp::Lt),
        "le" => BinaryOp::Compare(CmpOp::Le),
        "gt" => BinaryOp::Compare(CmpOp::Gt),
        "ge" => BinaryOp::Compare(CmpOp::Ge),
        "remainder" => BinaryOp::Remainder,
        "fmod" => BinaryOp::Fmod,
        "bitwise_and" => BinaryOp::Bitwise(BitOp::And),
        "bitwise_or" => BinaryOp::Bitwise(BitOp::Or),
        "bitwise_xor" => BinaryOp::Bitwise(BitOp::Xor),
        "bitwise_left_shift" => BinaryOp::Bitwise(BitOp::LeftShift),
        "bitwise_right_shift" => BinaryOp::Bitwise(BitOp::RightShift),
        "logical_and" => BinaryOp::Logical(LogicalOp::And),
        "logical_or" => BinaryOp::Logical(LogicalOp::Or),
        "logical_xor" => BinaryOp::Logical(LogicalOp::Xor),
        "atan2" => BinaryOp::Math(MathOp::Atan2),
        "hypot" => BinaryOp::Math(MathOp::Hypot),
        "copysign" => BinaryOp::Math(MathOp::Copysign),
        "fmax" => BinaryOp::Math(MathOp::Fmax),
        "fmin" => BinaryOp::Math(MathOp::Fmin),
        "logaddexp" => BinaryOp::Math(MathOp::Logaddexp),
        "logaddexp2" => BinaryOp::Math(MathOp::Logaddexp2),
        "nextafter" => BinaryOp::Math(MathOp::Nextafter),
        "xlogy" => BinaryOp::Math(MathOp::Xlogy),
        "pow" => BinaryOp::Pow,
        "float_power" => BinaryOp::FloatPower,
        _ => return None,
    })
}

/// A tensor the data describes: 1-D `values`, a zero-dim `value`, or `shape`/`stride` with row-major `values`, on
/// the CPU or (`"device": "meta"`) on meta.
pub(crate) fn tensor(v: &Value) -> Tensor {
    let dt = dtype(&v["dtype"]);
    let device = if v["device"] == "meta" { Device::meta() } else { Device::cpu() };
    let (shape, values): (Vec<usize>, Vec<Scalar>) = match v["kind"].as_str().unwrap_or_default() {
        "zerodim" => (vec![], v.get("value").map(|x| vec![scalar(x)]).unwrap_or_default()),
        _ => {
            let values: Vec<Scalar> =
                v["values"].as_array().map(|a| a.iter().map(scalar).collect()).unwrap_or_default();
            let shape = if v["shape"].is_null() { vec![values.len()] } else { usizes(&v["shape"]) };
            (shape, values)
        }
    };
    let strides =
        if v["stride"].is_null() { oxtorch::shape::contiguous_strides(&shape).to_vec() } else { usizes(&v["stride"]) };
    if !device.is_cpu() {
        return oxtorch::empty_strided(&shape, &strides, (dt, device)).expect("meta operand");
    }
    // the storage the strides address, each element written at its offset (expanded ones share one)
    let len = oxtorch::shape::required_storage_len(&shape, &strides, 0).max(1);
    let mut flat = vec![Scalar::Int(0); len];
    for (i, v) in values.iter().enumerate() {
        let (mut rest, mut at) = (i, 0);
        for (&n, &st) in shape.iter().zip(&strides).rev() {
            at += (rest % n) * st;
            rest /= n;
        }
        flat[at] = *v;
    }
    let storage = oxtorch::tensor(flat, dt).expect("values");
    storage.as_strided(&shape, &strides, Some(0)).expect("strided operand")
}

/// An operand: a tensor or a Python number.
fn operand(v: &Value) -> Operand {
    match v["kind"].as_str().unwrap_or_default() {
        "tensor" | "zerodim" => Operand::Tensor(tensor(v)),
        _ => Operand::Scalar(match (v["type"].as_str().unwrap_or_default(), scalar(&v["value"])) {
            ("float", s) => Scalar::Float(s.to_f64()),
            (_, s) => s,
        }),
    }
}

/// math.json's functions that PyTorch's vectorized loops take from SLEEF are compared within this many units in
/// the last place.
const ULPS: f64 = 2.0;

/// pointwise.json's complex64 results are compared within this many units in the last place of their larger
/// component (3,190 of their 3,238 values are bit for bit, the others at most 4 ulps away).
const POINTWISE_COMPLEX64_ULPS: f64 = 4.0;

/// For a case of one of those functions, the dtype whose units in the last place it is compared in: the coarsest
/// floating dtype among its result and tensor operands (an `out=` of float64 holds a float32 computation).
fn tolerance(case: &Value) -> Option<Tolerance> {
    let op = case["op"].as_str().unwrap_or_default();
    if matches!(op.trim_end_matches('_'), "addcmul" | "addcdiv" | "lerp")
        && case["result"]["dtype"].as_str() == Some("complex64")
    {
        // PyTorch's compiler fuses some complex64 products of these loops' scalar code by a grouping not
        // reproduced here (CONFORMANCE_README.md)
        return Some(Tolerance { dtype: DType::Complex64, ulps: POINTWISE_COMPLEX64_ULPS, componentwise: false });
    }
    let transcendental = match binary_op_named(op) {
        Some(BinaryOp::Math(math)) => math.is_transcendental(),
        Some(BinaryOp::Pow | BinaryOp::FloatPower) => true,
        _ => false,
    };
    if !transcendental {
        return None;
    }
    let mantissa = |d: DType| match d {
        DType::Float16 => Some(10),
        DType::BFloat16 => Some(7),
        DType::Float32 | DType::Complex64 => Some(23),
        DType::Float64 | DType::Complex128 => Some(52),
        _ => None,
    };
    let mut dtypes = vec![dtype(&case["result"]["dtype"])];
    for key in ["lhs", "rhs", "self", "other"] {
        if case[key]["dtype"].is_string() {
            dtypes.push(dtype(&case[key]["dtype"]));
        }
    }
    dtypes.into_iter().filter(|&d| mantissa(d).is_some()).min_by_key(|&d| mantissa(d)).map(|dtype| Tolerance {
        dtype,
        ulps: ULPS,
        componentwise: true,
    })
}

/// How a case's floating values may differ from PyTorch's.
#[derive(Clone, Copy)]
struct Tolerance {
    /// The dtype whose units in the last place count.
    dtype: DType,
    /// How many of them.
    ulps: f64,
    /// A complex component is compared in units of its own magnitude (else of its number's larger component).
    componentwise: bool,
}

/// Whether `got` is within the tolerance's units in the last place of `want` (of `scale` when it is larger).
fn within_ulps(got: f64, want: f64, Tolerance { dtype, ulps, .. }: Tolerance, scale: f64) -> bool {
    let (mantissa, min_exponent) = match dtype {
        DType::Float16 => (10, -14),
        DType::BFloat16 => (7, -126),
        DType::Float32 | DType::Complex64 => (23, -126),
        _ => (52, -1022),
    };
    if !got.is_finite() || !want.is_finite() {
        return false;
    }
    let magnitude = want.abs().max(scale);
    let exponent = if magnitude == 0.0 { min_exponent } else { magnitude.log2().floor() as i32 };
    (got - want).abs() <= ulps * 2f64.powi(exponent.max(min_exponent) - mantissa)
}

/// Compares values exactly (NaN equals NaN; with `ignore_zero_sign`, -0.0 equals 0.0; with a `tolerance` (dtype,
/// units), within that many units in its last place).
fn compare_values(
    got: &Tensor,
    want: &Value,
    ignore_zero_sign: bool,
    tolerance: Option<Tolerance>,
) -> Result<(), String> {
    let got = got.to_scalars().map_err(|e| e.to_string())?;
    let want: Vec<Scalar> = want.as_array().map(|a| a.iter().map(scalar).collect()).unwrap_or_default();
    if got.len() != want.len() {
        return Err(format!("values: got {} elements, want {}", got.len(), want.len()));
    }
    let same = |a: f64, b: f64, scale: f64| {
        same_float(a, b)
            || (ignore_zero_sign && a == 0.0 && b == 0.0)
            || tolerance.is_some_and(|d| within_ulps(a, b, d, scale))
    };
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        let ok = match (g, w) {
            (Scalar::Float(a), Scalar::Float(b)) => same(*a, *b, 0.0),
            (Scalar::Complex(a), Scalar::Complex(b)) => {
                let normwise = tolerance.is_some_and(|t| !t.componentwise) && b.re.is_finite() && b.im.is_finite();
                let scale = if normwise { b.re.abs().max(b.im.abs()) } else { 0.0 };
                same(a.re, b.re, scale) && same(a.im, b.im, scale)
            }
            (a, b) => a == b,
        };
        if !ok {
            return Err(format!("value {i}: got {g:?}, want {w:?} (all: {got:?})"));
        }
    }
    Ok(())
}

/// Checks an outcome against a case's `result` (dtype, shape, and what else it records) or `error`.
pub(crate) fn check(case: &Value, outcome: oxtorch::Result<Tensor>) -> Result<(), String> {
    let message = case["message"].as_str().unwrap_or_default();
    // deviation 1: the reference's complex32 is complex64 here, which has kernels and is named ComplexFloat
    let complex32 = message.contains("ComplexHalf") || message.contains("BComplex32");
    match (outcome, case.get("error")) {
        (Ok(_), Some(_)) if complex32 && message.contains("not implemented for") => Ok(()),
        (Err(e), Some(_)) => {
            let want_kind = case["error"].as_str().unwrap_or_default();
            expect_eq("error class", e.kind_name(), want_kind)?;
            let want = message
                .replace("torch.", "oxtorch.")
                .replace("ComplexHalf", "ComplexFloat")
                .replace("BComplex32", "ComplexFloat");
            if want.contains("not implemented for") {
                // the reference's internal kernel names: only the error itself is required
                return Ok(());
            }
            // the recorder kept each message's first line
            expect_eq("message", e.message().lines().next().unwrap_or_default(), want.as_str())
        }
        (Ok(t), Some(_)) => {
            Err(format!("expected {} ({}), got a {} result", case["error"], case["message"], t.dtype()))
        }
        (Err(e), None) => Err(format!("unexpected error {}: {e}", e.kind_name())),
        (Ok(t), None) => {
            let want = &case["result"];
            expect_eq("dtype", t.dtype(), dtype(&want["dtype"]))?;
            expect_eq("shape", t.sizes().to_vec(), usizes(&want["shape"]))?;
            if !want["stride"].is_null() {
                expect_eq("stride", t.strides().to_vec(), usizes(&want["stride"]))?;
            }
            if want["device"] == "meta" {
                return expect_eq("device", t.device(), Device::meta());
            }
            compare_values(&t, &want["values"], case["ignore_zero_sign"].as_bool().unwrap_or(false), tolerance(case))
        }
    }
}

/// `torch.<op>(lhs, rhs)`, `lhs.<op>_(rhs)` or `torch.<op>(lhs, rhs, out=out)`.
fn run_form(case: &Value, op: BinaryOp) -> oxtorch::Result<Tensor> {
    let (lhs, rhs) = (operand(&case["lhs"]), operand(&case["rhs"]));
    match case["form"].as_str().unwrap_or("new") {
        "inplace" => binary_op(op, &lhs, &rhs, Output::InPlace),
        "out" => {
            let mut out = tensor(&case["out"]);
            binary_out(op, lhs, rhs, &mut out).map(|_| out)
        }
        _ => binary_op(op, &lhs, &rhs, Output::New),
    }
}

pub(crate) fn describe(section: &str, case: &Value) -> String {
    let mut c = case.clone();
    if let Some(m) = c.as_object_mut() {
        m.remove("result");
        m.remove("message");
        m.remove("error");
    }
    format!("{section} {c}")
}

/// Whether a case has a Python int beyond 64 bits, which only Python has (its argument parser raises
/// `OverflowError`): the Python runner runs those cases.
fn python_only(case: &Value) -> bool {
    ["lhs", "rhs", "other"].iter().any(|k| {
        let v = &case[*k]["value"];
        v.is_number() && v.as_i64().is_none() && v.as_u64().is_none()
    })
}

/// Every section but `errors`.
pub fn run(data: &Value, report: &mut Report) {
    let record = |report: &mut Report, section: &str, case: &Value, verdict: Result<(), String>| {
        report.check(describe(section, case), verdict);
    };
    for section in ["binary", "special", "layout", "meta"] {
        for case in data[section].as_array().into_iter().flatten().filter(|c| !python_only(c)) {
            let default = if case["default_dtype"].is_null() { DType::Float32 } else { dtype(&case["default_dtype"]) };
            oxtorch::set_default_dtype(default).expect("floating default dtype");
            let outcome = run_form(case, op_of(case["op"].as_str().unwrap_or_default()));
            record(report, section, case, check(case, outcome));
        }
    }
    oxtorch::set_default_dtype(DType::Float32).expect("float32");
    for case in data["inplace"].as_array().into_iter().flatten() {
        let op = op_of(case["op"].as_str().unwrap_or_default());
        let Operand::Tensor(target) = operand(&case["self"]) else { panic!("self must be a tensor") };
        let outcome = target.binary_(op, operand(&case["other"]));
        record(report, "inplace", case, check(case, outcome));
    }
    for case in data["out"].as_array().into_iter().flatten() {
        let op = op_of(case["op"].as_str().unwrap_or_default());
        let mut out = oxtorch::empty(&usizes(&case["out_shape"]), dtype(&case["out_dtype"])).expect("out");
        let outcome = binary_out(op, operand(&case["lhs"]), operand(&case["rhs"]), &mut out).map(|_| out);
        record(report, "out", case, check(case, outcome));
    }
    for case in data["sparse"].as_array().into_iter().flatten() {
        let op = op_of(case["op"].as_str().unwrap_or_default());
        if case["result"]["kind"].as_str() == Some("sparse") {
            // a sparse result (pow's), checked as sparse.json's: indices exactly, values within 2 ulps
            let (outcome, _) = crate::sparse::check_outcome(run_sparse(case, op), case, 2.0);
            record(report, "sparse", case, outcome);
            continue;
        }
        let outcome = run_sparse(case, op).and_then(|t| match t {
            AnyTensor::SparseCoo(s) => s.to_dense(),
            other => other.into_strided(),
        });
        record(report, "sparse", case, check(case, outcome));
    }
}

/// A tensor of any layout the data describes.
pub(crate) fn any_tensor(v: &Value) -> AnyTensor {
    match v["kind"].as_str().unwrap_or_default() {
        "sparse" => AnyTensor::from(crate::sparse::sparse_of(v)),
        _ => AnyTensor::Strided(tensor(v)),
    }
}

/// A case with sparse operands, through the dispatch.
fn run_sparse(case: &Value, op: BinaryOp) -> oxtorch::Result<AnyTensor> {
    let any = |v: &Value| match v["kind"].as_str().unwrap_or_default() {
        "sparse" | "tensor" | "zerodim" => AnyOperand::Tensor(any_tensor(v)),
        _ => AnyOperand::from(operand(v)),
    };
    let (lhs, rhs) = (any(&case["lhs"]), any(&case["rhs"]));
    match case["form"].as_str().unwrap_or_default() {
        "inplace" => binary(op, lhs, rhs, AnyOutput::InPlace),
        "out" => {
            let mut slot = any_tensor(&case["out"]);
            binary(op, lhs, rhs, AnyOutput::Out(&mut slot))
        }
        _ => binary(op, lhs, rhs, AnyOutput::New),
    }
}
