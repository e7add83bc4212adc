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

enum Guard<'a> {
    Read(RwLockReadGuard<'a, CpuBuffer>),
    Write(RwLockWriteGuard<'a, CpuBuffer>),
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
    let mut distinct: SmallVec<[(&Storage, bool); 3]> = SmallVec::new();
    distinct.push((out, true));
    for &s in inputs {
        if !distinct.iter().any(|(d, _)| d.ptr_eq(s)) {
            distinct.push((s, false));
        }
    }
    distinct.sort_by_key(|(s, _)| s.id());
    let mut guards: SmallVec<[(usize, Guard<'_>); 3]> = SmallVec::new();
    for &(s, exclusive) in &distinct {
        let part = cpu_part(s)?;
        guards.push((s.id(), if exclusive { Guard::Write(write(part)) } else { Guard::Read(read(part)) }));
    }
    let mut out_buf: Option<&mut CpuBuffer> = None;
    let mut shared: SmallVec<[(usize, &CpuBuffer); 3]> = SmallVec::new();
    for (id, guard) in guards.iter_mut() {
        match guard {
            Guard::Write(w) => out_buf = Some(&mut **w),
            Guard::Read(r) => shared.push((*id, &**r)),
        }
    }
    let out_buf = out_buf.ok_or_else(|| Error::Runtime("internal error: the output was not locked".into()))?;
    let mut buffers: SmallVec<[&CpuBuffer; 3]> = SmallVec::new();
    for s in inputs {
        let found = shared.iter().find(|(id, _)| *id == s.id()).map(|&(_, b)| b);
        buffers.push(found.ok_or_else(|| Error::Runtime("internal error: an input was not locked".into()))?);
    }
    Ok(f(out_buf, &buffers))
}
