//! The rest of PyTorch's surface of the view and shape operations: the `torch.<name>` function forms, the
//! in-place views (`t_`, `transpose_`, `squeeze_`, `unsqueeze_`, `as_strided_`, `swapaxes_`, `swapdims_`), the
//! aliases (`swapaxes`, `swapdims`, `moveaxis`, `view_as`, `reshape_as`), the attributes `real`, `imag`, `H`, `mH`,
//! and the split family (`tensor_split`, `hsplit`, `vsplit`, `dsplit`, `split_with_sizes`, `unsafe_split`,
//! `unsafe_split_with_sizes`, `unbind`).
//!
//! Design: one table, `view_functions!`, lists each operation's Python signatures as PyTorch's own binding
//! declares them (`"SymInt[] indices, int dim=0"`, one string per overload, written as the method takes them).
//! From it the macro generates the `torch.<name>` function (which takes `Tensor input` first) and the constants in
//! [`signatures`], which the methods added here parse their arguments with. Every function form parses its call with
//! [`crate::signature`] (PyTorch's argument parser: the same matching and the same `TypeError`s, so
//! `torch.reshape(x, 2, 3)` is refused where `x.reshape(2, 3)` is not, and `torch.reshape(2, (1,))` names the
//! `input` argument), then calls the method of the same name on `input` with the arguments converted to plain ints,
//! tuples of ints and tensors: the method holds every rule, so the function form cannot drift from it. This is done
//! in the bindings, not in the Python package, so that the parser's checks of ints (NumPy integers, 0-dim integer
//! tensors, `__index__`), of int lists and of the keyword order in messages are the ones the methods use.
//! `torch.split` is PyTorch's Python function `split(tensor, split_size_or_sections, dim=0)`, and is written as
//! one here (Python's own argument errors).
//!
//! The complex views without a method form (`view_as_real`, `view_as_complex`, the functions `real` and `imag`)
//! and the conjugate and negative bits (`conj()`, `is_conj()`, `is_neg()`, `resolve_conj()`, `resolve_neg()`;
//! the rules are the core's, `oxtorch::tensor::math_bits`): the bindings keep Python object identity where PyTorch
//! returns the input itself.

use crate::errors::ResultExt;
use crate::signature::{Form, Parser};
use crate::unary_arguments::no_method_arguments;
use crate::value::{compute, legacy_type_name, tensor_tuple, warn_once, PyTensor, TensorValue};
use oxtorch::dispatch::AnyTensor;
use oxtorch::scalar::ConversionCheck;
use oxtorch::tensor::split::SplitPoints;
use oxtorch::Tensor;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt, PyTuple};
use std::sync::atomic::AtomicBool;

/// Parses a call with a parser built once per call site.
macro_rules! parse {
    ($form:ident $name:expr, $signatures:expr, $args:expr, $kwargs:expr) => {{
        static PARSER: std::sync::OnceLock<Parser> = std::sync::OnceLock::new();
        PARSER.get_or_init(|| Parser::new($name, Form::$form, $signatures)).parse($args, $kwargs)
    }};
}

/// The table: `name: [signatures as the method takes them];`. Generates `signatures::<name>` and the
/// `torch.<name>` function, which parses its call as PyTorch's binding does and calls `input.<name>(...)`.
macro_rules! view_functions {
    ($($name:ident: [$($signature:literal),+ $(,)?];)*) => {
        /// PyTorch's Python signatures of the operations, as the methods take them (`self` left out).
        #[allow(non_upper_case_globals)]
        pub mod signatures {
            $(
                #[doc = concat!("`", stringify!($name), "`.")]
                pub const $name: &[&str] = &[$($signature),+];
            )*
        }

        /// The `torch.<name>` functions.
        pub mod functions {
            use super::*;
            $(
                #[doc = concat!("`torch.", stringify!($name), "(input, ...)`: `input.", stringify!($name), "(...)`.")]
                #[pyfunction]
                #[pyo3(signature = (*args, **kwargs))]
                pub fn $name<'py>(
                    args: &Bound<'py, PyTuple>,
                    kwargs: Option<&Bound<'py, PyDict>>,
                ) -> PyResult<Bound<'py, PyAny>> {
                    let parsed = parse!(Function stringify!($name), super::signatures::$name, args, kwargs)?;
                    let (positional, keywords) = parsed.method_arguments()?;
                    parsed.tensor(0).call_method(stringify!($name), positional, Some(&keywords))
                }
            )*
        }

        /// Registers the function forms.
        #[allow(clippy::unsafe_removed_from_name)] // `wrap_pyfunction!` imports `unsafe_split` under another name
        fn register_functions(m: &Bound<'_, PyModule>) -> PyResult<()> {
            $( m.add_function(wrap_pyfunction!(functions::$name, m)?)?; )*
            Ok(())
        }
    };
}

