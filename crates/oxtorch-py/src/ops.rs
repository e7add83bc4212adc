//! The op tables' Python surface, generated from `oxtorch::binary_op_table!` and `oxtorch::unary_op_table!`: for
//! every row the `Tensor` method, its in-place method, the `torch.<name>` function with `out=`, the aliases and
//! the operators (`__add__`, `__radd__`, `__iadd__`, `__eq__` ...). Every one of them converts its Python arguments
//! and makes one call into the core (`oxtorch::dispatch`), which holds every rule: this file decides nothing but
//! what Python itself decides (an operator returns `NotImplemented` where PyTorch's returns it, so that Python
//! tries the other operand or falls back to identity).

use crate::args;
use crate::errors::ResultExt;
use crate::unary_arguments;
use crate::value::PyTensor;
use oxtorch::dispatch::{self, AnyOperand, AnyOutput, AnyTensor};
use oxtorch::op::parser::{self, ArgKind, Form};
use oxtorch::op::{BinaryOp, RoundingMode, UnaryOp, UnaryParameters};
use oxtorch::{Operand, Scalar};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

/// Elements above which an operation releases the interpreter lock while it runs.
const RELEASE_GIL_ABOVE: usize = 1 << 15;

/// A Python argument of an elementwise operation: a tensor or a number for the core, or another object, kept by
/// its type's name for the parser's message.
pub enum Arg {
    /// A tensor (of any kind) or a number.
    Operand(AnyOperand),
    /// Anything else.
    Other(String),
    /// A number the core cannot hold (an int beyond 64 bits): the parser sees its kind, then its error is raised.
    Unconvertible(&'static str, PyErr),
}

impl Arg {
    /// Reads a Python object (an int beyond 64 bits is PyTorch's `OverflowError` here).
    pub fn read(obj: &Bound<'_, PyAny>) -> PyResult<Arg> {
        if let Ok(t) = obj.cast::<PyTensor>() {
            return Ok(Arg::Operand(AnyOperand::Tensor(t.borrow().any())));
        }
        Ok(match args::scalar(obj) {
            Ok(Some(s)) => Arg::Operand(AnyOperand::Scalar(s)),
            Ok(None) => Arg::Other(obj.get_type().name()?.to_string()),
            Err(e) => Arg::Unconvertible("int", e),
        })
    }

    /// What PyTorch's parser sees of it.
    pub fn kind(&self) -> ArgKind<'_> {
        match self {
            Arg::Operand(o) => o.arg_kind(),
            Arg::Other(name) => ArgKind::Other(name),
            Arg::Unconvertible(kind, _) => ArgKind::Number(kind),
        }
    }

    fn into_operand(self) -> PyResult<AnyOperand> {
        match self {
            Arg::Operand(o) => Ok(o),
            Arg::Other(name) => Err(PyTypeError::new_err(format!("expected a Tensor or a number, got {name}"))),
            Arg::Unconvertible(_, e) => Err(e),
        }
    }
}

/// A keyword argument as given: PyTorch's parser tells an absent `alpha` from `alpha=None` (an error).
pub enum Keyword<'py> {
    /// Not passed.
    Missing,
    /// Passed (possibly `None`).
    Given(Bound<'py, PyAny>),
}

impl<'a, 'py> FromPyObject<'a, 'py> for Keyword<'py> {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        Ok(Keyword::Given(obj.to_owned()))
    }
}

impl Keyword<'_> {
    /// `alpha=`: a number, 1 when absent.
    fn alpha(&self, name: &str) -> PyResult<Scalar> {
        match self {
            Keyword::Missing => Ok(Scalar::Int(1)),
            Keyword::Given(obj) => match args::scalar(obj)? {
                Some(s) => Ok(s),
                None => {
                    let type_name = obj.get_type().name()?.to_string();
                    Err(parser::number_keyword_error(name, "alpha", ArgKind::Other(&type_name))).py()
                }
            },
        }
    }

    /// `rounding_mode=`: `None`, `"trunc"` or `"floor"`.
    fn rounding_mode(&self) -> PyResult<Option<RoundingMode>> {
        match self {
            Keyword::Given(obj) if !obj.is_none() => RoundingMode::parse(&obj.extract::<String>()?).map(Some).py(),
            _ => Ok(None),
        }
    }
}

/// The operand as a strided one (a strided tensor or a number), moved, or given back when it is not: the work
/// the interpreter lock can be released for.
fn into_strided(o: AnyOperand) -> Result<Operand, AnyOperand> {
    match o {
        AnyOperand::Tensor(AnyTensor::Strided(t)) => Ok(Operand::Tensor(t)),
        AnyOperand::Scalar(s) => Ok(Operand::Scalar(s)),
        other => Err(other),
    }
}

/// Whether a strided operation is large enough to release the interpreter lock, on storages Python cannot also
/// be writing to (see the shared-storage protocol in `oxtorch::storage`); false when an operand is not strided.
fn releases_lock(operands: &[&AnyOperand]) -> bool {
    let (mut numel, mut shared) = (0, false);
    for o in operands {
        match *o {
            AnyOperand::Tensor(AnyTensor::Strided(t)) => {
                numel += t.numel();
                shared |= t.storage().is_foreign_visible();
            }
            AnyOperand::Scalar(_) => {}
            AnyOperand::Tensor(_) => return false,
        }
    }
    numel > RELEASE_GIL_ABOVE && !shared
}

