//! Converting Python arguments: numbers, operands, size lists, `dtype=` / `device=` / `memory_format=` keywords
//! (nested data is `nested.rs`).

use crate::attributes::{PyDType, PyMemoryFormat};
use crate::device::device_arg;
use crate::tensor::PyTensor;
use num_complex::Complex;
use oxtorch::Operand;
use oxtorch::{Scalar, TensorOptions};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyComplex, PyFloat, PyInt, PySequence, PyTuple};

/// A Python number as a [`Scalar`], or None when `obj` is not a number.
pub fn scalar(obj: &Bound<'_, PyAny>) -> PyResult<Option<Scalar>> {
    if obj.is_instance_of::<PyBool>() {
        return Ok(Some(Scalar::Bool(obj.extract()?)));
    }
    if obj.is_instance_of::<PyInt>() {
        return match obj.extract::<i64>() {
            Ok(i) => Ok(Some(Scalar::Int(i))),
            Err(_) => Err(pyo3::exceptions::PyRuntimeError::new_err("Overflow when unpacking long")),
        };
    }
    if obj.is_instance_of::<PyFloat>() {
        return Ok(Some(Scalar::Float(obj.extract()?)));
    }
    if obj.is_instance_of::<PyComplex>() {
        let c: Complex<f64> = obj.extract()?;
        return Ok(Some(Scalar::Complex(c)));
    }
    // NumPy scalars and other number-likes
    let type_name = obj.get_type().name()?.to_string();
    if type_name == "bool_" || type_name == "bool" {
        return Ok(Some(Scalar::Bool(obj.is_truthy()?)));
    }
    if obj.hasattr("__index__")? && !obj.is_instance_of::<PyTensor>() {
        return Ok(Some(Scalar::Int(obj.call_method0("__index__")?.extract()?)));
    }
    if type_name.starts_with("complex") {
        if let Ok(c) = obj.extract::<Complex<f64>>() {
            return Ok(Some(Scalar::Complex(c)));
        }
    }
    if type_name.starts_with("float") && obj.hasattr("__float__")? {
        return Ok(Some(Scalar::Float(obj.call_method0("__float__")?.extract()?)));
    }
    Ok(None)
}

/// An arithmetic operand: a tensor or a Python number.
pub fn operand(obj: &Bound<'_, PyAny>) -> PyResult<Operand> {
    if let Ok(t) = obj.cast::<PyTensor>() {
        return Ok(Operand::Tensor(t.borrow().strided()?.clone()));
    }
    match scalar(obj)? {
        Some(s) => Ok(Operand::Scalar(s)),
        None => Err(PyTypeError::new_err(format!(
            "unsupported operand type: expected a Tensor or a number, but got {}",
            obj.get_type().name()?
        ))),
    }
}

/// Sizes given as varargs (`zeros(2, 3)`) or as one sequence (`zeros((2, 3))`, `zeros([2, 3])`).
pub fn int_list(args: &Bound<'_, PyTuple>) -> PyResult<Vec<i64>> {
    if args.len() == 1 {
        let first = args.get_item(0)?;
        if !first.is_instance_of::<PyInt>() && first.cast::<PySequence>().is_ok() {
            return sequence_ints(&first);
        }
    }
    args.iter().enumerate().map(|(i, a)| list_item(i, &a)).collect()
}

/// A sequence of ints (tuple, list, `oxtorch.Size`).
pub fn sequence_ints(obj: &Bound<'_, PyAny>) -> PyResult<Vec<i64>> {
    let seq = obj.cast::<PySequence>().map_err(|_| PyTypeError::new_err("expected a sequence of integers"))?;
    (0..seq.len()?).map(|i| list_item(i, &seq.get_item(i)?)).collect()
}

