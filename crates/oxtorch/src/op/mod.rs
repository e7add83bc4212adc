//! The operations, as data: which elementwise operation, with which parameters ([`BinaryOp`], [`UnaryOp`]), and
//! what the library knows of each one beyond its formulas ([`OpInfo`], from the one table in [`table`]).
//! Semantics (which dtype, which shape) are decided before a kernel sees an operation; each backend turns it into
//! its own loop (a closure on CPU, generated source on CUDA).
//!
//! How to add an operation: `docs/adding-an-op.md`.

pub mod float_power;
pub mod parser;
pub mod reduce;
pub mod table;
pub mod ternary;
pub mod unary_table;

use crate::error::{Error, Result};
use crate::iter::IterConfig;
use crate::scalar::Scalar;

pub use parser::{ArgKind, Form, Parser};
pub use reduce::{ReduceKernel, ReduceOp};
pub use table::{KernelDtypes, MetaInPlace, MetaRule, OpInfo, Scalars, SparseRefusal, SparseRule};
pub use ternary::{TernaryInfo, TernaryOp};
pub use unary_table::{MetaOut, UnaryInfo, UnaryKind, UnaryParameterKind, UnarySparse};

/// How `div` rounds its quotient (`rounding_mode=`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RoundingMode {
    /// Toward zero (`"trunc"`).
    Trunc,
    /// Toward negative infinity (`"floor"`).
    Floor,
}

impl RoundingMode {
    /// Parses `"trunc"` / `"floor"`, with PyTorch's error otherwise.
    pub fn parse(s: &str) -> Result<RoundingMode> {
        match s {
            "trunc" => Ok(RoundingMode::Trunc),
            "floor" => Ok(RoundingMode::Floor),
            other => Err(Error::Runtime(format!(
                "div expected rounding_mode to be one of None, 'trunc', or 'floor' but found '{other}'"
            ))),
        }
    }

    /// The name PyTorch uses, `"trunc"` or `"floor"`.
    pub fn name(self) -> &'static str {
        match self {
            RoundingMode::Trunc => "trunc",
            RoundingMode::Floor => "floor",
        }
    }
}

/// A comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CmpOp {
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
}

impl CmpOp {
    /// Whether the comparison orders its operands (`<`, `<=`, `>`, `>=`), which complex numbers cannot.
    pub fn orders(self) -> bool {
        !matches!(self, CmpOp::Eq | CmpOp::Ne)
    }
}

/// An elementwise operation of two operands and its parameters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BinaryOp {
    /// `a + alpha * b`
    Add {
        /// the multiplier of `b`
        alpha: Scalar,
    },
    /// `a - alpha * b`
    Sub {
        /// the multiplier of `b`
        alpha: Scalar,
    },
    /// `a * b`
    Mul,
    /// `a / b`: true division (integers promote to the default dtype) or rounded.
    Div {
        /// `None` for true division.
        rounding_mode: Option<RoundingMode>,
    },
    /// `a // b` (`floor_divide`): `div` rounded toward negative infinity, but not a structured kernel (its
    /// `out=` and sparse rules are its own).
    FloorDivide,
    /// The larger of `a` and `b`; NaN propagates.
    Maximum,
    /// The smaller of `a` and `b`; NaN propagates.
    Minimum,
    /// A comparison, with a bool result.
    Compare(CmpOp),
    /// `torch.remainder` (`%`): the remainder of floor division, with the divisor's sign (Python's `%`).
    Remainder,
    /// `torch.fmod`: the remainder of truncated division, with the dividend's sign (C's `fmod`).
    Fmod,
    /// A bitwise operation of integers or bools (`&`, `|`, `^`, `<<`, `>>`).
    Bitwise(BitOp),
    /// A logical operation of any dtypes (their truth values), with a bool result.
    Logical(LogicalOp),
    /// A floating function of two arguments (`atan2`, `hypot`, `copysign`, `fmax`, ...).
    Math(MathOp),
    /// `torch.pow` (`**`): `a` to the power `b`; integers to negative integer numbers are refused.
    Pow,
    /// `torch.float_power`: `pow` in float64 (complex128 when an operand is complex), whatever the operands' dtypes.
    FloatPower,
}

