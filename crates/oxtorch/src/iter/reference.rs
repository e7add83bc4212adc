//! The geometry and dtype rules of PyTorch's Python references (`torch/_refs`, `torch/_prims_common`), which decide
//! elementwise operations on the meta device in PyTorch 2.15 instead of TensorIterator: `_broadcast_shapes` and its
//! message, `elementwise_dtypes`, `can_safe_cast_to`, the logical-to-physical permutation of an elementwise output
//! (`compute_elementwise_output_logical_to_physical_perm`) with the contiguity tests it short-circuits on, and the
//! strides `empty_permuted` gives. Like the rest of the iterator it knows no tensor type: it reads sizes, strides,
//! dtypes and promotion classes. The operations themselves (which checks, in which order) are in `tensor/meta.rs`.

use crate::dtype::{Category, DType};
use crate::error::{Error, Result};
use crate::promotion::{self, get_default_dtype};
use crate::scalar::Scalar;
use crate::shape::{self, fmt_list, Dims};
use smallvec::SmallVec;

/// Prints a shape as PyTorch prints a `torch.Size`, with the project's module name: `oxtorch.Size([2, 3])`.
pub fn fmt_size(sizes: &[usize]) -> String {
    format!("oxtorch.Size({})", fmt_list(sizes))
}

/// Prints a shape as Python prints a tuple of ints: `()`, `(3,)`, `(2, 3)`.
pub fn fmt_tuple(sizes: &[usize]) -> String {
    match sizes {
        [] => "()".into(),
        [one] => format!("({one},)"),
        _ => {
            let parts: Vec<String> = sizes.iter().map(|s| s.to_string()).collect();
            format!("({})", parts.join(", "))
        }
    }
}

/// `_broadcast_shapes` (`_refs/__init__.py`): the common shape of the tensor operands' shapes, given in argument
/// order (Python numbers are left out, so indices count tensors only). The common shape starts as all ones of the
/// largest rank and takes each argument in turn, from its last dimension back; the first dimension where neither
/// side is 1 and the sizes differ is PyTorch's error, which shows the partly built common shape as a list.
pub fn broadcast_shapes(shapes: &[&[usize]]) -> Result<Dims> {
    let rank = shapes.iter().map(|s| s.len()).max().unwrap_or(0);
    let mut common: Dims = SmallVec::from_elem(1, rank);
    for (arg_idx, shape) in shapes.iter().enumerate() {
        for back in 1..=shape.len() {
            let (size, at) = (shape[shape.len() - back], rank - back);
            if size == common[at] {
                continue;
            }
            if common[at] == 1 {
                common[at] = size;
            } else if size != 1 {
                return Err(Error::Runtime(format!(
                    "Attempting to broadcast a dimension of length {size} at -{back}! Mismatching argument at index \
                     {arg_idx} had {}; but expected shape should be broadcastable to {}",
                    fmt_size(shape),
                    fmt_list(&common)
                )));
            }
        }
    }
    Ok(common)
}

/// `check_inplace_broadcast` (`_meta_registrations.py`) and the same check of `_make_inplace` (`_refs`): the other
/// shapes must broadcast with `self_shape` (argument 0) to exactly `self_shape`.
pub fn check_inplace_broadcast(self_shape: &[usize], others: &[&[usize]]) -> Result<()> {
    let mut shapes: SmallVec<[&[usize]; 3]> = SmallVec::new();
    shapes.push(self_shape);
    shapes.extend_from_slice(others);
    let common = broadcast_shapes(&shapes)?;
    if common.as_slice() != self_shape {
        return Err(Error::Runtime(format!(
            "output with shape {} doesn't match the broadcast shape {}",
            fmt_size(self_shape),
            fmt_tuple(&common)
        )));
    }
    Ok(())
}

