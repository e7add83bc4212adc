//! `addcmul`, `addcdiv` and `lerp` on strided tensors (CPU, CUDA), with PyTorch 2.15's rules (recorded in
//! `tests/data/pointwise.json`):
//!
//! - `addcmul(input, tensor1, tensor2, value=1)` and `addcdiv` (`PointwiseOps.cpp`): `addcdiv` first refuses two
//!   integral (or bool) divisor operands; then an iterator over the three tensors that promotes them, casts the
//!   common dtype safely into the output and takes one CPU scalar on another device; then the kernel: no bool
//!   kernel (`"addcmul_cpu_out" not implemented for 'Bool'`), and `value` converted with c10's overflow check to
//!   the common dtype (float32 for float16/bfloat16; on CUDA the accumulation type: int64 for integers). On CUDA,
//!   `addcmul` takes no CPU scalar for `input` or `tensor1`.
//! - `lerp(input, end, weight)` (`Lerp.cpp`): `end` must have `input`'s dtype. A number weight: the binary
//!   iterator over `input` and `end`, then the kernel (floating and complex dtypes only), which converts the weight
//!   to the dtype (float32 for float16/bfloat16). A tensor weight of dimensions must have `input`'s dtype too, and
//!   the iterator promotes nothing (an `out=` of another dtype is refused); a zero-dim one takes part in promotion
//!   (`lerp(f32, f32, tensor(1j))` is complex64) and may be a CPU scalar.
//!
//! Meta tensors follow PyTorch's meta registrations, whose checks differ (`tensor/meta.rs`).

use super::ternary::{check_kernel_dtype, iterate, launch};
use super::{Operand, Output, Tensor};
use crate::device::Device;
use crate::dtype::DType;
use crate::error::{runtime_err, Result};
use crate::iter::IterConfig;
use crate::op::TernaryOp;
use crate::scalar::{ConversionCheck, Scalar};

/// PyTorch's message for `addcdiv` of two integral operands.
pub const ADDCDIV_INTEGER_PARTS: [&str; 8] = [
    "Integer division with addcdiv is no longer supported, and in a future  ",
    "release addcdiv will perform a true division of tensor1 and tensor2. ",
    "The historic addcdiv behavior can be implemented as ",
    "(input + value * oxtorch.trunc(tensor1 / tensor2)).to(input.dtype) ",
    "for integer inputs and as ",
    "(input + value * tensor1 / tensor2) for float inputs. ",
    "The future addcdiv behavior is just the latter implementation: ",
    "(input + value * tensor1 / tensor2), for all dtypes.",
];

/// `torch.addcmul(input, tensor1, tensor2, value=value)` into `output`: `input + value * tensor1 * tensor2`.
pub fn addcmul(
    input: &Tensor,
    tensor1: &Tensor,
    tensor2: &Tensor,
    value: Scalar,
    output: Output<'_>,
) -> Result<Tensor> {
    add_product(TernaryOp::Addcmul, [input, tensor1, tensor2], value, output)
}

/// `torch.addcdiv(input, tensor1, tensor2, value=value)` into `output`: `input + value * tensor1 / tensor2`.
pub fn addcdiv(
    input: &Tensor,
    tensor1: &Tensor,
    tensor2: &Tensor,
    value: Scalar,
    output: Output<'_>,
) -> Result<Tensor> {
    add_product(TernaryOp::Addcdiv, [input, tensor1, tensor2], value, output)
}

