//! The elementwise iterator (PyTorch's TensorIterator): the one place that decides, for an operation over an
//! output and some inputs, the broadcast shape, the output's shape check, overlap checks, and the order and
//! coalescing of dimensions the kernels loop over. Kernels only follow the [`Plan`] it produces.

use crate::error::{runtime_err, Result};
use crate::shape::{self, Dims};
use crate::tensor::Tensor;
use smallvec::SmallVec;

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
pub fn has_internal_overlap(t: &Tensor) -> Option<bool> {
    if shape::is_non_overlapping_and_dense(t.sizes(), t.strides()) {
        return Some(false);
    }
    if t.sizes().iter().zip(t.strides()).any(|(&sz, &st)| st == 0 && sz > 1) {
        return Some(true);
    }
    None
}

/// Refuses to write into a tensor whose elements overlap.
pub fn assert_no_internal_overlap(t: &Tensor) -> Result<()> {
    if has_internal_overlap(t) == Some(true) {
        runtime_err!("{INTERNAL_OVERLAP_MSG}")
    }
    Ok(())
}

/// How the memory of `a` and `b` relates (PyTorch's `get_overlap_status`).
pub fn overlap(a: &Tensor, b: &Tensor) -> Overlap {
    if a.numel() == 0 || b.numel() == 0 || !a.storage().same(b.storage()) {
        return Overlap::No;
    }
    let dense = |t: &Tensor| shape::is_non_overlapping_and_dense(t.sizes(), t.strides());
    if !dense(a) || !dense(b) {
        return Overlap::TooHard;
    }
    let (a0, a1) = (a.storage_offset(), a.storage_offset() + a.numel());
    let (b0, b1) = (b.storage_offset(), b.storage_offset() + b.numel());
    if a0 == b0 && a1 == b1 {
        Overlap::Full
    } else if a0 < b1 && b0 < a1 {
        Overlap::Partial
    } else {
        Overlap::No
    }
}

/// Refuses an input that partially overlaps the output.
pub fn assert_no_partial_overlap(output: &Tensor, input: &Tensor) -> Result<()> {
    if overlap(output, input) == Overlap::Partial {
        runtime_err!("{PARTIAL_OVERLAP_MSG}")
    }
    Ok(())
}

/// The loop an elementwise kernel runs: operands already broadcast to one shape, dimensions reordered
/// innermost-first and coalesced. Operand 0 is the output.
#[derive(Debug, Clone)]
pub struct Plan {
    /// Iteration sizes, innermost dimension first.
    pub sizes: Dims,
    /// Per operand, its element strides for each entry of `sizes`.
    pub strides: Vec<Dims>,
    /// Per operand, its storage offset.
    pub offsets: Vec<usize>,
}

impl Plan {
    /// Plans a loop over tensors that all have the same sizes (the output first).
    pub fn new(operands: &[&Tensor]) -> Plan {
        let sizes = operands[0].sizes();
        let all_strides: Vec<&[usize]> = operands.iter().map(|t| t.strides()).collect();
        let perm = shape::stride_order(sizes, &all_strides);
        // drop size-1 dimensions, then merge neighbours that are contiguous for every operand
        let mut out_sizes: Dims = SmallVec::new();
        let mut out_strides: Vec<Dims> = vec![SmallVec::new(); operands.len()];
        for &d in perm.iter() {
            if sizes[d] == 1 {
                continue;
            }
            let mergeable = out_sizes.last().is_some_and(|&prev_size| {
                all_strides.iter().zip(&out_strides).all(|(s, o)| o.last().map(|&ps| ps * prev_size) == Some(s[d]))
            });
            if mergeable {
                if let Some(last) = out_sizes.last_mut() {
                    *last *= sizes[d];
                }
            } else {
                out_sizes.push(sizes[d]);
                for (o, s) in out_strides.iter_mut().zip(&all_strides) {
                    o.push(s[d]);
                }
            }
        }
        if out_sizes.is_empty() {
            out_sizes.push(if sizes.contains(&0) { 0 } else { 1 });
            for o in out_strides.iter_mut() {
                o.push(0);
            }
        }
        Plan { sizes: out_sizes, strides: out_strides, offsets: operands.iter().map(|t| t.storage_offset()).collect() }
    }

    /// Total number of elements.
    pub fn numel(&self) -> usize {
        self.sizes.iter().product()
    }

    /// The innermost stride of operand `k`.
    pub fn inner_stride(&self, k: usize) -> usize {
        self.strides[k][0]
    }

    /// Calls `f(offsets, len)` for every run of the innermost dimension, with each operand's starting offset.
    pub fn for_each_run(&self, mut f: impl FnMut(&[usize], usize)) {
        let n = self.offsets.len();
        if self.numel() == 0 {
            return;
        }
        let inner = self.sizes[0];
        let outer_dims = &self.sizes[1..];
        let mut counter: Dims = SmallVec::from_elem(0, outer_dims.len());
        let mut offsets: SmallVec<[usize; 4]> = self.offsets.iter().copied().collect();
        loop {
            f(&offsets, inner);
            // advance the outer counter
            let mut d = 0;
            loop {
                if d == outer_dims.len() {
                    return;
                }
                counter[d] += 1;
                for (k, off) in offsets.iter_mut().enumerate().take(n) {
                    *off += self.strides[k][d + 1];
                }
                if counter[d] < outer_dims[d] {
                    break;
                }
                for (k, off) in offsets.iter_mut().enumerate().take(n) {
                    *off -= self.strides[k][d + 1] * outer_dims[d];
                }
                counter[d] = 0;
                d += 1;
            }
        }
    }
}
