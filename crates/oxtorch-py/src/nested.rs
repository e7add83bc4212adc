//! Nested Python data as tensor values (`torch.tensor(data)`), in PyTorch's three passes and their order
//! (`internal_new_from_data` in `tensor_new.cpp`), so that the first error PyTorch meets is the one raised:
//!
//! 1. **sizes** follow the first element down while it is a sequence (a tensor is not one here);
//! 2. **dtype**, unless one is given, is inferred from every element: Python numbers by kind, tensors and NumPy
//!    values by their own dtype, promoted pairwise (stopping at complex128, which nothing changes);
//! 3. **values** are stored in row-major order, each unpacked by the protocol PyTorch's `store_scalar` uses for
//!    the dtype (`__index__` for integers, `__float__` for floating point, `__complex__` for complex), so a tensor,
//!    a NumPy value or a foreign object inside the data fails or converts exactly as there. A tensor on the meta
//!    device, or one with no element, stores nothing.

use crate::value::PyTensor;
use num_complex::Complex;
use numpy::{PyArrayDescr, PyUntypedArray, PyUntypedArrayMethods};
use oxtorch::promotion::{get_default_complex_dtype, get_default_dtype, promote_types};
use oxtorch::{DType, Scalar};
use pyo3::exceptions::{PyOverflowError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyComplex, PyFloat, PyInt, PyList, PyString, PyTuple};

/// PyTorch's limit on the number of dimensions nested data may have.
const MAX_DIMS: usize = 64;

/// Nested data read as PyTorch reads it: its shape, its dtype (given or inferred) and its values in row-major
/// order (empty when nothing is stored).
pub struct NestedData {
    /// The shape of the nesting.
    pub shape: Vec<usize>,
    /// The dtype the values are stored as.
    pub dtype: DType,
    /// The values, each already checked against `dtype`; empty for the meta device or an empty shape.
    pub values: Vec<Scalar>,
}

/// Reads nested lists, tuples and other sequences of numbers, tensors and NumPy values as `torch.tensor` does:
/// the shape, then the dtype (`dtype`, else inferred), then (unless `store` is false, for the meta device) the
/// values.
pub fn read(obj: &Bound<'_, PyAny>, dtype: Option<DType>, store: bool) -> PyResult<NestedData> {
    refuse_text(obj)?;
    let shape = sizes(obj)?;
    let dtype = match dtype {
        Some(d) => d,
        None => infer(obj)?,
    };
    let mut values = Vec::new();
    if store && shape.iter().all(|&n| n > 0) {
        values.reserve(shape.iter().product());
        store_all(obj, 0, &shape, dtype, &mut values)?;
    }
    Ok(NestedData { shape, dtype, values })
}

/// PyTorch's refusal of text as tensor data (the whole data, or an element while inferring the dtype).
fn refuse_text(obj: &Bound<'_, PyAny>) -> PyResult<()> {
    if obj.is_instance_of::<PyString>() || obj.is_instance_of::<PyBytes>() {
        return Err(PyTypeError::new_err(format!("new(): invalid data type '{}'", crate::value::tp_name(obj))));
    }
    Ok(())
}

/// Whether PyTorch treats `obj` as a sequence while measuring and inferring (CPython's `PySequence_Check`):
/// lists, tuples, ranges, strings, NumPy arrays; never a tensor.
fn is_sequence(obj: &Bound<'_, PyAny>) -> bool {
    if obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>() {
        return true;
    }
    // SAFETY: `obj` is a live object (we hold a reference); PySequence_Check only reads its type's slots.
    !obj.is_instance_of::<PyTensor>() && unsafe { pyo3::ffi::PySequence_Check(obj.as_ptr()) } == 1
}

/// The shape: the lengths met following the first element down (PyTorch's `compute_sizes`).
fn sizes(obj: &Bound<'_, PyAny>) -> PyResult<Vec<usize>> {
    let mut shape = Vec::new();
    let mut current = obj.clone();
    while is_sequence(&current) {
        let n = current.len()?;
        shape.push(n);
        if shape.len() > MAX_DIMS {
            return Err(PyValueError::new_err(format!("too many dimensions '{}'", crate::value::tp_name(&current))));
        }
        if n == 0 {
            break;
        }
        current = current.get_item(0)?;
    }
    Ok(shape)
}

/// The NumPy dtype of a NumPy array or scalar, or None for other objects.
fn numpy_dtype(obj: &Bound<'_, PyAny>) -> PyResult<Option<DType>> {
    if let Ok(array) = obj.cast::<PyUntypedArray>() {
        return crate::interop::from_numpy_dtype(obj.py(), &array.dtype()).map(Some);
    }
    let is_numpy_scalar = obj.get_type().module().is_ok_and(|m| m == "numpy") && obj.hasattr("dtype")?;
    if is_numpy_scalar {
        if let Ok(descr) = obj.getattr("dtype")?.cast::<PyArrayDescr>() {
            return crate::interop::from_numpy_dtype(obj.py(), descr).map(Some);
        }
    }
    Ok(None)
}