/// `ELEMENTWISE_TYPE_PROMOTION_KIND`, for the kinds elementwise binary operations use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PromotionKind {
    /// `DEFAULT` (add, mul, maximum, rounded div, neg ...): computes in the result dtype's op-math dtype.
    Default,
    /// `INT_TO_FLOAT` (true division): a bool or integer result becomes the default dtype.
    IntToFloat,
    /// `ALWAYS_BOOL` (comparisons): computes as `DEFAULT`, the result is bool.
    AlwaysBool,
    /// `BOOL_TO_LONG` (`pow`): as `DEFAULT`, but a bool result is int64.
    BoolToLong,
}

/// The Python type a number has, as the references order them: bool < int < float < complex.
pub fn number_category(s: &Scalar) -> Category {
    match s {
        Scalar::Bool(_) => Category::Bool,
        Scalar::Int(_) | Scalar::UInt(_) => Category::Integral,
        Scalar::Float(_) => Category::Floating,
        Scalar::Complex(_) => Category::Complex,
    }
}

/// How Python prints the type of a number of a category: `<class 'float'>`.
pub fn python_type_name(category: Category) -> &'static str {
    match category {
        Category::Bool => "<class 'bool'>",
        Category::Integral => "<class 'int'>",
        Category::Floating => "<class 'float'>",
        Category::Complex => "<class 'complex'>",
    }
}

/// The position of a dtype in `get_higher_dtype`'s ordered groups: `(bool) (uint8, int8) (int16) (int32) (int64)
/// (float16, bfloat16) (float32) (float64) (complex32, bcomplex32) (complex64) (complex128)`.
fn higher_dtype_group(dtype: DType) -> usize {
    match dtype {
        DType::Bool => 0,
        DType::UInt8 | DType::Int8 => 1,
        DType::Int16 => 2,
        DType::Int32 => 3,
        DType::Int64 => 4,
        DType::Float16 | DType::BFloat16 => 5,
        DType::Float32 => 6,
        DType::Float64 => 7,
        DType::Complex64 => 9,
        DType::Complex128 => 10,
    }
}

/// `get_higher_dtype`: the later group wins; two different dtypes of one group give the first dtype of the next
/// group (uint8 and int8 give int16, float16 and bfloat16 give float32). The uint16/32/64 quirks of PyTorch have no
/// counterpart here (the project has no such dtypes), nor has the complex32 group.
pub fn get_higher_dtype(a: DType, b: DType) -> DType {
    if a == b {
        return a;
    }
    let (ga, gb) = (higher_dtype_group(a), higher_dtype_group(b));
    match ga.cmp(&gb) {
        std::cmp::Ordering::Equal if ga == 1 => DType::Int16,
        std::cmp::Ordering::Equal => DType::Float32,
        std::cmp::Ordering::Less => b,
        std::cmp::Ordering::Greater => a,
    }
}

/// `elementwise_dtypes`: `(computation dtype, result dtype)` of an elementwise operation over `args` (tensors of any
/// device and rank, and Python numbers). The highest category of any argument decides the kind of result; its dtype
/// is the highest dtype of that kind among dimensioned tensors, else among zero-dim tensors (numbers never widen it),
/// else the category's default (int64, the default dtype, the default dtype's complex counterpart). For a complex
/// result, floating tensors count as their complex counterparts.
pub fn elementwise_dtypes(args: &[promotion::Operand], kind: PromotionKind) -> (DType, DType) {
    use promotion::Operand as P;
    let category = args
        .iter()
        .map(|a| match a {
            P::Dimensioned(d) | P::ZeroDim(d) => d.category(),
            P::Scalar(s) => number_category(s),
        })
        .max()
        .unwrap_or(Category::Bool);
    let highest = |filter: &dyn Fn(DType) -> bool, float_as_complex: bool| -> Option<DType> {
        let (mut zero_dim, mut dimensioned): (Option<DType>, Option<DType>) = (None, None);
        for a in args {
            let (d, is_zero_dim) = match a {
                P::Dimensioned(d) => (*d, false),
                P::ZeroDim(d) => (*d, true),
                P::Scalar(_) => continue,
            };
            if !filter(d) {
                continue;
            }
            let d = if float_as_complex && d.is_floating_point() { d.to_complex() } else { d };
            let slot = if is_zero_dim { &mut zero_dim } else { &mut dimensioned };
            *slot = Some(slot.map_or(d, |s| get_higher_dtype(s, d)));
        }
        dimensioned.or(zero_dim)
    };
    let result = match category {
        Category::Bool => DType::Bool,
        Category::Integral => highest(&|d| d.is_integral(false), false).unwrap_or(DType::Int64),
        Category::Floating => highest(&|d| d.is_floating_point(), false).unwrap_or_else(get_default_dtype),
        Category::Complex => highest(&|d| d.is_floating_point() || d.is_complex(), true)
            .unwrap_or_else(|| get_default_dtype().to_complex()),
    };
    match kind {
        PromotionKind::Default => (result.compute_dtype(), result),
        PromotionKind::IntToFloat => {
            let result = if result.is_integral(true) { get_default_dtype() } else { result };
            (result.compute_dtype(), result)
        }
        PromotionKind::AlwaysBool => (result.compute_dtype(), DType::Bool),
        PromotionKind::BoolToLong if result == DType::Bool => (DType::Int64, DType::Int64),
        PromotionKind::BoolToLong => (result.compute_dtype(), result),
    }
}

