//! `oxtorch.cuda`'s native half: device queries and control over the CUDA backend, each with PyTorch's behaviour
//! on a machine without a GPU (`is_available()` is False, `device_count()` is 0, everything else raises
//! PyTorch's message). The Python module `oxtorch/cuda.py` wraps these.

use crate::device::device_arg;
use crate::errors::ResultExt;
use oxtorch::cuda;
use pyo3::prelude::*;

/// The CUDA device index a `device=` argument names (an int, a string or a device; None is the current one).
fn index_arg(device: Option<&Bound<'_, PyAny>>) -> PyResult<Option<u8>> {
    let Some(d) = device.filter(|d| !d.is_none()) else { return Ok(None) };
    if let Ok(i) = d.extract::<i64>() {
        if i < 0 {
            return Ok(None);
        }
        return u8::try_from(i).map(Some).map_err(|_| crate::errors::to_py(cuda_invalid_ordinal()));
    }
    let device = device_arg(d)?;
    if device.type_name() != "cuda" {
        return Err(pyo3::exceptions::PyValueError::new_err(format!("Expected a cuda device, but got: {device}")));
    }
    Ok(device.index())
}

/// PyTorch's invalid-ordinal error.
fn cuda_invalid_ordinal() -> oxtorch::Error {
    oxtorch::Device::ensure_available(oxtorch::Device::cuda(127).unwrap_or_default())
        .err()
        .unwrap_or_else(|| oxtorch::Error::Accelerator("CUDA error: invalid device ordinal".into()))
}

/// `torch.cuda.is_available()`: a driver and at least one GPU; never raises.
#[pyfunction]
pub fn _cuda_is_available() -> bool {
    cuda::is_available()
}

/// `torch.cuda.device_count()`: visible GPUs, 0 without a driver.
#[pyfunction]
pub fn _cuda_device_count() -> usize {
    cuda::device_count()
}

/// `torch.cuda.current_device()`.
#[pyfunction]
pub fn _cuda_current_device() -> PyResult<u8> {
    cuda::current_device().py()
}

/// `torch.cuda.set_device(device)`.
#[pyfunction]
pub fn _cuda_set_device(device: &Bound<'_, PyAny>) -> PyResult<()> {
    match index_arg(Some(device))? {
        Some(i) => cuda::set_device(i64::from(i)).py(),
        None => cuda::set_device(-1).py(),
    }
}

/// `torch.cuda.synchronize(device=None)`.
#[pyfunction]
#[pyo3(signature = (device=None))]
pub fn _cuda_synchronize(py: Python<'_>, device: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
    let index = index_arg(device)?;
    py.detach(|| cuda::synchronize(index)).py()
}

/// `torch.cuda.empty_cache()`: frees the blocks the caching allocator holds.
#[pyfunction]
pub fn _cuda_empty_cache() -> PyResult<()> {
    if !cuda::is_available() {
        return Ok(());
    }
    cuda::empty_cache().py()
}

/// `(allocated, cached)` bytes of a device's caching allocator (`memory_allocated`, `memory_reserved`).
#[pyfunction]
#[pyo3(signature = (device=None))]
pub fn _cuda_memory_stats(device: Option<&Bound<'_, PyAny>>) -> PyResult<(usize, usize)> {
    let index = match index_arg(device)? {
        Some(i) => i,
        None => cuda::current_device().py()?,
    };
    cuda::memory_stats(index).py()
}

/// `Tensor.get_device()`: the CUDA device index, or -1 on the CPU. (Installed on the class by the Python
/// package: pyo3 cannot have both a `device` getter and a `get_device` method on one class.)
#[pyfunction]
pub fn _tensor_get_device(t: PyRef<'_, crate::value::PyTensor>) -> PyResult<i64> {
    if let Some(s) = t.sparse() {
        return Ok(s.get_device());
    }
    Ok(t.strided()?.get_device())
}

/// Registers the functions in `oxtorch._C`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_cuda_is_available, m)?)?;
    m.add_function(wrap_pyfunction!(_cuda_device_count, m)?)?;
    m.add_function(wrap_pyfunction!(_cuda_current_device, m)?)?;
    m.add_function(wrap_pyfunction!(_cuda_set_device, m)?)?;
    m.add_function(wrap_pyfunction!(_cuda_synchronize, m)?)?;
    m.add_function(wrap_pyfunction!(_cuda_empty_cache, m)?)?;
    m.add_function(wrap_pyfunction!(_cuda_memory_stats, m)?)?;
    m.add_function(wrap_pyfunction!(_tensor_get_device, m)?)?;
    Ok(())
}
