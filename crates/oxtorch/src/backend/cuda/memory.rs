//! GPU memory: the allocation behind a CUDA storage, and a per-device caching allocator. Freed blocks are kept by
//! size and handed to the next allocation of the same size (allocating from the driver synchronizes the device
//! and costs far more than a kernel launch); when the driver runs out, the cache is released and the allocation
//! retried once before PyTorch's out-of-memory error is raised.

use super::driver::{self, driver_error, Device};
use crate::device::Device as DeviceId;
use crate::dtype::DType;
use crate::error::{Error, Result};
use cudarc::driver::{result, sys};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Allocations are rounded up to a multiple of this many bytes (PyTorch's smallest block).
pub const ROUND: usize = 512;

/// Freed device allocations of one device, by size, and the bytes in use.
#[derive(Debug, Default)]
pub struct MemoryCache {
    free: HashMap<usize, Vec<sys::CUdeviceptr>>,
    /// Bytes of the blocks held in `free`.
    cached: usize,
    /// Bytes of the blocks that storages hold.
    allocated: usize,
}

/// Who keeps a storage's device memory alive.
enum Owner {
    /// oxtorch allocated it; it returns to the device's cache when the storage dies.
    Allocator,
    /// A foreign producer (a DLPack capsule) owns it and is kept alive until the storage dies (the mutex only
    /// makes the owner `Sync` and unwind-safe; nothing locks it).
    Foreign(#[allow(dead_code)] Mutex<Box<dyn Send>>),
}

/// The device memory of one CUDA storage.
pub struct CudaStorage {
    ptr: sys::CUdeviceptr,
    bytes: usize,
    device: Arc<Device>,
    owner: Owner,
}

impl std::fmt::Debug for CudaStorage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "CudaStorage({} bytes at {:#x} on {:?})", self.bytes, self.ptr, self.device)
    }
}

/// PyTorch's `format_size`: bytes, KiB, MiB or GiB with two decimals.
pub fn format_size(bytes: usize) -> String {
    let b = bytes as f64;
    if bytes <= 1024 {
        format!("{bytes} bytes")
    } else if bytes <= 1 << 20 {
        format!("{:.2} KiB", b / 1024.0)
    } else if bytes <= 1 << 30 {
        format!("{:.2} MiB", b / 1048576.0)
    } else {
        format!("{:.2} GiB", b / 1073741824.0)
    }
}

impl CudaStorage {
    /// `len` elements of `dtype` on `device` (a resolved `cuda:N`): zero-filled, or (`zeroed == false`) holding
    /// whatever a reused block held.
    pub fn allocate(device: DeviceId, dtype: DType, len: usize, zeroed: bool) -> Result<CudaStorage> {
        let dev = driver::device(device.index().unwrap_or(0))?;
        let requested = len.checked_mul(dtype.itemsize()).ok_or_else(|| too_large(&dev))?;
        let bytes = requested.max(1).div_ceil(ROUND) * ROUND;
        let ptr = take(&dev, bytes, requested)?;
        let storage = CudaStorage { ptr, bytes, device: dev, owner: Owner::Allocator };
        if zeroed && requested > 0 {
            // SAFETY: `ptr` is a live allocation of at least `requested` bytes on this device, whose context is
            // current (`driver::device` bound it); the memset is queued on the device's stream, before any use.
            unsafe { result::memset_d8_async(storage.ptr, 0, requested, storage.device.stream.cu_stream()) }
                .map_err(driver_error)?;
        }
        Ok(storage)
    }

    /// Wraps device memory that a foreign producer owns (DLPack), kept alive by `owner`.
    ///
    /// # Safety
    /// `ptr` must be a device address on `device` valid for reads and writes of `bytes` bytes for as long as
    /// `owner` lives.
    pub unsafe fn from_foreign(device: DeviceId, ptr: u64, bytes: usize, owner: Box<dyn Send>) -> Result<CudaStorage> {
        let dev = driver::device(device.index().unwrap_or(0))?;
        Ok(CudaStorage { ptr, bytes, device: dev, owner: Owner::Foreign(Mutex::new(owner)) })
    }

    /// The device address of the first element.
    pub fn device_ptr(&self) -> usize {
        self.ptr as usize
    }

    /// The device address as the driver takes it.
    pub(super) fn address(&self) -> sys::CUdeviceptr {
        self.ptr
    }

