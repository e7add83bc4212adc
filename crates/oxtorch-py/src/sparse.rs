//! Sparse COO tensors in Python: `oxtorch.sparse_coo_tensor`, `Tensor.to_sparse`, the sparse attributes and
//! accessors (`is_sparse`, `sparse_dim()`, `_nnz()`, `indices()`, `coalesce()` ...), arithmetic with any mix of
//! sparse tensors, dense tensors and numbers, and PyTorch's refusals. A sparse tensor is the same Python class,
//! `oxtorch.Tensor`, holding [`crate::value::TensorValue::SparseCoo`]; `tensor.rs` and `functions.rs` call in here from small
//! hooks at the top of the methods whose behaviour depends on the layout.

use crate::args::{self, sequence_ints};
use crate::attributes::{PyDType, PyLayout};
use crate::device::device_arg;
use crate::errors::ResultExt;
use crate::value::PyTensor;
use oxtorch::sparse::coo::sparse_zeros;
use oxtorch::{DType, Device, Layout, SparseCooOptions, SparseCooTensor, Tensor};
use pyo3::exceptions::{PyNotImplementedError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

/// `cpu()` / `cuda()` of a sparse tensor: indices and values moved to `device`, the tensor itself when already
/// there (a memory format changes nothing then, as in PyTorch).
pub fn to_device(
    slf: PyRef<'_, PyTensor>,
    py: Python<'_>,
    s: SparseCooTensor,
    device: Device,
    memory_format: Option<crate::attributes::PyMemoryFormat>,
) -> PyResult<Py<PyTensor>> {
    let _ = memory_format;
    let moved = s.to_device(device).py()?;
    if moved.raw_values().is_same(s.raw_values()) {
        return Ok(slf.into());
    }
    Py::new(py, PyTensor::new_sparse(moved))
}

/// An index or values argument: a tensor (converted to `dtype` when given) or nested Python data.
fn tensor_arg(obj: &Bound<'_, PyAny>, dtype: Option<DType>) -> PyResult<Tensor> {
    if let Ok(t) = obj.cast::<PyTensor>() {
        let t = t.borrow().strided()?.clone();
        return match dtype {
            Some(d) => t.to_dtype(d).py(),
            None => Ok(t),
        };
    }
    if let Some(array) = crate::interop::numpy_to_tensor(obj, true)? {
        return match dtype {
            Some(d) => array.to_dtype(d).py(),
            None => Ok(array),
        };
    }
    let nested = crate::nested::read(obj, dtype, true)?;
    oxtorch::tensor::factory::tensor_from_scalars(&nested.values, &nested.shape, nested.dtype).py()
}

/// `torch.sparse_coo_tensor(indices, values, size=None, *, dtype=None, device=None, requires_grad=False,
/// check_invariants=None, is_coalesced=None)`, or `torch.sparse_coo_tensor(size)` for an empty one.
#[pyfunction]
#[pyo3(signature = (indices=None, values=None, size=None, *, dtype=None, device=None, pin_memory=false, requires_grad=false, check_invariants=None, is_coalesced=None))]
#[allow(clippy::too_many_arguments)]
pub fn sparse_coo_tensor(
    indices: Option<&Bound<'_, PyAny>>,
    values: Option<&Bound<'_, PyAny>>,
    size: Option<&Bound<'_, PyAny>>,
    dtype: Option<PyDType>,
    device: Option<&Bound<'_, PyAny>>,
    pin_memory: bool,
    requires_grad: bool,
    check_invariants: Option<bool>,
    is_coalesced: Option<bool>,
) -> PyResult<PyTensor> {
    let _ = pin_memory;
    let device = match device {
        Some(d) if !d.is_none() => Some(device_arg(d)?),
        _ => None,
    };
    let dtype = dtype.map(|d| d.0);
    let t = match (indices, values) {
        (Some(i), Some(v)) => {
            let indices = tensor_arg(i, Some(DType::Int64))?;
            let values = tensor_arg(v, dtype)?;
            let size = size.filter(|s| !s.is_none()).map(sequence_ints).transpose()?;
            let options = SparseCooOptions { dtype, device, check_invariants, is_coalesced };
            oxtorch::sparse_coo_tensor(&indices, &values, size.as_deref(), options).py().map(PyTensor::new_sparse)
        }
        (Some(shape), None) if size.is_none() => {
            let sizes = args::to_sizes(&sequence_ints(shape)?)?;
            sparse_zeros(&sizes, dtype, device).py().map(PyTensor::new_sparse)
        }
        (None, None) => match size {
            Some(s) => {
                let sizes = args::to_sizes(&sequence_ints(s)?)?;
                sparse_zeros(&sizes, dtype, device).py().map(PyTensor::new_sparse)
            }
            None => Err(PyTypeError::new_err("sparse_coo_tensor() missing required argument 'indices'")),
        },
        _ => Err(PyTypeError::new_err("sparse_coo_tensor(): expected indices and values, or a size")),
    }?;
    // PyTorch sets requires_grad on the new tensor
    crate::args::grad_any_layout(t, requires_grad)
}

/// The methods that exist only for sparse tensors, or whose sparse form differs: registered on
/// `oxtorch.Tensor` by `tensor.rs`.
pub fn sparse_dim(t: &PyTensor) -> PyResult<usize> {
    match t.sparse() {
        Some(s) => Ok(s.sparse_dim()),
        None => Ok(0),
    }
}

/// `dense_dim()`: the dimensions of each value (all of them for a dense tensor).
pub fn dense_dim(t: &PyTensor) -> PyResult<usize> {
    match t.sparse() {
        Some(s) => Ok(s.dense_dim()),
        None => Ok(t.strided()?.dim()),
    }
}

/// The sparse tensor, or PyTorch's error for a strided one calling a sparse-only method.
pub fn require_sparse(t: &PyTensor, method: &str) -> PyResult<SparseCooTensor> {
    t.sparse().ok_or_else(|| {
        PyNotImplementedError::new_err(format!("Could not run 'aten::{method}' with arguments from the 'CPU' backend."))
    })
}

/// `to_sparse(sparse_dim=None, *, layout=None)` on either layout.
pub fn to_sparse(t: &PyTensor, args: &Bound<'_, PyTuple>, layout: Option<PyLayout>) -> PyResult<PyTensor> {
    if layout.is_some_and(|l| l.0 != Layout::SparseCoo) {
        return Err(PyNotImplementedError::new_err("oxtorch supports only the sparse_coo layout for to_sparse"));
    }
    let dim = match args.len() {
        0 => None,
        _ => {
            let a = args.get_item(0)?;
            if a.is_none() {
                None
            } else {
                Some(args::int_arg(&a)?)
            }
        }
    };
    match t.sparse() {
        Some(s) => s.to_sparse_dim(dim).py().map(PyTensor::new_sparse),
        None => {
            let dense = t.strided()?;
            match dim {
                None => dense.to_sparse(),
                Some(d) => dense.to_sparse_dim(d),
            }
            .py()
            .map(PyTensor::new_sparse)
        }
    }
}

/// The Python value of a sparse tensor's `size()`-like tuple.
pub fn sizes_of(t: &PyTensor) -> PyResult<Vec<usize>> {
    match t.sparse() {
        Some(s) => Ok(s.sizes().to_vec()),
        None => Ok(t.strided()?.sizes().to_vec()),
    }
}

/// Registers the module-level functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(sparse_coo_tensor, m)?)?;
    Ok(())
}
