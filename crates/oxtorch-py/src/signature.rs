//! PyTorch's Python argument parser (`torch/csrc/utils/python_arg_parser.cpp`, and `invalid_arguments.cpp` for the
//! message of a call that no signature accepts), for the signatures of the view and split operations: which
//! signature a call matches, the values it binds, their conversion, and the `TypeError`s, worded as PyTorch words
//! them (its quirks included: the "1 required positional arguments" plural, the trailing `", "` of a call with
//! keywords only, a parameter with a default never "matching" in the list of signatures, and the keywords listed in
//! the order of libstdc++'s `std::unordered_map`, which PyTorch collects them in).
//!
//! A signature is written as PyTorch's Python signatures are, without the function name: `"Tensor input, SymInt[]
//! indices, int dim=0"`, `*` before keyword-only parameters, `?` after a type that takes None. Types: `Tensor`,
//! `int` (an int, a NumPy integer or a 0-dim integer tensor), `SymInt` (also anything with `__index__`, and a
//! one-element integer tensor), `int[]` / `SymInt[]` (a tuple or list whose first element is a `SymInt`; varargs
//! when it is the only positional parameter), `MemoryFormat`, and those of the factories and conversions: `Number`
//! (a Python or NumPy number, or a zero-dim tensor), `bool`, `ScalarType` / `torch.dtype`, `Device` /
//! `torch.device`, `Layout` / `torch.layout`. A default is written `name=default` or `name = default`.

use crate::args::{is_number, python_scalar_type};
use crate::attributes::{PyDType, PyLayout, PyMemoryFormat};
use crate::device::PyDevice;
use crate::value::PyTensor;
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyDict, PyInt, PyList, PyTuple};

/// The kind of a parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Tensor,
    Number,
    Bool,
    Int,
    Float,
    SymInt,
    IntList,
    /// `int[1]`: a tuple or list of ints, or one int (PyTorch's `IntArrayRef` of size 1: `dim` of `sum`).
    IntListOrInt,
    /// `TensorList`: a tuple or list of tensors (`out=` of `max(dim)`).
    TensorList,
    Dtype,
    Device,
    Layout,
    MemoryFormat,
}

impl Kind {
    fn parse(name: &str) -> Kind {
        match name {
            "Tensor" => Kind::Tensor,
            "Number" | "Scalar" => Kind::Number,
            "bool" => Kind::Bool,
            "int" => Kind::Int,
            "float" | "double" => Kind::Float,
            "SymInt" => Kind::SymInt,
            "int[]" | "SymInt[]" => Kind::IntList,
            "int[1]" => Kind::IntListOrInt,
            "TensorList" | "TensorList[2]" => Kind::TensorList,
            "ScalarType" | "torch.dtype" => Kind::Dtype,
            "Device" | "torch.device" => Kind::Device,
            "Layout" | "torch.layout" => Kind::Layout,
            "MemoryFormat" | "torch.memory_format" => Kind::MemoryFormat,
            other => panic!("unknown parameter type {other}"),
        }
    }

    /// The name PyTorch's messages give the type.
    fn name(self) -> &'static str {
        match self {
            Kind::Tensor => "Tensor",
            Kind::Number => "Number",
            Kind::Bool => "bool",
            Kind::Int | Kind::SymInt => "int",
            Kind::Float => "float",
            Kind::IntList | Kind::IntListOrInt => "tuple of ints",
            Kind::TensorList => "tuple of Tensors",
            Kind::Dtype => "oxtorch.dtype",
            Kind::Device => "oxtorch.device",
            Kind::Layout => "oxtorch.layout",
            Kind::MemoryFormat => "oxtorch.memory_format",
        }
    }
}

/// The numpy names PyTorch's parser also takes for a parameter (`numpy_compatibility_arg_names`): `axis` for
/// `dim`, `keepdims` for `keepdim`, `x`, `a` and `x1` for `input`, `x2` for `other`.
fn numpy_names(name: &str) -> &'static [&'static str] {
    match name {
        "dim" => &["axis"],
        "keepdim" => &["keepdims"],
        "input" => &["x", "a", "x1"],
        "other" => &["x2"],
        _ => &[],
    }
}

/// One parameter of a signature.
#[derive(Debug)]
struct Param {
    kind: Kind,
    name: String,
    /// The default, as written (`0`, `-1`, `None`); a parameter with one is optional.
    default: Option<String>,
    allow_none: bool,
    keyword_only: bool,
}

impl Param {
    fn optional(&self) -> bool {
        self.default.is_some()
    }
}

/// One signature of a function or method (PyTorch's `FunctionSignature`).
#[derive(Debug)]
pub struct Signature {
    name: &'static str,
    params: Vec<Param>,
    min_args: usize,
    max_pos_args: usize,
    /// A `Tensor` parameter takes a Python number too (PyTorch's `should_allow_numbers_as_tensors`).
    numbers_as_tensors: bool,
    /// A deprecated signature (`|deprecated`): it binds, but no message lists it.
    hidden: bool,
}

