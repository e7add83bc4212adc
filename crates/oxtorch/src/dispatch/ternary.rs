//! `where`, the clamps, `addcmul`, `addcdiv` and `lerp` over tensors of any kind: strided tensors by
//! `tensor/ternary.rs` and `tensor/pointwise.rs`; sparse COO operands get PyTorch's dispatcher error (it has no
//! sparse kernel for them), naming the overload the call reached; global tensors are refused with OneFlow's op name
//! until their sbp signatures are written.

use super::{AnyOperand, AnyOutput, AnyTensor};
use crate::error::{Error, Result};
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
            AnyTensor::Global(g) => g.to_local(false)?.item(),
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
fn strided_output<'a>(output: AnyOutput<'a>) -> Result<Output<'a>> {
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

/// `torch.where(condition, input, other)` into `output` (a new tensor or `out=`), whatever the tensors' kinds.
pub fn where_(condition: &AnyTensor, input: AnyOperand, other: AnyOperand, output: AnyOutput<'_>) -> Result<AnyTensor> {
    let out = match &output {
        AnyOutput::Out(t) => Some(&**t),
        _ => None,
    };
    let all = tensors([Some(condition), input.tensor(), other.tensor(), out]);
    let (oneflow, reached) = (crate::op::TernaryOp::Where.info().oneflow, Reached::from(&output));
    refuse_other_kinds(oneflow, &all, || overload_name("where", reached, Some("self")))?;
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
    refuse_other_kinds("clip_by_scalar", &all, || overload_name(base, reached, tensor_bounds.then_some("Tensor")))?;
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

/// The refusals of an operation over `tensors` (its `out=` among them): OneFlow's op `oneflow` named for a global
/// tensor, PyTorch's dispatcher error naming `overload` for a sparse one.
fn refuse_other_kinds(oneflow: &str, tensors: &[&AnyTensor], overload: impl FnOnce() -> String) -> Result<()> {
    if tensors.iter().any(|t| t.global().is_some()) {
        return Err(global_refusal(oneflow));
    }
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
    refuse_other_kinds(op.info().oneflow, &all, || overload_name(op.info().name, reached, None))?;
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
    refuse_other_kinds(op.info().oneflow, &all, || overload_name("lerp", reached, Some(kind)))?;
    let (input, end) = (input.clone().into_strided()?, end.clone().into_strided()?);
    let weight = strided_operand(&weight)?;
    crate::tensor::pointwise::lerp(&input, &end, &weight, strided_output(output)?).map(AnyTensor::Strided)
}
