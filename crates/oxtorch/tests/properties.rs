//! Property tests: views against a plain dense reference model, `view` against `reshape`, memory formats,
//! `broadcast_shapes`, and cast round trips.

use oxtorch::shape::broadcast_shapes;
use oxtorch::{arange, from_vec, DType, MemoryFormat, Tensor};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

// ---------------------------------------------------------------------------------------------------------------
// The reference model: a dense row-major vector and a shape, every operation done by index arithmetic.
// ---------------------------------------------------------------------------------------------------------------

#[derive(Clone, Debug, PartialEq)]
struct Model {
    shape: Vec<usize>,
    data: Vec<i64>,
}

fn numel(shape: &[usize]) -> usize {
    shape.iter().product()
}

/// Row-major multi-index of linear position `linear` in `shape`.
fn unravel(mut linear: usize, shape: &[usize]) -> Vec<usize> {
    let mut idx = vec![0; shape.len()];
    for d in (0..shape.len()).rev() {
        idx[d] = linear % shape[d];
        linear /= shape[d];
    }
    idx
}

fn ravel(idx: &[usize], shape: &[usize]) -> usize {
    idx.iter().zip(shape).fold(0, |acc, (&i, &s)| {
        assert!(i < s, "model index {idx:?} out of shape {shape:?}");
        acc * s + i
    })
}

/// Wraps a dimension the way PyTorch does (a 0-dim tensor accepts -1 and 0).
fn wrap(dim: i64, ndim: usize) -> usize {
    let n = ndim.max(1) as i64;
    assert!(dim >= -n && dim < n, "test generated an invalid dim {dim} for rank {ndim}");
    if dim < 0 {
        (dim + n) as usize
    } else {
        dim as usize
    }
}

impl Model {
    fn arange(shape: &[usize]) -> Model {
        Model { shape: shape.to_vec(), data: (0..numel(shape) as i64).collect() }
    }

    /// out[idx] = self[f(idx)] for every multi-index of `shape`.
    fn gather(&self, shape: Vec<usize>, f: impl Fn(&[usize]) -> Vec<usize>) -> Model {
        let data = (0..numel(&shape)).map(|i| self.data[ravel(&f(&unravel(i, &shape)), &self.shape)]).collect();
        Model { shape, data }
    }

    fn rank(&self) -> usize {
        self.shape.len()
    }

    fn permute(&self, perm: &[usize]) -> Model {
        let shape = perm.iter().map(|&p| self.shape[p]).collect();
        self.gather(shape, |idx| {
            let mut old = vec![0; perm.len()];
            for (i, &p) in perm.iter().enumerate() {
                old[p] = idx[i];
            }
            old
        })
    }

    fn transpose(&self, a: i64, b: i64) -> Model {
        let (a, b) = (wrap(a, self.rank()), wrap(b, self.rank()));
        if self.rank() == 0 {
            return self.clone();
        }
        let mut perm: Vec<usize> = (0..self.rank()).collect();
        perm.swap(a, b);
        self.permute(&perm)
    }

    fn slice(&self, dim: i64, start: Option<i64>, end: Option<i64>, step: i64) -> Model {
        let d = wrap(dim, self.rank());
        let size = self.shape[d] as i64;
        let clamp = |v: Option<i64>, default: i64| {
            let v = v.unwrap_or(default);
            (if v < 0 { v + size } else { v }).clamp(0, size)
        };
        let (start, end) = (clamp(start, 0), clamp(end, size));
        let len = if end > start { (end - start + step - 1) / step } else { 0 };
        let mut shape = self.shape.clone();
        shape[d] = len as usize;
        self.gather(shape, |idx| {
            let mut old = idx.to_vec();
            old[d] = start as usize + idx[d] * step as usize;
            old
        })
    }

    fn narrow(&self, dim: i64, start: i64, length: i64) -> Model {
        let d = wrap(dim, self.rank());
        let size = self.shape[d] as i64;
        let start = if start < 0 { start + size } else { start };
        self.slice(d as i64, Some(start), Some(start + length), 1)
    }

    fn select(&self, dim: i64, index: i64) -> Model {
        let d = wrap(dim, self.rank());
        let size = self.shape[d] as i64;
        let index = (if index < 0 { index + size } else { index }) as usize;
        let mut shape = self.shape.clone();
        shape.remove(d);
        self.gather(shape, |idx| {
            let mut old = idx.to_vec();
            old.insert(d, index);
            old
        })
    }

    fn unsqueeze(&self, dim: i64) -> Model {
        let d = wrap(dim, self.rank() + 1);
        let mut shape = self.shape.clone();
        shape.insert(d, 1);
        self.gather(shape, |idx| {
            let mut old = idx.to_vec();
            old.remove(d);
            old
        })
    }

    fn squeeze(&self) -> Model {
        Model { shape: self.shape.iter().copied().filter(|&s| s != 1).collect(), data: self.data.clone() }
    }

