//! Type promotion: `promote_types`, `can_cast`, the process-wide default dtype, and `result_type` over a mix of
//! dimensioned tensors, zero-dim tensors and Python-style scalars. These rules live here and nowhere else.

use crate::dtype::{Category, DType};
use crate::error::{Error, Result};
use crate::scalar::Scalar;
use std::sync::atomic::{AtomicU8, Ordering};

/// The smallest dtype both `a` and `b` can be converted to without losing their category
/// (`torch.promote_types`).
pub fn promote_types(a: DType, b: DType) -> DType {
    use DType::*;
    if a == b {
        return a;
    }
    if a == Bool {
        return b;
    }
    if b == Bool {
        return a;
    }
    if a.is_complex() || b.is_complex() {
        let needs_double = [a, b].iter().any(|d| matches!(d, Float64 | Complex128));
        return if needs_double { Complex128 } else { Complex64 };
    }
    match (a.is_floating_point(), b.is_floating_point()) {
        (true, true) => {
            if matches!((a, b), (Float16, BFloat16) | (BFloat16, Float16)) {
                Float32
            } else {
                larger(a, b)
            }
        }
        (true, false) => a,
        (false, true) => b,
        (false, false) => match (a, b) {
            (UInt8, Int8) | (Int8, UInt8) => Int16,
            (UInt8, other) | (other, UInt8) => other,
            _ => larger(a, b),
        },
    }
}

fn larger(a: DType, b: DType) -> DType {
    if a.itemsize() >= b.itemsize() {
        a
    } else {
        b
    }
}

/// Whether a value of dtype `from` may be written into an output of dtype `to` by an arithmetic operation
/// (`torch.can_cast`): no complex into non-complex, no floating into integral, no non-bool into bool.
pub fn can_cast(from: DType, to: DType) -> bool {
    if from.is_complex() && !to.is_complex() {
        return false;
    }
    if from.is_floating_point() && to.is_integral(false) {
        return false;
    }
    !(from != DType::Bool && to == DType::Bool)
}

static DEFAULT_DTYPE: AtomicU8 = AtomicU8::new(DType::Float32 as u8);

/// The process-wide default floating dtype (`torch.get_default_dtype()`), float32 unless changed.
pub fn get_default_dtype() -> DType {
    let code = DEFAULT_DTYPE.load(Ordering::Relaxed);
    DType::ALL.into_iter().find(|d| *d as u8 == code).unwrap_or(DType::Float32)
}

/// Sets the process-wide default dtype. Only floating dtypes are accepted, as in PyTorch.
pub fn set_default_dtype(dtype: DType) -> Result<()> {
    if !dtype.is_floating_point() {
        return Err(Error::Type("only floating-point types are supported as the default type".into()));
    }
    DEFAULT_DTYPE.store(dtype as u8, Ordering::Relaxed);
    Ok(())
}

/// The default complex dtype: complex128 when the default dtype is float64, else complex64.
pub fn get_default_complex_dtype() -> DType {
    get_default_dtype().to_complex()
}

/// One operand of `result_type`, as PyTorch classifies it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Operand {
    /// A tensor with at least one dimension.
    Dimensioned(DType),
    /// A zero-dim tensor.
    ZeroDim(DType),
    /// A Python-style number (bool, int, float, complex).
    Scalar(Scalar),
}

/// The dtype a wrapped Python-style number takes: bool, int64, the default dtype, or the default complex dtype.
pub fn scalar_dtype(s: &Scalar) -> DType {
    match s {
        Scalar::Bool(_) => DType::Bool,
        Scalar::Int(_) | Scalar::UInt(_) => DType::Int64,
        Scalar::Float(_) => get_default_dtype(),
        Scalar::Complex(_) => get_default_complex_dtype(),
    }
}

