//! Joining tensors: `cat` (PyTorch's aliases `concat` and `concatenate`), `stack`, and numpy's `hstack`,
//! `vstack` and `dstack`, with PyTorch's rules (`TensorShape.cpp`'s `cat` meta function and `stack`):
//!
//! - the result's dtype promotes every input's (`result_type` of the list); an `out=` tensor's dtype wins when
//!   the promoted one can be cast to it;
//! - its memory format is the inputs' common suggested format (channels-last when every input is), else
//!   contiguous; an `out=` tensor keeps its strides unless it must be resized;
//! - 1-D empty tensors (shape `[0]`) are skipped, whatever the other inputs' shapes (PyTorch's legacy rule), but
//!   still take part in the dtype and the memory format;
//! - `stack` is `cat` then a view when the new dimension is not the last (else `cat` of unsqueezed inputs), so its
//!   strides are `cat`'s.
//!
//! A meta tensor among the inputs or the `out=` tensor takes PyTorch's Python reference (`torch._refs.cat` under
//! its `out_wrapper`), whose checks, messages and layouts differ (`reference_cat`); so does `stack(out=)`
//! (`torch._refs.stack`, `reference_stack`). Sparse inputs take PyTorch's sparse `cat` (`sparse/join.rs`), global
//! ones OneFlow's signatures (`global/join.rs`): `dispatch/join.rs` chooses.

use super::meta::meta_rules;
use super::{factory, Output, Tensor};
use crate::error::{runtime_err, Error, Result};
use crate::iter::{self as overlap, Overlap};
use crate::memory_format::MemoryFormat;
use crate::promotion::{can_cast, promote_types, Operand, ResultTypeState};
use crate::shape::{self, wrap_dim, Dims};

/// PyTorch's legacy exception: a 1-D tensor without elements joins anything.
fn is_skipped(t: &Tensor) -> bool {
    t.dim() == 1 && t.sizes()[0] == 0
}

/// PyTorch's `cat_compute_output_memory_format`: the suggested format every input shares, else contiguous.
fn output_memory_format(tensors: &[&Tensor]) -> MemoryFormat {
    let mut common = None;
    for t in tensors {
        let format = t.suggest_memory_format();
        if format == MemoryFormat::Contiguous || common.is_some_and(|c| c != format) {
            return MemoryFormat::Contiguous;
        }
        common = Some(format);
    }
    common.unwrap_or(MemoryFormat::Contiguous)
}

/// PyTorch's `check_cat_shape_except_dim`: `t` (number `index`) against the first input that is not skipped.
fn check_shape_except_dim(first: &Tensor, t: &Tensor, dim: usize, index: usize) -> Result<()> {
    if first.dim() != t.dim() {
        runtime_err!("Tensors must have same number of dimensions: got {} and {}", first.dim(), t.dim())
    }
    for (d, (&expected, &got)) in first.sizes().iter().zip(t.sizes()).enumerate() {
        if d != dim && expected != got {
            runtime_err!(
                "Sizes of tensors must match except in dimension {dim}. Expected size {expected} but got size {got} \
                 for tensor number {index} in the list."
            )
        }
    }
    Ok(())
}

/// The one device of the inputs (the dispatcher's check across the tensors of a list).
pub(super) fn common_device(tensors: &[&Tensor]) -> Result<crate::device::Device> {
    let first = tensors[0].device();
    if let Some(other) = tensors.iter().map(|t| t.device()).find(|&d| d != first) {
        runtime_err!(
            "Expected all tensors to be on the same device, but found at least two devices, {first} and {other}!"
        )
    }
    Ok(first)
}

/// `out=` must not write where an input is read, nor into overlapping elements (PyTorch's `assert_no_overlap`).
fn check_no_overlap(result: &Tensor, tensors: &[&Tensor]) -> Result<()> {
    overlap::assert_no_internal_overlap(result.into())?;
    for t in tensors {
        if matches!(overlap::overlap(result.into(), (*t).into()), Overlap::Full | Overlap::Partial) {
            runtime_err!("{}", overlap::PARTIAL_OVERLAP_MSG)
        }
    }
    Ok(())
}