/// `can_safe_cast_to`: a value of `cast_from` may be written into `cast_to` when `cast_to`'s category (bool <
/// integer < floating < complex) is at least `cast_from`'s, whatever the widths (float32 into float16, int64 into
/// int8 and bool into anything are safe).
pub fn can_safe_cast_to(cast_to: DType, cast_from: DType) -> bool {
    cast_to.category() >= cast_from.category()
}

/// `is_contiguous` as `_prims_common` defines it: fewer than two elements, or row-major strides where dimensions of
/// size 1 are skipped.
pub fn is_contiguous(sizes: &[usize], strides: &[usize]) -> bool {
    if shape::numel(sizes) < 2 {
        return true;
    }
    let mut expected = 1usize;
    for (&size, &stride) in sizes.iter().zip(strides).rev() {
        if size == 1 {
            continue;
        }
        if stride != expected {
            return false;
        }
        expected = expected.saturating_mul(size);
    }
    true
}

/// `is_channels_last_contiguous_2d` as `_prims_common` defines it: a 4-D tensor whose strides nest in the order
/// C, W, H, N, dimensions of size 1 skipped (no short-circuit on the number of elements).
pub fn is_channels_last_contiguous_2d(sizes: &[usize], strides: &[usize]) -> bool {
    if sizes.len() != 4 || strides.len() != 4 {
        return false;
    }
    let mut expected = 1usize;
    for idx in [1, 3, 2, 0] {
        if sizes[idx] == 1 {
            continue;
        }
        if strides[idx] != expected {
            return false;
        }
        expected = expected.saturating_mul(sizes[idx]);
    }
    true
}

/// `ge` of `compute_elementwise_output_logical_to_physical_perm`: `a >= b` or `b` divides `a`; anything is at least 0,
/// 0 is at least nothing else.
fn stride_ge(a: usize, b: usize) -> bool {
    if b == 0 {
        return true;
    }
    if a == 0 {
        return false;
    }
    a >= b || a.is_multiple_of(b)
}

