//! Sparse COO tensors (`torch.sparse_coo`): a [`SparseCooTensor`] stores the coordinates of its specified
//! elements as an int64 `indices` tensor (`sparse_dim x nnz`) and their values as a dense `values` tensor
//! (`nnz x dense sizes`), both ordinary strided [`Tensor`]s on one device. Hybrid tensors keep `dense_dim`
//! trailing dimensions dense inside each value.
//!
//! The files, one concern each: [`coo`] (construction with PyTorch's size inference and checks, `to_sparse`,
//! accessors), [`coalesce`] (sorting and summing duplicates, `to_dense`, and the host-side index algorithms they
//! share), [`ops`] (add, sub, mul, div between every mix of sparse tensors, dense tensors and numbers), and the
//! repr in [`crate::display::sparse_coo_repr`].
//!
//! Arithmetic on values runs the dense operations ([`crate::tensor::ops::binary_op`]), so type promotion, casting
//! checks and the per-dtype arithmetic are the dense ones. The index algorithms (sorting coordinates, merging two
//! sorted index lists, scattering into a dense result) run on the host: tensors on another device are read to the
//! host, processed, and their results moved back, the way PyTorch's own CPU sparse kernels are organized.

pub mod coalesce;
pub mod coo;
pub mod ops;

pub use coo::{sparse_coo_tensor, SparseCooOptions};
pub use ops::{binary, AnyOperand, AnyOutput, AnyTensor};

use crate::device::Device;
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::layout::Layout;
use crate::shape::{self, Dims};
use crate::tensor::Tensor;

/// A sparse COO tensor (`layout=torch.sparse_coo`). Cloning the handle is cheap: the clone shares the indices
/// and values storages, as a second Python name for the same sparse tensor does.
#[derive(Clone, Debug)]
pub struct SparseCooTensor {
    indices: Tensor,
    values: Tensor,
    sizes: Dims,
    coalesced: bool,
}

impl SparseCooTensor {
    /// Assembles a sparse tensor from parts already checked by the caller: `indices` int64 of shape
    /// `sparse_dim x nnz`, `values` of shape `nnz x sizes[sparse_dim..]` on the same device.
    pub(crate) fn from_parts(indices: Tensor, values: Tensor, sizes: Dims, coalesced: bool) -> SparseCooTensor {
        SparseCooTensor { indices, values, sizes, coalesced }
    }

    /// The sizes of every dimension (`shape`), sparse dimensions first.
    pub fn sizes(&self) -> &[usize] {
        &self.sizes
    }

    /// Alias of [`SparseCooTensor::sizes`].
    pub fn shape(&self) -> &[usize] {
        &self.sizes
    }

    /// The size of one dimension; negative `dim` counts from the end.
    pub fn size(&self, dim: i64) -> Result<usize> {
        if self.dim() == 0 {
            return Err(Error::Index(format!("Dimension specified as {dim} but tensor has no dimensions")));
        }
        Ok(self.sizes[shape::wrap_dim(dim, self.dim())?])
    }

    /// Number of dimensions (`sparse_dim() + dense_dim()`).
    pub fn dim(&self) -> usize {
        self.sizes.len()
    }

    /// Number of elements of the dense equivalent.
    pub fn numel(&self) -> usize {
        shape::numel(&self.sizes)
    }

    /// The dtype of the values.
    pub fn dtype(&self) -> DType {
        self.values.dtype()
    }

    /// The device of indices and values.
    pub fn device(&self) -> Device {
        self.values.device()
    }

    /// Always [`Layout::SparseCoo`].
    pub fn layout(&self) -> Layout {
        Layout::SparseCoo
    }

    /// The number of sparse dimensions (the rows of `indices`).
    pub fn sparse_dim(&self) -> usize {
        self.indices.sizes()[0]
    }

    /// The number of dense dimensions (the dimensions of each value).
    pub fn dense_dim(&self) -> usize {
        self.values.dim() - 1
    }

    /// The number of specified elements (`_nnz()`), duplicates included.
    pub fn nnz(&self) -> usize {
        self.values.sizes()[0]
    }

    /// Whether the indices are known to be sorted and free of duplicates (`is_coalesced()`).
    pub fn is_coalesced(&self) -> bool {
        self.coalesced
    }

    /// Marks the tensor as coalesced or not without checking (`_coalesced_`), as PyTorch's method does.
    pub fn set_coalesced(&mut self, coalesced: bool) {
        self.coalesced = coalesced;
    }

    /// The indices (`indices()`): PyTorch refuses them on an uncoalesced tensor.
    pub fn indices(&self) -> Result<Tensor> {
        if !self.coalesced {
            return Err(Error::Runtime(
                "Cannot get indices on an uncoalesced tensor, please call .coalesce() first".into(),
            ));
        }
        Ok(self.indices.clone())
    }

