//! How CPU kernels get at shared memory soundly.
//!
//! Views alias one storage and in-place operations write through them, so a storage is shared mutable memory.
//! The CPU backend keeps the safe API sound with one `RwLock` per CPU storage:
//!
//! * readers (reading values out, the inputs of a kernel) take the lock shared;
//! * writers (the output of a kernel, `copy_`, `fill_`, in-place arithmetic) take it exclusively;
//! * an operation that touches several storages locks each distinct storage once, in address order
//!   ([`with_locked`]), so two threads can never wait on each other in a cycle;
//! * when an input shares a storage with the output, the iterator has it read from a private copy first
//!   (PyTorch refuses partial overlaps anyway), so a kernel never needs a shared and an exclusive borrow of one
//!   buffer at once.
//!
//! Kernels receive ordinary `&[T]` / `&mut [T]` slices of the locked buffers. Memory owned elsewhere (NumPy,
//! DLPack) follows the foreign-visible protocol of `external.rs` on top of this.

use super::buffer::{CpuBuffer, CpuStorage};
use super::external::ExternalBuffer;
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::storage::Storage;
use smallvec::SmallVec;
use std::sync::{RwLockReadGuard, RwLockWriteGuard};

/// The CPU part of a storage, or an internal error for a storage on another device (the iterator guarantees a
/// CPU kernel only sees CPU storages).
pub(super) fn cpu_part(storage: &Storage) -> Result<&CpuStorage> {
    storage.cpu().ok_or_else(|| {
        Error::Runtime(format!("internal error: a CPU kernel was given a storage on {}", storage.device()))
    })
}

/// Shared access to a CPU storage's buffer.
pub(super) fn read(storage: &CpuStorage) -> RwLockReadGuard<'_, CpuBuffer> {
    storage.lock.read().unwrap_or_else(|e| e.into_inner())
}

/// Exclusive access to a CPU storage's buffer.
pub(super) fn write(storage: &CpuStorage) -> RwLockWriteGuard<'_, CpuBuffer> {
    storage.lock.write().unwrap_or_else(|e| e.into_inner())
}

