//! The shape operations PyTorch has for sparse COO tensors, with its rules, results and messages: `transpose`
//! and `t()` (between sparse dimensions only), `permute` and `movedim` (within the sparse and within the dense
//! dimensions), `unsqueeze`, `select` and integer indexing (`s[i]`, `s[i, j]`, `s[None]`). Slices are refused as
//! PyTorch refuses them (its sparse tensors have no `as_strided`).

use super::coalesce::{host_indices, host_values, require_data, tensor_on, SparseElement};
use super::SparseCooTensor;
use crate::dispatch::AnyTensor;
use crate::dtype::DType;
use crate::error::{index_err, runtime_err, Error, Result};
use crate::shape::{self, fmt_list};
use crate::tensor::index::TensorIndex;

impl SparseCooTensor {
    /// Swaps two dimensions (`transpose`). As in PyTorch, only two sparse dimensions can be swapped: the
    /// result has its own indices with the two rows exchanged and is uncoalesced (unless it has no elements);
    /// equal dimensions give this tensor itself.
    pub fn transpose(&self, dim0: i64, dim1: i64) -> Result<SparseCooTensor> {
        let n = self.dim();
        let (a, b) = (shape::wrap_dim(dim0, n)?, shape::wrap_dim(dim1, n)?);
        if a == b {
            return Ok(self.clone());
        }
        let sd = self.sparse_dim();
        if a >= sd || b >= sd {
            return Err(Error::Runtime(format!(
                "sparse transpose: transposed dimensions must be sparse Got sparse_dim: {sd}, d0: {a}, d1: {b}"
            )));
        }
        let mut sizes = self.sizes.clone();
        sizes.swap(a, b);
        if self.indices.numel() == 0 && self.values.numel() == 0 {
            return Ok(SparseCooTensor { sizes, ..self.clone_tensor()? });
        }
        let nnz = self.nnz();
        let mut host = self.indices.to_vec::<i64>()?;
        for k in 0..nnz {
            host.swap(a * nnz + k, b * nnz + k);
        }
        let indices = crate::from_vec(host, self.indices.sizes())?.to_device(self.device())?;
        Ok(SparseCooTensor { indices, values: self.values.clone_tensor()?, sizes, coalesced: false })
    }

    /// Swaps the two dimensions of a sparse matrix (`t()`): at most two sparse and no dense dimensions.
    pub fn t(&self) -> Result<SparseCooTensor> {
        self.transposed_matrix("t")
    }

    /// `t_()`: this tensor replaced by [`SparseCooTensor::t`]'s result, with the in-place method's name in its
    /// error.
    pub fn t_(&mut self) -> Result<()> {
        *self = self.transposed_matrix("t_")?;
        Ok(())
    }

    fn transposed_matrix(&self, method: &str) -> Result<SparseCooTensor> {
        let (sd, dd) = (self.sparse_dim(), self.dense_dim());
        if sd > 2 || dd > 0 {
            return Err(Error::Runtime(format!(
                "{method}() expects a tensor with <= 2 sparse and 0 dense dimensions, but got {sd} sparse and {dd} dense dimensions"
            )));
        }
        self.transpose(0, if self.dim() < 2 { 0 } else { 1 })
    }

    /// Inserts a size-1 dimension at `dim` (`unsqueeze`): a sparse dimension (a row of zero indices) when `dim`
    /// is at most `sparse_dim()`, else a dense one. As in PyTorch, the result counts as coalesced only with fewer
    /// than two elements, whatever this tensor's flag.
    pub fn unsqueeze(&self, dim: i64) -> Result<SparseCooTensor> {
        let d = shape::wrap_dim(dim, self.dim() + 1)?;
        let sd = self.sparse_dim();
        let mut sizes = self.sizes.clone();
        sizes.insert(d, 1);
        if d <= sd {
            let nnz = self.nnz();
            let mut host = self.indices.to_vec::<i64>()?;
            host.splice(d * nnz..d * nnz, std::iter::repeat_n(0i64, nnz));
            let indices = crate::from_vec(host, &[sd + 1, nnz])?.to_device(self.device())?;
            Ok(SparseCooTensor { indices, values: self.values.clone(), sizes, coalesced: nnz < 2 })
        } else {
            let values = self.values.unsqueeze((d - sd + 1) as i64)?;
            Ok(SparseCooTensor { indices: self.indices.clone(), values, sizes, coalesced: self.nnz() < 2 })
        }
    }