view_functions! {
    reshape: ["SymInt[] shape"];
    permute: ["int[] dims"];
    squeeze: ["", "int dim", "int[] dim"];
    unsqueeze: ["int dim"];
    narrow: ["int dim, Tensor start, SymInt length", "int dim, SymInt start, SymInt length"];
    flatten: ["int start_dim=0, int end_dim=-1"];
    unflatten: ["int dim, SymInt[] sizes"];
    movedim: ["int source, int destination", "int[] source, int[] destination"];
    moveaxis: ["int source, int destination", "int[] source, int[] destination"];
    diagonal: ["int offset=0, int dim1=0, int dim2=1"];
    clone: ["*, MemoryFormat? memory_format=None"];
    as_strided: ["SymInt[] size, SymInt[] stride, SymInt? storage_offset=None"];
    as_strided_: ["SymInt[] size, SymInt[] stride, SymInt? storage_offset=None"];
    transpose: ["int dim0, int dim1"];
    swapaxes: ["int axis0, int axis1"];
    swapdims: ["int dim0, int dim1"];
    t: [""];
    chunk: ["int chunks, int dim=0"];
    select: ["int dim, SymInt index"];
    tensor_split: ["SymInt[] indices, int dim=0", "Tensor tensor_indices_or_sections, int dim=0", "SymInt sections, int dim=0"];
    hsplit: ["int sections", "int[] indices"];
    vsplit: ["int sections", "int[] indices"];
    dsplit: ["int sections", "int[] indices"];
    split_with_sizes: ["SymInt[] split_sizes, int dim=0"];
    unsafe_split: ["SymInt split_size, int dim=0"];
    unsafe_split_with_sizes: ["SymInt[] split_sizes, int dim=0"];
    unbind: ["int dim=0"];
}

/// The signatures of `torch._VF.split`, which PyTorch's `Tensor.split` calls for an int.
const VF_SPLIT: &[&str] = &["SymInt split_size, int dim=0", "SymInt[] split_size, int dim=0"];

/// An argument of a Python function with a default: omitted, or given (None included), which PyO3's `Option`
/// cannot tell apart.
pub enum Arg<'py> {
    /// Not passed: the default applies.
    Omitted,
    /// Passed.
    Given(Bound<'py, PyAny>),
}

impl<'a, 'py> FromPyObject<'a, 'py> for Arg<'py> {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        Ok(Arg::Given(obj.to_owned()))
    }
}

impl<'py> Arg<'py> {
    /// The object given, or the int `default`.
    fn or_int(self, py: Python<'py>, default: i64) -> PyResult<Bound<'py, PyAny>> {
        match self {
            Arg::Given(obj) => Ok(obj),
            Arg::Omitted => Ok(default.into_pyobject(py)?.into_any()),
        }
    }
}

/// `torch.split(tensor, split_size_or_sections, dim=0)`: PyTorch's Python function, `tensor.split(...)`.
#[pyfunction]
#[pyo3(signature = (tensor, split_size_or_sections, dim = Arg::Omitted), text_signature = "(tensor, split_size_or_sections, dim=0)")]
pub fn split<'py>(
    tensor: &Bound<'py, PyAny>,
    split_size_or_sections: &Bound<'py, PyAny>,
    dim: Arg<'py>,
) -> PyResult<Bound<'py, PyAny>> {
    let dim = dim.or_int(tensor.py(), 0)?;
    tensor.getattr("split")?.call1((split_size_or_sections, dim))
}

