//! `Tensor`: a strided view of a [`Storage`] with a dtype, and its methods, one file per family:
//! [`factory`] (creating tensors), [`view`] (views sharing storage), [`index`] (Python-style indexing),
//! [`split`] (the split family: `tensor_split`, `hsplit`, `unbind` ...), [`join`] (`cat`, `stack` ...), [`advanced_index`] (indexing with
//! index tensors and masks), [`convert`] (copies and casts), [`pointwise`] (`addcmul`, `addcdiv`, `lerp`), `meta`
//! (elementwise operations on the meta device, as PyTorch's Python references run them), and `Display` (PyTorch's
//! repr).

pub mod advanced_index;
pub mod compare;
pub mod convert;
pub mod factory;
pub mod factory_args;
pub mod index;
pub mod join;
pub mod math_bits;
pub mod matmul;
pub(crate) mod meta;
pub mod operand;
pub mod operators;
pub mod ops;
pub mod options;
pub mod pointwise;
pub(crate) mod pow;
pub mod reduce;
pub mod split;
pub mod ternary;
pub mod unary;
pub mod view;

use crate::backend::cpu::CpuElement;
use crate::device::Device;
use crate::dtype::DType;
use crate::element::Element;
use crate::error::{runtime_err, Error, Result};
use crate::layout::Layout;
use crate::memory_format::{self, MemoryFormat};
use crate::scalar::Scalar;
use crate::shape::{self, Dims};
use crate::storage::Storage;
use std::sync::Arc;

pub use math_bits::MathBits;
pub use operand::{Operand, Output};
pub use options::TensorOptions;

#[derive(Debug)]
struct TensorImpl {
    storage: Storage,
    offset: usize,
    sizes: Dims,
    strides: Dims,
    /// The tensor a view was made from (the first of a chain of views), as PyTorch's `_base`; None for a
    /// tensor that is not a view.
    base: Option<Tensor>,
    /// PyTorch's lazy conjugate and negative bits ([`math_bits`]): how the stored values are read as the
    /// tensor's values.
    bits: MathBits,
}

/// A strided tensor. Cloning a `Tensor` handle is cheap and yields another handle to the same tensor (as
/// binding a tensor to a second Python name does); [`Tensor::clone_tensor`] copies the data.
#[derive(Clone, Debug)]
pub struct Tensor {
    inner: Arc<TensorImpl>,
}

impl Tensor {
    /// A tensor over `storage` with the given geometry. The caller guarantees the view is in bounds.
    pub(crate) fn from_parts(storage: Storage, offset: usize, sizes: Dims, strides: Dims) -> Tensor {
        debug_assert_eq!(sizes.len(), strides.len());
        let bits = MathBits::NONE;
        Tensor { inner: Arc::new(TensorImpl { storage, offset, sizes, strides, base: None, bits }) }
    }

    /// A view of `storage` with the given geometry, checked to stay within the storage.
    pub fn from_storage(storage: Storage, offset: usize, sizes: &[usize], strides: &[usize]) -> Result<Tensor> {
        if sizes.len() != strides.len() {
            runtime_err!("mismatch in length of strides and shape")
        }
        let needed = shape::required_storage_len(sizes, strides, offset);
        if needed > storage.len() {
            runtime_err!(
                "setStorage: sizes {}, strides {}, storage offset {offset}, and itemsize {} requiring a storage size of {} are out of bounds for storage of size {}",
                shape::fmt_list(sizes),
                shape::fmt_list(strides),
                storage.dtype().itemsize(),
                needed * storage.dtype().itemsize(),
                storage.nbytes()
            )
        }
        Ok(Tensor::from_parts(storage, offset, Dims::from_slice(sizes), Dims::from_slice(strides)))
    }

    /// A view of this tensor with new geometry over the same storage (its `base` is this tensor's base, or this
    /// tensor), with this tensor's conjugate and negative bits.
    pub(crate) fn with_geometry(&self, offset: usize, sizes: Dims, strides: Dims) -> Tensor {
        self.view_of_storage(self.inner.storage.clone(), offset, sizes, strides, self.math_bits())
    }

