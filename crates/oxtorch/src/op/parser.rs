//! PyTorch's Python argument parser, as far as the op table's operations meet it: which kinds of argument each
//! operation takes (a tensor, a number, anything else), and the `TypeError` the parser raises otherwise, worded
//! as PyTorch words it. The Rust API reaches these errors for numbers where an operation takes only tensors
//! (`maximum(t, 2)`); the Python bindings also pass the type names of other objects (`str`, `NoneType`, `list`).

use super::{BinaryOp, Scalars};
use crate::error::Error;

/// How an operation was called, which decides the positions and signatures PyTorch's messages name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// `torch.eq(input, other)`.
    Function,
    /// `input.eq(other)`.
    Method,
    /// `input.eq_(other)`.
    InPlace,
}

/// How PyTorch's parser reports an argument of the wrong kind for an operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Parser {
    /// One visible signature: `add(): argument 'other' (position 2) must be Tensor, not str`.
    Single,
    /// Several signatures, listed in the message: `eq() received an invalid combination of arguments - got
    /// (Tensor, str), but expected one of: ...`.
    Overloads(&'static Overloads),
}

/// The signatures PyTorch lists for an operation with several (function form and method form).
#[derive(Debug, PartialEq, Eq)]
pub struct Overloads {
    /// `torch.<name>(...)`'s signatures.
    pub function: &'static [&'static str],
    /// `tensor.<name>(...)`'s signatures (the in-place method lists the same).
    pub method: &'static [&'static str],
}

/// The signatures of the comparisons (`eq` ... `ge`).
pub const COMPARISON: Overloads = Overloads {
    function: &["Tensor input, Tensor other, *, Tensor out = None", "Tensor input, Number other, *, Tensor out = None"],
    method: &["Tensor other", "Number other"],
};

/// The signatures of `floor_divide`.
pub const FLOOR_DIVIDE: Overloads = Overloads {
    function: &["Tensor input, Tensor other, *, Tensor out = None", "Tensor input, Number other"],
    method: &["Tensor other", "Number other"],
};

/// The signatures of an operation that takes a number on either side but not both (`remainder`, the bitwise
/// operations).
pub const NUMBER_SELF: Overloads = Overloads {
    function: &[
        "Tensor input, Tensor other, *, Tensor out = None",
        "Number self, Tensor other",
        "Tensor input, Number other, *, Tensor out = None",
    ],
    method: &["Tensor other", "Number other"],
};

/// The signatures of `xlogy`, whose number-first overload also takes `out=`.
pub const XLOGY: Overloads = Overloads {
    function: &[
        "Tensor input, Tensor other, *, Tensor out = None",
        "Number self, Tensor other, *, Tensor out = None",
        "Tensor input, Number other, *, Tensor out = None",
    ],
    method: &["Tensor other", "Number other"],
};

/// The signatures of `pow`, whose second parameter is `exponent`.
pub const POW: Overloads = Overloads {
    function: &[
        "Tensor input, Tensor exponent, *, Tensor out = None",
        "Number self, Tensor exponent, *, Tensor out = None",
        "Tensor input, Number exponent, *, Tensor out = None",
    ],
    method: &["Tensor exponent", "Number exponent"],
};

/// The signatures of `float_power` (`pow`'s).
pub const FLOAT_POWER: Overloads = POW;

/// The signatures of an operation that takes a number as its second operand only (`fmod`, `copysign`).
pub const NUMBER_OTHER: Overloads = COMPARISON;

/// What the parser sees of one argument: a tensor, a Python number, or another object (its type's name).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArgKind<'a> {
    /// A tensor of any kind.
    Tensor,
    /// A Python number: `bool`, `int`, `float` or `complex`.
    Number(&'static str),
    /// Anything else, by its Python type name (`str`, `NoneType`, `list`).
    Other(&'a str),
}

impl ArgKind<'_> {
    /// The name PyTorch prints for the argument.
    pub fn name(&self) -> &str {
        match self {
            ArgKind::Tensor => "Tensor",
            ArgKind::Number(n) => n,
            ArgKind::Other(n) => n,
        }
    }
}

