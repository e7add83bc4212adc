//! SBP inference for elementwise operations, as OneFlow 0.9's eager global mode does it, choice for choice.
//!
//! Each operation has an [`SbpRule`]: the list of sbp signatures its OneFlow user op registers (its `GetSbp`), in
//! OneFlow's order, after which OneFlow appends "everything broadcast". Which rule an operation follows is
//! the op table's `sbp` entry, one of the [`SbpRule`] variants (extended with each new operation). From that list:
//!
//! **1-D placements** (`Operator::InferSbpSignature`):
//! 1. signatures that split an input along a dimension smaller than the number of ranks are dropped;
//! 2. an in-place operation pins its first input (and the second, when it is the same tensor) to its sbp; an `out=`
//!    tensor (oxtorch's addition: OneFlow has none) and an in-place target pin the result's sbp; if nothing is
//!    left, OneFlow's "has no maching sbp" error (its wording);
//! 3. the rest are ordered by how many inputs already have the signature's sbp (each one counts -10; lower first,
//!    so matching inputs outrank any cost), then by the copy cost of converting the others, then by their place
//!    in the list. The cost of one input is 0 when its sbp stays, 2^63 - 1 when it must become a partial sum,
//!    2^31 - 1 when it leaves broadcast (OneFlow prices slicing a broadcast value high), else the logical size in
//!    bytes. With a constraint, only costs order them.
//!
//! So `S(0) + B` is `B` (gathering the split input, 32 bytes for 8 float32, beats leaving broadcast, 2^31 - 1),
//! until the split tensor reaches 2 GiB; `P + B` is `B`; `P * P` is `(B, P) -> P`; `P + 2` is `S(0)`.
//!
//! **N-D placements** (`Operator::InferNdSbpSignature`, `GreedilyFindMinCopyCostNdSbp`): every combination of the
//! 1-D list over the grid dimensions (the first grid dimension outermost); signatures whose inputs cannot be split
//! that finely are removed, as are those that break a constraint, each removal moving the last signature into the
//! freed place (OneFlow's swap-and-pop, which reorders the list); then the first signature that every input
//! already has wins, else the one of least eager copy cost, the *last* of equal ones. The eager cost drops grid
//! dimensions of one rank and merges neighbouring ones that agree (`dim_reduce`) before pricing each conversion
//! by the bytes it moves (a partial sum as a target is never affordable). So `x - 2` with `x` `(S(0), P)` on
//! `[[0, 1]]` gives `(B, S(0))`.
//!
//! Departures from OneFlow: every conversion is assumed to have a boxing (OneFlow's eager boxing table refuses
//! a few N-D ones, which its cost function then prices out); and where OneFlow sorts with `std::sort`, whose order
//! of equal elements the standard leaves open, ties keep the list's order (what GCC's library does for lists this
//! short).

use super::placement::Placement;
use super::sbp::{self, NdSbp, Sbp};
use crate::error::{Error, Result};

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

/// The chosen signature: the sbp each operand must have (None for a number or an absent operand) and the
/// result's.
#[derive(Clone, Debug, PartialEq)]
pub struct Signature {
    /// The operands' sbp, in the operation's order.
    pub inputs: Vec<Option<NdSbp>>,
    /// The result's sbp.
    pub out: NdSbp,
}

impl Signature {
    /// The sbp operand `k` must have (None for a number).
    pub fn input(&self, k: usize) -> Option<&NdSbp> {
        self.inputs.get(k).and_then(Option::as_ref)
    }
}

/// The partial-sum signatures of a broadcasting binary operation (OneFlow's `GenPartialSbpSign`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Partials {
    /// None (maximum, comparisons, floor division, ...).
    None,
    /// `(P, P) -> P` (add, sub).
    Both,
    /// `(B, P) -> P`, then `(P, B) -> P` (mul).
    Either,
    /// `(P, B) -> P` (div: a partial sum divided by a broadcast value).
    First,
}

