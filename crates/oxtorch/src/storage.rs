//! `Storage`: one allocation on one device, shared by every view of it.
//!
//! # Sharing and soundness
//!
//! Views alias one storage and in-place operations write through them, so a storage is shared mutable memory.
//! oxtorch keeps the safe API sound with one `RwLock` per CPU storage:
//!
//! * readers (reading values out, the inputs of a kernel) take the lock shared;
//! * writers (the output of a kernel, `copy_`, in-place arithmetic) take it exclusively;
//! * an operation that touches several storages locks each distinct storage once, in address order
//!   ([`lock_all`]), so two threads can never wait on each other in a cycle;
//! * when an input shares a storage with the output, the iterator first copies that input out (PyTorch refuses
//!   partial overlaps anyway), so a kernel never needs a shared and an exclusive borrow of one buffer at once.
//!
//! Kernels receive ordinary `&[T]` / `&mut [T]` slices of the locked buffers.
//!
//! # Memory owned elsewhere
//!
//! A storage can also wrap memory that another owner keeps alive ([`ExternalBuffer`]: a NumPy array, a DLPack
//! capsule). That is the one place with `unsafe` code: turning the foreign pointer into a slice. Such storages are
//! marked *shared*: the foreign owner (Python code writing through a NumPy view, say) does not take oxtorch's
//! lock, so the Python bindings keep the interpreter lock held while any kernel touches a shared storage, and
//! Python code can only touch that memory while holding the interpreter lock itself. Plain Rust users never
//! create such storages unless they call the `unsafe` constructor and accept its contract.

use crate::device::Device;
use crate::dtype::DType;
use crate::element::{Element, C32, C64};
use crate::error::Result;
use half::{bf16, f16};
use smallvec::SmallVec;
use std::ptr::NonNull;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, RwLock, RwLockReadGuard, RwLockWriteGuard};

/// CPU memory owned by someone else (a NumPy array, a DLPack producer), kept alive by `owner`.
pub struct ExternalBuffer {
    ptr: NonNull<u8>,
    len: usize,
    dtype: DType,
    _owner: Box<dyn Send + Sync>,
}

impl std::fmt::Debug for ExternalBuffer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ExternalBuffer({} x {} at {:p})", self.len, self.dtype.name(), self.ptr)
    }
}

// SAFETY: the buffer is plain memory plus an owner that is itself Send + Sync; concurrent access to the memory is
// governed by the storage's lock and the shared-storage protocol in the module documentation.
unsafe impl Send for ExternalBuffer {}
// SAFETY: as for Send: `&ExternalBuffer` only hands out slices through the storage lock.
unsafe impl Sync for ExternalBuffer {}

impl ExternalBuffer {
    /// Wraps `len` elements of `dtype` at `ptr`, kept alive by `owner`.
    ///
    /// # Safety
    /// `ptr` must be non-null, aligned for `dtype`'s element type, and valid for reads and writes of
    /// `len * dtype.itemsize()` bytes for as long as `owner` lives; every element must be a valid value of the
    /// element type (for bool: 0 or 1); and while oxtorch uses the memory, nobody else may access it except under
    /// the shared-storage protocol of this module (Python code, under the interpreter lock).
    pub unsafe fn new(ptr: *mut u8, len: usize, dtype: DType, owner: Box<dyn Send + Sync>) -> Option<ExternalBuffer> {
        let ptr = NonNull::new(ptr)?;
        if !(ptr.as_ptr() as usize).is_multiple_of(dtype.itemsize().min(8)) {
            return None;
        }
        Some(ExternalBuffer { ptr, len, dtype, _owner: owner })
    }

    fn slice<T: Element>(&self) -> Option<&[T]> {
        if T::DTYPE != self.dtype {
            return None;
        }
        // SAFETY: the constructor's contract: `ptr` is aligned for T (checked), valid for `len` elements of T for
        // as long as `self` (and so `owner`) lives, holds valid values, and is not mutated meanwhile except under
        // the storage lock that the caller holds shared.
        Some(unsafe { std::slice::from_raw_parts(self.ptr.as_ptr() as *const T, self.len) })
    }

