//! Elementwise operations of three operands (and the clamps, which take one or two bounds, and `lerp` with a number
//! weight): what the core knows of each one besides its formulas. The formulas live with each backend
//! (`backend/cpu/ternary.rs`, `backend/cpu/pointwise.rs`, `backend/cuda/formulas.rs`); the rules of each
//! operation's arguments (`where`'s condition and exact `out=` dtype, `clamp`'s number and tensor bounds) are in
//! `tensor/ternary.rs` and `tensor/pointwise.rs` (`addcmul`, `addcdiv`, `lerp`), the routing over sparse and global
//! tensors in `dispatch/ternary.rs`.

use super::KernelDtypes;
use crate::device::Device;
use crate::error::{Error, Result};
use crate::iter::IterConfig;
use crate::scalar::Scalar;

/// An elementwise operation whose kernel reads two or three inputs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TernaryOp {
    /// `torch.where(condition, input, other)`: `input` where the condition holds, else `other`.
    Where,
    /// `torch.clamp(input, min, max)` with both bounds: `min(max(input, min), max)`, NaN propagating from any
    /// of the three.
    Clamp,
    /// `torch.clamp(input, min=...)` / `torch.clamp_min`: `max(input, min)`, NaN propagating.
    ClampMin,
    /// `torch.clamp(input, max=...)` / `torch.clamp_max`: `min(input, max)`, NaN propagating.
    ClampMax,
    /// `torch.addcmul(input, tensor1, tensor2, value=v)`: `input + v * tensor1 * tensor2` (`v` the call's
    /// parameter).
    Addcmul,
    /// `torch.addcdiv(input, tensor1, tensor2, value=v)`: `input + v * tensor1 / tensor2`.
    Addcdiv,
    /// `torch.lerp(input, end, weight)`: `input + weight * (end - input)`, computed from whichever end is nearer
    /// (PyTorch's `lerp`); the weight is the third input, or the call's parameter when it is a number.
    Lerp,
}

/// Everything the core knows of a ternary operation besides its formulas.
#[derive(Clone, Copy, Debug)]
pub struct TernaryInfo {
    /// The Python name (`where`, `clamp`).
    pub name: &'static str,
    /// The kernel's name in messages (`"clamp_cpu" not implemented for 'Bool'`) and kernel caches.
    pub kernel: &'static str,
    /// The kernel's name when the bounds are Python numbers (`clamp_scalar`).
    pub number_kernel: &'static str,
    /// The iterator configuration.
    pub iter: IterConfig,
    /// The common dtypes its kernels exist for.
    pub dtypes: KernelDtypes,
    /// OneFlow's user op (`where`, `clip_by_scalar`), which its errors name; its sbp signatures keep split and
    /// broadcast on every input and list no partial sum (one is boxed to broadcast first).
    pub oneflow: &'static str,
}

impl TernaryOp {
    /// The operation's row.
    pub fn info(self) -> &'static TernaryInfo {
        match self {
            TernaryOp::Where => &TernaryInfo {
                name: "where",
                kernel: "where",
                number_kernel: "where",
                iter: IterConfig::WHERE,
                dtypes: KernelDtypes::All,
                oneflow: "where",
            },
            TernaryOp::Clamp => &TernaryInfo {
                name: "clamp",
                kernel: "clamp",
                number_kernel: "clamp_scalar",
                iter: IterConfig::BINARY,
                dtypes: KernelDtypes::Real,
                oneflow: "clip_by_tensor",
            },
            TernaryOp::ClampMin => &TernaryInfo {
                name: "clamp_min",
                kernel: "maximum",
                number_kernel: "clamp_min_scalar",
                iter: IterConfig::BINARY,
                dtypes: KernelDtypes::AllButComplex,
                oneflow: "clip_by_scalar_min",
            },
            TernaryOp::ClampMax => &TernaryInfo {
                name: "clamp_max",
                kernel: "minimum",
                number_kernel: "clamp_max_scalar",
                iter: IterConfig::BINARY,
                dtypes: KernelDtypes::AllButComplex,
                oneflow: "clip_by_scalar_max",
            },
            TernaryOp::Addcmul => &TernaryInfo {
                name: "addcmul",
                kernel: "addcmul",
                number_kernel: "addcmul",
                iter: IterConfig::BINARY,
                dtypes: KernelDtypes::AllButBool,
                oneflow: "addcmul",
            },
            TernaryOp::Addcdiv => &TernaryInfo {
                name: "addcdiv",
                kernel: "addcdiv",
                number_kernel: "addcdiv",
                iter: IterConfig::BINARY,
                dtypes: KernelDtypes::AllButBool,
                oneflow: "addcdiv",
            },
            TernaryOp::Lerp => &TernaryInfo {
                name: "lerp",
                kernel: "lerp_kernel_tensor",
                number_kernel: "lerp_kernel_scalar",
                iter: IterConfig::BINARY,
                dtypes: KernelDtypes::Inexact,
                oneflow: "lerp",
            },
        }
    }

    /// Whether the CPU kernel rounds an element by where PyTorch's loop computes it (`lerp`'s far end, complex
    /// products: `backend/cpu/pointwise.rs`), so that it must run over the operands that loop runs over: inputs of
    /// another dtype converted first, and an output of another dtype computed into a temporary.
    pub fn rounds_by_loop_layout(self) -> bool {
        matches!(self, TernaryOp::Addcmul | TernaryOp::Addcdiv | TernaryOp::Lerp)
    }

    /// The name PyTorch's kernel for `device` gives in its "not implemented for" message (`"clamp_cpu"`,
    /// `"addcmul_cpu_out"`, `"lerp_kernel_scalar"`); `number` for the overload whose bounds or weight are numbers.
    pub fn kernel_message_name(self, device: Device, number: bool) -> String {
        let info = self.info();
        let base = if number { info.number_kernel } else { info.kernel };
        match (self, device.is_cpu()) {
            (TernaryOp::Addcmul | TernaryOp::Addcdiv, true) => format!("{base}_cpu_out"),
            (TernaryOp::Lerp, true) => base.to_string(),
            (TernaryOp::Lerp, false) => "lerp_cuda".to_string(),
            _ => format!("{base}_{}", device.type_name()),
        }
    }
}

