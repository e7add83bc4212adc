//! Views: tensors that share this tensor's storage with new sizes, strides and offset. Every rule for which
//! views exist and what they look like follows PyTorch, errors included.

use super::{MathBits, Tensor, TensorImpl};
use crate::dtype::DType;
use crate::error::{index_err, runtime_err, Error, Result};
use crate::shape::{self, fmt_list, wrap_dim, Dims};
use smallvec::SmallVec;
use std::sync::Arc;

/// PyTorch's check on a view's storage offset, an int64 that a huge index times a stride (possible next to a
/// zero size, where no element is ever read) can wrap negative.
fn view_offset(offset: usize) -> Result<usize> {
    if offset > i64::MAX as usize {
        runtime_err!("Tensor: invalid storage offset {}", offset as i64)
    }
    Ok(offset)
}

/// [`shape::check_as_strided_strides`] on the strides of a view computed in int64 arithmetic, which wraps for the
/// absurd strides `as_strided` allows beside a zero size (strides above `i64::MAX` here are such wrapped ones).
fn check_as_strided(strides: &[usize]) -> Result<()> {
    let signed: Vec<i64> = strides.iter().map(|&s| s as i64).collect();
    shape::check_as_strided_strides(&signed)
}

/// [`check_as_strided`] for a view whose strides PyTorch passes as an `IntArrayRef` (`diagonal`, `slice`,
/// `unfold`): converting it to `SymInt`s first refuses a stride below -2^62. (`unsqueeze` passes `SymInt`s, whose
/// CPU kernel then refuses such a stride with a message naming a source file of PyTorch's build; here it is the
/// negative-stride error, as on meta: README deviation 9.)
fn check_int_array_strides(strides: &[usize]) -> Result<()> {
    if let Some(s) = strides.iter().map(|&s| s as i64).find(|&s| s < -(1 << 62)) {
        runtime_err!("IntArrayRef contains an int that cannot be represented as a SymInt: {s}")
    }
    check_as_strided(strides)
}

impl Tensor {
    /// Swaps dimensions 0 and 1 of a tensor with at most two dimensions (`t()`).
    pub fn t(&self) -> Result<Tensor> {
        if self.dim() > 2 {
            runtime_err!("t() expects a tensor with <= 2 dimensions, but self is {}D", self.dim())
        }
        if self.dim() < 2 {
            return Ok(self.clone());
        }
        self.transpose(0, 1)
    }

    /// Every dimension in reverse order (`x.T`). PyTorch deprecates `.T` on tensors of other than two dimensions
    /// (its Python binding warns) but still returns this view; a 0-dim tensor is its own view.
    pub fn reverse_dims(&self) -> Tensor {
        let sizes: Dims = self.sizes().iter().rev().copied().collect();
        let strides: Dims = self.strides().iter().rev().copied().collect();
        self.with_geometry(self.storage_offset(), sizes, strides)
    }

    /// The last two dimensions swapped (`x.mT`): a tensor of matrices transposed. A 0-dim tensor is returned as
    /// it is (PyTorch warns that this is deprecated); a 1-dim one is PyTorch's error.
    pub fn matrix_transpose(&self) -> Result<Tensor> {
        match self.dim() {
            0 => Ok(self.clone()),
            1 => runtime_err!("tensor.mT is only supported on matrices or batches of matrices. Got 1-D tensor."),
            _ => self.transpose(-2, -1),
        }
    }

    /// Swaps two dimensions (`transpose(dim0, dim1)`).
    pub fn transpose(&self, dim0: i64, dim1: i64) -> Result<Tensor> {
        let (a, b) = (wrap_dim(dim0, self.dim())?, wrap_dim(dim1, self.dim())?);
        if self.dim() == 0 {
            return Ok(self.clone());
        }
        let (mut sizes, mut strides): (Dims, Dims) = (self.sizes().into(), self.strides().into());
        sizes.swap(a, b);
        strides.swap(a, b);
        Ok(self.with_geometry(self.storage_offset(), sizes, strides))
    }

    /// Reorders the dimensions (`permute(dims)`).
    pub fn permute(&self, dims: &[i64]) -> Result<Tensor> {
        if dims.len() != self.dim() {
            runtime_err!(
                "permute(sparse_coo): number of dimensions in the tensor input does not match the length of the desired ordering of dimensions i.e. input.dim() = {} is not equal to len(dims) = {}",
                self.dim(),
                dims.len()
            )
        }
        let mut seen: SmallVec<[bool; 6]> = SmallVec::from_elem(false, self.dim());
        let (mut sizes, mut strides): (Dims, Dims) = (SmallVec::new(), SmallVec::new());
        for &d in dims {
            let d = wrap_dim(d, self.dim())?;
            if seen[d] {
                runtime_err!("permute(): duplicate dims are not allowed.")
            }
            seen[d] = true;
            sizes.push(self.sizes()[d]);
            strides.push(self.strides()[d]);
        }
        Ok(self.with_geometry(self.storage_offset(), sizes, strides))
    }