/// `op(lhs, rhs)` called as `form` under `name`: the parser's checks on the arguments' kinds, then the core.
pub fn binary(
    py: Python<'_>,
    op: BinaryOp,
    name: &str,
    form: Form,
    lhs: Arg,
    rhs: Arg,
    output: AnyOutput<'_>,
) -> PyResult<AnyTensor> {
    if !matches!((&lhs, &rhs), (Arg::Operand(_), Arg::Operand(_))) {
        // the parser's TypeError comes before the error of converting an argument (an int beyond 64 bits)
        parser::check_binary_kinds(op, name, form, lhs.kind(), rhs.kind()).py()?;
    }
    let (l, r) = (lhs.into_operand()?, rhs.into_operand()?);
    let detached = match output {
        AnyOutput::New => Some(false),
        AnyOutput::InPlace => Some(true),
        AnyOutput::Out(_) => None,
    };
    if let (Some(in_place), true) = (detached, releases_lock(&[&l, &r])) {
        if let (Ok(sl), Ok(sr)) = (into_strided(l.clone()), into_strided(r.clone())) {
            return py
                .detach(move || {
                    let output = if in_place { AnyOutput::InPlace } else { AnyOutput::New };
                    dispatch::binary_as(op, name, form, AnyOperand::from(sl), AnyOperand::from(sr), output)?
                        .into_strided()
                })
                .map(AnyTensor::Strided)
                .py();
        }
    }
    dispatch::binary_as(op, name, form, l, r, output).py()
}

/// PyTorch's parser error for a keyword argument the operation does not take.
fn no_other_keywords(
    op: BinaryOp,
    name: &str,
    form: Form,
    args: &[&Arg],
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<()> {
    let Some((key, value)) = kwargs.and_then(|k| k.iter().next()) else { return Ok(()) };
    let (key, value) = (key.str()?.to_string(), Arg::read(&value)?);
    let kinds: Vec<ArgKind<'_>> = args.iter().map(|a| a.kind()).collect();
    Err(parser::unexpected_keyword(op, name, form, &kinds, (&key, value.kind()))).py()
}

/// The second operand as given, or PyTorch's parser error when it is missing (`torch.pow(a)`, `torch.pow(a,
/// other=2)`: the keywords given are listed in the message).
fn other_operand(
    op: BinaryOp,
    name: &str,
    form: Form,
    args: &[&Arg],
    other: Keyword<'_>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<Arg> {
    let Keyword::Given(other) = other else {
        // listed in the order PyTorch's parser collects them (a libstdc++ `unordered_map`'s)
        let mut keywords = Vec::new();
        for (key, value) in crate::signature::cpp_map_order(kwargs)? {
            keywords.push((key, Arg::read(&value)?));
        }
        let keywords: Vec<(&str, ArgKind<'_>)> = keywords.iter().map(|(k, v)| (k.as_str(), v.kind())).collect();
        let kinds: Vec<ArgKind<'_>> = args.iter().map(|a| a.kind()).collect();
        return Err(parser::missing_other(op, name, form, &kinds, &keywords)).py();
    };
    Arg::read(&other)
}

/// `kwargs` with the row's own keyword added when it was given and the second operand was not, so that PyTorch's
/// parser message for the missing operand counts it (`torch.add(a, alpha=2)` names the missing `other`).
fn with_row_keyword<'py>(
    py: Python<'py>,
    other: &Keyword<'_>,
    (name, keyword): (&str, &Keyword<'py>),
    kwargs: Option<&Bound<'py, PyDict>>,
) -> PyResult<Option<Bound<'py, PyDict>>> {
    match (other, keyword) {
        (Keyword::Missing, Keyword::Given(value)) => {
            let all = PyDict::new(py);
            all.set_item(name, value)?;
            if let Some(kwargs) = kwargs {
                all.update(kwargs.as_mapping())?;
            }
            Ok(Some(all))
        }
        _ => Ok(kwargs.cloned()),
    }
}

/// `torch.<name>(input, other, out=out)`: the result into a new tensor, or into `out`, which keeps whatever the
/// core did to it (a resize stays even when the operation then fails, as in PyTorch).
pub fn function(
    py: Python<'_>,
    op: BinaryOp,
    name: &str,
    input: &Bound<'_, PyAny>,
    other: Keyword<'_>,
    out: Option<&Bound<'_, PyAny>>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyAny>> {
    let lhs = Arg::read(input)?;
    let rhs = match (&other, out) {
        // the parser's message lists an `out=` given among the keywords (PyO3 takes it out of them, so its place
        // among them is lost: it goes last, where calls write it)
        (Keyword::Missing, Some(out)) => {
            let with_out = PyDict::new(input.py());
            if let Some(kwargs) = kwargs {
                with_out.update(kwargs.as_mapping())?;
            }
            with_out.set_item("out", out)?;
            other_operand(op, name, Form::Function, &[&lhs], other, Some(&with_out))?
        }
        _ => other_operand(op, name, Form::Function, &[&lhs], other, kwargs)?,
    };
    no_other_keywords(op, name, Form::Function, &[&lhs, &rhs], kwargs)?;
    let Some(out) = out else {
        let r = binary(py, op, name, Form::Function, lhs, rhs, AnyOutput::New)?;
        return Ok(Py::new(py, PyTensor::from_any(r))?.into_any());
    };
    let Ok(out) = out.cast::<PyTensor>() else {
        let type_name = out.get_type().name()?.to_string();
        return Err(parser::out_error(op, name, lhs.kind(), rhs.kind(), ArgKind::Other(&type_name))).py();
    };
    let mut slot = out.borrow().any();
    let result = binary(py, op, name, Form::Function, lhs, rhs, AnyOutput::Out(&mut slot));
    out.borrow_mut().replace(slot);
    result?;
    Ok(out.clone().into_any().unbind())
}

/// `self.<name>(other)`.
pub fn method(
    py: Python<'_>,
    op: BinaryOp,
    name: &str,
    slf: &Bound<'_, PyTensor>,
    other: Keyword<'_>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<PyTensor> {
    let other = other_operand(op, name, Form::Method, &[], other, kwargs)?;
    let me = Arg::Operand(AnyOperand::Tensor(slf.borrow().any()));
    no_other_keywords(op, name, Form::Method, &[&other], kwargs)?;
    binary(py, op, name, Form::Method, me, other, AnyOutput::New).map(PyTensor::from_any)
}

/// `self.<name>_(other)`: the result replaces a sparse `self` (strided and global tensors are written through).
pub fn in_place(
    py: Python<'_>,
    op: BinaryOp,
    name: &str,
    slf: &Bound<'_, PyTensor>,
    other: Keyword<'_>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyTensor>> {
    let other = other_operand(op, name, Form::InPlace, &[], other, kwargs)?;
    let me = Arg::Operand(AnyOperand::Tensor(slf.borrow().any()));
    no_other_keywords(op, name, Form::InPlace, &[&other], kwargs)?;
    let result = binary(py, op, name, Form::InPlace, me, other, AnyOutput::InPlace)?;
    slf.borrow_mut().replace(result);
    Ok(slf.clone().unbind())
}

/// An operator of the binary table: a tensor or a number is the operation; anything else is `NotImplemented`
/// (Python then tries the other operand, or compares by identity).
pub fn dunder(
    py: Python<'_>,
    op: BinaryOp,
    slf: &Bound<'_, PyTensor>,
    other: &Bound<'_, PyAny>,
    order: Order,
) -> PyResult<Py<PyAny>> {
    match Arg::read(other)? {
        Arg::Operand(other) => operator(py, op, slf, other, order),
        Arg::Other(_) => Ok(py.NotImplemented()),
        Arg::Unconvertible(_, e) => Err(e),
    }
}

/// How an operator orders its operands (the op table's dunder kinds).
#[derive(Clone, Copy)]
pub enum Order {
    /// `self op other`.
    Forward,
    /// `other op self`, which PyTorch computes as `self op other` (`__radd__`, `__rmul__`: commutative).
    Reflected,
    /// `other op self` (`__rsub__`, `__rfloordiv__`).
    Swapped,
    /// `self.reciprocal() * other` (`__rtruediv__`).
    Reciprocal,
    /// A comparison, `self op other`.
    Compare,
}

/// The other operand of an operator. Extracting it fails for an object that is neither a tensor nor a number, so
/// that PyO3 returns `NotImplemented` and Python tries the other side (or compares by identity); an error of a
/// number itself (an int beyond 64 bits) is kept, to be raised.
pub struct OperatorArg(PyResult<AnyOperand>);

impl<'a, 'py> FromPyObject<'a, 'py> for OperatorArg {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        match Arg::read(&obj)? {
            Arg::Operand(o) => Ok(OperatorArg(Ok(o))),
            Arg::Other(name) => Err(PyTypeError::new_err(format!("not a tensor or a number: {name}"))),
            Arg::Unconvertible(_, e) => Ok(OperatorArg(Err(e))),
        }
    }
}