    /// Reorders the dimensions (`permute(dims)`): sparse dimensions among themselves and dense dimensions among
    /// themselves. The indices' rows and the values' dense dimensions are permuted; the result is coalesced when
    /// this tensor is and `dims[0]` is 0, as PyTorch decides it.
    pub fn permute(&self, dims: &[i64]) -> Result<SparseCooTensor> {
        let n = self.dim();
        if dims.len() != n {
            runtime_err!(
                "permute(sparse_coo): number of dimensions in the tensor input does not match the length of the desired ordering of dimensions i.e. input.dim() = {n} is not equal to len(dims) = {}",
                dims.len()
            )
        }
        let mut seen = vec![false; n];
        let mut wrapped = Vec::with_capacity(n);
        for &d in dims {
            let d = shape::wrap_dim(d, n)?;
            if seen[d] {
                runtime_err!("permute(): duplicate dims are not allowed.")
            }
            seen[d] = true;
            wrapped.push(d);
        }
        let sd = self.sparse_dim();
        let (sparse_part, dense_part) = wrapped.split_at(sd);
        let (mut sorted_sparse, mut sorted_dense) = (sparse_part.to_vec(), dense_part.to_vec());
        sorted_sparse.sort_unstable();
        sorted_dense.sort_unstable();
        if !sorted_sparse.iter().chain(&sorted_dense).copied().eq(0..n) {
            runtime_err!(
                "permute(sparse_coo): transpositions between sparse and dense dimensions are not allowed.Only transpositions within sparse and dense dimensions are supported."
            )
        }
        let sizes = wrapped.iter().map(|&d| self.sizes[d]).collect();
        let indices = if sparse_part.iter().copied().eq(0..sd) {
            self.indices.clone()
        } else {
            let nnz = self.nnz();
            let host = host_indices(&self.indices)?;
            let permuted: Vec<i64> =
                sparse_part.iter().flat_map(|&d| host[d * nnz..(d + 1) * nnz].iter().copied()).collect();
            tensor_on(permuted, self.indices.sizes(), self.device())?
        };
        let values = if dense_part.iter().copied().eq(sd..n) {
            self.values.clone()
        } else {
            let mut perm = vec![0i64];
            perm.extend(dense_part.iter().map(|&d| (d - sd + 1) as i64));
            self.values.permute(&perm)?
        };
        let coalesced = self.coalesced && dims.first().is_none_or(|&d| d == 0);
        Ok(SparseCooTensor { indices, values, sizes, coalesced })
    }

    /// Moves dimensions (`movedim(source, destination)`): the permutation `movedim` gives a dense tensor, applied
    /// with [`SparseCooTensor::permute`]. A zero-dim tensor is refused as PyTorch refuses it (its alias has no
    /// storage).
    pub fn movedim(&self, source: &[i64], destination: &[i64]) -> Result<SparseCooTensor> {
        let perm = crate::tensor::view::movedim_permutation(source, destination, self.dim())?;
        if self.dim() == 0 {
            return Err(Error::NotImplemented("Cannot access storage of SparseTensorImpl".into()));
        }
        self.permute(&perm)
    }