    /// A view of this tensor's storage reinterpreted as `storage` (another dtype over the same bytes), with the
    /// given geometry and bits (its `base` is this tensor's base, or this tensor).
    pub(crate) fn view_of_storage(
        &self,
        storage: Storage,
        offset: usize,
        sizes: Dims,
        strides: Dims,
        bits: MathBits,
    ) -> Tensor {
        let base = Some(self.view_base().unwrap_or(self).clone());
        Tensor { inner: Arc::new(TensorImpl { storage, offset, sizes, strides, base, bits }) }
    }

    /// A new tensor over the same storage with the same geometry and bits that is not a view (`detach()`, and
    /// `view(dtype)` to the same dtype, are not views to PyTorch).
    pub(crate) fn alias(&self) -> Tensor {
        let inner = TensorImpl { base: None, ..self.impl_clone() };
        Tensor { inner: Arc::new(inner) }
    }

    /// A copy of this tensor's description (a new handle to be changed before it is shared).
    fn impl_clone(&self) -> TensorImpl {
        let TensorImpl { storage, offset, sizes, strides, base, bits } = &*self.inner;
        TensorImpl {
            storage: storage.clone(),
            offset: *offset,
            sizes: sizes.clone(),
            strides: strides.clone(),
            base: base.clone(),
            bits: *bits,
        }
    }

    /// The tensor this one is a view of (PyTorch's `_base`), None when it is not a view. View operations make
    /// views; a view of a view has the first tensor of the chain as its base.
    pub fn view_base(&self) -> Option<&Tensor> {
        self.inner.base.as_ref()
    }

    /// Whether this tensor is a view of another (PyTorch's `_is_view()`).
    pub fn is_view(&self) -> bool {
        self.inner.base.is_some()
    }

    /// The sizes of each dimension (`Tensor.shape`).
    pub fn sizes(&self) -> &[usize] {
        &self.inner.sizes
    }

    /// Alias of [`Tensor::sizes`].
    pub fn shape(&self) -> &[usize] {
        &self.inner.sizes
    }

    /// The size of one dimension; negative `dim` counts from the end.
    pub fn size(&self, dim: i64) -> Result<usize> {
        self.check_has_dims(dim)?;
        Ok(self.inner.sizes[shape::wrap_dim(dim, self.dim())?])
    }

    /// The strides, in elements (`Tensor.stride()`).
    pub fn strides(&self) -> &[usize] {
        &self.inner.strides
    }

    /// The stride of one dimension; negative `dim` counts from the end.
    pub fn stride(&self, dim: i64) -> Result<usize> {
        self.check_has_dims(dim)?;
        Ok(self.inner.strides[shape::wrap_dim(dim, self.dim())?])
    }

    /// `size(dim)` and `stride(dim)` need a dimension to look at (c10's `maybe_wrap_dim` without scalar wrapping).
    fn check_has_dims(&self, dim: i64) -> Result<()> {
        if self.dim() == 0 {
            return Err(Error::Index(format!("Dimension specified as {dim} but tensor has no dimensions")));
        }
        Ok(())
    }

    /// Offset of the first element in the storage, in elements.
    pub fn storage_offset(&self) -> usize {
        self.inner.offset
    }

    /// Number of dimensions.
    pub fn dim(&self) -> usize {
        self.inner.sizes.len()
    }

    /// Number of elements.
    pub fn numel(&self) -> usize {
        shape::numel(&self.inner.sizes)
    }

    /// Bytes per element.
    pub fn element_size(&self) -> usize {
        self.dtype().itemsize()
    }

    /// The element type.
    pub fn dtype(&self) -> DType {
        self.inner.storage.dtype()
    }

    /// The device the data lives on.
    pub fn device(&self) -> Device {
        self.inner.storage.device()
    }

    /// The layout (always strided for dense tensors).
    pub fn layout(&self) -> Layout {
        Layout::Strided
    }

    /// The storage this tensor views.
    pub fn storage(&self) -> &Storage {
        &self.inner.storage
    }

    /// Whether the tensor is row-major contiguous (`is_contiguous()`).
    pub fn is_contiguous(&self) -> bool {
        shape::is_contiguous(self.sizes(), self.strides())
    }

    /// Whether the tensor is contiguous in `format` (`is_contiguous(memory_format=...)`).
    pub fn is_contiguous_in(&self, format: MemoryFormat) -> bool {
        format.is_contiguous(self.sizes(), self.strides())
    }

