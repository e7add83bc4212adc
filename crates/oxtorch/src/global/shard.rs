//! Where each rank's piece of a global tensor lies in the logical tensor: OneFlow's balanced splitting (the first
//! ranks take one extra element when a size does not divide), applied grid dimension by grid dimension.

use super::placement::Placement;
use super::sbp::Sbp;
use crate::error::{runtime_err, Result};
use std::ops::Range;

/// The `index`-th of `parts` balanced pieces of `total` elements: `(start, len)` (OneFlow's `BalancedSplitter`).
pub fn balanced(total: usize, parts: usize, index: usize) -> (usize, usize) {
    let parts = parts.max(1);
    let (base, extra) = (total / parts, total % parts);
    if index < extra {
        ((base + 1) * index, base + 1)
    } else {
        ((base + 1) * extra + base * (index - extra), base)
    }
}

/// The region of the logical tensor (one range per dimension) that the rank at `parallel_id` holds: split grid
/// dimensions narrow it in order, broadcast and partial-sum dimensions leave it whole.
pub fn region(shape: &[usize], placement: &Placement, sbp: &[Sbp], parallel_id: usize) -> Vec<Range<usize>> {
    let coords = placement.coords(parallel_id);
    let mut ranges: Vec<Range<usize>> = shape.iter().map(|&s| 0..s).collect();
    for (i, s) in sbp.iter().enumerate() {
        if let Sbp::Split(d) = *s {
            if let Some(r) = ranges.get_mut(d) {
                let (start, len) = balanced(r.len(), placement.hierarchy()[i], coords[i]);
                *r = r.start + start..r.start + start + len;
            }
        }
    }
    ranges
}

/// The sizes of the piece at `parallel_id`.
pub fn local_shape(shape: &[usize], placement: &Placement, sbp: &[Sbp], parallel_id: usize) -> Vec<usize> {
    region(shape, placement, sbp, parallel_id).iter().map(|r| r.len()).collect()
}

/// Whether the rank at `parallel_id` is the one holding real values of a partial-sum grid dimension (coordinate 0
/// in every such dimension); the others hold zeros when a value is made partial without communication.
pub fn keeps_partial_value(placement: &Placement, sbp: &[Sbp], parallel_id: usize) -> bool {
    let coords = placement.coords(parallel_id);
    sbp.iter().zip(coords).all(|(s, c)| *s != Sbp::PartialSum || c == 0)
}

/// OneFlow's check that every split dimension has at least as many elements as ranks to split it over (a
/// dimension of size zero splits into empty pieces).
pub fn check_splittable(shape: &[usize], placement: &Placement, sbp: &[Sbp]) -> Result<()> {
    let mut sizes = shape.to_vec();
    for (i, s) in sbp.iter().enumerate() {
        if let Sbp::Split(d) = *s {
            let parts = placement.hierarchy()[i];
            if let Some(size) = sizes.get_mut(d) {
                if *size > 0 && *size < parts {
                    runtime_err!(
                        "Expected size at split axis ({d}) of logical shape must be be greater than or equal to parallel num, but got logical_shape: {}, placement: {}, nd_sbp: {}",
                        super::fmt_shape(shape),
                        placement.repr(),
                        super::sbp::nd_short(sbp)
                    )
                }
                *size = balanced(*size, parts, 0).1;
            }
        }
    }
    Ok(())
}

/// The logical shape OneFlow assumes without checking (`check_meta=False`): split dimensions multiplied by the
/// grid size.
pub fn assumed_logical_shape(local: &[usize], placement: &Placement, sbp: &[Sbp]) -> Vec<usize> {
    let mut shape = local.to_vec();
    for (i, s) in sbp.iter().enumerate() {
        if let Sbp::Split(d) = *s {
            if let Some(size) = shape.get_mut(d) {
                *size *= placement.hierarchy()[i];
            }
        }
    }
    shape
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn balanced_pieces() {
        let pieces: Vec<_> = (0..4).map(|i| balanced(10, 4, i)).collect();
        assert_eq!(pieces, vec![(0, 3), (3, 3), (6, 2), (8, 2)]);
        assert_eq!(balanced(0, 3, 2), (0, 0));
    }

    #[test]
    fn nested_regions() {
        let p = Placement::new("cpu", &[0, 1, 2, 3], &[2, 2]).unwrap();
        let r = region(&[5, 3], &p, &[Sbp::Split(0), Sbp::Split(0)], 3);
        assert_eq!(r, vec![4..5, 0..3]);
        let r = region(&[5, 3], &p, &[Sbp::Split(0), Sbp::Split(0)], 1);
        assert_eq!(r, vec![2..3, 0..3]);
        let r = region(&[5, 3], &p, &[Sbp::Broadcast, Sbp::Split(1)], 3);
        assert_eq!(r, vec![0..5, 2..3]);
        assert!(
            check_splittable(&[3], &Placement::from_ranks("cpu", &[0, 1, 2, 3]).unwrap(), &[Sbp::Split(0)]).is_err()
        );
    }
}
