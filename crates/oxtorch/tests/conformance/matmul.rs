//! `matmul.json`: `matmul` (and `@`), `mm`, `bmm`, `mv`, `dot`, `vdot` and `outer` through the core's dispatch
//! (`oxtorch::dispatch::matmul`), as the Python runner (`test_matmul.py`) replays them through the bindings:
//! dtypes, every rank combination of `matmul`, broadcast batches, empty dimensions, input layouts (transposed,
//! strided, the last two dimensions swapped, expanded batches), `out=` (shapes, dtypes, strides kept, meta) and
//! meta operands. The cases whose inputs hold NaN or infinities (`inexact`) compare dtypes, shapes and strides
//! exactly and each value loosely: a finite value exactly, a NaN or infinity as some NaN or infinity.

use crate::join::out_tensor;
use crate::reduce::{compare, make};
use crate::support::{dtype, expect_eq, expect_error, float, usizes, Report};
use oxtorch::dispatch::matmul::{product, Product};
use oxtorch::dispatch::{AnyOutput, AnyTensor};
use oxtorch::{Scalar, Tensor};
use serde_json::Value;

/// The product a case names.
fn function(case: &Value) -> Result<Product, String> {
    Ok(match case["op"].as_str().unwrap_or_default() {
        "matmul" => Product::Matmul,
        "mm" => Product::Mm,
        "bmm" => Product::Bmm,
        "mv" => Product::Mv,
        "dot" => Product::Dot,
        "vdot" => Product::Vdot,
        "outer" => Product::Outer,
        other => return Err(format!("unknown op {other}")),
    })
}

/// An input: reduce.json's layouts, and `mT` (the last two dimensions swapped in memory) and `expanded` (the first
/// dimension's slices one stride-0 copy of the first).
fn input(spec: &Value) -> Tensor {
    let signed: Vec<i64> = usizes(&spec["shape"]).iter().map(|&s| s as i64).collect();
    match spec["layout"].as_str() {
        Some("mT") => {
            let mut dense = spec.clone();
            dense["layout"] = Value::from("contiguous");
            let x = make(&dense);
            x.transpose(-2, -1).and_then(|t| t.contiguous()).and_then(|t| t.transpose(-2, -1)).expect("mT")
        }
        Some("expanded") => {
            let mut dense = spec.clone();
            dense["layout"] = Value::from("contiguous");
            let x = make(&dense);
            let first = if signed[0] == 0 {
                let mut one = usizes(&spec["shape"]);
                one[0] = 1;
                oxtorch::zeros(&one, x.dtype()).expect("zeros")
            } else {
                x.narrow(0, 0, 1).and_then(|t| t.contiguous()).expect("first slice")
            };
            first.expand(&signed).expect("expanded")
        }
        _ => make(spec),
    }
}

/// A result whose values may differ from the record in which NaN or infinity appears.
fn compare_loosely(got: &AnyTensor, want: &Value) -> Result<(), String> {
    let t = got.strided().ok_or("a strided result")?;
    expect_eq("dtype", t.dtype(), dtype(&want["dtype"]))?;
    expect_eq("shape", t.sizes().to_vec(), usizes(&want["shape"]))?;
    expect_eq("stride", t.strides().to_vec(), usizes(&want["stride"]))?;
    let values = t.to_scalars().map_err(|e| e.to_string())?;
    let wanted = want["values"].as_array().ok_or("no values")?;
    expect_eq("elements", values.len(), wanted.len())?;
    for (i, (g, w)) in values.iter().zip(wanted).enumerate() {
        let (Scalar::Float(g), w) = (g, float(w)) else {
            return Err(format!("value {i}: not a float"));
        };
        let ok = if w.is_finite() { *g == w } else { !g.is_finite() };
        if !ok {
            return Err(format!("value {i}: got {g}, want {w}"));
        }
    }
    Ok(())
}

/// Runs one case: `Ok` when oxtorch gives the recorded outcome.
fn run_case(case: &Value) -> Result<(), String> {
    let inputs: Vec<AnyTensor> =
        case["inputs"].as_array().ok_or("no inputs")?.iter().map(|s| AnyTensor::Strided(input(s))).collect();
    let call = function(case)?;
    let outcome = match case.get("out") {
        Some(o) => {
            let mut slot = AnyTensor::Strided(out_tensor(o, &[]));
            product(call, &inputs[0], &inputs[1], AnyOutput::Out(&mut slot)).map(|r| (r, Some(slot)))
        }
        None => product(call, &inputs[0], &inputs[1], AnyOutput::New).map(|r| (r, None)),
    };
    match (outcome, case.get("result")) {
        (Err(e), _) if case.get("error").is_some() => expect_error(&e, case),
        (Err(e), _) => Err(format!("unexpected error {}: {}", e.kind_name(), e.message())),
        (Ok(_), None) => Err(format!("no error, want {}: {}", case["error"], case["message"])),
        (Ok((result, slot)), Some(want)) => {
            if let (Some(AnyTensor::Strided(slot)), AnyTensor::Strided(r)) = (&slot, &result) {
                if !slot.is_same(r) {
                    return Err("the result is not the out= tensor".into());
                }
            }
            if case["inexact"] == true {
                compare_loosely(&result, want)
            } else {
                compare(&result, want)
            }
        }
    }
}

fn describe(case: &Value) -> String {
    let inputs: Vec<String> = case["inputs"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|i| format!("{} {} {}", i["dtype"], i["shape"], i["layout"]))
        .collect();
    format!("{}({}, out={})", case["op"], inputs.join(", "), case["out"])
}

/// Runs `matmul.json`.
pub fn run(data: &Value, report: &mut Report) {
    for case in data["cases"].as_array().into_iter().flatten() {
        report.check(describe(case), run_case(case));
    }
}