/// An operator; a `TypeError` of the operation becomes `NotImplemented`, as PyTorch's operators return it.
pub fn operator(
    py: Python<'_>,
    op: BinaryOp,
    slf: &Bound<'_, PyTensor>,
    other: AnyOperand,
    order: Order,
) -> PyResult<Py<PyAny>> {
    let me = Arg::Operand(AnyOperand::Tensor(slf.borrow().any()));
    let name = op.info().name;
    let result = match order {
        Order::Forward | Order::Reflected | Order::Compare => {
            binary(py, op, name, Form::Method, me, Arg::Operand(other), AnyOutput::New)
        }
        Order::Swapped => binary(py, op, name, Form::Function, Arg::Operand(other), me, AnyOutput::New),
        Order::Reciprocal => dispatch::reciprocal_times(&slf.borrow().any(), &other).py(),
    };
    match result {
        Ok(r) => Ok(Py::new(py, PyTensor::from_any(r))?.into_any()),
        Err(e) if e.is_instance_of::<PyTypeError>(py) => Ok(py.NotImplemented()),
        Err(e) => Err(e),
    }
}

/// An in-place operator (`+=`): PyO3 hands `self` back to Python.
pub fn in_place_operator(py: Python<'_>, op: BinaryOp, slf: &Bound<'_, PyTensor>, other: AnyOperand) -> PyResult<()> {
    let me = Arg::Operand(AnyOperand::Tensor(slf.borrow().any()));
    let result = binary(py, op, op.info().name, Form::InPlace, me, Arg::Operand(other), AnyOutput::InPlace)?;
    slf.borrow_mut().replace(result);
    Ok(())
}