/// Checks the kinds of `op`'s two arguments as PyTorch's parser does, called as `form` under `name` (the
/// operation's name or an alias). For a method, `lhs` is the tensor it is called on.
pub fn check_binary_kinds(
    op: BinaryOp,
    name: &str,
    form: Form,
    lhs: ArgKind<'_>,
    rhs: ArgKind<'_>,
) -> Result<(), Error> {
    let info = op.info();
    // a Tensor parameter takes numbers only for the operations PyTorch lists (`should_allow_numbers_as_tensors`)
    let tensor_ok = |k: &ArgKind<'_>| match k {
        ArgKind::Tensor => true,
        ArgKind::Number(_) => info.scalars == Scalars::Both,
        ArgKind::Other(_) => false,
    };
    let rhs_ok = match rhs {
        ArgKind::Number(_) => info.scalars != Scalars::None,
        other => tensor_ok(&other),
    };
    // `Number self, Tensor other`: a number on the left beside a tensor
    let number_self = info.scalars == Scalars::Either && matches!((lhs, rhs), (ArgKind::Number(_), ArgKind::Tensor));
    let lhs_ok = form != Form::Function || tensor_ok(&lhs) || number_self;
    if lhs_ok && rhs_ok {
        return Ok(());
    }
    let name = match form {
        Form::InPlace => format!("{name}_"),
        _ => name.to_string(),
    };
    Err(match info.parser {
        Parser::Single => {
            let (argument, position, kind) = match (form, lhs_ok) {
                (Form::Function, false) => ("input", 1, lhs),
                (Form::Function, true) => (info.other, 2, rhs),
                _ => (info.other, 1, rhs),
            };
            Error::Type(format!(
                "{name}(): argument '{argument}' (position {position}) must be Tensor, not {}",
                kind.name()
            ))
        }
        Parser::Overloads(overloads) => {
            let (args, signatures): (Vec<ArgKind<'_>>, _) = match form {
                Form::Function => (vec![lhs, rhs], overloads.function),
                _ => (vec![rhs], overloads.method),
            };
            invalid_combination(&name, &args, signatures, info.scalars == Scalars::Both)
        }
    })
}

/// `torch.<name>(lhs, rhs, out=t)`: a number on the left matches only the `Number self, Tensor other` overload,
/// which has no `out`, so the parser refuses it (`Scalars::Either`).
pub fn check_out_kinds(op: BinaryOp, name: &str, lhs: ArgKind<'_>, rhs: ArgKind<'_>) -> Result<(), Error> {
    let info = op.info();
    let number_self_takes_out = match info.parser {
        Parser::Overloads(o) => o.function.iter().any(|s| s.starts_with("Number self") && s.contains("out")),
        Parser::Single => false,
    };
    if info.scalars == Scalars::Either && matches!(lhs, ArgKind::Number(_)) && !number_self_takes_out {
        return Err(out_error(op, name, lhs, rhs, ArgKind::Tensor));
    }
    Ok(())
}

/// `torch.<name>(..., out=x)` with an `out` that is not a tensor.
pub fn out_error(op: BinaryOp, name: &str, lhs: ArgKind<'_>, rhs: ArgKind<'_>, out: ArgKind<'_>) -> Error {
    let info = op.info();
    match info.parser {
        // one signature: the parser reaches `out` after the arguments before it
        Parser::Single => match check_binary_kinds(op, name, Form::Function, lhs, rhs) {
            Err(e) => e,
            Ok(()) => Error::Type(format!("{name}(): argument 'out' must be Tensor, not {}", out.name())),
        },
        Parser::Overloads(overloads) => {
            let got = format!("{}, {}, out={}", lhs.name(), rhs.name(), out.name());
            let listed: String = overloads.function.iter().map(|s| format!(" * ({s})\n")).collect();
            Error::Type(format!(
                "{name}() received an invalid combination of arguments - got ({got}), but expected one of:\n{listed}"
            ))
        }
    }
}