/// The family of sbp signatures of an operation: its OneFlow user op's `GetSbp`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SbpRule {
    /// One tensor split along the same dimension as the result, for each dimension; then `P -> P` when the
    /// operation is linear in the tensor (`scalar_mul`, `scalar_div`). Unary operations and a tensor with a
    /// number (`negative`, `scalar_add`, ...).
    EachAxis {
        /// Whether `P -> P` is listed.
        partial: bool,
    },
    /// Two tensors of one shape (`add_n`, `elementwise_maximum`): both split along each dimension, then
    /// `(P, P) -> P` when the operation is linear (`add_n`).
    Elementwise {
        /// Whether `(P, P) -> P` is listed.
        partial: bool,
    },
    /// A broadcasting binary operation (`broadcast_*`): splits along the dimensions the operands share, with a
    /// broadcast operand where one lacks a dimension or has size 1, then the partial sums.
    Broadcast(Partials),
}

/// How an operation's operands are laid out for inference.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Operands {
    /// Two tensors.
    Both,
    /// A tensor on the left, a number on the right.
    Left,
    /// A number on the left, a tensor on the right.
    Right,
}

/// One signature over one grid dimension: the sbp of each operand (None for a number) and of the result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// The operands' sbp, in the operation's order.
    pub inputs: Vec<Option<Sbp>>,
    /// The result's sbp.
    pub out: Sbp,
}

impl Candidate {
    fn binary(lhs: Option<Sbp>, rhs: Option<Sbp>, out: Sbp) -> Candidate {
        Candidate { inputs: vec![lhs, rhs], out }
    }
}

/// The rule's signatures over one grid dimension, in OneFlow's order, with "everything broadcast" appended.
fn candidates(rule: SbpRule, operands: Operands, lhs: &[usize], rhs: &[usize]) -> Vec<Candidate> {
    use Sbp::{Broadcast as B, PartialSum as P, Split as S};
    let mut list: Vec<Candidate> = Vec::new();
    let wrap = |s: Sbp| match operands {
        Operands::Right => Candidate::binary(None, Some(s), s),
        _ => Candidate::binary(Some(s), None, s),
    };
    let pair = |l: Sbp, r: Sbp, o: Sbp| Candidate::binary(Some(l), Some(r), o);
    match rule {
        SbpRule::EachAxis { partial } => {
            let ndim = if operands == Operands::Right { rhs.len() } else { lhs.len() };
            list.extend((0..ndim).map(|i| wrap(S(i))));
            if partial {
                list.push(wrap(P));
            }
            list.push(wrap(B));
            return list;
        }
        SbpRule::Elementwise { partial } => {
            list.extend((0..lhs.len()).map(|i| pair(S(i), S(i), S(i))));
            if partial {
                list.push(pair(P, P, P));
            }
        }
        SbpRule::Broadcast(partials) => {
            let (nx, ny) = (lhs.len(), rhs.len());
            if nx < ny {
                list.extend((0..ny - nx).map(|i| pair(B, S(i), S(i))));
                list.extend((0..nx).map(|i| pair(S(nx - 1 - i), S(ny - 1 - i), S(ny - 1 - i))));
            } else if nx > ny {
                list.extend((0..nx - ny).map(|i| pair(S(i), B, S(i))));
                list.extend((0..ny).map(|i| pair(S(nx - 1 - i), S(ny - 1 - i), S(nx - 1 - i))));
            } else {
                for i in 0..nx {
                    match (lhs[i], rhs[i]) {
                        (1, 1) => {}
                        (a, b) if a == b => list.push(pair(S(i), S(i), S(i))),
                        (1, _) => list.push(pair(B, S(i), S(i))),
                        _ => list.push(pair(S(i), B, S(i))),
                    }
                }
            }
            match partials {
                Partials::None => {}
                Partials::Both => list.push(pair(P, P, P)),
                Partials::Either => list.extend([pair(B, P, P), pair(P, B, P)]),
                Partials::First => list.push(pair(P, B, P)),
            }
        }
    }
    list.push(pair(B, B, B));
    list
}