/// `compute_elementwise_output_logical_to_physical_perm`, written L(...) in the specification: the order of the
/// output's dimensions in memory, outermost first, given the strides of the operands that are not CPU scalars (each
/// of `shape`, broadcast ones with stride 0), in operand order. Rank 0 and 1 have one answer; operands that are all
/// contiguous (and not all channels-last) give the identity, all channels-last (and not all contiguous) give
/// `[0, 2, 3, 1]`; otherwise an insertion sort in which the first operand whose strides decide a pair decides it
/// (stride-0 dimensions never do; equal strides defer to the next operand unless the later dimension is larger).
pub fn logical_to_physical_perm(shape: &[usize], operands: &[&[usize]]) -> Dims {
    let ndim = shape.len();
    if operands.is_empty() || ndim == 0 {
        return Dims::new();
    }
    if ndim == 1 {
        return smallvec::smallvec![0];
    }
    let contiguous = operands.iter().all(|s| is_contiguous(shape, s));
    let channels_last = operands.iter().all(|s| is_channels_last_contiguous_2d(shape, s));
    if contiguous && !channels_last {
        return (0..ndim).collect();
    }
    if channels_last && !contiguous {
        let mut perm: Dims = smallvec::smallvec![0];
        perm.extend(2..ndim);
        perm.push(1);
        return perm;
    }
    let should_swap = |idx_a: usize, idx_b: usize| -> i32 {
        for strides in operands {
            let (stride_a, stride_b) = (strides[idx_a], strides[idx_b]);
            if stride_a == 0 || stride_b == 0 {
                continue;
            }
            if stride_a == stride_b {
                if stride_ge(shape[idx_b], shape[idx_a]) {
                    continue;
                }
                return 1;
            }
            if stride_ge(stride_b, stride_a) {
                return -1;
            }
            if stride_ge(stride_a, stride_b) {
                return 1;
            }
        }
        0
    };
    let mut perm: Dims = (0..ndim).rev().collect();
    for i in 1..ndim {
        let mut dim1 = i;
        for dim0 in (0..i).rev() {
            match should_swap(perm[dim0], perm[dim1]) {
                c if c > 0 => {
                    perm.swap(dim0, dim1);
                    dim1 = dim0;
                }
                c if c < 0 => break,
                _ => {}
            }
        }
    }
    perm.reverse();
    perm
}

/// The strides `torch.empty_permuted(shape, perm)` gives: contiguous strides (a size of 0 counted as 1) of the
/// sizes taken in `perm` order, written back to the logical dimensions. A `perm` that is not a permutation of the
/// dimensions gives contiguous strides.
pub fn empty_permuted_strides(shape: &[usize], perm: &[usize]) -> Dims {
    let mut seen: SmallVec<[bool; 6]> = SmallVec::from_elem(false, shape.len());
    let valid =
        perm.len() == shape.len() && perm.iter().all(|&d| d < shape.len() && !std::mem::replace(&mut seen[d], true));
    if !valid {
        return shape::contiguous_strides(shape);
    }
    let mut strides: Dims = SmallVec::from_elem(0, shape.len());
    let mut multiplier = 1usize;
    for &d in perm.iter().rev() {
        strides[d] = multiplier;
        multiplier = multiplier.saturating_mul(shape[d].max(1));
    }
    strides
}

/// The strides of `x.to(dtype)` on the meta device (C++ `_to_copy` with `preserve_format`): a non-overlapping and
/// dense input keeps its strides (by the C++ rule, size-1 dimensions ignored); any other becomes dense in the order
/// L(x) gives.
pub fn converted_strides(sizes: &[usize], strides: &[usize]) -> Dims {
    if shape::is_non_overlapping_and_dense(sizes, strides) {
        return strides.into();
    }
    empty_permuted_strides(sizes, &logical_to_physical_perm(sizes, &[strides]))
}

/// The strides of `x.expand(shape)` (what `_maybe_broadcast` does to a tensor whose shape is not the common one),
/// as C++ `inferExpandGeometry` gives them: a dimension whose size changes (from 1) gets stride 0; a new leading
/// dimension gets the size times the stride of the dimension after it (so stride 0 unless it has size 1); the
/// others keep theirs. A zero-dim tensor gets stride 0 everywhere.
pub fn expanded_strides(sizes: &[usize], strides: &[usize], shape: &[usize]) -> Dims {
    let (ndim, tdim) = (shape.len(), sizes.len().min(strides.len()));
    let mut out: Dims = SmallVec::from_elem(0, ndim);
    if tdim == 0 {
        return out;
    }
    for i in (0..ndim).rev() {
        let offset = ndim - 1 - i;
        let (size, stride) = match (tdim - 1).checked_sub(offset) {
            Some(dim) => (sizes[dim], strides[dim]),
            None => (1, shape.get(i + 1).map_or(0, |&s| s.saturating_mul(out[i + 1]))),
        };
        out[i] = if size == shape[i] { stride } else { 0 };
    }
    out
}

