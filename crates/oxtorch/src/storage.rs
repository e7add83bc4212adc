//! `Storage`: one allocation on one device, shared by every view of it. The handle is device-neutral; the
//! memory itself is a backend's [`Buffer`] (host memory behind a lock, GPU memory ordered by a stream, or
//! nothing for meta tensors), and only the backend touches it.
//!
//! A storage whose memory was handed to a foreign owner (a NumPy array, a DLPack consumer) is marked
//! *foreign-visible*: the owner may read and write it without oxtorch's locks, so the Python bindings keep the
//! interpreter lock held while kernels touch it (see `backend/cpu/external.rs`).

use crate::backend::{self, cpu::CpuBuffer, cpu::CpuStorage, Buffer};
use crate::device::Device;
use crate::dtype::DType;
use crate::error::Result;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

#[derive(Debug)]
struct StorageInner {
    device: Device,
    dtype: DType,
    len: usize,
    buffer: Buffer,
    /// Whether the memory is visible to a foreign owner (see the module documentation).
    foreign_visible: AtomicBool,
}

/// A reference-counted allocation of `len` elements of one dtype on one device. Cloning shares it.
///
/// A handle reads the memory as one element type: the allocation's own, or another one for the storage of a
/// `view(dtype)` ([`Storage::reinterpret`]). Handles to one allocation share its lock and identity
/// ([`Storage::ptr_eq`], [`Storage::id`]) whatever element type they read it as.
#[derive(Clone)]
pub struct Storage {
    inner: Arc<StorageInner>,
    /// The element type this handle reads the memory as.
    dtype: DType,
}

impl std::fmt::Debug for Storage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Storage({} x {} on {})", self.len(), self.dtype.name(), self.inner.device)
    }
}

impl Storage {
    /// Allocates `len` zeroed elements of `dtype` on `device` (`cuda` means the current CUDA device); fails on a
    /// device this build or machine has no backend for.
    pub fn zeroed(len: usize, dtype: DType, device: Device) -> Result<Storage> {
        Self::allocate(len, dtype, device, true)
    }

    /// Allocates `len` elements whose values are unspecified (but initialized): a recycled buffer from a caching
    /// allocator when one fits, else zeroed memory. For outputs that are about to be overwritten.
    pub fn for_overwrite(len: usize, dtype: DType, device: Device) -> Result<Storage> {
        Self::allocate(len, dtype, device, false)
    }

    fn allocate(len: usize, dtype: DType, device: Device, zeroed: bool) -> Result<Storage> {
        let device = backend::resolve_device(device)?;
        let buffer = backend::allocate(device, dtype, len, zeroed)?;
        Ok(Storage::from_parts(device, dtype, len, buffer, false))
    }

    fn from_parts(device: Device, dtype: DType, len: usize, buffer: Buffer, foreign_visible: bool) -> Storage {
        let foreign_visible = AtomicBool::new(foreign_visible);
        Storage { inner: Arc::new(StorageInner { device, dtype, len, buffer, foreign_visible }), dtype }
    }

    /// Another handle to the same allocation that reads its bytes as `dtype` elements (the storage of
    /// `Tensor::view_dtype`): writes through either handle show through the other. Its length is the number of
    /// whole `dtype` elements the allocation's bytes hold.
    pub fn reinterpret(&self, dtype: DType) -> Storage {
        Storage { inner: self.inner.clone(), dtype }
    }

    /// The element type the allocation was made with (differs from [`Storage::dtype`] for a reinterpreted
    /// handle).
    pub fn allocation_dtype(&self) -> DType {
        self.inner.dtype
    }

    /// Wraps CPU values.
    pub fn from_vec<T: backend::cpu::CpuElement>(values: Vec<T>) -> Storage {
        Self::from_cpu_buffer(T::into_buffer(values))
    }