/// The values a call binds to a signature's parameters (None: not given, or None for a parameter taking None).
type Values<'py> = Vec<Option<Bound<'py, PyAny>>>;

impl Signature {
    fn new(name: &'static str, text: &str) -> Signature {
        let mut params = Vec::new();
        let mut keyword_only = false;
        for item in text.split(", ").filter(|s| !s.is_empty()) {
            if item == "*" {
                keyword_only = true;
                continue;
            }
            let (ty, rest) = item.split_once(' ').unwrap_or_else(|| panic!("bad parameter {item:?}"));
            let (name, default) = match rest.split_once('=') {
                Some((n, d)) => (n.trim(), Some(d.trim().to_owned())),
                None => (rest, None),
            };
            let (ty, nullable) = match ty.strip_suffix('?') {
                Some(t) => (t, true),
                None => (ty, false),
            };
            let allow_none = nullable || default.as_deref() == Some("None");
            params.push(Param { kind: Kind::parse(ty), name: name.to_owned(), default, allow_none, keyword_only });
        }
        let min_args = params.iter().filter(|p| !p.optional()).count();
        let max_pos_args = params.iter().filter(|p| !p.keyword_only).count();
        Signature { name, params, min_args, max_pos_args, numbers_as_tensors: false, hidden: false }
    }

    /// PyTorch's `FunctionSignature::toString`: `(Tensor input, int dim = 0)`.
    fn display(&self) -> String {
        let mut parts = Vec::new();
        let mut keyword_seen = false;
        for p in &self.params {
            let mut s = String::new();
            if p.keyword_only && !keyword_seen {
                s.push_str("*, ");
                keyword_seen = true;
            }
            s.push_str(p.kind.name());
            s.push(' ');
            s.push_str(&p.name);
            if let Some(d) = &p.default {
                s.push_str(" = ");
                s.push_str(d);
            }
            parts.push(s);
        }
        format!("({})", parts.join(", "))
    }