    fn squeeze_dim(&self, dim: i64) -> Model {
        let d = wrap(dim, self.rank());
        if self.rank() == 0 || self.shape[d] != 1 {
            return self.clone();
        }
        let mut shape = self.shape.clone();
        shape.remove(d);
        Model { shape, data: self.data.clone() }
    }

    fn expand(&self, sizes: &[i64]) -> Model {
        let lead = sizes.len() - self.rank();
        let shape: Vec<usize> =
            sizes.iter().enumerate().map(|(i, &s)| if s == -1 { self.shape[i - lead] } else { s as usize }).collect();
        let own = self.shape.clone();
        self.gather(shape, |idx| (0..own.len()).map(|j| if own[j] == 1 { 0 } else { idx[j + lead] }).collect())
    }

    fn flatten(&self, start: i64, end: i64) -> Model {
        if self.rank() == 0 {
            return Model { shape: vec![1], data: self.data.clone() };
        }
        let (s, e) = (wrap(start, self.rank()), wrap(end, self.rank()));
        let mut shape = self.shape[..s].to_vec();
        shape.push(numel(&self.shape[s..=e]));
        shape.extend_from_slice(&self.shape[e + 1..]);
        Model { shape, data: self.data.clone() }
    }

    fn diagonal(&self, offset: i64, dim1: i64, dim2: i64) -> Model {
        let (d1, d2) = (wrap(dim1, self.rank()), wrap(dim2, self.rank()));
        let (n1, n2) = (self.shape[d1] as i64, self.shape[d2] as i64);
        let diag = if offset >= 0 { n1.min(n2 - offset) } else { (n1 + offset).min(n2) }.max(0) as usize;
        let keep: Vec<usize> = (0..self.rank()).filter(|&d| d != d1 && d != d2).collect();
        let mut shape: Vec<usize> = keep.iter().map(|&d| self.shape[d]).collect();
        shape.push(diag);
        let rank = self.rank();
        self.gather(shape, |idx| {
            let mut old = vec![0; rank];
            for (i, &d) in keep.iter().enumerate() {
                old[d] = idx[i];
            }
            let k = *idx.last().unwrap() as i64;
            let (i1, i2) = if offset >= 0 { (k, k + offset) } else { (k - offset, k) };
            old[d1] = i1 as usize;
            old[d2] = i2 as usize;
            old
        })
    }

    fn movedim(&self, src: i64, dst: i64) -> Model {
        let (s, d) = (wrap(src, self.rank()), wrap(dst, self.rank()));
        if self.rank() == 0 {
            return self.clone();
        }
        let mut perm: Vec<usize> = (0..self.rank()).filter(|&x| x != s).collect();
        perm.insert(d, s);
        self.permute(&perm)
    }

    fn unfold(&self, dim: i64, size: i64, step: i64) -> Model {
        let d = wrap(dim, self.rank());
        if self.rank() == 0 {
            return Model { shape: vec![size as usize], data: self.data.repeat(size as usize) };
        }
        let mut shape = self.shape.clone();
        shape[d] = ((self.shape[d] as i64 - size) / step + 1) as usize;
        shape.push(size as usize);
        let rank = self.rank();
        self.gather(shape, |idx| {
            let mut old = idx[..rank].to_vec();
            old[d] = idx[d] * step as usize + idx[rank];
            old
        })
    }

