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
use pyo3::types::{PyBool, PyComplex, PyDict, PyFloat, PyInt, PySequence, PyTuple};

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

// ----- PyTorch's argument parser, for the functions with overloads -----

/// What a parameter accepts, as PyTorch's argument parser checks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ParamType {
    /// `Number`: a Python or NumPy number, or a zero-dim tensor.
    Number,
    /// `Tensor` (a Python number too where the function takes numbers as tensors).
    Tensor,
    /// `torch.dtype`: a dtype, or one of the Python types `float`, `int`, `bool`, `complex`.
    Dtype,
    /// `torch.device`: a device, a string, or an integer ordinal.
    Device,
    /// `bool`: exactly a Python bool.
    Bool,
    /// `int`: an integer (not a bool), or a zero-dim integer tensor.
    Int,
    /// `torch.memory_format`.
    MemoryFormat,
    /// `torch.layout`.
    Layout,
}

/// One parameter of a signature.
#[derive(Clone, Debug)]
struct Param {
    ty: ParamType,
    name: String,
    /// Has a default (may be left out).
    optional: bool,
    /// Takes `None` (a `None` default, or a nullable type written `bool?`).
    allow_none: bool,
    keyword_only: bool,
}

/// A signature as PyTorch prints it in its messages (`Number start, Number end, *, torch.dtype dtype = None`),
/// with `?` after a type that also takes `None` although its default is not `None` (`bool? pin_memory = False`,
/// printed without the `?`).
struct Signature {
    /// The printed form.
    text: String,
    params: Vec<Param>,
}

impl Signature {
    fn new(spec: &str) -> Signature {
        let mut params = Vec::new();
        let mut keyword_only = false;
        let mut printed = Vec::new();
        for part in spec.split(", ").filter(|p| !p.is_empty()) {
            if part == "*" {
                keyword_only = true;
                printed.push("*".to_string());
                continue;
            }
            let (decl, default) = match part.split_once(" = ") {
                Some((d, v)) => (d, Some(v)),
                None => (part, None),
            };
            let (ty, name) = decl.rsplit_once(' ').unwrap_or(("", decl));
            let nullable = ty.ends_with('?');
            let ty_name = ty.trim_end_matches('?');
            let ty = match ty_name {
                "Number" => ParamType::Number,
                "Tensor" => ParamType::Tensor,
                "torch.dtype" => ParamType::Dtype,
                "torch.device" => ParamType::Device,
                "bool" => ParamType::Bool,
                "int" => ParamType::Int,
                "torch.memory_format" => ParamType::MemoryFormat,
                _ => ParamType::Layout,
            };
            params.push(Param {
                ty,
                name: name.to_string(),
                optional: default.is_some(),
                allow_none: nullable || default == Some("None"),
                keyword_only,
            });
            printed.push(part.replacen('?', "", usize::from(nullable)));
        }
        Signature { text: format!("({})", printed.join(", ")), params }
    }

    fn min_args(&self) -> usize {
        self.params.iter().filter(|p| !p.optional).count()
    }

    fn max_pos_args(&self) -> usize {
        self.params.iter().filter(|p| !p.keyword_only).count()
    }