    /// The device this memory is on.
    pub(super) fn device(&self) -> &Arc<Device> {
        &self.device
    }
}

impl Drop for CudaStorage {
    /// Returns oxtorch's allocations to the device's cache; a foreign owner is released only once the kernels
    /// queued on the memory have finished (the producer may free it at once).
    fn drop(&mut self) {
        match self.owner {
            Owner::Allocator => {
                let mut cache = self.device.memory.lock().unwrap_or_else(|e| e.into_inner());
                cache.allocated -= self.bytes;
                cache.cached += self.bytes;
                cache.free.entry(self.bytes).or_default().push(self.ptr);
            }
            Owner::Foreign(_) => {
                // an error here cannot be reported from a destructor; the memory is released either way
                let _ = self.device.bind().and_then(|_| self.device.stream.synchronize().map_err(driver_error));
            }
        }
    }
}

fn too_large(dev: &Device) -> Error {
    Error::OutOfMemory(format!("CUDA out of memory. Tried to allocate more than 1EB memory. (GPU {})", dev.index))
}

/// A block of exactly `bytes` bytes: a cached one, or a new one from the driver (releasing the cache and trying
/// once more when the driver is out of memory).
fn take(dev: &Device, bytes: usize, requested: usize) -> Result<sys::CUdeviceptr> {
    let mut cache = dev.memory.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(ptr) = cache.free.get_mut(&bytes).and_then(Vec::pop) {
        cache.cached -= bytes;
        cache.allocated += bytes;
        return Ok(ptr);
    }
    let fresh = |cache: &mut MemoryCache| -> std::result::Result<sys::CUdeviceptr, cudarc::driver::DriverError> {
        // SAFETY: allocating device memory in the device's context (bound to this thread by `driver::device`);
        // the returned address is owned by the storage being built and freed only through the cache.
        let ptr = unsafe { result::malloc_sync(bytes) }?;
        cache.allocated += bytes;
        Ok(ptr)
    };
    match fresh(&mut cache) {
        Ok(ptr) => Ok(ptr),
        Err(e) if e.0 == sys::CUresult::CUDA_ERROR_OUT_OF_MEMORY => {
            release(dev, &mut cache)?;
            fresh(&mut cache).map_err(|_| out_of_memory(dev, &cache, requested))
        }
        Err(e) => Err(driver_error(e)),
    }
}

/// Frees every cached block of a device.
fn release(dev: &Device, cache: &mut MemoryCache) -> Result<()> {
    dev.bind()?;
    for (_, ptrs) in cache.free.drain() {
        for ptr in ptrs {
            // SAFETY: cached blocks are allocations of this device that no storage holds any more (a storage's
            // drop moved them here), so nothing reads or writes them; `cuMemFree` waits for queued work.
            unsafe { result::free_sync(ptr) }.map_err(driver_error)?;
        }
    }
    cache.cached = 0;
    Ok(())
}

/// PyTorch's out-of-memory message, with oxtorch's own accounting.
fn out_of_memory(dev: &Device, cache: &MemoryCache, requested: usize) -> Error {
    let (free, total) = result::mem_get_info().unwrap_or((0, 0));
    Error::OutOfMemory(format!(
        "CUDA out of memory. Tried to allocate {}. GPU {} has a total capacity of {} of which {} is free. Of the \
         allocated memory {} is allocated by oxtorch, and {} is reserved by oxtorch but unallocated.",
        format_size(requested),
        dev.index,
        format_size(total),
        format_size(free),
        format_size(cache.allocated),
        format_size(cache.cached)
    ))
}

/// Frees every cached block of every device that has been used (`torch.cuda.empty_cache()`).
pub fn empty_cache() -> Result<()> {
    for i in 0..driver::device_count() {
        let Ok(i) = u8::try_from(i) else { break };
        let dev = driver::device(i)?;
        let mut cache = dev.memory.lock().unwrap_or_else(|e| e.into_inner());
        release(&dev, &mut cache)?;
    }
    Ok(())
}

/// Bytes held by storages and bytes cached on device `index` (`torch.cuda.memory_allocated` /
/// `memory_reserved` minus the allocated part).
pub fn memory_stats(index: u8) -> Result<(usize, usize)> {
    let dev = driver::device(index)?;
    let cache = dev.memory.lock().unwrap_or_else(|e| e.into_inner());
    Ok((cache.allocated, cache.cached))
}