    fn t(&self) -> Model {
        if self.rank() < 2 {
            self.clone()
        } else {
            self.transpose(0, 1)
        }
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Operations, generated valid for the current shape from random raw numbers.
// ---------------------------------------------------------------------------------------------------------------

#[derive(Clone, Debug)]
enum Op {
    Transpose(i64, i64),
    Permute(Vec<i64>),
    Narrow(i64, i64, i64),
    Slice(i64, Option<i64>, Option<i64>, i64),
    Select(i64, i64),
    Unsqueeze(i64),
    Squeeze,
    SqueezeDim(i64),
    Expand(Vec<i64>),
    Flatten(i64, i64),
    Diagonal(i64, i64, i64),
    Movedim(i64, i64),
    Unfold(i64, i64, i64),
    T,
}

/// Raw randomness for one operation: a kind and eight numbers.
type RawOp = (u8, [u32; 8]);
const OP_KINDS: u8 = 14;
/// Rank above which rank-increasing operations are replaced by `squeeze`.
const MAX_RANK: usize = 6;

/// A uniform pick in `lo..=hi` from a raw number.
fn pick(raw: u32, lo: i64, hi: i64) -> i64 {
    assert!(lo <= hi);
    lo + (raw as i64).rem_euclid(hi - lo + 1)
}

/// A dimension in the wrapped range `[-n, n-1]` (n = max(rank, 1)).
fn pick_dim(raw: u32, rank: usize) -> i64 {
    let n = rank.max(1) as i64;
    pick(raw, -n, n - 1)
}

fn pos(dim: i64, rank: usize) -> usize {
    wrap(dim, rank)
}

/// Turns raw numbers into an operation that is valid for `shape`, falling back to `squeeze` where the requested
/// kind has no valid arguments.
fn make_op(shape: &[usize], (kind, r): &RawOp) -> Op {
    let rank = shape.len();
    match kind % OP_KINDS {
        0 => Op::Transpose(pick_dim(r[0], rank), pick_dim(r[1], rank)),
        1 => {
            // Fisher-Yates from the raw numbers, then some dims written negative.
            let mut perm: Vec<i64> = (0..rank as i64).collect();
            for i in (1..rank).rev() {
                perm.swap(i, pick(r[i % 8], 0, i as i64) as usize);
            }
            for (i, p) in perm.iter_mut().enumerate() {
                if r[(i + 3) % 8] % 2 == 0 {
                    *p -= rank as i64;
                }
            }
            Op::Permute(perm)
        }
        2 if rank > 0 => {
            let dim = pick_dim(r[0], rank);
            let size = shape[pos(dim, rank)] as i64;
            let start = pick(r[1], -size, size);
            let s = if start < 0 { start + size } else { start };
            Op::Narrow(dim, start, pick(r[2], 0, size - s))
        }
        3 if rank > 0 => {
            let dim = pick_dim(r[0], rank);
            let size = shape[pos(dim, rank)] as i64;
            let bound = |raw: u32| (!raw.is_multiple_of(4)).then(|| pick(raw >> 2, -size - 2, size + 2));
            Op::Slice(dim, bound(r[1]), bound(r[2]), pick(r[3], 1, 3))
        }
        4 if rank > 0 => {
            let dims: Vec<i64> = (0..rank as i64).filter(|&d| shape[d as usize] > 0).collect();
            if dims.is_empty() {
                return Op::Squeeze;
            }
            let d = dims[pick(r[0], 0, dims.len() as i64 - 1) as usize];
            let size = shape[d as usize] as i64;
            let dim = if r[1] % 2 == 0 { d } else { d - rank as i64 };
            Op::Select(dim, pick(r[2], -size, size - 1))
        }
        5 if rank < MAX_RANK => Op::Unsqueeze(pick(r[0], -(rank as i64) - 1, rank as i64)),
        6 => Op::Squeeze,
        7 => Op::SqueezeDim(pick_dim(r[0], rank)),
        8 if rank < MAX_RANK => {
            let lead = if rank + 2 <= MAX_RANK { pick(r[0], 0, 2) } else { 0 } as usize;
            let mut sizes: Vec<i64> = (0..lead).map(|i| pick(r[1 + i], 0, 3)).collect();
            for (i, &s) in shape.iter().enumerate() {
                let raw = r[(3 + i) % 8] >> (i % 4);
                sizes.push(match (s, raw % 3) {
                    (_, 0) => -1,
                    (1, _) => pick(raw >> 2, 0, 4),
                    (s, _) => s as i64,
                });
            }
            Op::Expand(sizes)
        }
        9 => {
            let (a, b) = (pick_dim(r[0], rank), pick_dim(r[1], rank));
            if pos(a, rank) <= pos(b, rank) {
                Op::Flatten(a, b)
            } else {
                Op::Flatten(b, a)
            }
        }
        10 if rank >= 2 => {
            let d1 = pick_dim(r[0], rank);
            let mut d2 = pick_dim(r[1], rank);
            if pos(d1, rank) == pos(d2, rank) {
                d2 = ((pos(d1, rank) + 1) % rank) as i64;
            }
            Op::Diagonal(pick(r[2], -6, 6), d1, d2)
        }
        // movedim of a 0-dim tensor is covered by errors.rs (it panics; see the ignored test there).
        11 if rank > 0 => Op::Movedim(pick_dim(r[0], rank), pick_dim(r[1], rank)),
        12 if rank < MAX_RANK => {
            let dim = pick_dim(r[0], rank);
            let max = if rank == 0 { 1 } else { shape[pos(dim, rank)] as i64 };
            Op::Unfold(dim, pick(r[1], 0, max), pick(r[2], 1, 3))
        }
        13 if rank <= 2 => Op::T,
        _ => Op::Squeeze,
    }
}

fn apply(t: &Tensor, op: &Op) -> oxtorch::Result<Tensor> {
    match op {
        Op::Transpose(a, b) => t.transpose(*a, *b),
        Op::Permute(p) => t.permute(p),
        Op::Narrow(d, s, l) => t.narrow(*d, *s, *l),
        Op::Slice(d, s, e, st) => t.slice(*d, *s, *e, *st),
        Op::Select(d, i) => t.select(*d, *i),
        Op::Unsqueeze(d) => t.unsqueeze(*d),
        Op::Squeeze => Ok(t.squeeze()),
        Op::SqueezeDim(d) => t.squeeze_dim(*d),
        Op::Expand(s) => t.expand(s),
        Op::Flatten(a, b) => t.flatten(*a, *b),
        Op::Diagonal(o, a, b) => t.diagonal(*o, *a, *b),
        Op::Movedim(s, d) => t.movedim(*s, *d),
        Op::Unfold(d, s, st) => t.unfold(*d, *s, *st),
        Op::T => t.t(),
    }
}

fn apply_model(m: &Model, op: &Op) -> Model {
    match op {
        Op::Transpose(a, b) => m.transpose(*a, *b),
        Op::Permute(p) => {
            let perm: Vec<usize> = p.iter().map(|&d| wrap(d, m.rank())).collect();
            m.permute(&perm)
        }
        Op::Narrow(d, s, l) => m.narrow(*d, *s, *l),
        Op::Slice(d, s, e, st) => m.slice(*d, *s, *e, *st),
        Op::Select(d, i) => m.select(*d, *i),
        Op::Unsqueeze(d) => m.unsqueeze(*d),
        Op::Squeeze => m.squeeze(),
        Op::SqueezeDim(d) => m.squeeze_dim(*d),
        Op::Expand(s) => m.expand(s),
        Op::Flatten(a, b) => m.flatten(*a, *b),
        Op::Diagonal(o, a, b) => m.diagonal(*o, *a, *b),
        Op::Movedim(s, d) => m.movedim(*s, *d),
        Op::Unfold(d, s, st) => m.unfold(*d, *s, *st),
        Op::T => m.t(),
    }
}

/// Every element a view can reach lies inside its storage.
fn check_in_bounds(t: &Tensor, what: &str) -> Result<(), TestCaseError> {
    if t.numel() == 0 {
        return Ok(());
    }
    let last = t.storage_offset() + t.sizes().iter().zip(t.strides()).map(|(&s, &st)| (s - 1) * st).sum::<usize>();
    prop_assert!(
        last < t.storage().len(),
        "{what}: offset {} sizes {:?} strides {:?} reach element {last} of a storage of {}",
        t.storage_offset(),
        t.sizes(),
        t.strides(),
        t.storage().len()
    );
    Ok(())
}

/// The values in row-major order. An empty tensor reads as no values without calling `to_vec`: `to_vec` panics
/// on an empty view whose storage offset lies past the end of its storage (see
/// `bug_to_vec_of_empty_view_past_storage_end`).
fn values(t: &Tensor) -> Vec<i64> {
    if t.numel() == 0 {
        return Vec::new();
    }
    t.to_vec::<i64>().unwrap()
}

fn base(shape: &[usize]) -> Tensor {
    let dims: Vec<i64> = shape.iter().map(|&s| s as i64).collect();
    arange(numel(shape) as i64, DType::Int64).unwrap().reshape(&dims).unwrap()
}

/// Applies the raw chain to both the tensor and the model, checking each step; returns both results.
fn run_chain(shape: &[usize], raw: &[RawOp]) -> Result<(Tensor, Model), TestCaseError> {
    let mut t = base(shape);
    let mut m = Model::arange(shape);
    check_in_bounds(&t, "base")?;
    for (step, r) in raw.iter().enumerate() {
        let op = make_op(&m.shape, r);
        t = apply(&t, &op).map_err(|e| TestCaseError::fail(format!("step {step} {op:?} on {:?}: {e}", m.shape)))?;
        m = apply_model(&m, &op);
        let what = format!("step {step} {op:?}");
        prop_assert_eq!(t.sizes(), m.shape.as_slice(), "{}", what);
        check_in_bounds(&t, &what)?;
        prop_assert_eq!(values(&t), m.data.clone(), "{}", what);
    }
    Ok((t, m))
}

fn shape_strategy() -> impl Strategy<Value = Vec<usize>> {
    prop::collection::vec(0usize..=5, 0..=4)
}

fn chain_strategy() -> impl Strategy<Value = Vec<RawOp>> {
    prop::collection::vec((0u8..OP_KINDS, prop::array::uniform8(any::<u32>())), 1..=5)
}

/// A random target shape for `numel` elements: its prime factors dealt into up to four dims, size-1 dims mixed
/// in, and optionally one entry replaced by -1.
fn target_shape(numel: usize, raw: &[u32; 8]) -> Vec<i64> {
    let mut dims: Vec<i64>;
    if numel == 0 {
        let rank = pick(raw[0], 1, 4) as usize;
        dims = (0..rank).map(|i| pick(raw[1 + i], 0, 3)).collect();
        let z = pick(raw[5], 0, rank as i64 - 1) as usize;
        dims[z] = 0;
    } else {
        let mut factors = Vec::new();
        let (mut n, mut p) = (numel, 2);
        while n > 1 {
            while n % p == 0 {
                factors.push(p as i64);
                n /= p;
            }
            p += 1;
        }
        let rank = pick(raw[0], if numel == 1 { 0 } else { 1 }, 4) as usize;
        dims = vec![1; rank];
        for (i, f) in factors.into_iter().enumerate() {
            let slot = pick(raw[1].rotate_left(i as u32 * 5) ^ (i as u32), 0, rank as i64 - 1) as usize;
            dims[slot] *= f;
        }
        if raw[2].is_multiple_of(3) && dims.len() < 6 {
            let at = pick(raw[3], 0, dims.len() as i64) as usize;
            dims.insert(at, 1);
        }
    }
    if raw[4].is_multiple_of(2) && !dims.is_empty() {
        let i = pick(raw[6], 0, dims.len() as i64 - 1) as usize;
        let others: i64 = dims.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &d)| d).product();
        if others != 0 {
            dims[i] = -1;
        }
    }
    dims
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn view_chains_match_reference_model(shape in shape_strategy(), chain in chain_strategy()) {
        run_chain(&shape, &chain)?;
    }