    /// Whether the elements tile a dense block without overlap, in any dimension order.
    pub fn is_non_overlapping_and_dense(&self) -> bool {
        shape::is_non_overlapping_and_dense(self.sizes(), self.strides())
    }

    /// The memory format PyTorch suggests for this tensor's strides.
    pub fn suggest_memory_format(&self) -> MemoryFormat {
        memory_format::suggest_memory_format(self.sizes(), self.strides())
    }

    /// True for floating dtypes.
    pub fn is_floating_point(&self) -> bool {
        self.dtype().is_floating_point()
    }

    /// True for complex dtypes.
    pub fn is_complex(&self) -> bool {
        self.dtype().is_complex()
    }

    /// True on a CUDA device (`Tensor.is_cuda`).
    pub fn is_cuda(&self) -> bool {
        self.device().device_type() == crate::device::DeviceType::Cuda
    }

    /// The CUDA device index, or -1 for a tensor on the CPU (`Tensor.get_device()`).
    pub fn get_device(&self) -> i64 {
        match (self.is_cuda(), self.device().index()) {
            (true, Some(i)) => i64::from(i),
            _ => -1,
        }
    }

    /// True on the meta device (shape and dtype, no data).
    pub fn is_meta(&self) -> bool {
        self.device().is_meta()
    }

    /// Whether both handles view the same storage.
    pub fn is_alias_of(&self, other: &Tensor) -> bool {
        self.storage().ptr_eq(other.storage())
    }

    /// Whether both handles are one tensor (as two Python names bound to one `torch.Tensor`): PyTorch's
    /// `is_same`, which decides whether an `out=` is also an input.
    pub fn is_same_object(&self, other: &Tensor) -> bool {
        Arc::ptr_eq(&self.inner, &other.inner)
    }

    /// Whether both show the same elements of the same memory (the same handle, or the same storage, offset,
    /// sizes and strides).
    pub fn is_same(&self, other: &Tensor) -> bool {
        Arc::ptr_eq(&self.inner, &other.inner)
            || (self.is_alias_of(other)
                && self.storage_offset() == other.storage_offset()
                && self.sizes() == other.sizes()
                && self.strides() == other.strides())
    }

    /// The elements in row-major order as `T`, which must be this tensor's element type (copied to the host
    /// first for tensors on another device).
    pub fn to_vec<T: CpuElement>(&self) -> Result<Vec<T>> {
        if T::DTYPE != self.dtype() {
            return Err(Error::Type(format!(
                "to_vec::<{}>() needs a tensor of dtype {}, but the tensor has dtype {}",
                std::any::type_name::<T>(),
                T::DTYPE,
                self.dtype()
            )));
        }
        if !self.storage().has_data() {
            return Err(crate::backend::meta::no_data());
        }
        if self.numel() == 0 {
            return Ok(Vec::new());
        }
        // the values the conjugate and negative bits say, laid out contiguously
        let contiguous = self.resolved()?.contiguous()?;
        let host = crate::backend::read(contiguous.storage(), contiguous.storage_offset(), self.numel())?;
        T::into_vec(host).ok_or_else(|| Error::Runtime("internal error: storage dtype mismatch".into()))
    }

    /// The elements in row-major order as Python-style numbers (`tolist()`, flattened).
    pub fn to_scalars(&self) -> Result<Vec<Scalar>> {
        crate::dispatch_dtype!(self.dtype(), T => Ok(self.to_vec::<T>()?.into_iter().map(Element::to_scalar).collect()))
    }

    /// The single element as a Python-style number (`item()`).
    pub fn item(&self) -> Result<Scalar> {
        if self.is_meta() {
            runtime_err!("Tensor.item() cannot be called on meta tensors")
        }
        if self.numel() != 1 {
            runtime_err!("a Tensor with {} elements cannot be converted to Scalar", self.numel())
        }
        Ok(self.to_scalars()?[0])
    }

    /// PyTorch's repr, e.g. `tensor([1, 2, 3])`.
    pub fn repr(&self) -> String {
        crate::display::repr(self)
    }
}

/// Prints PyTorch's repr.
impl std::fmt::Display for Tensor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.repr())
    }
}