/// A floating function of two arguments.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MathOp {
    /// `torch.atan2(input, other)`: the angle of the point `(other, input)`.
    Atan2,
    /// `torch.hypot`: `sqrt(a*a + b*b)` without overflow.
    Hypot,
    /// `torch.copysign`: `a`'s magnitude with `b`'s sign.
    Copysign,
    /// `torch.fmax`: the larger, a NaN ignored.
    Fmax,
    /// `torch.fmin`: the smaller, a NaN ignored.
    Fmin,
    /// `torch.logaddexp`: `log(exp(a) + exp(b))`.
    Logaddexp,
    /// `torch.logaddexp2`: `log2(2**a + 2**b)`.
    Logaddexp2,
    /// `torch.nextafter`: the next representable value after `a` toward `b`.
    Nextafter,
    /// `torch.xlogy`: `a * log(b)`, 0 where `a` is 0 (NaN where `b` is NaN).
    Xlogy,
}

impl MathOp {
    /// Whether the result is one of the C library's transcendental functions, which PyTorch's vectorized loops
    /// take from SLEEF instead (within an ulp or two of the C library's; the golden data's runners allow that).
    pub fn is_transcendental(self) -> bool {
        matches!(self, MathOp::Atan2 | MathOp::Hypot | MathOp::Logaddexp | MathOp::Logaddexp2)
    }

    /// Whether PyTorch's generated wrapper checks that every tensor argument is on one device (its
    /// `native_functions.yaml` entry has no `device_check: NoCheck`): then a zero-dim CPU tensor cannot join a
    /// CUDA operation as TensorIterator's CPU scalars do.
    pub fn checks_devices(self) -> bool {
        matches!(self, MathOp::Logaddexp | MathOp::Logaddexp2 | MathOp::Nextafter)
    }
}

/// A bitwise operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BitOp {
    /// `&` (`torch.bitwise_and`)
    And,
    /// `|` (`torch.bitwise_or`)
    Or,
    /// `^` (`torch.bitwise_xor`)
    Xor,
    /// `<<` (`torch.bitwise_left_shift`): zero for a shift outside `0..bits`.
    LeftShift,
    /// `>>` (`torch.bitwise_right_shift`): arithmetic; a shift outside `0..bits` fills with the sign.
    RightShift,
}

/// A logical operation: `torch.logical_and`, `logical_or`, `logical_xor`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LogicalOp {
    /// Both operands are nonzero.
    And,
    /// Either operand is nonzero.
    Or,
    /// Exactly one operand is nonzero.
    Xor,
}

impl BinaryOp {
    /// `add` with `alpha = 1`.
    pub const ADD: BinaryOp = BinaryOp::Add { alpha: Scalar::Int(1) };
    /// `sub` with `alpha = 1`.
    pub const SUB: BinaryOp = BinaryOp::Sub { alpha: Scalar::Int(1) };
    /// true division.
    pub const DIV: BinaryOp = BinaryOp::Div { rounding_mode: None };

    /// Whether integer operands promote to the default dtype (true division).
    pub fn is_true_division(self) -> bool {
        self.iter_config().promote_integer_inputs_to_float
    }

    /// The iterator configuration of the operation (the table's, except that a rounded `div` keeps integers:
    /// PyTorch builds it as a plain binary operation).
    pub fn iter_config(self) -> IterConfig {
        match self {
            BinaryOp::Div { rounding_mode: Some(_) } => IterConfig::BINARY,
            _ => self.info().iter,
        }
    }

    /// The operation the kernels compute: `floor_divide` is `div` rounded toward negative infinity.
    pub fn kernel_op(self) -> BinaryOp {
        match self {
            BinaryOp::FloorDivide => BinaryOp::Div { rounding_mode: Some(RoundingMode::Floor) },
            other => other,
        }
    }

    /// Whether integer operands divide, so that a zero divisor is PyTorch's `ZeroDivisionError` on the CPU
    /// (rounded division, `remainder`, `fmod`).
    pub fn divides_integers(self) -> bool {
        self.rounding_mode().is_some() || matches!(self, BinaryOp::Remainder | BinaryOp::Fmod)
    }

    /// The rounding mode of a rounded division.
    pub fn rounding_mode(self) -> Option<RoundingMode> {
        match self.kernel_op() {
            BinaryOp::Div { rounding_mode } => rounding_mode,
            _ => None,
        }
    }

    /// The kernel's name, for messages and kernel caches: `add`, `sub`, `mul`, `div_true`, `div_trunc`,
    /// `div_floor`, `maximum`, `eq`, ...
    pub fn kernel_name(self) -> &'static str {
        match self.kernel_op() {
            BinaryOp::Div { rounding_mode: None } => "div_true",
            BinaryOp::Div { rounding_mode: Some(RoundingMode::Trunc) } => "div_trunc",
            BinaryOp::Div { rounding_mode: Some(RoundingMode::Floor) } => "div_floor",
            other => other.info().kernel,
        }
    }
}