    #[test]
    fn view_and_reshape_agree(
        shape in shape_strategy(),
        chain in prop::collection::vec((0u8..OP_KINDS, prop::array::uniform8(any::<u32>())), 0..=4),
        raw in prop::array::uniform8(any::<u32>()),
    ) {
        let (t, m) = run_chain(&shape, &chain)?;
        let target = target_shape(t.numel(), &raw);
        let expected_sizes: Vec<usize> = {
            let known: i64 = target.iter().filter(|&&d| d != -1).product();
            target.iter().map(|&d| if d == -1 { t.numel() / known as usize } else { d as usize }).collect()
        };
        let reshaped = t.reshape(&target);
        prop_assert!(reshaped.is_ok(), "reshape {:?} -> {:?}: {:?}", t.sizes(), target, reshaped.err());
        let reshaped = reshaped.unwrap();
        prop_assert_eq!(reshaped.sizes(), expected_sizes.as_slice());
        prop_assert_eq!(values(&reshaped), m.data.clone());
        check_in_bounds(&reshaped, "reshape")?;
        match t.view(&target) {
            Ok(viewed) => {
                prop_assert_eq!(viewed.sizes(), reshaped.sizes());
                prop_assert_eq!(viewed.strides(), reshaped.strides());
                prop_assert_eq!(viewed.storage_offset(), reshaped.storage_offset());
                prop_assert!(viewed.is_alias_of(&t) && reshaped.is_alias_of(&t));
                prop_assert_eq!(values(&viewed), m.data.clone());
                check_in_bounds(&viewed, "view")?;
            }
            Err(e) => {
                prop_assert_eq!(e.kind_name(), "RuntimeError");
                prop_assert!(e.message().starts_with("view size is not compatible"), "{}", e.message());
                let via_contiguous = t.contiguous().unwrap().view(&target).unwrap();
                prop_assert_eq!(reshaped.sizes(), via_contiguous.sizes());
                prop_assert_eq!(reshaped.strides(), via_contiguous.strides());
                prop_assert!(reshaped.is_contiguous());
                prop_assert_eq!(values(&via_contiguous), m.data.clone());
            }
        }
    }

