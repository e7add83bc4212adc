//! The casting copy: `dst[i] = src[i] as D` by PyTorch's conversion rules (see [`crate::element`]).
//!
//! Copies that transpose (the destination moves fastest along a dimension where the source jumps, and the source
//! moves fastest along the next one: `t().contiguous()`, NCHW to channels-last) go tile by tile through a
//! buffer in the first-level cache, casts fused in; every other copy streams along the innermost dimension. Large
//! copies run on several threads, on disjoint parts of the destination.

use super::parallel::for_chunks;
use crate::element::Element;
use crate::iter::Plan;

/// The least size of both dimensions of a copy that goes the transposing way.
const MIN_TRANSPOSED: usize = 32;

/// Side of the tiles of a transposing copy, and height of its bands.
const TILE: usize = 64;

/// Copies `src` into `dst` along `plan` (operand 0 is `dst`, operand 1 is `src`), converting each element.
pub fn cast_copy<D: Element, S: Element>(plan: &Plan, dst: &mut [D], src: &[S]) {
    if is_transposing(plan) {
        tiled_copy(plan, dst, src);
        return;
    }
    let (ds, ss) = (plan.inner_stride(0), plan.inner_stride(1));
    for_chunks(plan, dst, |dst, start, end, base| {
        plan.for_each_run_in(start, end, base, |offsets, len| {
            let (d0, s0) = (offsets[0], offsets[1]);
            match (ds, ss) {
                (1, 1) => {
                    for (d, s) in dst[d0..d0 + len].iter_mut().zip(&src[s0..s0 + len]) {
                        *d = s.cast();
                    }
                }
                (1, 0) => dst[d0..d0 + len].fill(src[s0].cast()),
                _ => {
                    for i in 0..len {
                        dst[d0 + i * ds] = src[s0 + i * ss].cast();
                    }
                }
            }
        })
    });
}

/// Whether the copy transposes: a linear destination moving fastest along dimension 0, a source that jumps
/// there and moves faster along dimension 1.
fn is_transposing(plan: &Plan) -> bool {
    plan.sizes.len() >= 2
        && plan.sizes[0] >= MIN_TRANSPOSED
        && plan.sizes[1] >= MIN_TRANSPOSED
        && plan.output_is_linear()
        && plan.strides[1][0] > 1
        && plan.strides[1][1] < plan.strides[1][0]
}

/// The transposing copy, in bands of [`TILE`] destination rows (dimension 1), each done in `TILE x TILE` tiles
/// left to right: a tile's source runs (one per destination column, contiguous where the source moves by 1 along
/// dimension 1) are read whole into a small buffer, converted on the way, and the destination rows are written
/// from it. Reading whole source lines and writing whole destination lines, with the transposition in the first
/// level cache, measured 1.5x faster on 4096 x 4096 float32 than 8 x 8 blocks transposed in registers straight
/// from memory (and 3x faster than 32 x 32 tiles read element by element). The destination is linear, so each
/// band of one outer index is a contiguous piece of it: the bands are the units of parallel work.
fn tiled_copy<D: Element, S: Element>(plan: &Plan, dst: &mut [D], src: &[S]) {
    let (n0, n1) = (plan.sizes[0], plan.sizes[1]);
    let outer_sizes = &plan.sizes[2..];
    let (s0, s1) = (plan.strides[1][0], plan.strides[1][1]);
    let rest: usize = outer_sizes.iter().product();
    let bands_per_outer = n1.div_ceil(TILE);
    let base = plan.offsets[0];
    let Some(region) = dst.get_mut(base..base + n0 * n1 * rest) else { return };
    // split the destination into bands: (outer index, first row, rows, slice)
    let mut bands = Vec::with_capacity(rest * bands_per_outer);
    let mut remaining = region;
    for r in 0..rest {
        for b in 0..bands_per_outer {
            let rows = TILE.min(n1 - b * TILE);
            let (band, tail) = remaining.split_at_mut(rows * n0);
            bands.push((r, b * TILE, rows, band));
            remaining = tail;
        }
    }
    // source offset of an outer index
    let outer_offset = |mut r: usize| -> usize {
        let mut off = plan.offsets[1];
        for (d, &size) in outer_sizes.iter().enumerate() {
            off += (r % size) * plan.strides[1][d + 2];
            r /= size;
        }
        off
    };
    let copy_band = |(r, row0, rows, band): (usize, usize, usize, &mut [D])| {
        let src_base = outer_offset(r) + row0 * s1;
        // `tile[j * TILE + i]`: destination row i, column j0 + j (at most 64 KiB, for complex128)
        let mut tile = [D::default(); TILE * TILE];
        for j0 in (0..n0).step_by(TILE) {
            let cols = TILE.min(n0 - j0);
            for (j, run) in tile.chunks_exact_mut(TILE).take(cols).enumerate() {
                let at = src_base + (j0 + j) * s0;
                if s1 == 1 {
                    for (slot, value) in run.iter_mut().zip(&src[at..at + rows]) {
                        *slot = value.cast();
                    }
                } else {
                    for (i, slot) in run.iter_mut().take(rows).enumerate() {
                        *slot = src[at + i * s1].cast();
                    }
                }
            }
            for i in 0..rows {
                let row = &mut band[i * n0 + j0..i * n0 + j0 + cols];
                for (j, out) in row.iter_mut().enumerate() {
                    *out = tile[j * TILE + i];
                }
            }
        }
    };
    if n0 * n1 * rest < 2 * super::parallel::GRAIN_SIZE {
        bands.into_iter().for_each(copy_band);
    } else {
        // group bands into a few tasks per thread
        let tasks = (super::parallel::get_num_threads() * 4).max(1);
        let per_task = bands.len().div_ceil(tasks);
        let mut groups: Vec<Vec<_>> = Vec::new();
        let mut it = bands.into_iter().peekable();
        while it.peek().is_some() {
            groups.push(it.by_ref().take(per_task).collect());
        }
        super::parallel::run_tasks(groups, |group| group.into_iter().for_each(copy_band));
    }
}
