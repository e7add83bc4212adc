//! The reductions over every kind of tensor: strided and meta tensors by PyTorch's rules (`tensor/reduce.rs`),
//! global tensors by OneFlow's sbp signatures (`global/reduce.rs`), sparse COO tensors as PyTorch's sparse
//! kernels (`sum` and `any` of every element give dense results) or its dispatcher's refusal.

use super::ternary::strided_output;
use super::{AnyOutput, AnyTensor};
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::op::ReduceOp;
use crate::sparse::view::dispatcher_error;
use crate::sparse::SparseCooTensor;
use crate::tensor::reduce as strided;
use crate::tensor::Output;

/// `op(x)` over `dims` (None: every dimension) with `keepdim` and `dtype=` into `output` (a new tensor or `out=`):
/// every [`ReduceOp`], `max`/`min` of every element (over a dimension: [`max_min_dim`]), `argmax`/`argmin` over at
/// most one dimension.
pub fn reduce(
    op: ReduceOp,
    x: &AnyTensor,
    dims: Option<&[i64]>,
    keepdim: bool,
    dtype: Option<DType>,
    output: AnyOutput<'_>,
) -> Result<AnyTensor> {
    match (x, output) {
        (AnyTensor::Strided(t), output) => {
            Ok(AnyTensor::Strided(strided::reduce(op, t, dims, keepdim, dtype, strided_output(output)?)?))
        }
        (AnyTensor::Global(g), AnyOutput::New) => {
            Ok(AnyTensor::from(crate::global::reduce::reduce(op, g, dims, keepdim, dtype)?))
        }
        (AnyTensor::Global(_), _) => {
            Err(Error::NotImplemented(format!("oxtorch does not support out= for {} of global tensors yet", op.name())))
        }
        (AnyTensor::SparseCoo(s), output) => sparse(op, s, dims, keepdim, dtype, output),
    }
}

/// The sparse rules: `sum` and `any` of every element are the reductions of the values (dense results);
/// everything else is PyTorch's dispatcher error, naming the overload the call reaches.
fn sparse(
    op: ReduceOp,
    s: &SparseCooTensor,
    dims: Option<&[i64]>,
    keepdim: bool,
    dtype: Option<DType>,
    output: AnyOutput<'_>,
) -> Result<AnyTensor> {
    let everything = dims.is_none() && !keepdim && matches!(output, AnyOutput::New);
    if everything && matches!(op, ReduceOp::Sum | ReduceOp::Any) {
        let values = s.raw_values();
        let result = strided::reduce(op, values, None, false, dtype, Output::New)?;
        return Ok(AnyTensor::Strided(result));
    }
    let overload = match (op, dims.is_some(), &output) {
        (ReduceOp::Sum, _, AnyOutput::Out(_)) => "sum.IntList_out",
        (ReduceOp::Sum, _, _) => {
            return Err(crate::sparse::refusal::not_supported("sum over dimensions"));
        }
        (ReduceOp::Mean, _, _) => "mean.dim",
        (ReduceOp::NanMean, _, _) => "ne.Tensor",
        (ReduceOp::Max | ReduceOp::Min, true, _) => {
            return Err(dispatcher_error(&format!("{}.dim", op.name()), s.device()))
        }
        (ReduceOp::All | ReduceOp::Any, true, _) => {
            return Err(dispatcher_error(&format!("{}.dims", op.name()), s.device()))
        }
        _ => op.name(),
    };
    Err(dispatcher_error(overload, s.device()))
}

/// `max`/`min` over dimension `dim`: the values and the indices (PyTorch's named tuple), new or into the `out=`
/// pair.
pub fn max_min_dim(
    op: ReduceOp,
    x: &AnyTensor,
    dim: i64,
    keepdim: bool,
    out: Option<(&mut AnyTensor, &mut AnyTensor)>,
) -> Result<(AnyTensor, AnyTensor)> {
    match (x, out) {
        (AnyTensor::Strided(t), None) => {
            let (v, i) = strided::max_min_dim(op, t, dim, keepdim, None)?;
            Ok((v.into(), i.into()))
        }
        (AnyTensor::Strided(t), Some((AnyTensor::Strided(v), AnyTensor::Strided(i)))) => {
            let (v, i) = strided::max_min_dim(op, t, dim, keepdim, Some((v, i)))?;
            Ok((v.into(), i.into()))
        }
        (AnyTensor::Global(g), None) => {
            let (v, i) = crate::global::reduce::max_min_dim_global(op, g, dim, keepdim)?;
            Ok((v.into(), i.into()))
        }
        (AnyTensor::SparseCoo(s), _) => Err(dispatcher_error(&format!("{}.dim", op.name()), s.device())),
        _ => Err(Error::NotImplemented(format!(
            "oxtorch does not support out= of another kind of tensor for {}",
            op.name()
        ))),
    }
}
