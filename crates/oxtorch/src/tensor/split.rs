//! The split family beyond `split` / `split_with_sizes` / `chunk` (which are in [`super::view`]):
//! `tensor_split` (by a number of sections, by indices, or by an index tensor), `hsplit` / `vsplit` / `dsplit`,
//! `unbind`, and the `unsafe_` splits. Every piece is a view of this tensor (the `unsafe_` ones are not marked as
//! views, as in PyTorch), with PyTorch's checks and messages in PyTorch's order.

use super::Tensor;
use crate::dtype::DType;
use crate::error::{runtime_err, Result};
use crate::shape::wrap_dim;

/// Where `tensor_split`, `hsplit`, `vsplit` and `dsplit` cut a dimension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SplitPoints<'a> {
    /// That many pieces of nearly equal size: the first `size % n` are one element longer.
    Sections(i64),
    /// The pieces between these indices, read as Python slice bounds (negative ones count from the end; out of
    /// range ones are clamped; a bound before the previous one gives an empty piece).
    Indices(&'a [i64]),
}

/// A vector for `n` pieces, failing as C++'s `std::vector<Tensor>(n)` does when `n` is beyond memory.
fn pieces(n: u64) -> Result<Vec<Tensor>> {
    if n > (isize::MAX as u64) / 8 {
        runtime_err!("cannot create std::vector larger than max_size()")
    }
    let mut out = Vec::new();
    if out.try_reserve_exact(n as usize).is_err() {
        runtime_err!("std::bad_alloc")
    }
    Ok(out)
}

impl Tensor {
    /// `tensor_split(sections or indices, dim)`: the pieces of dimension `dim` (see [`SplitPoints`]).
    pub fn tensor_split(&self, points: SplitPoints<'_>, dim: i64) -> Result<Vec<Tensor>> {
        if self.dim() == 0 {
            runtime_err!("tensor_split expected at least a 1-dimensional tensor, but got a tensor with 0 dims")
        }
        let d = wrap_dim(dim, self.dim())? as i64;
        match points {
            SplitPoints::Sections(sections) => {
                if sections <= 0 {
                    runtime_err!("number of sections must be larger than 0, got {sections}")
                }
                let size = self.sizes()[d as usize] as i64;
                let (min_size, extra) = (size / sections, size % sections);
                let mut out = pieces(sections as u64)?;
                let mut start = 0i64;
                for i in 0..sections {
                    let len = if i < extra { min_size + 1 } else { min_size };
                    out.push(self.slice(d, Some(start), Some(start + len), 1)?);
                    start += len;
                }
                Ok(out)
            }
            SplitPoints::Indices(indices) => {
                let mut out = pieces(indices.len() as u64 + 1)?;
                let mut start = 0i64;
                for &end in indices {
                    out.push(self.slice(d, Some(start), Some(end), 1)?);
                    start = end;
                }
                out.push(self.slice(d, Some(start), None, 1)?);
                Ok(out)
            }
        }
    }

    /// `tensor_split(tensor_indices_or_sections, dim)`: a 0-dim int64 CPU tensor is a number of sections, a 1-dim
    /// one the indices.
    pub fn tensor_split_by_tensor(&self, indices_or_sections: &Tensor, dim: i64) -> Result<Vec<Tensor>> {
        if self.dim() == 0 {
            runtime_err!("tensor_split expected at least a 1-dimensional tensor, but got a tensor with 0 dims")
        }
        let t = indices_or_sections;
        if !t.device().is_cpu() {
            runtime_err!("tensor_split expected tensor_indices_or_sections to be on cpu, but it's on {}", t.device())
        }
        if t.dtype() != DType::Int64 {
            runtime_err!(
                "tensor_split expected tensor_indices_or_sections to have dtype of long, but got {}",
                t.dtype().scalar_type_name()
            )
        }
        if t.dim() > 1 {
            runtime_err!(
                "tensor_split expected tensor_indices_or_sections to be a zero-dimensional or one-dimensional tensor, but got a tensor with {} dims",
                t.dim()
            )
        }
        let values = t.to_vec::<i64>()?;
        if t.dim() == 0 {
            return self.tensor_split(SplitPoints::Sections(values[0]), dim);
        }
        self.tensor_split(SplitPoints::Indices(&values), dim)
    }

    /// `hsplit`: [`Tensor::tensor_split`] along dimension 1 (0 for a 1-dim tensor); a number of sections must
    /// divide that dimension.
    pub fn hsplit(&self, points: SplitPoints<'_>) -> Result<Vec<Tensor>> {
        let dim = if self.dim() == 1 { 0 } else { 1 };
        self.directional_split("hsplit", 1, dim, points)
    }

    /// `vsplit`: [`Tensor::tensor_split`] along dimension 0 of a tensor of at least two dimensions.
    pub fn vsplit(&self, points: SplitPoints<'_>) -> Result<Vec<Tensor>> {
        self.directional_split("vsplit", 2, 0, points)
    }

    /// `dsplit`: [`Tensor::tensor_split`] along dimension 2 of a tensor of at least three dimensions.
    pub fn dsplit(&self, points: SplitPoints<'_>) -> Result<Vec<Tensor>> {
        self.directional_split("dsplit", 3, 2, points)
    }

    fn directional_split(
        &self,
        name: &str,
        min_dims: usize,
        dim: usize,
        points: SplitPoints<'_>,
    ) -> Result<Vec<Tensor>> {
        if self.dim() < min_dims {
            runtime_err!(
                "oxtorch.{name} requires a tensor with at least {min_dims} dimension, but got a tensor with {} dimensions!",
                self.dim()
            )
        }
        if let SplitPoints::Sections(n) = points {
            let size = self.sizes()[dim] as i64;
            if n == 0 || size.checked_rem(n) != Some(0) {
                runtime_err!(
                    "oxtorch.{name} attempted to split along dimension {dim}, but the size of the dimension {size} is not divisible by the split_size {n}!"
                )
            }
        }
        self.tensor_split(points, dim as i64)
    }

    /// The slices of dimension `dim`, each without that dimension (`unbind`).
    pub fn unbind(&self, dim: i64) -> Result<Vec<Tensor>> {
        let d = wrap_dim(dim, self.dim())?;
        let size = self.size(d as i64)?;
        let mut out = pieces(size as u64)?;
        for i in 0..size {
            out.push(self.select_unchecked(d, i)?);
        }
        Ok(out)
    }

    /// [`Tensor::split`] whose pieces are not marked as views of this tensor (`unsafe_split`; they still share its
    /// storage).
    pub fn unsafe_split(&self, split_size: i64, dim: i64) -> Result<Vec<Tensor>> {
        Ok(self.split(split_size, dim)?.iter().map(Tensor::alias).collect())
    }

    /// [`Tensor::split_with_sizes`] whose pieces are not marked as views (`unsafe_split_with_sizes`).
    pub fn unsafe_split_with_sizes(&self, sizes: &[i64], dim: i64) -> Result<Vec<Tensor>> {
        Ok(self.split_with_sizes(sizes, dim)?.iter().map(Tensor::alias).collect())
    }
}