/// Running state of `result_type`: one promoted dtype per operand class (PyTorch's ResultTypeState).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ResultTypeState {
    dimensioned: Option<DType>,
    zero_dim: Option<DType>,
    wrapped: Option<DType>,
    /// Whether every number so far is an integer beyond int64 (PyTorch wraps one as a uint64 tensor), and the
    /// pair of dtypes whose promotion PyTorch refuses once such a number meets another.
    unsigned: Unsigned,
}

/// The state of numbers beyond int64 in [`ResultTypeState`]: PyTorch has no promotion for uint64.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Unsigned {
    /// No such number.
    #[default]
    None,
    /// Every number so far is one.
    Only,
    /// A promotion PyTorch refuses (`attempted to promote UInt64 and Long`).
    Refused(&'static str, &'static str),
}

impl ResultTypeState {
    /// Folds one operand into the state.
    pub fn update(mut self, operand: &Operand) -> Self {
        fn promote(slot: &mut Option<DType>, d: DType) {
            *slot = Some(slot.map_or(d, |s| promote_types(s, d)));
        }
        match operand {
            Operand::Dimensioned(d) => promote(&mut self.dimensioned, *d),
            Operand::ZeroDim(d) => promote(&mut self.zero_dim, *d),
            Operand::Scalar(s) => {
                let unsigned = matches!(s, Scalar::UInt(_));
                self.unsigned = match (self.unsigned, self.wrapped, unsigned) {
                    (Unsigned::Refused(a, b), ..) => Unsigned::Refused(a, b),
                    (_, None, true) => Unsigned::Only,
                    (Unsigned::Only, Some(_), false) => Unsigned::Refused("UInt64", scalar_dtype(s).scalar_type_name()),
                    (Unsigned::None, Some(d), true) => Unsigned::Refused(d.scalar_type_name(), "UInt64"),
                    (state, ..) => state,
                };
                promote(&mut self.wrapped, scalar_dtype(s))
            }
        }
        self
    }

    /// PyTorch's refusal of a uint64 promotion: between numbers, or of a uint64 number with bool tensors, whose
    /// category it outranks (with other integer tensors their dtype wins, with floating ones theirs).
    fn unsigned_refusal(&self) -> Option<Error> {
        let refused = |a: &str, b: &str| {
            Error::Runtime(format!(
                "Promotion for uint16, uint32, uint64 types is not supported, attempted to promote {a} and {b}"
            ))
        };
        match self.unsigned {
            Unsigned::Refused(a, b) => Some(refused(a, b)),
            Unsigned::Only => {
                let tensors = combine_categories(self.dimensioned, self.zero_dim);
                tensors.filter(|d| *d == DType::Bool).map(|d| refused(d.scalar_type_name(), "UInt64"))
            }
            Unsigned::None => None,
        }
    }

    /// Combines the classes by category: a lower class only matters if its category is higher.
    pub fn result(&self) -> Option<DType> {
        combine_categories(self.dimensioned, combine_categories(self.zero_dim, self.wrapped))
    }
}

fn combine_categories(higher: Option<DType>, lower: Option<DType>) -> Option<DType> {
    let (h, l) = match (higher, lower) {
        (None, l) => return l,
        (h, None) => return h,
        (Some(h), Some(l)) => (h, l),
    };
    Some(match (h.category(), l.category()) {
        (Category::Complex, _) => h,
        // the higher operand keeps its precision when only the lower one is complex
        (Category::Floating, Category::Complex) => h.to_complex(),
        (_, Category::Complex) => l,
        (Category::Floating, _) => h,
        (Category::Bool, _) | (_, Category::Floating) => promote_types(h, l),
        _ => h,
    })
}

/// `torch.result_type` over any number of operands. Errors when given no operand.
pub fn result_type(operands: &[Operand]) -> Result<DType> {
    let state = operands.iter().fold(ResultTypeState::default(), |s, o| s.update(o));
    if let Some(refusal) = state.unsigned_refusal() {
        return Err(refusal);
    }
    state.result().ok_or_else(|| Error::Runtime("result_type: expected at least one operand".into()))
}
