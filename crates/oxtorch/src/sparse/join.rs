//! Joining sparse COO tensors, as PyTorch's sparse kernel does (`cat_sparse` in `TensorShape.cpp`), which runs as
//! soon as one input is sparse:
//!
//! - along a sparse dimension, the indices are joined (each input's coordinates along that dimension moved past
//!   the inputs before it) and so are the values;
//! - along a dense dimension, each input's values are padded with zeros to the joined size, at its place, and the
//!   indices joined as they are;
//! - the values join by the dense `cat` (so their dtypes promote); the result is uncoalesced.
//!
//! PyTorch's checks, in its order: the dimension wrapped (by the first input that is not a 1-D empty tensor, then
//! by the first input), for a dense dimension every input's values read first (a dense input fails there, as
//! PyTorch's `_values` does), then each input in turn: sparse, of the first input's shape but along the joined
//! dimension, of its sparse and dense dimensions. No input is skipped.

use super::view::backend_name;
use super::SparseCooTensor;
use crate::dispatch::AnyTensor;
use crate::error::{runtime_err, Error, Result};
use crate::shape::{wrap_dim, Dims};
use crate::tensor::join::cat as dense_cat;
use crate::tensor::{factory, Output, Tensor};

/// PyTorch's error when its sparse `cat` reads the values of a dense input.
fn values_of_dense(t: &AnyTensor) -> Error {
    Error::NotImplemented(format!(
        "Could not run 'aten::_values' with arguments from the '{}' backend.",
        backend_name(t.device())
    ))
}

/// PyTorch's `check_cat_sparse_dims`: input `i` is sparse, of the first input's `sizes` but along `dim`, and of
/// its sparse and dense dimensions.
fn checked<'a>(
    i: usize,
    t: &'a AnyTensor,
    sizes: &[usize],
    dim: usize,
    (sparse_dim, dense_dim): (usize, usize),
) -> Result<&'a SparseCooTensor> {
    let Some(s) = t.sparse() else {
        runtime_err!("Concatenating sparse tensors, but a dense tensor was found at position {i}.")
    };
    let same = s.dim() == sizes.len() && sizes.iter().zip(s.sizes()).enumerate().all(|(d, (a, b))| d == dim || a == b);
    if !same {
        runtime_err!(
            "All tensors must have the same shape: {sizes:?} (except in the concatenating dimension), but found shape: \
             {:?} at position {i}.",
            s.sizes()
        )
    }
    if (s.sparse_dim(), s.dense_dim()) != (sparse_dim, dense_dim) {
        runtime_err!(
            "All tensors must have the same sparse_dim and dense_dim: {sparse_dim}, {dense_dim}, but tensor at \
             position {i} has {}, {}.",
            s.sparse_dim(),
            s.dense_dim()
        )
    }
    Ok(s)
}

/// `torch.cat(tensors, dim)` when an input is sparse (the first must be: see the module's rules).
pub fn cat(tensors: &[&AnyTensor], dim: i64) -> Result<SparseCooTensor> {
    let Some(&first) = tensors.first() else {
        return Err(Error::Value("oxtorch.cat(): expected a non-empty list of Tensors".into()));
    };
    // `legacy_cat_wrap_dim`, then `cat_sparse_impl`'s own wrap by the first input
    if let Some(valid) = tensors.iter().find(|t| !(t.dim() == 1 && t.sizes()[0] == 0)) {
        wrap_dim(dim, valid.dim())?;
    }
    let dim = wrap_dim(dim, first.dim())?;
    // a dense first input has no sparse dimension: PyTorch takes the dense-dimension path and reads its values
    let Some(lead) = first.sparse() else { return Err(values_of_dense(first)) };
    let dims = (lead.sparse_dim(), lead.dense_dim());
    let sizes = Dims::from(lead.sizes());
    let mut joined_sizes = sizes.clone();
    let (indices, values) = if dim < dims.0 {
        let pieces: Vec<&SparseCooTensor> =
            tensors.iter().enumerate().map(|(i, t)| checked(i, t, &sizes, dim, dims)).collect::<Result<_>>()?;
        joined_sizes[dim] = pieces.iter().map(|s| s.sizes()[dim]).sum();
        let values: Vec<&Tensor> = pieces.iter().map(|s| s.raw_values()).collect();
        (moved_indices(&pieces, dim)?, dense_cat(&values, 0, Output::New)?)
    } else {
        let values_dim = dim - dims.0 + 1;
        let mut total = 0;
        for t in tensors {
            let values = t.sparse().ok_or_else(|| values_of_dense(t))?.raw_values();
            total += values.sizes()[wrap_dim(values_dim as i64, values.dim())?];
        }
        let mut padded = Vec::with_capacity(tensors.len());
        let mut indices = Vec::with_capacity(tensors.len());
        let mut before = 0;
        for (i, t) in tensors.iter().enumerate() {
            let s = checked(i, t, &sizes, dim, dims)?;
            let values = s.raw_values();
            let length = values.sizes()[values_dim];
            let zeros = |n: usize| {
                let mut shape = Dims::from(values.sizes());
                shape[values_dim] = n;
                factory::zeros(&shape, (values.dtype(), values.device()))
            };
            let (head, tail) = (zeros(before)?, zeros(total - before - length)?);
            padded.push(dense_cat(&[&head, values, &tail], values_dim as i64, Output::New)?);
            indices.push(s.raw_indices());
            before += length;
        }
        joined_sizes[dim] = total;
        (dense_cat(&indices, 1, Output::New)?, dense_cat(&padded.iter().collect::<Vec<_>>(), 0, Output::New)?)
    };
    Ok(SparseCooTensor::from_parts(indices, values, joined_sizes, false))
}

/// The inputs' indices side by side, each input's coordinates along `dim` moved past the sizes of the inputs before
/// it (on the host, as the other index algorithms run).
fn moved_indices(pieces: &[&SparseCooTensor], dim: usize) -> Result<Tensor> {
    let rows = pieces[0].sparse_dim();
    let total: usize = pieces.iter().map(|s| s.nnz()).sum();
    let mut joined = vec![0i64; rows * total];
    let (mut column, mut offset) = (0, 0);
    for s in pieces {
        let nnz = s.nnz();
        let own: Vec<i64> = if nnz == 0 { Vec::new() } else { s.raw_indices().contiguous()?.to_vec::<i64>()? };
        for r in 0..rows {
            for c in 0..nnz {
                let shift = if r == dim { offset } else { 0 };
                joined[r * total + column + c] = own[r * nnz + c] + shift;
            }
        }
        column += nnz;
        offset += s.sizes()[dim] as i64;
    }
    let device = pieces[0].raw_indices().device();
    crate::tensor::factory::from_vec(joined, &[rows, total])?.to_device(device)
}
