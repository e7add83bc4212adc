//! Memory owned elsewhere: a NumPy array or a DLPack producer's buffer that a CPU storage wraps without copying.
//!
//! This is the one place with `unsafe` code in the CPU backend: turning the foreign pointer into a slice. Such
//! storages are marked *foreign-visible* ([`crate::storage::Storage::is_foreign_visible`]): the foreign owner
//! (Python code writing through a NumPy view, say) does not take oxtorch's lock, so the Python bindings keep the
//! interpreter lock held while any kernel touches such a storage, and Python code can only touch that memory
//! while holding the interpreter lock itself. Plain Rust users never create such storages unless they call the
//! `unsafe` constructor and accept its contract.

use crate::dtype::DType;
use crate::element::Element;
use std::ptr::NonNull;

/// CPU memory owned by someone else (a NumPy array, a DLPack producer), kept alive by `owner`.
pub struct ExternalBuffer {
    pub(super) ptr: NonNull<u8>,
    pub(super) len: usize,
    pub(super) dtype: DType,
    _owner: Box<dyn Send + Sync>,
}

impl std::fmt::Debug for ExternalBuffer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ExternalBuffer({} x {} at {:p})", self.len, self.dtype.name(), self.ptr)
    }
}

// SAFETY: the buffer is plain memory plus an owner that is itself Send + Sync; concurrent access to the memory is
// governed by the storage's lock and the foreign-visible protocol in the module documentation.
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
    /// the foreign-visible protocol of this module (Python code, under the interpreter lock).
    pub unsafe fn new(ptr: *mut u8, len: usize, dtype: DType, owner: Box<dyn Send + Sync>) -> Option<ExternalBuffer> {
        let ptr = NonNull::new(ptr)?;
        if !(ptr.as_ptr() as usize).is_multiple_of(dtype.itemsize().min(8)) {
            return None;
        }
        Some(ExternalBuffer { ptr, len, dtype, _owner: owner })
    }

    pub(super) fn slice<T: Element>(&self) -> Option<&[T]> {
        if T::DTYPE != self.dtype {
            return None;
        }
        // SAFETY: the constructor's contract: `ptr` is aligned for T (checked), valid for `len` elements of T for
        // as long as `self` (and so `owner`) lives, holds valid values, and is not mutated meanwhile except under
        // the storage lock that the caller holds shared (see `lock.rs`).
        Some(unsafe { std::slice::from_raw_parts(self.ptr.as_ptr() as *const T, self.len) })
    }

    pub(super) fn slice_mut<T: Element>(&mut self) -> Option<&mut [T]> {
        if T::DTYPE != self.dtype {
            return None;
        }
        // SAFETY: as in `slice`; `&mut self` comes from the storage's exclusive lock, so no other oxtorch borrow of
        // the memory exists, and foreign access is excluded by the constructor's contract.
        Some(unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr() as *mut T, self.len) })
    }
}
