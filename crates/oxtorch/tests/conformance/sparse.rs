//! sparse.json: sparse COO tensors recorded from PyTorch: construction and its errors, conversions
//! (`to_sparse`, `coalesce`, `to_dense`, `indices`/`values`, `t`/`transpose`/`unsqueeze`), `add/sub/mul/div`
//! and `floor_divide` over every layout pair, dtype pair and form (new, in place, `out=`), and reprs. The
//! `python_methods` section is Python's alone (test_conformance.py). Values compare as in the other files (real
//! dtypes bit for bit, complex products within 2 ulp); results the reference gives as complex32 are complex64 here
//! (deviation 1).

use crate::support::{expect_eq, expect_error, same_float, scalar, Report};
use oxtorch::dispatch::{binary, AnyOperand, AnyOutput};
use oxtorch::sparse::SparseOperand;
use oxtorch::tensor::factory::tensor_from_scalars;
use oxtorch::tensor::ops::{BinaryOp, RoundingMode};
use oxtorch::AnyTensor;
use oxtorch::Operand;
use oxtorch::{sparse_coo_tensor, DType, Scalar, SparseCooOptions, SparseCooTensor, Tensor};
use serde_json::Value;

fn usizes(v: &Value) -> Vec<usize> {
    v.as_array().map(|a| a.iter().map(|x| x.as_u64().unwrap_or(0) as usize).collect()).unwrap_or_default()
}

/// A dtype by name; the reference's complex32 reads as complex64 (deviation 1).
fn dtype_of(v: &Value) -> DType {
    match v.as_str().unwrap_or_default() {
        "complex32" => DType::Complex64,
        name => DType::from_name(name).unwrap_or_else(|| panic!("unknown dtype {name}")),
    }
}

fn scalars(v: &Value) -> Vec<Scalar> {
    v.as_array().map(|a| a.iter().map(scalar).collect()).unwrap_or_default()
}

fn dense_of(v: &Value) -> Tensor {
    let dt = dtype_of(&v["dtype"]);
    match v["kind"].as_str().unwrap_or_default() {
        "zerodim" => tensor_from_scalars(&[scalar(&v["value"])], &[], dt).expect("zero-dim"),
        _ => tensor_from_scalars(&scalars(&v["values"]), &usizes(&v["shape"]), dt).expect("dense tensor"),
    }
}

pub(crate) fn sparse_of(v: &Value) -> SparseCooTensor {
    let size = usizes(&v["size"]);
    let sd = v["sparse_dim"].as_u64().unwrap_or(0) as usize;
    let nnz = v["nnz"].as_u64().unwrap_or(0) as usize;
    let indices = tensor_from_scalars(&scalars(&v["indices"]), &[sd, nnz], DType::Int64).expect("indices");
    let mut value_shape = vec![nnz];
    value_shape.extend_from_slice(&size[sd..]);
    let values = tensor_from_scalars(&scalars(&v["values"]), &value_shape, dtype_of(&v["dtype"])).expect("values");
    let size: Vec<i64> = size.iter().map(|&s| s as i64).collect();
    let options = SparseCooOptions { is_coalesced: v["coalesced"].as_bool(), ..Default::default() };
    sparse_coo_tensor(&indices, &values, Some(&size), options).expect("sparse operand")
}

fn operand(v: &Value) -> SparseOperand {
    match v["kind"].as_str().unwrap_or_default() {
        "sparse" => SparseOperand::Sparse(sparse_of(v)),
        "tensor" | "zerodim" => SparseOperand::Dense(Operand::Tensor(dense_of(v))),
        _ => {
            SparseOperand::Dense(Operand::Scalar(match (v["type"].as_str().unwrap_or_default(), scalar(&v["value"])) {
                ("float", s) => Scalar::Float(s.to_f64()),
                (_, s) => s,
            }))
        }
    }
}

fn any_tensor(v: &Value) -> AnyTensor {
    match operand(v) {
        SparseOperand::Sparse(s) => AnyTensor::from(s),
        SparseOperand::Dense(Operand::Tensor(t)) => AnyTensor::Strided(t),
        SparseOperand::Dense(Operand::Scalar(_)) => panic!("a number is not a tensor"),
    }
}

/// Compares values: bit for bit, complex within `ulps` of the component precision (float16 precision for the
/// reference's complex32).
fn compare_values(got: &Tensor, want: &Value, ulps: f64, complex32: bool) -> Result<(), String> {
    let got_values = got.to_scalars().map_err(|e| e.to_string())?;
    let want_values = scalars(want);
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
    let close = |a: f64, b: f64| {
        same_float(a, b)
            || (a.is_finite() && b.is_finite() && (a - b).abs() <= ulps.max(1.0) * eps * b.abs().max(1e-30))
    };
    for (i, (g, w)) in got_values.iter().zip(&want_values).enumerate() {
        let ok = match (g, w) {
            (Scalar::Float(a), Scalar::Float(b)) => same_float(*a, *b),
            (Scalar::Complex(a), Scalar::Complex(b)) if ulps > 0.0 || complex32 => {
                close(a.re, b.re) && close(a.im, b.im)
            }
            (Scalar::Complex(a), Scalar::Complex(b)) => same_float(a.re, b.re) && same_float(a.im, b.im),
            (a, b) => a == b,
        };
        if !ok {
            return Err(format!("value {i}: got {g:?}, want {w:?} (all: {got_values:?})"));
        }
    }
    Ok(())
}