    #[test]
    fn memory_formats_contiguous_and_clone(
        // Sizes start at 1: empty tensors cannot be made channels-last contiguous (see
        // `bug_empty_tensor_is_not_non_overlapping_and_dense`).
        shape in prop::collection::vec(1usize..=5, 4),
        perm_raw in prop::array::uniform4(any::<u32>()),
        mangle in 0u8..3,
        mangle_raw in prop::array::uniform4(any::<u32>()),
    ) {
        let mut perm: Vec<i64> = (0..4).collect();
        for i in (1..4).rev() {
            perm.swap(i, pick(perm_raw[i], 0, i as i64) as usize);
        }
        let permuted = base(&shape).permute(&perm).unwrap();
        let expected_values = values(&permuted);

        let cl = permuted.contiguous_in(MemoryFormat::ChannelsLast).unwrap();
        prop_assert!(cl.is_contiguous_in(MemoryFormat::ChannelsLast), "{:?} {:?}", cl.sizes(), cl.strides());
        prop_assert_eq!(cl.sizes(), permuted.sizes());
        prop_assert_eq!(values(&cl), expected_values.clone());
        let c = cl.contiguous().unwrap();
        prop_assert!(c.is_contiguous());
        prop_assert_eq!(values(&c), expected_values.clone());

        // A permutation of a dense tensor is dense: clone (preserve) keeps its strides.
        prop_assert!(permuted.is_non_overlapping_and_dense());
        let cloned = permuted.clone_tensor().unwrap();
        prop_assert_eq!(cloned.strides(), permuted.strides());
        prop_assert!(!cloned.is_alias_of(&permuted));
        prop_assert_eq!(values(&cloned), expected_values.clone());

        // An expanded or strided-sliced input clones into dense strides with the same values.
        let mangled = match mangle {
            0 => {
                let d = pick(mangle_raw[0], 0, 3);
                permuted.slice(d, None, None, pick(mangle_raw[1], 2, 3)).unwrap()
            }
            1 => {
                let d = pick(mangle_raw[0], 0, 3);
                let one = permuted.narrow(d, 0, permuted.sizes()[d as usize].min(1) as i64).unwrap();
                let mut target: Vec<i64> = one.sizes().iter().map(|&s| s as i64).collect();
                if one.sizes()[d as usize] == 1 {
                    target[d as usize] = pick(mangle_raw[1], 0, 4);
                }
                one.expand(&target).unwrap()
            }
            _ => permuted.unsqueeze(0).unwrap().expand(&[pick(mangle_raw[0], 0, 3), -1, -1, -1, -1]).unwrap(),
        };
        let expected = values(&mangled);
        let cloned = mangled.clone_tensor().unwrap();
        prop_assert!(cloned.is_non_overlapping_and_dense(), "{:?} {:?}", cloned.sizes(), cloned.strides());
        prop_assert_eq!(cloned.sizes(), mangled.sizes());
        prop_assert_eq!(values(&cloned), expected.clone());
        if mangled.is_non_overlapping_and_dense() {
            prop_assert_eq!(cloned.strides(), mangled.strides());
        }
        if mangled.dim() == 4 && mangled.numel() > 0 {
            let cl = mangled.contiguous_in(MemoryFormat::ChannelsLast).unwrap();
            prop_assert!(cl.is_contiguous_in(MemoryFormat::ChannelsLast));
            prop_assert_eq!(values(&cl), expected);
        }
    }

