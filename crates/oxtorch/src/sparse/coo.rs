//! Building sparse COO tensors: `sparse_coo_tensor` with PyTorch's size inference and checks, zero-nnz tensors
//! (`torch.zeros(..., layout=torch.sparse_coo)`, `sparse_coo_tensor(size=...)`), and `Tensor::to_sparse`.

use super::coalesce::{host_indices, host_values, tensor_on};
use super::SparseCooTensor;
use crate::device::Device;
use crate::dtype::DType;
use crate::error::{runtime_err, Error, Result};
use crate::promotion::get_default_dtype;
use crate::shape::{self, fmt_list, Dims};
use crate::tensor::Tensor;

/// The keywords of `torch.sparse_coo_tensor` beyond indices, values and size.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SparseCooOptions {
    /// `dtype=`: the values are converted to it.
    pub dtype: Option<DType>,
    /// `device=`: indices and values are moved to it.
    pub device: Option<Device>,
    /// `check_invariants=`: also check every index against the given size (PyTorch's default is off).
    pub check_invariants: Option<bool>,
    /// `is_coalesced=`: declare the indices sorted and unique; by default only tensors with fewer than two
    /// elements count as coalesced.
    pub is_coalesced: Option<bool>,
}

/// `torch.sparse_coo_tensor(indices, values, size=None, ...)`: `indices` an int64 `sparse_dim x nnz` tensor,
/// `values` a tensor of `nnz x dense sizes` (a zero-dim value counts as one element). Without `size`, each sparse
/// size is the largest index plus one and negative indices are refused; with `size`, indices are only checked
/// against it when `check_invariants` is set, as in PyTorch. The result shares `values`' storage when no dtype or
/// device conversion is needed.
pub fn sparse_coo_tensor(
    indices: &Tensor,
    values: &Tensor,
    size: Option<&[i64]>,
    options: SparseCooOptions,
) -> Result<SparseCooTensor> {
    let device = match options.device {
        Some(d) => crate::backend::resolve_device(d)?,
        None => values.device(),
    };
    // a values tensor with a conjugate or negative bit gives its values (sparse tensors have no bits)
    let values = values
        .resolved()?
        .to(crate::TensorOptions::new().dtype(options.dtype.unwrap_or(values.dtype())).device(device), false)?;
    let values = if values.dim() == 0 { values.reshape(&[1])? } else { values };
    let indices = indices.to_device(device)?;
    if let (Some(size), Some(&first)) = (size, indices.sizes().first()) {
        // with a size, PyTorch compares its length with the dimensions the inputs imply first
        let dense_dim = values.dim() - 1;
        if size.len() != first + dense_dim {
            runtime_err!(
                "'len(size) == sparse_dim + dense_dim' is not satisfied: len(size) = {}, sparse_dim = {first}, dense_dim = {dense_dim}",
                size.len()
            )
        }
    }
    if indices.dim() != 2 {
        runtime_err!("indices must be sparse_dim x nnz, but got: {}", fmt_list(indices.sizes()))
    }
    if indices.dtype() != DType::Int64 {
        runtime_err!("indices must be an int64 tensor")
    }
    let sparse_dim = indices.sizes()[0];
    let dense_dim = values.dim() - 1;
    let nnz = indices.sizes()[1];
    let host = host_indices(&indices)?;
    let sizes: Dims = match size {
        Some(size) => {
            if size.len() != sparse_dim + dense_dim {
                runtime_err!(
                    "'len(size) == sparse_dim + dense_dim' is not satisfied: len(size) = {}, sparse_dim = {sparse_dim}, dense_dim = {dense_dim}",
                    size.len()
                )
            }
            if size.iter().any(|&s| s < 0) {
                runtime_err!("numel: integer multiplication overflow")
            }
            size.iter().map(|&s| s as usize).collect()
        }
        None => {
            let mut sizes: Dims = (0..sparse_dim).map(|_| 0).collect();
            if nnz > 0 {
                for (d, slot) in sizes.iter_mut().enumerate() {
                    let row = &host[d * nnz..(d + 1) * nnz];
                    let (min, max) = row.iter().fold((i64::MAX, i64::MIN), |(lo, hi), &v| (lo.min(v), hi.max(v)));
                    if min < 0 {
                        runtime_err!("found negative index {min} for dim {d}")
                    }
                    *slot = max as usize + 1;
                }
            }
            sizes.extend_from_slice(&values.sizes()[1..]);
            sizes
        }
    };
    // PyTorch resizes the new tensor to the sizes (its numel check) before it sets the indices and values
    shape::check_numel(&sizes)?;
    check_parts(&indices, &values, &sizes)?;
    if size.is_some() && options.check_invariants == Some(true) {
        check_index_bounds(&host, nnz, &sizes[..sparse_dim])?;
    }
    let coalesced = options.is_coalesced.unwrap_or(nnz < 2);
    Ok(SparseCooTensor::from_parts(indices, values, sizes, coalesced))
}

/// The structural checks PyTorch's `set_indices_and_values_unsafe` makes, in its order.
fn check_parts(indices: &Tensor, values: &Tensor, sizes: &[usize]) -> Result<()> {
    let (nnz_i, nnz_v) = (indices.sizes()[1], values.sizes()[0]);
    if nnz_i != nnz_v {
        runtime_err!(
            "indices and values must have same nnz, but got nnz from indices: {nnz_i}, nnz from values: {nnz_v}"
        )
    }
    let sparse_dim = indices.sizes()[0];
    let mut expected: Vec<usize> = vec![nnz_v];
    expected.extend_from_slice(&sizes[sparse_dim..]);
    if values.sizes() != expected.as_slice() {
        runtime_err!("values has incorrect size, expected {}, got {}", fmt_list(&expected), fmt_list(values.sizes()))
    }
    Ok(())
}

