//! The `oxtorch._C` extension module: PyTorch's Python surface over the oxtorch crate. The pure-Python package
//! `oxtorch` (in `python/oxtorch`) re-exports it and adds `Size` and the legacy tensor types.

#![allow(non_snake_case)] // the extension module is `oxtorch._C`, as PyTorch names its own

pub mod args;
pub mod attributes;
pub mod cuda;
pub mod device;
pub mod errors;
pub mod functions;
pub mod global;
pub mod interop;
pub mod nested;
pub mod sparse;
pub mod tensor;

use pyo3::prelude::*;

#[pymodule]
fn _C(m: &Bound<'_, PyModule>) -> PyResult<()> {
    attributes::register(m)?;
    m.add_class::<device::PyDevice>()?;
    m.add_function(wrap_pyfunction!(device::set_default_device, m)?)?;
    m.add_function(wrap_pyfunction!(device::get_default_device, m)?)?;
    m.add_class::<tensor::PyTensor>()?;
    functions::register(m)?;
    sparse::register(m)?;
    cuda::register(m)?;
    global::register(m)?;
    m.add_function(wrap_pyfunction!(interop::from_numpy, m)?)?;
    m.add_function(wrap_pyfunction!(interop::from_dlpack, m)?)?;
    m.add("OutOfMemoryError", m.py().get_type::<errors::OutOfMemoryError>())?;
    m.add("AcceleratorError", m.py().get_type::<errors::AcceleratorError>())?;
    Ok(())
}