/// The inputs as PyTorch sees them after resizing `out=`: an input that is the `out=` tensor itself (`before`, one
/// Python object) is resized with it (`after`).
fn resized_along<'a>(tensors: &[&'a Tensor], before: &Tensor, after: &'a Tensor) -> Vec<&'a Tensor> {
    tensors.iter().map(|&t| if t.is_same_object(before) { after } else { t }).collect()
}

/// `torch.cat(tensors, dim, out=)`: the inputs joined along `dim` (see the module's rules).
pub fn cat(tensors: &[&Tensor], dim: i64, output: Output<'_>) -> Result<Tensor> {
    let meta_out = matches!(&output, Output::Out(o) if meta_rules(o));
    if meta_out || tensors.iter().any(|t| meta_rules(t)) {
        return reference_cat(tensors, dim, output);
    }
    if let Some(i) = tensors.iter().position(|t| t.dim() == 0) {
        runtime_err!("zero-dimensional tensor (at position {i}) cannot be concatenated")
    }
    let valid = tensors.iter().position(|t| !is_skipped(t));
    // PyTorch's `legacy_cat_wrap_dim` wraps by the first input that is not skipped (none: no dimension is used)
    let dim = valid.map(|v| wrap_dim(dim, tensors[v].dim())).transpose()?;
    if tensors.is_empty() {
        return Err(Error::Value("oxtorch.cat(): expected a non-empty list of Tensors".into()));
    }
    let format = output_memory_format(tensors);
    let mut dtype = tensors.iter().map(|t| t.dtype()).reduce(promote_types).expect("a non-empty list");
    if let Output::Out(out) = &output {
        if !can_cast(dtype, out.dtype()) {
            return Err(Error::Type(format!(
                "oxtorch.cat(): input types can't be cast to the desired output type {}",
                out.dtype().scalar_type_name()
            )));
        }
        dtype = out.dtype();
    }
    let device = common_device(tensors)?;
    let (sizes, dim) = match (valid, dim) {
        (Some(v), Some(dim)) => {
            let first = tensors[v];
            let mut along = 0;
            for (i, t) in tensors.iter().enumerate().filter(|(_, t)| !is_skipped(t)) {
                check_shape_except_dim(first, t, dim, i)?;
                along += t.sizes()[dim];
            }
            let mut sizes = Dims::from(first.sizes());
            sizes[dim] = along;
            (sizes, Some(dim))
        }
        _ => (Dims::from(&[0][..]), None),
    };
    let strides = format.strides_for(&sizes)?;
    let result = match output {
        Output::Out(slot) => {
            if slot.device() != device {
                runtime_err!("Expected out tensor to have device {device}, but got {} instead", slot.device())
            }
            let before = slot.clone();
            if slot.sizes() != sizes.as_slice() {
                super::ops::resize_output(slot, &sizes, &strides, slot.dtype(), device)?;
            }
            if dim.is_some() {
                check_no_overlap(slot, &resized_along(tensors, &before, slot))?;
            }
            slot.clone()
        }
        Output::New => factory::empty_strided(&sizes, &strides, (dtype, device))?,
        Output::InPlace => return Err(Error::Runtime("internal error: cat has no in-place form".into())),
    };
    if let Some(dim) = dim {
        let mut offset = 0;
        for t in tensors.iter().filter(|t| !is_skipped(t)) {
            let length = t.sizes()[dim];
            result.narrow(dim as i64, offset as i64, length as i64)?.copy_(t)?;
            offset += length;
        }
    }
    Ok(result)
}

