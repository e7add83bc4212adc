//! `where`, the clamps, `addcmul`, `addcdiv` and `lerp` over tensors of any kind: strided tensors by
//! `tensor/ternary.rs` and `tensor/pointwise.rs`; sparse COO operands get PyTorch's dispatcher error (it has no
//! sparse kernel for them), naming the overload the call reached; global tensors by their sbp signatures
//! (`global/nary.rs`), the same strided operation running on each rank's pieces.

use super::{inconsistent_attributes, AnyOperand, AnyOutput, AnyTensor};
use crate::error::{Error, Result};
use crate::global::nary::{self, NaryOperand, NarySbp};
use crate::global::ops::GlobalOutput;
use crate::global::GlobalOperand;
use crate::op::ternary::{Bound, BoundTensor, ClampBounds};
use crate::scalar::Scalar;
use crate::tensor::{Operand, Output, Tensor};

impl BoundTensor for AnyTensor {
    fn dim(&self) -> usize {
        AnyTensor::dim(self)
    }

    fn item(&self) -> Result<Scalar> {
        match self {
            AnyTensor::Strided(t) => t.item(),
            AnyTensor::SparseCoo(s) => s.to_dense()?.item(),
            // the logical value (every rank calls this alike)
            AnyTensor::Global(g) => g.to_logical()?.item(),
        }
    }
}

/// How a call reached an operation, for the overload PyTorch's dispatcher names.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Reached {
    New,
    InPlace,
    Out,
}

impl From<&AnyOutput<'_>> for Reached {
    fn from(output: &AnyOutput<'_>) -> Self {
        match output {
            AnyOutput::New => Reached::New,
            AnyOutput::InPlace => Reached::InPlace,
            AnyOutput::Out(_) => Reached::Out,
        }
    }
}

/// A strided output for the strided path.
pub(super) fn strided_output<'a>(output: AnyOutput<'a>) -> Result<Output<'a>> {
    Ok(match output {
        AnyOutput::New => Output::New,
        AnyOutput::InPlace => Output::InPlace,
        AnyOutput::Out(AnyTensor::Strided(t)) => Output::Out(t),
        AnyOutput::Out(_) => {
            return Err(Error::Runtime("internal error: a non-strided out= on the strided path".into()))
        }
    })
}

/// A strided operand for the strided path.
fn strided_operand(o: &AnyOperand) -> Result<Operand> {
    match o {
        AnyOperand::Tensor(AnyTensor::Strided(t)) => Ok(Operand::Tensor(t.clone())),
        AnyOperand::Scalar(s) => Ok(Operand::Scalar(*s)),
        _ => Err(Error::Runtime("internal error: a non-strided operand on the strided path".into())),
    }
}

/// The tensors among some operands (and an `out=` tensor).
fn tensors<'t>(operands: impl IntoIterator<Item = Option<&'t AnyTensor>>) -> Vec<&'t AnyTensor> {
    operands.into_iter().flatten().collect()
}

/// OneFlow's refusal of an operation on global tensors that has no sbp signature here yet.
fn global_refusal(oneflow: &str) -> Error {
    Error::NotImplemented(format!("{oneflow} of global tensors is not supported yet"))
}

/// Whether any of an operation's tensors is global (the call then takes the global path).
fn any_global(tensors: &[&AnyTensor]) -> bool {
    tensors.iter().any(|t| t.global().is_some())
}

/// A given operand of the local operation (the core passes None only for a clamp's absent bound).
fn given(o: &Option<Operand>) -> Result<&Operand> {
    o.as_ref().ok_or_else(|| Error::Runtime("internal error: a missing operand".into()))
}

/// A given tensor operand of the local operation.
fn given_tensor(o: &Option<Operand>) -> Result<&Tensor> {
    match o {
        Some(Operand::Tensor(t)) => Ok(t),
        _ => Err(Error::Runtime("internal error: a tensor operand is not a tensor".into())),
    }
}