/// `op(x)` with `parameters` called as `name` (an alias, a method) into a new tensor, into `x` (in place) or into
/// `out=`.
pub fn unary(
    py: Python<'_>,
    op: UnaryOp,
    name: &str,
    x: &Bound<'_, PyAny>,
    form: Form,
    out: Option<&Bound<'_, PyAny>>,
    parameters: UnaryParameters,
) -> PyResult<Py<PyAny>> {
    let Ok(input) = x.cast::<PyTensor>() else {
        let kind = Arg::read(x)?;
        return Err(parser::unary_kind_error(name, kind.kind())).py();
    };
    let value = input.borrow().any();
    match (form, out) {
        // `positive`, and `conj_physical` of a real tensor, are the input itself, the same Python object
        (_, None)
            if op.info().kind == oxtorch::op::UnaryKind::Identity
                || (op.info().kind == oxtorch::op::UnaryKind::Conjugate && !value.dtype().is_complex()) =>
        {
            dispatch::unary(op, &value, AnyOutput::New).py()?;
            Ok(input.clone().into_any().unbind())
        }
        (Form::InPlace, _) => {
            let r = dispatch::unary_with(op, parameters, &value, AnyOutput::InPlace).py()?;
            input.borrow_mut().replace(r);
            Ok(input.clone().into_any().unbind())
        }
        (_, None) => {
            let r = match value.strided() {
                Some(t) if releases_lock(&[&AnyOperand::from(t)]) => {
                    let t = t.clone();
                    py.detach(move || {
                        dispatch::unary_with(op, parameters, &AnyTensor::Strided(t), AnyOutput::New)?.into_strided()
                    })
                    .map(AnyTensor::Strided)
                    .py()?
                }
                _ => dispatch::unary_with(op, parameters, &value, AnyOutput::New).py()?,
            };
            Ok(Py::new(py, PyTensor::from_any(r))?.into_any())
        }
        (_, Some(out)) => {
            let Ok(out) = out.cast::<PyTensor>() else {
                let type_name = out.get_type().name()?.to_string();
                return Err(PyTypeError::new_err(format!("{name}(): argument 'out' must be Tensor, not {type_name}")));
            };
            let mut slot = out.borrow().any();
            let result = dispatch::unary_with(op, parameters, &value, AnyOutput::Out(&mut slot));
            out.borrow_mut().replace(slot);
            result.py()?;
            Ok(out.clone().into_any().unbind())
        }
    }
}

/// A row's parameter from its keyword (`alpha=`, `rounding_mode=`), or its default for an alias without it.
macro_rules! param {
    (alpha, $keyword:ident, $name:expr) => {
        $keyword.alpha($name)?
    };
    (rounding_mode, $keyword:ident, $name:expr) => {
        $keyword.rounding_mode()?
    };
    (default alpha) => {
        Scalar::Int(1)
    };
    (default rounding_mode) => {
        None
    };
}

/// Binds a row's parameters (`(alpha)`, `(rounding_mode)`, `()`) to their defaults, for the operators.
macro_rules! defaults {
    ($($param:ident)?) => {
        $(let $param = param!(default $param);)?
    };
}

