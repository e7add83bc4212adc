//! The operations kernels know, as data: which arithmetic operation, with which parameters. Semantics (which
//! dtype, which shape) are decided before a kernel sees one of these; each backend turns an operation into its own
//! loop (a closure on CPU, generated source on CUDA).

use crate::error::{Error, Result};
use crate::iter::IterConfig;
use crate::scalar::Scalar;

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

/// One of the four arithmetic operations and its parameters.
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
        matches!(self, BinaryOp::Div { rounding_mode: None })
    }

    /// The iterator configuration of the operation (true division promotes integers to float).
    pub fn iter_config(self) -> IterConfig {
        if self.is_true_division() {
            IterConfig::BINARY_FLOAT
        } else {
            IterConfig::BINARY
        }
    }

    /// The rounding mode of a rounded division.
    pub fn rounding_mode(self) -> Option<RoundingMode> {
        match self {
            BinaryOp::Div { rounding_mode } => rounding_mode,
            _ => None,
        }
    }

    /// The kernel's name, for messages and kernel caches: `add`, `sub`, `mul`, `div_true`, `div_trunc`,
    /// `div_floor`.
    pub fn kernel_name(self) -> &'static str {
        match self {
            BinaryOp::Add { .. } => "add",
            BinaryOp::Sub { .. } => "sub",
            BinaryOp::Mul => "mul",
            BinaryOp::Div { rounding_mode: None } => "div_true",
            BinaryOp::Div { rounding_mode: Some(RoundingMode::Trunc) } => "div_trunc",
            BinaryOp::Div { rounding_mode: Some(RoundingMode::Floor) } => "div_floor",
        }
    }
}