    /// A view with new sizes (`view(shape)`), one of which may be -1; only when the strides allow it.
    pub fn view(&self, shape: &[i64]) -> Result<Tensor> {
        let sizes = shape::infer_size(shape, self.numel())?;
        match shape::view_strides(self.sizes(), self.strides(), &sizes) {
            Some(strides) => Ok(self.with_geometry(self.storage_offset(), sizes, strides)),
            None => runtime_err!(
                "view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead."
            ),
        }
    }

    /// The same memory read as another element type (`view(dtype)`), sharing the storage: writes through the
    /// result show in `self` and back. With the same element size the geometry is unchanged; otherwise the last
    /// dimension (which must have stride 1) is split or merged by the ratio of the sizes, with PyTorch's checks
    /// and messages in PyTorch's order.
    ///
    /// Rust's `bool` has only the bytes 0 and 1, so bool views of other bytes are handled apart (see the CPU
    /// backend's `lock.rs`): they read as `byte != 0`, as PyTorch's do; writing `true` through such a view leaves a
    /// nonzero byte as it is (PyTorch stores 1); and a value written into a bool tensor through a view of another
    /// type is stored as 0 or 1 (a nonzero byte reads back as 1, where PyTorch keeps it).
    pub fn view_dtype(&self, dtype: crate::dtype::DType) -> Result<Tensor> {
        if self.is_conj() {
            runtime_err!(
                "oxtorch.Tensor.view is not supported for conjugate view tensors when converting to a different dtype."
            )
        }
        if self.is_neg() {
            runtime_err!(
                "oxtorch.Tensor.view is not supported for tensors with negative bit set when converting to a different \
                 dtype."
            )
        }
        let from = self.dtype();
        if from == dtype {
            return Ok(self.alias());
        }
        let storage = self.storage().reinterpret(dtype);
        let (old, new) = (from.itemsize(), dtype.itemsize());
        let names = format!("{} as {}", from.scalar_type_name(), dtype.scalar_type_name());
        if old == new {
            return Ok(Tensor::from_parts(storage, self.storage_offset(), self.sizes().into(), self.strides().into()));
        }
        let dim = self.dim();
        if dim == 0 {
            runtime_err!("self.dim() cannot be 0 to view {names} (different element sizes)")
        }
        let mut sizes: Dims = self.sizes().into();
        let mut strides: Dims = self.strides().into();
        let last = dim - 1;
        let stride_one = |strides: &[usize]| -> Result<()> {
            if strides[last] != 1 {
                runtime_err!(
                    "self.stride(-1) must be 1 to view {names} (different element sizes), but got {}",
                    strides[last]
                )
            }
            Ok(())
        };
        let offset = if old > new {
            let ratio = old / new;
            stride_one(&strides)?;
            sizes[last] *= ratio;
            // a size-1 dimension may carry any stride; PyTorch's int64 product wraps
            for s in &mut strides[..last] {
                *s = s.wrapping_mul(ratio);
            }
            self.storage_offset() * ratio
        } else {
            let ratio = new / old;
            if !sizes[last].is_multiple_of(ratio) {
                runtime_err!(
                    "self.size(-1) must be divisible by {ratio} to view {names} (different element sizes), but got {}",
                    sizes[last]
                )
            }
            if !self.storage_offset().is_multiple_of(ratio) {
                runtime_err!(
                    "self.storage_offset() must be divisible by {ratio} to view {names} (different element sizes), but got {}",
                    self.storage_offset()
                )
            }
            stride_one(&strides)?;
            for (i, s) in strides[..last].iter_mut().enumerate() {
                if !s.is_multiple_of(ratio) {
                    runtime_err!(
                        "self.stride({i}) must be divisible by {ratio} to view {names} (different element sizes), but got {s}"
                    )
                }
                *s /= ratio;
            }
            sizes[last] /= ratio;
            self.storage_offset() / ratio
        };
        Ok(Tensor::from_parts(storage, offset, sizes, strides))
    }

    /// New sizes (`reshape(shape)`): a view when the strides allow it, else a contiguous copy.
    pub fn reshape(&self, shape: &[i64]) -> Result<Tensor> {
        let sizes = shape::infer_size(shape, self.numel())?;
        match shape::view_strides(self.sizes(), self.strides(), &sizes) {
            Some(strides) => Ok(self.with_geometry(self.storage_offset(), sizes, strides)),
            // a copy, which is not a view of anything (PyTorch's `_unsafe_view`)
            None => Ok(self.contiguous()?.view(shape)?.alias()),
        }
    }

