//! Converting Python arguments: numbers, operands, size lists, `dtype=` / `device=` / `memory_format=` keywords
//! and nested data.

use crate::attributes::{PyDType, PyMemoryFormat};
use crate::device::device_arg;
use crate::tensor::PyTensor;
use num_complex::Complex;
use oxtorch::iter::Operand;
use oxtorch::{Scalar, TensorOptions};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyComplex, PyFloat, PyInt, PyList, PySequence, PyTuple};

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
    int_arg(obj)
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

/// Nested data flattened for `torch.tensor`: the values, the shape, and where the values hold Python integers
/// beyond 64 bits (stored as their nearest double; only a floating or complex dtype can take them).
pub struct NestedData {
    /// The numbers in row-major order.
    pub values: Vec<Scalar>,
    /// The shape of the nesting.
    pub shape: Vec<usize>,
    /// Positions in `values` of integers that do not fit 64 bits.
    pub big_ints: Vec<usize>,
}

/// Flattens nested lists / tuples of numbers (or tensors, or NumPy arrays) into values and a shape, checking that
/// the nesting is rectangular (PyTorch's `expected sequence of length N at dim D (got M)`).
pub fn nested(obj: &Bound<'_, PyAny>) -> PyResult<NestedData> {
    let mut shape = Vec::new();
    probe(obj, &mut shape)?;
    let mut data = NestedData { values: Vec::new(), shape: Vec::new(), big_ints: Vec::new() };
    collect(obj, 0, &shape, &mut data)?;
    data.shape = shape;
    Ok(data)
}

fn as_sequence<'a, 'py>(obj: &'a Bound<'py, PyAny>) -> Option<&'a Bound<'py, PySequence>> {
    if obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>() {
        obj.cast::<PySequence>().ok()
    } else {
        None
    }
}

fn probe(obj: &Bound<'_, PyAny>, shape: &mut Vec<usize>) -> PyResult<()> {
    if let Ok(t) = obj.cast::<PyTensor>() {
        shape.extend_from_slice(t.borrow().strided()?.sizes());
        return Ok(());
    }
    if let Some(seq) = as_sequence(obj) {
        let n = seq.len()?;
        shape.push(n);
        if n > 0 {
            probe(&seq.get_item(0)?, shape)?;
        }
    }
    Ok(())
}

fn collect(obj: &Bound<'_, PyAny>, depth: usize, shape: &[usize], data: &mut NestedData) -> PyResult<()> {
    if let Ok(t) = obj.cast::<PyTensor>() {
        let t = t.borrow();
        if t.strided()?.sizes() != &shape[depth..] {
            return Err(PyValueError::new_err(format!("expected sequence of length {} at dim {depth}", shape[depth])));
        }
        data.values.extend(t.strided()?.to_scalars().map_err(crate::errors::to_py)?);
        return Ok(());
    }
    if let Some(seq) = as_sequence(obj) {
        let n = seq.len()?;
        match shape.get(depth) {
            Some(&want) if want == n => {}
            Some(&want) => {
                return Err(PyValueError::new_err(format!(
                    "expected sequence of length {want} at dim {depth} (got {n})"
                )))
            }
            None => return Err(PyValueError::new_err(format!("too many dimensions at dim {depth}"))),
        }
        for i in 0..n {
            collect(&seq.get_item(i)?, depth + 1, shape, data)?;
        }
        return Ok(());
    }
    if depth != shape.len() {
        return Err(PyValueError::new_err(format!(
            "expected sequence of length {} at dim {depth} (got {})",
            shape[depth],
            obj.get_type().name()?
        )));
    }
    if obj.is_instance_of::<PyInt>() && !obj.is_instance_of::<PyBool>() && obj.extract::<i64>().is_err() {
        data.big_ints.push(data.values.len());
        data.values.push(Scalar::Float(obj.extract::<f64>()?));
        return Ok(());
    }
    match scalar(obj)? {
        Some(s) => {
            data.values.push(s);
            Ok(())
        }
        None => Err(PyTypeError::new_err(format!("Could not infer dtype of {}", obj.get_type().name()?))),
    }
}