/// A keyword argument the operation does not take (`torch.eq(a, b, alpha=2)`): PyTorch's parser lists the
/// signatures of an operation with several, and names the keyword otherwise.
pub fn unexpected_keyword(
    op: BinaryOp,
    name: &str,
    form: Form,
    args: &[ArgKind<'_>],
    keyword: (&str, ArgKind<'_>),
) -> Error {
    let name = match form {
        Form::InPlace => format!("{name}_"),
        _ => name.to_string(),
    };
    match op.info().parser {
        Parser::Single => Error::Type(format!("{name}() got an unexpected keyword argument '{}'", keyword.0)),
        Parser::Overloads(overloads) => listed_signatures(&name, form, overloads, args, &[keyword]),
    }
}

/// `torch.<name>(input)` or `input.<name>()` without the second operand (which `keywords`, the keyword arguments
/// given, do not name): PyTorch's parser lists the signatures of an operation with several (`torch.pow(a,
/// other=2)`), and names the missing parameter otherwise.
pub fn missing_other(
    op: BinaryOp,
    name: &str,
    form: Form,
    args: &[ArgKind<'_>],
    keywords: &[(&str, ArgKind<'_>)],
) -> Error {
    let name = match form {
        Form::InPlace => format!("{name}_"),
        _ => name.to_string(),
    };
    let info = op.info();
    let missing = || Error::Type(format!("{name}() missing 1 required positional arguments: \"{}\"", info.other));
    // PyTorch parses an operation of one signature (hidden ones counted) as that signature, which names the
    // missing parameter; otherwise one visible signature that takes as many arguments as were given does
    let overloads = match (info.parser, listed_without_operand(name.trim_end_matches('_'))) {
        (Parser::Overloads(overloads), _) | (Parser::Single, Some(overloads)) => overloads,
        (Parser::Single, None) => return missing(),
    };
    let signatures = if form == Form::Function { overloads.function } else { overloads.method };
    // a signature is plausible when it requires no more arguments than were given (`print_error`)
    let given = args.len() + keywords.len();
    let required = |s: &str| s.split(", ").filter(|p| *p != "*" && !p.contains(" = ")).count();
    if signatures.iter().filter(|s| required(s) <= given).count() == 1 {
        return missing();
    }
    if signatures.len() == 1 {
        let mut got: Vec<String> = args.iter().map(|a| a.name().to_string()).collect();
        got.extend(keywords.iter().map(|(key, kind)| format!("{key}={}", kind.name())));
        return Error::Type(format!(
            "{name}() received an invalid combination of arguments - got ({}), but expected ({})",
            got.join(", "),
            signatures[0]
        ));
    }
    listed_signatures(&name, form, overloads, args, keywords)
}

/// The signatures PyTorch's parser lists for an operation of the table's `Single` kind when its second operand
/// is missing: `add` and `sub` have hidden (deprecated) overloads beside their one visible signature, and the
/// aliases have overloads of their own.
fn listed_without_operand(name: &str) -> Option<&'static Overloads> {
    const ADD_SUB: Overloads = Overloads {
        function: &["Tensor input, Tensor other, *, Number alpha = 1, Tensor out = None"],
        method: &["Tensor other, *, Number alpha = 1"],
    };
    const DIV: Overloads = Overloads {
        function: &[
            "Tensor input, Tensor other, *, Tensor out = None",
            "Tensor input, Tensor other, *, str rounding_mode, Tensor out = None",
            "Tensor input, Number other, *, str rounding_mode",
        ],
        method: &["Tensor other", "Tensor other, *, str rounding_mode", "Number other, *, str rounding_mode"],
    };
    const SUBTRACT: Overloads = Overloads {
        function: &[
            "Tensor input, Tensor other, *, Number alpha = 1, Tensor out = None",
            "Tensor input, Number other, Number alpha = 1",
        ],
        method: &["Tensor other, *, Number alpha = 1", "Number other, Number alpha = 1"],
    };
    const MULTIPLY: Overloads = Overloads {
        function: &["Tensor input, Tensor other, *, Tensor out = None", "Tensor input, Number other"],
        method: &["Tensor other", "Number other"],
    };
    const DIVIDE: Overloads = Overloads {
        function: &[
            "Tensor input, Tensor other, *, Tensor out = None",
            "Tensor input, Tensor other, *, str rounding_mode, Tensor out = None",
            "Tensor input, Number other",
            "Tensor input, Number other, *, str rounding_mode",
        ],
        method: &[
            "Tensor other",
            "Tensor other, *, str rounding_mode",
            "Number other",
            "Number other, *, str rounding_mode",
        ],
    };
    match name {
        "add" | "sub" => Some(&ADD_SUB),
        "div" => Some(&DIV),
        "subtract" => Some(&SUBTRACT),
        "multiply" | "true_divide" => Some(&MULTIPLY),
        "divide" => Some(&DIVIDE),
        _ => None,
    }
}

/// The parser's message listing `overloads` for the arguments given, without the per-signature reasons. PyTorch
/// writes each keyword as `name=type, ` and removes the last separator only after positional arguments, so a
/// method called with keywords alone reads `got (other=int, )`.
fn listed_signatures(
    name: &str,
    form: Form,
    overloads: &Overloads,
    args: &[ArgKind<'_>],
    keywords: &[(&str, ArgKind<'_>)],
) -> Error {
    let signatures = if form == Form::Function { overloads.function } else { overloads.method };
    let mut got: Vec<String> = args.iter().map(|a| a.name().to_string()).collect();
    got.extend(keywords.iter().map(|(key, kind)| format!("{key}={}", kind.name())));
    let mut got = got.join(", ");
    if args.is_empty() && !keywords.is_empty() {
        got.push_str(", ");
    }
    let listed: String = signatures.iter().map(|s| format!(" * ({s})\n")).collect();
    Error::Type(format!(
        "{name}() received an invalid combination of arguments - got ({got}), but expected one of:\n{listed}"
    ))
}

/// `torch.<name>(x)` of a unary operation with an `x` that is not a tensor.
pub fn unary_kind_error(name: &str, kind: ArgKind<'_>) -> Error {
    Error::Type(format!("{name}(): argument 'input' (position 1) must be Tensor, not {}", kind.name()))
}

/// A keyword that must be a number (`alpha=None`).
pub fn number_keyword_error(name: &str, keyword: &str, kind: ArgKind<'_>) -> Error {
    Error::Type(format!("{name}(): argument '{keyword}' must be Number, not {}", kind.name()))
}

/// The parser's message listing every signature; a signature without an `out` parameter also says which
/// arguments did not match it, marked `!str!`.
fn invalid_combination(name: &str, args: &[ArgKind<'_>], signatures: &[&str], numbers_as_tensors: bool) -> Error {
    let got: Vec<&str> = args.iter().map(ArgKind::name).collect();
    let mut text = format!(
        "{name}() received an invalid combination of arguments - got ({}), but expected one of:\n",
        got.join(", ")
    );
    for signature in signatures {
        text.push_str(&format!(" * ({signature})\n"));
        if signature.contains("out") {
            continue;
        }
        // (type, name) of each parameter
        let params: Vec<(&str, &str)> = signature
            .split(", ")
            .filter(|p| *p != "*")
            .map(|p| {
                let mut words = p.split(' ');
                (words.next().unwrap_or(""), words.next().unwrap_or(""))
            })
            .collect();
        let marked: Vec<String> = args
            .iter()
            .zip(params.iter().chain(std::iter::repeat(&("", ""))))
            .map(|(arg, &(param, param_name))| {
                // PyTorch's parser reports a `self` parameter as not matching whatever it got
                let fits = param_name != "self"
                    && match (param, arg) {
                        ("Tensor", ArgKind::Tensor) | ("Number", ArgKind::Number(_)) => true,
                        ("Tensor", ArgKind::Number(_)) => numbers_as_tensors,
                        _ => false,
                    };
                if fits {
                    arg.name().to_string()
                } else {
                    format!("!{}!", arg.name())
                }
            })
            .collect();
        text.push_str(&format!(
            "      didn't match because some of the arguments have invalid types: ({})\n",
            marked.join(", ")
        ));
    }
    Error::Type(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::op::CmpOp;

    fn message(r: Result<(), Error>) -> String {
        match r {
            Err(Error::Type(m)) => m,
            other => panic!("expected a TypeError, got {other:?}"),
        }
    }

    #[test]
    fn a_missing_operand_is_named_or_the_signatures_listed() {
        let err = |op, name, form, args: &[ArgKind<'_>], keywords: &[(&str, ArgKind<'_>)]| match missing_other(
            op, name, form, args, keywords,
        ) {
            Error::Type(m) => m.lines().next().unwrap_or_default().to_string(),
            other => panic!("expected a TypeError, got {other:?}"),
        };
        let (t, int) = (ArgKind::Tensor, ArgKind::Number("int"));
        assert_eq!(
            err(BinaryOp::Mul, "mul", Form::Function, &[t], &[]),
            "mul() missing 1 required positional arguments: \"other\""
        );
        assert_eq!(
            err(BinaryOp::Pow, "pow", Form::Function, &[t], &[("other", int)]),
            "pow() received an invalid combination of arguments - got (Tensor, other=int), but expected one of:"
        );
        assert_eq!(
            err(BinaryOp::Pow, "pow", Form::Method, &[], &[("other", int)]),
            "pow() received an invalid combination of arguments - got (other=int, ), but expected one of:"
        );
        // `add` has hidden overloads: too few arguments list its one visible signature, enough name the parameter
        assert_eq!(
            err(BinaryOp::ADD, "add", Form::Method, &[], &[]),
            "add() received an invalid combination of arguments - got (), but expected (Tensor other, *, Number \
             alpha = 1)"
        );
        assert_eq!(
            err(BinaryOp::ADD, "add", Form::Function, &[t], &[("alpha", int)]),
            "add() missing 1 required positional arguments: \"other\""
        );
        // `div`'s overloads with a rounding mode require it: only the first takes `div(a, foo=1)`
        assert_eq!(
            err(BinaryOp::DIV, "div", Form::Function, &[t], &[("foo", int)]),
            "div() missing 1 required positional arguments: \"other\""
        );
        assert_eq!(
            err(BinaryOp::Mul, "multiply", Form::InPlace, &[], &[]),
            "multiply_() received an invalid combination of arguments - got (), but expected one of:"
        );
    }

    #[test]
    fn single_signature_names_the_argument() {
        let add = BinaryOp::ADD;
        assert_eq!(
            message(check_binary_kinds(add, "add", Form::Function, ArgKind::Tensor, ArgKind::Other("str"))),
            "add(): argument 'other' (position 2) must be Tensor, not str"
        );
        assert_eq!(
            message(check_binary_kinds(add, "add", Form::InPlace, ArgKind::Tensor, ArgKind::Other("str"))),
            "add_(): argument 'other' (position 1) must be Tensor, not str"
        );
        assert!(check_binary_kinds(add, "add", Form::Function, ArgKind::Number("int"), ArgKind::Tensor).is_ok());
        assert_eq!(
            message(check_binary_kinds(
                BinaryOp::Maximum,
                "maximum",
                Form::Function,
                ArgKind::Number("int"),
                ArgKind::Tensor
            )),
            "maximum(): argument 'input' (position 1) must be Tensor, not int"
        );
    }

    #[test]
    fn overloads_are_listed() {
        let eq = BinaryOp::Compare(CmpOp::Eq);
        assert_eq!(
            message(check_binary_kinds(eq, "eq", Form::Function, ArgKind::Number("int"), ArgKind::Tensor)),
            "eq() received an invalid combination of arguments - got (int, Tensor), but expected one of:\n \
             * (Tensor input, Tensor other, *, Tensor out = None)\n * (Tensor input, Number other, *, Tensor out = None)\n"
        );
        assert_eq!(
            message(check_binary_kinds(eq, "eq", Form::Method, ArgKind::Tensor, ArgKind::Other("str"))),
            "eq() received an invalid combination of arguments - got (str), but expected one of:\n * (Tensor other)\n      \
             didn't match because some of the arguments have invalid types: (!str!)\n * (Number other)\n      didn't \
             match because some of the arguments have invalid types: (!str!)\n"
        );
        assert_eq!(
            message(check_binary_kinds(
                BinaryOp::FloorDivide,
                "floor_divide",
                Form::Function,
                ArgKind::Tensor,
                ArgKind::Other("str")
            )),
            "floor_divide() received an invalid combination of arguments - got (Tensor, str), but expected one of:\n \
             * (Tensor input, Tensor other, *, Tensor out = None)\n * (Tensor input, Number other)\n      didn't match \
             because some of the arguments have invalid types: (Tensor, !str!)\n"
        );
    }
}