    /// Binds the arguments to the parameters (None for a parameter left out or given `None`), or the error PyTorch
    /// raises when this signature is the only one that could apply.
    fn bind<'py>(
        &self,
        function: &str,
        args: &[Bound<'py, PyAny>],
        kwargs: &[(String, Bound<'py, PyAny>)],
        numbers_as_tensors: bool,
    ) -> PyResult<Vec<Option<Bound<'py, PyAny>>>> {
        let nargs = args.len();
        let max_pos = self.max_pos_args();
        if nargs > max_pos {
            return Err(self.extra_args(function, nargs));
        }
        let mut remaining_kwargs = kwargs.len();
        let mut values = Vec::with_capacity(self.params.len());
        let mut arg_pos = 0;
        for (i, param) in self.params.iter().enumerate() {
            let (obj, is_kwd) = if arg_pos < nargs {
                (Some(&args[arg_pos]), false)
            } else {
                (kwargs.iter().find(|(k, _)| *k == param.name).map(|(_, v)| v), true)
            };
            match obj {
                None if param.optional => values.push(None),
                Some(o) if o.is_none() && param.allow_none => values.push(None),
                None => return Err(self.missing_args(function, i)),
                Some(o) if accepts(param.ty, o, numbers_as_tensors) => values.push(Some(o.clone())),
                Some(o) => {
                    let what = match param.ty {
                        ParamType::Number => "Number",
                        ParamType::Tensor => "Tensor",
                        ParamType::Dtype => "torch.dtype",
                        ParamType::Device => "torch.device",
                        ParamType::Bool => "bool",
                        ParamType::Int => "int",
                        ParamType::MemoryFormat => "torch.memory_format",
                        ParamType::Layout => "torch.layout",
                    };
                    let position = if is_kwd { String::new() } else { format!(" (position {})", arg_pos + 1) };
                    return Err(PyTypeError::new_err(format!(
                        "{function}(): argument '{}'{position} must be {what}, not {}",
                        param.name,
                        crate::value::type_name(o)
                    )));
                }
            }
            if !is_kwd {
                arg_pos += 1;
            } else if obj.is_some() {
                remaining_kwargs -= 1;
            }
        }
        if remaining_kwargs > 0 {
            for (key, _) in kwargs {
                match self.params.iter().position(|p| p.name == *key) {
                    None => {
                        return Err(PyTypeError::new_err(format!(
                            "{function}() got an unexpected keyword argument '{key}'"
                        )))
                    }
                    Some(i) if i < nargs => {
                        return Err(PyTypeError::new_err(format!(
                            "{function}() got multiple values for argument '{key}'"
                        )))
                    }
                    Some(_) => {}
                }
            }
            return Err(PyTypeError::new_err("invalid keyword arguments"));
        }
        Ok(values)
    }

    fn extra_args(&self, function: &str, nargs: usize) -> PyErr {
        let (min, max) = (self.min_args(), self.max_pos_args());
        if min != max {
            return PyTypeError::new_err(format!(
                "{function}() takes from {min} to {max} positional arguments but {nargs} were given"
            ));
        }
        PyTypeError::new_err(format!(
            "{function}() takes {max} positional argument{} but {nargs} {} given",
            if max == 1 { "" } else { "s" },
            if nargs == 1 { "was" } else { "were" }
        ))
    }

    fn missing_args(&self, function: &str, from: usize) -> PyErr {
        let missing: Vec<String> =
            self.params[from..].iter().filter(|p| !p.optional).map(|p| format!("\"{}\"", p.name)).collect();
        // PyTorch's message says "arguments" for one missing argument (and "argument" for several)
        PyTypeError::new_err(format!(
            "{function}() missing {} required positional argument{}: {}",
            missing.len(),
            if missing.len() == 1 { "s" } else { "" },
            missing.join(", ")
        ))
    }
}

/// Whether `obj` is a Python or NumPy number (PyTorch's `THPUtils_checkScalar`), whatever its size.
fn is_number(obj: &Bound<'_, PyAny>) -> bool {
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
fn is_numpy_scalar(obj: &Bound<'_, PyAny>) -> bool {
    let ty = obj.get_type();
    ty.module().is_ok_and(|m| m == "numpy")
        && !ty.name().is_ok_and(|n| n == "ndarray")
        && obj.hasattr("dtype").unwrap_or(false)
}

/// A zero-dim tensor, whose dtype `fits`.
fn zero_dim_tensor(obj: &Bound<'_, PyAny>, fits: impl Fn(oxtorch::DType) -> bool) -> bool {
    obj.cast::<PyTensor>().is_ok_and(|t| {
        let t = t.borrow();
        let any = t.any();
        any.dim() == 0 && fits(any.dtype())
    })
}

/// Whether a parameter of type `ty` takes `obj` (PyTorch's `FunctionParameter::check`).
fn accepts(ty: ParamType, obj: &Bound<'_, PyAny>, numbers_as_tensors: bool) -> bool {
    let is_int = |o: &Bound<'_, PyAny>| {
        !o.is_instance_of::<PyBool>()
            && (o.is_instance_of::<PyInt>()
                || is_numpy_scalar(o) && o.get_type().name().is_ok_and(|n| n.to_string().contains("int")))
    };
    match ty {
        ParamType::Number => is_number(obj) || zero_dim_tensor(obj, |_| true),
        ParamType::Tensor => obj.is_instance_of::<PyTensor>() || numbers_as_tensors && is_number(obj),
        ParamType::Dtype => obj.extract::<PyDType>().is_ok() || python_scalar_type(obj).is_some(),
        ParamType::Device => {
            obj.cast::<crate::device::PyDevice>().is_ok()
                || obj.is_instance_of::<pyo3::types::PyString>()
                || is_int(obj)
        }
        ParamType::Bool => obj.is_instance_of::<PyBool>(),
        ParamType::Int => is_int(obj) || zero_dim_tensor(obj, |d| d.is_integral(false)),
        ParamType::MemoryFormat => obj.extract::<PyMemoryFormat>().is_ok(),
        ParamType::Layout => obj.extract::<crate::attributes::PyLayout>().is_ok(),
    }
}

/// The dtype PyTorch reads from a Python scalar type given as a dtype (`float` is float64, `int` int64, `bool`,
/// `complex` complex128).
fn python_scalar_type(obj: &Bound<'_, PyAny>) -> Option<oxtorch::DType> {
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

/// The arguments of a call, bound to the signature the parser picked.
pub struct Parsed<'py> {
    /// Which signature (its index in the list given to [`parse`]).
    pub index: usize,
    names: Vec<String>,
    values: Vec<Option<Bound<'py, PyAny>>>,
}

impl<'py> Parsed<'py> {
    /// The argument of parameter `name`: None when left out or given `None` (or not in the signature).
    pub fn get(&self, name: &str) -> Option<&Bound<'py, PyAny>> {
        self.names.iter().position(|n| n == name).and_then(|i| self.values[i].as_ref())
    }