/// The dtype PyTorch infers for data (`infer_scalar_type`).
fn infer(obj: &Bound<'_, PyAny>) -> PyResult<DType> {
    if let Some(d) = numpy_dtype(obj)? {
        return Ok(d);
    }
    if obj.is_instance_of::<PyBool>() {
        return Ok(DType::Bool);
    }
    if obj.is_instance_of::<PyFloat>() {
        return Ok(get_default_dtype());
    }
    if obj.is_instance_of::<PyInt>() {
        return Ok(DType::Int64);
    }
    if obj.is_instance_of::<PyComplex>() {
        if get_default_dtype() == DType::BFloat16 {
            return Err(PyRuntimeError::new_err("invalid default scalar type for complex"));
        }
        return Ok(get_default_complex_dtype());
    }
    if let Ok(t) = obj.cast::<PyTensor>() {
        return Ok(t.borrow().shaped()?.dtype());
    }
    refuse_text(obj)?;
    if is_sequence(obj) {
        let n = obj.len()?;
        if n == 0 {
            return Ok(get_default_dtype());
        }
        let mut dtype = infer(&obj.get_item(0)?)?;
        for i in 1..n {
            if dtype == DType::Complex128 {
                break; // nothing promotes past it, so PyTorch looks no further
            }
            dtype = promote_types(dtype, infer(&obj.get_item(i)?)?);
        }
        return Ok(dtype);
    }
    Err(PyRuntimeError::new_err(format!("Could not infer dtype of {}", crate::value::tp_name(obj))))
}

/// Stores the elements of `obj` at dimension `dim` (PyTorch's `recursive_store`): any iterable stands for a
/// sequence here, and its length must match the shape.
fn store_all(obj: &Bound<'_, PyAny>, dim: usize, shape: &[usize], dtype: DType, out: &mut Vec<Scalar>) -> PyResult<()> {
    if dim == shape.len() {
        out.push(store_scalar(obj, dtype)?);
        return Ok(());
    }
    // CPython's `PySequence_Fast(obj, "not a sequence")`: an object that cannot be iterated gets that message
    let items: Vec<Bound<'_, PyAny>> = match obj.try_iter() {
        Ok(iter) => iter.collect::<PyResult<_>>()?,
        Err(e) if e.is_instance_of::<PyTypeError>(obj.py()) => return Err(PyTypeError::new_err("not a sequence")),
        Err(e) => return Err(e),
    };
    if items.len() != shape[dim] {
        return Err(PyValueError::new_err(format!(
            "expected sequence of length {} at dim {dim} (got {})",
            shape[dim],
            items.len()
        )));
    }
    for item in &items {
        store_all(item, dim + 1, shape, dtype, out)?;
    }
    Ok(())
}

/// One element unpacked for `dtype` as PyTorch's `store_scalar` unpacks it, with its checks: CPython's own
/// conversion errors for objects without the protocol, and c10's overflow check for integer dtypes.
pub fn store_scalar(obj: &Bound<'_, PyAny>, dtype: DType) -> PyResult<Scalar> {
    let value = if dtype == DType::Bool {
        Scalar::Bool(unpack_bool(obj)?)
    } else if dtype.is_integral(false) {
        if obj.is_instance_of::<PyFloat>() {
            Scalar::Float(obj.extract()?)
        } else {
            Scalar::Int(unpack_long(obj)?)
        }
    } else if dtype.is_complex() {
        Scalar::Complex(obj.extract::<Complex<f64>>()?)
    } else {
        Scalar::Float(obj.extract::<f64>()?)
    };
    oxtorch::tensor::factory::check_data_value(&value, dtype).map_err(crate::errors::to_py)?;
    Ok(value)
}

/// An integer through `__index__`; one beyond 64 bits is PyTorch's overflow error.
fn unpack_long(obj: &Bound<'_, PyAny>) -> PyResult<i64> {
    obj.extract::<i64>().map_err(|e| {
        if e.is_instance_of::<PyOverflowError>(obj.py()) {
            PyValueError::new_err("Overflow when unpacking long long")
        } else {
            e
        }
    })
}

/// A truth value as PyTorch's `THPUtils_unpackNumberAsBool` reads one: floats and complex numbers by being
/// nonzero, NumPy bools as they are, anything else through `__index__` (an integer beyond 64 bits is true).
fn unpack_bool(obj: &Bound<'_, PyAny>) -> PyResult<bool> {
    if obj.is_instance_of::<PyFloat>() {
        return Ok(obj.extract::<f64>()? != 0.0);
    }
    if obj.is_instance_of::<PyComplex>() {
        return Ok(obj.extract::<Complex<f64>>()? != Complex::new(0.0, 0.0));
    }
    if crate::value::tp_name(obj) == "numpy.bool" {
        return obj.is_truthy();
    }
    match obj.extract::<i64>() {
        Ok(i) => Ok(i != 0),
        Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => Ok(true),
        Err(e) => Err(e),
    }
}