/// The `(dim, start, length)` of `narrow`, parsed as PyTorch's method parses them; a tensor `start` must be a
/// 0-dim integer tensor.
pub fn narrow_arguments(args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<(i64, i64, i64)> {
    let p = parse!(Method "narrow", signatures::narrow, args, kwargs)?;
    let (dim, length) = (p.int(0)?, p.int(2)?);
    if p.overload == 1 {
        return Ok((dim, p.int(1)?, length));
    }
    Ok((dim, p.tensor(1).borrow().any().narrow_start().py()?, length))
}

/// The complex views of the `torch.` functions that have no method form: `view_as_real`, `view_as_complex`, and
/// `real`/`imag` (the functions of the `real`/`imag` attributes).
mod complex_views {
    use super::*;

    macro_rules! complex_view {
        ($($(#[doc = $doc:literal])* $name:ident => $view:expr;)*) => {$(
            $(#[doc = $doc])*
            #[pyfunction]
            #[pyo3(signature = (*args, **kwargs))]
            pub fn $name<'py>(
                args: &Bound<'py, PyTuple>,
                kwargs: Option<&Bound<'py, PyDict>>,
            ) -> PyResult<Bound<'py, PyTensor>> {
                let input = parse!(Function stringify!($name), &[""], args, kwargs)?.tensor(0);
                let view: fn(&Bound<'py, PyTensor>) -> PyResult<Bound<'py, PyTensor>> = $view;
                view(&input)
            }
        )*};
    }

    complex_view! {
        /// `torch.view_as_real(input)`: a complex tensor's parts as a last dimension of size 2, a view.
        view_as_real => |t| {
            let view = oxtorch::dispatch::view_as_real(&t.borrow().any()).py()?;
            Bound::new(t.py(), PyTensor::from_any(view))
        };
        /// `torch.view_as_complex(input)`: a float tensor's last dimension of size 2 as complex numbers, a view.
        view_as_complex => |t| {
            let view = oxtorch::dispatch::view_as_complex(&t.borrow().any()).py()?;
            Bound::new(t.py(), PyTensor::from_any(view))
        };
        /// `torch.real(input)`: `input.real` (a real tensor itself).
        real => |t| PyTensor::real(t);
        /// `torch.imag(input)`: `input.imag`.
        imag => |t| PyTensor::imag(t);
        /// `torch.conj(input)`: `input.conj()`.
        conj => |t| conjugate(t);
        /// `torch.resolve_conj(input)`: `input.resolve_conj()`.
        resolve_conj => |t| resolve(t, AnyTensor::is_conj, AnyTensor::resolve_conj);
        /// `torch.resolve_neg(input)`: `input.resolve_neg()`.
        resolve_neg => |t| resolve(t, AnyTensor::is_neg, AnyTensor::resolve_neg);
    }

    /// `torch.is_conj(input)`: whether the conjugate bit is set.
    #[pyfunction]
    #[pyo3(signature = (*args, **kwargs))]
    pub fn is_conj(args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<bool> {
        let input = parse!(Function "is_conj", &[""], args, kwargs)?.tensor(0);
        let conj = input.borrow().any().is_conj();
        Ok(conj)
    }

    /// `torch.is_neg(input)`: whether the negative bit is set.
    #[pyfunction]
    #[pyo3(signature = (*args, **kwargs))]
    pub fn is_neg(args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<bool> {
        let input = parse!(Function "is_neg", &[""], args, kwargs)?.tensor(0);
        let neg = input.borrow().any().is_neg();
        Ok(neg)
    }

    /// The conjugate of `t` (`dispatch::conj`): `t` itself, the same Python object, when real; else a new tensor
    /// (a view with the conjugate bit flipped, for a strided tensor).
    pub fn conjugate<'py>(t: &Bound<'py, PyTensor>) -> PyResult<Bound<'py, PyTensor>> {
        let value = t.borrow().any();
        if !value.dtype().is_complex() {
            return Ok(t.clone());
        }
        let result = oxtorch::dispatch::conj(&value).py()?;
        Bound::new(t.py(), PyTensor::from_any(result))
    }

    /// `resolve_conj()`/`resolve_neg()` of `t`: `t` itself, the same Python object, when its bit is clear.
    pub fn resolve<'py>(
        t: &Bound<'py, PyTensor>,
        has_bit: fn(&AnyTensor) -> bool,
        resolve: fn(&AnyTensor) -> oxtorch::Result<AnyTensor>,
    ) -> PyResult<Bound<'py, PyTensor>> {
        let value = t.borrow().any();
        if !has_bit(&value) {
            return Ok(t.clone());
        }
        Bound::new(t.py(), PyTensor::from_any(resolve(&value).py()?))
    }
}

/// The methods of the conjugate and negative bits (`oxtorch::tensor::math_bits`).
#[pymethods]
impl PyTensor {
    /// `Tensor.conj()`: the tensor itself when real, else a view with the conjugate bit flipped.
    #[pyo3(name = "conj", signature = (*args, **kwargs), text_signature = "($self)")]
    fn conj_method<'py>(
        slf: &Bound<'py, Self>,
        args: &Bound<'py, PyTuple>,
        kwargs: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, Self>> {
        no_method_arguments("conj", args, kwargs)?;
        complex_views::conjugate(slf)
    }

    /// `Tensor.resolve_conj()`: the tensor itself when its conjugate bit is clear, else its values in new memory.
    #[pyo3(signature = (*args, **kwargs), text_signature = "($self)")]
    fn resolve_conj<'py>(
        slf: &Bound<'py, Self>,
        args: &Bound<'py, PyTuple>,
        kwargs: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, Self>> {
        no_method_arguments("resolve_conj", args, kwargs)?;
        complex_views::resolve(slf, AnyTensor::is_conj, AnyTensor::resolve_conj)
    }

    /// `Tensor.resolve_neg()`: the tensor itself when its negative bit is clear, else its values in new memory.
    #[pyo3(signature = (*args, **kwargs), text_signature = "($self)")]
    fn resolve_neg<'py>(
        slf: &Bound<'py, Self>,
        args: &Bound<'py, PyTuple>,
        kwargs: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, Self>> {
        no_method_arguments("resolve_neg", args, kwargs)?;
        complex_views::resolve(slf, AnyTensor::is_neg, AnyTensor::resolve_neg)
    }

