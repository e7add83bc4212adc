//! Advanced indexing (`t[[0, 2]]`, `t[mask]`, `t[idx, :, 1:]`, and `t[...] = value` with them), as PyTorch's
//! Python indexing does it: the basic entries (integers, slices, `None`, `...`) are applied first as views
//! (`applySlicing`), recording the index tensors against the dimensions of that view; boolean masks become the
//! index tensors of their nonzero positions; the index tensors are broadcast together; the indexed dimensions are
//! replaced by the broadcast shape, in place when they are adjacent and at the front otherwise. Reading copies the
//! selected elements into a new tensor (`index`, with the strides TensorIterator would give PyTorch's output);
//! writing stores a value broadcast to the result's shape into them (`index_put_`, without accumulation: of
//! repeated positions, the last write wins, which is also what PyTorch's CPU kernel does for a serial loop; an
//! assignment that meets an index out of range keeps the writes before it in row-major order, as PyTorch's kernels
//! do when they run serially). Assignments follow the checks of the kernel PyTorch routes them to: `index_fill_`
//! for a number with one int64 index, `masked_fill_` for one mask and a one-element value, `index_put_` otherwise.

use super::index::TensorIndex;
use super::Tensor;
use crate::backend::cpu::{with_slice, with_slice_mut};
use crate::device::Device;
use crate::dtype::DType;
use crate::error::{index_err, runtime_err, Error, Result};
use crate::scalar::Scalar;
use crate::shape::{self, fmt_list};

/// One entry of a Python index that may include advanced indices.
#[derive(Clone, Debug)]
pub enum IndexEntry {
    /// An integer, slice, `None` or `...` (see [`TensorIndex`]).
    Basic(TensorIndex),
    /// A Python `True` / `False`: a new dimension of size 1, all of it (`True`) or none of it (`False`).
    Bool(bool),
    /// An index tensor: int64 or int32 positions (negative ones count from the end), or a bool (or, deprecated,
    /// uint8) mask whose dimensions match the dimensions it indexes. A 0-dim integer tensor acts as an integer.
    Tensor(Tensor),
}

impl From<TensorIndex> for IndexEntry {
    fn from(i: TensorIndex) -> Self {
        IndexEntry::Basic(i)
    }
}

impl From<Tensor> for IndexEntry {
    fn from(t: Tensor) -> Self {
        IndexEntry::Tensor(t)
    }
}

impl From<&Tensor> for IndexEntry {
    fn from(t: &Tensor) -> Self {
        IndexEntry::Tensor(t.clone())
    }
}

/// What [`Tensor::index_put_entries`] stores.
#[derive(Clone, Debug)]
pub enum IndexValue {
    /// A number, converted to the target's dtype (PyTorch's overflow check applies).
    Scalar(Scalar),
    /// A tensor of the target's dtype, broadcast to the indexing result's shape after dropping leading size-1
    /// dimensions.
    Tensor(Tensor),
}

/// Whether a tensor is a mask (bool, or the deprecated uint8).
fn is_mask(t: &Tensor) -> bool {
    matches!(t.dtype(), DType::Bool | DType::UInt8)
}

/// The index tensor of a boolean scalar index (`boolToIndexingTensor`): `[0]` for true, `[]` for false.
fn bool_index(value: bool) -> Result<Tensor> {
    crate::from_vec(if value { vec![0i64] } else { Vec::new() }, &[usize::from(value)])
}

/// The basic view and, for each of its dimensions, the index tensor recorded against it (PyTorch's
/// `applySlicing` with `recordTensorIndex`).
struct Sliced {
    view: Tensor,
    indices: Vec<Option<Tensor>>,
}

/// Positions of one dimension selected by the broadcast index tensors, with the dimension's size and stride.
struct Indexer {
    /// The index values, broadcast to the common shape (row-major), not yet wrapped.
    values: Vec<i64>,
    size: usize,
    stride: usize,
}

/// Which of PyTorch's kernels an advanced indexing operation follows (their checks differ slightly).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Route {
    /// `index` (reading).
    Index,
    /// `index_put_` (assigning a tensor, or a number with several indices or a mask).
    IndexPut,
    /// `index_fill_` (assigning a number with a single int64 index): no size-0 check, the tensor's dimension in
    /// out-of-range messages.
    IndexFill,
}