    /// Broadcasts size-1 dimensions to `sizes` without copying (`expand(sizes)`); -1 keeps a size. New leading
    /// dimensions of size 1 get the stride a contiguous tensor would have there, as in PyTorch.
    pub fn expand(&self, sizes: &[i64]) -> Result<Tensor> {
        if sizes.len() < self.dim() {
            runtime_err!(
                "expand({}{{{}}}, size={}): the number of sizes provided ({}) must be greater or equal to the number of dimensions in the tensor ({})",
                self.type_string(),
                fmt_list(self.sizes()),
                fmt_list(sizes),
                sizes.len(),
                self.dim()
            )
        }
        // PyTorch's inferExpandGeometry, from the last dimension to the first
        let n = sizes.len();
        let mut out_sizes: SmallVec<[i64; 6]> = SmallVec::from_elem(0, n);
        let mut out_strides: SmallVec<[i64; 6]> = SmallVec::from_elem(0, n);
        for i in (0..n).rev() {
            let dim = self.dim() as i64 - (n - i) as i64;
            let (mut size, mut stride) = if dim >= 0 {
                (self.sizes()[dim as usize] as i64, self.strides()[dim as usize] as i64)
            } else if self.dim() == 0 || i + 1 == n {
                (1, 0)
            } else {
                (1, out_sizes[i + 1].wrapping_mul(out_strides[i + 1]))
            };
            let mut target = sizes[i];
            if target == -1 {
                if dim < 0 {
                    runtime_err!(
                        "The expanded size of the tensor ({target}) isn't allowed in a leading, non-existing dimension {i}"
                    )
                }
                target = size;
            }
            if size != target {
                if size != 1 {
                    runtime_err!(
                        "The expanded size of the tensor ({target}) must match the existing size ({size}) at non-singleton dimension {i}.  Target sizes: {}.  Tensor sizes: {}",
                        fmt_list(sizes),
                        fmt_list(self.sizes())
                    )
                }
                size = target;
                stride = 0;
            }
            out_sizes[i] = size;
            out_strides[i] = stride;
        }
        if out_sizes.iter().any(|&s| s < 0) {
            runtime_err!("numel: integer multiplication overflow")
        }
        let out_sizes: Dims = out_sizes.iter().map(|&s| s as usize).collect();
        shape::check_numel(&out_sizes)?;
        let out_strides: Dims = out_strides.iter().map(|&s| s as usize).collect();
        Ok(self.with_geometry(self.storage_offset(), out_sizes, out_strides))
    }

    /// A new handle sharing this tensor's storage, offset, sizes and strides (`detach()`; without autograd it
    /// is the same view under a new identity).
    pub fn detach(&self) -> Tensor {
        self.alias()
    }

    /// Expands to another tensor's sizes (`expand_as`).
    pub fn expand_as(&self, other: &Tensor) -> Result<Tensor> {
        self.expand(&to_i64(other.sizes()))
    }

    /// `length` elements of `dim` starting at `start` (`narrow`); a negative start counts from the end.
    pub fn narrow(&self, dim: i64, start: i64, length: i64) -> Result<Tensor> {
        if self.dim() == 0 {
            runtime_err!("narrow() cannot be applied to a 0-dim tensor.")
        }
        if length < 0 {
            runtime_err!("narrow(): length must be non-negative.")
        }
        let d = wrap_dim(dim, self.dim())?;
        let size = self.sizes()[d] as i64;
        if start < -size || start > size {
            index_err!("start out of range (expected to be in range of [{}, {size}], but got {start})", -size)
        }
        let start = if start < 0 { start + size } else { start };
        if start > size - length {
            runtime_err!("start ({start}) + length ({length}) exceeds dimension size ({size}).")
        }
        self.slice(d as i64, Some(start), Some(start + length), 1)
    }

    /// Python slicing `[start:end:step]` along `dim`, with negative and out-of-range bounds clamped as
    /// Python does. The step must be positive.
    pub fn slice(&self, dim: i64, start: Option<i64>, end: Option<i64>, step: i64) -> Result<Tensor> {
        if self.dim() == 0 {
            index_err!("slice() cannot be applied to a 0-dim tensor.")
        }
        if step <= 0 {
            return Err(Error::Value("step must be greater than zero".into()));
        }
        let d = wrap_dim(dim, self.dim())?;
        let size = self.sizes()[d] as i64;
        let clamp = |v: Option<i64>, default: i64| {
            let v = v.unwrap_or(default);
            let v = if v < 0 { v + size } else { v };
            v.clamp(0, size)
        };
        let (start, end) = (clamp(start, 0), clamp(end, size));
        // PyTorch's int64 arithmetic, which wraps for a step near 2^63: a length below zero is then its
        // storage-size error
        let len = if end > start { end.wrapping_sub(start).wrapping_add(step).wrapping_sub(1) / step } else { 0 };
        if len < 0 {
            let mut sizes: Vec<i64> = to_i64(self.sizes());
            sizes[d] = len;
            let mut strides: Vec<i64> = to_i64(self.strides());
            strides[d] = strides[d].wrapping_mul(step);
            runtime_err!(
                "Storage size calculation overflowed with sizes={} and strides={}",
                fmt_list(&sizes),
                fmt_list(&strides)
            )
        }
        let (mut sizes, mut strides): (Dims, Dims) = (self.sizes().into(), self.strides().into());
        // int64 arithmetic as PyTorch's, which wraps for the absurd strides `as_strided` allows
        sizes[d] = len as usize;
        strides[d] = strides[d].wrapping_mul(step as usize);
        check_int_array_strides(&strides)?;
        let offset = view_offset(self.storage_offset().wrapping_add((start as usize).wrapping_mul(self.strides()[d])))?;
        Ok(self.with_geometry(offset, sizes, strides))
    }

    /// Removes `dim` by taking element `index` of it (`select(dim, index)`).
    pub fn select(&self, dim: i64, index: i64) -> Result<Tensor> {
        if self.dim() == 0 {
            index_err!("select() cannot be applied to a 0-dim tensor.")
        }
        let d = wrap_dim(dim, self.dim())?;
        let size = self.sizes()[d] as i64;
        if index < -size || index >= size {
            index_err!(
                "select(): index {index} out of range for tensor of size {} at dimension {d}",
                fmt_list(self.sizes())
            )
        }
        self.select_unchecked(d, if index < 0 { index + size } else { index } as usize)
    }

