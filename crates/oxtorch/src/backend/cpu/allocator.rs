//! The CPU caching allocator: large buffers freed by dropped storages are kept and handed to the next
//! allocation of the same dtype and length, so that repeated operations reuse memory whose pages the OS has
//! already mapped instead of paying page faults on fresh memory (PyTorch pays them on every large output).
//!
//! Reused buffers hold the previous values: only `empty`-style allocations (whose contents are unspecified, as in
//! PyTorch, though always initialized) take them unfilled; zero-filled allocations clear them.

use super::buffer::CpuBuffer;
use crate::dtype::DType;
use std::collections::HashMap;
use std::sync::Mutex;

/// Buffers smaller than this are left to the system allocator (which is fast for them).
pub const MIN_CACHED_BYTES: usize = 1 << 16;
/// At most this many bytes are kept in the cache; beyond it freed buffers go back to the system.
pub const CACHE_LIMIT_BYTES: usize = 1 << 30;

#[derive(Default)]
struct Cache {
    free: HashMap<(DType, usize), Vec<CpuBuffer>>,
    bytes: usize,
}

static CACHE: Mutex<Option<Cache>> = Mutex::new(None);

fn bytes_of(dtype: DType, len: usize) -> usize {
    dtype.itemsize() * len
}

/// A cached buffer of exactly `len` elements of `dtype`, if one is free.
pub fn take(dtype: DType, len: usize) -> Option<CpuBuffer> {
    if bytes_of(dtype, len) < MIN_CACHED_BYTES {
        return None;
    }
    let mut guard = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    let cache = guard.as_mut()?;
    let buffer = cache.free.get_mut(&(dtype, len))?.pop()?;
    cache.bytes -= bytes_of(dtype, len);
    Some(buffer)
}

/// Offers a freed buffer to the cache; buffers that are small, foreign, or beyond the limit are dropped.
pub fn give(buffer: CpuBuffer) {
    if matches!(buffer, CpuBuffer::External(_)) {
        return;
    }
    let (dtype, len) = (buffer.dtype(), buffer.len());
    let bytes = bytes_of(dtype, len);
    if bytes < MIN_CACHED_BYTES {
        return;
    }
    let mut guard = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    let cache = guard.get_or_insert_with(Cache::default);
    if cache.bytes + bytes > CACHE_LIMIT_BYTES {
        return; // dropped after the lock is released
    }
    cache.bytes += bytes;
    cache.free.entry((dtype, len)).or_default().push(buffer);
}

/// Scratch memory for work that is not a tensor (the blocks of a reduction across ranks): `len` elements of
/// `i64`, aligned for every element type, holding unspecified values; a recycled buffer when one fits, else a new
/// one (with huge pages when large). Hand it back with [`recycle`].
pub(crate) fn scratch(len: usize) -> crate::error::Result<Vec<i64>> {
    use super::buffer::CpuElement;
    match take(DType::Int64, len).and_then(i64::into_vec) {
        Some(v) => Ok(v),
        None => super::buffer::try_filled_vec::<i64>(len),
    }
}

/// Returns scratch memory from [`scratch`] to the cache.
pub(crate) fn recycle(v: Vec<i64>) {
    use super::buffer::CpuElement;
    give(i64::into_buffer(v));
}

/// Bytes currently held by the cache.
pub fn cached_bytes() -> usize {
    CACHE.lock().unwrap_or_else(|e| e.into_inner()).as_ref().map_or(0, |c| c.bytes)
}

/// Releases every cached buffer to the system (`torch.cuda.empty_cache`'s CPU counterpart).
pub fn empty_cache() {
    let drained = CACHE.lock().unwrap_or_else(|e| e.into_inner()).take();
    drop(drained);
}

/// The largest buffer [`advise_huge_pages`] asks huge pages for: 256 MiB.
const HUGE_PAGE_ADVICE_LIMIT: usize = 256 << 20;

/// Asks the kernel to back the `len` bytes at `addr`, a new allocation not yet written, with transparent huge pages
/// (`madvise(MADV_HUGEPAGE)`, as NumPy does for arrays of 4 MiB and more) when it spans at least one 2 MiB page.
/// Large tensors then take one page fault per 2 MiB instead of per 4 KiB, and MPI's shared-memory transport, which
/// pins and copies large messages page by page, fills a 64 MiB buffer about twice as fast. Only a hint: it changes no
/// data, and where it is unsupported nothing happens.
///
/// Not above [`HUGE_PAGE_ADVICE_LIMIT`]: where the kernel compacts memory for such pages when they are first
/// touched (`/sys/kernel/mm/transparent_hugepage/defrag` = `madvise`, this machine's setting), a buffer of gigabytes
/// on fragmented memory waits for that compaction: touching 4 GiB took 6.9 s advised against 2.2 s not advised (an
/// anonymous mapping filled with memset, after the differential fuzzer had run a while), which made a 2^31-element
/// `arange` take 12 s where PyTorch, which does not advise, takes 4 s.
pub(crate) fn advise_huge_pages(addr: usize, len: usize) {
    const HUGE: usize = 2 << 20;
    if !(HUGE..=HUGE_PAGE_ADVICE_LIMIT).contains(&len) || addr == 0 {
        return;
    }
    #[cfg(target_os = "linux")]
    {
        const PAGE: usize = 4096;
        const MADV_HUGEPAGE: std::ffi::c_int = 14;
        extern "C" {
            fn madvise(addr: *mut std::ffi::c_void, len: usize, advice: std::ffi::c_int) -> std::ffi::c_int;
        }
        let start = addr & !(PAGE - 1);
        // SAFETY: the range lies in memory mapped for the caller's allocation (its start rounded down to a page
        // boundary); MADV_HUGEPAGE only changes how the kernel backs pages, never their contents, and its failure
        // is harmless.
        unsafe {
            madvise(start as *mut std::ffi::c_void, addr + len - start, MADV_HUGEPAGE);
        }
    }
}