/// The Python surface of the binary table (see the module documentation).
macro_rules! py_binary_ops {
    ($(
        $(#[doc = $doc:literal])*
        $name:ident $params:tt {
            op: $pat:pat, make: $make:expr,
            scalars: $scalars:ident, other: $other:ident, info: $info:tt,
            inplace: $inplace:tt, dunders: [$($dunder:ident $kind:ident),*], idunders: [$($idunder:ident),*],
            aliases: [$(($alias:ident, $alias_inplace:ident, $alias_kind:ident)),*],
            rust: [$($rust:ident)*],
        }
    )*) => {
        $(
            py_binary_ops!(@method $name $name $other params $params $make);
            py_binary_ops!(@inplace $name $inplace $other params $params $make);
            $(py_binary_ops!(@method $alias $alias $other $alias_kind $params $make);)*
            $(py_binary_ops!(@inplace $alias $alias_inplace $other $alias_kind $params $make);)*
            $(py_binary_ops!(@dunder $dunder $kind $params $make);)*
        )*

        /// The reflected operators PyTorch computes as `self op other` (`__radd__`, `__rmul__`), by name. Python
        /// calls them through the type's number slot as `other + self`; `install_reflected_methods` also installs them
        /// as plain methods, so that an explicit `a.__radd__(b)` is PyTorch's `a.add(b)`.
        fn reflected(name: &str) -> Option<BinaryOp> {
            $($(
                if stringify!($kind) == "Reflected" && name == stringify!($dunder) {
                    defaults!$params;
                    return Some($make);
                }
            )*)*
            None
        }

        /// The comparison operators (`__eq__`, `__lt__`, ...), by name.
        fn comparison(name: &str) -> Option<BinaryOp> {
            $($(
                if stringify!($kind) == "Compare" && name == stringify!($dunder) {
                    defaults!$params;
                    return Some($make);
                }
            )*)*
            None
        }

        /// The names of the reflected operators (see `reflected`).
        pub const REFLECTED_OPERATORS: &[&str] = &[$($(stringify!($dunder),)*)*];

        $($(py_binary_ops!(@idunder $idunder $params $make);)*)*

        /// The table's `torch.<name>` functions.
        mod binary_functions {
            use super::*;
            $(
                py_binary_ops!(@function $name $other params $params $make);
                $(py_binary_ops!(@function $alias $other $alias_kind $params $make);)*
            )*

            /// Registers every function of the table.
            pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
                $(
                    m.add_function(wrap_pyfunction!($name, m)?)?;
                    $(m.add_function(wrap_pyfunction!($alias, m)?)?;)*
                )*
                Ok(())
            }
        }
    };
    // one in-place operator: `self op= other` (`**=` also gets Python's modulo argument, always None)
    (@idunder __ipow__ $params:tt $make:expr) => {
        #[pymethods]
        impl PyTensor {
            #[doc = "The `__ipow__` operator."]
            fn __ipow__(
                slf: &Bound<'_, Self>,
                py: Python<'_>,
                other: OperatorArg,
                _modulo: Option<&Bound<'_, PyAny>>,
            ) -> PyResult<()> {
                defaults!$params;
                in_place_operator(py, $make, slf, other.0?)
            }
        }
    };
    (@idunder $idunder:ident $params:tt $make:expr) => {
        #[pymethods]
        impl PyTensor {
            #[doc = concat!("The `", stringify!($idunder), "` operator.")]
            fn $idunder(slf: &Bound<'_, Self>, py: Python<'_>, other: OperatorArg) -> PyResult<()> {
                defaults!$params;
                in_place_operator(py, $make, slf, other.0?)
            }
        }
    };
    // one operator: `self op other` (`**` takes Python's third argument, a modulo, which PyTorch refuses)
    (@dunder __pow__ $kind:ident $params:tt $make:expr) => {
        py_binary_ops!(@dunder_with_modulo __pow__ $kind $params $make);
    };
    (@dunder __rpow__ $kind:ident $params:tt $make:expr) => {
        py_binary_ops!(@dunder_with_modulo __rpow__ $kind $params $make);
    };
    // the comparisons share Python's one rich-comparison slot (`__richcmp__`, below)
    (@dunder $dunder:ident Compare $params:tt $make:expr) => {};
    (@dunder_with_modulo $dunder:ident $kind:ident $params:tt $make:expr) => {
        #[pymethods]
        impl PyTensor {
            #[doc = concat!("The `", stringify!($dunder), "` operator (", stringify!($kind), ").")]
            fn $dunder(
                slf: &Bound<'_, Self>,
                py: Python<'_>,
                other: &Bound<'_, PyAny>,
                modulo: Option<&Bound<'_, PyAny>>,
            ) -> PyResult<Py<PyAny>> {
                if modulo.is_some_and(|m| !m.is_none()) {
                    return Ok(py.NotImplemented());
                }
                defaults!$params;
                dunder(py, $make, slf, other, Order::$kind)
            }
        }
    };
    (@dunder $dunder:ident $kind:ident $params:tt $make:expr) => {
        #[pymethods]
        impl PyTensor {
            #[doc = concat!("The `", stringify!($dunder), "` operator (", stringify!($kind), ").")]
            fn $dunder(slf: &Bound<'_, Self>, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
                defaults!$params;
                dunder(py, $make, slf, other, Order::$kind)
            }
        }
    };
    // The text signature of a method or function: the one PyO3 shows for a required second operand, which has a
    // default only so that a missing one reaches PyTorch's parser message (`other_operand`)
    (@signature method other alpha [$arm:ident $($rest:tt)*]) => {
        py_binary_ops!(@$arm "($self, other, *, alpha=..., **kwargs)" $($rest)*);
    };
    (@signature method other rounding_mode [$arm:ident $($rest:tt)*]) => {
        py_binary_ops!(@$arm "($self, other, *, rounding_mode=..., **kwargs)" $($rest)*);
    };
    (@signature method other [$arm:ident $($rest:tt)*]) => {
        py_binary_ops!(@$arm "($self, other, **kwargs)" $($rest)*);
    };
    (@signature method exponent [$arm:ident $($rest:tt)*]) => {
        py_binary_ops!(@$arm "($self, exponent, **kwargs)" $($rest)*);
    };
    (@signature function other alpha [$arm:ident $($rest:tt)*]) => {
        py_binary_ops!(@$arm "(input, other, *, alpha=..., out=None, **kwargs)" $($rest)*);
    };
    (@signature function other rounding_mode [$arm:ident $($rest:tt)*]) => {
        py_binary_ops!(@$arm "(input, other, *, rounding_mode=..., out=None, **kwargs)" $($rest)*);
    };
    (@signature function other [$arm:ident $($rest:tt)*]) => {
        py_binary_ops!(@$arm "(input, other, *, out=None, **kwargs)" $($rest)*);
    };
    (@signature function exponent [$arm:ident $($rest:tt)*]) => {
        py_binary_ops!(@$arm "(input, exponent, *, out=None, **kwargs)" $($rest)*);
    };
    // a method: `self.name(other, *, param=...)`
    (@method $name:ident $pyname:ident $other:ident params ($param:ident) $make:expr) => {
        py_binary_ops!(@signature method $other $param [method_item $name $pyname $other params ($param) $make]);
    };
    (@method_item $sig:literal $name:ident $pyname:ident $other:ident params ($param:ident) $make:expr) => {
        #[pymethods]
        impl PyTensor {
            #[doc = concat!("`self.", stringify!($pyname), "(", stringify!($other), ")`.")]
            #[pyo3(text_signature = $sig, signature = ($other = Keyword::Missing, *, $param = Keyword::Missing, **kwargs))]
            fn $pyname(
                slf: &Bound<'_, Self>,
                py: Python<'_>,
                $other: Keyword<'_>,
                $param: Keyword<'_>,
                kwargs: Option<&Bound<'_, PyDict>>,
            ) -> PyResult<PyTensor> {
                let kwargs = with_row_keyword(py, &$other, (stringify!($param), &$param), kwargs)?;
                let $param = param!($param, $param, stringify!($pyname));
                method(py, $make, stringify!($pyname), slf, $other, kwargs.as_ref())
            }
        }
    };
    // no keyword: a row without parameters, or an alias fixed to their defaults (`true_divide`)
    (@method $name:ident $pyname:ident $other:ident $kind:ident ($($param:ident)?) $make:expr) => {
        py_binary_ops!(@signature method $other [method_item $name $pyname $other $kind ($($param)?) $make]);
    };
    (@method_item $sig:literal $name:ident $pyname:ident $other:ident $kind:ident ($($param:ident)?) $make:expr) => {
        #[pymethods]
        impl PyTensor {
            #[doc = concat!("`self.", stringify!($pyname), "(", stringify!($other), ")`.")]
            #[pyo3(text_signature = $sig, signature = ($other = Keyword::Missing, **kwargs))]
            fn $pyname(
                slf: &Bound<'_, Self>,
                py: Python<'_>,
                $other: Keyword<'_>,
                kwargs: Option<&Bound<'_, PyDict>>,
            ) -> PyResult<PyTensor> {
                defaults!($($param)?);
                method(py, $make, stringify!($pyname), slf, $other, kwargs)
            }
        }
    };
    // an in-place method: `self.name_(other, *, param=...)`, returning self
    (@inplace $name:ident _ $other:ident $kind:ident ($($param:ident)?) $make:expr) => {};
    (@inplace $name:ident $inplace:ident $other:ident params ($param:ident) $make:expr) => {
        py_binary_ops!(@signature method $other $param [inplace_item $name $inplace $other params ($param) $make]);
    };
    (@inplace_item $sig:literal $name:ident $inplace:ident $other:ident params ($param:ident) $make:expr) => {
        #[pymethods]
        impl PyTensor {
            #[doc = concat!("`self.", stringify!($inplace), "(", stringify!($other), ")`, returning `self`.")]
            #[pyo3(text_signature = $sig, signature = ($other = Keyword::Missing, *, $param = Keyword::Missing, **kwargs))]
            fn $inplace(
                slf: &Bound<'_, Self>,
                py: Python<'_>,
                $other: Keyword<'_>,
                $param: Keyword<'_>,
                kwargs: Option<&Bound<'_, PyDict>>,
            ) -> PyResult<Py<PyTensor>> {
                let kwargs = with_row_keyword(py, &$other, (stringify!($param), &$param), kwargs)?;
                let $param = param!($param, $param, stringify!($inplace));
                in_place(py, $make, stringify!($name), slf, $other, kwargs.as_ref())
            }
        }
    };
    (@inplace $name:ident $inplace:ident $other:ident $kind:ident ($($param:ident)?) $make:expr) => {
        py_binary_ops!(@signature method $other [inplace_item $name $inplace $other $kind ($($param)?) $make]);
    };
    (@inplace_item $sig:literal $name:ident $inplace:ident $other:ident $kind:ident ($($param:ident)?) $make:expr) => {
        #[pymethods]
        impl PyTensor {
            #[doc = concat!("`self.", stringify!($inplace), "(", stringify!($other), ")`, returning `self`.")]
            #[pyo3(text_signature = $sig, signature = ($other = Keyword::Missing, **kwargs))]
            fn $inplace(
                slf: &Bound<'_, Self>,
                py: Python<'_>,
                $other: Keyword<'_>,
                kwargs: Option<&Bound<'_, PyDict>>,
            ) -> PyResult<Py<PyTensor>> {
                defaults!($($param)?);
                in_place(py, $make, stringify!($name), slf, $other, kwargs)
            }
        }
    };
    // a function: `torch.name(input, other, *, param=..., out=None)`
    (@function $name:ident $other:ident params ($param:ident) $make:expr) => {
        py_binary_ops!(@signature function $other $param [function_item $name $other params ($param) $make]);
    };
    (@function_item $sig:literal $name:ident $other:ident params ($param:ident) $make:expr) => {
        #[doc = concat!("`torch.", stringify!($name), "(input, ", stringify!($other), ", *, ", stringify!($param), ", out=None)`.")]
        #[pyfunction]
        #[pyo3(text_signature = $sig, signature = (input, $other = Keyword::Missing, *, $param = Keyword::Missing, out = None, **kwargs))]
        pub fn $name(
            py: Python<'_>,
            input: &Bound<'_, PyAny>,
            $other: Keyword<'_>,
            $param: Keyword<'_>,
            out: Option<&Bound<'_, PyAny>>,
            kwargs: Option<&Bound<'_, PyDict>>,
        ) -> PyResult<Py<PyAny>> {
            let kwargs = with_row_keyword(py, &$other, (stringify!($param), &$param), kwargs)?;
            let $param = param!($param, $param, stringify!($name));
            function(py, $make, stringify!($name), input, $other, out, kwargs.as_ref())
        }
    };
    (@function $name:ident $other:ident $kind:ident ($($param:ident)?) $make:expr) => {
        py_binary_ops!(@signature function $other [function_item $name $other $kind ($($param)?) $make]);
    };
    (@function_item $sig:literal $name:ident $other:ident $kind:ident ($($param:ident)?) $make:expr) => {
        #[doc = concat!("`torch.", stringify!($name), "(input, ", stringify!($other), ", *, out=None)`.")]
        #[pyfunction]
        #[pyo3(text_signature = $sig, signature = (input, $other = Keyword::Missing, *, out = None, **kwargs))]
        pub fn $name(
            py: Python<'_>,
            input: &Bound<'_, PyAny>,
            $other: Keyword<'_>,
            out: Option<&Bound<'_, PyAny>>,
            kwargs: Option<&Bound<'_, PyDict>>,
        ) -> PyResult<Py<PyAny>> {
            defaults!($($param)?);
            function(py, $make, stringify!($name), input, $other, out, kwargs)
        }
    };
}

