//! `join.json`: `cat` (`concat`, `concatenate`), `stack`, `hstack`, `vstack`, `dstack` through the core's dispatch
//! (`oxtorch::dispatch::join`), as the Python runner (`test_join.py`) replays them through the bindings: every case
//! but those of the Python argument parser (a tensor or a number where the list goes, numpy's `axis=`), whose
//! errors only Python raises.

use crate::reduce::{compare, make};
use crate::support::{dtype, expect_error, usizes, Report};
use oxtorch::dispatch::join::{join, Join, Stacking};
use oxtorch::dispatch::{AnyOutput, AnyTensor};
use oxtorch::{Device, MemoryFormat, Tensor, TensorOptions};
use serde_json::Value;

/// Whether the case is one of the Python argument parser's (no Rust call reaches it).
fn python_only(case: &Value) -> bool {
    case.get("bad").is_some() || case["dim_keyword"] == "axis"
}

/// The `out=` tensor a case describes (an input itself for `{"alias": k}`), as join.json and matmul.json lay it
/// out: contiguous, meta, channels_last, transposed, expanded (a first dimension of size 1 expanded), strided
/// (every other element of a tensor twice as long in its last dimension).
pub(crate) fn out_tensor(o: &Value, inputs: &[AnyTensor]) -> Tensor {
    if let Some(k) = o["alias"].as_u64() {
        return inputs[k as usize].strided().expect("a strided input as out=").clone();
    }
    let dt = dtype(&o["dtype"]);
    let shape = usizes(&o["shape"]);
    let signed: Vec<i64> = shape.iter().map(|&s| s as i64).collect();
    let rank = shape.len() as i64;
    match o["layout"].as_str().unwrap_or("contiguous") {
        "meta" => oxtorch::empty(&shape, TensorOptions::new().dtype(dt).device(Device::meta())).expect("meta out"),
        "channels_last" => {
            oxtorch::empty(&shape, dt).and_then(|t| t.contiguous_in(MemoryFormat::ChannelsLast)).expect("out")
        }
        "transposed" => {
            let reversed: Vec<usize> = shape.iter().rev().copied().collect();
            let rev: Vec<i64> = (0..rank).rev().collect();
            oxtorch::empty(&reversed, dt).and_then(|t| t.permute(&rev)).expect("out")
        }
        "expanded" => {
            let mut one = shape.clone();
            one[0] = 1;
            oxtorch::empty(&one, dt).and_then(|t| t.expand(&signed)).expect("out")
        }
        "strided" => {
            let mut wide = shape.clone();
            *wide.last_mut().expect("a dimension") *= 2;
            let last = shape.len() as i64 - 1;
            oxtorch::empty(&wide, dt).and_then(|t| t.slice(last, None, None, 2)).expect("out")
        }
        _ => oxtorch::empty(&shape, dt).expect("out"),
    }
}

/// The call a case names.
fn function(case: &Value) -> Result<Join, String> {
    let dim = case["dim"].as_i64().unwrap_or(0);
    Ok(match case["op"].as_str().unwrap_or_default() {
        "cat" | "concat" | "concatenate" => Join::Cat(dim),
        "stack" => Join::Stack(dim),
        "hstack" => Join::Numpy(Stacking::Horizontal),
        "vstack" => Join::Numpy(Stacking::Vertical),
        "dstack" => Join::Numpy(Stacking::Depth),
        other => return Err(format!("unknown op {other}")),
    })
}

/// An input: reduce.json's layouts, and sparse COO tensors of the nonzero elements (`sparse`: every dimension
/// sparse, `hybrid`: the first).
fn make_any(spec: &Value) -> AnyTensor {
    let sparse_dims = match spec["layout"].as_str() {
        Some("sparse") => None,
        Some("hybrid") => Some(1),
        _ => return AnyTensor::Strided(make(spec)),
    };
    let mut dense = spec.clone();
    dense["layout"] = Value::from("contiguous");
    let x = make(&dense);
    let s = match sparse_dims {
        None => x.to_sparse(),
        Some(d) => x.to_sparse_dim(d),
    };
    AnyTensor::from(s.expect("sparse input"))
}

/// A sparse result against its record: sparse dimensions, stored elements, coalescing, and the dense values.
fn compare_sparse(got: &AnyTensor, want: &Value) -> Result<(), String> {
    let s = got.sparse().ok_or("want a sparse result")?;
    crate::support::expect_eq("sparse_dim", s.sparse_dim() as u64, want["sparse_dim"].as_u64().unwrap_or(0))?;
    crate::support::expect_eq("nnz", s.nnz() as u64, want["nnz"].as_u64().unwrap_or(0))?;
    crate::support::expect_eq("coalesced", s.is_coalesced(), want["coalesced"].as_bool().unwrap_or(false))?;
    let dense = s.to_dense().map_err(|e| e.to_string())?;
    let mut want = want.clone();
    want["stride"] = Value::from(dense.strides().to_vec());
    compare(&AnyTensor::Strided(dense), &want)
}

/// Runs one case: `Ok` when oxtorch gives the recorded outcome.
fn run_case(case: &Value) -> Result<(), String> {
    let any: Vec<AnyTensor> = case["inputs"].as_array().ok_or("no inputs")?.iter().map(make_any).collect();
    let refs: Vec<&AnyTensor> = any.iter().collect();
    let call = function(case)?;
    let outcome = match case.get("out") {
        Some(o) => {
            let mut slot = AnyTensor::Strided(out_tensor(o, &any));
            join(call, &refs, AnyOutput::Out(&mut slot)).map(|r| (r, Some(slot)))
        }
        None => join(call, &refs, AnyOutput::New).map(|r| (r, None)),
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
            if want["layout"] == "sparse_coo" {
                compare_sparse(&result, want)
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
    format!("{}([{}], dim={}, out={})", case["op"], inputs.join(", "), case["dim"], case["out"])
}

/// Runs `join.json`.
pub fn run(data: &Value, report: &mut Report) {
    let mut python_only_cases = 0;
    for case in data["cases"].as_array().into_iter().flatten() {
        if python_only(case) {
            python_only_cases += 1;
            continue;
        }
        report.check(describe(case), run_case(case));
    }
    println!("  join.json: {python_only_cases} cases of PyTorch's Python argument parser left to the Python runner");
}