/// The geometry of an advanced indexing operation on a strided view.
struct Plan {
    /// The result's sizes.
    sizes: Vec<usize>,
    /// The result's strides (TensorIterator's choice for PyTorch's output).
    strides: Vec<usize>,
    /// For each result element (row-major), its offset in the view's storage; for an assignment that meets an
    /// out-of-range index, only the elements before it (PyTorch's kernels write in order until they fail).
    offsets: Vec<usize>,
    /// The out-of-range error an assignment raises after writing `offsets`.
    failure: Option<Error>,
}

impl Tensor {
    /// Applies a Python index that may include index tensors and masks (`t[[0, 2], 1:]`, `t[t > 0]`). Without
    /// any advanced entry this is [`Tensor::index`] (`tuple == false`) or [`Tensor::index_tuple`] and returns a
    /// view; otherwise the result is a new tensor holding copies of the selected elements.
    pub fn index_entries(&self, entries: &[IndexEntry], tuple: bool) -> Result<Tensor> {
        if let Some(basic) = all_basic(entries)? {
            return if tuple { self.index_tuple(&basic) } else { self.index(&basic) };
        }
        let sliced = self.apply_slicing(entries)?;
        if sliced.indices.iter().all(Option::is_none) {
            return Ok(sliced.view);
        }
        let (view, indices) = (sliced.view, sliced.indices);
        if view.is_meta() {
            let plan = plan(&view, &indices, Route::Index, false)?;
            return crate::empty_strided(&plan.sizes, &plan.strides, (view.dtype(), view.device()));
        }
        let device = view.device();
        // the values of a view with a bit are read from a resolved copy (`cpu()` copies one)
        let host = if device.is_cpu() { view.resolved()? } else { view.cpu()? };
        let plan = plan(&host, &indices, Route::Index, true)?;
        let result = gather(&host, &plan)?;
        if device.is_cpu() {
            Ok(result)
        } else {
            result.to_device(device)
        }
    }

