//! CPU buffers: the elements of a CPU storage, one vector per dtype (or memory owned elsewhere), typed access to
//! them, and the storage cell that holds one behind its lock.

use super::external::ExternalBuffer;
use crate::dtype::DType;
use crate::element::{Element, C32, C64};
use crate::error::{Error, Result};
use half::{bf16, f16};
use std::sync::RwLock;

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
            /// Address of the first element, for writing through (a reinterpreting view of the buffer).
            pub(super) fn as_mut_ptr(&mut self) -> *mut u8 {
                match self { $(CpuBuffer::$variant(v) => v.as_mut_ptr() as *mut u8,)* CpuBuffer::External(e) => e.ptr.as_ptr() }
            }
            /// Size in bytes.
            pub fn nbytes(&self) -> usize { self.len() * self.dtype().itemsize() }
        }

        $(
            impl CpuElement for $t {
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
                fn into_vec(buffer: CpuBuffer) -> Option<Vec<Self>> {
                    match buffer {
                        CpuBuffer::$variant(v) => Some(v),
                        CpuBuffer::External(e) => e.slice().map(|s: &[Self]| s.to_vec()),
                        #[allow(unreachable_patterns)] _ => None,
                    }
                }
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

impl CpuBuffer {
    /// Elements of `dtype` read from their little-endian bytes (copied: `bytes` need not be aligned). A bool is
    /// true for any nonzero byte, as PyTorch reads one. `bytes.len()` is a multiple of the dtype's itemsize.
    pub(crate) fn from_le_bytes(dtype: DType, bytes: &[u8]) -> CpuBuffer {
        use bytemuck::pod_collect_to_vec as collect;
        match dtype {
            DType::Bool => CpuBuffer::Bool(bytes.iter().map(|&b| b != 0).collect()),
            DType::UInt8 => CpuBuffer::UInt8(bytes.to_vec()),
            DType::Int8 => CpuBuffer::Int8(collect(bytes)),
            DType::Int16 => CpuBuffer::Int16(collect(bytes)),
            DType::Int32 => CpuBuffer::Int32(collect(bytes)),
            DType::Int64 => CpuBuffer::Int64(collect(bytes)),
            DType::Float16 => CpuBuffer::Float16(collect(bytes)),
            DType::BFloat16 => CpuBuffer::BFloat16(collect(bytes)),
            DType::Float32 => CpuBuffer::Float32(collect(bytes)),
            DType::Float64 => CpuBuffer::Float64(collect(bytes)),
            DType::Complex64 => CpuBuffer::Complex64(collect(bytes)),
            DType::Complex128 => CpuBuffer::Complex128(collect(bytes)),
        }
    }
}

/// An element type with its own [`CpuBuffer`] variant: typed access to CPU buffers; implemented for every
/// element type.
pub trait CpuElement: Element {
    /// The elements, if the buffer holds this type.
    fn slice(buffer: &CpuBuffer) -> Option<&[Self]>;
    /// The elements, mutably, if the buffer holds this type.
    fn slice_mut(buffer: &mut CpuBuffer) -> Option<&mut [Self]>;
    /// Wraps a vector as a buffer.
    fn into_buffer(values: Vec<Self>) -> CpuBuffer;
    /// The elements as a vector, if the buffer holds this type.
    fn into_vec(buffer: CpuBuffer) -> Option<Vec<Self>>;
}

/// The CPU part of a storage: its buffer behind the storage's lock (see `lock.rs` for the protocol).
#[derive(Debug)]
pub struct CpuStorage {
    pub(super) lock: RwLock<CpuBuffer>,
}

impl CpuStorage {
    /// Wraps a buffer.
    pub fn new(buffer: CpuBuffer) -> CpuStorage {
        CpuStorage { lock: RwLock::new(buffer) }
    }

    /// `len` elements of `dtype`: zeroed, or (`zeroed == false`) a recycled buffer from the caching allocator
    /// holding unspecified values when one fits.
    pub fn allocate(dtype: DType, len: usize, zeroed: bool) -> Result<CpuStorage> {
        let buffer = match super::allocator::take(dtype, len) {
            Some(mut recycled) => {
                if zeroed {
                    crate::dispatch_dtype!(dtype, T => if let Some(s) = T::slice_mut(&mut recycled) { s.fill(T::default()) });
                }
                recycled
            }
            None => crate::dispatch_dtype!(dtype, T => T::into_buffer(try_filled_vec::<T>(len)?)),
        };
        Ok(CpuStorage::new(buffer))
    }

    /// Address of the first element. The address stays valid as long as the storage lives: CPU buffers are never
    /// reallocated.
    pub fn as_ptr(&self) -> *const u8 {
        self.lock.read().unwrap_or_else(|e| e.into_inner()).as_ptr()
    }

    /// Whether the memory is owned elsewhere.
    pub fn is_external(&self) -> bool {
        matches!(*self.lock.read().unwrap_or_else(|e| e.into_inner()), CpuBuffer::External(_))
    }
}

impl Drop for CpuStorage {
    /// Returns large buffers to the caching allocator.
    fn drop(&mut self) {
        let buffer = self.lock.get_mut().unwrap_or_else(|e| e.into_inner());
        super::allocator::give(std::mem::replace(buffer, CpuBuffer::Bool(Vec::new())));
    }
}

/// An empty vector with room for `len` elements, or PyTorch's out-of-memory error (reporting `len` elements of
/// `itemsize` bytes) instead of aborting the process.
pub(crate) fn try_with_capacity<T>(len: usize, itemsize: usize) -> Result<Vec<T>> {
    let mut v: Vec<T> = Vec::new();
    if v.try_reserve_exact(len).is_err() {
        let bytes = len.saturating_mul(itemsize);
        return Err(Error::Runtime(format!(
            "DefaultCPUAllocator: can't allocate memory: you tried to allocate {bytes} bytes. Error code 12 (Cannot allocate memory)"
        )));
    }
    Ok(v)
}

/// `len` default values, or PyTorch's out-of-memory error instead of aborting the process.
pub(crate) fn try_filled_vec<T: Element>(len: usize) -> Result<Vec<T>> {
    let mut v: Vec<T> = try_with_capacity(len, T::DTYPE.itemsize())?;
    // before the first write: large buffers get huge pages
    super::allocator::advise_huge_pages(v.as_ptr() as usize, len.saturating_mul(std::mem::size_of::<T>()));
    v.resize(len, T::default());
    Ok(v)
}