    /// Removes dimension `dim` by taking element `index` of it (`select`). A dense dimension is selected in the
    /// values. A sparse dimension keeps the elements at that coordinate: a sparse result without that dimension,
    /// or, when it was the only sparse dimension, a dense one: the single matching value, or the sum of the
    /// matching values in their own dtype (zeros when none match; float16/bfloat16 summed in float32 and rounded
    /// once), as PyTorch's `select_sparse` computes it.
    pub fn select(&self, dim: i64, index: i64) -> Result<AnyTensor> {
        let n = self.dim();
        if n == 0 {
            index_err!("select() cannot be applied to a 0-dim tensor.")
        }
        let d = shape::wrap_dim(dim, n)?;
        let size = self.sizes[d] as i64;
        if index < -size || index >= size {
            index_err!(
                "select(): index {index} out of range for tensor of size {} at dimension {d}",
                fmt_list(&self.sizes)
            )
        }
        let index = if index < 0 { index + size } else { index };
        let mut sizes = self.sizes.clone();
        sizes.remove(d);
        let sd = self.sparse_dim();
        if d >= sd {
            let values = self.values.select((d - sd + 1) as i64, index)?;
            let coalesced = self.nnz() < 2;
            return Ok(AnyTensor::from(SparseCooTensor { indices: self.indices.clone(), values, sizes, coalesced }));
        }
        require_data(self)?;
        let nnz = self.nnz();
        let host = host_indices(&self.indices)?;
        let matches: Vec<usize> = (0..nnz).filter(|&k| host[d * nnz + k] == index).collect();
        let block = shape::numel(&self.sizes[sd..]);
        let dense_sizes = &self.sizes[sd..];
        let device = self.device();
        if sd == 1 {
            if let [k] = matches[..] {
                return Ok(AnyTensor::Strided(self.values.select(0, k as i64)?));
            }
            let summed = crate::dispatch_dtype!(self.dtype(), T => {
                let v = host_values::<T>(&self.values)?;
                let rows: Vec<&[T]> = matches.iter().map(|&k| &v[k * block..(k + 1) * block]).collect();
                tensor_on(sum_rows(&rows, block, self.dtype()), dense_sizes, device)?
            });
            return Ok(AnyTensor::Strided(summed));
        }
        let kept = matches.len();
        let mut new_idx = Vec::with_capacity((sd - 1) * kept);
        for r in (0..sd).filter(|&r| r != d) {
            new_idx.extend(matches.iter().map(|&k| host[r * nnz + k]));
        }
        let indices = tensor_on(new_idx, &[sd - 1, kept], device)?;
        let mut value_sizes = vec![kept];
        value_sizes.extend_from_slice(dense_sizes);
        let values = crate::dispatch_dtype!(self.dtype(), T => {
            let v = host_values::<T>(&self.values)?;
            let picked: Vec<T> = matches.iter().flat_map(|&k| v[k * block..(k + 1) * block].iter().copied()).collect();
            tensor_on(picked, &value_sizes, device)?
        });
        Ok(AnyTensor::from(SparseCooTensor { indices, values, sizes, coalesced: kept < 2 }))
    }