/// What the caller pins (OneFlow's sbp constraints, plus oxtorch's `out=`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Constraints<'a> {
    /// Operands that keep their sbp, by position: an in-place operation's target, and the target again where it
    /// is another operand too (`x.mul_(x)`).
    pub inputs: [Option<&'a [Sbp]>; 3],
    /// The result has this sbp (an in-place target, an `out=` tensor).
    pub out: Option<&'a [Sbp]>,
}

impl Constraints<'_> {
    fn is_empty(&self) -> bool {
        self.inputs.iter().all(Option::is_none) && self.out.is_none()
    }

    fn allow(&self, s: &Signature) -> bool {
        let fits = |pin: Option<&[Sbp]>, got: Option<&NdSbp>| match (pin, got) {
            (Some(p), Some(g)) => p == &g[..],
            _ => true,
        };
        self.inputs.iter().enumerate().all(|(k, pin)| fits(*pin, s.input(k))) && fits(self.out, Some(&s.out))
    }
}

/// Chooses the sbp signature of `lhs op rhs` (None for a number) on `placement` under `rule` (see the module
/// documentation); `name` is OneFlow's op name for its errors.
pub fn infer(
    (name, rule): (&str, SbpRule),
    lhs: Option<Input>,
    rhs: Option<Input>,
    placement: &Placement,
    constraints: Constraints<'_>,
) -> Result<Signature> {
    if lhs.is_none() && rhs.is_none() {
        return Err(Error::Runtime("internal error: sbp inference without a tensor".into()));
    }
    let one_d = rule.candidates(&[lhs.map(|t| t.shape), rhs.map(|t| t.shape)], &[]);
    choose(name, &["x", "y"], &one_d, &[lhs, rhs], placement, constraints)
}

/// An operation's sbp signatures over one grid dimension.
pub trait Signatures {
    /// The signatures for operands of `shapes` (None for a number or an absent operand) and a result of `out`, in
    /// OneFlow's order, "everything broadcast" last.
    fn candidates(&self, shapes: &[Option<&[usize]>], out: &[usize]) -> Vec<Candidate>;
}

impl Signatures for SbpRule {
    /// The rule's signatures for one tensor (and a number) or two tensors; the result's sizes follow from them.
    fn candidates(&self, shapes: &[Option<&[usize]>], _: &[usize]) -> Vec<Candidate> {
        let (lhs, rhs) = (shapes.first().copied().flatten(), shapes.get(1).copied().flatten());
        let operands = match (lhs, rhs) {
            (Some(_), Some(_)) => Operands::Both,
            (Some(_), None) => Operands::Left,
            (None, Some(_)) => Operands::Right,
            (None, None) => return Vec::new(),
        };
        candidates(*self, operands, lhs.unwrap_or(&[]), rhs.unwrap_or(&[]))
    }
}

/// Chooses among an operation's signatures over one grid dimension (`one_d`, in OneFlow's order, "everything
/// broadcast" included) for operands `inputs` (None for a number or an absent operand), named `args` in errors,
/// as OneFlow's 1-D or N-D inference does (see the module documentation).
pub fn choose(
    name: &str,
    args: &[&str],
    one_d: &[Candidate],
    inputs: &[Option<Input>],
    placement: &Placement,
    constraints: Constraints<'_>,
) -> Result<Signature> {
    if placement.ndim() == 1 {
        infer_1d(name, args, one_d, inputs, placement.len(), constraints)
    } else {
        infer_nd(name, args, one_d, inputs, placement.hierarchy(), constraints)
    }
}

/// The sbp of a one-dimensional grid.
fn one(s: Sbp) -> NdSbp {
    std::iter::once(s).collect()
}