    /// `Tensor.is_conj()`: whether the conjugate bit is set.
    #[pyo3(signature = (*args, **kwargs), text_signature = "($self)")]
    fn is_conj(&self, args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<bool> {
        no_method_arguments("is_conj", args, kwargs)?;
        Ok(self.any().is_conj())
    }

    /// `Tensor.is_neg()`: whether the negative bit is set.
    #[pyo3(signature = (*args, **kwargs), text_signature = "($self)")]
    fn is_neg(&self, args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<bool> {
        no_method_arguments("is_neg", args, kwargs)?;
        Ok(self.any().is_neg())
    }
}

/// Registers the module-level functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    register_functions(m)?;
    m.add_function(wrap_pyfunction!(complex_views::view_as_real, m)?)?;
    m.add_function(wrap_pyfunction!(complex_views::view_as_complex, m)?)?;
    m.add_function(wrap_pyfunction!(complex_views::real, m)?)?;
    m.add_function(wrap_pyfunction!(complex_views::imag, m)?)?;
    m.add_function(wrap_pyfunction!(complex_views::conj, m)?)?;
    m.add_function(wrap_pyfunction!(complex_views::resolve_conj, m)?)?;
    m.add_function(wrap_pyfunction!(complex_views::resolve_neg, m)?)?;
    m.add_function(wrap_pyfunction!(complex_views::is_conj, m)?)?;
    m.add_function(wrap_pyfunction!(complex_views::is_neg, m)?)?;
    m.add_function(wrap_pyfunction!(split, m)?)
}

/// Binds the arguments of `Tensor.split(self, split_size, dim=0)` as CPython binds a Python function's (PyTorch's
/// `split` is one): keyword errors first, then too many positional arguments (`self` counted), then a missing one.
pub fn split_method_arguments<'py>(
    args: &Bound<'py, PyTuple>,
    kwargs: Option<&Bound<'py, PyDict>>,
) -> PyResult<(Bound<'py, PyAny>, Arg<'py>)> {
    const NAMES: [&str; 3] = ["self", "split_size", "dim"];
    let given = args.len() + 1;
    let mut values: Vec<Option<Bound<'py, PyAny>>> = vec![None; 3];
    for (i, a) in args.iter().enumerate().take(2) {
        values[i + 1] = Some(a);
    }
    for (key, value) in kwargs.into_iter().flat_map(|k| k.iter()) {
        let key: String = key.extract().map_err(|_| PyTypeError::new_err("keywords must be strings"))?;
        match NAMES.iter().position(|n| *n == key) {
            None => {
                return Err(PyTypeError::new_err(format!("Tensor.split() got an unexpected keyword argument '{key}'")))
            }
            Some(i) if i < given => {
                return Err(PyTypeError::new_err(format!("Tensor.split() got multiple values for argument '{key}'")))
            }
            Some(i) => values[i] = Some(value),
        }
    }
    if given > 3 {
        return Err(PyTypeError::new_err(format!(
            "Tensor.split() takes from 2 to 3 positional arguments but {given} were given"
        )));
    }
    let split_size = values[1]
        .take()
        .ok_or_else(|| PyTypeError::new_err("Tensor.split() missing 1 required positional argument: 'split_size'"))?;
    Ok((split_size, values[2].take().map_or(Arg::Omitted, Arg::Given)))
}

/// `Tensor.split(split_size, dim=0)` as PyTorch's Python method: a tensor is read as an int when `int()` takes
/// it; an int splits into pieces of that size (`torch._VF.split`), anything else is a list of sizes
/// (`torch._VF.split_with_sizes`), both parsed as those functions parse (so errors name positions 2 and 3).
pub fn split_method<'py>(
    slf: &Bound<'py, PyTensor>,
    split_size: &Bound<'py, PyAny>,
    dim: Arg<'py>,
) -> PyResult<Bound<'py, PyTuple>> {
    let py = slf.py();
    let dim = dim.or_int(py, 0)?;
    let mut size = split_size.clone();
    if size.is_instance_of::<PyTensor>() {
        match py.import("builtins")?.getattr("int")?.call1((&size,)) {
            Ok(i) => size = i,
            Err(e) if e.is_instance_of::<pyo3::exceptions::PyValueError>(py) => {}
            Err(e) => return Err(e),
        }
    }
    let args = PyTuple::new(py, [slf.as_any(), &size, &dim])?;
    let this = slf.borrow();
    if size.is_instance_of::<PyInt>() {
        let p = parse!(Function "split", VF_SPLIT, &args, None)?;
        let dim = p.int(2)?;
        if p.overload == 1 {
            let sizes = p.int_list(1)?;
            return sized_pieces(&this, py, "split", &sizes, dim, false);
        }
        let n = p.int(1)?;
        return pieces(&this, py, "split", |t| t.split(n, dim));
    }
    let p = parse!(Function "split_with_sizes", signatures::split_with_sizes, &args, None)?;
    let (sizes, dim) = (p.int_list(1)?, p.int(2)?);
    sized_pieces(&this, py, "split", &sizes, dim, false)
}

/// The pieces of a split of `t`; a sparse tensor gets the errors of the split's checks, then PyTorch's refusal.
fn pieces<'py>(
    t: &PyTensor,
    py: Python<'py>,
    name: &str,
    split: impl Fn(&Tensor) -> oxtorch::Result<Vec<Tensor>>,
) -> PyResult<Bound<'py, PyTuple>> {
    let dense = t.dense_after_check(name, &split)?;
    tensor_tuple(py, split(dense).py()?)
}

/// The pieces of `split_with_sizes` (`unsafe`: not marked as views); a sparse tensor meets the checks before its
/// first cut, then PyTorch's refusal (`oxtorch::sparse::refusal::split_with_sizes`).
fn sized_pieces<'py>(
    t: &PyTensor,
    py: Python<'py>,
    name: &str,
    sizes: &[i64],
    dim: i64,
    unsafe_: bool,
) -> PyResult<Bound<'py, PyTuple>> {
    if let Some(s) = t.sparse() {
        return tensor_tuple(py, oxtorch::sparse::refusal::split_with_sizes(&s, sizes, dim, name).py()?);
    }
    let split =
        |t: &Tensor| if unsafe_ { t.unsafe_split_with_sizes(sizes, dim) } else { t.split_with_sizes(sizes, dim) };
    pieces(t, py, name, split)
}