    fn slice_mut<T: Element>(&mut self) -> Option<&mut [T]> {
        if T::DTYPE != self.dtype {
            return None;
        }
        // SAFETY: as in `slice`; `&mut self` comes from the storage's exclusive lock, so no other oxtorch borrow of
        // the memory exists, and foreign access is excluded by the constructor's contract.
        Some(unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr() as *mut T, self.len) })
    }
}

macro_rules! cpu_buffer {
    ($($variant:ident($t:ty)),* $(,)?) => {
        /// The elements of a CPU storage: one vector per dtype, or memory owned elsewhere.
        #[derive(Debug)]
        pub enum CpuBuffer {
            $(
                #[doc = concat!("`", stringify!($t), "` elements.")]
                $variant(Vec<$t>),
            )*
            /// Elements in memory that another owner keeps alive.
            External(ExternalBuffer),
        }

        impl CpuBuffer {
            /// Number of elements.
            pub fn len(&self) -> usize {
                match self { $(CpuBuffer::$variant(v) => v.len(),)* CpuBuffer::External(e) => e.len }
            }
            /// True when the buffer holds no element.
            pub fn is_empty(&self) -> bool { self.len() == 0 }
            /// The dtype of the elements.
            pub fn dtype(&self) -> DType {
                match self { $(CpuBuffer::$variant(_) => <$t as Element>::DTYPE,)* CpuBuffer::External(e) => e.dtype }
            }
            /// Address of the first element (for sharing the memory with NumPy or DLPack consumers).
            pub fn as_ptr(&self) -> *const u8 {
                match self { $(CpuBuffer::$variant(v) => v.as_ptr() as *const u8,)* CpuBuffer::External(e) => e.ptr.as_ptr() }
            }
        }

        $(
            impl BufferAccess for $t {
                fn slice(buffer: &CpuBuffer) -> Option<&[Self]> {
                    match buffer {
                        CpuBuffer::$variant(v) => Some(v),
                        CpuBuffer::External(e) => e.slice(),
                        #[allow(unreachable_patterns)] _ => None,
                    }
                }
                fn slice_mut(buffer: &mut CpuBuffer) -> Option<&mut [Self]> {
                    match buffer {
                        CpuBuffer::$variant(v) => Some(v),
                        CpuBuffer::External(e) => e.slice_mut(),
                        #[allow(unreachable_patterns)] _ => None,
                    }
                }
                fn into_buffer(values: Vec<Self>) -> CpuBuffer { CpuBuffer::$variant(values) }
            }
        )*
    };
}
cpu_buffer!(
    Bool(bool),
    UInt8(u8),
    Int8(i8),
    Int16(i16),
    Int32(i32),
    Int64(i64),
    Float16(f16),
    BFloat16(bf16),
    Float32(f32),
    Float64(f64),
    Complex64(C32),
    Complex128(C64)
);

/// Typed access to a [`CpuBuffer`]; implemented for every element type.
pub trait BufferAccess: Sized {
    /// The elements, if the buffer holds this type.
    fn slice(buffer: &CpuBuffer) -> Option<&[Self]>;
    /// The elements, mutably, if the buffer holds this type.
    fn slice_mut(buffer: &mut CpuBuffer) -> Option<&mut [Self]>;
    /// Wraps a vector as a buffer.
    fn into_buffer(values: Vec<Self>) -> CpuBuffer;
}

enum StorageData {
    Cpu(RwLock<CpuBuffer>),
    /// Meta storages have a size but no data.
    Meta,
}

struct StorageInner {
    device: Device,
    dtype: DType,
    len: usize,
    data: StorageData,
    /// Whether memory of this storage is visible to a foreign owner (see the module documentation).
    shared: AtomicBool,
}

impl Drop for StorageInner {
    /// Returns large buffers to the caching allocator.
    fn drop(&mut self) {
        if let StorageData::Cpu(lock) = &mut self.data {
            let buffer = lock.get_mut().unwrap_or_else(|e| e.into_inner());
            crate::allocator::give(std::mem::replace(buffer, CpuBuffer::Bool(Vec::new())));
        }
    }
}

