//! Rules of PyTorch (and OneFlow) for a tensor of any kind that are not elementwise operations: its truth value
//! and Python number, its device, flattening, the matrix transpose, `detach_` and `fill_`. They live here so that
//! a Rust user gets the same checks and messages as the Python package, which only converts arguments.

use super::AnyTensor;
use crate::device::Device;
use crate::error::{runtime_err, Error, Result};
use crate::memory_format::MemoryFormat;
use crate::scalar::Scalar;
use crate::shape::wrap_dim;
use crate::tensor::{Operand, Tensor};

impl AnyTensor {
    /// The value of a one-element tensor (`item()`); a global tensor's logical value is gathered first (a
    /// collective: every rank must ask).
    pub fn item(&self) -> Result<Scalar> {
        match self {
            AnyTensor::Strided(t) => t.item(),
            AnyTensor::SparseCoo(s) => s.item(),
            AnyTensor::Global(g) => g.to_logical()?.item(),
        }
    }

    /// `bool(t)`: PyTorch's `is_nonzero`, an error for no element or more than one.
    pub fn is_nonzero(&self) -> Result<bool> {
        match self.numel() {
            0 => runtime_err!("Boolean value of Tensor with no values is ambiguous"),
            1 => Ok(self.item()?.to_bool()),
            _ => runtime_err!("Boolean value of Tensor with more than one value is ambiguous"),
        }
    }

    /// The value of a one-element tensor as `int(t)`, `float(t)`, `complex(t)` take it (Python's `ValueError`
    /// for any other tensor).
    pub fn single_value(&self) -> Result<Scalar> {
        if self.numel() != 1 {
            return Err(Error::Value("only one element tensors can be converted to Python scalars".into()));
        }
        self.item()
    }

    /// `operator.index(t)`: the value of an integer (or bool) tensor of one element.
    pub fn index_value(&self) -> Result<i64> {
        if !self.dtype().is_integral(true) || self.numel() != 1 {
            return Err(Error::Type("only integer tensors of a single element can be converted to an index".into()));
        }
        Ok(self.item()?.to_i64())
    }

    /// Whether both handles show the same tensor (an operation that returned its input, as `flatten` of one
    /// dimension does).
    pub fn same_tensor(&self, other: &AnyTensor) -> bool {
        match (self, other) {
            (AnyTensor::Strided(a), AnyTensor::Strided(b)) => a.is_same(b),
            (AnyTensor::SparseCoo(a), AnyTensor::SparseCoo(b)) => {
                a.raw_indices().is_same(b.raw_indices()) && a.raw_values().is_same(b.raw_values())
            }
            (AnyTensor::Global(a), AnyTensor::Global(b)) => a.local().is_same(b.local()) && a.sbp() == b.sbp(),
            _ => false,
        }
    }

    /// `narrow`'s start given as a tensor: its value, which must be a zero-dim integer tensor.
    pub fn narrow_start(&self) -> Result<i64> {
        if self.dim() != 0 || !self.dtype().is_integral(false) {
            runtime_err!("start must be an 0-dim integral Tensor.")
        }
        Ok(self.item()?.to_i64())
    }

    /// The number of elements.
    pub fn numel(&self) -> usize {
        self.sizes().iter().product()
    }

    /// `t.device` of a local tensor; OneFlow's error for a global one, which has a placement instead.
    pub fn local_device(&self) -> Result<Device> {
        match self {
            AnyTensor::Global(_) => {
                runtime_err!("Only local tensors have 'device'. Please use '.placement' for global tensors.")
            }
            _ => Ok(self.device()),
        }
    }

    /// `flatten(start_dim, end_dim)`: this tensor itself when the range is one dimension (PyTorch returns `self`),
    /// else the merged view or copy; a sparse tensor checks the range, then is refused (PyTorch reshapes it).
    pub fn flatten(&self, start_dim: i64, end_dim: i64) -> Result<AnyTensor> {
        let n = self.dim();
        let one_dim = n > 0 && wrap_dim(start_dim, n)? == wrap_dim(end_dim, n)?;
        match self {
            AnyTensor::SparseCoo(s) => {
                if wrap_dim(start_dim, n)? > wrap_dim(end_dim, n)? {
                    runtime_err!("flatten() has invalid args: start_dim cannot come after end_dim")
                }
                match one_dim {
                    true => Ok(self.clone()),
                    false => Err(crate::sparse::refusal::refusal("flatten", s.device())),
                }
            }
            _ if one_dim => Ok(self.clone()),
            AnyTensor::Strided(t) => t.flatten(start_dim, end_dim).map(AnyTensor::Strided),
            AnyTensor::Global(g) => Err(super::global_unsupported(g)),
        }
    }

    /// `t.mT`: the last two dimensions swapped (a zero-dim tensor is itself; PyTorch deprecates that, and the
    /// caller warns); a 1-D sparse tensor is PyTorch's error.
    pub fn matrix_transpose(&self) -> Result<AnyTensor> {
        match self {
            AnyTensor::Strided(t) => t.matrix_transpose().map(AnyTensor::Strided),
            AnyTensor::SparseCoo(s) => match s.dim() {
                0 => Ok(self.clone()),
                1 => runtime_err!("tensor.mT is only supported on matrices or batches of matrices. Got 1-D tensor."),
                _ => s.transpose(-2, -1).map(AnyTensor::from),
            },
            AnyTensor::Global(g) => Err(super::global_unsupported(g)),
        }
    }

    /// `detach_()`: nothing to detach from (oxtorch has no autograd graph); PyTorch's error for a view.
    pub fn detach_(&self) -> Result<()> {
        match self {
            AnyTensor::Strided(t) if t.is_view() => runtime_err!(
                "Can't detach views in-place. Use detach() instead. If you are using DistributedDataParallel (DDP) \
                 for training, and gradient_as_bucket_view is set as True, gradients are views of DDP buckets, and \
                 hence detach_() cannot be called on these gradients. To fix this error, please refer to the \
                 Optimizer.zero_grad() function in torch/optim/optimizer.py as the solution."
            ),
            _ => Ok(()),
        }
    }
}

impl Tensor {
    /// `fill_(value)` as PyTorch takes its value: a number, checked to fit the dtype (`value cannot be converted
    /// to type uint8_t without overflow`), or a zero-dim tensor, copied in with a cast and no check (from a clone
    /// when it is a view of this tensor).
    pub fn fill_value_(&self, value: &Operand) -> Result<()> {
        match value {
            Operand::Scalar(v) => {
                v.check_convertible(self.dtype(), crate::scalar::fill_check(self.numel()))?;
                self.fill_(*v)
            }
            Operand::Tensor(t) if t.dim() != 0 => {
                runtime_err!("fill_ only supports 0-dimension value tensor but got tensor with {} dimensions.", t.dim())
            }
            Operand::Tensor(t) if t.is_alias_of(self) => self.copy_(&t.clone_in(MemoryFormat::Contiguous)?),
            Operand::Tensor(t) => self.copy_(t),
        }
    }
}