/// Applies an in-place view to the tensor `slf` holds and returns `slf`: a strided tensor takes the new geometry
/// (`view` on its core tensor); a sparse one gets the errors of the view's checks (`view` run on a meta tensor of
/// its shape, unless `checked` is false) and then PyTorch's refusal; a global one is refused.
fn in_place<'py>(
    slf: &Bound<'py, PyTensor>,
    name: &str,
    checked: bool,
    view: impl FnOnce(&mut Tensor) -> oxtorch::Result<()>,
) -> PyResult<Bound<'py, PyTensor>> {
    {
        let mut this = slf.borrow_mut();
        if let Some(s) = this.sparse() {
            if checked {
                view(&mut this.shaped()?.into_owned()).py()?;
            }
            return Err(crate::value::refusal(name, s.device()));
        }
        match &mut this.value {
            TensorValue::Strided(t) => view(t).py()?,
            _ => return Err(this.dense(name).expect_err("a global tensor")),
        }
    }
    Ok(slf.clone())
}

/// Transposes the tensor `slf` holds in place (sparse tensors too), returning `slf`.
fn transpose_in_place<'py>(slf: &Bound<'py, PyTensor>, dim0: i64, dim1: i64) -> PyResult<Bound<'py, PyTensor>> {
    {
        let this = slf.borrow();
        if let (Some(s), TensorValue::SparseCoo(cell)) = (this.sparse(), &this.value) {
            cell.set(s.transpose(dim0, dim1).py()?);
            return Ok(slf.clone());
        }
    }
    in_place(slf, "transpose_", true, |t| t.transpose_(dim0, dim1))
}

/// `value` written into `view` as PyTorch's attribute setters write it (`x.real = value`): a tensor is copied
/// (broadcast), a number fills; anything else is PyTorch's `TypeError`.
fn assign(py: Python<'_>, view: &Tensor, value: &Bound<'_, PyAny>) -> PyResult<()> {
    if let Ok(t) = value.cast::<PyTensor>() {
        let src = t.borrow().strided()?.clone();
        return compute(py, &[view, &src], || view.copy_(&src));
    }
    match crate::args::scalar(value)? {
        Some(s) => {
            s.check_convertible(view.dtype(), ConversionCheck::Fill).py()?;
            compute(py, &[view], || view.fill_(s))
        }
        None => Err(PyTypeError::new_err(format!(
            "can't assign a {} to a {}",
            crate::value::type_name(value),
            legacy_type_name(view.dtype())
        ))),
    }
}

/// Which part of a complex tensor an attribute is.
#[derive(Clone, Copy)]
enum Part {
    Real,
    Imag,
}

/// The `real` or `imag` view of the tensor `slf` holds: for a real tensor, `real` is the tensor itself (any layout)
/// and `imag` PyTorch's `TypeError`.
fn part_view(this: &PyTensor, part: Part) -> PyResult<Option<Tensor>> {
    let complex = this.shaped()?.is_complex();
    match (part, complex) {
        (Part::Real, false) => Ok(None),
        (Part::Imag, false) => {
            Err(PyTypeError::new_err("imag is not implemented for tensors with non-complex dtypes."))
        }
        (Part::Real, true) => Ok(Some(this.dense("real")?.real())),
        (Part::Imag, true) => this.dense("imag")?.imag().py().map(Some),
    }
}

/// `H` and `mH`: PyTorch's warning for a 0-dim tensor, its errors, and the conjugate transpose (a real 0-dim tensor
/// is returned itself; a sparse tensor is transposed when real).
fn conj_transpose<'py>(
    slf: &Bound<'py, PyTensor>,
    name: &str,
    warned: &AtomicBool,
    matrix_only: bool,
) -> PyResult<Bound<'py, PyTensor>> {
    let py = slf.py();
    let this = slf.borrow();
    let shaped = this.shaped()?.into_owned();
    if shaped.dim() == 0 {
        let message = format!("Tensor.{name} is deprecated on 0-D tensors. Consider using x.conj().");
        warn_once(py, warned, &message)?;
    }
    let op = |t: &Tensor| if matrix_only { t.matrix_h() } else { t.adjoint() };
    if let Some(s) = this.sparse() {
        op(&shaped).py()?;
        if s.dtype().is_complex() {
            return Err(crate::value::not_supported(name));
        }
        if s.dim() == 0 {
            return Ok(slf.clone());
        }
        return Bound::new(py, PyTensor::new_sparse(s.transpose(-2, -1).py()?));
    }
    let t = this.dense(name)?;
    if t.dim() == 0 && !t.is_complex() {
        op(t).py()?;
        return Ok(slf.clone());
    }
    Bound::new(py, PyTensor::new(op(t).py()?))
}

