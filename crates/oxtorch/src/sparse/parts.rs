//! The complex parts of sparse COO tensors, as PyTorch's sparse kernels give them (recorded in
//! `tests/data/complex.json`): `real`/`imag` (the values' parts, views of them, under the same indices, marked
//! uncoalesced as PyTorch's `select` of a dense dimension marks them), `view_as_real` (a dense dimension of size 2
//! added, the coalesced flag kept) and `view_as_complex` (the last dense dimension, of size 2, folded into complex
//! values), with PyTorch's messages.

use super::SparseCooTensor;
use crate::dtype::DType;
use crate::error::{runtime_err, Result};

impl SparseCooTensor {
    /// The real parts (`torch.real`): for a complex tensor, a sparse tensor of the real dtype whose values view
    /// this tensor's; a real tensor is itself.
    pub fn real(&self) -> SparseCooTensor {
        if !self.dtype().is_complex() {
            return self.clone();
        }
        self.with_values(self.values.real(), false)
    }

    /// The imaginary parts (`torch.imag`): as [`SparseCooTensor::real`]; PyTorch's `TypeError` for a real tensor.
    pub fn imag(&self) -> Result<SparseCooTensor> {
        Ok(self.with_values(self.values.imag()?, false))
    }

    /// `torch.view_as_real`: the values' parts as a new last dense dimension of size 2 (views of the values).
    pub fn view_as_real(&self) -> Result<SparseCooTensor> {
        if !self.dtype().is_complex() {
            runtime_err!("view_as_real_sparse is only supported for complex sparse tensors")
        }
        let mut result = self.with_values(self.values.view_as_real()?, self.is_coalesced());
        result.sizes.push(2);
        Ok(result)
    }

    /// `torch.view_as_complex`: a last dense dimension of size 2 read as the real and imaginary parts.
    pub fn view_as_complex(&self) -> Result<SparseCooTensor> {
        if !matches!(self.dtype(), DType::Float16 | DType::Float32 | DType::Float64) {
            runtime_err!("view_as_complex_sparse is only supported for half, float, and double sparse tensors")
        }
        if self.dense_dim() == 0 || self.sizes.last() != Some(&2) {
            runtime_err!(
                "view_as_complex_sparse is only supported for sparse tensors with the last dim == 2 and dense_dim > 0."
            )
        }
        let mut result = self.with_values(self.values.view_as_complex()?, self.is_coalesced());
        result.sizes.pop();
        Ok(result)
    }

    /// This tensor's indices and sizes with other values.
    fn with_values(&self, values: crate::Tensor, coalesced: bool) -> SparseCooTensor {
        SparseCooTensor::from_parts(self.indices.clone(), values, self.sizes.clone(), coalesced)
    }
}
