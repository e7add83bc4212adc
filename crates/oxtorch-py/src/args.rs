//! Converting Python arguments: numbers, operands, size lists, `dtype=` / `device=` / `memory_format=` keywords
//! (nested data is `nested.rs`).

use crate::attributes::{PyDType, PyMemoryFormat};
use crate::device::device_arg;
use crate::value::PyTensor;
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
        // PyTorch holds an int beyond int64 unsigned while it fits 64 bits, else refuses it
        if let Ok(i) = obj.extract::<i64>() {
            return Ok(Some(Scalar::Int(i)));
        }
        if let Ok(u) = obj.extract::<u64>() {
            return Ok(Some(Scalar::UInt(u)));
        }
        let negative = obj.lt(0)?;
        return Err(pyo3::exceptions::PyOverflowError::new_err(if negative {
            "can't convert negative int to unsigned"
        } else {
            "int too big to convert"
        }));
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
        if crate::errors::is_unpack_overflow(&e) {
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

/// One integer argument (bools and floats are refused, as in PyTorch); an integer beyond int64 is PyTorch's
/// `ValueError: Overflow when unpacking long long`.
pub fn int_arg(obj: &Bound<'_, PyAny>) -> PyResult<i64> {
    if obj.is_instance_of::<PyBool>() || obj.is_instance_of::<PyFloat>() {
        return Err(PyTypeError::new_err(format!("expected an integer, but got {}", obj.get_type().name()?)));
    }
    if let Ok(i) = obj.extract::<i64>() {
        return Ok(i);
    }
    let index = if obj.is_instance_of::<PyInt>() { obj.clone() } else { obj.call_method0("__index__")? };
    index
        .extract::<i64>()
        .map_err(|e| if index.is_instance_of::<PyInt>() { crate::errors::unpack_overflow() } else { e })
}

/// Non-negative sizes.
pub fn sizes(args: &Bound<'_, PyTuple>) -> PyResult<Vec<usize>> {
    to_sizes(&int_list(args)?)
}

/// Checks that no size is negative (PyTorch's error, from the core).
pub fn to_sizes(v: &[i64]) -> PyResult<Vec<usize>> {
    oxtorch::factories::nonnegative_sizes(v).map_err(crate::errors::to_py)
}

/// PyTorch's treatment of negative strides when it sets a tensor's strides: see
/// [`oxtorch::factories::normalize_negative_strides`].
pub fn normalize_negative_strides(sizes: &[usize], strides: Vec<i64>, all: bool) -> Vec<i64> {
    oxtorch::factories::normalize_negative_strides(sizes, strides, all)
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

/// Whether `obj` is a Python or NumPy number (PyTorch's `THPUtils_checkScalar`), whatever its size.
pub fn is_number(obj: &Bound<'_, PyAny>) -> bool {
    if obj.is_instance_of::<PyBool>()
        || obj.is_instance_of::<PyInt>()
        || obj.is_instance_of::<PyFloat>()
        || obj.is_instance_of::<PyComplex>()
    {
        return true;
    }
    is_numpy_scalar(obj) && scalar(obj).is_ok_and(|s| s.is_some())
}

/// Whether `obj` is a NumPy scalar (`numpy.int64(3)`, `numpy.float32(1.5)` ...).
pub fn is_numpy_scalar(obj: &Bound<'_, PyAny>) -> bool {
    let ty = obj.get_type();
    ty.module().is_ok_and(|m| m == "numpy")
        && !ty.name().is_ok_and(|n| n == "ndarray")
        && obj.hasattr("dtype").unwrap_or(false)
}

/// The dtype PyTorch reads from a Python scalar type given as a dtype (`float` is float64, `int` int64, `bool`,
/// `complex` complex128).
pub fn python_scalar_type(obj: &Bound<'_, PyAny>) -> Option<oxtorch::DType> {
    let py = obj.py();
    let is = |t: Bound<'_, pyo3::types::PyType>| obj.is(&t);
    if is(py.get_type::<PyFloat>()) {
        Some(oxtorch::DType::Float64)
    } else if is(py.get_type::<PyBool>()) {
        Some(oxtorch::DType::Bool)
    } else if is(py.get_type::<PyInt>()) {
        Some(oxtorch::DType::Int64)
    } else if is(py.get_type::<PyComplex>()) {
        Some(oxtorch::DType::Complex128)
    } else {
        None
    }
}

/// A `torch.dtype` argument the parser accepted.
pub fn dtype_value(obj: &Bound<'_, PyAny>) -> PyResult<oxtorch::DType> {
    match python_scalar_type(obj) {
        Some(d) => Ok(d),
        None => Ok(obj.extract::<PyDType>()?.0),
    }
}

/// A `Tensor` argument, checked as PyTorch's parser checks it: a tensor, or with `numbers` a Python or NumPy number
/// (wrapped in a zero-dim CPU tensor, as PyTorch wraps it: int64, float64, complex128 or bool); anything else is
/// `<function>(): argument '<argument>' (position <position>) must be Tensor, not <type>` (without the position
/// for an argument given by keyword: `position` None).
pub fn tensor_arg<'py>(
    obj: &Bound<'py, PyAny>,
    function: &str,
    argument: &str,
    position: Option<usize>,
    numbers: bool,
) -> PyResult<Bound<'py, PyTensor>> {
    if let Ok(t) = obj.cast::<PyTensor>() {
        return Ok(t.clone());
    }
    if numbers && is_number(obj) {
        if let Some(s) = scalar(obj)? {
            let options = TensorOptions::new().dtype(wrapped_number_dtype(s)).device(oxtorch::Device::cpu());
            let t = oxtorch::full(&[], s, options).map_err(crate::errors::to_py)?;
            return Bound::new(obj.py(), PyTensor::new(t));
        }
    }
    let position = position.map_or(String::new(), |p| format!(" (position {p})"));
    Err(PyTypeError::new_err(format!(
        "{function}(): argument '{argument}'{position} must be Tensor, not {}",
        crate::value::type_name(obj)
    )))
}

/// The dtype of the zero-dim tensor PyTorch wraps a Python number in where a tensor is expected: int64, float64,
/// complex128 or bool.
pub fn wrapped_number_dtype(s: Scalar) -> oxtorch::DType {
    match s {
        Scalar::Bool(_) => oxtorch::DType::Bool,
        Scalar::Float(_) => oxtorch::DType::Float64,
        Scalar::Complex(_) => oxtorch::DType::Complex128,
        Scalar::Int(_) | Scalar::UInt(_) => oxtorch::DType::Int64,
    }
}

/// A new tensor of any layout (sparse, global), after the core's `requires_grad=` check.
pub fn grad_any_layout(t: PyTensor, requires_grad: bool) -> PyResult<PyTensor> {
    if requires_grad {
        crate::errors::ResultExt::py(oxtorch::factories::check_requires_grad(t.shaped()?.dtype(), requires_grad))?;
    }
    Ok(t)
}
