//! `torch.float_power` on tensors of any kind: PyTorch's composite (`op::float_power`'s rules) converts both
//! operands, then the dispatch runs `pow` on them.

use super::{AnyOperand, AnyOutput};
use crate::error::Result;
use crate::op::float_power;

/// The operands `pow` receives for `float_power(lhs, rhs)` into `output`, after the composite's dtype checks.
pub(super) fn operands(lhs: AnyOperand, rhs: AnyOperand, output: &AnyOutput<'_>) -> Result<(AnyOperand, AnyOperand)> {
    let is_complex = |o: &AnyOperand| match o {
        AnyOperand::Tensor(t) => t.dtype().is_complex(),
        AnyOperand::Scalar(s) => float_power::is_complex_number(s),
    };
    let dtype = float_power::dtype(is_complex(&lhs) || is_complex(&rhs));
    let in_place = match (output, &lhs) {
        (AnyOutput::InPlace, AnyOperand::Tensor(t)) => Some(t.dtype()),
        _ => None,
    };
    let out = match output {
        AnyOutput::Out(t) => Some(t.dtype()),
        _ => None,
    };
    float_power::check_target(dtype, in_place, out)?;
    let convert = |o: AnyOperand| -> Result<AnyOperand> {
        Ok(match o {
            AnyOperand::Tensor(t) => AnyOperand::Tensor(t.to_dtype(dtype)?),
            AnyOperand::Scalar(s) => AnyOperand::Scalar(float_power::number(s, dtype)),
        })
    };
    Ok((convert(lhs)?, convert(rhs)?))
}