    /// Wraps a CPU buffer; memory owned elsewhere ([`CpuBuffer::External`]) is foreign-visible from the start.
    #[doc(hidden)] // takes or gives the backends' buffers: for the Python bindings' foreign memory (`__private`)
    pub fn from_cpu_buffer(buffer: CpuBuffer) -> Storage {
        let (dtype, len) = (buffer.dtype(), buffer.len());
        let external = matches!(buffer, CpuBuffer::External(_));
        Storage::from_parts(Device::cpu(), dtype, len, Buffer::Cpu(CpuStorage::new(buffer)), external)
    }

    /// Wraps a CPU buffer whose memory no foreign owner reaches (a private file mapping, say), so it is not
    /// foreign-visible even when the memory is owned elsewhere.
    pub(crate) fn from_private_cpu_buffer(buffer: CpuBuffer) -> Storage {
        let (dtype, len) = (buffer.dtype(), buffer.len());
        Storage::from_parts(Device::cpu(), dtype, len, Buffer::Cpu(CpuStorage::new(buffer)), false)
    }

    /// Wraps memory a backend already holds (a CUDA allocation shared through DLPack, say).
    #[doc(hidden)] // takes or gives the backends' buffers: for the Python bindings' foreign memory (`__private`)
    pub fn from_buffer(device: Device, dtype: DType, len: usize, buffer: Buffer) -> Storage {
        Storage::from_parts(device, dtype, len, buffer, true)
    }

    /// Marks the storage as visible to a foreign owner (its memory was handed to NumPy or a DLPack consumer).
    #[doc(hidden)] // takes or gives the backends' buffers: for the Python bindings' foreign memory (`__private`)
    pub fn mark_foreign_visible(&self) {
        self.inner.foreign_visible.store(true, Ordering::Relaxed);
    }

    /// Whether the storage's memory is visible to a foreign owner: then the Python bindings keep the interpreter
    /// lock while kernels touch it.
    pub fn is_foreign_visible(&self) -> bool {
        self.inner.foreign_visible.load(Ordering::Relaxed)
    }

    /// Address of the first element: a host address for CPU storages, a device address for CUDA ones; None for
    /// meta storages. It stays valid as long as the storage lives (buffers are never reallocated).
    pub fn data_ptr(&self) -> Option<usize> {
        match &self.inner.buffer {
            Buffer::Cpu(c) => Some(c.as_ptr() as usize),
            Buffer::Cuda(c) => Some(c.device_ptr()),
            Buffer::Meta => None,
        }
    }

    /// The device the storage lives on (always with an index for CUDA).
    pub fn device(&self) -> Device {
        self.inner.device
    }

    /// The element type this handle reads the memory as.
    pub fn dtype(&self) -> DType {
        self.dtype
    }

    /// Number of elements (of [`Storage::dtype`]; whole elements only for a reinterpreted handle).
    pub fn len(&self) -> usize {
        if self.dtype == self.inner.dtype {
            self.inner.len
        } else {
            self.nbytes() / self.dtype.itemsize()
        }
    }

    /// True when the storage holds no element.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Size in bytes of the allocation.
    pub fn nbytes(&self) -> usize {
        self.inner.len * self.inner.dtype.itemsize()
    }

    /// Whether two handles refer to the same allocation.
    pub fn ptr_eq(&self, other: &Storage) -> bool {
        Arc::ptr_eq(&self.inner, &other.inner)
    }

    /// An address that identifies the allocation (for lock ordering).
    pub fn id(&self) -> usize {
        Arc::as_ptr(&self.inner) as usize
    }

    /// Whether the storage holds data (any device but meta).
    pub fn has_data(&self) -> bool {
        !matches!(self.inner.buffer, Buffer::Meta)
    }

    /// The backend's memory.
    #[doc(hidden)] // takes or gives the backends' buffers: for the Python bindings' foreign memory (`__private`)
    pub fn buffer(&self) -> &Buffer {
        &self.inner.buffer
    }

    /// The CPU part, for CPU storages.
    pub(crate) fn cpu(&self) -> Option<&CpuStorage> {
        match &self.inner.buffer {
            Buffer::Cpu(c) => Some(c),
            _ => None,
        }
    }
}