/// `check_invariants=True`: every index non-negative and below its dimension's size.
fn check_index_bounds(host: &[i64], nnz: usize, sparse_sizes: &[usize]) -> Result<()> {
    for (d, &size) in sparse_sizes.iter().enumerate() {
        let row = &host[d * nnz..(d + 1) * nnz];
        if let Some(&min) = row.iter().min() {
            if min < 0 {
                runtime_err!("found negative index {min} for dim {d}")
            }
        }
        if let Some(&max) = row.iter().max() {
            if max >= size as i64 {
                runtime_err!("size is inconsistent with indices: for dim {d}, size is {size} but found index {max}")
            }
        }
    }
    Ok(())
}

/// A sparse tensor of `sizes` with no specified elements (`torch.zeros(size, layout=torch.sparse_coo)`,
/// `torch.sparse_coo_tensor(size=...)`): every dimension sparse, coalesced.
pub fn sparse_zeros(sizes: &[usize], dtype: Option<DType>, device: Option<Device>) -> Result<SparseCooTensor> {
    sparse_zeros_with_dims(
        sizes,
        sizes.len(),
        dtype.unwrap_or_else(get_default_dtype),
        device.unwrap_or_else(crate::get_default_device),
    )
}

/// A zero-nnz sparse tensor with the first `sparse_dim` dimensions sparse and the rest dense.
pub fn sparse_zeros_with_dims(
    sizes: &[usize],
    sparse_dim: usize,
    dtype: DType,
    device: Device,
) -> Result<SparseCooTensor> {
    let device = crate::backend::resolve_device(device)?;
    shape::check_numel(sizes)?;
    let sparse_dim = sparse_dim.min(sizes.len());
    let indices = crate::zeros(&[sparse_dim, 0], (DType::Int64, device))?;
    let mut value_sizes = vec![0usize];
    value_sizes.extend_from_slice(&sizes[sparse_dim..]);
    let values = crate::zeros(&value_sizes, (dtype, device))?;
    Ok(SparseCooTensor::from_parts(indices, values, sizes.into(), true))
}

impl Tensor {
    /// This tensor as a sparse COO tensor with every dimension sparse (`to_sparse()`): the nonzero elements in
    /// row-major order, coalesced.
    pub fn to_sparse(&self) -> Result<SparseCooTensor> {
        self.to_sparse_dim(self.dim() as i64)
    }

    /// This tensor as a hybrid sparse COO tensor whose first `sparse_dim` dimensions are sparse
    /// (`to_sparse(sparse_dim)`): a slice over the remaining dimensions is specified when any of its elements is
    /// nonzero.
    pub fn to_sparse_dim(&self, sparse_dim: i64) -> Result<SparseCooTensor> {
        let dim = self.dim() as i64;
        if sparse_dim < 0 || sparse_dim > dim {
            runtime_err!("dense_to_sparse: sparse_dim argument must be in [0,{dim}] range, but {sparse_dim} is given")
        }
        if sparse_dim == 0 && dim > 0 {
            runtime_err!("dense_to_sparse: sparse_dim argument must be in >0 when self.dim()>0")
        }
        let sd = sparse_dim as usize;
        let sizes = self.sizes();
        let rows = shape::numel(&sizes[..sd]);
        let block = shape::numel(&sizes[sd..]);
        let (values, keep) = crate::dispatch_dtype!(self.dtype(), T => {
            let all = host_values::<T>(self)?;
            let zero = T::default();
            let keep: Vec<usize> = (0..rows)
                .filter(|&r| all[r * block..(r + 1) * block].iter().any(|v| *v != zero))
                .collect();
            let mut kept = Vec::with_capacity(keep.len() * block);
            for &r in &keep {
                kept.extend_from_slice(&all[r * block..(r + 1) * block]);
            }
            let mut value_sizes = vec![keep.len()];
            value_sizes.extend_from_slice(&sizes[sd..]);
            (tensor_on(kept, &value_sizes, self.device())?, keep)
        });
        let nnz = keep.len();
        let mut idx = vec![0i64; sd * nnz];
        for (k, &r) in keep.iter().enumerate() {
            let mut rest = r;
            for d in (0..sd).rev() {
                idx[d * nnz + k] = (rest % sizes[d]) as i64;
                rest /= sizes[d];
            }
        }
        let indices = tensor_on(idx, &[sd, nnz], self.device())?;
        Ok(SparseCooTensor::from_parts(indices, values, sizes.into(), true))
    }
}

impl SparseCooTensor {
    /// `to_sparse()` on a sparse tensor: itself; another `sparse_dim` is refused as PyTorch refuses it.
    pub fn to_sparse_dim(&self, sparse_dim: Option<i64>) -> Result<SparseCooTensor> {
        match sparse_dim {
            Some(d) if d != self.sparse_dim() as i64 => Err(Error::Runtime(
                "to_sparse: conversion from Sparse to Sparse with sparse_dim argument !=self.sparse_dim() is not supported"
                    .into(),
            )),
            _ => Ok(self.clone()),
        }
    }
}
