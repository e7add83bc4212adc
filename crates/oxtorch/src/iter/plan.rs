//! The loop plan of an elementwise operation: every operand broadcast to one shape, dimensions reordered
//! innermost-first (by the operands' strides, as TensorIterator's `reorder_dimensions`) and coalesced where every
//! operand is contiguous across them (`coalesce_dimensions`). A plan is plain data: the CPU backend walks it with
//! [`Plan::for_each_run_in`], the CUDA backend passes its sizes and strides to a generated kernel.

use super::TensorView;
use crate::shape::{self, Dims};
use smallvec::SmallVec;

/// The loop an elementwise kernel runs: operands already broadcast to one shape, dimensions reordered
/// innermost-first and coalesced. Operand 0 is the output.
#[derive(Debug, Clone)]
pub struct Plan {
    /// Iteration sizes, innermost dimension first.
    pub sizes: Dims,
    /// Per operand, its element strides for each entry of `sizes`.
    pub strides: SmallVec<[Dims; 3]>,
    /// Per operand, its storage offset.
    pub offsets: SmallVec<[usize; 3]>,
}

impl Plan {
    /// Plans a loop over tensors that all have the same sizes (the output first).
    pub fn new(operands: &[TensorView<'_>]) -> Plan {
        let strides: SmallVec<[&[usize]; 3]> = operands.iter().map(|t| t.strides).collect();
        let offsets: SmallVec<[usize; 3]> = operands.iter().map(|t| t.offset).collect();
        Plan::from_geometry(operands[0].sizes, &strides, &offsets)
    }

    /// Plans a loop over operands of one shape given by their strides and offsets (the output first).
    pub fn from_geometry(sizes: &[usize], all_strides: &[&[usize]], offsets: &[usize]) -> Plan {
        if sizes.contains(&0) {
            // nothing to visit (and the other sizes may multiply past 64 bits)
            return Plan {
                sizes: smallvec::smallvec![0],
                strides: all_strides.iter().map(|_| smallvec::smallvec![0]).collect(),
                offsets: offsets.iter().copied().collect(),
            };
        }
        let perm = shape::stride_order(sizes, all_strides);
        // drop size-1 dimensions, then merge neighbours that are contiguous for every operand
        let mut out_sizes: Dims = SmallVec::new();
        let mut out_strides: SmallVec<[Dims; 3]> = SmallVec::from_elem(SmallVec::new(), all_strides.len());
        for &d in perm.iter() {
            if sizes[d] == 1 {
                continue;
            }
            let mergeable = out_sizes.last().is_some_and(|&prev_size| {
                all_strides
                    .iter()
                    .zip(&out_strides)
                    .all(|(s, o)| o.last().map(|&ps| ps.wrapping_mul(prev_size)) == Some(s[d]))
            });
            if mergeable {
                if let Some(last) = out_sizes.last_mut() {
                    *last *= sizes[d];
                }
            } else {
                out_sizes.push(sizes[d]);
                for (o, s) in out_strides.iter_mut().zip(all_strides) {
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
        Plan { sizes: out_sizes, strides: out_strides, offsets: offsets.iter().copied().collect() }
    }

    /// A flat loop over `n` elements, every operand contiguous from its offset.
    pub fn contiguous(n: usize, offsets: &[usize]) -> Plan {
        Plan::flat(n, offsets.iter().map(|&offset| (offset, 1)))
    }

    /// A flat loop over `n` elements: each operand `(offset, stride)` starts at its offset and moves by its stride
    /// (1, or 0 for one value read for every element).
    pub fn flat(n: usize, operands: impl IntoIterator<Item = (usize, usize)>) -> Plan {
        // built by pushes: collecting nested small vectors costs more than a one-element operation's arithmetic
        let (mut strides, mut offsets) = (SmallVec::new(), SmallVec::new());
        for (offset, stride) in operands {
            let mut inner: Dims = SmallVec::new();
            inner.push(stride);
            strides.push(inner);
            offsets.push(offset);
        }
        let mut sizes: Dims = SmallVec::new();
        sizes.push(n);
        Plan { sizes, strides, offsets }
    }

    /// Total number of elements.
    pub fn numel(&self) -> usize {
        self.sizes.iter().product()
    }

    /// Whether operand `k` is one value repeated (stride 0 wherever the iteration has more than one element):
    /// PyTorch's `TensorIterator::is_scalar`.
    pub fn is_scalar(&self, k: usize) -> bool {
        self.sizes.iter().zip(&self.strides[k]).all(|(&n, &s)| s == 0 || n == 1)
    }

    /// Whether operand `k` is contiguous along the whole iteration (one flat dimension of stride 1).
    pub fn is_contiguous(&self, k: usize) -> bool {
        self.sizes.len() == 1 && self.strides[k][0] == 1
    }

    /// The innermost stride of operand `k`.
    pub fn inner_stride(&self, k: usize) -> usize {
        self.strides[k][0]
    }

    /// Calls `f(offsets, len)` for every run of the innermost dimension, with each operand's starting offset.
    pub fn for_each_run(&self, f: impl FnMut(&[usize], usize)) {
        self.for_each_run_in(0, self.numel(), 0, f)
    }

    /// Whether the output (operand 0) is laid out densely in iteration order, so that any range of iteration
    /// indices is one contiguous range of output memory.
    pub fn output_is_linear(&self) -> bool {
        let mut expected = 1;
        for (&size, &stride) in self.sizes.iter().zip(&self.strides[0]) {
            if size > 1 && stride != expected {
                return false;
            }
            expected *= size;
        }
        true
    }

    /// Like [`Plan::for_each_run`] for the iteration indices `start..end` only, with operand 0's offsets reduced
    /// by `out_base` (so that they index a slice of the output that starts at `out_base`).
    pub fn for_each_run_in(&self, start: usize, end: usize, out_base: usize, mut f: impl FnMut(&[usize], usize)) {
        let end = end.min(self.numel());
        if start >= end {
            return;
        }
        let n = self.offsets.len();
        if self.sizes.len() == 1 {
            // one flat dimension: a single run
            let mut offsets: SmallVec<[usize; 4]> = SmallVec::from_slice(&self.offsets);
            for (offset, strides) in offsets.iter_mut().zip(&self.strides) {
                *offset = offset.wrapping_add(start.wrapping_mul(strides[0]));
            }
            offsets[0] = offsets[0].wrapping_sub(out_base);
            f(&offsets, end - start);
            return;
        }
        let inner = self.sizes[0];
        let outer_dims = &self.sizes[1..];
        // the multi-index of `start`
        let mut counter: Dims = SmallVec::from_elem(0, outer_dims.len());
        let mut row = start / inner;
        for (d, c) in counter.iter_mut().enumerate() {
            *c = row % outer_dims[d];
            row /= outer_dims[d];
        }
        let mut offsets: SmallVec<[usize; 4]> = (0..n)
            .map(|k| {
                let outer: usize = counter.iter().enumerate().map(|(d, &c)| c * self.strides[k][d + 1]).sum();
                self.offsets[k] + outer
            })
            .collect();
        // the chunk may start inside a row, before which the row's start lies: wrap, and the shift below brings
        // the first run's offset back into the chunk
        offsets[0] = offsets[0].wrapping_sub(out_base);
        let mut inner_pos = start % inner;
        let mut remaining = end - start;
        loop {
            let len = (inner - inner_pos).min(remaining);
            if inner_pos == 0 {
                f(&offsets, len);
            } else {
                let shifted: SmallVec<[usize; 4]> =
                    offsets.iter().enumerate().map(|(k, &o)| o.wrapping_add(inner_pos * self.strides[k][0])).collect();
                f(&shifted, len);
            }
            remaining -= len;
            if remaining == 0 {
                return;
            }
            inner_pos = 0;
            // advance the outer counter
            let mut d = 0;
            loop {
                if d == outer_dims.len() {
                    return;
                }
                counter[d] += 1;
                for (k, off) in offsets.iter_mut().enumerate() {
                    *off = off.wrapping_add(self.strides[k][d + 1]);
                }
                if counter[d] < outer_dims[d] {
                    break;
                }
                for (k, off) in offsets.iter_mut().enumerate() {
                    *off = off.wrapping_sub(self.strides[k][d + 1] * outer_dims[d]);
                }
                counter[d] = 0;
                d += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every element's offsets by a naive odometer over the original (uncoalesced) geometry, row-major.
    fn naive(sizes: &[usize], strides: &[&[usize]], offsets: &[usize]) -> Vec<Vec<usize>> {
        let n: usize = sizes.iter().product();
        (0..n)
            .map(|mut i| {
                let mut idx = vec![0; sizes.len()];
                for d in (0..sizes.len()).rev() {
                    idx[d] = i % sizes[d];
                    i /= sizes[d];
                }
                strides
                    .iter()
                    .zip(offsets)
                    .map(|(s, &o)| o + idx.iter().zip(*s).map(|(a, b)| a * b).sum::<usize>())
                    .collect()
            })
            .collect()
    }

    /// The offsets a plan visits, in its iteration order, for iteration indices `start..end`.
    fn visited(plan: &Plan, start: usize, end: usize) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        plan.for_each_run_in(start, end, 0, |offs, len| {
            for i in 0..len {
                out.push(offs.iter().enumerate().map(|(k, &o)| o + i * plan.strides[k][0]).collect());
            }
        });
        out
    }

    fn sorted(mut v: Vec<Vec<usize>>) -> Vec<Vec<usize>> {
        v.sort();
        v
    }

    /// Sizes, per-operand strides and offsets of one plan.
    type Geometry<'a> = (&'a [usize], &'a [&'a [usize]], &'a [usize]);

    #[test]
    fn plans_visit_every_element_once() {
        let cases: &[Geometry<'_>] = &[
            (&[2, 3, 4], &[&[12, 4, 1], &[1, 2, 6]], &[0, 5]),
            (&[4, 1, 3], &[&[3, 3, 1], &[0, 0, 1]], &[1, 0]),
            (&[3, 4], &[&[1, 3], &[4, 1]], &[0, 0]),
            (&[5], &[&[2], &[0]], &[3, 7]),
            (&[2, 0, 3], &[&[0, 3, 1], &[3, 3, 1]], &[0, 0]),
            (&[], &[&[], &[]], &[4, 9]),
        ];
        for &(sizes, strides, offsets) in cases {
            let plan = Plan::from_geometry(sizes, strides, offsets);
            assert_eq!(plan.numel(), sizes.iter().product::<usize>());
            let expected = sorted(naive(sizes, strides, offsets));
            assert_eq!(sorted(visited(&plan, 0, plan.numel())), expected, "{sizes:?} {strides:?}");
            // any split into two ranges visits the same elements
            let mid = plan.numel() / 2;
            let mut halves = visited(&plan, 0, mid);
            halves.extend(visited(&plan, mid, plan.numel()));
            assert_eq!(sorted(halves), expected);
        }
    }

    #[test]
    fn a_chunk_may_start_inside_a_row() {
        // an output view at storage offset 10, in rows of 5 (not merged: the input is transposed); the chunk
        // starting at iteration index 7 sees offsets relative to the chunk's first element, 17
        let plan = Plan::from_geometry(&[4, 5], &[&[5, 1], &[1, 4]], &[10, 0]);
        let mut runs = Vec::new();
        plan.for_each_run_in(7, 12, 17, |offs, len| runs.push((offs[0], len)));
        assert_eq!(runs, vec![(0, 3), (3, 2)]);
    }

    #[test]
    fn coalescing_merges_contiguous_dimensions() {
        let plan = Plan::from_geometry(&[2, 3, 4], &[&[12, 4, 1], &[12, 4, 1]], &[0, 0]);
        assert_eq!(plan.sizes.as_slice(), &[24]);
        assert!(plan.output_is_linear() && plan.is_contiguous(1));
        let t = Plan::from_geometry(&[3, 4], &[&[4, 1], &[1, 3]], &[0, 0]);
        assert_eq!(t.sizes.len(), 2);
        assert!(!t.is_scalar(1));
        let s = Plan::from_geometry(&[3, 4], &[&[4, 1], &[0, 0]], &[0, 2]);
        assert!(s.is_scalar(1));
    }
}