fn logical_bytes(t: &Input) -> f64 {
    (t.shape.iter().product::<usize>() * t.itemsize) as f64
}

/// OneFlow's "has no maching sbp" error (its spelling), listing what was valid and what was pinned.
fn no_matching(name: &str, args: &[&str], valid: &[Signature], constraints: Constraints<'_>) -> Error {
    let list: Vec<String> = valid.iter().map(describe).collect();
    let mut hint = Vec::new();
    let pins = args.iter().zip(constraints.inputs).map(|(a, p)| (*a, p)).chain([("out", constraints.out)]);
    for (arg, pin) in pins {
        if let Some(p) = pin {
            hint.push(format!("{arg}: {}", sbp::nd_short(p)));
        }
    }
    Error::Runtime(format!(
        "{name} has no maching sbp after flitering valid sbp list [{}] with sbp hint {{{}}}",
        list.join(", "),
        hint.join(", ")
    ))
}

/// A signature as `(x, y) -> out`.
fn describe(s: &Signature) -> String {
    let args: Vec<String> = s.inputs.iter().filter_map(|x| x.as_ref().map(|v| sbp::nd_short(v))).collect();
    format!("({}) -> {}", args.join(", "), sbp::nd_short(&s.out))
}

fn infer_1d(
    name: &str,
    args: &[&str],
    one_d: &[Candidate],
    inputs: &[Option<Input>],
    ranks: usize,
    constraints: Constraints<'_>,
) -> Result<Signature> {
    let as_sig = |c: &Candidate| Signature { inputs: c.inputs.iter().map(|s| s.map(one)).collect(), out: one(c.out) };
    // inputs split along a dimension smaller than the number of ranks are invalid
    let splittable = |t: &Option<Input>, s: Option<Sbp>| match (t, s) {
        (Some(t), Some(Sbp::Split(d))) => t.shape.get(d).is_some_and(|&n| n >= ranks),
        _ => true,
    };
    let valid: Vec<Signature> =
        one_d.iter().filter(|c| inputs.iter().zip(&c.inputs).all(|(t, s)| splittable(t, *s))).map(as_sig).collect();
    let allowed: Vec<&Signature> = valid.iter().filter(|s| constraints.allow(s)).collect();
    match allowed.len() {
        0 => return Err(no_matching(name, args, &valid, constraints)),
        1 => return Ok(allowed[0].clone()),
        _ => {}
    }
    // (order value, copy cost): matching inputs first, then the cheapest conversions; a stable sort keeps ties
    // in the list's order
    let rank_of = |s: &Signature| -> (i64, f64) {
        let mut order = 0;
        let mut cost = 0.0;
        for (k, t) in inputs.iter().enumerate() {
            let (Some(t), Some(want)) = (t, s.input(k)) else { continue };
            let (from, to) = (t.sbp[0], want[0]);
            if from == to {
                order -= 10;
                continue;
            }
            cost += match (from, to) {
                (_, Sbp::PartialSum) => i64::MAX as f64,
                (Sbp::Broadcast, _) => i32::MAX as f64,
                _ => logical_bytes(t),
            };
        }
        (if constraints.is_empty() { order } else { 0 }, cost)
    };
    let mut ranked: Vec<(i64, f64, &Signature)> = allowed.iter().map(|s| (rank_of(s).0, rank_of(s).1, *s)).collect();
    ranked.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)));
    Ok(ranked[0].2.clone())
}

/// `f32::MAX`, OneFlow's price of an unsupported conversion (a partial sum as a target).
const UNSUPPORTED: f64 = f32::MAX as f64;