/// The dims of `moveaxis` / `movedim` as lists.
fn dims_of(p: &crate::signature::Parsed<'_, '_>, i: usize) -> PyResult<Vec<i64>> {
    if p.overload == 0 {
        Ok(vec![p.int(i)?])
    } else {
        p.int_list(i)
    }
}

#[pymethods]
impl PyTensor {
    // ----- in-place views -----

    /// Removes size-1 dimensions in place (all, one, or a tuple of them), returning this tensor.
    #[pyo3(signature = (*args, **kwargs))]
    fn squeeze_<'py>(
        slf: &Bound<'py, Self>,
        args: &Bound<'py, PyTuple>,
        kwargs: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, Self>> {
        let p = parse!(Method "squeeze_", &["", "int dim", "int[] dim"], args, kwargs)?;
        match p.overload {
            0 => in_place(slf, "squeeze_", true, |t| {
                t.squeeze_();
                Ok(())
            }),
            1 => {
                let dim = p.int(0)?;
                in_place(slf, "squeeze_", true, |t| t.squeeze_dim_(dim))
            }
            _ => {
                let dims = p.int_list(0)?;
                in_place(slf, "squeeze_", true, |t| t.squeeze_dims_(&dims))
            }
        }
    }

    /// Inserts a size-1 dimension in place, returning this tensor.
    #[pyo3(signature = (*args, **kwargs))]
    fn unsqueeze_<'py>(
        slf: &Bound<'py, Self>,
        args: &Bound<'py, PyTuple>,
        kwargs: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, Self>> {
        let dim = parse!(Method "unsqueeze_", &["int dim"], args, kwargs)?.int(0)?;
        in_place(slf, "unsqueeze_", true, |t| t.unsqueeze_(dim))
    }

    /// Swaps two dimensions in place, returning this tensor.
    #[pyo3(signature = (*args, **kwargs))]
    fn transpose_<'py>(
        slf: &Bound<'py, Self>,
        args: &Bound<'py, PyTuple>,
        kwargs: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, Self>> {
        let p = parse!(Method "transpose_", &["int dim0, int dim1"], args, kwargs)?;
        transpose_in_place(slf, p.int(0)?, p.int(1)?)
    }

    /// `swapaxes_(axis0, axis1)`: `transpose_`.
    #[pyo3(signature = (*args, **kwargs))]
    fn swapaxes_<'py>(
        slf: &Bound<'py, Self>,
        args: &Bound<'py, PyTuple>,
        kwargs: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, Self>> {
        let p = parse!(Method "swapaxes_", signatures::swapaxes, args, kwargs)?;
        transpose_in_place(slf, p.int(0)?, p.int(1)?)
    }

    /// `swapdims_(dim0, dim1)`: `transpose_`.
    #[pyo3(signature = (*args, **kwargs))]
    fn swapdims_<'py>(
        slf: &Bound<'py, Self>,
        args: &Bound<'py, PyTuple>,
        kwargs: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, Self>> {
        let p = parse!(Method "swapdims_", signatures::swapdims, args, kwargs)?;
        transpose_in_place(slf, p.int(0)?, p.int(1)?)
    }

    /// Transposes a tensor of at most two dimensions in place, returning it (CPython's errors for arguments, as
    /// for PyTorch's argument-less method).
    #[pyo3(signature = (*args, **kwargs), text_signature = "($self)")]
    fn t_<'py>(
        slf: &Bound<'py, Self>,
        args: &Bound<'py, PyTuple>,
        kwargs: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, Self>> {
        if kwargs.is_some_and(|k| !k.is_empty()) {
            return Err(PyTypeError::new_err("Tensor.t_() takes no keyword arguments"));
        }
        if !args.is_empty() {
            return Err(PyTypeError::new_err(format!("Tensor.t_() takes no arguments ({} given)", args.len())));
        }
        {
            let this = slf.borrow();
            if let (Some(mut s), TensorValue::SparseCoo(cell)) = (this.sparse(), &this.value) {
                s.t_().py()?;
                cell.set(s);
                return Ok(slf.clone());
            }
        }
        in_place(slf, "t_", true, Tensor::t_)
    }

    /// New sizes, strides and storage offset in place (`as_strided_`), returning this tensor.
    #[pyo3(signature = (*args, **kwargs))]
    fn as_strided_<'py>(
        slf: &Bound<'py, Self>,
        args: &Bound<'py, PyTuple>,
        kwargs: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, Self>> {
        let p = parse!(Method "as_strided_", signatures::as_strided_, args, kwargs)?;
        let (sizes, strides, offset) =
            oxtorch::shape::as_strided_in_place_geometry(&p.int_list(0)?, &p.int_list(1)?, p.opt_int(2)?).py()?;
        in_place(slf, "as_strided_", false, |t| t.as_strided_(&sizes, &strides, offset))
    }

    // ----- aliases -----