    /// Python indexing (`s[...]`) with integers and `None`: each integer selects (see
    /// [`SparseCooTensor::select`]; once the result is dense the rest indexes it as a dense tensor), each `None`
    /// inserts a size-1 dimension, a full slice `:` before another index is skipped. Other slices, a lone full
    /// slice and a lone `...` are refused with PyTorch's errors (`as_strided` and storage access do not exist for
    /// sparse tensors); an ellipsis among other indices stands for full slices.
    pub fn index(&self, indices: &[TensorIndex]) -> Result<AnyTensor> {
        let backend = format!("Sparse{}", backend_name(self.device()));
        let as_strided = || {
            Error::NotImplemented(format!(
                "Could not run 'aten::as_strided' with arguments from the '{backend}' backend."
            ))
        };
        match indices {
            [TensorIndex::Ellipsis] => {
                return Err(Error::NotImplemented("Cannot access storage of SparseTensorImpl".into()))
            }
            [TensorIndex::Slice { .. }] if self.dim() == 0 => {
                index_err!("slice() cannot be applied to a 0-dim tensor.")
            }
            [TensorIndex::Slice { .. }] => return Err(as_strided()),
            _ => {}
        }
        let consumed = indices.iter().filter(|i| matches!(i, TensorIndex::Int(_) | TensorIndex::Slice { .. })).count();
        if indices.iter().filter(|i| matches!(i, TensorIndex::Ellipsis)).count() > 1 {
            index_err!("an index can only have a single ellipsis ('...')")
        }
        if let (0, [TensorIndex::Int(i)]) = (self.dim(), indices) {
            if *i == 0 {
                index_err!("invalid index of a 0-dim tensor. Use `tensor.item()` in Python or `tensor.item<T>()` in C++ to convert a 0-dim tensor to a number")
            }
            index_err!("index {i} is out of bounds for dimension 0 with size 0")
        }
        if consumed > self.dim() {
            index_err!("too many indices for tensor of dimension {}", self.dim())
        }
        let mut result = AnyTensor::from(self.clone());
        let mut dim = 0usize;
        for (k, index) in indices.iter().enumerate() {
            let s = match &result {
                AnyTensor::Strided(t) => return t.index(&indices[k..]).map(AnyTensor::Strided),
                AnyTensor::SparseCoo(s) => s.clone(),
                AnyTensor::Global(_) => {
                    return Err(crate::error::Error::Runtime(
                        "internal error: sparse indexing gave a global tensor".into(),
                    ))
                }
            };
            match *index {
                TensorIndex::Int(i) => {
                    let size = s.sizes()[dim] as i64;
                    if i < -size || i >= size {
                        index_err!("index {i} is out of bounds for dimension {dim} with size {size}")
                    }
                    result = s.select(dim as i64, i)?;
                }
                TensorIndex::Slice { start, stop, step } => {
                    let full = start.unwrap_or(0) == 0
                        && stop.is_none_or(|e| e >= s.sizes()[dim] as i64)
                        && step.unwrap_or(1) == 1;
                    if !full {
                        return Err(as_strided());
                    }
                    dim += 1;
                }
                TensorIndex::NewAxis => {
                    result = AnyTensor::from(s.unsqueeze(dim as i64)?);
                    dim += 1;
                }
                TensorIndex::Ellipsis => dim += self.dim() - consumed,
            }
        }
        Ok(result)
    }
}

/// PyTorch's name of a device type in dispatch keys (`CPU`, `CUDA`, `Meta`).
pub fn backend_name(device: crate::device::Device) -> String {
    match device.type_name() {
        "cpu" => "CPU".into(),
        "cuda" => "CUDA".into(),
        "meta" => "Meta".into(),
        other => other.to_uppercase(),
    }
}

/// The dispatcher's `NotImplementedError` when operator `op` (`"eq.Tensor"`, `"view"`) has no kernel for sparse
/// COO tensors on `device` (its first sentence).
pub fn dispatcher_error(op: &str, device: crate::device::Device) -> crate::error::Error {
    crate::error::Error::NotImplemented(format!(
        "Could not run 'aten::{op}' with arguments from the 'Sparse{}' backend.",
        backend_name(device)
    ))
}

/// The sum of `rows` (each `block` elements), element by element from zero, in PyTorch's `sum(values, 0,
/// dtype=values.dtype)` arithmetic: float16 and bfloat16 accumulate in float32 and round once, other dtypes add
/// in their own type (bool: or).
fn sum_rows<T: SparseElement>(rows: &[&[T]], block: usize, dtype: DType) -> Vec<T> {
    let half = matches!(dtype, DType::Float16 | DType::BFloat16);
    (0..block)
        .map(|j| {
            if half {
                let total = rows.iter().fold(0f32, |acc, r| acc + r[j].cast::<f32>());
                T::from_f32(total)
            } else {
                rows.iter().fold(T::default(), |acc, r| T::acc(acc, r[j]))
            }
        })
        .collect()
}