/// One element of an int list as PyTorch's argument parser reads it: the first must be a real int (that is how
/// it recognizes a list of ints), later ones may be bools (read as 0 / 1).
fn list_item(position: usize, obj: &Bound<'_, PyAny>) -> PyResult<i64> {
    if position > 0 && obj.is_instance_of::<PyBool>() {
        return Ok(i64::from(obj.is_truthy()?));
    }
    int_arg(obj).map_err(|e| {
        if e.is_instance_of::<pyo3::exceptions::PyOverflowError>(obj.py()) {
            // PyTorch's parser (its text, without the closing quote); `name_list_error` names the argument
            PyTypeError::new_err(format!(
                "{UNPACK_FAILED} at pos {} with error \"Overflow when unpacking long long",
                position + 1
            ))
        } else {
            e
        }
    })
}

/// The start of the parser's error for an int-list element that does not fit 64 bits.
const UNPACK_FAILED: &str = "failed to unpack the object";

/// An int-list error with the function and argument named, as PyTorch's parser words it
/// (`zeros(): argument 'size' failed to unpack the object at pos 2 ...`).
pub fn name_list_error(function: &str, argument: &str, e: PyErr) -> PyErr {
    let py_text = Python::attach(|py| e.value(py).to_string());
    if py_text.starts_with(UNPACK_FAILED) {
        PyTypeError::new_err(format!("{function}(): argument '{argument}' {py_text}"))
    } else {
        e
    }
}

/// One integer argument (bools and floats are refused, as in PyTorch).
pub fn int_arg(obj: &Bound<'_, PyAny>) -> PyResult<i64> {
    if obj.is_instance_of::<PyBool>() || obj.is_instance_of::<PyFloat>() {
        return Err(PyTypeError::new_err(format!("expected an integer, but got {}", obj.get_type().name()?)));
    }
    obj.extract::<i64>().or_else(|_| obj.call_method0("__index__")?.extract())
}

/// Non-negative sizes.
pub fn sizes(args: &Bound<'_, PyTuple>) -> PyResult<Vec<usize>> {
    to_sizes(&int_list(args)?)
}

/// Checks that no size is negative.
pub fn to_sizes(v: &[i64]) -> PyResult<Vec<usize>> {
    v.iter()
        .map(|&s| {
            usize::try_from(s).map_err(|_| {
                pyo3::exceptions::PyRuntimeError::new_err(format!(
                    "Trying to create tensor with negative dimension {s}: {v:?}"
                ))
            })
        })
        .collect()
}

/// PyTorch's treatment of a negative stride when it sets a tensor's strides (`set_sizes_and_strides`, reached by
/// `empty_strided` and DLPack import): it becomes the stride the dimension would have next to the one after it
/// (`stride * max(size, 1)` of that one, 1 for the last). With `all` false only the negative strides that never
/// move the address are replaced (a dimension of at most one element, or any of a tensor without elements), the
/// others kept so that the storage-size check still refuses them; the meta device, which checks no storage size,
/// replaces every one.
pub fn normalize_negative_strides(sizes: &[usize], mut strides: Vec<i64>, all: bool) -> Vec<i64> {
    let empty = sizes.contains(&0);
    for i in (0..strides.len().min(sizes.len())).rev() {
        if (all || sizes[i] <= 1 || empty) && strides[i] < 0 {
            strides[i] = match (sizes.get(i + 1), strides.get(i + 1)) {
                (Some(&size), Some(&stride)) => stride.wrapping_mul(size.max(1) as i64),
                _ => 1,
            };
        }
    }
    strides
}

/// The `dtype=`, `device=` and `memory_format=` keywords as options.
pub fn options(
    dtype: Option<PyDType>,
    device: Option<&Bound<'_, PyAny>>,
    memory_format: Option<PyMemoryFormat>,
) -> PyResult<TensorOptions> {
    let mut o = TensorOptions::new();
    o.dtype = dtype.map(|d| d.0);
    if let Some(d) = device {
        if !d.is_none() {
            o.device = Some(device_arg(d)?);
        }
    }
    o.memory_format = memory_format.map(|f| f.0);
    Ok(o)
}
