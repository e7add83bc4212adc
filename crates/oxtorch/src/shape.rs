//! Size and stride arithmetic: contiguous strides, contiguity, density, broadcasting, view strides, dimension
//! wrapping. Pure functions on slices; no tensors, no data.

use crate::error::{index_err, runtime_err, Result};
use smallvec::SmallVec;

/// Sizes or strides of a tensor (inline for up to six dimensions).
pub type Dims = SmallVec<[usize; 6]>;

/// Number of elements of a tensor with these sizes.
pub fn numel(sizes: &[usize]) -> usize {
    sizes.iter().fold(1usize, |n, &s| n.saturating_mul(s))
}

/// Row-major strides for `sizes`; a size of 0 counts as 1, as PyTorch computes them.
pub fn contiguous_strides(sizes: &[usize]) -> Dims {
    let mut strides: Dims = SmallVec::from_elem(1, sizes.len());
    for d in (0..sizes.len().saturating_sub(1)).rev() {
        strides[d] = strides[d + 1].saturating_mul(sizes[d + 1].max(1));
    }
    strides
}

/// PyTorch's `is_contiguous()`: row-major, skipping size-1 dimensions; an empty tensor is contiguous.
pub fn is_contiguous(sizes: &[usize], strides: &[usize]) -> bool {
    if numel(sizes) == 0 {
        return true;
    }
    let mut expected = 1;
    for d in (0..sizes.len()).rev() {
        if sizes[d] != 1 {
            if strides[d] != expected {
                return false;
            }
            expected = expected.saturating_mul(sizes[d]);
        }
    }
    true
}

/// Whether the elements tile a contiguous block without gaps or overlaps, in some dimension order.
/// As in PyTorch, a tensor that is contiguous in any memory format (an empty one included) counts as dense.
pub fn is_non_overlapping_and_dense(sizes: &[usize], strides: &[usize]) -> bool {
    use crate::memory_format::MemoryFormat;
    if [MemoryFormat::Contiguous, MemoryFormat::ChannelsLast, MemoryFormat::ChannelsLast3d]
        .iter()
        .any(|f| f.is_contiguous(sizes, strides))
    {
        return true;
    }
    if sizes.len() == 1 {
        return sizes[0] < 2 || strides[0] == 1;
    }
    let mut perm: SmallVec<[usize; 6]> = (0..sizes.len()).collect();
    // size < 2 dimensions go last; the rest by increasing stride
    perm.sort_by(|&a, &b| {
        use std::cmp::Ordering;
        match (sizes[a] < 2, sizes[b] < 2) {
            (true, true) => Ordering::Equal,
            (true, false) => Ordering::Greater,
            (false, true) => Ordering::Less,
            (false, false) => strides[a].cmp(&strides[b]),
        }
    });
    let mut required = 1;
    for &d in &perm {
        if sizes[d] < 2 {
            return true;
        }
        if strides[d] != required {
            return false;
        }
        required = required.saturating_mul(sizes[d]);
    }
    true
}

/// The permutation of dimensions from fastest-moving (innermost) to slowest, by PyTorch's rules: ascending
/// stride, ties broken by smaller size first, and any comparison involving a zero stride left ambiguous so that
/// such dimensions keep their place. `strides_of` gives, for dimension pairs, the ordering votes of each operand
/// (PyTorch's TensorIterator asks every operand in turn); for one tensor pass its strides only.
pub fn stride_order(sizes: &[usize], operand_strides: &[&[usize]]) -> Dims {
    let ndim = sizes.len();
    // perm[0] is the innermost dimension; start from reversed natural order
    let mut perm: Dims = (0..ndim).rev().collect();
    let should_swap = |dim0: usize, dim1: usize| -> i32 {
        for strides in operand_strides {
            let (s0, s1) = (strides[dim0], strides[dim1]);
            if s0 == 0 || s1 == 0 {
                continue;
            }
            if s0 != s1 {
                return if s0 < s1 { -1 } else { 1 };
            }
            if sizes[dim0] > sizes[dim1] {
                return 1;
            }
        }
        0
    };
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
    perm
}

/// Dense strides that follow the memory order of `strides` (PyTorch's `infer_dense_strides`).
pub fn infer_dense_strides(sizes: &[usize], strides: &[usize]) -> Dims {
    let perm = stride_order(sizes, &[strides]);
    dense_strides_in_order(sizes, &perm)
}

/// Dense strides laying out dimensions in `perm` order (innermost first), a size of 0 counted as 1 (PyTorch's
/// `infer_dense_strides`).
pub fn dense_strides_in_order(sizes: &[usize], perm: &[usize]) -> Dims {
    let mut out: Dims = SmallVec::from_elem(0, sizes.len());
    let mut stride = 1;
    for &d in perm {
        out[d] = stride;
        stride = stride.saturating_mul(sizes[d].max(1));
    }
    out
}

/// The strides TensorIterator gives a new output in `perm` order (innermost first): each the product of the
/// sizes before it, a size of 0 included, so every dimension after an empty one gets stride 0 (PyTorch's
/// `compatible_stride`).
pub fn iterator_strides_in_order(sizes: &[usize], perm: &[usize]) -> Dims {
    let mut out: Dims = SmallVec::from_elem(0, sizes.len());
    let mut stride = 1usize;
    for &d in perm {
        out[d] = stride;
        stride = stride.saturating_mul(sizes[d]);
    }
    out
}

