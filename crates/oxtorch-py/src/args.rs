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
use pyo3::types::{PyBool, PyBytes, PyComplex, PyFloat, PyInt, PyList, PySequence, PyString, PyTuple};

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

/// PyTorch's treatment of a negative stride that never moves the address (`empty_strided`, DLPack import): on a
/// dimension of at most one element, or on any dimension of a tensor without elements, it becomes the stride the
/// dimension would have next to the one after it (`stride * max(size, 1)` of that one, 1 for the last). Other
/// negative strides are kept, so they are still refused.
pub fn normalize_negative_unit_strides(sizes: &[usize], mut strides: Vec<i64>) -> Vec<i64> {
    let empty = sizes.contains(&0);
    for i in (0..strides.len().min(sizes.len())).rev() {
        if (sizes[i] <= 1 || empty) && strides[i] < 0 {
            strides[i] = match (sizes.get(i + 1), strides.get(i + 1)) {
                (Some(&size), Some(&stride)) => stride.saturating_mul(size.max(1) as i64),
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

/// Nested data flattened for `torch.tensor`: the values, the shape, and where the values hold Python integers
/// beyond 64 bits (stored as their nearest double; only a floating or complex dtype can take them).
pub struct NestedData {
    /// The numbers in row-major order.
    pub values: Vec<Scalar>,
    /// The shape of the nesting.
    pub shape: Vec<usize>,
    /// Positions in `values` of integers that do not fit 64 bits.
    pub big_ints: Vec<usize>,
    /// The type name of the first sequence found where a number belongs (`[1, [2]]`), with the numbers in it
    /// (they count for the inferred dtype): PyTorch fails when it stores it.
    misplaced: Option<(String, Vec<Scalar>)>,
}

/// Flattens nested lists / tuples of numbers (or tensors, or NumPy arrays) into values and a shape, checking that
/// the nesting is rectangular (PyTorch's `expected sequence of length N at dim D (got M)`), with the dtype
/// inferred from the values (PyTorch's errors for values it cannot infer one from).
pub fn nested(obj: &Bound<'_, PyAny>) -> PyResult<NestedData> {
    nested_as(obj, Leaves::Infer)
}

/// How `torch.tensor` reads the numbers of nested data.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Leaves {
    /// No dtype given: each number must be one PyTorch infers a dtype from.
    Infer,
    /// Stored into this dtype: each number is unpacked as PyTorch's `store_scalar` unpacks it for the dtype.
    Store(oxtorch::DType),
    /// Only the shape matters (a tensor on the meta device of a given dtype): PyTorch reads no values.
    ShapeOnly,
}

/// [`nested`], reading the numbers as `leaves` says.
pub fn nested_as(obj: &Bound<'_, PyAny>, leaves: Leaves) -> PyResult<NestedData> {
    refuse_text(obj)?;
    let mut shape = Vec::new();
    probe(obj, &mut shape)?;
    let mut data = NestedData { values: Vec::new(), shape: Vec::new(), big_ints: Vec::new(), misplaced: None };
    collect(obj, 0, &shape, leaves, &mut data)?;
    if let Some((name, inside)) = data.misplaced.take() {
        // PyTorch stores a sequence where a number belongs as a number of the dtype (given, or inferred from
        // every number, those inside the sequence too), which fails with CPython's message
        let dtype = match leaves {
            Leaves::Store(d) => d,
            _ => oxtorch::tensor::factory::infer_dtype(&[data.values.clone(), inside].concat()),
        };
        return Err(store_error(&name, dtype));
    }
    data.shape = shape;
    Ok(data)
}

/// CPython's error for storing an object of type `name` as a number of `dtype` (its `__index__` for an integer
/// or bool dtype, its `__float__` otherwise).
fn store_error(name: &str, dtype: oxtorch::DType) -> PyErr {
    PyTypeError::new_err(if dtype.is_integral(true) {
        format!("'{name}' object cannot be interpreted as an integer")
    } else {
        format!("must be real number, not {name}")
    })
}

/// PyTorch's refusal of text as tensor data (the whole data, or a number while inferring the dtype).
fn refuse_text(obj: &Bound<'_, PyAny>) -> PyResult<()> {
    if obj.is_instance_of::<PyString>() || obj.is_instance_of::<PyBytes>() {
        return Err(PyTypeError::new_err(format!("new(): invalid data type '{}'", type_name(obj))));
    }
    Ok(())
}

/// The numbers inside a sequence (any nesting), read for dtype inference.
fn numbers_inside(obj: &Bound<'_, PyAny>, out: &mut Vec<Scalar>) -> PyResult<()> {
    match as_sequence(obj) {
        Some(seq) => {
            if seq.len()? == 0 {
                // PyTorch infers the default dtype from an empty sequence
                out.push(Scalar::Float(0.0));
            }
            for i in 0..seq.len()? {
                numbers_inside(&seq.get_item(i)?, out)?;
            }
            Ok(())
        }
        None => {
            out.push(leaf(obj, Leaves::Infer)?);
            Ok(())
        }
    }
}

/// The name CPython's own messages give an object's type (its `tp_name`: `numpy.float32` for a type defined in C
/// outside the builtins, plain `F` for a class defined in Python, `str` for a builtin).
pub fn type_name(obj: &Bound<'_, PyAny>) -> String {
    let ty = obj.get_type();
    let name = ty.name().map(|n| n.to_string()).unwrap_or_default();
    // a class defined in Python (a heap type, `Py_TPFLAGS_HEAPTYPE`) has its bare name as `tp_name`
    let heap_type = ty.getattr("__flags__").and_then(|f| f.extract::<u64>()).is_ok_and(|f| f & (1 << 9) != 0);
    match ty.module() {
        Ok(module) if !heap_type && module != "builtins" => format!("{module}.{name}"),
        _ => name,
    }
}

/// One number of nested data as `leaves` reads it.
pub fn leaf(obj: &Bound<'_, PyAny>, leaves: Leaves) -> PyResult<Scalar> {
    let dtype = match leaves {
        Leaves::ShapeOnly => return Ok(Scalar::Int(0)),
        Leaves::Infer => {
            refuse_text(obj)?;
            let numpy_scalar = obj.get_type().module().is_ok_and(|m| m == "numpy");
            let python_number =
                obj.is_instance_of::<PyInt>() || obj.is_instance_of::<PyFloat>() || obj.is_instance_of::<PyComplex>();
            return match scalar(obj)? {
                Some(s) if numpy_scalar || python_number => Ok(s),
                _ => Err(pyo3::exceptions::PyRuntimeError::new_err(format!(
                    "Could not infer dtype of {}",
                    type_name(obj)
                ))),
            };
        }
        Leaves::Store(dtype) => dtype,
    };
    // PyTorch's store: integers through `__index__` (a Python float is truncated), bool also from complex and
    // NumPy bools, floating and complex dtypes through `__float__` / `__complex__`; CPython's messages otherwise
    let has = |name: &str| obj.get_type().hasattr(name).unwrap_or(false);
    let is_float = obj.is_instance_of::<PyFloat>();
    let numpy_bool = type_name(obj) == "numpy.bool";
    let ok = if dtype == oxtorch::DType::Bool {
        is_float || obj.is_instance_of::<PyComplex>() || numpy_bool || has("__index__")
    } else if dtype.is_integral(false) {
        is_float || has("__index__")
    } else if dtype.is_complex() {
        has("__complex__") || has("__float__") || has("__index__")
    } else {
        has("__float__") || has("__index__")
    };
    if !ok {
        return Err(store_error(&type_name(obj), dtype));
    }
    match scalar(obj)? {
        // a NumPy complex into a real floating dtype: its `__float__`, the real part (Python's complex has none
        // and was refused above)
        Some(Scalar::Complex(_)) if dtype.is_floating_point() => return Ok(Scalar::Float(obj.extract()?)),
        Some(s) => return Ok(s),
        None => {}
    }
    if dtype.is_integral(true) {
        return Ok(Scalar::Int(obj.call_method0("__index__")?.extract()?));
    }
    if dtype.is_complex() && has("__complex__") {
        return Ok(Scalar::Complex(obj.extract()?));
    }
    Ok(Scalar::Float(obj.extract()?))
}

fn as_sequence<'a, 'py>(obj: &'a Bound<'py, PyAny>) -> Option<&'a Bound<'py, PySequence>> {
    if obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>() {
        obj.cast::<PySequence>().ok()
    } else {
        None
    }
}

fn probe(obj: &Bound<'_, PyAny>, shape: &mut Vec<usize>) -> PyResult<()> {
    // PyTorch follows the first elements down as long as they are sequences, and a string is one: its first
    // character is a string again, so the nesting never ends
    if obj.is_instance_of::<PyString>() && !shape.is_empty() {
        return Err(PyValueError::new_err("too many dimensions 'str'"));
    }
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

fn collect(
    obj: &Bound<'_, PyAny>,
    depth: usize,
    shape: &[usize],
    leaves: Leaves,
    data: &mut NestedData,
) -> PyResult<()> {
    if let Ok(t) = obj.cast::<PyTensor>() {
        let t = t.borrow();
        if t.strided()?.sizes() != &shape[depth..] {
            return Err(PyValueError::new_err(format!("expected sequence of length {} at dim {depth}", shape[depth])));
        }
        let values = t.strided()?.to_scalars().map_err(crate::errors::to_py)?;
        if let (Leaves::Store(dtype), true) = (leaves, depth > 0) {
            // a tensor inside a list is stored element by element as a Python number: through `__index__` for
            // an integer or bool dtype, through `__float__` (the real part of a real value) for a floating one
            let element = t.strided()?.dtype();
            if dtype.is_integral(true) && !element.is_integral(true) {
                return Err(PyTypeError::new_err(
                    "only integer tensors of a single element can be converted to an index",
                ));
            }
            if dtype.is_floating_point() && values.iter().any(|v| matches!(v, Scalar::Complex(c) if c.im != 0.0)) {
                return Err(pyo3::exceptions::PyRuntimeError::new_err(
                    "value cannot be converted to type double without overflow",
                ));
            }
        }
        data.values.extend(values);
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
            // a sequence where a number belongs
            None => {
                match leaves {
                    // stored in order: this element fails now
                    Leaves::Store(dtype) => return Err(store_error(&type_name(obj), dtype)),
                    Leaves::Infer if data.misplaced.is_none() => {
                        let mut inside = Vec::new();
                        numbers_inside(obj, &mut inside)?;
                        data.misplaced = Some((type_name(obj), inside));
                    }
                    _ => {}
                }
                data.values.push(Scalar::Int(0));
                return Ok(());
            }
        }
        for i in 0..n {
            collect(&seq.get_item(i)?, depth + 1, shape, leaves, data)?;
        }
        return Ok(());
    }
    if depth != shape.len() {
        // a number where the first element had a sequence
        return Err(PyTypeError::new_err("not a sequence"));
    }
    if obj.is_instance_of::<PyInt>() && !obj.is_instance_of::<PyBool>() && obj.extract::<i64>().is_err() {
        data.big_ints.push(data.values.len());
        data.values.push(Scalar::Float(obj.extract::<f64>()?));
        return Ok(());
    }
    data.values.push(leaf(obj, leaves)?);
    Ok(())
}