/// Locks `out` exclusively and every input shared, each distinct storage once and in address order, then runs
/// `f` with the output buffer and the input buffers (in the order given; an input listed twice is the same
/// buffer twice). An input that is the output's own storage is an internal error: the iterator separates them.
pub(super) fn with_locked<R>(
    out: &Storage,
    inputs: &[&Storage],
    f: impl FnOnce(&mut CpuBuffer, &[&CpuBuffer]) -> R,
) -> Result<R> {
    if inputs.iter().any(|s| s.ptr_eq(out)) {
        return Err(Error::Runtime("internal error: a kernel input shares the output's storage".into()));
    }
    let mut distinct: SmallVec<[&Storage; 4]> = SmallVec::new();
    for &s in inputs {
        if !distinct.iter().any(|d| d.ptr_eq(s)) {
            distinct.push(s);
        }
    }
    distinct.push(out);
    distinct.sort_unstable_by_key(|s| s.id());
    let mut out_guard = None;
    let mut shared: SmallVec<[(usize, RwLockReadGuard<'_, CpuBuffer>); 3]> = SmallVec::new();
    for &s in &distinct {
        let part = cpu_part(s)?;
        if s.ptr_eq(out) {
            out_guard = Some(write(part));
        } else {
            shared.push((s.id(), read(part)));
        }
    }
    let mut out_guard = out_guard.ok_or_else(|| Error::Runtime("internal error: the output was not locked".into()))?;
    let mut out_access = WriteAccess::new(out, &mut out_guard)?;
    let locked = |s: &Storage| -> Result<&CpuBuffer> {
        let found = shared.iter().find(|(id, _)| *id == s.id()).map(|(_, guard)| &**guard);
        found.ok_or_else(|| Error::Runtime("internal error: an input was not locked".into()))
    };
    let mut bases: SmallVec<[&CpuBuffer; 3]> = SmallVec::new();
    for &s in inputs {
        bases.push(locked(s)?);
    }
    if inputs.iter().zip(&bases).all(|(s, base)| s.dtype() == base.dtype()) {
        // every input read as the type its buffer holds (no `view_dtype` handle): the buffers themselves
        return Ok(f(out_access.buffer(), &bases));
    }
    // each input as its handle's dtype (two handles to one allocation may read it as different types)
    let mut aliases: SmallVec<[Option<CpuBuffer>; 3]> = SmallVec::new();
    for (s, base) in inputs.iter().zip(&bases) {
        aliases.push(read_alias(s, base)?);
    }
    let buffers: SmallVec<[&CpuBuffer; 3]> =
        aliases.iter().zip(&bases).map(|(alias, &base)| alias.as_ref().unwrap_or(base)).collect();
    Ok(f(out_access.buffer(), &buffers))
}

// ---------------------------------------------------------------------------------------------------------------
// Reinterpreting handles (`Tensor::view_dtype`).
//
// A storage handle may read its allocation as another element type than the one the buffer was made with
// (`Storage::reinterpret`). It shares the allocation's lock, so the protocol above covers it unchanged; kernels
// are handed, instead of the locked buffer itself, a borrowed [`CpuBuffer::External`] over the same bytes typed
// as the handle's dtype, which lives no longer than the guard. Every element type but bool accepts every bit
// pattern, so reinterpreting is sound once the address is aligned (checked) and the length counts whole
// elements inside the allocation. Bool is the exception, both ways:
//
// * bool elements over another type's bytes: when every byte is 0 or 1 (checked under the lock, so nobody changes
//   them meanwhile) the bytes are aliased as bools; otherwise kernels get a copy holding `byte != 0` (PyTorch's
//   reading of such bytes), and a kernel writing to it has the bytes whose truth value it changed written back as
//   0 or 1 (bytes it left alone keep their value) before the lock is released;
// * other elements written over a bool buffer: every nonzero byte is set back to 1 before the lock is released
//   (by a drop guard, so also on unwinding), so the bool buffer never holds an invalid value when it is next read.
// ---------------------------------------------------------------------------------------------------------------

/// A typed alias of a locked buffer, or (bools over bytes other than 0 and 1) a normalized copy of it.
struct Alias {
    buffer: CpuBuffer,
    copied: bool,
}

/// The typed alias of `len_bytes` bytes at `ptr` as `dtype` elements, checked as the module comment says.
///
/// # Safety
/// `ptr` must be valid for reads (and, if the alias is used mutably, writes) of `len_bytes` bytes for as long as
/// the alias lives, under the storage lock the caller holds (shared for reads, exclusive for writes).
unsafe fn alias_of(ptr: *mut u8, len_bytes: usize, from: DType, dtype: DType) -> Result<Alias> {
    if dtype == DType::Bool && from != DType::Bool {
        // SAFETY: the caller's contract: `len_bytes` readable bytes; every byte is a valid u8 whatever type wrote it
        // (the element types have no padding).
        let bytes = unsafe { std::slice::from_raw_parts(ptr as *const u8, len_bytes) };
        if bytes.iter().any(|&b| b > 1) {
            let values: Vec<bool> = bytes.iter().map(|&b| b != 0).collect();
            return Ok(Alias { buffer: CpuBuffer::Bool(values), copied: true });
        }
    }
    let len = len_bytes / dtype.itemsize();
    if len == 0 {
        // an empty allocation's address need not be aligned for the new type; nothing is read or written anyway
        let buffer = crate::dispatch_dtype!(dtype, T => <T as super::CpuElement>::into_buffer(Vec::new()));
        return Ok(Alias { buffer, copied: false });
    }
    // SAFETY: `ptr` is valid for `len` whole elements of `dtype` (the caller's contract), alignment is checked by
    // `new`, every bit pattern is a valid value of the non-bool element types and bool bytes were checked just
    // above (or come from a bool buffer), and the lock the caller holds keeps other oxtorch access out while the
    // alias lives; foreign owners follow the foreign-visible protocol of the storage itself.
    let external = unsafe { ExternalBuffer::new(ptr, len, dtype, Box::new(())) };
    let buffer = external.map(CpuBuffer::External).ok_or_else(|| {
        Error::Runtime(format!("internal error: the memory of a {from} storage is not aligned for a view as {dtype}"))
    })?;
    Ok(Alias { buffer, copied: false })
}

/// A read-only alias of `buffer` as `storage`'s dtype, or None when the buffer already holds it.
pub(super) fn read_alias(storage: &Storage, buffer: &CpuBuffer) -> Result<Option<CpuBuffer>> {
    if storage.dtype() == buffer.dtype() {
        return Ok(None);
    }
    // SAFETY: the bytes of `buffer`, which the caller keeps locked (at least shared) while the alias lives; the
    // alias is only handed out as `&CpuBuffer`, so nothing writes through the pointer.
    let alias = unsafe { alias_of(buffer.as_ptr() as *mut u8, buffer.nbytes(), buffer.dtype(), storage.dtype()) }?;
    Ok(Some(alias.buffer))
}

/// Exclusive access to a locked buffer as a storage handle's dtype (see the module comment).
pub(super) struct WriteAccess<'a> {
    base: &'a mut CpuBuffer,
    alias: Option<Alias>,
}

impl<'a> WriteAccess<'a> {
    /// `base`, exclusively locked, as `storage`'s dtype.
    pub(super) fn new(storage: &Storage, base: &'a mut CpuBuffer) -> Result<WriteAccess<'a>> {
        let alias = if storage.dtype() == base.dtype() {
            None
        } else {
            let (len, from) = (base.nbytes(), base.dtype());
            // SAFETY: the bytes of `base`, which stays exclusively borrowed (and locked) by `self` as long as the
            // alias lives, and is not touched otherwise meanwhile.
            Some(unsafe { alias_of(base.as_mut_ptr(), len, from, storage.dtype())? })
        };
        Ok(WriteAccess { base, alias })
    }

    /// The buffer to hand to kernels.
    pub(super) fn buffer(&mut self) -> &mut CpuBuffer {
        match &mut self.alias {
            Some(alias) => &mut alias.buffer,
            None => &mut *self.base,
        }
    }
}

impl Drop for WriteAccess<'_> {
    /// Writes back what a kernel changed in a normalized bool copy, and restores the bool invariant of a bool
    /// buffer written as another type.
    fn drop(&mut self) {
        let Some(alias) = self.alias.take() else { return };
        let len = self.base.nbytes();
        if alias.copied {
            if let CpuBuffer::Bool(values) = &alias.buffer {
                // SAFETY: the base's bytes (not a bool buffer: copies are made only of other types), exclusively
                // borrowed, read and written as u8, which every byte is.
                let bytes = unsafe { std::slice::from_raw_parts_mut(self.base.as_mut_ptr(), len) };
                for (b, &v) in bytes.iter_mut().zip(values) {
                    if (*b != 0) != v {
                        *b = u8::from(v);
                    }
                }
            }
        } else if self.base.dtype() == DType::Bool {
            drop(alias);
            // SAFETY: the bool buffer's bytes, exclusively borrowed, the alias that wrote them dropped; they are read
            // and written as u8 (any byte is a valid u8), never as bool, until each is 0 or 1 again.
            let bytes = unsafe { std::slice::from_raw_parts_mut(self.base.as_mut_ptr(), len) };
            for b in bytes {
                *b = u8::from(*b != 0);
            }
        }
    }
}