/// `torch.cat` as PyTorch runs it when a meta tensor takes part: its Python reference under
/// `elementwise_type_promotion_wrapper` (zero-dim inputs promote as lower-priority operands) and `out_wrapper`.
/// The reference checks one device for all inputs first, skips 1-D empty inputs only beside inputs of another rank,
/// words its messages its own way, gives a contiguous `[0]` result when every input is skipped, and resizes an
/// `out=` tensor to contiguous strides before refusing a copy across devices or an unsafe cast.
fn reference_cat(tensors: &[&Tensor], dim: i64, output: Output<'_>) -> Result<Tensor> {
    if tensors.is_empty() {
        return Err(Error::Value("cat expects at least one tensor, but received zero!".into()));
    }
    let operand = |t: &Tensor| if t.dim() == 0 { Operand::ZeroDim(t.dtype()) } else { Operand::Dimensioned(t.dtype()) };
    let dtype = tensors
        .iter()
        .fold(ResultTypeState::default(), |s, t| s.update(&operand(t)))
        .result()
        .expect("a non-empty list");
    let device = tensors[0].device();
    if let Some(other) = tensors.iter().map(|t| t.device()).find(|&d| d != device) {
        runtime_err!("Tensor on device {other} is not on the expected device {device}!")
    }
    let mismatch = |expected: usize, got: usize, i: usize| -> Result<()> {
        runtime_err!(
            "Number of dimensions of tensors must match.  Expected {expected}-D tensors, but got {got}-D for tensor \
             number {i} in the list"
        )
    };
    let example = tensors.iter().position(|t| t.dim() != 1);
    if let Some(e) = example {
        for (i, t) in tensors.iter().enumerate().skip(e + 1) {
            if t.dim() != 1 && t.dim() != tensors[e].dim() {
                mismatch(tensors[e].dim(), t.dim(), i)?;
            }
        }
    }
    let rank = tensors[example.unwrap_or(0)].dim();
    let mut filtered = Vec::with_capacity(tensors.len());
    for (i, t) in tensors.iter().enumerate() {
        if t.dim() != rank {
            if t.sizes()[0] != 0 {
                mismatch(rank, 1, i)?;
            }
        } else if !is_skipped(t) {
            filtered.push(*t);
        }
    }
    let format = output_memory_format(tensors);
    let sizes = match filtered.first() {
        None => Dims::from(&[0][..]),
        Some(first) => {
            let dim = wrap_dim(dim, first.dim())?;
            if first.dim() == 0 {
                // `prims.cat`'s meta function writes the joined size into an empty shape: Python's IndexError
                return Err(Error::Index("list assignment index out of range".into()));
            }
            let mut along = 0;
            for (i, t) in filtered.iter().enumerate() {
                for (d, (&expected, &got)) in first.sizes().iter().zip(t.sizes()).enumerate() {
                    if d != dim && expected != got {
                        runtime_err!(
                            "Sizes of tensors must match except in dimension {dim}. Expected {expected} in dimension \
                             {d} but got {got} for tensor number {i} in the list"
                        )
                    }
                }
                along += t.sizes()[dim];
            }
            let mut sizes = Dims::from(first.sizes());
            sizes[dim] = along;
            sizes
        }
    };
    let strides = format.strides_for(&sizes)?;
    match output {
        Output::New => factory::empty_strided(&sizes, &strides, (dtype, device)),
        Output::Out(out) => {
            // PyTorch computes a result on the inputs' device (only to refuse copying it when that is not `out`'s)
            super::meta::copy_reference_result(&sizes, &strides, dtype, device, out)?;
            Ok(out.clone())
        }
        Output::InPlace => Err(Error::Runtime("internal error: cat has no in-place form".into())),
    }
}

/// PyTorch's `check_stack_inputs`: every input has the first one's shape.
fn check_stack_inputs(tensors: &[&Tensor]) -> Result<()> {
    check_stack_sizes(tensors.iter().map(|t| t.sizes()))
}

/// `check_stack_inputs` over the inputs' sizes (of any kind of tensor): each is the first's.
pub(crate) fn check_stack_sizes<'a>(mut sizes: impl Iterator<Item = &'a [usize]>) -> Result<()> {
    let Some(first) = sizes.next() else { return Ok(()) };
    for (i, other) in sizes.enumerate() {
        if other != first {
            runtime_err!(
                "stack expects each tensor to be equal size, but got {first:?} at entry 0 and {other:?} at entry {}",
                i + 1
            )
        }
    }
    Ok(())
}