    /// `select` of an index known to be in range.
    pub(crate) fn select_unchecked(&self, d: usize, index: usize) -> Result<Tensor> {
        let (mut sizes, mut strides): (Dims, Dims) = (self.sizes().into(), self.strides().into());
        let offset = view_offset(self.storage_offset().wrapping_add(index.wrapping_mul(strides[d])))?;
        sizes.remove(d);
        strides.remove(d);
        Ok(self.with_geometry(offset, sizes, strides))
    }

    /// Removes every size-1 dimension (`squeeze()`).
    pub fn squeeze(&self) -> Tensor {
        let keep: Vec<usize> = (0..self.dim()).filter(|&d| self.sizes()[d] != 1).collect();
        self.keep_dims(&keep)
    }

    /// Removes `dim` if its size is 1 (`squeeze(dim)`); otherwise returns the same view.
    pub fn squeeze_dim(&self, dim: i64) -> Result<Tensor> {
        let d = wrap_dim(dim, self.dim())?;
        if self.dim() == 0 || self.sizes()[d] != 1 {
            return Ok(self.clone());
        }
        let keep: Vec<usize> = (0..self.dim()).filter(|&i| i != d).collect();
        Ok(self.keep_dims(&keep))
    }

    /// Removes those of `dims` whose size is 1 (`squeeze(dims)` with a tuple); a dimension named twice is an
    /// error, as in PyTorch.
    pub fn squeeze_dims(&self, dims: &[i64]) -> Result<Tensor> {
        let mut named: SmallVec<[bool; 6]> = SmallVec::from_elem(false, self.dim().max(1));
        for &dim in dims {
            let d = wrap_dim(dim, self.dim())?;
            if named[d] {
                runtime_err!("dim {d} appears multiple times in the list of dims")
            }
            named[d] = true;
        }
        let keep: Vec<usize> = (0..self.dim()).filter(|&d| !(named[d] && self.sizes()[d] == 1)).collect();
        Ok(self.keep_dims(&keep))
    }

    fn keep_dims(&self, keep: &[usize]) -> Tensor {
        let sizes = keep.iter().map(|&d| self.sizes()[d]).collect();
        let strides = keep.iter().map(|&d| self.strides()[d]).collect();
        self.with_geometry(self.storage_offset(), sizes, strides)
    }

    /// Inserts a size-1 dimension at `dim` (`unsqueeze(dim)`), `dim` in `[-dim()-1, dim()]`.
    pub fn unsqueeze(&self, dim: i64) -> Result<Tensor> {
        let d = wrap_dim(dim, self.dim() + 1)?;
        let (mut sizes, mut strides): (Dims, Dims) = (self.sizes().into(), self.strides().into());
        // PyTorch's int64 product, which wraps for huge strides (the stride of a size-1 dimension is never used)
        let stride = if d >= self.dim() { 1 } else { sizes[d].wrapping_mul(strides[d]) };
        sizes.insert(d, 1);
        strides.insert(d, stride);
        check_as_strided(&strides)?;
        Ok(self.with_geometry(self.storage_offset(), sizes, strides))
    }

    /// Merges dimensions `start_dim..=end_dim` into one (`flatten`); a view when possible, else a copy.
    pub fn flatten(&self, start_dim: i64, end_dim: i64) -> Result<Tensor> {
        let (s, e) = (wrap_dim(start_dim, self.dim())?, wrap_dim(end_dim, self.dim())?);
        if s > e {
            runtime_err!("flatten() has invalid args: start_dim cannot come after end_dim")
        }
        if self.dim() == 0 {
            return self.reshape(&[1]);
        }
        if s == e {
            return Ok(self.clone());
        }
        let mut shape: Vec<i64> = to_i64(&self.sizes()[..s]);
        shape.push(shape::numel(&self.sizes()[s..=e]) as i64);
        shape.extend(to_i64(&self.sizes()[e + 1..]));
        self.reshape(&shape)
    }

    /// Splits `dim` into `sizes` (`unflatten`); one entry may be -1. Errors follow PyTorch: an empty `sizes`
    /// first, then the dimension, then sizes that do not multiply up to the dimension's size.
    pub fn unflatten(&self, dim: i64, sizes: &[i64]) -> Result<Tensor> {
        if sizes.is_empty() {
            runtime_err!("unflatten: sizes must be non-empty")
        }
        let d = wrap_dim(dim, self.dim())?;
        if self.dim() == 0 {
            runtime_err!("unflatten got an unexpected error:\nDimension specified as {d} but tensor has no dimensions")
        }
        let size = self.sizes()[d];
        let inferred = shape::infer_size(sizes, size).map_err(|e| match e.message() {
            m if m.contains("is invalid for input of size") => Error::Runtime(format!(
                "unflatten: Provided sizes {} don't multiply up to the size of dim {d} ({size}) in the input tensor",
                fmt_list(sizes)
            )),
            m => Error::Runtime(format!("unflatten got an unexpected error:\n{m}")),
        })?;
        let mut shape = to_i64(&self.sizes()[..d]);
        shape.extend(to_i64(&inferred));
        shape.extend(to_i64(&self.sizes()[d + 1..]));
        self.view(&shape)
    }