/// The broadcast shape of two shapes, or PyTorch's error naming the mismatching dimension.
pub fn broadcast_shapes(a: &[usize], b: &[usize]) -> Result<Dims> {
    let ndim = a.len().max(b.len());
    let mut out: Dims = SmallVec::from_elem(0, ndim);
    // from the last dimension, so that the error names the last mismatch, as PyTorch's does
    for i in (0..ndim).rev() {
        let da = (i + a.len()).checked_sub(ndim).map(|j| a[j]).unwrap_or(1);
        let db = (i + b.len()).checked_sub(ndim).map(|j| b[j]).unwrap_or(1);
        out[i] = if da == db || db == 1 {
            da
        } else if da == 1 {
            db
        } else {
            runtime_err!(
                "The size of tensor a ({da}) must match the size of tensor b ({db}) at non-singleton dimension {i}"
            )
        };
    }
    Ok(out)
}

/// Wraps a possibly negative dimension into `0..ndim` (a 0-dim tensor accepts -1 and 0), with PyTorch's message.
pub fn wrap_dim(dim: i64, ndim: usize) -> Result<usize> {
    let n = ndim.max(1) as i64;
    if dim < -n || dim >= n {
        index_err!("Dimension out of range (expected to be in range of [{}, {}], but got {dim})", -n, n - 1)
    }
    Ok(if dim < 0 { (dim + n) as usize } else { dim as usize })
}

/// Resolves a requested shape with at most one `-1` against `numel` elements (`view` / `reshape`), as PyTorch's
/// `infer_size`: the known sizes multiply with 64-bit wrap-around, a `-1` next to a zero size is ambiguous when
/// there are no elements, and a shape whose sizes overflow when multiplied is refused.
pub fn infer_size(shape: &[i64], numel: usize) -> Result<Dims> {
    let mut inferred = None;
    let mut known: i64 = 1;
    for (i, &s) in shape.iter().enumerate() {
        if s == -1 {
            if inferred.is_some() {
                runtime_err!("only one dimension can be inferred")
            }
            inferred = Some(i);
        } else if s < 0 {
            runtime_err!("invalid shape dimension {s} at index {i} of shape {}", fmt_i64s(shape))
        } else {
            known = known.wrapping_mul(s);
        }
    }
    let n = i64::try_from(numel).unwrap_or(i64::MAX);
    let mut out: Dims = shape.iter().map(|&s| s.max(0) as usize).collect();
    if n == known || (inferred.is_some() && known > 0 && n % known == 0) {
        if let Some(i) = inferred {
            if known == 0 {
                runtime_err!(
                    "cannot reshape tensor of {numel} elements into shape {} because the unspecified dimension size -1 can be any value and is ambiguous",
                    fmt_i64s(shape)
                )
            }
            out[i] = (n / known) as usize;
        }
        check_numel(&out)?;
        return Ok(out);
    }
    runtime_err!("shape '{}' is invalid for input of size {numel}", fmt_i64s(shape))
}

/// Row-major strides as [`contiguous_strides`] computes them, or None when one overflows 64 bits (PyTorch's
/// "Stride calculation overflowed").
pub fn checked_contiguous_strides(sizes: &[usize]) -> Option<Dims> {
    let mut strides: Dims = SmallVec::from_elem(1, sizes.len());
    for d in (0..sizes.len().saturating_sub(1)).rev() {
        let s = strides[d + 1].checked_mul(sizes[d + 1].max(1))?;
        if s > i64::MAX as usize {
            return None;
        }
        strides[d] = s;
    }
    Some(strides)
}

/// PyTorch's `computeStorageNbytesContiguous` check for a new tensor: the product of the sizes (multiplied
/// left to right, an overflow not undone by a later zero) times the element size must fit a signed 64-bit
/// byte count.
pub fn check_contiguous_storage(sizes: &[usize], itemsize: usize) -> Result<()> {
    let mut n: u64 = 1;
    let mut overflowed = false;
    for &s in sizes {
        let (p, o) = n.overflowing_mul(s as u64);
        n = p;
        overflowed |= o;
    }
    let (bytes, o) = n.overflowing_mul(itemsize as u64);
    if overflowed || o || bytes > i64::MAX as u64 {
        runtime_err!("Storage size calculation overflowed with sizes={}", fmt_list(sizes))
    }
    Ok(())
}

/// PyTorch's `as_strided` check on the strides of a view (int64, as PyTorch computes them, so a wrapped product
/// or sum shows as negative): no negative stride. It comes before the storage offset's check.
pub fn check_as_strided_strides(strides: &[i64]) -> Result<()> {
    if strides.iter().any(|&s| s < 0) {
        runtime_err!("as_strided: Negative strides are not supported at the moment, got strides: {}", fmt_list(strides))
    }
    Ok(())
}

