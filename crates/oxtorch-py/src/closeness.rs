//! `torch.isclose` and `torch.allclose` and their methods: PyTorch's signatures, parsed by its argument parser's
//! rules (`signature.rs`), and one call into the core (`oxtorch::dispatch::isclose`, `allclose`), which holds
//! every rule.

use crate::errors::ResultExt;
use crate::signature::{unpack_double, Form, Parsed, Parser};
use crate::ternary::{parser, tensor};
use crate::value::PyTensor;
use oxtorch::dispatch::{self, AnyTensor};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

/// The signature of both operations (the function takes `input` first).
const CLOSE: &[&str] = &["Tensor other, float rtol=1e-05, float atol=1e-08, bool equal_nan=False"];

/// `(other, rtol, atol, equal_nan)` of a call, the defaults filled in.
fn arguments(p: &Parsed<'_, '_>) -> PyResult<(AnyTensor, f64, f64, bool)> {
    let other = tensor(p.get("other").expect("a required tensor"))?;
    let number = |name: &str, default: f64| p.get(name).map_or(Ok(default), unpack_double);
    Ok((other, number("rtol", 1e-05)?, number("atol", 1e-08)?, p.flag("equal_nan")?))
}

/// `torch.isclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False)`.
#[pyfunction]
#[pyo3(signature = (*args, **kwargs))]
pub fn isclose(args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<PyTensor> {
    let p = parser!(Function "isclose", CLOSE).parse(args, kwargs)?;
    let (other, rtol, atol, equal_nan) = arguments(&p)?;
    let input = tensor(&p.tensor(0).into_any())?;
    dispatch::isclose(&input, &other, rtol, atol, equal_nan).py().map(PyTensor::from_any)
}

/// `torch.allclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False)`.
#[pyfunction]
#[pyo3(signature = (*args, **kwargs))]
pub fn allclose(args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<bool> {
    let p = parser!(Function "allclose", CLOSE).parse(args, kwargs)?;
    let (other, rtol, atol, equal_nan) = arguments(&p)?;
    let input = tensor(&p.tensor(0).into_any())?;
    dispatch::allclose(&input, &other, rtol, atol, equal_nan).py()
}

#[pymethods]
impl PyTensor {
    /// `Tensor.isclose(other, rtol=1e-05, atol=1e-08, equal_nan=False)`.
    #[pyo3(name = "isclose", signature = (*args, **kwargs))]
    fn isclose_method(&self, args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<PyTensor> {
        let p = parser!(Method "isclose", CLOSE).parse(args, kwargs)?;
        let (other, rtol, atol, equal_nan) = arguments(&p)?;
        dispatch::isclose(&self.any(), &other, rtol, atol, equal_nan).py().map(PyTensor::from_any)
    }

    /// `Tensor.allclose(other, rtol=1e-05, atol=1e-08, equal_nan=False)`.
    #[pyo3(name = "allclose", signature = (*args, **kwargs))]
    fn allclose_method(&self, args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<bool> {
        let p = parser!(Method "allclose", CLOSE).parse(args, kwargs)?;
        let (other, rtol, atol, equal_nan) = arguments(&p)?;
        dispatch::allclose(&self.any(), &other, rtol, atol, equal_nan).py()
    }
}

/// Registers `isclose` and `allclose`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(isclose, m)?)?;
    m.add_function(wrap_pyfunction!(allclose, m)?)
}