    /// `swapaxes(axis0, axis1)`: `transpose`.
    #[pyo3(signature = (*args, **kwargs))]
    fn swapaxes(&self, args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<PyTensor> {
        let p = parse!(Method "swapaxes", signatures::swapaxes, args, kwargs)?;
        self.transpose(p.int(0)?, p.int(1)?)
    }

    /// `swapdims(dim0, dim1)`: `transpose`.
    #[pyo3(signature = (*args, **kwargs))]
    fn swapdims(&self, args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<PyTensor> {
        let p = parse!(Method "swapdims", signatures::swapdims, args, kwargs)?;
        self.transpose(p.int(0)?, p.int(1)?)
    }

    /// `moveaxis(source, destination)`: `movedim` (ints or tuples of ints).
    #[pyo3(signature = (*args, **kwargs))]
    fn moveaxis(&self, args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<PyTensor> {
        let p = parse!(Method "moveaxis", signatures::moveaxis, args, kwargs)?;
        let (source, destination) = (dims_of(&p, 0)?, dims_of(&p, 1)?);
        if let Some(s) = self.sparse() {
            return s.movedim(&source, &destination).py().map(PyTensor::new_sparse);
        }
        self.strided()?.movedims(&source, &destination).py().map(PyTensor::new)
    }

    /// A view with another tensor's sizes (`view_as`).
    #[pyo3(signature = (*args, **kwargs))]
    fn view_as(&self, args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<PyTensor> {
        let p = parse!(Method "view_as", &["Tensor other"], args, kwargs)?;
        let sizes = crate::sparse::sizes_of(&p.tensor(0).borrow())?;
        self.dense("view_as")?.view(&oxtorch::tensor::view::to_i64(&sizes)).py().map(PyTensor::new)
    }

    /// Another tensor's sizes, as a view when possible, else a copy (`reshape_as`).
    #[pyo3(signature = (*args, **kwargs))]
    fn reshape_as(&self, args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<PyTensor> {
        let p = parse!(Method "reshape_as", &["Tensor other"], args, kwargs)?;
        let sizes = crate::sparse::sizes_of(&p.tensor(0).borrow())?;
        self.dense("reshape_as")?.reshape(&oxtorch::tensor::view::to_i64(&sizes)).py().map(PyTensor::new)
    }

    // ----- attributes -----

    /// The real parts: a view of the real dtype for a complex tensor (strides doubled), the tensor itself for a
    /// real one.
    #[getter]
    fn real<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, Self>> {
        let value = slf.borrow().any();
        if !value.dtype().is_complex() {
            return Ok(slf.clone());
        }
        Bound::new(slf.py(), PyTensor::from_any(oxtorch::dispatch::real(&value).py()?))
    }

    /// `x.real = value`: writes the real parts (the whole of a real tensor).
    #[setter]
    fn set_real(slf: &Bound<'_, Self>, value: &Bound<'_, PyAny>) -> PyResult<()> {
        let view = match part_view(&slf.borrow(), Part::Real)? {
            Some(v) => v,
            None => slf.borrow().dense("real")?.clone(),
        };
        assign(slf.py(), &view, value)
    }

    /// The imaginary parts of a complex tensor: a view of the real dtype (strides doubled, one element on).
    #[getter]
    fn imag<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, Self>> {
        let view = oxtorch::dispatch::imag(&slf.borrow().any()).py()?;
        Bound::new(slf.py(), PyTensor::from_any(view))
    }

    /// `x.imag = value`: writes the imaginary parts.
    #[setter]
    fn set_imag(slf: &Bound<'_, Self>, value: &Bound<'_, PyAny>) -> PyResult<()> {
        let view = part_view(&slf.borrow(), Part::Imag)?
            .ok_or_else(|| PyTypeError::new_err("imag is not implemented for tensors with non-complex dtypes."))?;
        assign(slf.py(), &view, value)
    }

    /// `H`: the conjugate transpose of a matrix (for a complex tensor, a view with the conjugate bit).
    #[getter(H)]
    fn conj_transposed<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, Self>> {
        static ZERO_DIM: AtomicBool = AtomicBool::new(false);
        conj_transpose(slf, "H", &ZERO_DIM, true)
    }

    /// `mH`: the conjugate transpose of a batch of matrices (for a complex tensor, a view with the conjugate bit).
    #[getter(mH)]
    fn matrix_conj_transposed<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, Self>> {
        static ZERO_DIM: AtomicBool = AtomicBool::new(false);
        conj_transpose(slf, "mH", &ZERO_DIM, false)
    }

    // ----- the split family -----

    /// `tensor_split(indices_or_sections, dim=0)`: an int (sections), a tuple or list (indices), or a 0-dim /
    /// 1-dim int64 tensor.
    #[pyo3(signature = (*args, **kwargs))]
    fn tensor_split<'py>(
        slf: &Bound<'py, Self>,
        args: &Bound<'py, PyTuple>,
        kwargs: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let p = parse!(Method "tensor_split", signatures::tensor_split, args, kwargs)?;
        let (this, py) = (slf.borrow(), slf.py());
        match p.overload {
            0 => {
                let (indices, dim) = (p.int_list(0)?, p.int(1)?);
                pieces(&this, py, "tensor_split", |t| t.tensor_split(SplitPoints::Indices(&indices), dim))
            }
            1 => {
                let points = p.tensor(0).borrow().strided()?.clone();
                let dim = p.int(1)?;
                pieces(&this, py, "tensor_split", |t| t.tensor_split_by_tensor(&points, dim))
            }
            _ => {
                let (sections, dim) = (p.int(0)?, p.int(1)?);
                pieces(&this, py, "tensor_split", |t| t.tensor_split(SplitPoints::Sections(sections), dim))
            }
        }
    }

    /// `hsplit(sections or indices)`: `tensor_split` along dimension 1 (0 for a 1-dim tensor).
    #[pyo3(signature = (*args, **kwargs))]
    fn hsplit<'py>(
        slf: &Bound<'py, Self>,
        args: &Bound<'py, PyTuple>,
        kwargs: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let p = parse!(Method "hsplit", signatures::hsplit, args, kwargs)?;
        directional(slf, &p, "hsplit", Tensor::hsplit)
    }

    /// `vsplit(sections or indices)`: `tensor_split` along dimension 0.
    #[pyo3(signature = (*args, **kwargs))]
    fn vsplit<'py>(
        slf: &Bound<'py, Self>,
        args: &Bound<'py, PyTuple>,
        kwargs: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let p = parse!(Method "vsplit", signatures::vsplit, args, kwargs)?;
        directional(slf, &p, "vsplit", Tensor::vsplit)
    }

    /// `dsplit(sections or indices)`: `tensor_split` along dimension 2.
    #[pyo3(signature = (*args, **kwargs))]
    fn dsplit<'py>(
        slf: &Bound<'py, Self>,
        args: &Bound<'py, PyTuple>,
        kwargs: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let p = parse!(Method "dsplit", signatures::dsplit, args, kwargs)?;
        directional(slf, &p, "dsplit", Tensor::dsplit)
    }

    /// Pieces of the given sizes (`split_with_sizes(split_sizes, dim=0)`).
    #[pyo3(signature = (*args, **kwargs))]
    fn split_with_sizes<'py>(
        slf: &Bound<'py, Self>,
        args: &Bound<'py, PyTuple>,
        kwargs: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let p = parse!(Method "split_with_sizes", signatures::split_with_sizes, args, kwargs)?;
        let (sizes, dim) = (p.int_list(0)?, p.int(1)?);
        sized_pieces(&slf.borrow(), slf.py(), "split_with_sizes", &sizes, dim, false)
    }