    /// The diagonal of dimensions `dim1` and `dim2`, shifted by `offset` (`diagonal`), as a new last dimension.
    pub fn diagonal(&self, offset: i64, dim1: i64, dim2: i64) -> Result<Tensor> {
        let (d1, d2) = (wrap_dim(dim1, self.dim())?, wrap_dim(dim2, self.dim())?);
        if d1 == d2 {
            runtime_err!("diagonal dimensions cannot be identical {dim1}, {dim2}")
        }
        let (n1, n2) = (self.sizes()[d1] as i64, self.sizes()[d2] as i64);
        let diag_size = if offset >= 0 { n1.min(n2 - offset) } else { (n1 + offset).min(n2) }.max(0) as usize;
        let keep: Vec<usize> = (0..self.dim()).filter(|&d| d != d1 && d != d2).collect();
        let mut sizes: Dims = keep.iter().map(|&d| self.sizes()[d]).collect();
        let mut strides: Dims = keep.iter().map(|&d| self.strides()[d]).collect();
        sizes.push(diag_size);
        // PyTorch's int64 sum, which wraps for strides near 2^63 (possible beside a zero size)
        strides.push(self.strides()[d1].wrapping_add(self.strides()[d2]));
        check_int_array_strides(&strides)?;
        let mut storage_offset = self.storage_offset();
        if diag_size > 0 {
            let (steps, stride) = if offset >= 0 {
                (offset as usize, self.strides()[d2])
            } else {
                (offset.unsigned_abs() as usize, self.strides()[d1])
            };
            storage_offset = view_offset(storage_offset.wrapping_add(steps.wrapping_mul(stride)))?;
        }
        Ok(self.with_geometry(storage_offset, sizes, strides))
    }

    /// Moves dimension `source` to position `destination` (`movedim(int, int)`).
    pub fn movedim(&self, source: i64, destination: i64) -> Result<Tensor> {
        self.movedims(&[source], &[destination])
    }

    /// Moves several dimensions at once (`movedim(tuple, tuple)`); the others keep their relative order.
    pub fn movedims(&self, source: &[i64], destination: &[i64]) -> Result<Tensor> {
        let perm = movedim_permutation(source, destination, self.dim())?;
        if self.dim() == 0 {
            return Ok(self.clone());
        }
        self.permute(&perm)
    }

    /// A view with arbitrary sizes, strides and offset over the same storage (`as_strided`), checked against
    /// the storage's size.
    pub fn as_strided(&self, sizes: &[usize], strides: &[usize], storage_offset: Option<usize>) -> Result<Tensor> {
        if sizes.len() != strides.len() {
            runtime_err!("mismatch in length of strides and shape")
        }
        let offset = storage_offset.unwrap_or(self.storage_offset());
        shape::check_numel(sizes)?;
        // checked against the storage, then made a view of this tensor
        Tensor::from_storage(self.storage().clone(), offset, sizes, strides)?;
        Ok(self.with_geometry(offset, sizes.into(), strides.into()))
    }

    /// All windows of `size` elements along `dim`, `step` apart, as a new last dimension (`unfold`).
    pub fn unfold(&self, dim: i64, size: i64, step: i64) -> Result<Tensor> {
        let d = wrap_dim(dim, self.dim())?;
        let max_size = if self.dim() == 0 { 1 } else { self.sizes()[d] as i64 };
        if size > max_size {
            runtime_err!("maximum size for tensor at dimension {d} is {max_size} but size is {size}")
        }
        if size < 0 {
            runtime_err!("size is {size} but must be >= 0")
        }
        if step <= 0 {
            runtime_err!("step is {step} but must be > 0")
        }
        let (mut sizes, mut strides): (Dims, Dims) = (self.sizes().into(), self.strides().into());
        let base_stride = if self.dim() == 0 { 1 } else { strides[d] };
        if self.dim() > 0 {
            sizes[d] = ((max_size - size) / step + 1) as usize;
            strides[d] = strides[d].wrapping_mul(step as usize);
        }
        sizes.push(size as usize);
        strides.push(base_stride);
        check_int_array_strides(&strides)?;
        Ok(self.with_geometry(self.storage_offset(), sizes, strides))
    }

    /// Pieces of `split_size` along `dim`, the last one possibly smaller (`split(int, dim)`).
    pub fn split(&self, split_size: i64, dim: i64) -> Result<Vec<Tensor>> {
        if self.dim() == 0 {
            runtime_err!("split expects at least a 1-dimensional tensor")
        }
        if split_size < 0 {
            runtime_err!("split expects split_size be non-negative, but got split_size={split_size}")
        }
        let d = wrap_dim(dim, self.dim())?;
        let size = self.sizes()[d] as i64;
        if split_size == 0 && size != 0 {
            runtime_err!("split_size can only be 0 if dimension size is 0, but got dimension size of {size}")
        }
        // PyTorch's int64 arithmetic, wrapping as it does for a huge `split_size`
        let pieces =
            if split_size == 0 { 1 } else { (size.wrapping_add(split_size).wrapping_sub(1) / split_size).max(1) };
        // one view per piece: a count beyond memory is C++'s allocation failure, as in PyTorch, not an abort
        let mut out: Vec<Tensor> = Vec::new();
        if out.try_reserve_exact(pieces as usize).is_err() {
            runtime_err!("std::bad_alloc")
        }
        for i in 0..pieces {
            let start = i * split_size;
            out.push(self.narrow(d as i64, start, split_size.min(size - start))?);
        }
        Ok(out)
    }

