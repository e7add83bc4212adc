//! The op tables' Python surface, generated from `oxtorch::binary_op_table!` and `oxtorch::unary_op_table!`: for
//! every row the `Tensor` method, its in-place method, the `torch.<name>` function with `out=`, the aliases and
//! the operators (`__add__`, `__radd__`, `__iadd__`, `__eq__` ...). Every one of them converts its Python arguments
//! and makes one call into the core (`oxtorch::dispatch`), which holds every rule: this file decides nothing but
//! what Python itself decides (an operator returns `NotImplemented` where PyTorch's returns it, so that Python
//! tries the other operand or falls back to identity).

use crate::args;
use crate::errors::ResultExt;
use crate::value::PyTensor;
use oxtorch::dispatch::{self, AnyOperand, AnyOutput, AnyTensor};
use oxtorch::op::parser::{self, ArgKind, Form};
use oxtorch::op::{BinaryOp, RoundingMode, UnaryOp};
use oxtorch::{Operand, Scalar};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

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

    fn operand(&self) -> PyResult<&AnyOperand> {
        match self {
            Arg::Operand(o) => Ok(o),
            Arg::Other(name) => Err(PyTypeError::new_err(format!("expected a Tensor or a number, got {name}"))),
            Arg::Unconvertible(_, e) => Python::attach(|py| Err(e.clone_ref(py))),
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

/// A strided operand, when the operand is one (or a number): the work the interpreter lock can be released for.
fn strided(o: &AnyOperand) -> Option<Operand> {
    match o {
        AnyOperand::Tensor(AnyTensor::Strided(t)) => Some(Operand::Tensor(t.clone())),
        AnyOperand::Scalar(s) => Some(Operand::Scalar(*s)),
        _ => None,
    }
}

/// Whether a strided operation is large enough to release the interpreter lock, on storages Python cannot also
/// be writing to (see the shared-storage protocol in `oxtorch::storage`).
fn releases_lock(operands: &[&Operand]) -> bool {
    let tensors = operands.iter().filter_map(|o| o.tensor());
    let (mut numel, mut shared) = (0, false);
    for t in tensors {
        numel += t.numel();
        shared |= t.storage().is_foreign_visible();
    }
    numel > RELEASE_GIL_ABOVE && !shared
}

/// `op(lhs, rhs)` called as `form` under `name`: the parser's checks on the arguments' kinds, then the core.
pub fn binary(
    py: Python<'_>,
    op: BinaryOp,
    name: &str,
    form: Form,
    lhs: &Arg,
    rhs: &Arg,
    output: AnyOutput<'_>,
) -> PyResult<AnyTensor> {
    parser::check_binary_kinds(op, name, form, lhs.kind(), rhs.kind()).py()?;
    let (l, r) = (lhs.operand()?, rhs.operand()?);
    if let (Some(sl), Some(sr), false) = (strided(l), strided(r), matches!(output, AnyOutput::Out(_))) {
        if releases_lock(&[&sl, &sr]) {
            let in_place = matches!(output, AnyOutput::InPlace);
            let result = py.detach(move || {
                let output = if in_place { AnyOutput::InPlace } else { AnyOutput::New };
                dispatch::binary(op, &AnyOperand::from(sl), &AnyOperand::from(sr), output)?.into_strided()
            });
            return result.map(AnyTensor::Strided).py();
        }
    }
    dispatch::binary(op, l, r, output).py()
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

/// `torch.<name>(input, other, out=out)`: the result into a new tensor, or into `out`, which keeps whatever the
/// core did to it (a resize stays even when the operation then fails, as in PyTorch).
pub fn function(
    py: Python<'_>,
    op: BinaryOp,
    name: &str,
    input: &Bound<'_, PyAny>,
    other: &Bound<'_, PyAny>,
    out: Option<&Bound<'_, PyAny>>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyAny>> {
    let (lhs, rhs) = (Arg::read(input)?, Arg::read(other)?);
    no_other_keywords(op, name, Form::Function, &[&lhs, &rhs], kwargs)?;
    let Some(out) = out else {
        let r = binary(py, op, name, Form::Function, &lhs, &rhs, AnyOutput::New)?;
        return Ok(Py::new(py, PyTensor::from_any(r))?.into_any());
    };
    let Ok(out) = out.cast::<PyTensor>() else {
        let type_name = out.get_type().name()?.to_string();
        return Err(parser::out_error(op, name, lhs.kind(), rhs.kind(), ArgKind::Other(&type_name))).py();
    };
    let mut slot = out.borrow().any();
    let result = binary(py, op, name, Form::Function, &lhs, &rhs, AnyOutput::Out(&mut slot));
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
    other: &Bound<'_, PyAny>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<PyTensor> {
    let (me, other) = (Arg::Operand(AnyOperand::Tensor(slf.borrow().any())), Arg::read(other)?);
    no_other_keywords(op, name, Form::Method, &[&other], kwargs)?;
    binary(py, op, name, Form::Method, &me, &other, AnyOutput::New).map(PyTensor::from_any)
}

/// `self.<name>_(other)`: the result replaces a sparse `self` (strided and global tensors are written through).
pub fn in_place(
    py: Python<'_>,
    op: BinaryOp,
    name: &str,
    slf: &Bound<'_, PyTensor>,
    other: &Bound<'_, PyAny>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyTensor>> {
    let (me, other) = (Arg::Operand(AnyOperand::Tensor(slf.borrow().any())), Arg::read(other)?);
    no_other_keywords(op, name, Form::InPlace, &[&other], kwargs)?;
    let result = binary(py, op, name, Form::InPlace, &me, &other, AnyOutput::InPlace)?;
    slf.borrow_mut().replace(result);
    Ok(slf.clone().unbind())
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
            binary(py, op, name, Form::Method, &me, &Arg::Operand(other), AnyOutput::New)
        }
        Order::Swapped => binary(py, op, name, Form::Function, &Arg::Operand(other), &me, AnyOutput::New),
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
    let result = binary(py, op, op.info().name, Form::InPlace, &me, &Arg::Operand(other), AnyOutput::InPlace)?;
    slf.borrow_mut().replace(result);
    Ok(())
}

/// `op(x)` into a new tensor, into `x` (in place) or into `out=`.
pub fn unary(
    py: Python<'_>,
    op: UnaryOp,
    x: &Bound<'_, PyAny>,
    form: Form,
    out: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    let name = op.name();
    let Ok(input) = x.cast::<PyTensor>() else {
        let kind = Arg::read(x)?;
        return Err(parser::unary_kind_error(name, kind.kind())).py();
    };
    let value = input.borrow().any();
    match (form, out) {
        (Form::InPlace, _) => {
            let r = dispatch::unary(op, &value, AnyOutput::InPlace).py()?;
            input.borrow_mut().replace(r);
            Ok(input.clone().into_any().unbind())
        }
        (_, None) => {
            let r = match value.strided() {
                Some(t) if releases_lock(&[&Operand::from(t)]) => {
                    let t = t.clone();
                    py.detach(move || dispatch::unary(op, &AnyTensor::Strided(t), AnyOutput::New)?.into_strided())
                        .map(AnyTensor::Strided)
                        .py()?
                }
                _ => dispatch::unary(op, &value, AnyOutput::New).py()?,
            };
            Ok(Py::new(py, PyTensor::from_any(r))?.into_any())
        }
        (_, Some(out)) => {
            let Ok(out) = out.cast::<PyTensor>() else {
                let type_name = out.get_type().name()?.to_string();
                return Err(PyTypeError::new_err(format!("{name}(): argument 'out' must be Tensor, not {type_name}")));
            };
            let mut slot = out.borrow().any();
            let result = dispatch::unary(op, &value, AnyOutput::Out(&mut slot));
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
            kernel: $kernel:literal, iter: $iter:ident, scalars: $scalars:ident,
            sparse: $($sparse:ident)::+ $({ $($sparse_field:ident: $sparse_value:expr),* })?, sbp: $sbp:ident,
            check: $check:ident,
            parser: $parser:ident $(($overloads:ident))?, meta: $meta:ident $meta_inplace:ident,
            inplace: $inplace:tt, dunders: [$($dunder:ident $kind:ident),*], idunders: [$($idunder:ident),*],
            aliases: [$(($alias:ident, $alias_inplace:ident, $alias_kind:ident)),*],
            rust: [$($rust:ident)*],
        }
    )*) => {
        $(
            py_binary_ops!(@method $name $name params $params $make);
            py_binary_ops!(@inplace $name $inplace params $params $make);
            $(py_binary_ops!(@method $alias $alias $alias_kind $params $make);)*
            $(py_binary_ops!(@inplace $alias $alias_inplace $alias_kind $params $make);)*
        )*

        /// The reflected operators PyTorch computes as `self op other` (`__radd__`, `__rmul__`), by name. Python
        /// calls them through the type's number slot as `other + self`; the package also installs them as plain
        /// methods ([`REFLECTED_OPERATORS`], `python/oxtorch/__init__.py`), so that an explicit `a.__radd__(b)` is
        /// PyTorch's `a.add(b)`.
        fn reflected(name: &str) -> Option<BinaryOp> {
            $($(
                if stringify!($kind) == "Reflected" && name == stringify!($dunder) {
                    defaults!$params;
                    return Some($make);
                }
            )*)*
            None
        }

        /// The names of the reflected operators (see `reflected`).
        pub const REFLECTED_OPERATORS: &[&str] = &[$($(stringify!($dunder),)*)*];

        #[pymethods]
        impl PyTensor {
            $($(
                #[doc = concat!("The `", stringify!($dunder), "` operator (", stringify!($kind), ").")]
                fn $dunder(slf: &Bound<'_, Self>, py: Python<'_>, other: OperatorArg) -> PyResult<Py<PyAny>> {
                    defaults!$params;
                    operator(py, $make, slf, other.0?, Order::$kind)
                }
            )*)*
            $($(
                #[doc = concat!("The `", stringify!($idunder), "` operator.")]
                fn $idunder(slf: &Bound<'_, Self>, py: Python<'_>, other: OperatorArg) -> PyResult<()> {
                    defaults!$params;
                    in_place_operator(py, $make, slf, other.0?)
                }
            )*)*
        }

        /// The table's `torch.<name>` functions.
        mod binary_functions {
            use super::*;
            $(
                py_binary_ops!(@function $name params $params $make);
                $(py_binary_ops!(@function $alias $alias_kind $params $make);)*
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
    // a method: `self.name(other, *, param=...)`
    (@method $name:ident $pyname:ident params ($param:ident) $make:expr) => {
        #[pymethods]
        impl PyTensor {
            #[doc = concat!("`self.", stringify!($pyname), "(other)`.")]
            #[pyo3(signature = (other, *, $param = Keyword::Missing, **kwargs))]
            fn $pyname(
                slf: &Bound<'_, Self>,
                py: Python<'_>,
                other: &Bound<'_, PyAny>,
                $param: Keyword<'_>,
                kwargs: Option<&Bound<'_, PyDict>>,
            ) -> PyResult<PyTensor> {
                let $param = param!($param, $param, stringify!($pyname));
                method(py, $make, stringify!($pyname), slf, other, kwargs)
            }
        }
    };
    (@method $name:ident $pyname:ident $kind:ident () $make:expr) => {
        #[pymethods]
        impl PyTensor {
            #[doc = concat!("`self.", stringify!($pyname), "(other)`.")]
            #[pyo3(signature = (other, **kwargs))]
            fn $pyname(
                slf: &Bound<'_, Self>,
                py: Python<'_>,
                other: &Bound<'_, PyAny>,
                kwargs: Option<&Bound<'_, PyDict>>,
            ) -> PyResult<PyTensor> {
                method(py, $make, stringify!($pyname), slf, other, kwargs)
            }
        }
    };
    (@method $name:ident $pyname:ident fixed ($param:ident) $make:expr) => {
        #[pymethods]
        impl PyTensor {
            #[doc = concat!("`self.", stringify!($pyname), "(other)`.")]
            #[pyo3(signature = (other, **kwargs))]
            fn $pyname(
                slf: &Bound<'_, Self>,
                py: Python<'_>,
                other: &Bound<'_, PyAny>,
                kwargs: Option<&Bound<'_, PyDict>>,
            ) -> PyResult<PyTensor> {
                let $param = param!(default $param);
                method(py, $make, stringify!($pyname), slf, other, kwargs)
            }
        }
    };
    // an in-place method: `self.name_(other, *, param=...)`, returning self
    (@inplace $name:ident _ $kind:ident ($($param:ident)?) $make:expr) => {};
    (@inplace $name:ident $inplace:ident params ($param:ident) $make:expr) => {
        #[pymethods]
        impl PyTensor {
            #[doc = concat!("`self.", stringify!($inplace), "(other)`, returning `self`.")]
            #[pyo3(signature = (other, *, $param = Keyword::Missing, **kwargs))]
            fn $inplace(
                slf: &Bound<'_, Self>,
                py: Python<'_>,
                other: &Bound<'_, PyAny>,
                $param: Keyword<'_>,
                kwargs: Option<&Bound<'_, PyDict>>,
            ) -> PyResult<Py<PyTensor>> {
                let $param = param!($param, $param, stringify!($inplace));
                in_place(py, $make, stringify!($name), slf, other, kwargs)
            }
        }
    };
    (@inplace $name:ident $inplace:ident $kind:ident () $make:expr) => {
        #[pymethods]
        impl PyTensor {
            #[doc = concat!("`self.", stringify!($inplace), "(other)`, returning `self`.")]
            #[pyo3(signature = (other, **kwargs))]
            fn $inplace(
                slf: &Bound<'_, Self>,
                py: Python<'_>,
                other: &Bound<'_, PyAny>,
                kwargs: Option<&Bound<'_, PyDict>>,
            ) -> PyResult<Py<PyTensor>> {
                in_place(py, $make, stringify!($name), slf, other, kwargs)
            }
        }
    };
    (@inplace $name:ident $inplace:ident fixed ($param:ident) $make:expr) => {
        #[pymethods]
        impl PyTensor {
            #[doc = concat!("`self.", stringify!($inplace), "(other)`, returning `self`.")]
            #[pyo3(signature = (other, **kwargs))]
            fn $inplace(
                slf: &Bound<'_, Self>,
                py: Python<'_>,
                other: &Bound<'_, PyAny>,
                kwargs: Option<&Bound<'_, PyDict>>,
            ) -> PyResult<Py<PyTensor>> {
                let $param = param!(default $param);
                in_place(py, $make, stringify!($name), slf, other, kwargs)
            }
        }
    };
    // a function: `torch.name(input, other, *, param=..., out=None)`
    (@function $name:ident params ($param:ident) $make:expr) => {
        #[doc = concat!("`torch.", stringify!($name), "(input, other, *, ", stringify!($param), ", out=None)`.")]
        #[pyfunction]
        #[pyo3(signature = (input, other, *, $param = Keyword::Missing, out = None, **kwargs))]
        pub fn $name(
            py: Python<'_>,
            input: &Bound<'_, PyAny>,
            other: &Bound<'_, PyAny>,
            $param: Keyword<'_>,
            out: Option<&Bound<'_, PyAny>>,
            kwargs: Option<&Bound<'_, PyDict>>,
        ) -> PyResult<Py<PyAny>> {
            let $param = param!($param, $param, stringify!($name));
            function(py, $make, stringify!($name), input, other, out, kwargs)
        }
    };
    (@function $name:ident $kind:ident () $make:expr) => {
        #[doc = concat!("`torch.", stringify!($name), "(input, other, *, out=None)`.")]
        #[pyfunction]
        #[pyo3(signature = (input, other, *, out = None, **kwargs))]
        pub fn $name(
            py: Python<'_>,
            input: &Bound<'_, PyAny>,
            other: &Bound<'_, PyAny>,
            out: Option<&Bound<'_, PyAny>>,
            kwargs: Option<&Bound<'_, PyDict>>,
        ) -> PyResult<Py<PyAny>> {
            function(py, $make, stringify!($name), input, other, out, kwargs)
        }
    };
    (@function $name:ident fixed ($param:ident) $make:expr) => {
        #[doc = concat!("`torch.", stringify!($name), "(input, other, *, out=None)`.")]
        #[pyfunction]
        #[pyo3(signature = (input, other, *, out = None, **kwargs))]
        pub fn $name(
            py: Python<'_>,
            input: &Bound<'_, PyAny>,
            other: &Bound<'_, PyAny>,
            out: Option<&Bound<'_, PyAny>>,
            kwargs: Option<&Bound<'_, PyDict>>,
        ) -> PyResult<Py<PyAny>> {
            let $param = param!(default $param);
            function(py, $make, stringify!($name), input, other, out, kwargs)
        }
    };
}

oxtorch::binary_op_table!(py_binary_ops);

/// The Python surface of the unary table: method, in-place method, operator, function with `out=`, aliases.
macro_rules! py_unary_ops {
    ($(
        $(#[doc = $doc:literal])*
        $name:ident {
            op: $op:path,
            inplace: $inplace:ident, dunders: [$($dunder:ident),*],
            aliases: [$(($alias:ident, $alias_inplace:ident)),*],
        }
    )*) => {
        $(
            #[pymethods]
            impl PyTensor {
                $(#[doc = $doc])*
                fn $name(slf: &Bound<'_, Self>, py: Python<'_>) -> PyResult<Py<PyAny>> {
                    unary(py, $op, slf.as_any(), Form::Method, None)
                }
                #[doc = concat!("`self.", stringify!($inplace), "()`, returning `self`.")]
                fn $inplace(slf: &Bound<'_, Self>, py: Python<'_>) -> PyResult<Py<PyAny>> {
                    unary(py, $op, slf.as_any(), Form::InPlace, None)
                }
                $(
                    #[doc = concat!("`self.", stringify!($alias), "()`: `", stringify!($name), "`.")]
                    fn $alias(slf: &Bound<'_, Self>, py: Python<'_>) -> PyResult<Py<PyAny>> {
                        unary(py, $op, slf.as_any(), Form::Method, None)
                    }
                    #[doc = concat!("`self.", stringify!($alias_inplace), "()`, returning `self`.")]
                    fn $alias_inplace(slf: &Bound<'_, Self>, py: Python<'_>) -> PyResult<Py<PyAny>> {
                        unary(py, $op, slf.as_any(), Form::InPlace, None)
                    }
                )*
                $(
                    #[doc = concat!("The `", stringify!($dunder), "` operator.")]
                    fn $dunder(slf: &Bound<'_, Self>, py: Python<'_>) -> PyResult<Py<PyAny>> {
                        unary(py, $op, slf.as_any(), Form::Method, None)
                    }
                )*
            }
        )*

        /// The table's `torch.<name>` functions.
        mod unary_functions {
            use super::*;
            $(
                $(#[doc = $doc])*
                #[pyfunction]
                #[pyo3(signature = (input, *, out = None))]
                pub fn $name(
                    py: Python<'_>,
                    input: &Bound<'_, PyAny>,
                    out: Option<&Bound<'_, PyAny>>,
                ) -> PyResult<Py<PyAny>> {
                    unary(py, $op, input, Form::Function, out)
                }
                $(
                    #[doc = concat!("`torch.", stringify!($alias), "`: `", stringify!($name), "`.")]
                    #[pyfunction]
                    #[pyo3(signature = (input, *, out = None))]
                    pub fn $alias(
                        py: Python<'_>,
                        input: &Bound<'_, PyAny>,
                        out: Option<&Bound<'_, PyAny>>,
                    ) -> PyResult<Py<PyAny>> {
                        unary(py, $op, input, Form::Function, out)
                    }
                )*
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
}

oxtorch::unary_op_table!(py_unary_ops);

#[pymethods]
impl PyTensor {
    /// A reflected operator called as a method (`a.__radd__(b)`): `self op other`, as PyTorch computes it.
    /// Like the number slots, an operand that is neither a tensor nor a number gives `NotImplemented`.
    fn _reflected_operator(
        slf: &Bound<'_, Self>,
        py: Python<'_>,
        name: &str,
        other: &Bound<'_, PyAny>,
    ) -> PyResult<Py<PyAny>> {
        let Some(op) = reflected(name) else {
            return Err(PyTypeError::new_err(format!("{name} is not a reflected operator of the op table")));
        };
        match other.extract::<OperatorArg>() {
            Ok(other) => operator(py, op, slf, other.0?, Order::Reflected),
            Err(_) => Ok(py.NotImplemented()),
        }
    }

    /// `hash(t)`: the object's identity, as PyTorch's (defining `__eq__` elementwise would otherwise make tensors
    /// unhashable).
    fn __hash__(slf: &Bound<'_, Self>) -> isize {
        slf.as_ptr() as isize
    }
}

/// Registers the tables' functions on the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let reflected: Vec<&str> = REFLECTED_OPERATORS.iter().copied().filter(|n| reflected(n).is_some()).collect();
    // an attribute, not in `__all__`: the package reads it, `from oxtorch import *` does not
    m.setattr("_REFLECTED_OPERATORS", pyo3::types::PyTuple::new(m.py(), reflected)?)?;
    binary_functions::register(m)?;
    unary_functions::register(m)
}
