//! `reduce.json`: the reductions (`sum`, `nansum`, `prod`, `mean`, `nanmean`, `amax`, `amin`, `all`, `any`, `max`,
//! `min`, `argmax`, `argmin`) through the core's dispatch (`oxtorch::dispatch::reduce`), as the Python runner
//! (`test_reduce.py`) replays them through the bindings: every case but those of the Python argument parser (a
//! list `dim` for `prod`, `argmax`, `max`; `dtype=` where the signature has none; `out=` of a method), whose
//! errors only Python raises.

use crate::support::{compare_values, dtype, expect_eq, expect_error, i64s, tensor_of, usizes, Report};
use oxtorch::dispatch::reduce::{max_min_dim, reduce};
use oxtorch::dispatch::{AnyOutput, AnyTensor};
use oxtorch::op::ReduceOp;
use oxtorch::{Device, MemoryFormat, Tensor, TensorOptions};
use serde_json::Value;

/// The input a case describes, laid out as the recorder laid it out (`join.rs` makes its inputs so too).
pub(crate) fn make(spec: &Value) -> Tensor {
    let dt = dtype(&spec["dtype"]);
    let shape = usizes(&spec["shape"]);
    let layout = spec["layout"].as_str().unwrap_or_default();
    if layout == "meta" {
        return oxtorch::empty(&shape, TensorOptions::new().dtype(dt).device(Device::meta())).expect("meta input");
    }
    let signed: Vec<i64> = shape.iter().map(|&s| s as i64).collect();
    let x = tensor_of(dt, &spec["values"]).reshape(&signed).expect("reshape");
    match layout {
        "transposed" => {
            let rev: Vec<i64> = (0..shape.len() as i64).rev().collect();
            x.permute(&rev).and_then(|t| t.contiguous()).and_then(|t| t.permute(&rev)).expect("transposed")
        }
        "strided" => {
            let mut wide_shape = shape.clone();
            if let Some(last) = wide_shape.last_mut() {
                *last *= 2;
            }
            let wide = oxtorch::zeros(&wide_shape, dt).expect("wide");
            let last = shape.len() as i64 - 1;
            let view = wide.slice(last, None, None, 2).expect("slice");
            view.copy_(&x).expect("copy");
            view
        }
        "channels_last" => x.contiguous_in(MemoryFormat::ChannelsLast).expect("channels_last"),
        _ => x,
    }
}

/// Whether the case is one of the Python argument parser's (no Rust call reaches it).
fn python_only(case: &Value) -> bool {
    let op = case["op"].as_str().unwrap_or_default();
    let list_dim = case["dim"].is_array();
    let method_out = case["form"] == "method" && case.get("out").is_some();
    let parser = case["error"] == "TypeError" && !case["message"].as_str().unwrap_or_default().contains("support");
    (list_dim && matches!(op, "prod" | "argmax" | "argmin" | "max" | "min")) || method_out || parser
}

/// An output tensor of the case's `out` description.
fn out_tensor(o: &Value, meta: bool) -> AnyTensor {
    let device = if meta { Device::meta() } else { Device::cpu() };
    let options = TensorOptions::new().dtype(dtype(&o["dtype"])).device(device);
    AnyTensor::Strided(oxtorch::empty(&usizes(&o["shape"]), options).expect("out"))
}

/// Compares a result with its record: dtype, shape, strides, and values bit for bit (none on meta).
pub(crate) fn compare(got: &AnyTensor, want: &Value) -> Result<(), String> {
    let t = got.strided().ok_or("a strided result")?;
    expect_eq("dtype", t.dtype(), dtype(&want["dtype"]))?;
    expect_eq("shape", t.sizes().to_vec(), usizes(&want["shape"]))?;
    expect_eq("stride", t.strides().to_vec(), usizes(&want["stride"]))?;
    match want.get("values") {
        Some(values) => compare_values(t, values, 0.0),
        None => expect_eq("device", t.device(), Device::meta()),
    }
}

/// Runs one case: `Ok` when oxtorch gives the recorded outcome.
fn run_case(case: &Value) -> Result<(), String> {
    let op = ReduceOp::from_name(case["op"].as_str().unwrap_or_default()).ok_or("unknown op")?;
    let x = AnyTensor::Strided(make(&case["input"]));
    let meta = case["input"]["layout"] == "meta";
    let dims: Option<Vec<i64>> = match &case["dim"] {
        Value::Null => None,
        Value::Array(_) => Some(i64s(&case["dim"])),
        d => Some(vec![d.as_i64().ok_or("bad dim")?]),
    };
    let keepdim = case["keepdim"].as_bool().unwrap_or(false);
    let dt = case.get("dtype").map(dtype);
    let pair = matches!(op, ReduceOp::Max | ReduceOp::Min) && dims.is_some();
    let outcome = if pair {
        let dim = dims.as_ref().and_then(|d| d.first().copied()).ok_or("no dim")?;
        match case.get("out").and_then(Value::as_array) {
            Some(pair) => {
                let (mut v, mut i) = (out_tensor(&pair[0], meta), out_tensor(&pair[1], meta));
                max_min_dim(op, &x, dim, keepdim, Some((&mut v, &mut i))).map(|(v, i)| vec![v, i])
            }
            None => max_min_dim(op, &x, dim, keepdim, None).map(|(v, i)| vec![v, i]),
        }
    } else {
        match case.get("out") {
            Some(o) => {
                let mut slot = out_tensor(o, meta);
                reduce(op, &x, dims.as_deref(), keepdim, dt, AnyOutput::Out(&mut slot)).map(|r| vec![r])
            }
            None => reduce(op, &x, dims.as_deref(), keepdim, dt, AnyOutput::New).map(|r| vec![r]),
        }
    };
    match (outcome, case.get("result")) {
        (Err(e), _) if case.get("error").is_some() => expect_error(&e, case),
        (Err(e), _) => Err(format!("unexpected error {}: {}", e.kind_name(), e.message())),
        (Ok(_), None) => Err(format!("no error, want {}: {}", case["error"], case["message"])),
        (Ok(results), Some(want)) if pair => {
            compare(&results[0], &want["values"])?;
            compare(&results[1], &want["indices"])
        }
        (Ok(results), Some(want)) => compare(&results[0], want),
    }
}

fn describe(case: &Value) -> String {
    let i = &case["input"];
    format!(
        "{} {}({} {} {}, dim={}, keepdim={}, dtype={}, out={})",
        case["form"],
        case["op"],
        i["dtype"],
        i["shape"],
        i["layout"],
        case["dim"],
        case["keepdim"],
        case["dtype"],
        case["out"]
    )
}

/// Runs `reduce.json`.
pub fn run(data: &Value, report: &mut Report) {
    let mut python_only_cases = 0;
    for case in data["cases"].as_array().into_iter().flatten() {
        if python_only(case) {
            python_only_cases += 1;
            continue;
        }
        report.check(describe(case), run_case(case));
    }
    // said, not skipped silently: `test_reduce.py` runs these through the Python argument parser
    println!("  reduce.json: {python_only_cases} cases of PyTorch's Python argument parser left to the Python runner");
    for entry in data["values"].as_array().into_iter().flatten() {
        for call in entry["calls"].as_array().into_iter().flatten() {
            let mut case = call.clone();
            case["input"] = entry["input"].clone();
            case["form"] = Value::from("function");
            report.check(describe(&case), run_case(&case));
        }
    }
}