fn infer_nd(
    name: &str,
    args: &[&str],
    one_d: &[Candidate],
    inputs: &[Option<Input>],
    hierarchy: &[usize],
    constraints: Constraints<'_>,
) -> Result<Signature> {
    // every combination, the first grid dimension outermost
    let mut combos: Vec<Vec<&Candidate>> = vec![Vec::new()];
    for _ in hierarchy {
        combos = combos.into_iter().flat_map(|p| one_d.iter().map(move |c| [p.clone(), vec![c]].concat())).collect();
    }
    let arity = one_d.first().map_or(0, |c| c.inputs.len());
    let mut list: Vec<Signature> = combos
        .iter()
        .map(|combo| Signature {
            inputs: (0..arity).map(|k| combo.iter().map(|c| c.inputs[k]).collect::<Option<NdSbp>>()).collect(),
            out: combo.iter().map(|c| c.out).collect(),
        })
        .collect();
    // OneFlow's removal: from the back, each removed signature replaced by the last one
    let remove_where = |list: &mut Vec<Signature>, drop: &dyn Fn(&Signature) -> bool| {
        for i in (0..list.len()).rev() {
            if drop(&list[i]) {
                let last = list.len() - 1;
                list.swap(i, last);
                list.pop();
            }
        }
    };
    let too_fine = |s: &Signature| {
        inputs.iter().enumerate().any(|(k, t)| match (t, s.input(k)) {
            (Some(t), Some(nd)) => !splits_finely_enough(t.shape, nd, hierarchy),
            _ => false,
        })
    };
    remove_where(&mut list, &too_fine);
    if list.is_empty() {
        return Err(Error::Runtime(format!("Empty sbp signature after filtering for {name}")));
    }
    let valid = list.clone();
    remove_where(&mut list, &|s: &Signature| !constraints.allow(s));
    if list.is_empty() {
        return Err(no_matching(name, args, &valid, constraints));
    }
    if list.len() == 1 {
        return Ok(list.swap_remove(0));
    }
    let mut selected = None;
    let mut min_cost = UNSUPPORTED * 0.8;
    for (i, s) in list.iter().enumerate() {
        let mut total = 0.0;
        let mut all_match = true;
        for (k, t) in inputs.iter().enumerate() {
            let (Some(t), Some(want)) = (t, s.input(k)) else { continue };
            all_match &= t.sbp == &want[..];
            total += eager_cost(t, want, hierarchy);
        }
        if all_match {
            selected = Some(i);
            break;
        }
        if total <= min_cost {
            selected = Some(i);
            min_cost = total;
        }
    }
    match selected {
        Some(i) => Ok(list.swap_remove(i)),
        None => {
            let mut inputs_text = String::new();
            for (arg, t) in args.iter().zip(inputs) {
                if let Some(t) = t {
                    inputs_text.push_str(&format!(" {arg}: {};", sbp::nd_short(t.sbp)));
                }
            }
            Err(Error::Runtime(format!(
                "op: `{name}` can't find available sbp signature.\ncandidate nd sbp signature are: [{}], but inputs sbp are:{inputs_text}",
                list.iter().map(describe).collect::<Vec<_>>().join(", ")
            )))
        }
    }
}

/// OneFlow's `Storage4NdSbp` check: every split leaves at least one element per rank, each grid dimension
/// dividing what the ones before it left.
fn splits_finely_enough(shape: &[usize], nd: &[Sbp], hierarchy: &[usize]) -> bool {
    let mut left = shape.to_vec();
    for (s, &h) in nd.iter().zip(hierarchy) {
        if let Sbp::Split(d) = *s {
            match left.get_mut(d) {
                Some(n) if *n >= h => *n /= h,
                _ => return false,
            }
        }
    }
    true
}