    #[test]
    fn broadcast_shapes_follow_numpy(
        base_shape in prop::collection::vec(0usize..=3, 0..=4),
        drops in (0usize..=4, 0usize..=4),
        ones in (any::<u8>(), any::<u8>()),
        random in (prop::collection::vec(0usize..=3, 0..=4), any::<bool>()),
    ) {
        let derive = |drop: usize, mask: u8| -> Vec<usize> {
            let tail = &base_shape[drop.min(base_shape.len())..];
            tail.iter().enumerate().map(|(i, &s)| if mask >> i & 1 == 1 { 1 } else { s }).collect()
        };
        let a = derive(drops.0, ones.0);
        let b = if random.1 { random.0.clone() } else { derive(drops.1, ones.1) };

        // numpy's rule, written out.
        let n = a.len().max(b.len());
        let dim_at = |s: &[usize], i: usize| if i + s.len() >= n { s[i + s.len() - n] } else { 1 };
        let reference: Option<Vec<usize>> = (0..n)
            .map(|i| match (dim_at(&a, i), dim_at(&b, i)) {
                (x, y) if x == y => Some(x),
                (1, y) => Some(y),
                (x, 1) => Some(x),
                _ => None,
            })
            .collect();

        let ab = broadcast_shapes(&a, &b);
        let ba = broadcast_shapes(&b, &a);
        match &reference {
            Some(expected) => {
                prop_assert_eq!(ab.as_ref().map(|d| d.to_vec()).ok(), Some(expected.clone()));
                prop_assert_eq!(ba.as_ref().map(|d| d.to_vec()).ok(), Some(expected.clone()));
                let target: Vec<i64> = expected.iter().map(|&s| s as i64).collect();
                for input in [&a, &b] {
                    let t = base(input);
                    let e = t.expand(&target);
                    prop_assert!(e.is_ok(), "expand {:?} to {:?}: {:?}", input, expected, e.err());
                    let e = e.unwrap();
                    prop_assert_eq!(e.sizes(), expected.as_slice());
                    let model = Model::arange(input).expand(&target);
                    prop_assert_eq!(values(&e), model.data);
                }
            }
            None => {
                prop_assert!(ab.is_err() && ba.is_err());
                let e = ab.unwrap_err();
                prop_assert_eq!(e.kind_name(), "RuntimeError");
                prop_assert!(e.message().starts_with("The size of tensor a ("), "{}", e.message());
            }
        }
    }

    #[test]
    fn int8_range_values_survive_casts(values in prop::collection::vec(-128i64..=127, 0..=12)) {
        let n = values.len();
        let t = from_vec(values.clone(), &[n]).unwrap();
        for dtype in DType::ALL {
            let back = t.to_dtype(dtype).unwrap().to_dtype(DType::Int64).unwrap();
            prop_assert_eq!(back.dtype(), DType::Int64);
            let got = back.to_vec::<i64>().unwrap();
            let expected: Vec<i64> = match dtype {
                DType::Bool => values.iter().map(|&v| (v != 0) as i64).collect(),
                DType::UInt8 => values.iter().map(|&v| v as u8 as i64).collect(),
                _ => values.clone(),
            };
            prop_assert_eq!(got, expected, "via {:?}", dtype);
        }
    }

    #[test]
    fn float32_to_float64_and_back_is_identity(bits in prop::collection::vec(any::<u32>(), 0..=12)) {
        let values: Vec<f32> = bits.iter().map(|&b| f32::from_bits(b)).collect();
        let t = from_vec(values.clone(), &[values.len()]).unwrap();
        let wide = t.to_dtype(DType::Float64).unwrap();
        let wide_values = wide.to_vec::<f64>().unwrap();
        let back = wide.to_dtype(DType::Float32).unwrap().to_vec::<f32>().unwrap();
        for ((v, w), b) in values.iter().zip(&wide_values).zip(&back) {
            if v.is_nan() {
                prop_assert!(w.is_nan() && b.is_nan());
            } else {
                prop_assert_eq!(*w, *v as f64);
                prop_assert_eq!(b.to_bits(), v.to_bits());
            }
        }
    }
}

