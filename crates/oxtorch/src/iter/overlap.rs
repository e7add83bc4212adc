//! Memory overlap between tensors (PyTorch's `MemoryOverlap.cpp`): whether a tensor's own elements overlap, and
//! how an input's memory relates to an output's. The iterator refuses writes that these checks flag.

use super::TensorView;
use crate::error::{runtime_err, Result};
use crate::shape;

/// PyTorch's message for writing into a tensor whose elements overlap.
pub const INTERNAL_OVERLAP_MSG: &str = "unsupported operation: more than one element of the written-to tensor refers to a single memory location. Please clone() the tensor before performing the operation.";
/// PyTorch's message for an input that partially overlaps the output.
pub const PARTIAL_OVERLAP_MSG: &str = "unsupported operation: some elements of the input tensor and the written-to tensor refer to a single memory location. Please clone() the tensor before performing the operation.";

/// How two views of memory relate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Overlap {
    /// They share no element.
    No,
    /// They cover exactly the same dense range.
    Full,
    /// They share some elements but not all.
    Partial,
    /// Cannot tell cheaply (a non-dense view).
    TooHard,
}

/// Whether a tensor's elements overlap each other (PyTorch's `has_internal_overlap`): `Some(true)` for an
/// expanded tensor, `Some(false)` for a dense one, `None` when it cannot tell.
pub fn has_internal_overlap(t: TensorView<'_>) -> Option<bool> {
    if shape::is_non_overlapping_and_dense(t.sizes, t.strides) {
        return Some(false);
    }
    if t.sizes.iter().zip(t.strides).any(|(&sz, &st)| st == 0 && sz > 1) {
        return Some(true);
    }
    None
}

/// Refuses to write into a tensor whose elements overlap.
pub fn assert_no_internal_overlap(t: TensorView<'_>) -> Result<()> {
    if has_internal_overlap(t) == Some(true) {
        runtime_err!("{INTERNAL_OVERLAP_MSG}")
    }
    Ok(())
}

/// How the memory of `a` and `b` relates (PyTorch's `get_overlap_status`).
pub fn overlap(a: TensorView<'_>, b: TensorView<'_>) -> Overlap {
    if a.is_same(b) && a.dtype() == b.dtype() {
        return Overlap::Full;
    }
    if a.numel() == 0 || b.numel() == 0 || !a.storage.ptr_eq(b.storage) {
        return Overlap::No;
    }
    let dense = |t: TensorView<'_>| shape::is_non_overlapping_and_dense(t.sizes, t.strides);
    if !dense(a) || !dense(b) {
        return Overlap::TooHard;
    }
    // byte ranges, so that views of one allocation as different dtypes compare correctly
    let range = |t: TensorView<'_>| {
        let start = t.offset * t.dtype().itemsize();
        (start, start + t.numel() * t.dtype().itemsize())
    };
    let ((a0, a1), (b0, b1)) = (range(a), range(b));
    if a0 == b0 && a1 == b1 {
        // the same bytes in another order (`a.add_(a.t())`) is a partial overlap to PyTorch
        if a.strides == b.strides {
            Overlap::Full
        } else {
            Overlap::Partial
        }
    } else if a0 < b1 && b0 < a1 {
        Overlap::Partial
    } else {
        Overlap::No
    }
}

/// Refuses an input that partially overlaps the output.
pub fn assert_no_partial_overlap(output: TensorView<'_>, input: TensorView<'_>) -> Result<()> {
    if overlap(output, input) == Overlap::Partial {
        runtime_err!("{PARTIAL_OVERLAP_MSG}")
    }
    Ok(())
}