    /// Pieces of the given sizes along `dim` (`split(list, dim)` / `split_with_sizes`).
    pub fn split_with_sizes(&self, sizes: &[i64], dim: i64) -> Result<Vec<Tensor>> {
        if self.dim() == 0 {
            runtime_err!("split expects at least a 1-dimensional tensor")
        }
        let d = wrap_dim(dim, self.dim())?;
        let total = self.sizes()[d] as i64;
        if sizes.iter().any(|&s| s < 0) {
            runtime_err!(
                "split_with_sizes expects split_sizes have only non-negative entries, but got split_sizes={}",
                fmt_list(sizes)
            )
        }
        if sizes.iter().fold(0i64, |a, &s| a.wrapping_add(s)) != total {
            runtime_err!(
                "split_with_sizes expects split_sizes to sum exactly to {total} (input tensor's size at dimension {dim}), but got split_sizes={}",
                fmt_list(sizes)
            )
        }
        let mut start = 0;
        sizes
            .iter()
            .map(|&len| {
                let piece = self.narrow(d as i64, start, len);
                start = start.wrapping_add(len);
                piece
            })
            .collect()
    }

    /// `chunks` nearly equal pieces along `dim` (`chunk`); fewer when the size does not divide.
    pub fn chunk(&self, chunks: i64, dim: i64) -> Result<Vec<Tensor>> {
        if self.dim() == 0 {
            runtime_err!("chunk expects at least a 1-dimensional tensor")
        }
        if chunks <= 0 {
            runtime_err!("chunk expects `chunks` to be greater than 0, got: {chunks}")
        }
        let d = wrap_dim(dim, self.dim())?;
        let size = self.sizes()[d] as i64;
        // PyTorch's int64 arithmetic, wrapping as it does for a huge `chunks`
        let split_size = size.wrapping_add(chunks).wrapping_sub(1) / chunks;
        if split_size == 0 && size == 0 {
            // `chunks` empty pieces: PyTorch builds a vector of that many sizes first
            if chunks as u64 > (isize::MAX as u64) / 8 {
                runtime_err!("cannot create std::vector larger than max_size()")
            }
            let mut sizes: Vec<i64> = Vec::new();
            if sizes.try_reserve_exact(chunks as usize).is_err() {
                runtime_err!("std::bad_alloc")
            }
            sizes.resize(chunks as usize, 0);
            return self.split_with_sizes(&sizes, dim);
        }
        self.split(split_size, dim)
    }

    /// PyTorch's `toString()`: the legacy constructor name where PyTorch prints one, `CPU<Type>Type` for bool,
    /// bfloat16 and the complex dtypes.
    pub(crate) fn type_string(&self) -> String {
        match (self.dtype(), self.dtype().legacy_constructor()) {
            (crate::DType::Bool | crate::DType::BFloat16, _) | (_, None) => {
                format!("CPU{}Type", self.dtype().scalar_type_name())
            }
            (_, Some(name)) => format!("oxtorch.{name}"),
        }
    }
}

/// In-place views (`t_`, `transpose_`, `squeeze_`, `unsqueeze_`, `as_strided_`): this handle takes the geometry
/// the out-of-place view would have, over the same storage, as PyTorch's `as_strided_` gives a `TensorImpl` new
/// sizes and strides. The storage, the dtype and the view base stay; tensors made from this one earlier keep
/// their geometry. A Rust handle cloned from this one before the call is another `TensorImpl` here and keeps the
/// old geometry (in PyTorch the C++ handles would share it); a Python tensor object holds one handle, so
/// Python sees PyTorch's behaviour.
impl Tensor {
    /// Takes `view`'s storage offset, sizes and strides (`view` is a view of this tensor's storage).
    fn take_geometry(&mut self, view: &Tensor) {
        let inner = TensorImpl {
            offset: view.storage_offset(),
            sizes: view.sizes().into(),
            strides: view.strides().into(),
            ..self.impl_clone()
        };
        self.inner = Arc::new(inner);
    }

    /// Removes every size-1 dimension in place (`squeeze_()`).
    pub fn squeeze_(&mut self) {
        let view = self.squeeze();
        self.take_geometry(&view);
    }

    /// Removes `dim` in place if its size is 1 (`squeeze_(dim)`).
    pub fn squeeze_dim_(&mut self, dim: i64) -> Result<()> {
        let view = self.squeeze_dim(dim)?;
        self.take_geometry(&view);
        Ok(())
    }

    /// Removes those of `dims` whose size is 1, in place (`squeeze_(dims)`).
    pub fn squeeze_dims_(&mut self, dims: &[i64]) -> Result<()> {
        let view = self.squeeze_dims(dims)?;
        self.take_geometry(&view);
        Ok(())
    }