/// OneFlow's operation `oneflow` (operands named `args` in its errors) over `operands` (None for an absent one)
/// into `output`, when one of its tensors is global: every tensor must be (OneFlow's error otherwise); `run` is the
/// strided operation, which runs on each rank's pieces (`global/nary.rs`).
fn global(
    oneflow: &str,
    args: &[&str],
    sbp: &NarySbp,
    operands: &[Option<&AnyOperand>],
    output: AnyOutput<'_>,
    run: impl Fn(&[Option<Operand>], Output<'_>) -> Result<Tensor>,
) -> Result<AnyTensor> {
    let mut tensors: Vec<&AnyTensor> = operands.iter().flatten().filter_map(|o| o.tensor()).collect();
    if let AnyOutput::Out(t) = &output {
        tensors.push(t);
    }
    if tensors.iter().any(|t| t.global().is_none()) {
        return Err(inconsistent_attributes(oneflow, &tensors));
    }
    let operand = |o: &Option<&AnyOperand>| -> Result<NaryOperand> {
        Ok(match o {
            Some(AnyOperand::Tensor(AnyTensor::Global(g))) => Some(GlobalOperand::Tensor((**g).clone())),
            Some(AnyOperand::Scalar(s)) => Some(GlobalOperand::Scalar(*s)),
            Some(AnyOperand::Tensor(t)) => return Err(inconsistent_attributes(oneflow, &[t])),
            None => None,
        })
    };
    let operands: Vec<NaryOperand> = operands.iter().map(operand).collect::<Result<_>>()?;
    let result = match output {
        AnyOutput::New => nary::elementwise(oneflow, args, sbp, &operands, GlobalOutput::New, run)?,
        AnyOutput::InPlace => nary::elementwise(oneflow, args, sbp, &operands, GlobalOutput::InPlace, run)?,
        AnyOutput::Out(slot) => {
            let mut target =
                slot.global().cloned().ok_or_else(|| Error::Runtime("internal error: no global out=".into()))?;
            let result = nary::elementwise(oneflow, args, sbp, &operands, GlobalOutput::Out(&mut target), run);
            *slot = AnyTensor::from(target);
            result?
        }
    };
    Ok(AnyTensor::from(result))
}

/// `torch.where(condition, input, other)` into `output` (a new tensor or `out=`), whatever the tensors' kinds.
pub fn where_(condition: &AnyTensor, input: AnyOperand, other: AnyOperand, output: AnyOutput<'_>) -> Result<AnyTensor> {
    let out = match &output {
        AnyOutput::Out(t) => Some(&**t),
        _ => None,
    };
    let all = tensors([Some(condition), input.tensor(), other.tensor(), out]);
    let (oneflow, reached) = (crate::op::TernaryOp::Where.info().oneflow, Reached::from(&output));
    if any_global(&all) {
        let condition = AnyOperand::Tensor(condition.clone());
        let operands = [Some(&condition), Some(&input), Some(&other)];
        return global(oneflow, &["condition", "x", "y"], &nary::WHERE, &operands, output, |o, out| {
            crate::tensor::ternary::where_(given_tensor(&o[0])?, given(&o[1])?, given(&o[2])?, out)
        });
    }
    refuse_other_kinds(&all, || overload_name("where", reached, Some("self")))?;
    let AnyTensor::Strided(condition) = condition else {
        return Err(Error::Runtime("internal error: a non-strided condition on the strided path".into()));
    };
    let (input, other) = (strided_operand(&input)?, strided_operand(&other)?);
    crate::tensor::ternary::where_(condition, &input, &other, strided_output(output)?).map(AnyTensor::Strided)
}

/// `torch.where(condition)`: the indices of the condition's nonzero elements, one tensor per dimension (strided
/// tensors; PyTorch's sparse kernel of `nonzero` is not reproduced: its dispatcher's error).
pub fn where_condition(condition: &AnyTensor) -> Result<Vec<AnyTensor>> {
    match condition {
        AnyTensor::Strided(t) => {
            Ok(crate::tensor::ternary::where_condition(t)?.into_iter().map(AnyTensor::Strided).collect())
        }
        AnyTensor::SparseCoo(s) => Err(crate::sparse::view::dispatcher_error("nonzero", s.device())),
        AnyTensor::Global(_) => Err(global_refusal("nonzero")),
    }
}

/// `name(input, min, max)` (`clamp`, `clip`, `clamp_min`, `clamp_max`) into `output`, whatever the tensors' kinds:
/// the overload is chosen from the bounds' kinds first, as PyTorch's argument parser chooses it.
pub fn clamp(
    name: &str,
    input: &AnyTensor,
    min: Option<AnyOperand>,
    max: Option<AnyOperand>,
    output: AnyOutput<'_>,
) -> Result<AnyTensor> {
    let bound = |o: Option<AnyOperand>| {
        o.map(|o| match o {
            AnyOperand::Tensor(t) => Bound::Tensor(t),
            AnyOperand::Scalar(s) => Bound::Number(s),
        })
    };
    let bounds = ClampBounds::resolve(name, bound(min), bound(max))?;
    let reached = Reached::from(&output);
    let out = match &output {
        AnyOutput::Out(t) => Some(&**t),
        _ => None,
    };
    let (min_t, max_t) = match &bounds {
        ClampBounds::Tensors { min, max } => (min.as_ref(), max.as_ref()),
        ClampBounds::Numbers { .. } => (None, None),
    };
    let all = tensors([Some(input), min_t, max_t, out]);
    // `clip` is `clamp`; the Tensor overload has `.Tensor`, its `out=` `.Tensor_out`
    let base = if name == "clip" { "clamp" } else { name };
    let tensor_bounds = matches!(bounds, ClampBounds::Tensors { .. });
    if any_global(&all) {
        return global_clamp(name, input, bounds, output);
    }
    refuse_other_kinds(&all, || overload_name(base, reached, tensor_bounds.then_some("Tensor")))?;
    let AnyTensor::Strided(input) = input else {
        return Err(Error::Runtime("internal error: a non-strided input on the strided path".into()));
    };
    let strided = |t: &AnyTensor| -> Result<Tensor> { t.clone().into_strided() };
    let bounds = match bounds {
        ClampBounds::Numbers { min, max } => ClampBounds::Numbers { min, max },
        ClampBounds::Tensors { min, max } => ClampBounds::Tensors {
            min: min.as_ref().map(strided).transpose()?,
            max: max.as_ref().map(strided).transpose()?,
        },
    };
    crate::tensor::ternary::clamp(name, input, &bounds, strided_output(output)?).map(AnyTensor::Strided)
}

/// [`clamp`] of global tensors: with number bounds OneFlow's `clip_by_scalar` (`_min`, `_max` for one bound),
/// with tensor bounds a broadcasting operation of up to three tensors.
fn global_clamp(
    name: &str,
    input: &AnyTensor,
    bounds: ClampBounds<AnyTensor>,
    output: AnyOutput<'_>,
) -> Result<AnyTensor> {
    let input = AnyOperand::Tensor(input.clone());
    match bounds {
        ClampBounds::Numbers { min, max } => {
            let oneflow = match (min, max) {
                (Some(_), None) => "clip_by_scalar_min",
                (None, Some(_)) => "clip_by_scalar_max",
                _ => "clip_by_scalar",
            };
            global(oneflow, &["x"], &nary::CLIP_BY_SCALAR, &[Some(&input)], output, |o, out| {
                crate::tensor::ternary::clamp(name, given_tensor(&o[0])?, &ClampBounds::Numbers { min, max }, out)
            })
        }
        ClampBounds::Tensors { min, max } => {
            let (min, max) = (min.map(AnyOperand::Tensor), max.map(AnyOperand::Tensor));
            let operands = [Some(&input), min.as_ref(), max.as_ref()];
            let oneflow = crate::op::TernaryOp::Clamp.info().oneflow;
            global(oneflow, &["x", "min", "max"], &nary::CLIP_BY_TENSOR, &operands, output, |o, out| {
                let bound = |b: &Option<Operand>| b.as_ref().map(|_| given_tensor(b).cloned()).transpose();
                let bounds = ClampBounds::Tensors { min: bound(&o[1])?, max: bound(&o[2])? };
                crate::tensor::ternary::clamp(name, given_tensor(&o[0])?, &bounds, out)
            })
        }
    }
}

/// The overload PyTorch's dispatcher names for `name` reached as `reached`, of the named overload `overload`
/// (`where.self`; `clamp.Tensor`; `lerp`'s `.Scalar` and `.Tensor` by its weight's kind), whose `out=` form is
/// `.<overload>_out`.
fn overload_name(name: &str, reached: Reached, overload: Option<&str>) -> String {
    match (overload, reached) {
        (None, Reached::New) => name.to_string(),
        (None, Reached::InPlace) => format!("{name}_"),
        (None, Reached::Out) => format!("{name}.out"),
        (Some(w), Reached::New) => format!("{name}.{w}"),
        (Some(w), Reached::InPlace) => format!("{name}_.{w}"),
        (Some(w), Reached::Out) => format!("{name}.{w}_out"),
    }
}

/// The refusal of an operation over `tensors` (its `out=` among them) with a sparse one: PyTorch's dispatcher
/// error naming `overload`.
fn refuse_other_kinds(tensors: &[&AnyTensor], overload: impl FnOnce() -> String) -> Result<()> {
    if let Some(sparse) = tensors.iter().find_map(|t| t.sparse()) {
        return Err(crate::sparse::view::dispatcher_error(&overload(), sparse.device()));
    }
    Ok(())
}

/// `torch.addcmul(input, tensor1, tensor2, value=value)` (`divide == false`) or `torch.addcdiv` into `output`,
/// whatever the tensors' kinds (PyTorch has no sparse kernel for either).
pub fn add_product(
    divide: bool,
    input: &AnyTensor,
    tensor1: &AnyTensor,
    tensor2: &AnyTensor,
    value: Scalar,
    output: AnyOutput<'_>,
) -> Result<AnyTensor> {
    let op = if divide { crate::op::TernaryOp::Addcdiv } else { crate::op::TernaryOp::Addcmul };
    let reached = Reached::from(&output);
    let out = match &output {
        AnyOutput::Out(t) => Some(&**t),
        _ => None,
    };
    let all = tensors([Some(input), Some(tensor1), Some(tensor2), out]);
    if any_global(&all) {
        let [input, tensor1, tensor2] = [input, tensor1, tensor2].map(|t| AnyOperand::Tensor(t.clone()));
        let operands = [Some(&input), Some(&tensor1), Some(&tensor2)];
        let sbp = if divide { &nary::LINEAR_IN_FIRST_TWO } else { &nary::ADDCMUL };
        return global(op.info().oneflow, &["input", "tensor1", "tensor2"], sbp, &operands, output, |o, out| {
            let (input, tensor1, tensor2) = (given_tensor(&o[0])?, given_tensor(&o[1])?, given_tensor(&o[2])?);
            if divide {
                crate::tensor::pointwise::addcdiv(input, tensor1, tensor2, value, out)
            } else {
                crate::tensor::pointwise::addcmul(input, tensor1, tensor2, value, out)
            }
        });
    }
    refuse_other_kinds(&all, || overload_name(op.info().name, reached, None))?;
    let strided = |t: &AnyTensor| t.clone().into_strided();
    let (input, tensor1, tensor2) = (strided(input)?, strided(tensor1)?, strided(tensor2)?);
    let output = strided_output(output)?;
    let result = if divide {
        crate::tensor::pointwise::addcdiv(&input, &tensor1, &tensor2, value, output)
    } else {
        crate::tensor::pointwise::addcmul(&input, &tensor1, &tensor2, value, output)
    };
    result.map(AnyTensor::Strided)
}

/// `torch.lerp(input, end, weight)` into `output`, the weight a tensor or a number, whatever the tensors' kinds
/// (PyTorch has no sparse kernel for it).
pub fn lerp(input: &AnyTensor, end: &AnyTensor, weight: AnyOperand, output: AnyOutput<'_>) -> Result<AnyTensor> {
    let op = crate::op::TernaryOp::Lerp;
    let reached = Reached::from(&output);
    let out = match &output {
        AnyOutput::Out(t) => Some(&**t),
        _ => None,
    };
    let all = tensors([Some(input), Some(end), weight.tensor(), out]);
    let kind = if matches!(weight, AnyOperand::Scalar(_)) { "Scalar" } else { "Tensor" };
    if any_global(&all) {
        let (input, end) = (AnyOperand::Tensor(input.clone()), AnyOperand::Tensor(end.clone()));
        let operands = [Some(&input), Some(&end), Some(&weight)];
        let args = ["input", "end", "weight"];
        return global(op.info().oneflow, &args, &nary::LINEAR_IN_FIRST_TWO, &operands, output, |o, out| {
            crate::tensor::pointwise::lerp(given_tensor(&o[0])?, given_tensor(&o[1])?, given(&o[2])?, out)
        });
    }
    refuse_other_kinds(&all, || overload_name("lerp", reached, Some(kind)))?;
    let (input, end) = (input.clone().into_strided()?, end.clone().into_strided()?);
    let weight = strided_operand(&weight)?;
    crate::tensor::pointwise::lerp(&input, &end, &weight, strided_output(output)?).map(AnyTensor::Strided)
}