    /// `t[index] = value` for a Python index that may include index tensors and masks (PyTorch's `set_item`
    /// followed by `index_put_`): the value is broadcast to the shape `t[index]` would have and stored into the
    /// selected elements. A tensor value must have this tensor's dtype; a number is converted (with PyTorch's
    /// overflow check). Of repeated positions the last write wins. Without any advanced entry the selected view is
    /// filled or copied into, as basic indexing does.
    pub fn index_put_entries(&self, entries: &[IndexEntry], value: &IndexValue) -> Result<()> {
        let complex_into_real = matches!(value, IndexValue::Scalar(Scalar::Complex(_))) && !self.dtype().is_complex();
        let sliced = self.apply_slicing(entries)?;
        let view = sliced.view;
        if sliced.indices.iter().all(Option::is_none) {
            return match value {
                IndexValue::Scalar(s) => {
                    s.check_convertible(view.dtype(), crate::scalar::ConversionCheck::Strict)?;
                    view.fill_(*s)
                }
                IndexValue::Tensor(src) => {
                    let src = strip_leading_ones(src)?;
                    let target: Vec<i64> = view.sizes().iter().map(|&n| n as i64).collect();
                    let src = if src.is_alias_of(&view) { src.clone_tensor()? } else { src };
                    view.copy_(&src.expand(&target)?)
                }
            };
        }
        let defined: Vec<&Tensor> = sliced.indices.iter().flatten().collect();
        // a one-element value (a number, or one element on the CPU) meets PyTorch's `canDispatchToMaskedFill`
        let one_value = match value {
            IndexValue::Scalar(_) => true,
            IndexValue::Tensor(t) => t.numel() == 1 && t.device().is_cpu(),
        };
        // one mask and one value: PyTorch's `masked_fill_` shortcut, which checks the mask's shape first and reads
        // the value as a number, so its dtype need not match
        let masked_fill = one_value && matches!(defined.as_slice(), [m] if is_mask(m));
        // one int64 index and a number: PyTorch's `index_fill_` route, which first refuses any complex number for a
        // real tensor, restrides the target (its storage check) before converting the number strictly, has no
        // size-0 check, and reports positions out of range against the tensor's dimension
        let index_fill =
            matches!(value, IndexValue::Scalar(_)) && matches!(defined.as_slice(), [t] if t.dtype() == DType::Int64);
        if index_fill && complex_into_real {
            runtime_err!("index_fill_(): Converting complex Scalar to non-complex type is not supported")
        }
        if index_fill {
            // `index_fill_(dim, ...)` wraps the index's dimension (several `...` can push it past the end)
            if let Some(d) = sliced.indices.iter().position(Option::is_some) {
                shape::wrap_dim(d as i64, view.dim())?;
            }
        }
        check_index_count(&view, &sliced.indices)?;
        // `canDispatchToMaskedFill` checks the shape of the first index if that is a mask, before anything converts
        // the value (the shortcut itself then needs a single mask)
        if one_value {
            if let Some((d, Some(mask))) = sliced.indices.iter().enumerate().find(|(_, i)| i.is_some()) {
                if is_mask(mask) {
                    check_mask_shape(&view, d, mask)?;
                }
            }
        }
        let (value, plan_shape) = match value {
            IndexValue::Scalar(s) if index_fill => {
                let plan_shape = plan(&view, &sliced.indices, Route::IndexFill, false)?.sizes;
                s.check_convertible(view.dtype(), crate::scalar::ConversionCheck::Strict)?;
                (crate::full(&[], *s, (view.dtype(), Device::cpu()))?, plan_shape)
            }
            IndexValue::Scalar(s) => {
                // `masked_fill_` converts the number strictly, the general path as a one-element fill (float16 and
                // bfloat16 through double: a nonzero imaginary part is reported against double, huge reals round
                // to infinity)
                let check = crate::scalar::fill_check(if masked_fill { 2 } else { 1 });
                s.check_convertible(view.dtype(), check)?;
                let value = crate::full(&[], *s, (view.dtype(), Device::cpu()))?;
                (value, plan(&view, &sliced.indices, Route::IndexPut, false)?.sizes)
            }
            IndexValue::Tensor(t) if masked_fill => {
                let item = t.item()?;
                item.check_convertible(view.dtype(), crate::scalar::ConversionCheck::Strict)?;
                let value = crate::full(&[], item, (view.dtype(), Device::cpu()))?;
                (value, plan(&view, &sliced.indices, Route::IndexPut, false)?.sizes)
            }
            IndexValue::Tensor(t) => {
                check_no_overlap(&view, t)?;
                for index in &defined {
                    check_no_overlap(&view, index)?;
                }
                (strip_leading_ones(t)?, plan(&view, &sliced.indices, Route::IndexPut, false)?.sizes)
            }
        };
        if !broadcastable(value.sizes(), &plan_shape) {
            runtime_err!(
                "shape mismatch: value tensor of shape {} cannot be broadcast to indexing result of shape {}",
                fmt_list(value.sizes()),
                fmt_list(&plan_shape)
            )
        }
        if value.dtype() != view.dtype() {
            runtime_err!(
                "Index put requires the source and destination dtypes match, got {} for the destination and {} for the source.",
                view.dtype().scalar_type_name(),
                value.dtype().scalar_type_name()
            )
        }
        if view.is_meta() {
            return Ok(());
        }
        let target: Vec<i64> = plan_shape.iter().map(|&n| n as i64).collect();
        let values = value.cpu()?.expand(&target)?.contiguous()?;
        let route = if index_fill { Route::IndexFill } else { Route::IndexPut };
        if view.device().is_cpu() {
            let plan = plan(&view, &sliced.indices, route, true)?;
            // the stored values of a view with a bit: the values read through its bits (their own inverses)
            let stored = values.with_math_bits(view.math_bits()).resolved()?;
            scatter(&view, &plan, &stored)
        } else {
            let host = view.cpu()?.clone_tensor()?;
            let plan = plan(&host, &sliced.indices, route, true)?;
            scatter(&host, &plan, &values)?;
            view.copy_(&host)
        }
    }