    /// Inserts a size-1 dimension at `dim` in place (`unsqueeze_(dim)`).
    pub fn unsqueeze_(&mut self, dim: i64) -> Result<()> {
        let view = self.unsqueeze(dim)?;
        self.take_geometry(&view);
        Ok(())
    }

    /// Swaps two dimensions in place (`transpose_`, `swapaxes_`, `swapdims_`).
    pub fn transpose_(&mut self, dim0: i64, dim1: i64) -> Result<()> {
        let view = self.transpose(dim0, dim1)?;
        self.take_geometry(&view);
        Ok(())
    }

    /// Transposes a tensor of at most two dimensions in place (`t_()`), with PyTorch's message naming `t_()`.
    pub fn t_(&mut self) -> Result<()> {
        if self.dim() > 2 {
            runtime_err!("t_() expects a tensor with <= 2 dimensions, but self is {}D", self.dim())
        }
        let view = self.t()?;
        self.take_geometry(&view);
        Ok(())
    }

    /// New sizes, strides and storage offset (this tensor's offset when None) in place (`as_strided_`), with
    /// `as_strided`'s checks against the storage.
    pub fn as_strided_(&mut self, sizes: &[usize], strides: &[usize], storage_offset: Option<usize>) -> Result<()> {
        let view = self.as_strided(sizes, strides, storage_offset)?;
        self.take_geometry(&view);
        Ok(())
    }
}

/// Real and imaginary parts, conjugate transposes, and views shaped like another tensor.
impl Tensor {
    /// The real parts (`x.real`). For a complex tensor, a view of the real dtype over the same storage: the
    /// same sizes, the strides and the storage offset doubled (writing through it writes the complex tensor). A
    /// real tensor is its own real part: this handle is returned.
    pub fn real(&self) -> Tensor {
        if self.is_complex() {
            self.complex_part(0)
        } else {
            self.clone()
        }
    }

    /// The imaginary parts (`x.imag`): [`Tensor::real`]'s view one element further on. PyTorch's `TypeError`
    /// for a tensor that is not complex.
    pub fn imag(&self) -> Result<Tensor> {
        if !self.is_complex() {
            return Err(Error::Type("imag is not implemented for tensors with non-complex dtypes.".into()));
        }
        Ok(self.complex_part(1))
    }

    /// PyTorch's `select(view_as_real(self), -1, part)`. The part of a tensor with the negative bit has it; the
    /// imaginary part of a conjugate view is the stored part negated (PyTorch's `_neg_view`).
    fn complex_part(&self, part: usize) -> Tensor {
        let storage = self.storage().reinterpret(self.dtype().to_real());
        let strides = self.strides().iter().map(|&s| s.wrapping_mul(2)).collect();
        let offset = self.storage_offset().wrapping_mul(2).wrapping_add(part);
        let negated = self.is_neg() ^ (part == 1 && self.is_conj());
        self.view_of_storage(storage, offset, self.sizes().into(), strides, MathBits::negative(negated))
    }

    /// A complex tensor's parts as a last dimension of size 2 (`torch.view_as_real`): a view of the real dtype
    /// over the same storage, its strides and storage offset doubled, the new dimension of stride 1. PyTorch's
    /// `TypeError` for a real tensor.
    pub fn view_as_real(&self) -> Result<Tensor> {
        if !self.is_complex() {
            return Err(Error::Type("view_as_real is only supported for complex tensors".into()));
        }
        if self.is_conj() {
            runtime_err!(
                "view_as_real doesn't work on unresolved conjugated tensors.  To resolve the conjugate tensor so you \
                 can view it as real, use self.resolve_conj(); however, be warned that the resulting tensor will NOT \
                 alias the original."
            )
        }
        let storage = self.storage().reinterpret(self.dtype().to_real());
        let sizes = self.sizes().iter().copied().chain([2]).collect();
        let strides = self.strides().iter().map(|&s| s.wrapping_mul(2)).chain([1]).collect();
        let offset = self.storage_offset().wrapping_mul(2);
        Ok(self.view_of_storage(storage, offset, sizes, strides, self.math_bits()))
    }

