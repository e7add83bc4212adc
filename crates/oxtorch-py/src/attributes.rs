//! The attribute objects of the module: `oxtorch.dtype`, `oxtorch.layout` and `oxtorch.memory_format`
//! singletons (so that `x.dtype is oxtorch.float32` holds, as in PyTorch), and the default-dtype functions.

use crate::errors::ResultExt;
use oxtorch::{DType, Layout, MemoryFormat};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;

/// A tensor element type (`torch.dtype`).
#[pyclass(name = "dtype", module = "oxtorch", frozen, eq, hash, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyDType(pub DType);

#[pymethods]
impl PyDType {
    /// True for float16, bfloat16, float32, float64.
    #[getter]
    fn is_floating_point(&self) -> bool {
        self.0.is_floating_point()
    }
    /// True for complex64 and complex128.
    #[getter]
    fn is_complex(&self) -> bool {
        self.0.is_complex()
    }
    /// True for every dtype that holds negative values.
    #[getter]
    fn is_signed(&self) -> bool {
        self.0.is_signed()
    }
    /// Bytes per element.
    #[getter]
    fn itemsize(&self) -> usize {
        self.0.itemsize()
    }
    fn __repr__(&self) -> String {
        self.0.to_string()
    }
    fn __str__(&self) -> String {
        self.0.to_string()
    }
    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, (String,))> {
        let f = py.import("oxtorch")?.getattr("_dtype_by_name")?;
        Ok((f.unbind(), (self.0.name().to_string(),)))
    }
}

/// A tensor's memory layout (`torch.layout`).
#[pyclass(name = "layout", module = "oxtorch", frozen, eq, hash, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyLayout(pub Layout);

#[pymethods]
impl PyLayout {
    fn __repr__(&self) -> String {
        self.0.to_string()
    }
    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, (String,))> {
        let f = py.import("oxtorch")?.getattr("_dtype_by_name")?;
        Ok((f.unbind(), (self.0.name().to_string(),)))
    }
}

/// A memory format (`torch.memory_format`).
#[pyclass(name = "memory_format", module = "oxtorch", frozen, eq, hash, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyMemoryFormat(pub MemoryFormat);

#[pymethods]
impl PyMemoryFormat {
    fn __repr__(&self) -> String {
        self.0.to_string()
    }
    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, (String,))> {
        let f = py.import("oxtorch")?.getattr("_dtype_by_name")?;
        Ok((f.unbind(), (self.0.name().to_string(),)))
    }
}

static DTYPES: PyOnceLock<Vec<Py<PyDType>>> = PyOnceLock::new();

/// The singleton object of a dtype.
pub fn dtype_object(py: Python<'_>, dtype: DType) -> PyResult<Py<PyDType>> {
    let all = DTYPES
        .get_or_try_init(py, || DType::ALL.iter().map(|&d| Py::new(py, PyDType(d))).collect::<PyResult<Vec<_>>>())?;
    let i = DType::ALL.iter().position(|&d| d == dtype).unwrap_or(0);
    Ok(all[i].clone_ref(py))
}

/// Registers the dtype, layout and memory-format objects and the dtype functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<PyDType>()?;
    m.add_class::<PyLayout>()?;
    m.add_class::<PyMemoryFormat>()?;
    for d in DType::ALL {
        m.add(d.name(), dtype_object(py, d)?)?;
    }
    for (alias, d) in oxtorch::DType::ALIASES {
        m.add(alias, dtype_object(py, d)?)?;
    }
    m.add("strided", PyLayout(Layout::Strided))?;
    m.add("sparse_coo", PyLayout(Layout::SparseCoo))?;
    for f in
        [MemoryFormat::Contiguous, MemoryFormat::ChannelsLast, MemoryFormat::ChannelsLast3d, MemoryFormat::Preserve]
    {
        m.add(f.name(), PyMemoryFormat(f))?;
    }
    m.add_function(wrap_pyfunction!(get_default_dtype, m)?)?;
    m.add_function(wrap_pyfunction!(set_default_dtype, m)?)?;
    m.add_function(wrap_pyfunction!(promote_types, m)?)?;
    m.add_function(wrap_pyfunction!(can_cast, m)?)?;
    Ok(())
}

/// `torch.get_default_dtype()`: the dtype Python floats and float factories get.
#[pyfunction]
fn get_default_dtype(py: Python<'_>) -> PyResult<Py<PyDType>> {
    dtype_object(py, oxtorch::get_default_dtype())
}

/// `torch.set_default_dtype(d)`: only floating dtypes are accepted.
#[pyfunction]
#[pyo3(signature = (d, /))]
fn set_default_dtype(d: PyDType) -> PyResult<()> {
    oxtorch::set_default_dtype(d.0).py()
}

/// `torch.promote_types(type1, type2)`.
#[pyfunction]
fn promote_types(py: Python<'_>, type1: PyDType, type2: PyDType) -> PyResult<Py<PyDType>> {
    dtype_object(py, oxtorch::promote_types(type1.0, type2.0))
}

/// `torch.can_cast(from_, to)`: whether an arithmetic result of `from_` may be written into `to`.
#[pyfunction]
#[pyo3(signature = (from_, to))]
fn can_cast(from_: PyDType, to: PyDType) -> bool {
    oxtorch::can_cast(from_.0, to.0)
}