/// `torch.stack(tensors, dim, out=)`: the inputs (of one shape) joined along a new dimension `dim`.
pub fn stack(tensors: &[&Tensor], dim: i64, output: Output<'_>) -> Result<Tensor> {
    let meta = tensors.iter().any(|t| meta_rules(t));
    if matches!(&output, Output::Out(o) if meta || meta_rules(o)) {
        return reference_stack(tensors, dim, output);
    }
    let Some(first) = tensors.first() else { runtime_err!("stack expects a non-empty TensorList") };
    let rank = first.dim();
    let wrapped = wrap_dim(dim, rank + 1)?;
    if wrapped == rank && meta {
        // a new last dimension of meta tensors: each input unsqueezed unchecked, the checks left to `cat` (CPU
        // tensors compare their sizes first)
        let unsqueezed = unsqueezed(tensors, wrapped)?;
        return cat(&unsqueezed.iter().collect::<Vec<_>>(), dim, output);
    }
    check_stack_inputs(tensors)?;
    let mut result_sizes = Dims::from(first.sizes());
    result_sizes.insert(wrapped, tensors.len());
    if wrapped < rank {
        // the inputs joined along `wrapped` hold the result's elements in its order: a view splits the dimension
        let result_shape = super::view::to_i64(&result_sizes);
        match output {
            Output::New => return cat(tensors, wrapped as i64, Output::New)?.view(&result_shape),
            Output::Out(slot) => {
                let before = slot.clone();
                if slot.sizes() != result_sizes.as_slice() {
                    let strides = shape::contiguous_strides(&result_sizes);
                    let (dtype, device) = (slot.dtype(), slot.device());
                    super::ops::resize_output(slot, &result_sizes, &strides, dtype, device)?;
                }
                let resized = slot.clone();
                let tensors = resized_along(tensors, &before, &resized);
                // the sizes of the (possibly resized) first input, joined
                let mut cat_sizes = Dims::from(tensors[0].sizes());
                if let Some(size) = cat_sizes.get_mut(wrapped) {
                    *size *= tensors.len();
                }
                if shape::view_strides(slot.sizes(), slot.strides(), &cat_sizes).is_some() {
                    let mut joined = slot.view(&super::view::to_i64(&cat_sizes))?;
                    cat(&tensors, wrapped as i64, Output::Out(&mut joined))?;
                    return Ok(slot.clone());
                }
                check_stack_inputs(&tensors)?;
                let unsqueezed = unsqueezed(&tensors, wrapped)?;
                return cat(&unsqueezed.iter().collect::<Vec<_>>(), dim, Output::Out(slot));
            }
            Output::InPlace => return Err(Error::Runtime("internal error: stack has no in-place form".into())),
        }
    }
    let unsqueezed = unsqueezed(tensors, wrapped)?;
    cat(&unsqueezed.iter().collect::<Vec<_>>(), dim, output)
}

/// `stack(..., out=)` as PyTorch runs it when a meta tensor takes part: its Python reference `torch._refs.stack`
/// (its own wording of the size check) under `out_wrapper` (the result computed, then `out` resized to contiguous
/// strides and the copy's device and safe-cast checks). `stack` without `out=` keeps the C++ composite's path.
fn reference_stack(tensors: &[&Tensor], dim: i64, output: Output<'_>) -> Result<Tensor> {
    let Output::Out(out) = output else {
        return Err(Error::Runtime("internal error: the reference stack writes into out=".into()));
    };
    let Some(first) = tensors.first() else {
        return Err(Error::Assertion("stack expects a non-empty TensorList".into()));
    };
    let wrapped = wrap_dim(dim, first.dim() + 1)?;
    let result = if wrapped < first.dim() {
        if tensors.iter().any(|t| t.sizes() != first.sizes()) {
            runtime_err!(
                "stack expects each tensor to be equal size, but got oxtorch.Size({:?}) at entry 0 ",
                first.sizes()
            )
        }
        let mut result_sizes = first.sizes().to_vec();
        result_sizes.insert(wrapped, tensors.len());
        cat(tensors, wrapped as i64, Output::New)?.view(&super::view::to_i64(&result_sizes))?
    } else {
        let unsqueezed = unsqueezed(tensors, wrapped)?;
        cat(&unsqueezed.iter().collect::<Vec<_>>(), dim, Output::New)?
    };
    super::meta::copy_reference_result(result.sizes(), result.strides(), result.dtype(), result.device(), out)?;
    Ok(out.clone())
}