    /// PyTorch's `applySlicing` with index tensors: basic entries become views, index tensors are recorded against
    /// the dimension of the view they index (a mask against its first dimension, spanning as many as it has).
    fn apply_slicing(&self, entries: &[IndexEntry]) -> Result<Sliced> {
        let specified: usize = entries
            .iter()
            .map(|e| match e {
                IndexEntry::Basic(TensorIndex::Int(_) | TensorIndex::Slice { .. }) => 1,
                IndexEntry::Basic(_) | IndexEntry::Bool(_) => 0,
                IndexEntry::Tensor(t) if is_mask(t) => t.dim(),
                IndexEntry::Tensor(_) => 1,
            })
            .sum();
        if specified > self.dim() {
            index_err!("too many indices for tensor of dimension {}", self.dim())
        }
        let mut view = self.clone();
        let mut indices: Vec<Option<Tensor>> = Vec::new();
        let mut dim = 0usize;
        let record = |indices: &mut Vec<Option<Tensor>>, dim: &mut usize, t: Tensor| {
            if indices.len() <= *dim {
                indices.resize(*dim + 1, None);
            }
            let width = if is_mask(&t) { t.dim() } else { 1 };
            indices[*dim] = Some(t);
            *dim += width;
        };
        for (position, entry) in entries.iter().enumerate() {
            match entry {
                IndexEntry::Basic(TensorIndex::Int(i)) => view = view.apply_select(dim, *i, position)?,
                IndexEntry::Basic(TensorIndex::Slice { start, stop, step }) => {
                    view = view.apply_slice(dim, *start, *stop, *step)?;
                    dim += 1;
                }
                IndexEntry::Basic(TensorIndex::NewAxis) => {
                    view = view.unsqueeze(dim as i64)?;
                    dim += 1;
                }
                IndexEntry::Basic(TensorIndex::Ellipsis) => dim += self.dim() - specified,
                IndexEntry::Bool(b) => {
                    view = view.unsqueeze(dim as i64)?;
                    record(&mut indices, &mut dim, bool_index(*b)?);
                }
                IndexEntry::Tensor(t) if t.dim() == 0 && t.dtype().is_integral(true) => {
                    if is_mask(t) {
                        let truth = t.item()?.to_bool();
                        view = view.unsqueeze(dim as i64)?;
                        record(&mut indices, &mut dim, bool_index(truth)?);
                    } else {
                        let i = index_value(t.item()?)?;
                        view = view.apply_select(dim, i, position)?;
                    }
                }
                IndexEntry::Tensor(t) => record(&mut indices, &mut dim, t.clone()),
            }
        }
        Ok(Sliced { view, indices })
    }
}

/// The entries as basic indices when none is advanced (0-dim integer tensors count as advanced here; they are
/// applied as integers by [`Tensor::apply_slicing`]).
fn all_basic(entries: &[IndexEntry]) -> Result<Option<Vec<TensorIndex>>> {
    let mut basic = Vec::with_capacity(entries.len());
    for e in entries {
        match e {
            IndexEntry::Basic(b) => basic.push(*b),
            _ => return Ok(None),
        }
    }
    Ok(Some(basic))
}

/// An integer held by a 0-dim index tensor.
fn index_value(s: Scalar) -> Result<i64> {
    match s {
        Scalar::Int(i) => Ok(i),
        Scalar::Bool(b) => Ok(i64::from(b)),
        _ => runtime_err!("internal error: an integer index tensor held a non-integer"),
    }
}

/// PyTorch's `assert_no_overlap(written, read)`: an error when both are dense views of one allocation whose
/// memory ranges meet (a sparse view of either is "too hard" to decide and passes, as in PyTorch).
fn check_no_overlap(written: &Tensor, read: &Tensor) -> Result<()> {
    if !written.is_alias_of(read) || written.numel() == 0 || read.numel() == 0 {
        return Ok(());
    }
    if !written.is_non_overlapping_and_dense() || !read.is_non_overlapping_and_dense() {
        return Ok(());
    }
    let range = |t: &Tensor| {
        let start = t.storage_offset() * t.element_size();
        (start, start + t.numel() * t.element_size())
    };
    let ((a0, a1), (b0, b1)) = (range(written), range(read));
    if a0 < b1 && b0 < a1 {
        runtime_err!(
            "unsupported operation: some elements of the input tensor and the written-to tensor refer to a single memory location. Please clone() the tensor before performing the operation."
        )
    }
    Ok(())
}

