//! The `oxtorch._C` extension module: PyTorch's Python surface over the oxtorch crate. The pure-Python package
//! `oxtorch` (in `python/oxtorch`) re-exports it and adds `Size` and the legacy tensor types.
//!
//! The modules are listed here in import order: each imports only modules listed before it (no import cycles).
//! 1. `errors` (oxtorch errors as Python exceptions), then `value` (the `Tensor` object and its accessors);
//! 2. `attributes`, `device` (dtypes, layouts, memory formats, devices);
//! 3. `args` (argument conversion), `interop` (NumPy, DLPack), `nested` (nested Python data);
//! 4. `signature` (PyTorch's argument parser), `unary_arguments`, `sparse`, `global`;
//! 5. `functions`, `surface`, `ternary`, `pointwise`, `closeness`, `reduce`, `join`, `matmul`, `serialization`, `ops` (the
//!    `torch.*` functions, `where` and the clamps, `addcmul` and `lerp`, `isclose` and `allclose`, the reductions,
//!    the joining functions, the matrix products, safetensors' `save_file`/`load_file`, and the methods generated from the tables);
//! 6. `tensor` (the hand-written methods of `Tensor`), `cuda`, `stubs`.

#![allow(non_snake_case)] // the extension module is `oxtorch._C`, as PyTorch names its own

pub mod args;
pub mod attributes;
pub mod closeness;
pub mod cuda;
pub mod device;
pub mod errors;
pub mod functions;
pub mod global;
pub mod interop;
pub mod join;
pub mod matmul;
pub mod nested;
pub mod ops;
pub mod pointwise;
pub mod reduce;
pub mod serialization;
pub mod signature;
pub mod sparse;
pub mod stubs;
pub mod surface;
pub mod tensor;
pub mod ternary;
pub mod unary_arguments;
pub mod value;

use pyo3::prelude::*;

#[pymodule]
fn _C(m: &Bound<'_, PyModule>) -> PyResult<()> {
    attributes::register(m)?;
    m.add_class::<device::PyDevice>()?;
    m.add_function(wrap_pyfunction!(device::set_default_device, m)?)?;
    m.add_function(wrap_pyfunction!(device::get_default_device, m)?)?;
    m.add_class::<value::PyTensor>()?;
    functions::register(m)?;
    sparse::register(m)?;
    cuda::register(m)?;
    global::register(m)?;
    m.add_function(wrap_pyfunction!(interop::from_numpy, m)?)?;
    m.add_function(wrap_pyfunction!(interop::from_dlpack, m)?)?;
    surface::register(m)?;
    ternary::register(m)?;
    pointwise::register(m)?;
    closeness::register(m)?;
    reduce::register(m)?;
    join::register(m)?;
    matmul::register(m)?;
    m.add("OutOfMemoryError", m.py().get_type::<errors::OutOfMemoryError>())?;
    m.add("AcceleratorError", m.py().get_type::<errors::AcceleratorError>())?;
    serialization::register(m)?;
    // last, so that the generated stubs' `__all__ += [...]` lists them in registration order
    ops::register(m)?;
    Ok(())
}