/// `as_strided`'s int64 strides and storage offset as oxtorch holds them, after PyTorch's checks in its order: no
/// negative stride, then no negative offset ("Tensor: invalid storage offset").
pub fn as_strided_strides_and_offset(strides: &[i64], offset: Option<i64>) -> Result<(Dims, Option<usize>)> {
    check_as_strided_strides(strides)?;
    let offset = match offset {
        Some(o) if o < 0 => runtime_err!("Tensor: invalid storage offset {o}"),
        o => o.map(|o| o as usize),
    };
    Ok((strides.iter().map(|&s| s as usize).collect(), offset))
}

/// `as_strided_`'s sizes, strides and storage offset as oxtorch holds them, after PyTorch's checks in its order:
/// one stride per size, the checks of [`as_strided_strides_and_offset`], then no negative size (which PyTorch's
/// `compute_numel` reports as an overflow).
pub fn as_strided_in_place_geometry(
    sizes: &[i64],
    strides: &[i64],
    offset: Option<i64>,
) -> Result<(Dims, Dims, Option<usize>)> {
    if sizes.len() != strides.len() {
        runtime_err!("mismatch in length of strides and shape")
    }
    let (strides, offset) = as_strided_strides_and_offset(strides, offset)?;
    if sizes.iter().any(|&s| s < 0) {
        runtime_err!("numel: integer multiplication overflow")
    }
    Ok((sizes.iter().map(|&s| s as usize).collect(), strides, offset))
}

/// PyTorch's `compute_numel` check: the product of the sizes, multiplied left to right, must not overflow 64 bits
/// (a zero later in the list does not undo an earlier overflow).
pub fn check_numel(sizes: &[usize]) -> Result<()> {
    let mut n: u64 = 1;
    let mut overflowed = false;
    for &s in sizes {
        let (p, o) = n.overflowing_mul(s as u64);
        n = p;
        overflowed |= o;
    }
    if overflowed || n > i64::MAX as u64 {
        runtime_err!("numel: integer multiplication overflow")
    }
    Ok(())
}

/// Strides that let a tensor of `old_sizes`/`old_strides` be viewed as `new_sizes` without copying, if any
/// (PyTorch's `computeStride`).
pub fn view_strides(old_sizes: &[usize], old_strides: &[usize], new_sizes: &[usize]) -> Option<Dims> {
    if old_sizes.is_empty() {
        return Some(SmallVec::from_elem(1, new_sizes.len()));
    }
    let total = numel(old_sizes);
    if total == 0 && old_sizes == new_sizes {
        return Some(old_strides.iter().copied().collect());
    }
    let mut new_strides: Dims = SmallVec::from_elem(0, new_sizes.len());
    if total == 0 {
        return Some(contiguous_strides(new_sizes));
    }
    let mut view_d = new_sizes.len() as isize - 1;
    let mut chunk_base_stride = *old_strides.last()?;
    let mut tensor_numel = 1;
    let mut view_numel = 1;
    for tensor_d in (0..old_sizes.len()).rev() {
        tensor_numel *= old_sizes[tensor_d];
        let chunk_ends = tensor_d == 0
            || (old_sizes[tensor_d - 1] != 1
                && old_strides[tensor_d - 1] != tensor_numel.wrapping_mul(chunk_base_stride));
        if chunk_ends {
            while view_d >= 0 && (view_numel < tensor_numel || new_sizes[view_d as usize] == 1) {
                new_strides[view_d as usize] = view_numel.wrapping_mul(chunk_base_stride);
                view_numel *= new_sizes[view_d as usize];
                view_d -= 1;
            }
            if view_numel != tensor_numel {
                return None;
            }
            if tensor_d > 0 {
                chunk_base_stride = old_strides[tensor_d - 1];
                tensor_numel = 1;
                view_numel = 1;
            }
        }
    }
    (view_d == -1).then_some(new_strides)
}

/// Elements a storage must hold for this view to stay in bounds (0 when the view has no elements).
pub fn required_storage_len(sizes: &[usize], strides: &[usize], offset: usize) -> usize {
    if sizes.contains(&0) {
        return 0;
    }
    offset + 1 + sizes.iter().zip(strides).map(|(&s, &st)| (s - 1) * st).sum::<usize>()
}

/// [`required_storage_len`] with overflow checks (in elements and in bytes of `itemsize`); None on overflow.
pub fn checked_storage_len(sizes: &[usize], strides: &[usize], itemsize: usize) -> Option<usize> {
    if sizes.contains(&0) {
        return Some(0);
    }
    let mut len: usize = 1;
    for (&s, &st) in sizes.iter().zip(strides) {
        len = len.checked_add((s - 1).checked_mul(st)?)?;
    }
    len.checked_mul(itemsize).filter(|&b| b <= isize::MAX as usize)?;
    Some(len)
}

/// Formats a list as PyTorch prints `IntArrayRef`: `[2, 3]`.
pub fn fmt_list<T: std::fmt::Display>(items: &[T]) -> String {
    let parts: Vec<String> = items.iter().map(|x| x.to_string()).collect();
    format!("[{}]", parts.join(", "))
}

fn fmt_i64s(items: &[i64]) -> String {
    fmt_list(items)
}
