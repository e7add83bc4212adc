//! Python-style indexing (`t[1, ::2, None, ...]`): integers, slices with steps and negative bounds, `None`
//! (a new size-1 dimension) and `...`, all as views.

use super::Tensor;
use crate::error::{index_err, Result};

/// One entry of a Python index tuple.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TensorIndex {
    /// `t[i]`: selects one element of the dimension (negative counts from the end) and removes it.
    Int(i64),
    /// `t[start:stop:step]`: Python slice semantics; the step must be positive.
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
    /// `t[...]`: as many full slices as needed.
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
    /// Applies a Python index tuple (`t[...]`), returning a view.
    pub fn index(&self, indices: &[TensorIndex]) -> Result<Tensor> {
        let consumed = indices.iter().filter(|i| matches!(i, TensorIndex::Int(_) | TensorIndex::Slice { .. })).count();
        if indices.iter().filter(|i| matches!(i, TensorIndex::Ellipsis)).count() > 1 {
            index_err!("an index can only have a single ellipsis ('...')")
        }
        if self.dim() == 0 && matches!(indices, [TensorIndex::Int(_)]) {
            index_err!("invalid index of a 0-dim tensor. Use `tensor.item()` in Python or `tensor.item<T>()` in C++ to convert a 0-dim tensor to a number")
        }
        if consumed > self.dim() {
            index_err!("too many indices for tensor of dimension {}", self.dim())
        }
        let mut result = self.clone();
        let mut dim = 0usize;
        for index in indices {
            match *index {
                TensorIndex::Int(i) => {
                    let size = result.sizes()[dim] as i64;
                    if i < -size || i >= size {
                        index_err!("index {i} is out of bounds for dimension {dim} with size {size}")
                    }
                    result = result.select_unchecked(dim, if i < 0 { i + size } else { i } as usize);
                }
                TensorIndex::Slice { start, stop, step } => {
                    result = result.slice(dim as i64, start, stop, step.unwrap_or(1))?;
                    dim += 1;
                }
                TensorIndex::NewAxis => {
                    result = result.unsqueeze(dim as i64)?;
                    dim += 1;
                }
                TensorIndex::Ellipsis => dim += self.dim() - consumed,
            }
        }
        Ok(result)
    }

    /// `t[i]`: the sub-tensor at index `i` of the first dimension.
    pub fn get(&self, i: i64) -> Result<Tensor> {
        self.index(&[TensorIndex::Int(i)])
    }
}
