//! Copies of a tensor of any kind (`copy_`, `clone`, `contiguous`), with PyTorch's rules for sparse tensors and
//! oxtorch's refusal for global tensors (which have no copies of their own yet).

use super::AnyTensor;
use crate::error::{Error, Result};
use crate::global::GlobalTensor;
use crate::memory_format::MemoryFormat;
use crate::sparse::refusal::{copy_sparse, dense_sparse_copy_error, unsupported_memory_format};

/// What a global tensor raises for an operation that has no global version yet.
pub fn global_unsupported(g: &GlobalTensor) -> Error {
    Error::Runtime(format!(
        "this operation is not supported for global tensors yet (placement={}, sbp={}); .to_local() gives this \
         rank's component",
        g.placement().repr(),
        crate::global::sbp::nd_repr(g.sbp())
    ))
}

impl AnyTensor {
    /// `self.copy_(src)`: strided tensors copy with broadcasting and conversion; a sparse tensor takes copies of
    /// another sparse tensor's indices and values (this tensor is replaced); between a dense and a sparse tensor
    /// PyTorch's refusal.
    pub fn copy_(&mut self, src: &AnyTensor) -> Result<()> {
        match (&*self, src) {
            (AnyTensor::Strided(dst), AnyTensor::Strided(src)) => dst.copy_(src),
            (AnyTensor::SparseCoo(dst), AnyTensor::SparseCoo(src)) => {
                *self = AnyTensor::from(copy_sparse(dst, src)?);
                Ok(())
            }
            (AnyTensor::Global(g), _) | (_, AnyTensor::Global(g)) => Err(global_unsupported(g)),
            (dst, src) => Err(dense_sparse_copy_error(
                (dst.dtype(), dst.sparse().is_some()),
                (src.dtype(), src.sparse().is_some()),
            )),
        }
    }

    /// A copy of the data (`clone(memory_format=...)`): a sparse tensor takes only `preserve_format`.
    pub fn clone_in(&self, format: MemoryFormat) -> Result<AnyTensor> {
        match self {
            AnyTensor::Strided(t) => t.clone_in(format).map(AnyTensor::Strided),
            AnyTensor::SparseCoo(_) if format != MemoryFormat::Preserve => Err(unsupported_memory_format(format)),
            AnyTensor::SparseCoo(s) => s.clone_tensor().map(AnyTensor::from),
            AnyTensor::Global(g) => Err(global_unsupported(g)),
        }
    }

    /// `contiguous(memory_format=...)`: this tensor when already contiguous in `format` (PyTorch checks that
    /// before it refuses `preserve_format`), else a copy laid out so; a sparse tensor refuses every format.
    pub fn contiguous_in(&self, format: MemoryFormat) -> Result<AnyTensor> {
        match self {
            AnyTensor::Strided(t) if t.is_contiguous_in(format) => Ok(self.clone()),
            AnyTensor::Strided(t) => t.contiguous_in(format).map(AnyTensor::Strided),
            AnyTensor::SparseCoo(_) => Err(unsupported_memory_format(format)),
            AnyTensor::Global(g) => Err(global_unsupported(g)),
        }
    }
}
