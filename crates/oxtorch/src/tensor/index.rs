//! Python-style indexing (`t[1, ::2, None, ...]`): integers, slices with steps and negative bounds, `None`
//! (a new size-1 dimension) and `...`, all as views, with PyTorch's checks and messages in PyTorch's order.

use super::Tensor;
use crate::error::{index_err, Result};

/// One entry of a Python index tuple.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TensorIndex {
    /// `t[i]`: selects one element of the dimension (negative counts from the end) and removes it.
    Int(i64),
    /// `t[start:stop:step]`: Python slice semantics; the step must be positive (zero and negative steps are
    /// `ValueError`s).
    Slice {
        /// First index (default 0).
        start: Option<i64>,
        /// One past the last index (default: the size).
        stop: Option<i64>,
        /// Step (default 1).
        step: Option<i64>,
    },
    /// `t[None]`: inserts a size-1 dimension.
    NewAxis,
    /// `t[...]`: as many full slices as needed (each `...` of a tuple counts the dimensions no integer or slice
    /// names, as PyTorch does).
    Ellipsis,
}

impl TensorIndex {
    /// `start:stop:step`.
    pub fn slice(start: Option<i64>, stop: Option<i64>, step: Option<i64>) -> TensorIndex {
        TensorIndex::Slice { start, stop, step }
    }

    /// `:`, the whole dimension.
    pub fn full() -> TensorIndex {
        TensorIndex::Slice { start: None, stop: None, step: None }
    }
}

impl From<i64> for TensorIndex {
    fn from(i: i64) -> Self {
        TensorIndex::Int(i)
    }
}

impl From<std::ops::Range<i64>> for TensorIndex {
    fn from(r: std::ops::Range<i64>) -> Self {
        TensorIndex::slice(Some(r.start), Some(r.end), None)
    }
}

impl From<std::ops::RangeFull> for TensorIndex {
    fn from(_: std::ops::RangeFull) -> Self {
        TensorIndex::full()
    }
}

impl From<std::ops::RangeFrom<i64>> for TensorIndex {
    fn from(r: std::ops::RangeFrom<i64>) -> Self {
        TensorIndex::slice(Some(r.start), None, None)
    }
}

impl From<std::ops::RangeTo<i64>> for TensorIndex {
    fn from(r: std::ops::RangeTo<i64>) -> Self {
        TensorIndex::slice(None, Some(r.end), None)
    }
}

impl Tensor {
    /// Applies an index (`t[...]`), returning a view, as PyTorch's `get_item`: a single entry is applied
    /// directly to dimension 0 (Python's `t[i]`, `t[a:b]`, `t[None]`, `t[...]`), several entries as a tuple
    /// ([`Tensor::index_tuple`]).
    pub fn index(&self, indices: &[TensorIndex]) -> Result<Tensor> {
        match *indices {
            [TensorIndex::Int(i)] => self.apply_select(0, i, 0),
            [TensorIndex::Slice { start, stop, step }] => self.apply_slice(0, start, stop, step),
            [TensorIndex::NewAxis] => self.unsqueeze(0),
            [TensorIndex::Ellipsis] => {
                Ok(self.with_geometry(self.storage_offset(), self.sizes().into(), self.strides().into()))
            }
            _ => self.index_tuple(indices),
        }
    }

    /// Applies a Python index tuple (`t[1, ::2, None, ...]`, `t[(0,)]`), returning a view, as PyTorch's
    /// `applySlicing`: more integers and slices than dimensions is an error; each `...` stands for the
    /// dimensions no other entry names; an out-of-range integer is reported with its position in the tuple.
    pub fn index_tuple(&self, indices: &[TensorIndex]) -> Result<Tensor> {
        let specified = indices.iter().filter(|i| matches!(i, TensorIndex::Int(_) | TensorIndex::Slice { .. })).count();
        if specified > self.dim() {
            index_err!("too many indices for tensor of dimension {}", self.dim())
        }
        let mut result = self.clone();
        let mut dim = 0usize;
        for (position, index) in indices.iter().enumerate() {
            match *index {
                TensorIndex::Int(i) => result = result.apply_select(dim, i, position)?,
                // past the last dimension (which repeated ellipses can reach) PyTorch's full-slice shortcut reads
                // the size as 0 (see `apply_select`), so a slice from 0 with step 1 and a stop of at least 0
                // changes nothing
                TensorIndex::Slice { start: None | Some(0), stop, step: None | Some(1) }
                    if dim >= result.dim() && stop.is_none_or(|stop| stop >= 0) =>
                {
                    dim += 1
                }
                TensorIndex::Slice { start, stop, step } => {
                    result = result.apply_slice(dim, start, stop, step)?;
                    dim += 1;
                }
                TensorIndex::NewAxis => {
                    result = result.unsqueeze(dim as i64)?;
                    dim += 1;
                }
                TensorIndex::Ellipsis => dim += self.dim() - specified,
            }
        }
        Ok(result)
    }

    /// PyTorch's `applySelect`: `index` of dimension `dim`, reported as dimension `position` when out of range.
    pub(super) fn apply_select(&self, dim: usize, index: i64, position: usize) -> Result<Tensor> {
        if index == 0 && dim == 0 && self.dim() == 0 {
            index_err!("invalid index of a 0-dim tensor. Use `tensor.item()` in Python or `tensor.item<T>()` in C++ to convert a 0-dim tensor to a number")
        }
        // PyTorch reads the size past the end of a 0-dim tensor's (empty) sizes and finds 0 there
        let size = self.sizes().get(dim).copied().unwrap_or(0) as i64;
        if !(size > (-1i64).wrapping_sub(index) && size > index) {
            index_err!("index {index} is out of bounds for dimension {position} with size {size}")
        }
        self.select_unchecked(dim, if index < 0 { index + size } else { index } as usize)
    }

    /// PyTorch's `applySlice` after Python's slice unpacking: a zero step, then a negative one, are
    /// `ValueError`s; a 0-dim tensor cannot be sliced.
    pub(super) fn apply_slice(
        &self,
        dim: usize,
        start: Option<i64>,
        stop: Option<i64>,
        step: Option<i64>,
    ) -> Result<Tensor> {
        let step = step.unwrap_or(1);
        if step == 0 {
            return Err(crate::error::Error::Value("slice step cannot be zero".into()));
        }
        if step < 0 {
            return Err(crate::error::Error::Value("step must be greater than zero".into()));
        }
        self.slice(dim as i64, start, stop, step)
    }

    /// `t[i]`: the sub-tensor at index `i` of the first dimension.
    pub fn get(&self, i: i64) -> Result<Tensor> {
        self.index(&[TensorIndex::Int(i)])
    }
}
