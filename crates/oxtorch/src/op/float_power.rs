//! `torch.float_power`'s rules, as PyTorch's composite has them (`Pow.cpp`): both operands are converted to
//! float64, or complex128 when either is complex, and `pow` runs on them; an in-place `self` or an `out=` tensor
//! of another dtype is refused first. The dispatch (`dispatch/float_power.rs`) and the strided path
//! (`tensor/ops.rs`) convert their own kinds of operand by these rules.

use crate::dtype::DType;
use crate::error::{runtime_err, Result};
use crate::scalar::Scalar;

/// The dtype `float_power` computes in: complex128 when an operand is complex, else float64.
pub fn dtype(any_complex: bool) -> DType {
    if any_complex {
        DType::Complex128
    } else {
        DType::Float64
    }
}

/// Whether a number is complex (it makes the computation complex).
pub fn is_complex_number(s: &Scalar) -> bool {
    matches!(s, Scalar::Complex(_))
}

/// The composite's checks: an in-place `self` (`in_place`) or an `out=` tensor (`out`) must have the dtype
/// `float_power` computes in.
pub fn check_target(dtype: DType, in_place: Option<DType>, out: Option<DType>) -> Result<()> {
    let (what, given) = match (in_place, out) {
        (Some(d), _) => ("the base given to float_power_", d),
        (_, Some(d)) => ("the output given to float_power", d),
        _ => return Ok(()),
    };
    if given != dtype {
        runtime_err!(
            "{what} has dtype {} but the operation's result requires dtype {}",
            given.scalar_type_name(),
            dtype.scalar_type_name()
        )
    }
    Ok(())
}

/// A number as the composite passes it to `pow`: a double, or a complex double.
pub fn number(s: Scalar, dtype: DType) -> Scalar {
    if dtype.is_complex() {
        Scalar::Complex(s.to_complex())
    } else {
        Scalar::Float(s.to_f64())
    }
}