    /// `unsafe_split(split_size, dim=0)`: `split`'s pieces, not marked as views.
    #[pyo3(signature = (*args, **kwargs))]
    fn unsafe_split<'py>(
        slf: &Bound<'py, Self>,
        args: &Bound<'py, PyTuple>,
        kwargs: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let p = parse!(Method "unsafe_split", signatures::unsafe_split, args, kwargs)?;
        let (size, dim) = (p.int(0)?, p.int(1)?);
        pieces(&slf.borrow(), slf.py(), "unsafe_split", |t| t.unsafe_split(size, dim))
    }

    /// `unsafe_split_with_sizes(split_sizes, dim=0)`: `split_with_sizes`'s pieces, not marked as views.
    #[pyo3(signature = (*args, **kwargs))]
    fn unsafe_split_with_sizes<'py>(
        slf: &Bound<'py, Self>,
        args: &Bound<'py, PyTuple>,
        kwargs: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let p = parse!(Method "unsafe_split_with_sizes", signatures::unsafe_split_with_sizes, args, kwargs)?;
        let (sizes, dim) = (p.int_list(0)?, p.int(1)?);
        sized_pieces(&slf.borrow(), slf.py(), "unsafe_split_with_sizes", &sizes, dim, true)
    }

    /// The slices along `dim` (`unbind(dim=0)`), sparse tensors included.
    #[pyo3(signature = (*args, **kwargs))]
    fn unbind<'py>(
        slf: &Bound<'py, Self>,
        args: &Bound<'py, PyTuple>,
        kwargs: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let dim = parse!(Method "unbind", signatures::unbind, args, kwargs)?.int(0)?;
        let (this, py) = (slf.borrow(), slf.py());
        if let Some(s) = this.sparse() {
            let count = this.shaped()?.unbind(dim).py()?.len();
            let d = oxtorch::shape::wrap_dim(dim, s.dim()).py()? as i64;
            let parts = (0..count as i64)
                .map(|i| s.select(d, i).py().map(PyTensor::from_any).and_then(|t| Py::new(py, t)))
                .collect::<PyResult<Vec<_>>>()?;
            return PyTuple::new(py, parts);
        }
        tensor_tuple(py, this.dense("unbind")?.unbind(dim).py()?)
    }
}

/// `hsplit` / `vsplit` / `dsplit` from a parsed call (overload 0: sections, 1: indices).
fn directional<'py>(
    slf: &Bound<'py, PyTensor>,
    p: &crate::signature::Parsed<'_, 'py>,
    name: &str,
    split: fn(&Tensor, SplitPoints<'_>) -> oxtorch::Result<Vec<Tensor>>,
) -> PyResult<Bound<'py, PyTuple>> {
    let this = slf.borrow();
    if p.overload == 0 {
        let sections = p.int(0)?;
        return pieces(&this, slf.py(), name, |t| split(t, SplitPoints::Sections(sections)));
    }
    let indices = p.int_list(0)?;
    pieces(&this, slf.py(), name, |t| split(t, SplitPoints::Indices(&indices)))
}