/// Checks a result against the data's encoding of it.
fn check_result(got: &AnyTensor, want: &Value, ulps: f64) -> Result<(), String> {
    let complex32 = want["dtype"].as_str() == Some("complex32");
    match (got, want["kind"].as_str().unwrap_or_default()) {
        (AnyTensor::SparseCoo(s), "sparse") => {
            expect_eq("dtype", s.dtype(), dtype_of(&want["dtype"]))?;
            expect_eq("size", s.sizes().to_vec(), usizes(&want["size"]))?;
            expect_eq("sparse_dim", s.sparse_dim() as u64, want["sparse_dim"].as_u64().unwrap_or(0))?;
            expect_eq("nnz", s.nnz() as u64, want["nnz"].as_u64().unwrap_or(0))?;
            expect_eq("coalesced", s.is_coalesced(), want["coalesced"].as_bool().unwrap_or(false))?;
            let idx: Vec<Scalar> = s.raw_indices().to_scalars().map_err(|e| e.to_string())?;
            expect_eq("indices", idx, scalars(&want["indices"]))?;
            compare_values(s.raw_values(), &want["values"], ulps, complex32)
        }
        (AnyTensor::Strided(t), "tensor") => {
            expect_eq("dtype", t.dtype(), dtype_of(&want["dtype"]))?;
            expect_eq("shape", t.sizes().to_vec(), usizes(&want["shape"]))?;
            compare_values(t, &want["values"], ulps, complex32)
        }
        (AnyTensor::Strided(t), "zerodim") => {
            expect_eq("dtype", t.dtype(), dtype_of(&want["dtype"]))?;
            expect_eq("shape", t.sizes().len(), 0)?;
            compare_values(t, &Value::Array(vec![want["value"].clone()]), ulps, complex32)
        }
        (got, kind) => Err(format!("got a {} result, want {kind}", got.kind_name())),
    }
}

/// Compares an outcome with the case's `result` or `error`. Returns whether deviation 1 (complex32) applied.
pub(crate) fn check_outcome(got: oxtorch::Result<AnyTensor>, case: &Value, ulps: f64) -> (Result<(), String>, bool) {
    let deviation = case["result"]["dtype"].as_str() == Some("complex32")
        || case["message"].as_str().is_some_and(|m| m.contains("ComplexHalf") || m.contains("BComplex32"));
    let outcome = match (got, case.get("result")) {
        (Ok(t), Some(want)) => check_result(&t, want, ulps),
        (Err(e), None) if deviation && e.kind_name() == case["error"].as_str().unwrap_or_default() => Ok(()),
        (Err(e), None) => {
            let message = case["message"].as_str().unwrap_or_default();
            if message.contains("not implemented for") && e.kind_name() == case["error"].as_str().unwrap_or_default() {
                Ok(())
            } else {
                expect_error(&e, case)
            }
        }
        (Ok(_), None) if deviation => Ok(()),
        (Ok(t), None) => Err(format!("expected error {:?}, got a result {t:?}", case["message"])),
        (Err(e), Some(_)) => Err(format!("unexpected error {}: {}", e.kind_name(), e.message())),
    };
    (outcome, deviation)
}

fn record(report: &mut Report, what: String, (outcome, deviation): (Result<(), String>, bool)) {
    if deviation {
        report.deviation(what, outcome);
    } else {
        report.check(what, outcome);
    }
}

fn op_of(case: &Value) -> BinaryOp {
    let alpha = if case["alpha"].is_null() {
        Scalar::Int(1)
    } else {
        match operand(&case["alpha"]) {
            SparseOperand::Dense(Operand::Scalar(s)) => s,
            _ => panic!("alpha must be a number"),
        }
    };
    match case["op"].as_str().unwrap_or_default() {
        "add" => BinaryOp::Add { alpha },
        "sub" => BinaryOp::Sub { alpha },
        "mul" => BinaryOp::Mul,
        "div" => BinaryOp::Div {
            rounding_mode: case["rounding_mode"].as_str().map(|m| RoundingMode::parse(m).expect("rounding mode")),
        },
        "floor_divide" => BinaryOp::FloorDivide,
        other => panic!("unknown op {other}"),
    }
}

/// An operand of any kind, for the dispatch.
fn any_operand(v: &Value) -> AnyOperand {
    match operand(v) {
        SparseOperand::Sparse(s) => AnyOperand::Tensor(AnyTensor::from(s)),
        SparseOperand::Dense(d) => AnyOperand::from(d),
    }
}

