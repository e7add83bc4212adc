//! Coalescing (sorting the coordinates and summing duplicates), `to_dense`, and the host-side helpers the
//! sparse algorithms share: reading indices and values into host memory, row-major linear keys of coordinates,
//! and the value arithmetic of accumulation.
//!
//! These algorithms run on the host: a tensor on another device is read to host memory, processed, and the
//! result moved back to its device. Duplicates are summed in the values' own dtype, in the order they appear
//! (integers wrap, float16/bfloat16 round after every addition), as PyTorch's CPU `coalesce` does.

use super::SparseCooTensor;
use crate::backend::cpu::CpuElement;
use crate::device::Device;
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::shape;
use crate::tensor::Tensor;
use half::{bf16, f16};
use num_complex::Complex;

/// The value arithmetic of the sparse kernels, in the element's own type: `acc` adds (for accumulating
/// duplicates), `mul` multiplies; float16/bfloat16 compute in float32 and round after each operation.
pub trait SparseElement: CpuElement {
    /// `a + b` in this type (bool: or).
    fn acc(a: Self, b: Self) -> Self;
    /// `a * b` in this type (bool: and).
    fn mul(a: Self, b: Self) -> Self;
    /// `y + a * x` as PyTorch's `cpublas::axpy` computes it (float16/bfloat16: in float32, rounded once).
    fn axpy(y: Self, a: Self, x: Self) -> Self {
        Self::acc(y, Self::mul(a, x))
    }
    /// `sum(lhs * rhs[i])` accumulated in PyTorch's CPU accumulation type (double for float, float for
    /// float16/bfloat16, int64 for integers), starting from zero: the value of a sparse-sparse product.
    fn mul_sum(lhs: Self, rhs: impl Iterator<Item = Self>) -> Self;
}

macro_rules! sparse_int {
    ($($t:ty),*) => {$(
        impl SparseElement for $t {
            #[inline(always)] fn acc(a: Self, b: Self) -> Self { a.wrapping_add(b) }
            #[inline(always)] fn mul(a: Self, b: Self) -> Self { a.wrapping_mul(b) }
            fn mul_sum(lhs: Self, rhs: impl Iterator<Item = Self>) -> Self {
                rhs.fold(0i64, |acc, r| acc.wrapping_add((lhs as i64).wrapping_mul(r as i64))) as $t
            }
        }
    )*};
}
sparse_int!(u8, i8, i16, i32, i64);

macro_rules! sparse_float {
    ($($t:ty => $acc:ty, $to:expr, $from:expr);* $(;)?) => {$(
        impl SparseElement for $t {
            #[inline(always)] fn acc(a: Self, b: Self) -> Self { a + b }
            #[inline(always)] fn mul(a: Self, b: Self) -> Self { a * b }
            fn mul_sum(lhs: Self, rhs: impl Iterator<Item = Self>) -> Self {
                let to: fn(Self) -> $acc = $to;
                let from: fn($acc) -> Self = $from;
                let l = to(lhs);
                from(rhs.fold(<$acc>::default(), |acc, r| acc + l * to(r)))
            }
        }
    )*};
}
sparse_float!(
    f32 => f64, |v| v as f64, |v| v as f32;
    f64 => f64, |v| v, |v| v;
    Complex<f32> => Complex<f64>, |v| Complex::new(v.re as f64, v.im as f64), |v| Complex::new(v.re as f32, v.im as f32);
    Complex<f64> => Complex<f64>, |v| v, |v| v;
);

macro_rules! sparse_half {
    ($($t:ty),*) => {$(
        impl SparseElement for $t {
            #[inline(always)] fn acc(a: Self, b: Self) -> Self { <$t>::from_f32(a.to_f32() + b.to_f32()) }
            #[inline(always)] fn mul(a: Self, b: Self) -> Self { <$t>::from_f32(a.to_f32() * b.to_f32()) }
            #[inline(always)]
            fn axpy(y: Self, a: Self, x: Self) -> Self { <$t>::from_f32(y.to_f32() + a.to_f32() * x.to_f32()) }
            fn mul_sum(lhs: Self, rhs: impl Iterator<Item = Self>) -> Self {
                let l = lhs.to_f32();
                <$t>::from_f32(rhs.fold(0f32, |acc, r| acc + l * r.to_f32()))
            }
        }
    )*};
}
sparse_half!(f16, bf16);