/// A reference-counted allocation of `len` elements of one dtype on one device. Cloning shares it.
#[derive(Clone)]
pub struct Storage {
    inner: Arc<StorageInner>,
}

impl std::fmt::Debug for Storage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Storage({} x {} on {})", self.inner.len, self.inner.dtype.name(), self.inner.device)
    }
}

impl Storage {
    /// Allocates `len` zeroed elements of `dtype` on `device`; fails on a device this build has no backend for.
    pub fn zeroed(len: usize, dtype: DType, device: Device) -> Result<Storage> {
        Self::allocate(len, dtype, device, true)
    }

    /// Allocates `len` elements whose values are unspecified (but initialized): a recycled buffer from the
    /// caching allocator when one fits, else zeroed memory. For outputs that are about to be overwritten.
    pub fn uninit(len: usize, dtype: DType, device: Device) -> Result<Storage> {
        Self::allocate(len, dtype, device, false)
    }

    fn allocate(len: usize, dtype: DType, device: Device, zero: bool) -> Result<Storage> {
        device.ensure_backend()?;
        let data = if device.is_meta() {
            StorageData::Meta
        } else {
            let buffer = match crate::allocator::take(dtype, len) {
                Some(mut recycled) => {
                    if zero {
                        crate::dispatch_dtype!(dtype, T => if let Some(s) = T::slice_mut(&mut recycled) { s.fill(T::default()) });
                    }
                    recycled
                }
                None => crate::dispatch_dtype!(dtype, T => T::into_buffer(try_filled_vec::<T>(len)?)),
            };
            StorageData::Cpu(RwLock::new(buffer))
        };
        Ok(Storage { inner: Arc::new(StorageInner { device, dtype, len, data, shared: AtomicBool::new(false) }) })
    }

    /// Wraps CPU values.
    pub fn from_vec<T: Element>(values: Vec<T>) -> Storage {
        Self::from_buffer(T::into_buffer(values))
    }

    /// Wraps a CPU buffer.
    pub fn from_buffer(buffer: CpuBuffer) -> Storage {
        let (dtype, len) = (buffer.dtype(), buffer.len());
        let shared = AtomicBool::new(matches!(buffer, CpuBuffer::External(_)));
        let data = StorageData::Cpu(RwLock::new(buffer));
        Storage { inner: Arc::new(StorageInner { device: Device::cpu(), dtype, len, data, shared }) }
    }

    /// Marks the storage as visible to a foreign owner (its memory was handed to NumPy or a DLPack consumer).
    pub fn mark_shared(&self) {
        self.inner.shared.store(true, Ordering::Relaxed);
    }

    /// Whether the storage's memory is visible to a foreign owner: then the Python bindings keep the interpreter
    /// lock while kernels touch it.
    pub fn is_shared(&self) -> bool {
        self.inner.shared.load(Ordering::Relaxed)
    }

    /// Address of the first element (None for meta storages). The address stays valid as long as the storage
    /// lives: CPU buffers are never reallocated.
    pub fn data_ptr(&self) -> Option<*const u8> {
        self.read().map(|g| g.as_ptr())
    }

    /// The device the storage lives on.
    pub fn device(&self) -> Device {
        self.inner.device
    }

    /// The element type.
    pub fn dtype(&self) -> DType {
        self.inner.dtype
    }

    /// Number of elements.
    pub fn len(&self) -> usize {
        self.inner.len
    }

    /// True when the storage holds no element.
    pub fn is_empty(&self) -> bool {
        self.inner.len == 0
    }

    /// Size in bytes.
    pub fn nbytes(&self) -> usize {
        self.inner.len * self.inner.dtype.itemsize()
    }

    /// Whether two handles refer to the same allocation.
    pub fn same(&self, other: &Storage) -> bool {
        Arc::ptr_eq(&self.inner, &other.inner)
    }

    /// An address that identifies the allocation (for lock ordering).
    pub fn id(&self) -> usize {
        Arc::as_ptr(&self.inner) as usize
    }

    /// Whether the storage holds data (CPU) rather than only a size (meta).
    pub fn has_data(&self) -> bool {
        matches!(self.inner.data, StorageData::Cpu(_))
    }

