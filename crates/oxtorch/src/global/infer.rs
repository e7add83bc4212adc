//! SBP inference for elementwise arithmetic, as OneFlow's eager global mode does it: each operation lists the sbp
//! signatures it can compute (per grid dimension; an N-D placement takes every combination), the signatures whose
//! inputs the tensors already have win, and otherwise the one whose input conversions cost least (OneFlow's copy
//! cost model) is chosen, the inputs are converted, and each rank computes on its pieces.
//!
//! The signatures of `x op y` between tensors, for each output dimension `k`: both split along their dimension
//! aligned with `k` when both have `k`'s full size, or one split and the other broadcast when the other lacks the
//! dimension or has size 1; then the partial-sum signatures the operation allows (`P + P -> P`, `P - P -> P`,
//! `P * B -> P`, `B * P -> P`, `P / B -> P` for true division); then `B op B -> B`. With a Python number: splits,
//! `P -> P` for multiplication and for division of the tensor, and `B -> B`.

use super::placement::Placement;
use super::sbp::{self, NdSbp, Sbp};
use super::shard;
use crate::error::{Error, Result};
use crate::op::BinaryOp;

/// What inference needs to know of one tensor operand.
#[derive(Clone, Copy, Debug)]
pub struct Input<'a> {
    /// Logical sizes.
    pub shape: &'a [usize],
    /// Current sbp.
    pub sbp: &'a [Sbp],
    /// Bytes per element.
    pub itemsize: usize,
}

/// The chosen signature: the sbp each tensor operand must have (None for a number) and the result's.
#[derive(Clone, Debug, PartialEq)]
pub struct Signature {
    /// The first operand's sbp.
    pub lhs: Option<NdSbp>,
    /// The second operand's sbp.
    pub rhs: Option<NdSbp>,
    /// The result's sbp.
    pub out: NdSbp,
}

type Candidate = (Option<Sbp>, Option<Sbp>, Sbp);

/// OneFlow's name of the operation, used in its error messages.
pub fn op_name(op: BinaryOp, lhs_is_tensor: bool, rhs_is_tensor: bool) -> &'static str {
    let both = lhs_is_tensor && rhs_is_tensor;
    match op {
        BinaryOp::Add { .. } if both => "broadcast_add",
        BinaryOp::Sub { .. } if both => "broadcast_sub",
        BinaryOp::Mul if both => "broadcast_mul",
        BinaryOp::Div { rounding_mode: None } if both => "broadcast_div",
        BinaryOp::Div { .. } if both => "broadcast_floor_div",
        BinaryOp::Add { .. } | BinaryOp::Sub { .. } => "scalar_add",
        BinaryOp::Mul => "scalar_mul",
        BinaryOp::Div { rounding_mode: None } => "scalar_div",
        BinaryOp::Div { .. } => "scalar_floordiv",
    }
}

/// The size of `shape`'s dimension aligned (from the right) with output dimension `k` of an `n`-dimensional
/// result, and that dimension's index.
fn aligned(shape: &[usize], n: usize, k: usize) -> Option<(usize, usize)> {
    let offset = n - shape.len();
    (k >= offset).then(|| (k - offset, shape[k - offset]))
}