/// The value of `set_item` without its leading size-1 dimensions (`slicePrefix1sSize`).
fn strip_leading_ones(t: &Tensor) -> Result<Tensor> {
    let lead = t.sizes().iter().take_while(|&&n| n == 1).count();
    if lead == 0 {
        return Ok(t.clone());
    }
    let rest: Vec<i64> = t.sizes()[lead..].iter().map(|&n| n as i64).collect();
    t.view(&rest)
}

/// Whether `from` broadcasts to `to` (NumPy rules, `to` unchanged).
fn broadcastable(from: &[usize], to: &[usize]) -> bool {
    from.len() <= to.len() && from.iter().rev().zip(to.iter().rev()).all(|(&f, &t)| f == t || f == 1)
}

/// The broadcast shape of the index tensors, or PyTorch's `IndexError`.
fn broadcast_indices(shapes: &[Vec<usize>]) -> Result<Vec<usize>> {
    let ndim = shapes.iter().map(Vec::len).max().unwrap_or(0);
    let mut out = vec![1usize; ndim];
    for s in shapes {
        for (o, &n) in out.iter_mut().rev().zip(s.iter().rev()) {
            if *o == 1 {
                *o = n;
            } else if n != 1 && n != *o {
                let listed: Vec<String> = shapes.iter().map(|s| fmt_list(s)).collect();
                index_err!(
                    "shape mismatch: indexing tensors could not be broadcast together with shapes {}",
                    listed.join(", ")
                )
            }
        }
    }
    Ok(out)
}

/// The values of `t` (on any device) broadcast to `sizes`, row-major, as i64.
fn broadcast_values(t: &Tensor, sizes: &[usize]) -> Result<Vec<i64>> {
    let target: Vec<i64> = sizes.iter().map(|&n| n as i64).collect();
    let t = t.cpu()?.to_dtype(DType::Int64)?.expand(&target)?;
    t.to_vec::<i64>()
}

/// One index tensor after mask expansion: its values, and the strides PyTorch's tensor would have (its memory
/// layout decides the result's strides, see [`iterator_strides`]).
struct Expanded {
    tensor: Tensor,
    layout: Vec<usize>,
}

/// The index tensors per dimension of `view` after type checks and mask expansion (PyTorch's `make_info`:
/// `checkIndexTensorTypes`, then `expandTensors`), with the masks read (a meta mask, which has no values,
/// selects nothing). A mask's positions are the columns of `nonzero()`'s `[n, k]` result (stride `k`).
fn expand_indices(view: &Tensor, indices: &[Option<Tensor>]) -> Result<Vec<Option<Expanded>>> {
    check_index_count(view, indices)?;
    for t in indices.iter().flatten() {
        if !matches!(t.dtype(), DType::Int64 | DType::Int32 | DType::UInt8 | DType::Bool) {
            index_err!("tensors used as indices must be long, int, byte or bool tensors")
        }
    }
    let mut out: Vec<Option<Expanded>> = Vec::with_capacity(view.dim());
    for (d, index) in indices.iter().enumerate() {
        if out.len() > d {
            // a dimension a mask before it already covers (`recordTensorIndex` skips it)
            continue;
        }
        match index {
            Some(mask) if is_mask(mask) => {
                check_mask_shape(view, d, mask)?;
                // nonzero(): one column of positions per mask dimension
                let (positions, count) = if !mask.is_meta() {
                    let flags = mask.cpu()?.to_dtype(DType::Bool)?.to_vec::<bool>()?;
                    let strides = shape::contiguous_strides(mask.sizes());
                    let mut columns: Vec<Vec<i64>> = vec![Vec::new(); mask.dim()];
                    for (flat, _) in flags.iter().enumerate().filter(|(_, &f)| f) {
                        for (j, column) in columns.iter_mut().enumerate() {
                            column.push(((flat / strides[j]) % mask.sizes()[j]) as i64);
                        }
                    }
                    let count = columns.first().map_or(0, Vec::len);
                    (columns, count)
                } else {
                    (vec![Vec::new(); mask.dim()], 0)
                };
                for column in positions {
                    out.push(Some(Expanded { tensor: crate::from_vec(column, &[count])?, layout: vec![mask.dim()] }));
                }
            }
            Some(t) => out.push(Some(Expanded { tensor: t.clone(), layout: t.strides().to_vec() })),
            None => out.push(None),
        }
    }
    Ok(out)
}