/// A tensor operand of a primitive (`_prim_elementwise_meta`), as far as the output's layout goes. CPU scalars
/// (zero-dim CPU tensors) and numbers take no part and are left out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PrimArg {
    /// A zero-dim tensor on the operation's device that nothing broadcast yet (a `scalar_tensor`, or a CPU scalar
    /// moved there): with other tensors it has stride 0 everywhere; alone it gives a zero-dim result.
    ZeroDim,
    /// A tensor of the operation's shape, with these strides.
    Strided(Dims),
}

impl PrimArg {
    /// The argument once `_maybe_broadcast` expanded it to `shape` among other tensors: a zero-dim one gets stride
    /// 0 everywhere (nothing changes for a zero-dim `shape`).
    pub fn broadcast(&self, shape: &[usize]) -> PrimArg {
        match self {
            PrimArg::ZeroDim if !shape.is_empty() => PrimArg::Strided(SmallVec::from_elem(0, shape.len())),
            other => other.clone(),
        }
    }

    /// The strides of a result of `shape` laid out as this argument (a zero-dim one has none).
    pub fn strides(&self, shape: &[usize]) -> Dims {
        match self {
            PrimArg::Strided(s) if s.len() == shape.len() => s.clone(),
            PrimArg::Strided(_) => shape::contiguous_strides(shape),
            PrimArg::ZeroDim => SmallVec::from_elem(0, shape.len()),
        }
    }
}

/// The output of a primitive over `args` (its tensors that are not CPU scalars, in argument order) for an operation
/// of `shape`: `empty_permuted(shape, L(args))`, each zero-dim argument broadcast to stride 0; zero-dim when every
/// argument is (or there is none).
pub fn prim_output(shape: &[usize], args: &[&PrimArg]) -> PrimArg {
    if args.iter().all(|a| matches!(a, PrimArg::ZeroDim)) {
        return PrimArg::ZeroDim;
    }
    let strides: SmallVec<[Dims; 3]> = args.iter().map(|a| a.strides(shape)).collect();
    let views: SmallVec<[&[usize]; 3]> = strides.iter().map(|s| s.as_slice()).collect();
    PrimArg::Strided(empty_permuted_strides(shape, &logical_to_physical_perm(shape, &views)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn broadcast_messages_show_the_partial_common_shape() {
        let e = broadcast_shapes(&[&[4], &[2, 3]]).unwrap_err();
        assert_eq!(
            e.message(),
            "Attempting to broadcast a dimension of length 3 at -1! Mismatching argument at index 1 had \
             oxtorch.Size([2, 3]); but expected shape should be broadcastable to [1, 4]"
        );
        assert_eq!(broadcast_shapes(&[&[0], &[1]]).unwrap().as_slice(), &[0]);
        assert_eq!(broadcast_shapes(&[]).unwrap().as_slice(), &[] as &[usize]);
    }

    #[test]
    fn permutations_and_strides() {
        assert_eq!(empty_permuted_strides(&[2, 3, 4], &[2, 0, 1]).as_slice(), &[3, 1, 6]);
        assert_eq!(empty_permuted_strides(&[3, 0], &[0, 1]).as_slice(), &[1, 1]);
        assert_eq!(logical_to_physical_perm(&[3, 2], &[&[1, 3]]).as_slice(), &[1, 0]);
        assert_eq!(fmt_tuple(&[3]), "(3,)");
        assert_eq!(fmt_tuple(&[]), "()");
    }

    #[test]
    fn higher_dtypes() {
        assert_eq!(get_higher_dtype(DType::UInt8, DType::Int8), DType::Int16);
        assert_eq!(get_higher_dtype(DType::BFloat16, DType::Float16), DType::Float32);
        assert_eq!(get_higher_dtype(DType::Int32, DType::Float16), DType::Float16);
        assert!(can_safe_cast_to(DType::Float16, DType::Float64));
        assert!(!can_safe_cast_to(DType::Int64, DType::Float16));
    }
}