/// Each input with a dimension of size 1 inserted at `dim`.
fn unsqueezed(tensors: &[&Tensor], dim: usize) -> Result<Vec<Tensor>> {
    tensors.iter().map(|t| t.unsqueeze(dim as i64)).collect()
}

/// numpy's stacking functions, each `cat` of its inputs raised to a least rank.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stacking {
    /// `hstack`: inputs of at least one dimension, joined along the first (1-D inputs) or the second.
    Horizontal,
    /// `vstack` (`row_stack`): inputs of at least two dimensions, joined along the first.
    Vertical,
    /// `dstack`: inputs of at least three dimensions, joined along the third.
    Depth,
}

impl Stacking {
    /// The function's name.
    pub fn name(self) -> &'static str {
        match self {
            Stacking::Horizontal => "hstack",
            Stacking::Vertical => "vstack",
            Stacking::Depth => "dstack",
        }
    }

    /// How `atleast_1d` / `atleast_2d` / `atleast_3d` raise an input of `rank` dimensions, as PyTorch shapes
    /// them: a zero-dim input is reshaped, a 1-D one becomes a row (`[1, n]`, and `[1, n, 1]` in three dimensions),
    /// a 2-D one gains a last dimension.
    pub fn raising(self, rank: usize) -> Raising {
        match (self, rank) {
            (Stacking::Horizontal, 0) => Raising::Reshape(&[1]),
            (Stacking::Vertical, 0) => Raising::Reshape(&[1, 1]),
            (Stacking::Depth, 0) => Raising::Reshape(&[1, 1, 1]),
            (Stacking::Vertical, 1) => Raising::Unsqueeze(&[0]),
            (Stacking::Depth, 1) => Raising::Unsqueeze(&[0, -1]),
            (Stacking::Depth, 2) => Raising::Unsqueeze(&[-1]),
            _ => Raising::Unsqueeze(&[]),
        }
    }

    /// The dimension the raised inputs join along (`hstack`: the first for 1-D inputs, else the second).
    pub fn joined_dim(self, first_raised_rank: usize) -> i64 {
        match self {
            Stacking::Horizontal if first_raised_rank == 1 => 0,
            Stacking::Horizontal => 1,
            Stacking::Vertical => 0,
            Stacking::Depth => 2,
        }
    }

    /// One input raised to the function's least rank.
    fn raise(self, t: &Tensor) -> Result<Tensor> {
        match self.raising(t.dim()) {
            Raising::Reshape(shape) => t.reshape(shape),
            Raising::Unsqueeze(dims) => dims.iter().try_fold(t.clone(), |t, &d| t.unsqueeze(d)),
        }
    }
}

/// How an input of numpy's stacking functions reaches their least rank.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Raising {
    /// Reshaped (a zero-dim input).
    Reshape(&'static [i64]),
    /// These dimensions inserted, one after the other (none: the input as it is).
    Unsqueeze(&'static [i64]),
}

/// `torch.hstack` / `vstack` / `dstack(tensors, out=)`.
pub fn stack_numpy(kind: Stacking, tensors: &[&Tensor], output: Output<'_>) -> Result<Tensor> {
    if tensors.is_empty() {
        runtime_err!("{} expects a non-empty TensorList", kind.name())
    }
    let raised: Vec<Tensor> = tensors.iter().map(|t| kind.raise(t)).collect::<Result<_>>()?;
    cat(&raised.iter().collect::<Vec<_>>(), kind.joined_dim(raised[0].dim()), output)
}

impl Tensor {
    /// `torch.cat(tensors, dim)`: a new tensor.
    pub fn cat(tensors: &[&Tensor], dim: i64) -> Result<Tensor> {
        cat(tensors, dim, Output::New)
    }

    /// `torch.stack(tensors, dim)`: a new tensor.
    pub fn stack(tensors: &[&Tensor], dim: i64) -> Result<Tensor> {
        stack(tensors, dim, Output::New)
    }
}