/// At most one index per dimension (the check of `index` / `index_put_`, which counts a mask as one entry but
/// places it by its first dimension; several `...` can push entries past the end).
fn check_index_count(view: &Tensor, indices: &[Option<Tensor>]) -> Result<()> {
    if indices.len() > view.dim() {
        index_err!("too many indices for tensor of dimension {} (got {})", view.dim(), indices.len())
    }
    Ok(())
}

/// A mask indexing `view` from dimension `d` must have the sizes of the dimensions it covers.
fn check_mask_shape(view: &Tensor, d: usize, mask: &Tensor) -> Result<()> {
    for j in 0..mask.dim() {
        if Some(mask.sizes()[j]) != view.sizes().get(d + j).copied() {
            index_err!(
                "The shape of the mask {} at index {j} does not match the shape of the indexed tensor {} at index {}",
                fmt_list(mask.sizes()),
                fmt_list(view.sizes()),
                d + j
            )
        }
    }
    Ok(())
}

/// The strides of `sizes`/`strides` broadcast to `shape` (`expand`: 0 along new and stretched dimensions).
fn expanded_strides(sizes: &[usize], strides: &[usize], shape: &[usize]) -> Vec<usize> {
    let lead = shape.len() - sizes.len();
    (0..shape.len())
        .map(|i| if i < lead || (sizes[i - lead] == 1 && shape[i] != 1) { 0 } else { strides[i - lead] })
        .collect()
}

/// The strides TensorIterator gives a new output of `shape` whose inputs have the given sizes and strides
/// (`compute_fast_setup_type`, else `reorder_dimensions` and `allocate_or_resize_outputs`): contiguous,
/// channels-last or the inputs' own strides when every input has the output's shape and those layouts; else dense
/// strides in the inputs' memory order, contiguous when that order is the natural one, otherwise products of the
/// sizes inside (so a size-0 dimension makes every stride outside it 0).
fn iterator_strides(shape: &[usize], inputs: &[(Vec<usize>, Vec<usize>)]) -> Vec<usize> {
    if inputs.iter().all(|(sizes, _)| sizes == shape) {
        if inputs.iter().all(|(sz, st)| shape::is_contiguous(sz, st)) {
            return shape::contiguous_strides(shape).to_vec();
        }
        if inputs.iter().all(|(sz, st)| crate::MemoryFormat::ChannelsLast.is_contiguous(sz, st)) {
            if let Ok(strides) = crate::MemoryFormat::ChannelsLast.strides_for(shape) {
                return strides.to_vec();
            }
        }
        if let Some((_, first)) = inputs.last() {
            if inputs.iter().all(|(sz, st)| shape::is_non_overlapping_and_dense(sz, st) && st == first) {
                return first.clone();
            }
        }
    }
    let broadcast: Vec<Vec<usize>> = inputs.iter().map(|(sz, st)| expanded_strides(sz, st, shape)).collect();
    let views: Vec<&[usize]> = broadcast.iter().map(Vec::as_slice).collect();
    let perm = shape::stride_order(shape, &views);
    if perm.iter().copied().eq((0..shape.len()).rev()) {
        return shape::contiguous_strides(shape).to_vec();
    }
    let mut strides = vec![0usize; shape.len()];
    let mut next = 1usize;
    for &d in &perm {
        strides[d] = next;
        next = next.saturating_mul(shape[d]);
    }
    strides
}