/// An arithmetic case through the dispatch, as the Python package runs it.
fn run_arithmetic(case: &Value) -> oxtorch::Result<AnyTensor> {
    let op = op_of(case);
    let (lhs, rhs) = (any_operand(&case["lhs"]), any_operand(&case["rhs"]));
    match case["form"].as_str().unwrap_or_default() {
        "inplace" => binary(op, lhs, rhs, AnyOutput::InPlace),
        "out" => {
            let mut slot = any_tensor(&case["out"]);
            binary(op, lhs, rhs, AnyOutput::Out(&mut slot))?;
            Ok(slot)
        }
        _ => binary(op, lhs, rhs, AnyOutput::New),
    }
}

fn run_constructor(case: &Value) -> oxtorch::Result<AnyTensor> {
    let indices = dense_of(&case["indices"]).to_dtype(DType::Int64)?;
    let values = dense_of(&case["values"]);
    let opts = &case["options"];
    let options = SparseCooOptions {
        dtype: opts["dtype"].as_str().map(|n| dtype_of(&Value::String(n.into()))),
        device: None,
        check_invariants: opts["check_invariants"].as_bool(),
        is_coalesced: opts["is_coalesced"].as_bool(),
    };
    let size: Option<Vec<i64>> = case["size"].as_array().map(|a| a.iter().map(|x| x.as_i64().unwrap_or(0)).collect());
    sparse_coo_tensor(&indices, &values, size.as_deref(), options).map(AnyTensor::from)
}

fn run_conversion(case: &Value) -> oxtorch::Result<AnyTensor> {
    let input = any_tensor(&case["input"]);
    let op = case["op"].as_str().unwrap_or_default();
    let arg = |i: usize| case["args"][i].as_i64().expect("an integer argument");
    match (input, op) {
        (AnyTensor::SparseCoo(s), "t") => s.t().map(AnyTensor::from),
        (AnyTensor::SparseCoo(s), "transpose") => s.transpose(arg(0), arg(1)).map(AnyTensor::from),
        (AnyTensor::SparseCoo(s), "unsqueeze") => s.unsqueeze(arg(0)).map(AnyTensor::from),
        (AnyTensor::SparseCoo(s), "permute") => {
            let dims: Vec<i64> = case["args"].as_array().into_iter().flatten().filter_map(Value::as_i64).collect();
            s.permute(&dims).map(AnyTensor::from)
        }
        (AnyTensor::SparseCoo(s), "movedim") => s.movedim(&[arg(0)], &[arg(1)]).map(AnyTensor::from),
        (AnyTensor::SparseCoo(s), "select") => s.select(arg(0), arg(1)),
        (AnyTensor::Strided(t), "to_sparse") => match case["sparse_dim"].as_i64() {
            None => t.to_sparse(),
            Some(d) => t.to_sparse_dim(d),
        }
        .map(AnyTensor::from),
        (AnyTensor::SparseCoo(s), "coalesce") => s.coalesce().map(AnyTensor::from),
        (AnyTensor::SparseCoo(s), "to_dense") => s.to_dense().map(AnyTensor::Strided),
        (AnyTensor::SparseCoo(s), "indices") => s.indices().map(AnyTensor::Strided),
        (AnyTensor::SparseCoo(s), "values") => s.values().map(AnyTensor::Strided),
        (AnyTensor::SparseCoo(s), "to_sparse") => s.to_sparse_dim(None).map(AnyTensor::from),
        (AnyTensor::SparseCoo(s), "to_sparse_dim") => s.to_sparse_dim(Some(1)).map(AnyTensor::from),
        (AnyTensor::SparseCoo(s), "to_float64") => s.to_dtype(DType::Float64).map(AnyTensor::from),
        (_, other) => panic!("unknown conversion {other}"),
    }
}

pub fn run(data: &Value, report: &mut Report) {
    for case in data["constructor"].as_array().into_iter().flatten() {
        let what = format!("constructor {}", case["name"]);
        record(report, what, check_outcome(run_constructor(case), case, 0.0));
    }
    for case in data["conversions"].as_array().into_iter().flatten() {
        let what = format!("{} of {}", case["op"], case["input"]);
        record(report, what, check_outcome(run_conversion(case), case, 0.0));
    }
    for case in data["arithmetic"].as_array().into_iter().flatten() {
        let what = format!("{} {} {} {} {}", case["op"], case["form"], case["lhs"], case["rhs"], case["alpha"]);
        let ulps = if matches!(case["op"].as_str(), Some("mul") | Some("div")) { 2.0 } else { 0.0 };
        record(report, what, check_outcome(run_arithmetic(case), case, ulps));
    }
    for case in data["repr"].as_array().into_iter().flatten() {
        let want = case["repr"].as_str().unwrap_or_default().replace("torch.", "oxtorch.");
        let got = sparse_of(&case["input"]).repr();
        report.check(format!("repr {}", case["expr"]), expect_eq("repr", got, want));
    }
}