/// An elementwise operation of one operand. What the library knows of each is its row of
/// [`unary_op_table!`](crate::unary_op_table) ([`UnaryInfo`]); its formulas live with each backend.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    /// `torch.sqrt`
    Sqrt,
    /// `torch.rsqrt`
    Rsqrt,
    /// `torch.exp`
    Exp,
    /// `torch.exp2`
    Exp2,
    /// `torch.expm1`
    Expm1,
    /// `torch.log`
    Log,
    /// `torch.log2`
    Log2,
    /// `torch.log10`
    Log10,
    /// `torch.log1p`
    Log1p,
    /// `torch.sin`
    Sin,
    /// `torch.cos`
    Cos,
    /// `torch.tan`
    Tan,
    /// `torch.asin`
    Asin,
    /// `torch.acos`
    Acos,
    /// `torch.atan`
    Atan,
    /// `torch.sinh`
    Sinh,
    /// `torch.cosh`
    Cosh,
    /// `torch.tanh`
    Tanh,
    /// `torch.asinh`
    Asinh,
    /// `torch.acosh`
    Acosh,
    /// `torch.atanh`
    Atanh,
    /// `torch.sigmoid`
    Sigmoid,
    /// `torch.erf`
    Erf,
    /// `torch.erfc`
    Erfc,
    /// `torch.reciprocal`
    Reciprocal,
    /// `torch.abs`
    Abs,
    /// `torch.neg`
    Neg,
    /// `torch.positive`
    Positive,
    /// `torch.sign`
    Sign,
    /// `torch.sgn`
    Sgn,
    /// `torch.floor`
    Floor,
    /// `torch.ceil`
    Ceil,
    /// `torch.trunc`
    Trunc,
    /// `torch.round`
    Round,
    /// `torch.frac`
    Frac,
    /// `torch.square`
    Square,
    /// `torch.bitwise_not`
    BitwiseNot,
    /// `torch.isnan`
    IsNan,
    /// `torch.isinf`
    IsInf,
    /// `torch.isfinite`
    IsFinite,
    /// `torch.isposinf`
    IsPosInf,
    /// `torch.isneginf`
    IsNegInf,
    /// `torch.signbit`
    SignBit,
    /// `torch.logical_not`
    LogicalNot,
    /// `torch.isreal`
    IsReal,
    /// `torch.nan_to_num`
    NanToNum,
    /// `torch.angle`
    Angle,
    /// `torch.conj_physical`
    ConjPhysical,
}

/// The parameters of the unary operations that take some: `round(decimals=)` and `nan_to_num(nan, posinf,
/// neginf)`. [`UnaryParameters::Default`] gives every operation PyTorch's defaults.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum UnaryParameters {
    /// The operation's defaults (`decimals=0`; NaN to 0, infinities to the dtype's largest and lowest finite).
    #[default]
    Default,
    /// `round`'s `decimals`: round to multiples of `10^-decimals`.
    Decimals(i64),
    /// `nan_to_num`'s replacements; `None` takes the default.
    Replacements {
        /// What NaN becomes (0 by default).
        nan: Option<f64>,
        /// What positive infinity becomes (the dtype's largest finite value by default).
        posinf: Option<f64>,
        /// What negative infinity becomes (the dtype's lowest finite value by default).
        neginf: Option<f64>,
    },
}

impl UnaryParameters {
    /// `round`'s decimals (0 when not given).
    pub fn decimals(self) -> i64 {
        match self {
            UnaryParameters::Decimals(d) => d,
            _ => 0,
        }
    }

    /// `nan_to_num`'s replacements `(nan, posinf, neginf)` for a floating-point `dtype`, the defaults filled in:
    /// 0, and the dtype's largest and lowest finite values.
    pub fn replacement_values(self, dtype: crate::dtype::DType) -> (f64, f64, f64) {
        let largest = crate::scalar::float_max(dtype);
        let (nan, posinf, neginf) = match self {
            UnaryParameters::Replacements { nan, posinf, neginf } => (nan, posinf, neginf),
            _ => (None, None, None),
        };
        (nan.unwrap_or(0.0), posinf.unwrap_or(largest), neginf.unwrap_or(-largest))
    }
}
