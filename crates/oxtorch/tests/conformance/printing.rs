//! printing.json: `repr()` of tensors of every dtype, shape and magnitude class. Each case's PyTorch
//! expression is rebuilt here with oxtorch's Rust API; an expression with no builder fails the case.

use crate::support::{expect_eq, Report};
use num_complex::Complex;
use oxtorch::{arange, empty, ones, tensor, zeros, DType, Device, Result, Tensor, TensorOptions};
use serde_json::Value;

fn build(expr: &str) -> Option<Result<Tensor>> {
    let nan = f64::NAN;
    let inf = f64::INFINITY;
    Some(match expr {
        "torch.tensor([1, 2, 3])" => tensor([1, 2, 3], ()),
        "torch.tensor([[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]])" => tensor([[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]], ()),
        "torch.tensor([1., 2.5, -3.])" => tensor([1., 2.5, -3.], ()),
        "torch.tensor([1., 2.5], dtype=torch.float64)" => tensor([1., 2.5], DType::Float64),
        "torch.tensor([1e-10, 1., 1e10])" => tensor([1e-10, 1., 1e10], ()),
        "torch.tensor([0.1, 0.25])" => tensor([0.1, 0.25], ()),
        "torch.tensor(3.5)" => tensor(3.5, ()),
        "torch.tensor(7)" => tensor(7, ()),
        "torch.tensor(True)" => tensor(true, ()),
        "torch.tensor([True, False])" => tensor([true, false], ()),
        "torch.tensor([1, 2], dtype=torch.uint8)" => tensor([1, 2], DType::UInt8),
        "torch.tensor([1, 2], dtype=torch.int32)" => tensor([1, 2], DType::Int32),
        "torch.tensor([1.5, 2], dtype=torch.float16)" => tensor([1.5, 2.], DType::Float16),
        "torch.tensor([1.5, 2], dtype=torch.bfloat16)" => tensor([1.5, 2.], DType::BFloat16),
        "torch.tensor([1+2j, -3.5j])" => tensor([Complex::new(1., 2.), Complex::new(-0., -3.5)], ()),
        "torch.tensor([1+2j], dtype=torch.complex128)" => tensor([Complex::new(1., 2.)], DType::Complex128),
        "torch.tensor([float('nan'), float('inf'), -float('inf'), 1.])" => tensor([nan, inf, -inf, 1.], ()),
        "torch.zeros(0)" => zeros(&[0], ()),
        "torch.zeros(2, 0)" => zeros(&[2, 0], ()),
        "torch.ones(1, dtype=torch.double)" => ones(&[1], DType::Float64),
        "torch.arange(2000)" => arange(2000, ()),
        "torch.arange(12.).reshape(3, 4)" => arange(12., ()).and_then(|t| t.reshape(&[3, 4])),
        "torch.ones(2, 3, 2)" => ones(&[2, 3, 2], ()),
        "torch.tensor([[1.123456789, 2.], [3., 4.]])" => tensor([[1.123456789, 2.], [3., 4.]], ()),
        "torch.empty(2, 3, device='meta')" => empty(&[2, 3], TensorOptions::new().device(Device::meta())),
        "torch.tensor([100000., 1.])" => tensor([100000., 1.], ()),
        "torch.tensor([123456789.])" => tensor([123456789.], ()),
        "torch.arange(1200.).reshape(40, 30)" => arange(1200., ()).and_then(|t| t.reshape(&[40, 30])),
        _ => return None,
    })
}

pub fn run(data: &Value, report: &mut Report) {
    for case in data["cases"].as_array().into_iter().flatten() {
        let expr = case["expr"].as_str().unwrap_or_default();
        let want = case["repr"].as_str().unwrap_or_default().replace("torch.", "oxtorch.");
        let outcome = match build(expr) {
            None => Err("no builder for this expression".to_string()),
            Some(Err(e)) => Err(format!("building failed: {e}")),
            Some(Ok(t)) => expect_eq("repr", t.repr(), want),
        };
        report.check(expr, outcome);
    }
}