#[test]
fn model_sanity() {
    // The reference model itself, on a case worked by hand: arange(6).reshape(2, 3).t()[1:, ::2].
    let m = Model::arange(&[2, 3]).t().slice(0, Some(1), None, 1).slice(1, None, None, 2);
    assert_eq!(m, Model { shape: vec![2, 1], data: vec![1, 2] });
    let d = Model::arange(&[3, 4]).diagonal(1, 0, 1);
    assert_eq!(d.data, vec![1, 6, 11]);
    let u = Model::arange(&[5]).unfold(0, 2, 2);
    assert_eq!(u, Model { shape: vec![2, 2], data: vec![0, 1, 2, 3] });
}

#[test]
fn regression_to_vec_of_empty_view_past_storage_end() {
    // zeros(2, 0) has a storage of 0 elements and strides [1, 1]; [1:] has storage offset 1, as in PyTorch.
    let t = oxtorch::zeros(&[2, 0], DType::Int64).unwrap().narrow(0, 1, 1).unwrap();
    assert_eq!(t.storage_offset(), 1);
    assert_eq!(t.storage().len(), 0);
    assert_eq!(t.to_vec::<i64>().unwrap(), Vec::<i64>::new());
    assert_eq!(t.to_scalars().unwrap(), vec![]);
    assert_eq!(t.repr(), oxtorch::zeros(&[1, 0], DType::Int64).unwrap().repr());
}

