use pyo3::prelude::*;
#[pymodule]
fn _C(_m: &Bound<'_, PyModule>) -> PyResult<()> { Ok(()) }