    /// PyTorch's `FunctionSignature::parse`: the values bound, or None when the call does not match (with `raise`,
    /// the `TypeError` saying why instead).
    fn bind<'py>(
        &self,
        args: &Bound<'py, PyTuple>,
        kwargs: Option<&Bound<'py, PyDict>>,
        raise: bool,
    ) -> PyResult<Option<Values<'py>>> {
        let nargs = args.len();
        let mut remaining_kwargs = kwargs.map_or(0, |k| k.len());
        let allow_varargs = self.max_pos_args == 1 && self.params.first().is_some_and(|p| p.kind == Kind::IntList);
        if nargs > self.max_pos_args && !allow_varargs {
            return if raise { Err(self.extra_args(nargs)) } else { Ok(None) };
        }
        let mut values = Vec::with_capacity(self.params.len());
        let mut arg_pos = 0;
        for (i, param) in self.params.iter().enumerate() {
            let mut is_kwd = false;
            let obj = if arg_pos < nargs {
                if param.keyword_only {
                    return if raise { Err(self.extra_args(nargs)) } else { Ok(None) };
                }
                Some(args.get_item(arg_pos)?)
            } else if let Some(k) = kwargs {
                is_kwd = true;
                match k.get_item(&param.name)? {
                    Some(o) => Some(o),
                    None => numpy_names(&param.name).iter().find_map(|alias| k.get_item(alias).ok().flatten()),
                }
            } else {
                None
            };
            let mut failed_idx = None;
            let varargs_eligible = allow_varargs && arg_pos == 0 && !is_kwd;
            match &obj {
                None if param.optional() => values.push(None),
                Some(o) if o.is_none() && param.allow_none => values.push(None),
                None => return if raise { Err(self.missing_args(i)) } else { Ok(None) },
                Some(o) if check(param.kind, o, self.numbers_as_tensors, &mut failed_idx)? => {
                    values.push(Some(o.clone()))
                }
                Some(_) if varargs_eligible && is_int_list(args.as_any(), &mut failed_idx)? => {
                    // take all positional arguments as this parameter: permute(1, 2, 3) is permute((1, 2, 3))
                    values.push(Some(args.clone().into_any()));
                    arg_pos = nargs;
                    continue;
                }
                Some(o) if raise => {
                    let (name, kind) = (self.name, param.kind.name());
                    if is_kwd {
                        return Err(PyTypeError::new_err(format!(
                            "{name}(): argument '{}' must be {kind}, not {}",
                            param.name,
                            crate::value::type_name(o)
                        )));
                    }
                    if param.kind == Kind::TensorList && (o.is_instance_of::<PyTuple>() || o.is_instance_of::<PyList>())
                    {
                        // PyTorch's `is_tensor_list_and_append_overloaded`, raising: the first element that is not
                        // a tensor, counted from 0 in the parameter counted from 0
                        if let Some((idx, item)) =
                            o.try_iter()?.flatten().enumerate().find(|(_, x)| !x.is_instance_of::<PyTensor>())
                        {
                            return Err(PyTypeError::new_err(format!(
                                "expected Tensor as element {idx} in argument {i}, but got {}",
                                crate::value::type_name(&item)
                            )));
                        }
                    }
                    if let Some(idx) = failed_idx {
                        let seq = if o.is_instance_of::<PyTuple>() || o.is_instance_of::<PyList>() {
                            o.clone()
                        } else {
                            args.clone().into_any()
                        };
                        return Err(PyTypeError::new_err(format!(
                            "{name}(): argument '{}' (position {}) must be {kind}, but found element of type {} at pos {idx}",
                            param.name,
                            arg_pos + 1,
                            crate::value::type_name(&seq.get_item(idx)?)
                        )));
                    }
                    return Err(PyTypeError::new_err(format!(
                        "{name}(): argument '{}' (position {}) must be {kind}, not {}",
                        param.name,
                        arg_pos + 1,
                        crate::value::type_name(o)
                    )));
                }
                Some(_) => return Ok(None),
            }
            if !is_kwd {
                arg_pos += 1;
            } else if obj.is_some() {
                remaining_kwargs -= 1;
            }
        }
        if remaining_kwargs > 0 {
            return if raise { Err(self.extra_kwargs(kwargs, nargs)?) } else { Ok(None) };
        }
        Ok(Some(values))
    }

    /// `foo() takes 2 positional arguments but 3 were given`.
    fn extra_args(&self, nargs: usize) -> PyErr {
        let (name, max) = (self.name, self.max_pos_args);
        if self.min_args != max {
            return PyTypeError::new_err(format!(
                "{name}() takes from {} to {max} positional arguments but {nargs} were given",
                self.min_args
            ));
        }
        PyTypeError::new_err(format!(
            "{name}() takes {max} positional argument{} but {nargs} {} given",
            if max == 1 { "" } else { "s" },
            if nargs == 1 { "was" } else { "were" }
        ))
    }

    /// `foo() missing 1 required positional arguments: "b"` (every required parameter from `from` on is named,
    /// given by keyword or not; PyTorch's plural is the other way round).
    fn missing_args(&self, from: usize) -> PyErr {
        let names: Vec<String> =
            self.params[from..].iter().filter(|p| !p.optional()).map(|p| format!("\"{}\"", p.name)).collect();
        PyTypeError::new_err(format!(
            "{}() missing {} required positional argument{}: {}",
            self.name,
            names.len(),
            if names.len() == 1 { "s" } else { "" },
            names.join(", ")
        ))
    }

    /// `foo() got an unexpected keyword argument 'b'` / `got multiple values for argument 'b'`.
    fn extra_kwargs(&self, kwargs: Option<&Bound<'_, PyDict>>, nargs: usize) -> PyResult<PyErr> {
        for (key, _) in kwargs.into_iter().flat_map(|k| k.iter()) {
            let Ok(key) = key.extract::<String>() else {
                return Ok(PyTypeError::new_err("keywords must be strings"));
            };
            match self.params.iter().position(|p| p.name == key || numpy_names(&p.name).contains(&key.as_str())) {
                None => {
                    return Ok(PyTypeError::new_err(format!(
                        "{}() got an unexpected keyword argument '{key}'",
                        self.name
                    )))
                }
                Some(i) if i < nargs => {
                    return Ok(PyTypeError::new_err(format!(
                        "{}() got multiple values for argument '{key}'",
                        self.name
                    )))
                }
                Some(_) => {}
            }
        }
        Ok(PyTypeError::new_err("invalid keyword arguments"))
    }
}

/// How an operation is called: `torch.<name>(input, ...)` or `input.<name>(...)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// The `torch.` function: `Tensor input` comes first.
    Function,
    /// The method: the tensor is `self`, outside the signature.
    Method,
}

/// The signatures of one function or method (PyTorch's `PythonArgParser`).
#[derive(Debug)]
pub struct Parser {
    name: &'static str,
    signatures: Vec<Signature>,
}

impl Parser {
    /// A parser of `name`'s signatures, written as the method takes them (see the module doc); the function form
    /// takes `Tensor input` first.
    pub fn new(name: &'static str, form: Form, signatures: &[&str]) -> Parser {
        let signatures = signatures
            .iter()
            .map(|s| match (form, s.is_empty()) {
                (Form::Method, _) => Signature::new(name, s),
                (Form::Function, true) => Signature::new(name, "Tensor input"),
                (Form::Function, false) => Signature::new(name, &format!("Tensor input, {s}")),
            })
            .collect();
        Parser { name, signatures }
    }

    /// A parser of signatures written as they are taken (a factory's, a conversion's: no `Tensor input`).
    pub fn plain(name: &'static str, signatures: &[&str]) -> Parser {
        Parser::new(name, Form::Method, signatures)
    }

    /// `Tensor` parameters take Python numbers too (PyTorch's `should_allow_numbers_as_tensors`: `to`, the
    /// comparison and arithmetic functions).
    pub fn numbers_as_tensors(mut self) -> Parser {
        for s in &mut self.signatures {
            s.numbers_as_tensors = true;
        }
        self
    }