/// The one-grid-dimension signatures of the operation.
fn candidates(op: BinaryOp, lhs: Option<&Input>, rhs: Option<&Input>, out_shape: &[usize]) -> Vec<Candidate> {
    let n = out_shape.len();
    let true_div = matches!(op, BinaryOp::Div { rounding_mode: None });
    let mut list = Vec::new();
    match (lhs, rhs) {
        (Some(x), Some(y)) => {
            for (k, &size) in out_shape.iter().enumerate() {
                if size == 1 {
                    continue;
                }
                let sbp_of = |t: &Input| match aligned(t.shape, n, k) {
                    Some((axis, s)) if s == size => Sbp::Split(axis),
                    _ => Sbp::Broadcast,
                };
                list.push((Some(sbp_of(x)), Some(sbp_of(y)), Sbp::Split(k)));
            }
            match op {
                BinaryOp::Add { .. } | BinaryOp::Sub { .. } => {
                    list.push((Some(Sbp::PartialSum), Some(Sbp::PartialSum), Sbp::PartialSum))
                }
                BinaryOp::Mul => {
                    list.push((Some(Sbp::Broadcast), Some(Sbp::PartialSum), Sbp::PartialSum));
                    list.push((Some(Sbp::PartialSum), Some(Sbp::Broadcast), Sbp::PartialSum));
                }
                _ if true_div => list.push((Some(Sbp::PartialSum), Some(Sbp::Broadcast), Sbp::PartialSum)),
                _ => {}
            }
            list.push((Some(Sbp::Broadcast), Some(Sbp::Broadcast), Sbp::Broadcast));
        }
        (x, _) => {
            let tensor_on_left = x.is_some();
            let wrap = |s: Sbp| if tensor_on_left { (Some(s), None, s) } else { (None, Some(s), s) };
            for k in 0..n {
                list.push(wrap(Sbp::Split(k)));
            }
            if matches!(op, BinaryOp::Mul) || (true_div && tensor_on_left) {
                list.push(wrap(Sbp::PartialSum));
            }
            list.push(wrap(Sbp::Broadcast));
        }
    }
    list
}

/// OneFlow's copy cost of converting one grid dimension from `from` to `to` on the same ranks (bytes moved, with
/// conversions into a partial sum priced out).
fn cost(from: Sbp, to: Sbp, bytes: f64, n: f64) -> f64 {
    const UNSUPPORTED: f64 = 1e30;
    match (from, to) {
        // nothing moves on a grid dimension of one rank; the first signature listed wins
        _ if from == to || n <= 1.0 => 0.0,
        (_, Sbp::PartialSum) => UNSUPPORTED,
        (Sbp::Broadcast, _) => 1.0,
        (Sbp::Split(_), Sbp::Split(_)) => bytes * (n - 1.0) / n,
        (Sbp::PartialSum, Sbp::Split(_)) | (Sbp::Split(_), Sbp::Broadcast) => bytes * (n - 1.0),
        _ => 2.0 * bytes * (n - 1.0),
    }
}