/// OneFlow's eager copy cost of converting `t` to `to` on the same placement
/// (`ComputeEagerCopyCostBetweenNdSbp`).
fn eager_cost(t: &Input, to: &[Sbp], hierarchy: &[usize]) -> f64 {
    let (reduced_hierarchy, from, to) = dim_reduce(hierarchy, t.sbp, to, t.shape);
    if from == to {
        return 0.0;
    }
    let bytes = logical_bytes(t);
    let ranks: usize = reduced_hierarchy.iter().product();
    if reduced_hierarchy.len() == 1 {
        return cost_1d(from[0], to[0], bytes, ranks);
    }
    let mut total = 1.0;
    let mut normal = true;
    for i in 0..from.len() {
        total += cost_1d(from[i], to[i], bytes, ranks);
        if to[i] == Sbp::PartialSum && from[i] != to[i] {
            total += UNSUPPORTED;
        }
        // splitting a dimension that an earlier, changing grid dimension splits too moves more than priced
        if normal && matches!(from[i], Sbp::Split(_)) && from[i] == to[i] {
            normal = !(0..i).any(|j| from[j] != to[j] && (from[j] == from[i] || to[j] == from[i]));
        }
    }
    if !normal {
        total += bytes;
    }
    total
}

/// OneFlow's price of one conversion among `ranks` ranks (`ComputCopyCostBetweenTwoSbpParallel`, same devices).
fn cost_1d(from: Sbp, to: Sbp, bytes: f64, ranks: usize) -> f64 {
    let n = ranks as f64;
    match (from, to) {
        _ if from == to => 0.0,
        (_, Sbp::PartialSum) => UNSUPPORTED,
        (Sbp::Broadcast, _) => 1.0,
        (Sbp::Split(_), Sbp::Split(_)) => bytes * (n - 1.0) / n,
        (Sbp::Split(_), _) | (_, Sbp::Split(_)) => bytes * (n - 1.0),
        _ => 2.0 * bytes * (n - 1.0),
    }
}

/// Whether `[a, b]: (S(i), S(i))` holds the same pieces as `[a * b]: S(i)` for a dimension of `size`.
fn can_merge_split(size: usize, merged: usize) -> bool {
    let rest = size % merged;
    rest <= 1 || rest == merged - 1
}