    /// Adds deprecated signatures (PyTorch's `|deprecated`, written as in [`Parser::new`]): tried after the others,
    /// never listed in a message. A call that binds one gets [`Parsed::deprecation`].
    pub fn deprecated(mut self, form: Form, signatures: &[&str]) -> Parser {
        for mut signature in Parser::new(self.name, form, signatures).signatures {
            signature.hidden = true;
            self.signatures.push(signature);
        }
        self
    }

    /// The first signature the call matches and its values, or PyTorch's `TypeError`.
    pub fn parse<'a, 'py>(
        &'a self,
        args: &Bound<'py, PyTuple>,
        kwargs: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Parsed<'a, 'py>> {
        if let [only] = &self.signatures[..] {
            let values = only.bind(args, kwargs, true)?.expect("a raising bind binds or fails");
            return Ok(Parsed { overload: 0, signature: only, values });
        }
        for (overload, signature) in self.signatures.iter().enumerate() {
            if let Some(values) = signature.bind(args, kwargs, false)? {
                return Ok(Parsed { overload, signature, values });
            }
        }
        Err(self.no_match(args, kwargs)?)
    }

    /// PyTorch's `print_error`: the one signature taking this many arguments explains, else
    /// `format_invalid_args` lists them all.
    fn no_match(&self, args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<PyErr> {
        let given = args.len() + kwargs.map_or(0, |k| k.len());
        let listed: Vec<&Signature> = self.signatures.iter().filter(|s| !s.hidden).collect();
        let plausible: Vec<&&Signature> =
            listed.iter().filter(|s| given >= s.min_args && given <= s.params.len()).collect();
        if let [only] = &plausible[..] {
            if let Err(e) = only.bind(args, kwargs, true) {
                return Ok(e);
            }
        }
        let keywords = cpp_map_order(kwargs)?;
        let positional: Vec<Bound<'_, PyAny>> = args.iter().collect();
        let mut got: Vec<String> = positional.iter().map(crate::value::type_name).collect();
        got.extend(keywords.iter().map(|(k, v)| format!("{k}={}", crate::value::type_name(v))));
        let got = described(got, positional.is_empty());
        if let [only] = &listed[..] {
            // one signature listed: PyTorch prints it on the first line
            let message = format!(
                "{}() received an invalid combination of arguments - got {got}, but expected {}",
                self.name,
                only.display()
            );
            return Ok(PyTypeError::new_err(message));
        }
        let mut message =
            format!("{}() received an invalid combination of arguments - got {got}, but expected one of:\n", self.name);
        for signature in listed {
            let printed = signature.display();
            message.push_str(&format!(" * {printed}\n"));
            let option = InvalidArgsOption::parse(&printed);
            if option.params.len() != given {
                continue;
            }
            let start = option.params.len().saturating_sub(keywords.len());
            let unmatched: Vec<&str> = keywords
                .iter()
                .filter(|(k, _)| !option.params[start..].iter().any(|(name, _)| name == k))
                .map(|(k, _)| k.as_str())
                .collect();
            if !keywords.is_empty() && !unmatched.is_empty() {
                message.push_str(&format!(
                    "      didn't match because some of the keywords were incorrect: {}\n",
                    unmatched.join(", ")
                ));
                continue;
            }
            let mut items = Vec::new();
            for (i, (name, ty)) in option.params.iter().enumerate() {
                let (arg, keyword) = match positional.get(i) {
                    Some(a) => (a.clone(), false),
                    None => (keywords.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone()).expect("matched"), true),
                };
                let mut item = if keyword { format!("{name}=") } else { String::new() };
                item.push_str(&element_types(&arg)?);
                items.push(if ty.matches(&crate::value::type_name(&arg)) { item } else { format!("!{item}!") });
            }
            message.push_str(&format!(
                "      didn't match because some of the arguments have invalid types: {}\n",
                described(items, positional.is_empty())
            ));
        }
        Ok(PyTypeError::new_err(message))
    }
}

/// `(a, b)`; PyTorch removes the last `", "` only when there were positional arguments.
fn described(items: Vec<String>, keywords_only: bool) -> String {
    if keywords_only {
        format!("({})", items.iter().map(|i| format!("{i}, ")).collect::<String>())
    } else {
        format!("({})", items.join(", "))
    }
}

/// A tuple or list argument as `invalid_arguments.cpp` describes it: `tuple of (int, float)`, `list of [int]`.
fn element_types(arg: &Bound<'_, PyAny>) -> PyResult<String> {
    let (open, close) = if arg.is_instance_of::<PyTuple>() {
        ("(", if arg.len()? == 1 { ",)" } else { ")" })
    } else if arg.is_instance_of::<PyList>() {
        ("[", "]")
    } else {
        return Ok(crate::value::type_name(arg));
    };
    let items = arg.try_iter()?.map(|i| i.map(|i| crate::value::type_name(&i))).collect::<PyResult<Vec<_>>>()?;
    Ok(format!("{} of {open}{}{close}", crate::value::type_name(arg), items.join(", ")))
}

/// A signature as `invalid_arguments.cpp` re-reads it from its printed form: every `", "`-separated piece is a
/// parameter whose type is what comes before its last space (so `int dim = 0` is a parameter named `0` of type
/// `int dim =`, which nothing matches, and `()` one parameter with an empty name and type).
struct InvalidArgsOption {
    params: Vec<(String, InvalidArgsType)>,
}

/// The types `invalid_arguments.cpp` matches by type name.
enum InvalidArgsType {
    /// `int`: an `int` (or `long`).
    Int,
    /// `float`: a `float`, `int` or `long`.
    Float,
    /// Any other type: exactly that type name.
    Named(String),
}

impl InvalidArgsType {
    fn matches(&self, type_name: &str) -> bool {
        match self {
            InvalidArgsType::Int => matches!(type_name, "int" | "long"),
            InvalidArgsType::Float => matches!(type_name, "float" | "int" | "long"),
            InvalidArgsType::Named(n) => n == type_name,
        }
    }
}

impl InvalidArgsOption {
    fn parse(printed: &str) -> InvalidArgsOption {
        let inner = &printed[1..printed.len() - 1];
        let params = inner
            .split(", ")
            .map(|arg| {
                let (ty, name) = match arg.rfind(' ') {
                    Some(i) => (&arg[..i], &arg[i + 1..]),
                    None => ("", arg),
                };
                let ty = match ty {
                    "int" => InvalidArgsType::Int,
                    "float" => InvalidArgsType::Float,
                    other => InvalidArgsType::Named(other.to_owned()),
                };
                (name.to_owned(), ty)
            })
            .collect();
        InvalidArgsOption { params }
    }
}

/// The keyword arguments in the order PyTorch's `format_invalid_args` lists them: it collects them, in the dict's
/// order, into a `std::unordered_map<std::string, PyObject*>` (see [`unordered_map_order`]).
/// (Also the order of the keywords in the binary table's parser messages, `ops::other_operand`.)
pub(crate) fn cpp_map_order<'py>(kwargs: Option<&Bound<'py, PyDict>>) -> PyResult<Vec<(String, Bound<'py, PyAny>)>> {
    let mut entries = Vec::new();
    for (k, v) in kwargs.into_iter().flat_map(|k| k.iter()) {
        entries.push((k.extract::<String>()?, v));
    }
    let keys: Vec<&str> = entries.iter().map(|(k, _)| k.as_str()).collect();
    let order = unordered_map_order(&keys);
    let mut slots: Vec<Option<(String, Bound<'py, PyAny>)>> = entries.into_iter().map(Some).collect();
    Ok(order.into_iter().filter_map(|n| slots[n].take()).collect())
}

/// The order (indices into `keys`) in which a libstdc++ `std::unordered_map<std::string, ...>`, filled with `keys`
/// in this order, iterates them: the strings hashed with `std::_Hash_bytes` (seed `0xc70f6907`); 13 buckets from
/// the first insertion up to 13 entries, then the prime rehash policy (twice the buckets, the next prime); each new
/// entry put first in its bucket's run, a new bucket's run first in the list, a rehash re-inserting in list order.
fn unordered_map_order(keys: &[&str]) -> Vec<usize> {
    let hashes: Vec<u64> = keys.iter().map(|k| hash_bytes(k.as_bytes(), 0xc70f_6907)).collect();
    let insert = |list: &mut Vec<usize>, node: usize, buckets: u64| {
        let bucket = hashes[node] % buckets;
        match list.iter().position(|&n| hashes[n] % buckets == bucket) {
            Some(first) => list.insert(first, node),
            None => list.insert(0, node),
        }
    };
    let (mut buckets, mut next_resize, mut list) = (1u64, 0u64, Vec::new());
    for node in 0..keys.len() {
        let count = node as u64 + 1;
        if count > next_resize {
            let min_buckets = count.max(if next_resize == 0 { 11 } else { 0 });
            if min_buckets >= buckets {
                const FAST: [u64; 14] = [2, 2, 2, 3, 5, 5, 7, 7, 11, 11, 11, 11, 13, 13];
                let wanted = (min_buckets + 1).max(buckets * 2);
                let new = match FAST.get(wanted as usize) {
                    Some(&b) => b,
                    None => {
                        (wanted..).find(|&p| (2..p).take_while(|d| d * d <= p).all(|d| p % d != 0)).unwrap_or(wanted)
                    }
                };
                for n in std::mem::take(&mut list) {
                    insert(&mut list, n, new);
                }
                (buckets, next_resize) = (new, new);
            } else {
                next_resize = buckets;
            }
        }
        insert(&mut list, node, buckets);
    }
    list
}

/// libstdc++'s `std::_Hash_bytes` (64-bit MurmurHash2), which `std::hash<std::string>` is.
fn hash_bytes(bytes: &[u8], seed: u64) -> u64 {
    const MUL: u64 = (0xc6a4_a793 << 32) + 0x5bd1_e995;
    let shift_mix = |v: u64| v ^ (v >> 47);
    let mut hash = seed ^ (bytes.len() as u64).wrapping_mul(MUL);
    let mut chunks = bytes.chunks_exact(8);
    for chunk in &mut chunks {
        let data = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
        hash ^= shift_mix(data.wrapping_mul(MUL)).wrapping_mul(MUL);
        hash = hash.wrapping_mul(MUL);
    }
    let rest = chunks.remainder();
    if !rest.is_empty() {
        let data = rest.iter().rev().fold(0u64, |acc, &b| (acc << 8) | u64::from(b));
        hash ^= data;
        hash = hash.wrapping_mul(MUL);
    }
    shift_mix(shift_mix(hash).wrapping_mul(MUL))
}

/// PyTorch's `THPUtils_checkLong`: an int that is not a bool, or a NumPy integer.
fn is_long(obj: &Bound<'_, PyAny>) -> PyResult<bool> {
    if obj.is_instance_of::<PyInt>() {
        return Ok(!obj.is_instance_of::<PyBool>());
    }
    static NUMPY_INTEGER: PyOnceLock<Option<Py<PyAny>>> = PyOnceLock::new();
    let integer = NUMPY_INTEGER.get_or_init(obj.py(), || {
        obj.py().import("numpy").and_then(|np| np.getattr("integer")).ok().map(Bound::unbind)
    });
    match integer {
        Some(t) => obj.is_instance(t.bind(obj.py())),
        None => Ok(false),
    }
}

/// PyTorch's `is_int_or_symint`: a one-element integer (or bool) tensor, or an index that is not a bool.
fn is_int_or_symint(obj: &Bound<'_, PyAny>) -> PyResult<bool> {
    if let Ok(t) = obj.cast::<PyTensor>() {
        let t = t.borrow();
        let shaped = t.shaped()?;
        return Ok(shaped.numel() == 1 && shaped.dtype().is_integral(true));
    }
    if obj.is_instance_of::<PyBool>() {
        return Ok(false);
    }
    Ok(is_long(obj)? || obj.call_method0("__index__").is_ok())
}

/// PyTorch's `is_int_or_symint_list` (sizes given as a list): a tuple or list, empty or with a first element
/// that is an int (only the first is looked at); `failed_idx` is 0 when that element is not.
fn is_int_list(obj: &Bound<'_, PyAny>, failed_idx: &mut Option<usize>) -> PyResult<bool> {
    if !(obj.is_instance_of::<PyTuple>() || obj.is_instance_of::<PyList>()) {
        return Ok(false);
    }
    if obj.len()? == 0 || is_int_or_symint(&obj.get_item(0)?)? {
        return Ok(true);
    }
    *failed_idx = Some(0);
    Ok(false)
}

/// Whether `obj` can be the argument of a parameter of `kind` (PyTorch's `FunctionParameter::check`).
fn check(
    kind: Kind,
    obj: &Bound<'_, PyAny>,
    numbers_as_tensors: bool,
    failed_idx: &mut Option<usize>,
) -> PyResult<bool> {
    let zero_dim_tensor = |fits: fn(oxtorch::DType) -> bool| -> PyResult<bool> {
        match obj.cast::<PyTensor>() {
            Ok(t) => {
                let shaped = t.borrow().shaped()?.into_owned();
                Ok(shaped.dim() == 0 && fits(shaped.dtype()))
            }
            Err(_) => Ok(false),
        }
    };
    Ok(match kind {
        Kind::Tensor => obj.is_instance_of::<PyTensor>() || numbers_as_tensors && is_number(obj),
        Kind::Number => is_number(obj) || zero_dim_tensor(|_| true)?,
        Kind::Bool => obj.is_instance_of::<PyBool>(),
        Kind::Int => match obj.cast::<PyTensor>() {
            Ok(_) => zero_dim_tensor(|d| d.is_integral(false))?,
            Err(_) => is_long(obj)?,
        },
        // a Python float or int (bool too), a NumPy real number, a zero-dim tensor
        Kind::Float => {
            obj.is_instance_of::<pyo3::types::PyFloat>()
                || obj.is_instance_of::<PyInt>()
                || (crate::args::is_numpy_scalar(obj)
                    && matches!(crate::args::scalar(obj), Ok(Some(s)) if !matches!(s, oxtorch::Scalar::Complex(_))))
                || zero_dim_tensor(|_| true)?
        }
        Kind::SymInt => is_int_or_symint(obj)?,
        Kind::IntList => is_int_list(obj, failed_idx)?,
        Kind::IntListOrInt => {
            (!obj.is_instance_of::<PyBool>() && !obj.is_instance_of::<PyTensor>() && is_long(obj)?)
                || is_int_list(obj, failed_idx)?
        }
        Kind::TensorList => {
            (obj.is_instance_of::<PyTuple>() || obj.is_instance_of::<PyList>())
                && obj.try_iter()?.all(|item| item.is_ok_and(|i| i.is_instance_of::<PyTensor>()))
        }
        Kind::Dtype => obj.extract::<PyDType>().is_ok() || python_scalar_type(obj).is_some(),
        Kind::Device => {
            obj.is_instance_of::<PyDevice>() || obj.is_instance_of::<pyo3::types::PyString>() || is_long(obj)?
        }
        Kind::Layout => obj.extract::<PyLayout>().is_ok(),
        Kind::MemoryFormat => obj.is_instance_of::<PyMemoryFormat>(),
    })
}

/// PyTorch's `THPUtils_unpackDouble` of a `float` parameter's argument: a Python number's value (an int too large
/// is Python's `OverflowError`), a zero-dim tensor's `item()`.
pub fn unpack_double(obj: &Bound<'_, PyAny>) -> PyResult<f64> {
    match obj.cast::<PyTensor>() {
        Ok(t) => t.call_method0("item")?.extract(),
        Err(_) => obj.extract(),
    }
}

/// PyTorch's `THPUtils_unpackLong` / `THPUtils_unpackIndex`: the value of an int (of `__index__`), a
/// `ValueError` when it does not fit 64 bits.
pub fn unpack_long(obj: &Bound<'_, PyAny>) -> PyResult<i64> {
    let index = if obj.is_instance_of::<PyInt>() { obj.clone() } else { obj.call_method0("__index__")? };
    index.extract::<i64>().map_err(|_| PyValueError::new_err("Overflow when unpacking long long"))
}

/// The value of a one-element integer tensor given as an int (`item<int64_t>()`, which refuses a bool).
fn tensor_item(t: &Bound<'_, PyTensor>) -> PyResult<i64> {
    if t.borrow().shaped()?.dtype() == oxtorch::DType::Bool {
        return Err(PyRuntimeError::new_err(
            "Expected scalar.isIntegral( false) to be true, but got false.  (Could this error message be improved?  If so, please report an enhancement request to PyTorch.)",
        ));
    }
    t.call_method0("item")?.extract()
}

/// A call bound to one signature (PyTorch's `PythonArgs`): the values, converted on request as PyTorch's
/// accessors convert them.
pub struct Parsed<'a, 'py> {
    /// The index of the signature that matched.
    pub overload: usize,
    signature: &'a Signature,
    values: Values<'py>,
}

impl<'py> Parsed<'_, 'py> {
    /// PyTorch's warning for a call that bound a deprecated signature (its first line: `This overload of addcmul
    /// is deprecated:`), naming the signatures to use instead; None for any other call.
    pub fn deprecation(&self, parser: &Parser) -> Option<String> {
        if !self.signature.hidden {
            return None;
        }
        let name = parser.name;
        let mut message = format!("This overload of {name} is deprecated:\n\t{name}{}", self.signature.display());
        message.push_str("\nConsider using one of the following signatures instead:");
        for other in parser.signatures.iter().filter(|s| !s.hidden) {
            message.push_str(&format!("\n\t{name}{}", other.display()));
        }
        Some(message)
    }

    fn param(&self, i: usize) -> &Param {
        &self.signature.params[i]
    }

    /// The argument of the parameter called `name`: None when left out or given `None` (or not in the signature).
    pub fn get(&self, name: &str) -> Option<&Bound<'py, PyAny>> {
        self.signature.params.iter().position(|p| p.name == name).and_then(|i| self.values[i].as_ref())
    }

    /// A `bool` parameter called `name` (False when left out).
    pub fn flag(&self, name: &str) -> PyResult<bool> {
        self.get(name).map_or(Ok(false), |v| v.extract())
    }

    fn default_int(&self, i: usize) -> i64 {
        let default = self.param(i).default.as_deref().expect("an absent argument has a default");
        default.parse().unwrap_or_else(|_| panic!("default {default} of {} is not an int", self.param(i).name))
    }

    /// Argument `i` of a `Tensor` parameter.
    pub fn tensor(&self, i: usize) -> Bound<'py, PyTensor> {
        self.values[i].as_ref().expect("a required tensor").cast::<PyTensor>().expect("checked").clone()
    }

    /// Argument `i` of an `int` or `SymInt` parameter (its default when absent).
    pub fn int(&self, i: usize) -> PyResult<i64> {
        let Some(obj) = &self.values[i] else {
            return Ok(self.default_int(i));
        };
        match obj.cast::<PyTensor>() {
            Ok(t) if self.param(i).kind == Kind::SymInt => tensor_item(t),
            _ => unpack_long(obj),
        }
    }

    /// Argument `i` of an optional `SymInt?` parameter.
    pub fn opt_int(&self, i: usize) -> PyResult<Option<i64>> {
        if self.values[i].is_none() {
            return Ok(None);
        }
        self.int(i).map(Some)
    }

    /// Argument `i` of an `int[]` parameter, unpacked element by element with PyTorch's errors.
    pub fn int_list(&self, i: usize) -> PyResult<Vec<i64>> {
        let obj = self.values[i].as_ref().expect("a required list");
        let failed = |pos: usize, error: &str| {
            PyTypeError::new_err(format!(
                "{}(): argument '{}' failed to unpack the object at pos {} with error \"{error}",
                self.signature.name,
                self.param(i).name,
                pos + 1
            ))
        };
        let mut out = Vec::new();
        for (pos, item) in obj.try_iter()?.enumerate() {
            let item = item?;
            let value = if let Ok(t) = item.cast::<PyTensor>() {
                let shaped = t.borrow().shaped()?.into_owned();
                if shaped.numel() != 1 || !shaped.dtype().is_integral(true) {
                    return Err(failed(pos, "type must be tuple of ints,but got Tensor\""));
                }
                tensor_item(t)?
            } else if item.is_instance_of::<PyBool>() {
                i64::from(item.is_truthy()?)
            } else {
                match unpack_long(&item) {
                    Ok(v) => v,
                    // PyTorch's message goes on with a C++ stack trace, left out here (as in `args.rs`)
                    Err(e) if e.is_instance_of::<PyValueError>(item.py()) => {
                        return Err(failed(pos, "Overflow when unpacking long long"))
                    }
                    Err(_) => {
                        return Err(failed(
                            pos,
                            &format!("type must be tuple of ints,but got {}\"", crate::value::type_name(&item)),
                        ))
                    }
                }
            };
            out.push(value);
        }
        Ok(out)
    }

    /// The argument of an `int[1]?` parameter called `name`: None when left out or None, one int as a list of one.
    pub fn dims(&self, name: &str) -> PyResult<Option<Vec<i64>>> {
        let Some(i) = self.signature.params.iter().position(|p| p.name == name) else {
            return Ok(None);
        };
        match &self.values[i] {
            None => Ok(None),
            Some(obj) if obj.is_instance_of::<PyTuple>() || obj.is_instance_of::<PyList>() => {
                self.int_list(i).map(Some)
            }
            Some(obj) => unpack_long(obj).map(|d| Some(vec![d])),
        }
    }

    /// The arguments after `input`, converted to the plain values the method form takes (ints, tuples of ints,
    /// tensors, None), defaults filled in: the positional ones in order, and the keyword-only ones given.
    pub fn method_arguments(&self) -> PyResult<(Bound<'py, PyTuple>, Bound<'py, PyDict>)> {
        let py = self.tensor(0).py();
        let (mut positional, keywords) = (Vec::new(), PyDict::new(py));
        for (i, param) in self.signature.params.iter().enumerate().skip(1) {
            let value: Bound<'py, PyAny> = match (&self.values[i], param.kind) {
                (None, _) if param.default.as_deref() == Some("None") || param.default.is_none() => {
                    py.None().into_bound(py)
                }
                (None, Kind::Bool) => PyBool::new(py, param.default.as_deref() == Some("True")).to_owned().into_any(),
                (None, _) => self.default_int(i).into_pyobject(py)?.into_any(),
                (Some(_), Kind::Int | Kind::SymInt) => self.int(i)?.into_pyobject(py)?.into_any(),
                (Some(_), Kind::IntList) => PyTuple::new(py, self.int_list(i)?)?.into_any(),
                (Some(v), _) => v.clone(),
            };
            if !param.keyword_only {
                positional.push(value);
            } else if self.values[i].is_some() {
                keywords.set_item(&param.name, value)?;
            }
        }
        Ok((PyTuple::new(py, positional)?, keywords))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keywords_are_listed_in_libstdcxx_unordered_map_order() {
        // the orders PyTorch 2.15's messages show for these calls' keywords
        let order = |keys: &[&str]| -> Vec<String> {
            unordered_map_order(keys).into_iter().map(|i| keys[i].to_owned()).collect()
        };
        assert_eq!(order(&["input", "dim"]), ["dim", "input"]);
        assert_eq!(order(&["input", "foo", "bar"]), ["foo", "bar", "input"]);
        assert_eq!(order(&["input", "dim", "start", "length"]), ["length", "start", "dim", "input"]);
        assert_eq!(order(&["sections", "indices"]), ["indices", "sections"]);
        assert_eq!(order(&["dim", "start", "length", "foo"]), ["foo", "length", "start", "dim"]);
        assert_eq!(order(&[]), Vec::<String>::new());
    }

    #[test]
    fn hash_bytes_is_libstdcxx_murmur() {
        // std::hash<std::string>{}("") and ("a") with libstdc++ on x86-64
        assert_eq!(hash_bytes(b"", 0xc70f_6907), 6142509188972423790);
        assert_eq!(hash_bytes(b"a", 0xc70f_6907), 4993892634952068459);
    }

    #[test]
    fn signatures_print_as_pytorch_prints_them() {
        let s = Signature::new("tensor_split", "Tensor input, SymInt[] indices, int dim=0");
        assert_eq!(s.display(), "(Tensor input, tuple of ints indices, int dim = 0)");
        assert_eq!((s.min_args, s.max_pos_args), (2, 3));
        let clone = Signature::new("clone", "Tensor input, *, MemoryFormat? memory_format=None");
        assert_eq!(clone.display(), "(Tensor input, *, oxtorch.memory_format memory_format = None)");
        assert_eq!(Signature::new("t_", "").display(), "()");
        let option = InvalidArgsOption::parse("(Tensor input, int dim = 0)");
        assert_eq!(option.params.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>(), ["input", "0"]);
    }
}
