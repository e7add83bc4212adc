//! views.json: chains of view operations on `arange(prod(shape)).reshape(shape)` (int64).

use crate::support::{compare_values, expect_eq, expect_error, i64s, usizes, Report};
use oxtorch::{arange, DType, MemoryFormat, Tensor, TensorIndex};
use serde_json::Value;

fn opt_i64(v: &Value) -> Option<i64> {
    v.as_i64()
}

/// Applies one step of a chain, e.g. `["slice", 1, 1, 5, 2]`.
pub fn apply(x: &Tensor, step: &[Value]) -> oxtorch::Result<Tensor> {
    let op = step[0].as_str().unwrap_or_default();
    let int = |i: usize| step.get(i).and_then(Value::as_i64);
    match op {
        "t" => x.t(),
        "transpose" => x.transpose(int(1).unwrap_or(0), int(2).unwrap_or(0)),
        "permute" => x.permute(&i64s(&step[1])),
        "contiguous" => x.contiguous(),
        "contiguous_cl" => x.contiguous_in(MemoryFormat::ChannelsLast),
        "contiguous_cl3d" => x.contiguous_in(MemoryFormat::ChannelsLast3d),
        "view" => x.view(&i64s(&step[1])),
        "reshape" => x.reshape(&i64s(&step[1])),
        "expand" => x.expand(&i64s(&step[1])),
        "slice" => x.slice(int(1).unwrap_or(0), opt_i64(&step[2]), opt_i64(&step[3]), int(4).unwrap_or(1)),
        "index" => {
            // x[:, ..., i] with the integer at position `dim`
            let dim = int(1).unwrap_or(0) as usize;
            let mut idx = vec![TensorIndex::full(); dim];
            idx.push(TensorIndex::Int(int(2).unwrap_or(0)));
            x.index(&idx)
        }
        "narrow" => x.narrow(int(1).unwrap_or(0), int(2).unwrap_or(0), int(3).unwrap_or(0)),
        "select" => x.select(int(1).unwrap_or(0), int(2).unwrap_or(0)),
        "squeeze" => match int(1) {
            Some(d) => x.squeeze_dim(d),
            None => Ok(x.squeeze()),
        },
        "unsqueeze" => x.unsqueeze(int(1).unwrap_or(0)),
        "flatten" => x.flatten(int(1).unwrap_or(0), int(2).unwrap_or(-1)),
        "diagonal" => x.diagonal(int(1).unwrap_or(0), int(2).unwrap_or(0), int(3).unwrap_or(1)),
        "movedim" => x.movedim(int(1).unwrap_or(0), int(2).unwrap_or(0)),
        "as_strided" => {
            x.as_strided(&usizes(&step[1]), &usizes(&step[2]), step.get(3).and_then(Value::as_u64).map(|o| o as usize))
        }
        "unfold" => x.unfold(int(1).unwrap_or(0), int(2).unwrap_or(0), int(3).unwrap_or(1)),
        other => panic!("views.json: unknown op {other}"),
    }
}

pub fn run(data: &Value, report: &mut Report) {
    for case in data["cases"].as_array().into_iter().flatten() {
        let shape = usizes(&case["shape"]);
        let chain = case["chain"].as_array().cloned().unwrap_or_default();
        let outcome = (|| {
            let n: usize = shape.iter().product();
            let mut x = arange(n as i64, DType::Int64)
                .and_then(|t| t.reshape(&oxtorch_i64(&shape)))
                .map_err(|e| e.to_string())?;
            let mut result = Ok(());
            for step in &chain {
                match apply(&x, step.as_array().map(Vec::as_slice).unwrap_or_default()) {
                    Ok(next) => x = next,
                    Err(e) => {
                        result = Err(e);
                        break;
                    }
                }
            }
            match (result, case.get("error")) {
                (Err(e), Some(_)) => expect_error(&e, case),
                (Err(e), None) => Err(format!("unexpected error: {e}")),
                (Ok(()), Some(_)) => Err(format!(
                    "expected error {}, got shape {:?} stride {:?}",
                    case["message"],
                    x.sizes(),
                    x.strides()
                )),
                (Ok(()), None) => {
                    let want = &case["result"];
                    expect_eq("shape", x.sizes().to_vec(), usizes(&want["shape"]))?;
                    expect_eq("stride", x.strides().to_vec(), usizes(&want["stride"]))?;
                    expect_eq(
                        "storage_offset",
                        x.storage_offset() as u64,
                        want["storage_offset"].as_u64().unwrap_or(0),
                    )?;
                    expect_eq("is_contiguous", x.is_contiguous(), want["is_contiguous"] == true)?;
                    if let Some(cl) = want.get("is_contiguous_channels_last") {
                        expect_eq(
                            "is_contiguous(channels_last)",
                            x.is_contiguous_in(MemoryFormat::ChannelsLast),
                            cl == true,
                        )?;
                    }
                    if let Some(cl) = want.get("is_contiguous_channels_last_3d") {
                        expect_eq(
                            "is_contiguous(channels_last_3d)",
                            x.is_contiguous_in(MemoryFormat::ChannelsLast3d),
                            cl == true,
                        )?;
                    }
                    compare_values(&x, &want["values"], 0.0)
                }
            }
        })();
        report.check(format!("{shape:?} {chain:?}", chain = case["chain"]), outcome);
    }
}

fn oxtorch_i64(sizes: &[usize]) -> Vec<i64> {
    sizes.iter().map(|&s| s as i64).collect()
}