    fn lock(&self) -> Option<&RwLock<CpuBuffer>> {
        match &self.inner.data {
            StorageData::Cpu(lock) => Some(lock),
            StorageData::Meta => None,
        }
    }

    /// Shared access to the elements (None for meta storages).
    pub fn read(&self) -> Option<RwLockReadGuard<'_, CpuBuffer>> {
        self.lock().map(|l| l.read().unwrap_or_else(|e| e.into_inner()))
    }

    /// Exclusive access to the elements (None for meta storages).
    pub fn write(&self) -> Option<RwLockWriteGuard<'_, CpuBuffer>> {
        self.lock().map(|l| l.write().unwrap_or_else(|e| e.into_inner()))
    }
}

/// `len` default values, or PyTorch's out-of-memory error instead of aborting the process.
fn try_filled_vec<T: Element>(len: usize) -> Result<Vec<T>> {
    let mut v: Vec<T> = Vec::new();
    if v.try_reserve_exact(len).is_err() {
        let bytes = len.saturating_mul(T::DTYPE.itemsize());
        return Err(crate::error::Error::Runtime(format!(
            "DefaultCPUAllocator: can't allocate memory: you tried to allocate {bytes} bytes. Error code 12 (Cannot allocate memory)"
        )));
    }
    v.resize(len, T::default());
    Ok(v)
}

/// A held lock on one storage.
pub enum StorageGuard<'a> {
    /// Shared.
    Read(RwLockReadGuard<'a, CpuBuffer>),
    /// Exclusive.
    Write(RwLockWriteGuard<'a, CpuBuffer>),
}

impl StorageGuard<'_> {
    /// The buffer, for reading.
    pub fn buffer(&self) -> &CpuBuffer {
        match self {
            StorageGuard::Read(g) => g,
            StorageGuard::Write(g) => g,
        }
    }
}

/// The guards of [`lock_all`].
pub type Guards<'a> = SmallVec<[StorageGuard<'a>; 3]>;

/// Locks every distinct storage once, in address order: exclusively where `exclusive` says so for any handle of
/// it, shared otherwise. Returns one guard per distinct storage and, for each input handle, the index of its
/// guard. Meta storages are skipped (their index is `None`).
pub fn lock_all<'a>(storages: &[(&'a Storage, bool)]) -> (Guards<'a>, SmallVec<[Option<usize>; 3]>) {
    let mut distinct: SmallVec<[(&'a Storage, bool); 3]> = SmallVec::new();
    for &(s, exclusive) in storages {
        if !s.has_data() {
            continue;
        }
        match distinct.iter_mut().find(|(d, _)| d.same(s)) {
            Some(entry) => entry.1 |= exclusive,
            None => distinct.push((s, exclusive)),
        }
    }
    distinct.sort_by_key(|(s, _)| s.id());
    let guards: Guards<'a> = distinct
        .iter()
        .filter_map(
            |&(s, exclusive)| {
                if exclusive {
                    s.write().map(StorageGuard::Write)
                } else {
                    s.read().map(StorageGuard::Read)
                }
            },
        )
        .collect();
    let index = storages.iter().map(|(s, _)| distinct.iter().position(|(d, _)| d.same(s))).collect();
    (guards, index)
}

/// Splits the guards of [`lock_all`] into the exclusive buffer at `out` and every other buffer, shared, by guard
/// index (`None` at `out`). None when `out` is not a write guard.
pub fn split_exclusive<'g>(
    guards: &'g mut [StorageGuard<'_>],
    out: usize,
) -> Option<(&'g mut CpuBuffer, SmallVec<[Option<&'g CpuBuffer>; 3]>)> {
    let mut out_buf = None;
    let mut others = SmallVec::new();
    for (i, g) in guards.iter_mut().enumerate() {
        if i == out {
            if let StorageGuard::Write(w) = g {
                out_buf = Some(&mut **w);
            }
            others.push(None);
        } else {
            let shared: &'g StorageGuard<'_> = g;
            others.push(Some(shared.buffer()));
        }
    }
    Some((out_buf?, others))
}
