//! The matrix products over every kind of tensor: strided and meta tensors by PyTorch's rules
//! (`tensor/matmul.rs`); sparse COO and global operands are refused for now (oxtorch's own error, naming what is
//! missing), and local and global tensors do not mix (OneFlow's error).

pub use crate::tensor::matmul::Product;

use super::ternary::strided_output;
use super::{inconsistent_attributes, AnyOutput, AnyTensor};
use crate::error::{Error, Result};
use crate::tensor::matmul as strided;

/// `product(a, b)` into `output` (a new tensor or `out=`).
pub fn product(product: Product, a: &AnyTensor, b: &AnyTensor, output: AnyOutput<'_>) -> Result<AnyTensor> {
    let out = match &output {
        AnyOutput::Out(t) => Some(*t as &AnyTensor),
        _ => None,
    };
    let everything: Vec<&AnyTensor> = [a, b].into_iter().chain(out).collect();
    if everything.iter().any(|t| t.sparse().is_some()) {
        return Err(crate::sparse::refusal::not_supported(product.name()));
    }
    let globals = everything.iter().filter(|t| matches!(t, AnyTensor::Global(_))).count();
    if globals == 0 {
        let (Some(a), Some(b)) = (a.strided(), b.strided()) else {
            return Err(Error::Runtime("internal error: a non-strided operand on the strided path".into()));
        };
        return Ok(AnyTensor::Strided(strided::product(product, a, b, strided_output(output)?)?));
    }
    if globals != everything.len() {
        return Err(inconsistent_attributes(product.name(), &everything));
    }
    Err(Error::NotImplemented(format!("oxtorch does not support {} of global tensors yet", product.name())))
}