/// The result's sizes and strides and, when `with_offsets`, the storage offset of each of its elements (checking
/// that every index is in range, as PyTorch's kernel does when there is at least one element to produce).
/// `route` says which of PyTorch's kernels to follow.
fn plan(view: &Tensor, indices: &[Option<Tensor>], route: Route, with_offsets: bool) -> Result<Plan> {
    let index_fill = route == Route::IndexFill;
    let expanded = expand_indices(view, indices)?;
    let indexed: Vec<usize> = (0..expanded.len()).filter(|&d| expanded[d].is_some()).collect();
    let shapes: Vec<Vec<usize>> =
        indexed.iter().filter_map(|&d| expanded[d].as_ref().map(|e| e.tensor.sizes().to_vec())).collect();
    let bshape = broadcast_indices(&shapes)?;
    let (first, last) = match (indexed.first(), indexed.last()) {
        (Some(&f), Some(&l)) => (f, l),
        _ => runtime_err!("internal error: advanced indexing without index tensors"),
    };
    // the indexed dimensions stay in place when they are adjacent, else the broadcast ones go first
    // (`transposeToFront`)
    let adjacent = last - first + 1 == indexed.len();
    let rest: Vec<usize> = (0..view.dim()).filter(|d| !indexed.contains(d)).collect();
    let split = if adjacent { rest.iter().filter(|&&d| d < first).count() } else { 0 };
    let mut sizes: Vec<usize> = rest[..split].iter().map(|&d| view.sizes()[d]).collect();
    sizes.extend_from_slice(&bshape);
    sizes.extend(rest[split..].iter().map(|&d| view.sizes()[d]));
    // an indexed dimension of size 0 can take no position (PyTorch's `AdvancedIndex`, not on the `index_fill_`
    // route); both restride the source over the result (`restride_src`), whose `as_strided` checks its storage bounds
    if !index_fill && indexed.iter().any(|&d| view.sizes()[d] == 0) && !bshape.contains(&0) {
        index_err!("index is out of bounds for dimension with size 0")
    }
    let mut src_strides: Vec<usize> = rest[..split].iter().map(|&d| view.strides()[d]).collect();
    src_strides.extend(std::iter::repeat_n(0, bshape.len()));
    src_strides.extend(rest[split..].iter().map(|&d| view.strides()[d]));
    let itemsize = view.element_size();
    let Some(len) = shape::checked_storage_len(&sizes, &src_strides, itemsize) else {
        runtime_err!(
            "Storage size calculation overflowed with sizes={} and strides={}",
            fmt_list(&sizes),
            fmt_list(&src_strides)
        )
    };
    let needed = if len == 0 { 0 } else { (len + view.storage_offset()).saturating_mul(itemsize) };
    if needed > view.storage().nbytes() {
        runtime_err!(
            "setStorage: sizes {}, strides {}, storage offset {}, and itemsize {itemsize} requiring a storage size of {needed} are out of bounds for storage of size {}",
            fmt_list(&sizes),
            fmt_list(&src_strides),
            view.storage_offset(),
            view.storage().nbytes()
        )
    }
    // the layout of PyTorch's output: the restrided source, and each index broadcast (`expand_outplace`, int32
    // ones converted to int64 keeping dense layouts) and reshaped to the result's rank (`reshape_indexer`)
    let mut layouts = vec![(sizes.clone(), src_strides)];
    let after = rest.len() - split;
    let mut reshaped: Vec<usize> = vec![1; split];
    reshaped.extend_from_slice(&bshape);
    reshaped.extend(std::iter::repeat_n(1, after));
    for e in expanded.iter().flatten() {
        let mut strides = expanded_strides(e.tensor.sizes(), &e.layout, &bshape);
        if e.tensor.dtype() == DType::Int32 && !shape::is_non_overlapping_and_dense(&bshape, &strides) {
            strides = shape::contiguous_strides(&bshape).to_vec();
        }
        let strides = shape::view_strides(&bshape, &strides, &reshaped)
            .map_or_else(|| shape::contiguous_strides(&reshaped).to_vec(), |s| s.to_vec());
        layouts.push((reshaped.clone(), strides));
    }
    let strides = iterator_strides(&sizes, &layouts);
    if !with_offsets {
        return Ok(Plan { sizes, strides, offsets: Vec::new(), failure: None });
    }
    shape::check_numel(&sizes)?;
    let numel = shape::numel(&sizes);
    if numel == 0 {
        return Ok(Plan { sizes, strides, offsets: Vec::new(), failure: None });
    }
    let mut indexers = Vec::with_capacity(indexed.len());
    for &d in &indexed {
        if let Some(e) = &expanded[d] {
            indexers.push(Indexer {
                values: broadcast_values(&e.tensor, &bshape)?,
                size: view.sizes()[d],
                stride: view.strides()[d],
            });
        }
    }
    // the offset contributed by the index tensors, per broadcast position
    let bnumel = shape::numel(&bshape);
    let mut advanced = Vec::with_capacity(bnumel);
    let mut failure = None;
    'positions: for p in 0..bnumel {
        let mut slot = 0usize;
        for (j, ix) in indexers.iter().enumerate() {
            let v = ix.values[p];
            let n = ix.size as i64;
            if !(v >= -n && v < n) {
                // `index` numbers the index tensors; `index_fill_` names the tensor's dimension
                let dim = if index_fill { indexed[j] } else { j };
                let error = Error::Index(format!("index {v} is out of bounds for dimension {dim} with size {n}"));
                if route == Route::Index {
                    return Err(error);
                }
                failure = Some(error);
                break 'positions;
            }
            let wrapped = if v < 0 { v + n } else { v } as usize;
            slot += wrapped * ix.stride;
        }
        advanced.push(slot);
    }
    let outer = dim_offsets(view, &rest[..split]);
    let inner = dim_offsets(view, &rest[split..]);
    let mut offsets = crate::backend::cpu::try_with_capacity(numel, 8)?;
    let base = view.storage_offset();
    // an assignment that fails writes, in row-major order, what comes before the failing position: the first row
    // of the outer dimensions up to it
    let outer = if failure.is_some() { &outer[..1] } else { &outer[..] };
    for &o in outer {
        for &a in &advanced {
            for &i in &inner {
                offsets.push(base + o + a + i);
            }
        }
    }
    Ok(Plan { sizes, strides, offsets, failure })
}