impl SparseElement for bool {
    #[inline(always)]
    fn acc(a: Self, b: Self) -> Self {
        a || b
    }
    #[inline(always)]
    fn mul(a: Self, b: Self) -> Self {
        a && b
    }
    fn mul_sum(lhs: Self, mut rhs: impl Iterator<Item = Self>) -> Self {
        rhs.any(|r| lhs && r)
    }
}

/// The indices of a sparse tensor in host memory, row-major (`sparse_dim x nnz`).
pub(crate) fn host_indices(indices: &Tensor) -> Result<Vec<i64>> {
    indices.to_vec::<i64>()
}

/// A tensor's elements in host memory, row-major, as `T` (which must be its dtype).
pub(crate) fn host_values<T: CpuElement>(t: &Tensor) -> Result<Vec<T>> {
    t.to_vec::<T>()
}

/// A contiguous tensor of `sizes` holding `values`, on `device`.
pub(crate) fn tensor_on<T: CpuElement>(values: Vec<T>, sizes: &[usize], device: Device) -> Result<Tensor> {
    crate::from_vec(values, sizes)?.to_device(device)
}

/// Row-major linear keys of the coordinates (`sum(index[d] * stride[d])` over the sparse sizes), or None when
/// the sparse sizes do not fit a 64-bit key.
pub(crate) fn linear_keys(idx: &[i64], sparse_sizes: &[usize], nnz: usize) -> Option<Vec<u64>> {
    let total = sparse_sizes.iter().try_fold(1u64, |acc, &s| acc.checked_mul(s as u64))?;
    let _ = total;
    let strides = shape::contiguous_strides(sparse_sizes);
    let mut keys = vec![0u64; nnz];
    for (d, &stride) in strides.iter().enumerate() {
        let row = &idx[d * nnz..(d + 1) * nnz];
        for (key, &i) in keys.iter_mut().zip(row) {
            *key = key.wrapping_add((i as u64).wrapping_mul(stride as u64));
        }
    }
    Some(keys)
}

/// The order that sorts the coordinates row-major (stable: equal coordinates keep their order).
pub(crate) fn sorted_order(idx: &[i64], sparse_sizes: &[usize], nnz: usize) -> Vec<usize> {
    let sparse_dim = sparse_sizes.len();
    match linear_keys(idx, sparse_sizes, nnz) {
        Some(keys) if nnz <= u32::MAX as usize => {
            let mut pairs: Vec<(u64, u32)> = keys.into_iter().zip(0u32..).collect();
            if pairs.len() > 1 << 16 {
                use rayon::slice::ParallelSliceMut;
                pairs.par_sort_unstable();
            } else {
                pairs.sort_unstable();
            }
            pairs.into_iter().map(|(_, p)| p as usize).collect()
        }
        _ => {
            let mut order: Vec<usize> = (0..nnz).collect();
            order.sort_by(|&a, &b| {
                (0..sparse_dim)
                    .map(|d| idx[d * nnz + a].cmp(&idx[d * nnz + b]))
                    .find(|o| o.is_ne())
                    .unwrap_or(std::cmp::Ordering::Equal)
            });
            order
        }
    }
}

/// Whether coordinates `a` and `b` of the row-major index array are equal.
pub(crate) fn same_coordinate(idx: &[i64], sparse_dim: usize, nnz: usize, a: usize, b: usize) -> bool {
    (0..sparse_dim).all(|d| idx[d * nnz + a] == idx[d * nnz + b])
}

/// The product of the dense sizes: the elements in one value.
pub(crate) fn block_size(t: &SparseCooTensor) -> usize {
    shape::numel(&t.sizes()[t.sparse_dim()..])
}

/// Refuses tensors without data (meta tensors) with PyTorch's message.
pub(crate) fn require_data(t: &SparseCooTensor) -> Result<()> {
    if !t.raw_values().storage().has_data() || !t.raw_indices().storage().has_data() {
        return Err(Error::NotImplemented("Cannot copy out of meta tensor; no data!".into()));
    }
    Ok(())
}