/// Chooses the signature of `lhs op rhs` (None for a Python number) on `placement`; `constraint` is the sbp the
/// result must have (the first operand's for an in-place operation, the `out=` tensor's).
pub fn infer_binary(
    op: BinaryOp,
    lhs: Option<Input>,
    rhs: Option<Input>,
    out_shape: &[usize],
    placement: &Placement,
    constraint: Option<&[Sbp]>,
) -> Result<Signature> {
    let one_d = candidates(op, lhs.as_ref(), rhs.as_ref(), out_shape);
    // every combination over the grid dimensions
    let mut all: Vec<Vec<Candidate>> = vec![Vec::new()];
    for _ in 0..placement.ndim() {
        all =
            all.into_iter().flat_map(|prefix| one_d.iter().map(move |c| [prefix.clone(), vec![*c]].concat())).collect();
    }
    let as_nd = |combo: &[Candidate], pick: fn(&Candidate) -> Option<Sbp>| -> Option<NdSbp> {
        combo.iter().map(pick).collect::<Option<NdSbp>>()
    };
    let valid = |t: &Option<Input>, s: &Option<NdSbp>| match (t, s) {
        (Some(t), Some(s)) => shard::check_splittable(t.shape, placement, s).is_ok(),
        _ => true,
    };
    let signatures: Vec<Signature> = all
        .iter()
        .map(|combo| Signature {
            lhs: as_nd(combo, |c| c.0),
            rhs: as_nd(combo, |c| c.1),
            out: combo.iter().map(|c| c.2).collect(),
        })
        .filter(|s| valid(&lhs, &s.lhs) && valid(&rhs, &s.rhs))
        .filter(|s| shard::check_splittable(out_shape, placement, &s.out).is_ok())
        .filter(|s| constraint.is_none_or(|c| s.out[..] == *c))
        .collect();
    let matches = |t: &Option<Input>, s: &Option<NdSbp>| match (t, s) {
        (Some(t), Some(s)) => t.sbp == &s[..],
        _ => true,
    };
    if let Some(exact) = signatures.iter().find(|s| matches(&lhs, &s.lhs) && matches(&rhs, &s.rhs)) {
        return Ok(exact.clone());
    }
    let input_cost = |t: &Option<Input>, s: &Option<NdSbp>| match (t, s) {
        (Some(t), Some(s)) => {
            let bytes = (t.shape.iter().product::<usize>() * t.itemsize) as f64;
            t.sbp.iter().zip(s).zip(placement.hierarchy()).map(|((&a, &b), &n)| cost(a, b, bytes, n as f64)).sum()
        }
        _ => 0.0,
    };
    let mut best: Option<(f64, &Signature)> = None;
    for s in &signatures {
        let c = input_cost(&lhs, &s.lhs) + input_cost(&rhs, &s.rhs);
        if best.is_none_or(|(b, _)| c < b) {
            best = Some((c, s));
        }
    }
    best.map(|(_, s)| s.clone()).ok_or_else(|| {
        let name = op_name(op, lhs.is_some(), rhs.is_some());
        let mut inputs = String::new();
        for (arg, t) in [("x", &lhs), ("y", &rhs)] {
            if let Some(t) = t {
                inputs.push_str(&format!(" {arg}: {};", sbp::nd_short(t.sbp)));
            }
        }
        let wanted = constraint.map(|c| format!(" for an output with sbp {}", sbp::nd_short(c))).unwrap_or_default();
        Error::Runtime(format!("op: `{name}` can't find available sbp signature{wanted}, but inputs sbp are:{inputs}"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use Sbp::*;

    fn infer(op: BinaryOp, x: &[Sbp], y: Option<&[Sbp]>, hierarchy: &[usize]) -> Signature {
        let ranks: Vec<i64> = (0..hierarchy.iter().product::<usize>() as i64).collect();
        let p = Placement::new("cpu", &ranks, hierarchy).unwrap();
        let shape = [8, 8];
        let xi = Input { shape: &shape, sbp: x, itemsize: 4 };
        let yi = y.map(|y| Input { shape: &shape, sbp: y, itemsize: 4 });
        infer_binary(op, Some(xi), yi, &shape, &p, None).unwrap()
    }

    #[test]
    fn oneflow_rules() {
        let s = infer(BinaryOp::ADD, &[Split(0)], Some(&[Split(0)]), &[4]);
        assert_eq!(s.out[..], [Split(0)]);
        let s = infer(BinaryOp::ADD, &[Broadcast], Some(&[Split(1)]), &[4]);
        assert_eq!((s.lhs.unwrap()[..].to_vec(), s.out[..].to_vec()), (vec![Split(1)], vec![Split(1)]));
        let s = infer(BinaryOp::ADD, &[PartialSum], Some(&[PartialSum]), &[4]);
        assert_eq!(s.out[..], [PartialSum]);
        let s = infer(BinaryOp::Mul, &[PartialSum], Some(&[Broadcast]), &[4]);
        assert_eq!(s.out[..], [PartialSum]);
        // P + B cannot stay partial: the partial sum is reduce-scattered, the broadcast value sliced
        let s = infer(BinaryOp::ADD, &[PartialSum], Some(&[Broadcast]), &[4]);
        assert_eq!(s.out[..], [Split(0)]);
        // a number added to a partial sum
        let s = infer(BinaryOp::ADD, &[PartialSum], None, &[4]);
        assert_eq!(s.out[..], [Split(0)]);
        let s = infer(BinaryOp::Mul, &[PartialSum], None, &[4]);
        assert_eq!(s.out[..], [PartialSum]);
        let s = infer(BinaryOp::ADD, &[Split(0), Broadcast], Some(&[Split(0), Split(1)]), &[2, 2]);
        assert_eq!(s.out[..], [Split(0), Split(1)]);
    }
}