    /// A float32 or float64 tensor whose last dimension (of size 2, stride 1) holds real and imaginary parts,
    /// viewed as complex numbers (`torch.view_as_complex`): the last dimension dropped, the other strides and the
    /// storage offset halved, over the same storage. PyTorch's errors, in its order. float16 would give PyTorch's
    /// complex32, which oxtorch does not have (an error).
    pub fn view_as_complex(&self) -> Result<Tensor> {
        match self.dtype() {
            DType::Float16 | DType::Float32 | DType::Float64 => {}
            d if d.is_complex() => {
                return Err(Error::Type("view_as_complex is not supported for complex tensors".into()))
            }
            d => {
                return Err(Error::NotImplemented(format!(
                    "view_as_complex is only supported for half, float and double tensors, but got a tensor of scalar \
                     type: {}",
                    d.scalar_type_name()
                )))
            }
        }
        let Some((&last, sizes)) = self.sizes().split_last() else {
            runtime_err!("Input tensor must have one or more dimensions")
        };
        if last != 2 {
            runtime_err!("Tensor must have a last dimension of size 2")
        }
        let (&last_stride, strides) = self.strides().split_last().expect("as many strides as sizes");
        if last_stride != 1 {
            runtime_err!("Tensor must have a last dimension with stride 1")
        }
        // a dimension of size 1 is never stepped along: its stride is halved, rounding down, unchecked (PyTorch
        // 2.15's computeStrideForViewAsComplex)
        if sizes.iter().zip(strides).any(|(&n, s)| n != 1 && !s.is_multiple_of(2)) {
            runtime_err!("Tensor must have a stride divisible by 2 for all but last dimension")
        }
        if !self.storage_offset().is_multiple_of(2) {
            runtime_err!("Tensor must have a storage_offset divisible by 2")
        }
        if self.dtype() == DType::Float16 {
            return Err(Error::NotImplemented(
                "view_as_complex of a float16 tensor gives PyTorch's complex32 (ComplexHalf), which oxtorch does not \
                 have"
                    .into(),
            ));
        }
        let storage = self.storage().reinterpret(self.dtype().to_complex());
        let strides = strides.iter().map(|s| s / 2).collect();
        let offset = self.storage_offset() / 2;
        Ok(self.view_of_storage(storage, offset, sizes.into(), strides, self.math_bits()))
    }

    /// The values conjugated (`torch.conj_physical`): a real tensor is returned as it is; a complex one is
    /// computed into a new tensor (laid out as `self`) with each imaginary part's sign flipped.
    pub fn conj_physical(&self) -> Result<Tensor> {
        self.unary(crate::op::UnaryOp::ConjPhysical)
    }

    /// The conjugate transpose of a matrix (`x.H`); a 0-dim tensor is conjugated only. PyTorch's error for
    /// any other number of dimensions. A real tensor gives the transposed view (a 0-dim one itself), a complex one
    /// that view with the conjugate bit flipped ([`Tensor::conj`]). (PyTorch warns about 0-dim tensors; the
    /// Python binding does.)
    pub fn matrix_h(&self) -> Result<Tensor> {
        let n = self.dim();
        if n != 0 && n != 2 {
            let hint = if n > 2 { " For batches of matrices, consider using tensor.mH" } else { "" };
            runtime_err!("tensor.H is only supported on matrices (2-D tensors). Got {n}-D tensor.{hint}")
        }
        self.conj_transposed()
    }

    /// The conjugate transpose of a batch of matrices (`x.mH`, `adjoint()`): the last two dimensions swapped and
    /// the conjugate bit of a complex tensor flipped; a 0-dim tensor is conjugated only.
    pub fn adjoint(&self) -> Result<Tensor> {
        let n = self.dim();
        if n == 1 {
            runtime_err!("tensor.mH is only supported on matrices or batches of matrices. Got 1-D tensor.")
        }
        self.conj_transposed()
    }

    fn conj_transposed(&self) -> Result<Tensor> {
        let transposed = if self.dim() == 0 { self.clone() } else { self.transpose(-2, -1)? };
        Ok(transposed.conj())
    }

    /// A view with `other`'s sizes (`view_as`).
    pub fn view_as(&self, other: &Tensor) -> Result<Tensor> {
        self.view(&to_i64(other.sizes()))
    }

    /// `other`'s sizes, as a view when the strides allow it, else a copy (`reshape_as`).
    pub fn reshape_as(&self, other: &Tensor) -> Result<Tensor> {
        self.reshape(&to_i64(other.sizes()))
    }
}

/// Sizes as the `i64` lists that `view`/`reshape`/`expand` take.
pub fn to_i64(sizes: &[usize]) -> Vec<i64> {
    sizes.iter().map(|&s| s as i64).collect()
}

/// The permutation `movedim(source, destination)` applies to a tensor of `n` dimensions (the moved dimensions at
/// their destinations, the others in order in the remaining places), with PyTorch's checks and messages.
pub(crate) fn movedim_permutation(source: &[i64], destination: &[i64], n: usize) -> Result<Vec<i64>> {
    if source.len() != destination.len() {
        runtime_err!(
            "movedim: Invalid source or destination dims: source ({} dims) should contain the same number of dims as destination ({} dims)",
            fmt_list(source),
            fmt_list(destination)
        )
    }
    let src: Vec<usize> = source.iter().map(|&d| wrap_dim(d, n)).collect::<Result<_>>()?;
    let dst: Vec<usize> = destination.iter().map(|&d| wrap_dim(d, n)).collect::<Result<_>>()?;
    let unique = |v: &[usize]| v.iter().enumerate().all(|(i, x)| !v[..i].contains(x));
    if !unique(&src) {
        runtime_err!("movedim: repeated dim in `source` ({})", fmt_list(source))
    }
    if !unique(&dst) {
        runtime_err!("movedim: repeated dim in `destination` ({})", fmt_list(destination))
    }
    let mut order: Vec<Option<usize>> = vec![None; n];
    for (&s, &d) in src.iter().zip(&dst) {
        if d < n {
            order[d] = Some(s);
        }
    }
    let mut rest = (0..n).filter(|d| !src.contains(d));
    Ok(order.into_iter().map(|o| o.or_else(|| rest.next()).unwrap_or(0) as i64).collect())
}
