//! Sparse COO tensors (`torch.sparse_coo`): a [`SparseCooTensor`] stores the coordinates of its specified
//! elements as an int64 `indices` tensor (`sparse_dim x nnz`) and their values as a dense `values` tensor
//! (`nnz x dense sizes`), both ordinary strided [`Tensor`]s on one device. Hybrid tensors keep `dense_dim`
//! trailing dimensions dense inside each value.
//!
//! The files, one concern each: [`coo`] (construction with PyTorch's size inference and checks, `to_sparse`,
//! accessors), [`coalesce`] (sorting and summing duplicates, `to_dense`, and the host-side index algorithms they
//! share), [`ops`] (add, sub, mul, div, floor_divide between every mix of sparse tensors, dense tensors and
//! numbers), [`join`] (`cat` of sparse tensors, behind every joining function), [`view`] (the shape operations PyTorch has for sparse tensors: transpose, permute, unsqueeze, select
//! and integer indexing), and the repr in [`crate::display::sparse_coo_repr`].
//!
//! Arithmetic on values runs the dense operations ([`crate::tensor::ops::binary_op`]), so type promotion, casting
//! checks and the per-dtype arithmetic are the dense ones. The index algorithms (sorting coordinates, merging two
//! sorted index lists, scattering into a dense result) run on the host: tensors on another device are read to the
//! host, processed, and their results moved back, the way PyTorch's own CPU sparse kernels are organized.

pub mod coalesce;
pub mod coo;
pub mod join;
pub mod ops;
pub mod parts;
pub mod refusal;
pub mod unary;
pub mod view;

pub use coo::{sparse_coo_tensor, SparseCooOptions};
pub use ops::{binary, floor_divide, SparseOperand, SparseOutput};

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

    /// True on a CUDA device (`Tensor.is_cuda`).
    pub fn is_cuda(&self) -> bool {
        self.device().device_type() == crate::device::DeviceType::Cuda
    }

    /// The CUDA device index, or -1 elsewhere (`Tensor.get_device()`).
    pub fn get_device(&self) -> i64 {
        match (self.is_cuda(), self.device().index()) {
            (true, Some(i)) => i64::from(i),
            _ => -1,
        }
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

    /// The same sizes, sparse and dense dimensions and dtype with no specified elements (`zero_()`,
    /// `zeros_like`): coalesced.
    pub fn zeros_like(&self) -> Result<SparseCooTensor> {
        coo::sparse_zeros_with_dims(&self.sizes, self.sparse_dim(), self.dtype(), self.device())
    }

    /// The single element as a number (`item()`), as PyTorch computes it: the integer 0 without specified
    /// elements, the value of a coalesced tensor, else the sum of the values (integers and bool summed as
    /// int64, float16/bfloat16 in float32 and rounded once, other dtypes in their own type, in order).
    pub fn item(&self) -> Result<crate::Scalar> {
        let numel = self.numel();
        if numel != 1 {
            return Err(Error::Runtime(format!("a Tensor with {numel} elements cannot be converted to Scalar")));
        }
        if self.device().is_meta() {
            return Err(Error::Runtime("Tensor.item() cannot be called on meta tensors".into()));
        }
        if self.nnz() == 0 {
            return Ok(crate::Scalar::Int(0));
        }
        coalesce::require_data(self)?;
        let values = self.values.to_scalars()?;
        if self.coalesced {
            return Ok(values[0]);
        }
        use crate::Scalar;
        Ok(match self.dtype() {
            DType::Bool | DType::UInt8 | DType::Int8 | DType::Int16 | DType::Int32 | DType::Int64 => {
                Scalar::Int(values.iter().fold(0i64, |acc, v| acc.wrapping_add(v.to_i64())))
            }
            DType::Float16 | DType::BFloat16 => {
                let sum = values.iter().fold(0f32, |acc, v| acc + v.to_f64() as f32);
                let rounded = if self.dtype() == DType::Float16 {
                    half::f16::from_f32(sum).to_f64()
                } else {
                    half::bf16::from_f32(sum).to_f64()
                };
                Scalar::Float(rounded)
            }
            DType::Float32 => Scalar::Float(values.iter().fold(0f32, |acc, v| acc + v.to_f64() as f32) as f64),
            DType::Float64 => Scalar::Float(values.iter().fold(0f64, |acc, v| acc + v.to_f64())),
            DType::Complex64 => {
                let sum = values.iter().fold(num_complex::Complex::<f32>::new(0.0, 0.0), |acc, v| {
                    let c = v.to_complex();
                    acc + num_complex::Complex::new(c.re as f32, c.im as f32)
                });
                Scalar::Complex(num_complex::Complex::new(sum.re as f64, sum.im as f64))
            }
            DType::Complex128 => {
                Scalar::Complex(values.iter().fold(num_complex::Complex::new(0.0, 0.0), |acc, v| acc + v.to_complex()))
            }
        })
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Scalar;

    fn coo(indices: Vec<i64>, sparse_dim: usize, values: Tensor, sizes: &[i64]) -> SparseCooTensor {
        let nnz = indices.len() / sparse_dim.max(1);
        let indices = crate::from_vec(indices, &[sparse_dim, nnz]).unwrap();
        sparse_coo_tensor(&indices, &values, Some(sizes), SparseCooOptions::default()).unwrap()
    }

    #[test]
    fn item_as_pytorch_computes_it() {
        // uncoalesced: the sum of the values; integers (and bool) as int64
        let s = coo(vec![0, 0], 1, crate::from_vec(vec![2i32, 3], &[2]).unwrap(), &[1]);
        assert_eq!(s.item().unwrap(), Scalar::Int(5));
        let b = coo(vec![0, 0], 1, crate::from_vec(vec![true, true], &[2]).unwrap(), &[1]);
        assert_eq!(b.item().unwrap(), Scalar::Int(2));
        // no elements: the integer 0 whatever the dtype
        let e = coo::sparse_zeros(&[1], Some(DType::Float64), None).unwrap();
        assert_eq!(e.item().unwrap(), Scalar::Int(0));
        let many = coo::sparse_zeros(&[2, 3], None, None).unwrap();
        assert_eq!(many.item().unwrap_err().to_string(), "a Tensor with 6 elements cannot be converted to Scalar");
    }

    #[test]
    fn transpose_only_between_sparse_dimensions() {
        let values = crate::from_vec(vec![1f32, 2., 3., 4.], &[2, 2]).unwrap();
        let h = coo(vec![1, 0], 1, values, &[3, 2]);
        assert_eq!(
            h.transpose(0, -1).unwrap_err().to_string(),
            "sparse transpose: transposed dimensions must be sparse Got sparse_dim: 1, d0: 0, d1: 1"
        );
        assert_eq!(
            h.t().unwrap_err().to_string(),
            "t() expects a tensor with <= 2 sparse and 0 dense dimensions, but got 1 sparse and 1 dense dimensions"
        );
        // equal dimensions: the tensor itself, flag kept
        assert!(!h.transpose(1, -1).unwrap().is_coalesced());
        let m = crate::from_vec(vec![0f32, 1., 2., 0.], &[2, 2]).unwrap().to_sparse().unwrap();
        let t = m.t().unwrap();
        assert!(!t.is_coalesced());
        assert_eq!(t.raw_indices().to_vec::<i64>().unwrap(), vec![1, 0, 0, 1]);
        assert_eq!(t.to_dense().unwrap().to_vec::<f32>().unwrap(), vec![0., 2., 1., 0.]);
    }
}
