//! `save_file`, `load_file`, `save` and `load`: weights in the safetensors format, with the signatures and
//! behaviour of the `safetensors.torch` module, one call each into the core (`oxtorch::safetensors`, which holds
//! every rule: dtypes, contiguity, shared-memory and sparse refusals, the memory-mapped load). Only the Python
//! argument checks that `safetensors.torch` makes before its own are here: a dict of `str` to tensors.

use crate::device::device_arg;
use crate::errors::ResultExt;
use crate::value::PyTensor;
use oxtorch::dispatch::AnyTensor;
use oxtorch::safetensors::Metadata;
use oxtorch::Tensor;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString};
use std::path::PathBuf;

/// The named tensors of a `Dict[str, Tensor]`, checked as `safetensors.torch` checks them.
fn named_tensors(tensors: &Bound<'_, PyAny>) -> PyResult<Vec<(String, AnyTensor)>> {
    let dict = tensors.cast::<PyDict>().map_err(|_| {
        let class = tensors.get_type().repr().map(|r| r.to_string()).unwrap_or_default();
        PyValueError::new_err(format!("Expected a dict of [str, torch.Tensor] but received {class}"))
    })?;
    let mut named = Vec::with_capacity(dict.len());
    for (key, value) in dict.iter() {
        let Ok(t) = value.cast::<PyTensor>() else {
            let class = value.get_type().repr()?;
            return Err(PyValueError::new_err(format!(
                "Key `{}` is invalid, expected torch.Tensor but received {class}",
                key.str()?
            )));
        };
        named.push((key, t.borrow().any()));
    }
    named
        .into_iter()
        .map(|(key, t)| match key.cast::<PyString>() {
            Ok(s) => Ok((s.to_string(), t)),
            Err(_) => Err(PyTypeError::new_err(format!(
                "argument 'tensor_dict': '{}' object cannot be converted to 'PyString'",
                key.get_type().name()?
            ))),
        })
        .collect()
}

/// A dict of the loaded tensors, in the file's order.
fn tensor_dict(py: Python<'_>, tensors: Vec<(String, Tensor)>) -> PyResult<Py<PyDict>> {
    let dict = PyDict::new(py);
    for (name, t) in tensors {
        dict.set_item(name, Bound::new(py, PyTensor::new(t))?)?;
    }
    Ok(dict.unbind())
}

/// `safetensors.torch.save_file(tensors, filename, metadata=None)`: writes the tensors to `filename`.
#[pyfunction]
#[pyo3(signature = (tensors, filename, metadata=None))]
pub fn save_file(tensors: &Bound<'_, PyAny>, filename: PathBuf, metadata: Option<Metadata>) -> PyResult<()> {
    let named = named_tensors(tensors)?;
    // under the interpreter lock: a tensor may share its memory with NumPy (see `oxtorch::storage`)
    oxtorch::safetensors::save_file(named, &filename, metadata.as_ref()).py()
}

/// `safetensors.torch.save(tensors, metadata=None)`: the tensors in the safetensors format, as bytes.
#[pyfunction]
#[pyo3(signature = (tensors, metadata=None))]
pub fn save(py: Python<'_>, tensors: &Bound<'_, PyAny>, metadata: Option<Metadata>) -> PyResult<Py<PyBytes>> {
    let named = named_tensors(tensors)?;
    let bytes = oxtorch::safetensors::save(named, metadata.as_ref()).py()?;
    Ok(PyBytes::new(py, &bytes).unbind())
}

/// `safetensors.torch.load_file(filename, device="cpu")`: the tensors of a file, by name, in the file's order,
/// memory-mapped copy-on-write on the CPU.
#[pyfunction]
#[pyo3(signature = (filename, device=None))]
pub fn load_file(py: Python<'_>, filename: PathBuf, device: Option<&Bound<'_, PyAny>>) -> PyResult<Py<PyDict>> {
    let device = match device {
        Some(d) => device_arg(d)?,
        None => oxtorch::Device::cpu(),
    };
    let tensors = py.detach(|| oxtorch::safetensors::load_file(&filename, device)).py()?;
    tensor_dict(py, tensors)
}

/// `safetensors.torch.load(data)`: the tensors of safetensors bytes, by name, in their order, on the CPU.
#[pyfunction]
pub fn load(py: Python<'_>, data: &[u8]) -> PyResult<Py<PyDict>> {
    let tensors = oxtorch::safetensors::load(data).py()?;
    tensor_dict(py, tensors)
}

/// Registers the functions and `SafetensorError`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(save_file, m)?)?;
    m.add_function(wrap_pyfunction!(load_file, m)?)?;
    m.add_function(wrap_pyfunction!(save, m)?)?;
    m.add_function(wrap_pyfunction!(load, m)?)?;
    m.add("SafetensorError", m.py().get_type::<crate::errors::SafetensorError>())?;
    Ok(())
}
