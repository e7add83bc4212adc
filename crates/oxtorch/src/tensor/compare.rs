//! Whole-tensor comparison: `torch.equal`. Values are compared in the tensors' own arithmetic (exactly for
//! integers: `equal(tensor([2**53 + 1]), tensor([2**53]))` is false), as PyTorch's elementwise comparisons are,
//! never through a wider type that would round them. (`torch.allclose` is `dispatch::allclose`, composed of the
//! elementwise operations.)

use super::Tensor;
use crate::dtype::DType;
use crate::error::{runtime_err, Result};
use crate::promotion::promote_types;

/// PyTorch's message for tensors on two devices.
fn check_same_device(a: &Tensor, b: &Tensor) -> Result<()> {
    if a.device() != b.device() {
        let (first, second) = if a.device().is_cpu() { (b.device(), a.device()) } else { (a.device(), b.device()) };
        runtime_err!(
            "Expected all tensors to be on the same device, but found at least two devices, {first} and {second}!"
        )
    }
    Ok(())
}

/// The elements of `t` converted to `dtype`, broadcast to `shape`, in row-major order, as `T` (`dtype`'s type).
fn values_as<T: crate::backend::cpu::CpuElement>(t: &Tensor, dtype: DType, shape: &[usize]) -> Result<Vec<T>> {
    t.to_dtype(dtype)?.expand(&super::view::to_i64(shape))?.to_vec::<T>()
}

impl Tensor {
    /// `torch.equal(self, other)`: the same sizes and equal elements, compared in the promoted dtype (NaN equals
    /// nothing). Tensors on two devices are PyTorch's error.
    pub fn equal(&self, other: &Tensor) -> Result<bool> {
        check_same_device(self, other)?;
        if self.sizes() != other.sizes() {
            return Ok(false);
        }
        let dtype = promote_types(self.dtype(), other.dtype());
        crate::dispatch_dtype!(dtype, T => {
            Ok(values_as::<T>(self, dtype, self.sizes())? == values_as::<T>(other, dtype, self.sizes())?)
        })
    }
}