/// `torch.lerp(input, end, weight)` into `output`, the weight a tensor or a number.
pub fn lerp(input: &Tensor, end: &Tensor, weight: &Operand, output: Output<'_>) -> Result<Tensor> {
    if super::math_bits::involved_tensors(&[Some(input), Some(end), weight.tensor()], &output) {
        let (input, end) = (Operand::Tensor(input.clone()), Operand::Tensor(end.clone()));
        return super::math_bits::elementwise(&[&input, &end, weight], output, |o, output| {
            lerp(super::math_bits::tensor_at(o, 0)?, super::math_bits::tensor_at(o, 1)?, o[2], output)
        });
    }
    let operands: Vec<Operand> = [input, end]
        .into_iter()
        .cloned()
        .map(Operand::Tensor)
        .chain(match weight {
            Operand::Tensor(w) => Some(Operand::Tensor(w.clone())),
            Operand::Scalar(_) => None,
        })
        .collect();
    let refs: Vec<&Operand> = operands.iter().collect();
    if super::meta::involves_meta_any(&[Some(input), Some(end), weight.tensor()], &output) {
        return super::meta::pointwise(TernaryOp::Lerp, &refs, output);
    }
    if input.dtype() != end.dtype() {
        runtime_err!(
            "expected dtype {} for `end` but got dtype {}",
            input.dtype().type_meta_name(),
            end.dtype().type_meta_name()
        )
    }
    let config = match weight {
        Operand::Tensor(w) if w.dim() != 0 => {
            if w.dtype() != input.dtype() {
                runtime_err!(
                    "expected dtype {} for `weight` but got dtype {}",
                    input.dtype().type_meta_name(),
                    w.dtype().type_meta_name()
                )
            }
            IterConfig::SAME_DTYPE
        }
        _ => IterConfig::BINARY,
    };
    let (it, out) = iterate(&config, &refs, output)?;
    let number = matches!(weight, Operand::Scalar(_));
    check_kernel_dtype(TernaryOp::Lerp, it.common_dtype, it.device, number)?;
    let parameter = match weight {
        Operand::Scalar(w) => Some(kernel_number(*w, it.common_dtype, it.device)?),
        Operand::Tensor(_) => None,
    };
    if out.numel() > 0 {
        launch(TernaryOp::Lerp, it.common_dtype, &out, &refs, false, parameter)?;
    }
    Ok(out)
}

/// `addcmul` or `addcdiv` over `[input, tensor1, tensor2]`.
fn add_product(op: TernaryOp, tensors: [&Tensor; 3], value: Scalar, output: Output<'_>) -> Result<Tensor> {
    let operands: Vec<Operand> = tensors.iter().map(|&t| Operand::Tensor(t.clone())).collect();
    let refs: Vec<&Operand> = operands.iter().collect();
    if super::math_bits::involved(&refs, &output) {
        return super::math_bits::elementwise(&refs, output, |o, output| {
            let tensor = |i| super::math_bits::tensor_at(o, i);
            add_product(op, [tensor(0)?, tensor(1)?, tensor(2)?], value, output)
        });
    }
    if super::meta::involves_meta_any(&tensors.map(Some), &output) {
        return super::meta::pointwise(op, &refs, output);
    }
    let [_, tensor1, tensor2] = tensors;
    if op == TernaryOp::Addcdiv && tensor1.dtype().is_integral(true) && tensor2.dtype().is_integral(true) {
        runtime_err!("{}", ADDCDIV_INTEGER_PARTS.concat())
    }
    let (it, out) = iterate(&op.info().iter, &refs, output)?;
    if op == TernaryOp::Addcmul && !it.device.is_cpu() {
        let cpu_scalar = |t: &Tensor| t.dim() == 0 && t.device().is_cpu();
        if cpu_scalar(tensors[0]) {
            runtime_err!("CPU Scalar support for self argument is not supported when calling addcmul on CUDA tensors.")
        }
        if cpu_scalar(tensor1) {
            runtime_err!(
                "CPU Scalar support for tensor1 argument is not supported when calling addcmul on CUDA tensors. \
                 However, CPU Scalar support for tensor2 is supported, please swap your tensor1 and tensor2 terms."
            )
        }
    }
    check_kernel_dtype(op, it.common_dtype, it.device, false)?;
    let value = kernel_number(value, it.common_dtype, it.device)?;
    if out.numel() > 0 {
        launch(op, it.common_dtype, &out, &refs, false, Some(value))?;
    }
    Ok(out)
}

/// A number the kernel captures (`value`, a number weight), converted as PyTorch's kernel converts it: with c10's
/// overflow check, to the arithmetic type of `common` (float32 for float16/bfloat16; on CUDA, int64 for
/// integers, their accumulation type).
fn kernel_number(number: Scalar, common: DType, device: Device) -> Result<Scalar> {
    let target = if common.is_integral(true) && !device.is_cpu() { DType::Int64 } else { common.compute_dtype() };
    number.check_convertible(target, ConversionCheck::Strict)?;
    Ok(number)
}
