//! `torch.float_power`'s rules, as PyTorch's composite has them (`Pow.cpp`): both operands are converted to
//! float64, or complex128 when either is complex, and `pow` runs on them; an in-place `self` or an `out=` tensor
//! of another dtype is refused first. The dispatch's operands (`AnyOperand`) and the strided path's (`Operand`)
//! implement [`FloatPowerOperand`].

use crate::dtype::DType;
use crate::error::{runtime_err, Result};
use crate::scalar::Scalar;

/// An operand as `float_power` sees it: the dispatch's tensors of any kind and the strided path's operands.
pub trait FloatPowerOperand: Sized {
    /// Whether it is complex (a complex tensor or a complex number).
    fn is_complex(&self) -> bool;
    /// Its dtype, if it is a tensor.
    fn tensor_dtype(&self) -> Option<DType>;
    /// The operand converted to `dtype` (a tensor by `to(dtype)`, a number to a double or complex double).
    fn converted(self, dtype: DType) -> Result<Self>;
}

/// The operands `pow` receives for `float_power(lhs, rhs)`, after the composite's checks of an in-place `self`
/// (`in_place`) or an `out=` tensor of dtype `out`: both converted to float64, or complex128 when either is
/// complex.
pub fn operands<O: FloatPowerOperand>(lhs: O, rhs: O, in_place: bool, out: Option<DType>) -> Result<(O, O)> {
    let dtype = if lhs.is_complex() || rhs.is_complex() { DType::Complex128 } else { DType::Float64 };
    let (what, given) = match (in_place.then(|| lhs.tensor_dtype()).flatten(), out) {
        (Some(d), _) => ("the base given to float_power_", d),
        (_, Some(d)) => ("the output given to float_power", d),
        _ => ("", dtype),
    };
    if given != dtype {
        runtime_err!(
            "{what} has dtype {} but the operation's result requires dtype {}",
            given.scalar_type_name(),
            dtype.scalar_type_name()
        )
    }
    Ok((lhs.converted(dtype)?, rhs.converted(dtype)?))
}

/// A number as the composite passes it to `pow`: a double, or a complex double.
pub fn number(s: Scalar, dtype: DType) -> Scalar {
    if dtype.is_complex() {
        Scalar::Complex(s.to_complex())
    } else {
        Scalar::Float(s.to_f64())
    }
}