/// The bounds of a clamp, by the overload PyTorch's argument parser chose: `clamp(Tensor input, Tensor? min,
/// Tensor? max)` when every bound given is a tensor, else `clamp(Tensor input, Scalar? min, Scalar? max)`, where a
/// zero-dim tensor stands for its value.
#[derive(Clone, Debug)]
pub enum ClampBounds<T> {
    /// Python numbers.
    Numbers {
        /// The lower bound.
        min: Option<Scalar>,
        /// The upper bound.
        max: Option<Scalar>,
    },
    /// Tensors (broadcast with the input, promoted with it).
    Tensors {
        /// The lower bound.
        min: Option<T>,
        /// The upper bound.
        max: Option<T>,
    },
}

/// A bound as the caller gave it: a tensor (of any kind) or a number.
#[derive(Clone, Debug)]
pub enum Bound<T> {
    /// A tensor.
    Tensor(T),
    /// A number.
    Number(Scalar),
}

/// What the overload resolution reads of a tensor bound.
pub trait BoundTensor: Clone {
    /// Its number of dimensions.
    fn dim(&self) -> usize;
    /// Its one element (a zero-dim tensor standing for a number).
    fn item(&self) -> Result<Scalar>;
}

impl<T: BoundTensor> ClampBounds<T> {
    /// Chooses the overload for `name(input, min, max)` as PyTorch's parser does; a number beside a dimensioned
    /// tensor bound matches neither (its `TypeError`, naming the arguments positionally).
    pub fn resolve(name: &str, min: Option<Bound<T>>, max: Option<Bound<T>>) -> Result<ClampBounds<T>> {
        let numbers = [&min, &max].iter().any(|b| matches!(b, Some(Bound::Number(_))));
        if !numbers {
            let tensor = |b: Option<Bound<T>>| match b {
                Some(Bound::Tensor(t)) => Some(t),
                _ => None,
            };
            return Ok(ClampBounds::Tensors { min: tensor(min), max: tensor(max) });
        }
        let mut kinds = vec!["Tensor".to_string()];
        let mut refused = false;
        for bound in [&min, &max] {
            match bound {
                Some(Bound::Tensor(t)) => {
                    refused |= t.dim() != 0;
                    kinds.push("Tensor".into());
                }
                Some(Bound::Number(s)) => kinds.push(s.python_type_name().into()),
                None => kinds.push("NoneType".into()),
            }
        }
        if refused {
            return Err(Error::Type(format!(
                "{name}() received an invalid combination of arguments - got ({}), but expected one of:",
                kinds.join(", ")
            )));
        }
        let number = |b: Option<Bound<T>>| -> Result<Option<Scalar>> {
            Ok(match b {
                Some(Bound::Tensor(t)) => Some(t.item()?),
                Some(Bound::Number(s)) => Some(s),
                None => None,
            })
        };
        Ok(ClampBounds::Numbers { min: number(min)?, max: number(max)? })
    }
}

impl<T> ClampBounds<T> {
    /// Whether neither bound is given.
    pub fn is_empty(&self) -> bool {
        match self {
            ClampBounds::Numbers { min, max } => min.is_none() && max.is_none(),
            ClampBounds::Tensors { min, max } => min.is_none() && max.is_none(),
        }
    }
}