    /// A `bool` parameter (False when left out).
    pub fn flag(&self, name: &str) -> PyResult<bool> {
        self.get(name).map_or(Ok(false), |v| v.extract())
    }
}

/// Parses a call as PyTorch's argument parser does: the first of `signatures` (printed forms, see [`Signature`])
/// that takes the arguments wins; when none does, the error of the only signature whose argument count fits, else
/// PyTorch's "invalid combination of arguments" message listing them all. `numbers_as_tensors`: a `Tensor`
/// parameter takes Python numbers too (PyTorch's list of such functions).
pub fn parse<'py>(
    function: &str,
    signatures: &[&str],
    args: &Bound<'py, PyTuple>,
    kwargs: Option<&Bound<'py, PyDict>>,
    numbers_as_tensors: bool,
) -> PyResult<Parsed<'py>> {
    let sigs: Vec<Signature> = signatures.iter().map(|s| Signature::new(s)).collect();
    let positional: Vec<Bound<'py, PyAny>> = args.iter().collect();
    let mut keywords = Vec::new();
    if let Some(kw) = kwargs {
        for (k, v) in kw.iter() {
            let key: String = k.extract().map_err(|_| PyTypeError::new_err("keywords must be strings"))?;
            keywords.push((key, v));
        }
    }
    let mut first_error = None;
    for (index, sig) in sigs.iter().enumerate() {
        match sig.bind(function, &positional, &keywords, numbers_as_tensors) {
            Ok(values) => {
                let names = sig.params.iter().map(|p| p.name.clone()).collect();
                return Ok(Parsed { index, names, values });
            }
            Err(e) => first_error = first_error.or(Some((index, e))),
        }
    }
    if sigs.len() == 1 {
        return Err(first_error.map(|(_, e)| e).unwrap_or_else(|| PyTypeError::new_err("invalid arguments")));
    }
    let num_args = positional.len() + keywords.len();
    let plausible: Vec<usize> =
        (0..sigs.len()).filter(|&i| num_args >= sigs[i].min_args() && num_args <= sigs[i].params.len()).collect();
    if let [only] = plausible.as_slice() {
        sigs[*only].bind(function, &positional, &keywords, numbers_as_tensors)?;
    }
    Err(PyTypeError::new_err(invalid_combination(function, &sigs, &positional, &keywords)))
}