/// The offsets of every position of the given dimensions of `view` (row-major over them).
fn dim_offsets(view: &Tensor, dims: &[usize]) -> Vec<usize> {
    let mut offsets = vec![0usize];
    for &d in dims {
        let (n, s) = (view.sizes()[d], view.strides()[d]);
        offsets = offsets.iter().flat_map(|&o| (0..n).map(move |k| o + k * s)).collect();
    }
    offsets
}

/// The selected elements of a CPU view, as a new tensor with the plan's strides.
fn gather(view: &Tensor, plan: &Plan) -> Result<Tensor> {
    if plan.offsets.is_empty() {
        return crate::empty_strided(&plan.sizes, &plan.strides, (view.dtype(), view.device()));
    }
    let row_major = crate::dispatch_dtype!(view.dtype(), T => {
        let values = with_slice::<T, _>(view.storage(), |data| {
            plan.offsets.iter().map(|&o| data.get(o).copied()).collect::<Option<Vec<T>>>()
        })?;
        let values = values.ok_or_else(|| Error::Runtime("internal error: an index offset is outside the storage".into()))?;
        crate::from_vec(values, &plan.sizes)?
    });
    if row_major.strides() == plan.strides.as_slice() {
        return Ok(row_major);
    }
    let out = crate::empty_strided(&plan.sizes, &plan.strides, (view.dtype(), view.device()))?;
    out.copy_(&row_major)?;
    Ok(out)
}

/// Stores `values` (contiguous, of the plan's shape and the view's dtype) into the selected elements of a CPU view.
fn scatter(view: &Tensor, plan: &Plan, values: &Tensor) -> Result<()> {
    if plan.offsets.is_empty() {
        return plan.failure.clone().map_or(Ok(()), Err);
    }
    crate::dispatch_dtype!(view.dtype(), T => {
        let values = values.to_vec::<T>()?;
        let ok = with_slice_mut::<T, _>(view.storage(), |data| {
            for (&o, &v) in plan.offsets.iter().zip(&values) {
                match data.get_mut(o) {
                    Some(slot) => *slot = v,
                    None => return false,
                }
            }
            true
        })?;
        if !ok {
            runtime_err!("internal error: an index offset is outside the storage")
        }
        plan.failure.clone().map_or(Ok(()), Err)
    })
}
