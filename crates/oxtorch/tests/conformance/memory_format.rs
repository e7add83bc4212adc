//! memory_format.json: `empty` strides per format; `is_contiguous`, `clone`, `empty_like`, `contiguous` and
//! `to(float64)` on inputs laid out seven ways; output strides of `lhs + rhs` for pairs of layouts.

use crate::support::{expect_eq, expect_error, usizes, Report};
use oxtorch::{arange, empty, DType, MemoryFormat, Tensor, TensorOptions};
use serde_json::Value;

fn format(v: &Value) -> MemoryFormat {
    MemoryFormat::from_name(v.as_str().unwrap_or_default()).unwrap_or_else(|| panic!("unknown memory format {v}"))
}

/// A float32 tensor with exactly the case's sizes and strides, over a storage just large enough.
pub fn input(spec: &Value) -> Tensor {
    let (sizes, strides) = (usizes(&spec["shape"]), usizes(&spec["stride"]));
    let len = 1 + sizes.iter().zip(&strides).map(|(s, st)| (s - 1) * st).sum::<usize>();
    arange(len as i64, DType::Float32)
        .and_then(|base| base.as_strided(&sizes, &strides, Some(0)))
        .unwrap_or_else(|e| panic!("cannot lay out input {spec}: {e}"))
}

pub fn run(data: &Value, report: &mut Report) {
    for case in data["cases"].as_array().into_iter().flatten() {
        let op = case["op"].as_str().unwrap_or_default();
        let outcome = (|| {
            let result: oxtorch::Result<Tensor> = match op {
                "empty" => {
                    empty(&usizes(&case["shape"]), TensorOptions::new().memory_format(format(&case["memory_format"])))
                }
                "is_contiguous" => {
                    let x = input(&case["input"]);
                    for (name, want) in case["result"].as_object().into_iter().flatten() {
                        let f = MemoryFormat::from_name(name).unwrap_or_default();
                        expect_eq(name, x.is_contiguous_in(f), want == true)?;
                    }
                    return Ok(());
                }
                "clone" => input(&case["input"]).clone_in(format(&case["memory_format"])),
                "empty_like" => input(&case["input"]).empty_like(format(&case["memory_format"])),
                "contiguous" => input(&case["input"]).contiguous_in(format(&case["memory_format"])),
                "add" => input(&case["lhs"]).add(input(&case["rhs"])),
                "to" => input(&case["input"]).to(
                    TensorOptions::new().dtype(DType::Float64).memory_format(format(&case["memory_format"])),
                    false,
                ),
                other => panic!("memory_format.json: unknown op {other}"),
            };
            match (result, case.get("error")) {
                (Err(e), Some(_)) => expect_error(&e, case),
                (Err(e), None) => Err(format!("unexpected error: {e}")),
                (Ok(t), Some(_)) => Err(format!("expected error {}, got strides {:?}", case["message"], t.strides())),
                (Ok(t), None) => expect_eq("stride", t.strides().to_vec(), usizes(&case["result"]["stride"])),
            }
        })();
        report.check(
            format!("{op} {} {} {} {}", case["input"], case["lhs"], case["rhs"], case["memory_format"]),
            outcome,
        );
    }
}