/// PyTorch's `format_invalid_args` for several signatures: the arguments' types (keywords in the order of its
/// hash map, the reverse of the call's for a few), every signature, and for a signature whose count of parameters
/// (each `*` counted too) equals the count of arguments, which arguments did not match it.
fn invalid_combination(
    function: &str,
    sigs: &[Signature],
    args: &[Bound<'_, PyAny>],
    kwargs: &[(String, Bound<'_, PyAny>)],
) -> String {
    let mut got: Vec<String> = args.iter().map(crate::value::type_name).collect();
    got.extend(kwargs.iter().rev().map(|(k, v)| format!("{k}={}", crate::value::type_name(v))));
    let mut desc = got.join(", ");
    if args.is_empty() && !kwargs.is_empty() {
        // PyTorch trims the last ", " only when there are positional arguments
        desc.push_str(", ");
    }
    let mut text =
        format!("{function}() received an invalid combination of arguments - got ({desc}), but expected one of:\n");
    for sig in sigs {
        text.push_str(&format!(" * {}\n", sig.text));
        let pieces: Vec<&str> = sig.text[1..sig.text.len() - 1].split(", ").collect();
        if pieces.len() != args.len() + kwargs.len() {
            continue;
        }
        // the names PyTorch's message parser reads: the last word of each piece
        let names: Vec<&str> = pieces.iter().map(|p| p.rsplit(' ').next().unwrap_or(p)).collect();
        let unmatched: Vec<&str> = kwargs
            .iter()
            .rev()
            .filter(|(k, _)| !names[pieces.len() - kwargs.len()..].contains(&k.as_str()))
            .map(|(k, _)| k.as_str())
            .collect();
        if !kwargs.is_empty() && !unmatched.is_empty() {
            text.push_str(&format!(
                "      didn't match because some of the keywords were incorrect: {}\n",
                unmatched.join(", ")
            ));
            continue;
        }
        // a piece's type: everything before its last word (PyTorch compares it with the argument's `tp_name`)
        let marked: Vec<String> = args
            .iter()
            .enumerate()
            .map(|(i, a)| {
                let ty = pieces[i].rsplit_once(' ').map_or("", |(t, _)| t);
                let name = crate::value::type_name(a);
                let fits = match ty {
                    "float" => matches!(name.as_str(), "float" | "int" | "long"),
                    "int" => matches!(name.as_str(), "int" | "long"),
                    other => other == name,
                };
                if fits {
                    name
                } else {
                    format!("!{name}!")
                }
            })
            .collect();
        text.push_str(&format!(
            "      didn't match because some of the arguments have invalid types: ({})\n",
            marked.join(", ")
        ));
    }
    text
}

/// `Tensor.to(...)`'s arguments as PyTorch's parser reads them, with its three signatures: `to(device=None,
/// dtype=None, non_blocking=False, copy=False, *, memory_format=None)`, `to(dtype, non_blocking=False, copy=False,
/// *, memory_format=None)`, `to(tensor, non_blocking=False, copy=False, *, memory_format=None)` (a Python number
/// counts as a tensor: `to(1.5)` is float64). The options to convert to, and `copy`.
pub fn to_target(args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<(TensorOptions, bool)> {
    const SIGNATURES: [&str; 3] = [
        "torch.device device = None, torch.dtype dtype = None, bool non_blocking = False, bool copy = False, *, \
         torch.memory_format memory_format = None",
        "torch.dtype dtype, bool non_blocking = False, bool copy = False, *, torch.memory_format memory_format = None",
        "Tensor tensor, bool non_blocking = False, bool copy = False, *, torch.memory_format memory_format = None",
    ];
    let parsed = parse("to", &SIGNATURES, args, kwargs, true)?;
    let mut options = TensorOptions::new();
    if let Some(d) = parsed.get("device") {
        options.device = Some(device_arg(d)?);
    }
    if let Some(d) = parsed.get("dtype") {
        options.dtype = Some(dtype_value(d)?);
    }
    if let Some(t) = parsed.get("tensor") {
        match t.cast::<PyTensor>() {
            Ok(t) => {
                let t = t.borrow().any();
                options.dtype = Some(t.dtype());
                options.device = Some(t.device());
            }
            Err(_) => {
                // a number stands for the zero-dim CPU tensor PyTorch wraps it in
                options.dtype = scalar(t)?.map(wrapped_number_dtype);
                options.device = Some(oxtorch::Device::cpu());
            }
        }
    }
    if let Some(f) = parsed.get("memory_format") {
        options.memory_format = Some(f.extract::<PyMemoryFormat>()?.0);
    }
    Ok((options, parsed.flag("copy")?))
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
fn wrapped_number_dtype(s: Scalar) -> oxtorch::DType {
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
