//! Unary elementwise operations on sparse COO tensors, by the row's [`UnarySparse`] rule: PyTorch's
//! `coalesced_unary_ufunc` (the input coalesced, the formula applied to its values, which is right for the
//! operations with `f(0) == 0`), the values as they are (`neg`), or PyTorch's dispatcher error.

use super::view::dispatcher_error;
use super::SparseCooTensor;
use crate::error::{runtime_err, Result};
use crate::op::{UnaryOp, UnaryParameters, UnarySparse};

/// PyTorch's operator name for `op` with `parameters` when it has no sparse kernel: `round` with decimals is
/// `aten::round.decimals` (`suffix` `_` in place, `_out` for `out=`), which has none.
fn decimals_refusal(op: UnaryOp, parameters: UnaryParameters, x: &SparseCooTensor, form: &str) -> Result<()> {
    match (op, parameters) {
        (UnaryOp::Round, UnaryParameters::Decimals(_)) => {
            let aten = match form {
                "_" => "round_.decimals",
                "_out" => "round.decimals_out",
                _ => "round.decimals",
            };
            Err(dispatcher_error(aten, x.device()))
        }
        _ => Ok(()),
    }
}

/// The error of a composite predicate ([`UnarySparse::Composite`]) on `x`: PyTorch's `ones_like` with a memory
/// format for the dtypes where the predicate is always true (`isfinite` of integers, `isreal` of real dtypes),
/// else the dispatcher's for the composite's first operation without a sparse kernel (`aten`).
fn composite_refusal(op: UnaryOp, aten: &str, x: &SparseCooTensor) -> crate::error::Error {
    let always_true = match op {
        UnaryOp::IsFinite => x.dtype().is_integral(true),
        UnaryOp::IsReal => !x.dtype().is_complex(),
        _ => false,
    };
    if always_true {
        crate::error::Error::Runtime("memory format option is only supported by strided tensors".into())
    } else {
        dispatcher_error(aten, x.device())
    }
}

/// `op(x)` with `parameters` into a new sparse tensor (`out=` when `out`: only PyTorch's operator name differs).
pub fn unary(op: UnaryOp, parameters: UnaryParameters, x: &SparseCooTensor, out: bool) -> Result<SparseCooTensor> {
    decimals_refusal(op, parameters, x, if out { "_out" } else { "" })?;
    match op.info().sparse {
        UnarySparse::Refuse if out => Err(dispatcher_error(&format!("{}.out", op.name()), x.device())),
        UnarySparse::Refuse => Err(dispatcher_error(op.name(), x.device())),
        UnarySparse::RefuseAs(aten) => Err(dispatcher_error(aten, x.device())),
        UnarySparse::Composite(aten) => Err(composite_refusal(op, aten, x)),
        UnarySparse::Values => Ok(SparseCooTensor::from_parts(
            x.raw_indices().clone(),
            x.raw_values().unary_with(op, parameters)?,
            x.sizes().into(),
            x.is_coalesced(),
        )),
        UnarySparse::Coalesced | UnarySparse::CoalescedNotInPlace(_) => {
            let c = x.coalesce()?;
            let values = c.raw_values().unary_with(op, parameters)?;
            Ok(SparseCooTensor::from_parts(c.raw_indices().clone(), values, x.sizes().into(), true))
        }
    }
}

/// `op(x)` in place: the values are computed in place (a coalesced input only, except for `neg`), and `x` is
/// returned.
pub fn unary_(op: UnaryOp, parameters: UnaryParameters, x: &SparseCooTensor) -> Result<SparseCooTensor> {
    decimals_refusal(op, parameters, x, "_")?;
    match op.info().sparse {
        UnarySparse::Refuse => return Err(dispatcher_error(&format!("{}_", op.name()), x.device())),
        UnarySparse::RefuseAs(aten) | UnarySparse::CoalescedNotInPlace(aten) => {
            return Err(dispatcher_error(aten, x.device()))
        }
        UnarySparse::Composite(aten) => return Err(composite_refusal(op, aten, x)),
        UnarySparse::Coalesced if !x.is_coalesced() => runtime_err!("{}_ requires coalesced input", op.name()),
        // PyTorch's in-place conjugate of complex values refuses the sparse layout (its out-of-place form has a
        // kernel)
        _ if op == UnaryOp::ConjPhysical && x.dtype().is_complex() => runtime_err!("unsupported tensor layout: Sparse"),
        _ => {}
    }
    x.raw_values().unary_with_(op, parameters)?;
    Ok(x.clone())
}
