//! Joining tensors of every kind: strided and meta tensors by PyTorch's rules (`tensor/join.rs`), global tensors by
//! OneFlow's sbp signatures of `concat` and `stack` (`global/join.rs`), and as soon as one input is sparse, PyTorch's
//! sparse `cat` (`sparse/join.rs`) behind every function; local and global tensors do not mix (OneFlow's error).

pub use crate::tensor::join::Stacking;

use super::ternary::strided_output;
use super::{inconsistent_attributes, AnyOutput, AnyTensor};
use crate::error::{Error, Result};
use crate::global::join::{join as global_join, Joining};
use crate::global::GlobalTensor;
use crate::sparse::view::dispatcher_error;
use crate::tensor::join::{self as strided, check_stack_sizes, Raising};
use crate::tensor::Tensor;

/// Which joining function a call names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Join {
    /// `cat` (`concat`, `concatenate`) along `dim`.
    Cat(i64),
    /// `stack` along a new dimension `dim`.
    Stack(i64),
    /// `hstack`, `vstack` or `dstack`.
    Numpy(Stacking),
}

impl Join {
    /// The function's name (OneFlow's op name for global errors).
    fn name(self) -> &'static str {
        match self {
            Join::Cat(_) => "cat",
            Join::Stack(_) => "stack",
            Join::Numpy(kind) => kind.name(),
        }
    }
}

/// `join(tensors)` into `output` (a new tensor or `out=`).
pub fn join(join: Join, tensors: &[&AnyTensor], output: AnyOutput<'_>) -> Result<AnyTensor> {
    let out = match &output {
        AnyOutput::Out(t) => Some(*t as &AnyTensor),
        _ => None,
    };
    let everything: Vec<&AnyTensor> = tensors.iter().copied().chain(out).collect();
    if let Some(sparse) = everything.iter().find_map(|t| t.sparse()) {
        return sparse_join(join, tensors, out.is_some(), sparse.device());
    }
    let globals = everything.iter().filter(|t| matches!(t, AnyTensor::Global(_))).count();
    if globals == 0 {
        let strided: Vec<&Tensor> = tensors.iter().filter_map(|t| t.strided()).collect();
        let output = strided_output(output)?;
        let result = match join {
            Join::Cat(dim) => strided::cat(&strided, dim, output)?,
            Join::Stack(dim) => strided::stack(&strided, dim, output)?,
            Join::Numpy(kind) => strided::stack_numpy(kind, &strided, output)?,
        };
        return Ok(AnyTensor::Strided(result));
    }
    if globals != everything.len() {
        return Err(inconsistent_attributes(join.name(), &everything));
    }
    if out.is_some() {
        return Err(Error::NotImplemented(format!(
            "oxtorch does not support out= for {} of global tensors yet",
            join.name()
        )));
    }
    let global: Vec<&GlobalTensor> = tensors.iter().filter_map(|t| t.global()).collect();
    let joined = match join {
        Join::Cat(dim) => global_join(Joining::Cat, &global, dim)?,
        Join::Stack(dim) => global_join(Joining::Stack, &global, dim)?,
        Join::Numpy(kind) => {
            return Err(Error::NotImplemented(format!(
                "oxtorch does not support {} of global tensors yet (cat and stack are)",
                kind.name()
            )))
        }
    };
    Ok(AnyTensor::from(joined))
}

/// An input as PyTorch's sparse path reshapes it: dense inputs by the strided views, sparse ones by theirs (a
/// sparse tensor has no `reshape`).
fn unsqueezed(t: &AnyTensor, dims: &[i64]) -> Result<AnyTensor> {
    match t {
        AnyTensor::SparseCoo(s) => {
            let mut s = (**s).clone();
            for &d in dims {
                s = s.unsqueeze(d)?;
            }
            Ok(AnyTensor::from(s))
        }
        AnyTensor::Strided(x) => Ok(AnyTensor::Strided(dims.iter().try_fold(x.clone(), |x, &d| x.unsqueeze(d))?)),
        AnyTensor::Global(_) => Err(inconsistent_attributes("cat", &[t])),
    }
}

/// The joining functions when an input is sparse: PyTorch's sparse `cat` of the inputs as each function shapes
/// them (`stack`: the sizes compared, each input unsqueezed; numpy's: raised to their least rank). An `out=` tensor
/// reaches PyTorch's dispatcher error (its sparse `cat` has no `out=` form).
fn sparse_join(join: Join, tensors: &[&AnyTensor], out: bool, device: crate::device::Device) -> Result<AnyTensor> {
    let (inputs, dim): (Vec<AnyTensor>, i64) = match join {
        Join::Cat(dim) => (tensors.iter().map(|t| (*t).clone()).collect(), dim),
        Join::Stack(dim) => {
            let Some(first) = tensors.first() else {
                return Err(Error::Runtime("stack expects a non-empty TensorList".into()));
            };
            crate::shape::wrap_dim(dim, first.dim() + 1)?;
            check_stack_sizes(tensors.iter().map(|t| t.sizes()))?;
            (tensors.iter().map(|t| unsqueezed(t, &[dim])).collect::<Result<_>>()?, dim)
        }
        Join::Numpy(kind) => {
            if tensors.is_empty() {
                return Err(Error::Runtime(format!("{} expects a non-empty TensorList", kind.name())));
            }
            let raised: Vec<AnyTensor> = tensors
                .iter()
                .map(|t| match (kind.raising(t.dim()), t) {
                    (Raising::Reshape(_), AnyTensor::SparseCoo(_)) => {
                        Err(Error::Runtime("reshape is not implemented for sparse tensors".into()))
                    }
                    (Raising::Reshape(shape), AnyTensor::Strided(x)) => Ok(AnyTensor::Strided(x.reshape(shape)?)),
                    (Raising::Unsqueeze(dims), _) => unsqueezed(t, dims),
                    (Raising::Reshape(_), AnyTensor::Global(_)) => Err(inconsistent_attributes(kind.name(), &[t])),
                })
                .collect::<Result<_>>()?;
            let dim = kind.joined_dim(raised[0].dim());
            (raised, dim)
        }
    };
    if out {
        return Err(dispatcher_error("cat.out", device));
    }
    let refs: Vec<&AnyTensor> = inputs.iter().collect();
    Ok(AnyTensor::from(crate::sparse::join::cat(&refs, dim)?))
}