#[test]
fn regression_empty_tensor_is_not_non_overlapping_and_dense() {
    // PyTorch: an empty tensor is contiguous, and TensorImpl's non-overlapping-and-dense flag includes
    // is_contiguous, so `torch.zeros(0, 0, 2, 0).contiguous(memory_format=torch.channels_last)` works.
    let cl = oxtorch::empty(&[0, 0, 2, 0], MemoryFormat::ChannelsLast).unwrap();
    assert_eq!(cl.strides(), &[0, 1, 0, 0]);
    assert!(cl.is_contiguous());
    assert!(cl.is_non_overlapping_and_dense());
    cl.copy_(&oxtorch::zeros(&[0, 0, 2, 0], ()).unwrap()).unwrap();
    let z = oxtorch::zeros(&[0, 0, 2, 0], ()).unwrap();
    let c = z.contiguous_in(MemoryFormat::ChannelsLast).unwrap();
    assert!(c.is_contiguous_in(MemoryFormat::ChannelsLast));
    z.clone_in(MemoryFormat::ChannelsLast).unwrap();
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The transposing copy (both swapped dimensions at least 32 long: the banded, blocked path), with an outer
    /// dimension, a view's offset, sizes that leave partial blocks, a source that jumps along its rows (`step`
    /// 2), and casts fused in (against the same cast of the contiguous copy, which streams).
    #[test]
    fn transposing_copies_match_index_arithmetic(
        outer in 1usize..3, rows in 32usize..75, cols in 32usize..75, skip in 0usize..3, step in 1usize..3,
        dtype in prop::sample::select(vec![DType::Float32, DType::Float64, DType::BFloat16, DType::Int16]),
    ) {
        let width = (cols + skip) * step;
        let full = arange((outer * rows * width) as i64, DType::Int64).unwrap()
            .reshape(&[outer as i64, rows as i64, width as i64]).unwrap();
        let source = full.narrow(2, (skip * step) as i64, (cols * step - step + 1) as i64).unwrap()
            .slice(2, None, None, step as i64).unwrap();
        let transposed = source.transpose(1, 2).unwrap();
        let copied = transposed.contiguous().unwrap();
        prop_assert_eq!(copied.sizes(), &[outer, cols, rows][..]);
        let mut want = Vec::with_capacity(copied.numel());
        for o in 0..outer {
            for c in 0..cols {
                for r in 0..rows {
                    want.push(((o * rows + r) * width + (skip + c) * step) as i64);
                }
            }
        }
        prop_assert_eq!(values(&copied), want);
        let cast = transposed.to_dtype(dtype).unwrap();
        let as_int = |t: &Tensor| values(&t.to_dtype(DType::Int64).unwrap());
        prop_assert_eq!(as_int(&cast), as_int(&copied.to_dtype(dtype).unwrap()));
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Reductions: against the reference model's sums and extremes, over every dimension set and layout.
// ---------------------------------------------------------------------------------------------------------------

/// The model's sums (or largest values) over the dimensions `reduced`, keeping them as size 1.
fn model_reduce(m: &Model, reduced: &[bool], largest: bool) -> Vec<i64> {
    let kept: Vec<usize> = m.shape.iter().zip(reduced).map(|(&s, &r)| if r { 1 } else { s }).collect();
    let mut out = vec![if largest { i64::MIN } else { 0 }; numel(&kept)];
    for (linear, &v) in m.data.iter().enumerate() {
        let idx: Vec<usize> =
            unravel(linear, &m.shape).iter().zip(reduced).map(|(&i, &r)| if r { 0 } else { i }).collect();
        let o = &mut out[ravel(&idx, &kept)];
        *o = if largest { (*o).max(v) } else { o.wrapping_add(v) };
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// `sum` and `amax` over any set of dimensions, of a contiguous or permuted tensor, equal the reference model's;
    /// `sum` over everything equals `sum` over the dimensions one after the other.
    #[test]
    fn reductions_match_reference_model(
        shape in prop::collection::vec(1usize..5, 1..4),
        mask in prop::collection::vec(any::<bool>(), 3),
        permuted in any::<bool>(),
        seed in 0i64..1000,
    ) {
        let n = numel(&shape);
        let data: Vec<i64> = (0..n as i64).map(|i| (i * 37 + seed) % 101 - 50).collect();
        let m = Model { shape: shape.clone(), data: data.clone() };
        let x = from_vec(data, &shape).unwrap();
        // a permuted layout with the same logical values
        let x = if permuted {
            let rev: Vec<i64> = (0..shape.len() as i64).rev().collect();
            x.permute(&rev).unwrap().contiguous().unwrap().permute(&rev).unwrap()
        } else {
            x
        };
        let reduced: Vec<bool> = mask[..shape.len()].to_vec();
        let dims: Vec<i64> = (0..shape.len() as i64).filter(|&d| reduced[d as usize]).collect();
        let reduced = if dims.is_empty() { vec![true; shape.len()] } else { reduced };
        let sum = x.sum_dims(&dims, true, None).unwrap();
        prop_assert_eq!(sum.to_vec::<i64>().unwrap(), model_reduce(&m, &reduced, false));
        let amax = x.reduce(oxtorch::op::ReduceOp::Amax, Some(&dims), true, None).unwrap();
        prop_assert_eq!(amax.to_vec::<i64>().unwrap(), model_reduce(&m, &reduced, true));
        let mut stepwise = x.clone();
        for _ in 0..shape.len() {
            stepwise = stepwise.sum_dims(&[0], false, None).unwrap();
        }
        prop_assert_eq!(stepwise.to_vec::<i64>().unwrap(), x.sum().unwrap().to_vec::<i64>().unwrap());
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Joining: cat and split are inverses, stack's slices are its inputs, in any layout and dtype mix.
// ---------------------------------------------------------------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// `cat` along any dimension of inputs of one shape but for that dimension (some int32, some permuted) is
    /// undone by `split_with_sizes`: each piece holds its input's values, in int64 (the promoted dtype). `stack`'s
    /// slice `i` along its new dimension is input `i`, and `stack` equals `cat` of the unsqueezed inputs.
    #[test]
    fn cat_inverts_split_and_stack_slices_are_its_inputs(
        shape in prop::collection::vec(1usize..4, 1..4),
        lengths in prop::collection::vec(0usize..4, 1..4),
        dim_raw in 0usize..8,
        layout in prop::collection::vec(any::<bool>(), 4),
    ) {
        let dim = dim_raw % shape.len();
        let rev: Vec<i64> = (0..shape.len() as i64).rev().collect();
        let inputs: Vec<Tensor> = lengths
            .iter()
            .enumerate()
            .map(|(k, &len)| {
                let mut s = shape.clone();
                s[dim] = len;
                let data: Vec<i64> = (0..numel(&s) as i64).map(|i| i + 100 * k as i64).collect();
                let t = from_vec(data, &s).unwrap();
                let t = if layout[k % 4] { t.to_dtype(DType::Int32).unwrap() } else { t };
                if layout[(k + 1) % 4] {
                    t.permute(&rev).unwrap().contiguous().unwrap().permute(&rev).unwrap()
                } else {
                    t
                }
            })
            .collect();
        let refs: Vec<&Tensor> = inputs.iter().collect();
        let joined = Tensor::cat(&refs, dim as i64).unwrap();
        let all_int32 = inputs.iter().all(|t| t.dtype() == DType::Int32);
        prop_assert_eq!(joined.dtype(), if all_int32 { DType::Int32 } else { DType::Int64 });
        let int64 = |t: &Tensor| values(&t.to_dtype(DType::Int64).unwrap());
        let sizes: Vec<i64> = lengths.iter().map(|&l| l as i64).collect();
        let pieces = joined.split_with_sizes(&sizes, dim as i64).unwrap();
        for (piece, input) in pieces.iter().zip(&inputs) {
            prop_assert_eq!(int64(piece), int64(input));
        }
        let same: Vec<&Tensor> = std::iter::repeat_n(&inputs[0], lengths.len()).collect();
        for d in 0..=shape.len() {
            let stacked = Tensor::stack(&same, d as i64).unwrap();
            for (i, input) in same.iter().enumerate() {
                prop_assert_eq!(int64(&stacked.select(d as i64, i as i64).unwrap()), int64(input));
            }
            let unsqueezed: Vec<Tensor> = same.iter().map(|t| t.unsqueeze(d as i64).unwrap()).collect();
            let via_cat = Tensor::cat(&unsqueezed.iter().collect::<Vec<_>>(), d as i64).unwrap();
            prop_assert_eq!(int64(&stacked), int64(&via_cat));
            prop_assert_eq!(stacked.sizes(), via_cat.sizes());
        }
    }
}
