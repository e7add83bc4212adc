//! Kernels of two or three inputs (`where`, the clamps; `addcmul`, `addcdiv` and `lerp` are in `pointwise.rs`) and
//! their loop. Each input is a buffer laid out by the plan, one value, or the output itself (in place); the loop
//! reads every input in chunks of [`CHUNK`] elements through stack buffers (converting from its own dtype to the
//! common dtype `D`, then to the compute type `C`), applies the formula, and converts each result to the output's
//! dtype on store. Large work is split over threads.
//!
//! Where an element falls in PyTorch's loop decides the bits of a float clamp (its vector blocks and its scalar
//! code give different signed zeros and NaNs, as for `maximum`; `backend/cpu/ordering.rs`): the loop computes
//! each element's [`LoopPosition`] for the formulas that need it.

use super::arith::{LoopPosition, LoopRun};
use super::binary::{load, load_typed, store, CHUNK};
use super::buffer::{CpuBuffer, CpuElement};
use super::lock::with_locked;
use super::ordering::Ordered;
use super::parallel::for_chunks;
use crate::backend::{Arg, TernaryCall};
use crate::element::Element;
use crate::error::{Error, Result};
use crate::iter::Plan;
use crate::op::TernaryOp;
use crate::scalar::Scalar;
use crate::storage::Storage;
use smallvec::SmallVec;

/// One input of the loop.
#[derive(Clone, Copy)]
pub(super) enum Input<'a> {
    /// Elements laid out by the plan.
    Buffer(&'a CpuBuffer),
    /// One value for every element.
    Value(Scalar),
    /// The output itself (the first input of an in-place operation), read before it is written.
    Output,
}

/// How the loop reads its inputs and which of PyTorch's loops it follows.
#[derive(Clone, Copy)]
pub(super) struct Layout {
    /// The first input is a condition, read as bool (`where`).
    pub(super) condition: bool,
    /// Values are parameters PyTorch's kernel captures, not operands of its loop (see `TernaryCall`).
    pub(super) captured_values: bool,
    /// The formula depends on the [`LoopPosition`].
    pub(super) positional: bool,
}

/// Runs a kernel of two or three inputs (see [`crate::backend::ternary`]).
pub(crate) fn ternary(call: &TernaryCall<'_>) -> Result<()> {
    let storages: SmallVec<[&Storage; 3]> = call
        .inputs
        .iter()
        .filter_map(|a| match a {
            Arg::Storage(s) => Some(*s),
            _ => None,
        })
        .collect();
    with_locked(call.out, &storages, |out, buffers| {
        let mut next = buffers.iter();
        let mut inputs: SmallVec<[Input<'_>; 3]> = SmallVec::new();
        for arg in &call.inputs {
            inputs.push(match arg {
                Arg::Storage(_) => Input::Buffer(next.next().copied().ok_or_else(mismatch)?),
                Arg::Value(v) => Input::Value(*v),
                Arg::Output => Input::Output,
            });
        }
        run(call, out, &inputs)
    })?
}

fn mismatch() -> Error {
    Error::Runtime("internal error: a kernel's inputs do not match its storages".into())
}

/// Picks the formula for the operation and the common dtype, and runs the loop.
fn run(call: &TernaryCall<'_>, out: &mut CpuBuffer, inputs: &[Input<'_>]) -> Result<()> {
    let captured_values = call.captured_values;
    match call.op {
        TernaryOp::Where => {
            // a selection: no arithmetic, so the values stay in the common dtype itself
            let layout = Layout { condition: true, captured_values, positional: false };
            crate::dispatch_dtype!(call.dtype, D => {
                elementwise::<D, D, D>(call.plan, out, inputs, layout, |x, _| {
                    if x[0] != D::default() { x[1] } else { x[2] }
                })
            });
            Ok(())
        }
        TernaryOp::Clamp | TernaryOp::ClampMin | TernaryOp::ClampMax => {
            if call.dtype.is_complex() {
                return Err(Error::Runtime(format!("internal error: no clamp kernel for {}", call.dtype)));
            }
            crate::dispatch_dtype!(call.dtype, D => clamp::<D>(call.op, call.plan, out, inputs, captured_values));
            Ok(())
        }
        TernaryOp::Addcmul | TernaryOp::Addcdiv | TernaryOp::Lerp => super::pointwise::pointwise(call, out, inputs),
    }
}