/// OneFlow's `NdSbpsDimReduce` of a pair of sbps on one grid: grid dimensions of one rank are dropped, and a
/// grid dimension whose sbps equal the previous kept one's (in both) merges into it, when a split still divides
/// as it would over the merged ranks. Returns the reduced grid and the two reduced sbps.
fn dim_reduce(hierarchy: &[usize], from: &[Sbp], to: &[Sbp], shape: &[usize]) -> (Vec<usize>, NdSbp, NdSbp) {
    use std::collections::{BTreeSet, HashMap};
    let sbps = [from, to];
    let mut reduced_hierarchy: Vec<usize> = Vec::new();
    let mut reduced: [NdSbp; 2] = [NdSbp::new(), NdSbp::new()];
    // per sbp: the sizes each split dimension is held in, the sizes of the split being accumulated, its dimension
    let mut holding: [HashMap<usize, BTreeSet<usize>>; 2] = [HashMap::new(), HashMap::new()];
    let mut last_holding: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
    let mut last_split: [Option<usize>; 2] = [None, None];
    let mut add = |d: usize,
                   reduced_hierarchy: &mut Vec<usize>,
                   reduced: &mut [NdSbp; 2],
                   last_holding: &mut [Vec<usize>; 2],
                   last_split: &mut [Option<usize>; 2]| {
        for k in 0..2 {
            if let (Some(axis), Some(&back)) = (last_split[k], reduced_hierarchy.last()) {
                let held = holding[k].entry(axis).or_default();
                held.clear();
                for &v in &last_holding[k] {
                    if v % back != 0 {
                        held.insert(v / back + 1);
                    }
                    held.insert(v / back);
                }
            }
            let s = sbps[k][d];
            reduced[k].push(s);
            if let Sbp::Split(axis) = s {
                last_split[k] = Some(axis);
                last_holding[k] = match holding[k].get(&axis) {
                    Some(held) => held.iter().copied().collect(),
                    None => vec![shape.get(axis).copied().unwrap_or(0)],
                };
            } else {
                last_split[k] = None;
            }
        }
        reduced_hierarchy.push(hierarchy[d]);
    };
    for d in 0..hierarchy.len() {
        if hierarchy[d] == 1 {
            continue;
        }
        if let Some(&back) = reduced_hierarchy.last() {
            let same = (0..2).all(|k| reduced[k].last() == Some(&sbps[k][d]));
            let merged = back * hierarchy[d];
            let divisible = (0..2).all(|k| {
                !matches!(sbps[k][d], Sbp::Split(_)) || last_holding[k].iter().all(|&v| can_merge_split(v, merged))
            });
            if same && divisible {
                if let Some(b) = reduced_hierarchy.last_mut() {
                    *b = merged;
                }
                continue;
            }
        }
        add(d, &mut reduced_hierarchy, &mut reduced, &mut last_holding, &mut last_split);
    }
    if reduced_hierarchy.is_empty() {
        reduced_hierarchy.push(hierarchy.first().copied().unwrap_or(1));
        reduced = [one(Sbp::Broadcast), one(Sbp::Broadcast)];
    }
    let [a, b] = reduced;
    (reduced_hierarchy, a, b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::op::BinaryOp;

    /// The rule of `op` between a tensor and a tensor (`rhs_is_tensor`) or a number, of one shape.
    fn rule_of(op: BinaryOp, rhs_is_tensor: bool) -> (&'static str, SbpRule) {
        (op.info().sbp)(op, true, rhs_is_tensor, true)
    }
    use Sbp::{Broadcast as B, PartialSum as P, Split as S};

    fn placement(hierarchy: &[usize]) -> Placement {
        let ranks: Vec<i64> = (0..hierarchy.iter().product::<usize>() as i64).collect();
        Placement::new("cpu", &ranks, hierarchy).unwrap()
    }

    /// The result's sbp of `x op y` (or `x op number`) for float32 tensors of `shape`.
    fn out(op: BinaryOp, x: &[Sbp], y: Option<&[Sbp]>, shape: &[usize], hierarchy: &[usize]) -> Vec<Sbp> {
        let xi = Input { shape, sbp: x, itemsize: 4 };
        let yi = y.map(|y| Input { shape, sbp: y, itemsize: 4 });
        let rule = rule_of(op, yi.is_some());
        infer(rule, Some(xi), yi, &placement(hierarchy), Constraints::default()).unwrap().out.to_vec()
    }

    #[test]
    fn one_dimensional_choices_are_oneflows() {
        let s8 = [8];
        // matching inputs outrank cost; leaving broadcast is priced above gathering a small tensor
        assert_eq!(out(BinaryOp::ADD, &[S(0)], Some(&[B]), &s8, &[4]), [B]);
        assert_eq!(out(BinaryOp::Mul, &[S(0)], Some(&[B]), &s8, &[4]), [B]);
        assert_eq!(out(BinaryOp::SUB, &[B], Some(&[S(0)]), &s8, &[4]), [B]);
        assert_eq!(out(BinaryOp::ADD, &[P], Some(&[B]), &s8, &[4]), [B]);
        assert_eq!(out(BinaryOp::ADD, &[S(0)], Some(&[S(0)]), &s8, &[4]), [S(0)]);
        assert_eq!(out(BinaryOp::ADD, &[P], Some(&[P]), &s8, &[4]), [P]);
        assert_eq!(out(BinaryOp::Mul, &[P], Some(&[P]), &s8, &[4]), [P]);
        assert_eq!(out(BinaryOp::ADD, &[P], None, &s8, &[4]), [S(0)]);
        assert_eq!(out(BinaryOp::Mul, &[P], None, &s8, &[4]), [P]);
        assert_eq!(out(BinaryOp::DIV, &[P], None, &s8, &[4]), [P]);
        // a split dimension smaller than the number of ranks is not a candidate
        assert_eq!(out(BinaryOp::ADD, &[P], None, &[3], &[4]), [B]);
    }

    #[test]
    fn the_product_of_two_partial_sums_gathers_one() {
        let s = [8];
        let (x, y) = (Input { shape: &s, sbp: &[P], itemsize: 4 }, Input { shape: &s, sbp: &[P], itemsize: 4 });
        let sig =
            infer(rule_of(BinaryOp::Mul, true), Some(x), Some(y), &placement(&[4]), Constraints::default()).unwrap();
        assert_eq!((sig.input(0).unwrap().to_vec(), sig.input(1).unwrap().to_vec()), (vec![B], vec![P]));
        // in place into itself: both inputs pinned to P, which no signature of broadcast_mul has
        let pinned = Constraints { inputs: [Some(&[P]), Some(&[P]), None], out: Some(&[P]) };
        let err = infer(rule_of(BinaryOp::Mul, true), Some(x), Some(y), &placement(&[4]), pinned).unwrap_err();
        assert!(err.message().starts_with("broadcast_mul has no maching sbp"), "{}", err.message());
        // in place with another partial sum: (P, B) -> P, the other one gathered
        let pinned = Constraints { inputs: [Some(&[P]), None, None], out: Some(&[P]) };
        let sig = infer(rule_of(BinaryOp::Mul, true), Some(x), Some(y), &placement(&[4]), pinned).unwrap();
        assert_eq!(sig.input(1).unwrap().to_vec(), vec![B]);
    }

    #[test]
    fn a_large_split_tensor_stays_split() {
        // 2^29 float32 elements cost more to gather than leaving broadcast (2^31 - 1)
        let big = [1usize << 29];
        assert_eq!(out(BinaryOp::ADD, &[S(0)], Some(&[B]), &big, &[4]), [S(0)]);
    }

    #[test]
    fn broadcasting_operands_of_other_ranks() {
        let (x, y) = ([8usize, 4], [4usize]);
        let xi = Input { shape: &x, sbp: &[P], itemsize: 4 };
        let yi = Input { shape: &y, sbp: &[B], itemsize: 4 };
        let sig = infer(
            crate::op::table::sbp::add(BinaryOp::ADD, true, true, false),
            Some(xi),
            Some(yi),
            &placement(&[4]),
            Constraints::default(),
        )
        .unwrap();
        assert_eq!(sig.out.to_vec(), vec![S(0)]);
    }

    #[test]
    fn n_dimensional_choices_are_oneflows() {
        // OneFlow 0.9: `x - 2` with x (S(0), P) on [[0, 1]] gives (B, S(0)), the last of the cheapest
        assert_eq!(out(BinaryOp::SUB, &[S(0), P], None, &[8], &[1, 2]), [B, S(0)]);
        assert_eq!(out(BinaryOp::SUB, &[B, P], None, &[8], &[2, 2]), [B, S(0)]);
        // inputs that already fit a signature keep it
        assert_eq!(out(BinaryOp::ADD, &[S(0), B], Some(&[S(0), B]), &[8, 8], &[2, 2]), [S(0), B]);
    }

    #[test]
    fn dim_reduce_drops_single_rank_dimensions_and_merges_equal_ones() {
        let (h, from, to) = dim_reduce(&[1, 2], &[S(0), P], &[B, S(0)], &[8]);
        assert_eq!((h, from.to_vec(), to.to_vec()), (vec![2], vec![P], vec![S(0)]));
        let (h, from, to) = dim_reduce(&[2, 2], &[S(0), S(0)], &[B, B], &[8]);
        assert_eq!((h, from.to_vec(), to.to_vec()), (vec![4], vec![S(0)], vec![B]));
        // 6 over 2 x 2 does not split as over 4: no merge
        let (h, _, _) = dim_reduce(&[2, 2], &[S(0), S(0)], &[B, B], &[6]);
        assert_eq!(h, vec![2, 2]);
    }
}