oxtorch::binary_op_table!(py_binary_ops);

#[pymethods]
impl PyTensor {
    /// The table's comparison operators (`==`, `!=`, `<`, `<=`, `>`, `>=`), which Python reaches through one slot.
    fn __richcmp__(
        slf: &Bound<'_, Self>,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        op: pyo3::pyclass::CompareOp,
    ) -> PyResult<Py<PyAny>> {
        use pyo3::pyclass::CompareOp::*;
        let name = match op {
            Eq => "__eq__",
            Ne => "__ne__",
            Lt => "__lt__",
            Le => "__le__",
            Gt => "__gt__",
            Ge => "__ge__",
        };
        match comparison(name) {
            Some(op) => dunder(py, op, slf, other, Order::Compare),
            None => Ok(py.NotImplemented()),
        }
    }
}

/// The Python surface of the unary table: methods, in-place methods (and `torch.<name>_` functions), operators,
/// functions with `out=`, aliases.
macro_rules! py_unary_ops {
    // one method `self.<pyname>()`, called as `form`
    (@method $pyname:ident $op:ident $form:ident $doc:expr) => {
        #[pymethods]
        impl PyTensor {
            #[doc = $doc]
            // the arguments only for PyTorch's message when there are some; the signature Python shows has none
            #[pyo3(signature = (*args, **kwargs), text_signature = "($self)")]
            fn $pyname(
                slf: &Bound<'_, Self>,
                py: Python<'_>,
                args: &Bound<'_, PyTuple>,
                kwargs: Option<&Bound<'_, PyDict>>,
            ) -> PyResult<Py<PyAny>> {
                let parameters = unary_arguments::method(UnaryOp::$op, stringify!($pyname), args, kwargs)?;
                unary(py, UnaryOp::$op, stringify!($pyname), slf.as_any(), Form::$form, None, parameters)
            }
        }
    };
    // `~self`: PyTorch's operator check first (integer and bool tensors only), then `bitwise_not`
    (@operator __invert__ $op:ident) => {
        #[pymethods]
        impl PyTensor {
            /// The `__invert__` operator (`~self`).
            fn __invert__(slf: &Bound<'_, Self>, py: Python<'_>) -> PyResult<Py<PyAny>> {
                oxtorch::tensor::operators::check_invert(slf.borrow().any().dtype()).py()?;
                unary(py, UnaryOp::$op, "__invert__", slf.as_any(), Form::Method, None, UnaryParameters::Default)
            }
        }
    };
    // one operator `op self`
    (@operator $dunder:ident $op:ident) => {
        #[pymethods]
        impl PyTensor {
            #[doc = concat!("The `", stringify!($dunder), "` operator.")]
            fn $dunder(slf: &Bound<'_, Self>, py: Python<'_>) -> PyResult<Py<PyAny>> {
                unary(py, UnaryOp::$op, stringify!($dunder), slf.as_any(), Form::Method, None, UnaryParameters::Default)
            }
        }
    };
    // one function `torch.<pyname>(input, *, out=None)`, or `torch.<pyname>_(input)` in place; PyTorch's name for
    // it is `$name` (`special_expit` for `torch.special.expit`)
    (@function $pyname:ident $op:ident $form:ident $doc:expr) => {
        py_unary_ops!(@function $pyname $op $form $doc, stringify!($pyname), false);
    };
    (@function $pyname:ident $op:ident $form:ident $doc:expr, $name:expr, $special:expr) => {
        #[doc = $doc]
        #[pyfunction]
        #[pyo3(signature = (*args, **kwargs))]
        pub fn $pyname(
            py: Python<'_>,
            args: &Bound<'_, PyTuple>,
            kwargs: Option<&Bound<'_, PyDict>>,
        ) -> PyResult<Py<PyAny>> {
            let takes_out = Form::$form == Form::Function && UnaryOp::$op.info().kind.has_out();
            let (input, out, parameters) =
                unary_arguments::function(UnaryOp::$op, $name, $special, args, kwargs, takes_out)?;
            unary(py, UnaryOp::$op, $name, &input, Form::$form, out.as_ref(), parameters)
        }
    };
    // the `torch.<name>_` function of an in-place method, unless PyTorch has only the method
    (@inplace_function $pyname:ident $op:ident) => {
        py_unary_ops!(@function $pyname $op InPlace concat!("`torch.", stringify!($pyname), "(input)`: in place."));
    };
    (@inplace_function $pyname:ident $op:ident method) => {};
    (@register $m:ident $pyname:ident) => {
        $m.add_function(wrap_pyfunction!($pyname, $m)?)?;
    };
    (@register $m:ident $pyname:ident method) => {};
    ($(
        $(#[doc = $doc:literal])*
        $name:ident {
            op: $op:ident, info: $info:tt,
            inplace: [$($inplace:ident $($inplace_only:ident)?)?], dunders: [$($dunder:ident),*],
            aliases: [$(($alias:ident, $alias_inplace:ident $($alias_only:ident)?)),*]
            $(, special: [$($special:ident),*])?
        }
    )*) => {
        /// The table's `torch.special.<name>` functions (the module `oxtorch.special`).
        mod special_functions {
            use super::*;
            $($($(
                py_unary_ops!(
                    @function $special $op Function
                    concat!("`torch.special.", stringify!($special), "`: `", stringify!($name), "`."),
                    concat!("special_", stringify!($special)), true
                );
            )*)?)*

            /// Registers every `torch.special` function of the table on `m`.
            pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
                $($($(m.add_function(wrap_pyfunction!($special, m)?)?;)*)?)*
                Ok(())
            }
        }

        $(
            py_unary_ops!(@method $name $op Method concat!($($doc, "\n",)*));
            $(py_unary_ops!(@method $inplace $op InPlace concat!("`self.", stringify!($inplace), "()`, returning `self`."));)?
            $(
                py_unary_ops!(@method $alias $op Method concat!("`self.", stringify!($alias), "()`: `", stringify!($name), "`."));
                py_unary_ops!(@method $alias_inplace $op InPlace concat!("`self.", stringify!($alias_inplace), "()`, returning `self`."));
            )*
            $(py_unary_ops!(@operator $dunder $op);)*
        )*

        /// The table's `torch.<name>` functions.
        mod unary_functions {
            use super::*;
            $(
                py_unary_ops!(@function $name $op Function concat!($($doc, "\n",)*));
                $(py_unary_ops!(@inplace_function $inplace $op $($inplace_only)?);)?
                $(
                    py_unary_ops!(@function $alias $op Function concat!("`torch.", stringify!($alias), "`: `", stringify!($name), "`."));
                    py_unary_ops!(@inplace_function $alias_inplace $op $($alias_only)?);
                )*
            )*

            /// Registers every function of the table.
            pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
                $(
                    m.add_function(wrap_pyfunction!($name, m)?)?;
                    $(py_unary_ops!(@register m $inplace $($inplace_only)?);)?
                    $(
                        m.add_function(wrap_pyfunction!($alias, m)?)?;
                        py_unary_ops!(@register m $alias_inplace $($alias_only)?);
                    )*
                )*
                Ok(())
            }
        }
    };
}

