//! oxtorch errors as the Python exceptions PyTorch raises.

use pyo3::exceptions::{
    PyAssertionError, PyException, PyFileNotFoundError, PyIndexError, PyNotImplementedError, PyOverflowError,
    PyRuntimeError, PyTypeError, PyValueError, PyZeroDivisionError,
};
use pyo3::PyErr;

pyo3::create_exception!(
    oxtorch,
    OutOfMemoryError,
    PyRuntimeError,
    "A device ran out of memory (`torch.OutOfMemoryError`, a `RuntimeError`)."
);
pyo3::create_exception!(
    oxtorch,
    AcceleratorError,
    PyRuntimeError,
    "A call into a device driver failed (`torch.AcceleratorError`, a `RuntimeError`)."
);

pyo3::create_exception!(
    oxtorch,
    SafetensorError,
    PyException,
    "A safetensors file or buffer could not be read or written (the `safetensors` package's `SafetensorError`)."
);

/// Converts an oxtorch error into the Python exception of the same class, with PyTorch's message.
pub fn to_py(e: oxtorch::Error) -> PyErr {
    use oxtorch::Error::*;
    match e {
        Runtime(m) => PyRuntimeError::new_err(m),
        Type(m) => PyTypeError::new_err(m),
        Index(m) => PyIndexError::new_err(m),
        Value(m) => PyValueError::new_err(m),
        ZeroDivision(m) => PyZeroDivisionError::new_err(m),
        NotImplemented(m) => PyNotImplementedError::new_err(m),
        Accelerator(m) => AcceleratorError::new_err(m),
        OutOfMemory(m) => OutOfMemoryError::new_err(m),
        Assertion(m) => PyAssertionError::new_err(m),
        Overflow(m) => PyOverflowError::new_err(m),
        Safetensor(m) => SafetensorError::new_err(m),
        FileNotFound(m) => PyFileNotFoundError::new_err(m),
    }
}

/// `.py()?` turns an oxtorch result into a Python one.
pub trait ResultExt<T> {
    /// Maps the error to its Python exception.
    fn py(self) -> pyo3::PyResult<T>;
}

impl<T> ResultExt<T> for oxtorch::Result<T> {
    fn py(self) -> pyo3::PyResult<T> {
        self.map_err(to_py)
    }
}

/// PyTorch's error for an integer argument beyond int64.
pub fn unpack_overflow() -> PyErr {
    pyo3::exceptions::PyValueError::new_err(UNPACK_OVERFLOW)
}

const UNPACK_OVERFLOW: &str = "Overflow when unpacking long long";

/// Whether `e` is [`unpack_overflow`]'s error.
pub fn is_unpack_overflow(e: &PyErr) -> bool {
    pyo3::Python::attach(|py| {
        e.is_instance_of::<pyo3::exceptions::PyValueError>(py) && e.value(py).to_string() == UNPACK_OVERFLOW
    })
}