/// The clamps in `D`'s compute type: `maximum` and `minimum` as PyTorch's loops compute them at each position
/// (NaN propagates from the input and from either bound).
fn clamp<D: CpuElement>(op: TernaryOp, plan: &Plan, out: &mut CpuBuffer, inputs: &[Input<'_>], captured_values: bool)
where
    D::Compute: Ordered,
{
    type C<D> = <D as Element>::Compute;
    // PyTorch's `clamp_scalar` kernels compute every element as its scalar code does (`std::min`/`std::max`)
    let positional = C::<D>::EXTREMA_BY_POSITION && !captured_values;
    let layout = Layout { condition: false, captured_values, positional };
    match op {
        TernaryOp::ClampMin => {
            elementwise::<D, C<D>, D>(plan, out, inputs, layout, |x, at| C::<D>::max_at(x[0], x[1], at).cast::<D>())
        }
        TernaryOp::ClampMax => {
            elementwise::<D, C<D>, D>(plan, out, inputs, layout, |x, at| C::<D>::min_at(x[0], x[1], at).cast::<D>())
        }
        _ => elementwise::<D, C<D>, D>(plan, out, inputs, layout, |x, at| {
            C::<D>::min_at(C::<D>::max_at(x[0], x[1], at), x[2], at).cast::<D>()
        }),
    }
}

/// The loop: `out = f([x0, x1, x2], position)` over the plan (operand 0 the output, operand `k + 1` input `k`),
/// each input read as `D` and then `C` (a condition as bool, then `C`), each result of `R` stored as the
/// output's dtype. Inputs beyond those given read as `C::default()`.
pub(super) fn elementwise<D: CpuElement, C: Element, R: Element>(
    plan: &Plan,
    out: &mut CpuBuffer,
    inputs: &[Input<'_>],
    layout: Layout,
    f: impl Fn([C; 3], LoopPosition) -> R + Sync,
) {
    crate::dispatch_dtype!(out.dtype(), O => {
        if let Some(o) = <O as CpuElement>::slice_mut(out) {
            let run = |o: &mut [O], start, end, base| {
                chunked::<D, C, R, O>(plan, (start, end, base), o, inputs, layout, &f)
            };
            for_chunks(plan, o, run);
        }
    })
}

/// The loop over iteration indices `start..end` of an output chunk starting at `base`.
fn chunked<D: Element, C: Element, R: Element, O: Element>(
    plan: &Plan,
    (start, end, base): (usize, usize, usize),
    o: &mut [O],
    inputs: &[Input<'_>],
    layout: Layout,
    f: &(impl Fn([C; 3], LoopPosition) -> R + Sync),
) {
    let so = plan.inner_stride(0);
    let strides: SmallVec<[usize; 3]> = (0..inputs.len()).map(|k| plan.inner_stride(k + 1)).collect();
    let value = |k: usize, v: Scalar| -> C {
        if layout.condition && k == 0 {
            bool::from_scalar(v).cast::<C>()
        } else {
            D::from_scalar(v).cast::<C>()
        }
    };
    // the strides of the inputs PyTorch's loop has (captured values are not among them)
    let loop_strides: SmallVec<[usize; 3]> = inputs
        .iter()
        .zip(&strides)
        .filter(|(input, _)| !(layout.captured_values && matches!(input, Input::Value(_))))
        .map(|(_, &s)| s)
        .collect();
    let in_place = matches!(inputs.first(), Some(Input::Output));
    let block = (64 / D::DTYPE.itemsize()).max(1);
    let mut xs = [[C::default(); CHUNK]; 3];
    let mut r = [R::default(); CHUNK];
    plan.for_each_run_in(start, end, base, |offs, len| {
        let run = layout.positional.then(|| LoopRun::of_inputs(len, so, &loop_strides, block, in_place));
        let mut done = 0;
        while done < len {
            let n = CHUNK.min(len - done);
            for (k, input) in inputs.iter().enumerate() {
                let dst = &mut xs[k][..n];
                let (offset, stride) = (offs[k + 1] + done * strides[k], strides[k]);
                match *input {
                    Input::Buffer(buf) if layout.condition && k == 0 => load::<bool, C>(buf, offset, stride, dst),
                    Input::Buffer(buf) => load::<D, C>(buf, offset, stride, dst),
                    Input::Value(v) => dst.fill(value(k, v)),
                    Input::Output => load_typed::<O, D, C>(o, offs[0] + done * so, so, dst),
                }
            }
            let [x0, x1, x2] = &xs;
            // the elements of the loop's vector blocks share one position; the others each have their own
            let (shared, at) = match run {
                Some(run) => (run.vector_len().saturating_sub(done).min(n), run.at(0)),
                None => (n, LoopPosition::default()),
            };
            for i in 0..shared {
                r[i] = f([x0[i], x1[i], x2[i]], at);
            }
            if let Some(run) = run {
                for i in shared..n {
                    r[i] = f([x0[i], x1[i], x2[i]], run.at(done + i));
                }
            }
            store(o, offs[0] + done * so, so, &r[..n]);
            done += n;
        }
    });
}