oxtorch::unary_op_table!(py_unary_ops);

#[pymethods]
impl PyTensor {
    /// `hash(t)`: the object's identity, as PyTorch's (defining `__eq__` elementwise would otherwise make tensors
    /// unhashable).
    fn __hash__(slf: &Bound<'_, Self>) -> isize {
        slf.as_ptr() as isize
    }
}

extern "C" {
    /// CPython's `instancemethod` constructor (`Objects/classobject.c`, in the full C API; `pyo3-ffi` does not
    /// declare it): a descriptor that binds any callable to the instance it is read from, as a function does.
    fn PyInstanceMethod_New(callable: *mut pyo3::ffi::PyObject) -> *mut pyo3::ffi::PyObject;
}

/// Installs the explicit-call forms of the reflected operators that PyTorch computes as `self op other`
/// (`a.__radd__(b)` is `a.add(b)`): plain methods in the type's dictionary, beside its number slots.
///
/// Python calls the number slot for `b + a`, whose wrapper (`Tensor.__radd__` as CPython makes it from the slot)
/// swaps the operands back: `b.__add__(a)`, whose output strides follow `b`. Assigning `Tensor.__radd__` from
/// Python would fix the explicit call but makes CPython replace the type's `nb_add` slot with its generic
/// dispatcher, which looks both names up on every `+` (0.54 us to 0.72 us for a one-element add). Writing the
/// dictionary entry directly keeps the slot, as a method defined with `METH_COEXIST` would.
fn install_reflected_methods(py: Python<'_>) -> PyResult<()> {
    let ty = py.get_type::<PyTensor>();
    for &name in REFLECTED_OPERATORS {
        let Some(op) = reflected(name) else { continue };
        let method = pyo3::types::PyCFunction::new_closure(
            py,
            None,
            None,
            move |args: &Bound<'_, pyo3::types::PyTuple>, _: Option<&Bound<'_, PyDict>>| -> PyResult<Py<PyAny>> {
                let (slf, other): (Bound<'_, PyTensor>, Bound<'_, PyAny>) = args.extract()?;
                match other.extract::<OperatorArg>() {
                    Ok(other) => operator(args.py(), op, &slf, other.0?, Order::Reflected),
                    // like the number slot: neither a tensor nor a number
                    Err(_) => Ok(args.py().NotImplemented()),
                }
            },
        )?;
        let key = pyo3::types::PyString::new(py, name);
        // SAFETY: the GIL is held (`py`). `PyInstanceMethod_New` takes a borrowed callable and returns a new
        // reference or NULL with an exception set, which `from_owned_ptr_or_err` turns into an error. `ty` is
        // oxtorch's own heap type, initialized by `get_type`, whose `tp_dict` is its live attribute dictionary
        // (not NULL for a ready heap type, and not the per-interpreter storage CPython 3.12 keeps only for static
        // builtin types). `PyDict_SetItem` borrows its key and value and adds its own references; a negative
        // result has set an exception. `PyType_Modified` then invalidates the attribute cache for this type.
        unsafe {
            let bound = PyInstanceMethod_New(method.as_ptr());
            let bound = Bound::from_owned_ptr_or_err(py, bound)?;
            let type_ptr = ty.as_type_ptr();
            if pyo3::ffi::PyDict_SetItem((*type_ptr).tp_dict, key.as_ptr(), bound.as_ptr()) < 0 {
                return Err(PyErr::fetch(py));
            }
            pyo3::ffi::PyType_Modified(type_ptr);
        }
    }
    Ok(())
}

/// Registers the tables' functions on the module (and their `torch.special` functions on its submodule
/// `special`), and the explicit-call reflected operators on `Tensor`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    install_reflected_methods(m.py())?;
    binary_functions::register(m)?;
    unary_functions::register(m)?;
    let special = PyModule::new(m.py(), "special")?;
    special_functions::register(&special)?;
    m.add_submodule(&special)
}