impl SparseCooTensor {
    /// The coalesced form (`coalesce()`): coordinates sorted row-major, duplicates summed in the values' dtype.
    /// Returns this tensor itself when it is already coalesced.
    pub fn coalesce(&self) -> Result<SparseCooTensor> {
        if self.is_coalesced() {
            return Ok(self.clone());
        }
        let nnz = self.nnz();
        if nnz < 2 {
            let mut c = self.clone_tensor()?;
            c.set_coalesced(true);
            return Ok(c);
        }
        require_data(self)?;
        let sd = self.sparse_dim();
        let idx = host_indices(self.raw_indices())?;
        let order = sorted_order(&idx, &self.sizes()[..sd], nnz);
        // group starts in sorted order
        let mut firsts: Vec<usize> = Vec::with_capacity(nnz);
        let mut group_of: Vec<u32> = Vec::with_capacity(nnz);
        for (j, &p) in order.iter().enumerate() {
            if j == 0 || !same_coordinate(&idx, sd, nnz, p, order[j - 1]) {
                firsts.push(p);
            }
            group_of.push((firsts.len() - 1) as u32);
        }
        let groups = firsts.len();
        let mut new_idx = vec![0i64; sd * groups];
        for (g, &p) in firsts.iter().enumerate() {
            for d in 0..sd {
                new_idx[d * groups + g] = idx[d * nnz + p];
            }
        }
        let block = block_size(self);
        let device = self.device();
        let mut value_sizes: Vec<usize> = self.raw_values().sizes().into();
        value_sizes[0] = groups;
        let values = crate::dispatch_dtype!(self.dtype(), T => {
            let v = host_values::<T>(self.raw_values())?;
            let mut out = vec![T::default(); groups * block];
            let mut seen = vec![false; groups];
            for (&p, &g) in order.iter().zip(&group_of) {
                let g = g as usize;
                let (dst, src) = (&mut out[g * block..(g + 1) * block], &v[p * block..(p + 1) * block]);
                if seen[g] {
                    for (d, &s) in dst.iter_mut().zip(src) {
                        *d = T::acc(*d, s);
                    }
                } else {
                    dst.copy_from_slice(src);
                    seen[g] = true;
                }
            }
            tensor_on(out, &value_sizes, device)?
        });
        let indices = tensor_on(new_idx, &[sd, groups], device)?;
        Ok(SparseCooTensor::from_parts(indices, values, self.sizes().into(), true))
    }

    /// The dense equivalent (`to_dense()`): zeros with every specified value added at its coordinate
    /// (duplicates summed in order, in the values' dtype).
    pub fn to_dense(&self) -> Result<Tensor> {
        let dtype = self.dtype();
        self.to_dense_as(dtype)
    }

    /// The dense equivalent in `dtype`: the values are converted first, then accumulated.
    pub(crate) fn to_dense_as(&self, dtype: DType) -> Result<Tensor> {
        let device = self.device();
        if device.is_meta() {
            return crate::zeros(self.sizes(), (dtype, device));
        }
        require_data(self)?;
        check_in_bounds(self)?;
        let nnz = self.nnz();
        let sd = self.sparse_dim();
        let block = block_size(self);
        let idx = host_indices(self.raw_indices())?;
        let strides = shape::contiguous_strides(&self.sizes()[..sd]);
        let values = self.raw_values().to_dtype(dtype)?;
        let numel = self.numel();
        crate::dispatch_dtype!(dtype, T => {
            let v = host_values::<T>(&values)?;
            // fallible: a dense tensor beyond memory is PyTorch's allocation error, not an abort
            let mut out: Vec<T> = crate::backend::cpu::try_filled_vec(numel)?;
            for k in 0..nnz {
                let row: usize = (0..sd).map(|d| idx[d * nnz + k] as usize * strides[d]).sum();
                let dst = &mut out[row * block..(row + 1) * block];
                for (d, &s) in dst.iter_mut().zip(&v[k * block..(k + 1) * block]) {
                    *d = T::acc(*d, s);
                }
            }
            tensor_on(out, self.sizes(), device)
        })
    }
}

/// Refuses coordinates outside the tensor's sizes before they index dense memory (PyTorch's invariant check
/// messages; PyTorch itself reads out of bounds there).
pub(crate) fn check_in_bounds(s: &SparseCooTensor) -> Result<()> {
    let nnz = s.nnz();
    let idx = host_indices(s.raw_indices())?;
    for d in 0..s.sparse_dim() {
        let row = &idx[d * nnz..(d + 1) * nnz];
        let size = s.sizes()[d];
        if let Some(&min) = row.iter().min() {
            if min < 0 {
                return Err(Error::Runtime(format!("found negative index {min} for dim {d}")));
            }
        }
        if let Some(&max) = row.iter().max() {
            if max >= size as i64 {
                return Err(Error::Runtime(format!(
                    "size is inconsistent with indices: for dim {d}, size is {size} but found index {max}"
                )));
            }
        }
    }
    Ok(())
}
