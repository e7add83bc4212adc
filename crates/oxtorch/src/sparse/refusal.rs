//! What PyTorch raises when a strided-only method meets a sparse COO tensor, and the sparse rules of the copies
//! (`copy_`, `clone`, `contiguous`): the exception class and message of each, in one table, so that the Rust API
//! and the Python bindings give the same errors.

use crate::device::Device;
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::memory_format::MemoryFormat;
use crate::sparse::coo::{sparse_coo_tensor, SparseCooOptions};
use crate::sparse::view::dispatcher_error;
use crate::sparse::SparseCooTensor;

/// What PyTorch raises when the method `method` meets a sparse COO tensor on `device`: the dispatcher's
/// `NotImplementedError` (its first sentence, "Could not run 'aten::...'", as `sparse.json` records it) for the
/// operator the method reaches first, or the method's own check. A method that PyTorch supports on sparse
/// tensors and oxtorch does not yet gets [`not_supported`].
pub fn refusal(method: &str, device: Device) -> Error {
    let dispatcher = |op: &str| dispatcher_error(op, device);
    match method {
        "view" | "unflatten" | "view_as" => dispatcher("view"),
        "narrow" | "squeeze" | "diagonal" | "as_strided" | "split" | "chunk" => dispatcher("as_strided"),
        "tensor_split" | "hsplit" | "vsplit" | "dsplit" | "split_with_sizes" => dispatcher("as_strided"),
        "unsafe_split" | "unsafe_split_with_sizes" => dispatcher("as_strided"),
        "squeeze_" | "unsqueeze_" | "as_strided_" => dispatcher("as_strided_"),
        "unfold" => dispatcher("unfold"),
        "fill_" | "ones_like" | "full_like" => dispatcher("fill_.Scalar"),
        "rand_like" => dispatcher("uniform_"),
        "randn_like" => dispatcher("normal_"),
        "randint_like" => dispatcher("random_.from"),
        "equal" => dispatcher("equal"),
        "allclose" => dispatcher("eq.Tensor"),
        "view(dtype)" => Error::NotImplemented("Cannot access storage of SparseTensorImpl".into()),
        "reshape" | "flatten" | "reshape_as" => Error::Runtime("reshape is not implemented for sparse tensors".into()),
        "expand" | "expand_as" => Error::Runtime("expand is unsupported for Sparse tensors".into()),
        "tolist" => Error::Runtime("Cannot access data pointer of Tensor that doesn't have storage".into()),
        "__setitem__" => Error::Type("Cannot assign to a sparse tensor".into()),
        other => not_supported(other),
    }
}

/// The error for a method that PyTorch supports on sparse tensors and oxtorch does not (yet).
pub fn not_supported(method: &str) -> Error {
    Error::NotImplemented(format!(
        "oxtorch does not support {method} on sparse COO tensors yet; call .to_dense() first"
    ))
}

/// PyTorch's refusal of a memory format for a sparse tensor (`contiguous()`, `clone(memory_format=...)` with
/// anything but `preserve_format`).
pub fn unsupported_memory_format(format: MemoryFormat) -> Error {
    let name = match format {
        MemoryFormat::Contiguous => "Contiguous",
        MemoryFormat::ChannelsLast => "ChannelsLast",
        MemoryFormat::ChannelsLast3d => "ChannelsLast3d",
        MemoryFormat::Preserve => "Preserve",
    };
    Error::Runtime(format!("unsupported memory format option {name}"))
}

/// `dst.copy_(src)` between sparse tensors: `dst` takes copies of `src`'s indices and values (in `dst`'s dtype,
/// on `dst`'s device) and its coalesced flag. PyTorch resizes `dst` when sizes or dimensions differ; oxtorch does
/// not support that yet.
pub fn copy_sparse(dst: &SparseCooTensor, src: &SparseCooTensor) -> Result<SparseCooTensor> {
    if dst.sizes() != src.sizes() || dst.sparse_dim() != src.sparse_dim() {
        return Err(not_supported("copy_ between sparse tensors of different sizes or sparse dimensions"));
    }
    let values = src.raw_values().to_dtype(dst.dtype())?;
    let values = if values.is_same(src.raw_values()) { values.clone_tensor()? } else { values };
    let indices = src.raw_indices().clone_tensor()?;
    let size: Vec<i64> = src.sizes().iter().map(|&x| x as i64).collect();
    let options = SparseCooOptions { is_coalesced: Some(src.is_coalesced()), ..Default::default() };
    sparse_coo_tensor(&indices, &values, Some(&size), options)?.to_device(dst.device())
}

/// PyTorch's refusal of a copy between a dense and a sparse tensor (`(dtype, is_sparse)` of each side).
pub fn dense_sparse_copy_error(dst: (DType, bool), src: (DType, bool)) -> Error {
    Error::Runtime(format!(
        "copy_() between dense and sparse Tensors is not implemented! Found self type = {} and src type = {}",
        dst.0.legacy_type_name(dst.1),
        src.0.legacy_type_name(src.1)
    ))
}

/// `split_with_sizes` (and `unsafe_split_with_sizes`, named `method`) of a sparse tensor: PyTorch checks the
/// dimension and each size just before cutting its piece, so a sparse tensor meets the checks before its first
/// cut, then that cut's refusal; no sizes along an empty dimension cut nothing and give no pieces.
pub fn split_with_sizes(s: &SparseCooTensor, sizes: &[i64], dim: i64, method: &str) -> Result<Vec<crate::Tensor>> {
    // the checks run on a meta tensor of the sparse tensor's sizes (zero strides: no size fails a storage check)
    let options = crate::TensorOptions::new().dtype(s.dtype()).device(Device::meta());
    let shaped = crate::empty_strided(s.sizes(), &vec![0; s.dim()], options)?;
    if shaped.dim() == 0 {
        return Err(Error::Runtime("split expects at least a 1-dimensional tensor".into()));
    }
    shaped.size(dim)?;
    if sizes.first().is_none_or(|&first| first < 0) {
        let parts = shaped.split_with_sizes(sizes, dim)?;
        if parts.is_empty() {
            return Ok(parts);
        }
    }
    Err(refusal(method, s.device()))
}