    /// The values (`values()`): PyTorch refuses them on an uncoalesced tensor.
    pub fn values(&self) -> Result<Tensor> {
        if !self.coalesced {
            return Err(Error::Runtime(
                "Cannot get values on an uncoalesced tensor, please call .coalesce() first".into(),
            ));
        }
        Ok(self.values.clone())
    }

    /// The indices whether coalesced or not (`_indices()`), sharing storage with this tensor.
    pub fn raw_indices(&self) -> &Tensor {
        &self.indices
    }

    /// The values whether coalesced or not (`_values()`), sharing storage with this tensor.
    pub fn raw_values(&self) -> &Tensor {
        &self.values
    }

    /// Bytes per value.
    pub fn element_size(&self) -> usize {
        self.dtype().itemsize()
    }

    /// A copy with its own indices and values storages (`clone()`), keeping the coalesced flag.
    pub fn clone_tensor(&self) -> Result<SparseCooTensor> {
        Ok(SparseCooTensor {
            indices: self.indices.clone_tensor()?,
            values: self.values.clone_tensor()?,
            sizes: self.sizes.clone(),
            coalesced: self.coalesced,
        })
    }

    /// The values converted to `dtype` (`to(dtype)`); this tensor itself when it already has that dtype.
    pub fn to_dtype(&self, dtype: DType) -> Result<SparseCooTensor> {
        if dtype == self.dtype() {
            return Ok(self.clone());
        }
        Ok(SparseCooTensor { values: self.values.to_dtype(dtype)?, ..self.clone() })
    }

    /// Indices and values moved to `device` (`to(device)`); this tensor itself when already there.
    pub fn to_device(&self, device: Device) -> Result<SparseCooTensor> {
        let device = crate::backend::resolve_device(device)?;
        if device == self.device() {
            return Ok(self.clone());
        }
        Ok(SparseCooTensor {
            indices: self.indices.to_device(device)?,
            values: self.values.to_device(device)?,
            ..self.clone()
        })
    }

    /// Swaps two dimensions (`transpose`): only between two sparse or two dense dimensions, as in PyTorch.
    pub fn transpose(&self, dim0: i64, dim1: i64) -> Result<SparseCooTensor> {
        let n = self.dim();
        let (a, b) = (shape::wrap_dim(dim0, n)?, shape::wrap_dim(dim1, n)?);
        if n == 0 || a == b {
            return Ok(self.clone());
        }
        let sd = self.sparse_dim();
        if (a < sd) != (b < sd) {
            return Err(Error::Runtime(format!(
                "transpose(): cannot transpose a sparse dimension and a dense dimension (dim0={dim0}, dim1={dim1}; sparse_dim={sd})"
            )));
        }
        let mut sizes = self.sizes.clone();
        sizes.swap(a, b);
        if a < sd {
            let mut rows: Vec<Tensor> = (0..sd).map(|r| self.indices.select(0, r as i64)).collect::<Result<_>>()?;
            rows.swap(a, b);
            let host: Vec<i64> =
                rows.iter().map(|r| r.to_vec::<i64>()).collect::<Result<Vec<_>>>()?.into_iter().flatten().collect();
            let indices = crate::from_vec(host, self.indices.sizes())?.to_device(self.device())?;
            Ok(SparseCooTensor { indices, values: self.values.clone(), sizes, coalesced: false })
        } else {
            let values = self.values.transpose((a - sd + 1) as i64, (b - sd + 1) as i64)?;
            Ok(SparseCooTensor { indices: self.indices.clone(), values, sizes, coalesced: self.coalesced })
        }
    }

    /// PyTorch's repr: `tensor(indices=tensor(...), values=tensor(...), size=(...), nnz=N, layout=...)`.
    pub fn repr(&self) -> String {
        let has_data = self.values.storage().has_data() && self.indices.storage().has_data();
        let indices = if has_data { self.indices.to_scalars().ok() } else { None };
        let values = if has_data { self.values.to_scalars().ok() } else { None };
        let device = (!self.device().is_cpu()).then(|| self.device().to_string());
        crate::display::sparse_coo_repr(&crate::display::SparseReprInput {
            sizes: &self.sizes,
            dtype: self.dtype(),
            device,
            nnz: self.nnz(),
            indices_sizes: self.indices.sizes(),
            indices: indices.as_deref(),
            values_sizes: self.values.sizes(),
            values: values.as_deref(),
        })
    }
}

/// Prints PyTorch's repr.
impl std::fmt::Display for SparseCooTensor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.repr())
    }
}
