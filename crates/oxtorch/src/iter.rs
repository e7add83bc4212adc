//! The elementwise iterator (PyTorch's TensorIterator): the one place that decides, for an operation over an
//! output and some inputs, the broadcast shape, the output's shape check, overlap checks, and the order and
//! coalescing of dimensions the kernels loop over. Kernels only follow the [`Plan`] it produces.

use crate::error::{runtime_err, Result};
use crate::shape::{self, Dims};
use crate::tensor::Tensor;
use smallvec::SmallVec;

/// PyTorch's message for writing into a tensor whose elements overlap.
pub const INTERNAL_OVERLAP_MSG: &str = "unsupported operation: more than one element of the written-to tensor refers to a single memory location. Please clone() the tensor before performing the operation.";
/// PyTorch's message for an input that partially overlaps the output.
pub const PARTIAL_OVERLAP_MSG: &str = "unsupported operation: some elements of the input tensor and the written-to tensor refer to a single memory location. Please clone() the tensor before performing the operation.";

/// How two views of memory relate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Overlap {
    /// They share no element.
    No,
    /// They cover exactly the same dense range.
    Full,
    /// They share some elements but not all.
    Partial,
    /// Cannot tell cheaply (a non-dense view).
    TooHard,
}

/// Whether a tensor's elements overlap each other (PyTorch's `has_internal_overlap`): `Some(true)` for an
/// expanded tensor, `Some(false)` for a dense one, `None` when it cannot tell.
pub fn has_internal_overlap(t: &Tensor) -> Option<bool> {
    if shape::is_non_overlapping_and_dense(t.sizes(), t.strides()) {
        return Some(false);
    }
    if t.sizes().iter().zip(t.strides()).any(|(&sz, &st)| st == 0 && sz > 1) {
        return Some(true);
    }
    None
}

/// Refuses to write into a tensor whose elements overlap.
pub fn assert_no_internal_overlap(t: &Tensor) -> Result<()> {
    if has_internal_overlap(t) == Some(true) {
        runtime_err!("{INTERNAL_OVERLAP_MSG}")
    }
    Ok(())
}

/// How the memory of `a` and `b` relates (PyTorch's `get_overlap_status`).
pub fn overlap(a: &Tensor, b: &Tensor) -> Overlap {
    if a.numel() == 0 || b.numel() == 0 || !a.storage().same(b.storage()) {
        return Overlap::No;
    }
    let dense = |t: &Tensor| shape::is_non_overlapping_and_dense(t.sizes(), t.strides());
    if !dense(a) || !dense(b) {
        return Overlap::TooHard;
    }
    let (a0, a1) = (a.storage_offset(), a.storage_offset() + a.numel());
    let (b0, b1) = (b.storage_offset(), b.storage_offset() + b.numel());
    if a0 == b0 && a1 == b1 {
        Overlap::Full
    } else if a0 < b1 && b0 < a1 {
        Overlap::Partial
    } else {
        Overlap::No
    }
}

/// Refuses an input that partially overlaps the output.
pub fn assert_no_partial_overlap(output: &Tensor, input: &Tensor) -> Result<()> {
    if overlap(output, input) == Overlap::Partial {
        runtime_err!("{PARTIAL_OVERLAP_MSG}")
    }
    Ok(())
}

/// The loop an elementwise kernel runs: operands already broadcast to one shape, dimensions reordered
/// innermost-first and coalesced. Operand 0 is the output.
#[derive(Debug, Clone)]
pub struct Plan {
    /// Iteration sizes, innermost dimension first.
    pub sizes: Dims,
    /// Per operand, its element strides for each entry of `sizes`.
    pub strides: SmallVec<[Dims; 3]>,
    /// Per operand, its storage offset.
    pub offsets: SmallVec<[usize; 3]>,
}

impl Plan {
    /// Plans a loop over tensors that all have the same sizes (the output first).
    pub fn new(operands: &[&Tensor]) -> Plan {
        let strides: SmallVec<[&[usize]; 3]> = operands.iter().map(|t| t.strides()).collect();
        let offsets: SmallVec<[usize; 3]> = operands.iter().map(|t| t.storage_offset()).collect();
        Plan::from_geometry(operands[0].sizes(), &strides, &offsets)
    }

    /// Plans a loop over operands of one shape given by their strides and offsets (the output first).
    pub fn from_geometry(sizes: &[usize], all_strides: &[&[usize]], offsets: &[usize]) -> Plan {
        let perm = shape::stride_order(sizes, all_strides);
        // drop size-1 dimensions, then merge neighbours that are contiguous for every operand
        let mut out_sizes: Dims = SmallVec::new();
        let mut out_strides: SmallVec<[Dims; 3]> = SmallVec::from_elem(SmallVec::new(), all_strides.len());
        for &d in perm.iter() {
            if sizes[d] == 1 {
                continue;
            }
            let mergeable = out_sizes.last().is_some_and(|&prev_size| {
                all_strides.iter().zip(&out_strides).all(|(s, o)| o.last().map(|&ps| ps * prev_size) == Some(s[d]))
            });
            if mergeable {
                if let Some(last) = out_sizes.last_mut() {
                    *last *= sizes[d];
                }
            } else {
                out_sizes.push(sizes[d]);
                for (o, s) in out_strides.iter_mut().zip(all_strides) {
                    o.push(s[d]);
                }
            }
        }
        if out_sizes.is_empty() {
            out_sizes.push(if sizes.contains(&0) { 0 } else { 1 });
            for o in out_strides.iter_mut() {
                o.push(0);
            }
        }
        Plan { sizes: out_sizes, strides: out_strides, offsets: offsets.iter().copied().collect() }
    }

    /// Total number of elements.
    pub fn numel(&self) -> usize {
        self.sizes.iter().product()
    }

    /// The innermost stride of operand `k`.
    pub fn inner_stride(&self, k: usize) -> usize {
        self.strides[k][0]
    }

    /// Calls `f(offsets, len)` for every run of the innermost dimension, with each operand's starting offset.
    pub fn for_each_run(&self, f: impl FnMut(&[usize], usize)) {
        self.for_each_run_in(0, self.numel(), 0, f)
    }

    /// Whether the output (operand 0) is laid out densely in iteration order, so that any range of iteration
    /// indices is one contiguous range of output memory.
    pub fn output_is_linear(&self) -> bool {
        let mut expected = 1;
        for (&size, &stride) in self.sizes.iter().zip(&self.strides[0]) {
            if size > 1 && stride != expected {
                return false;
            }
            expected *= size;
        }
        true
    }

    /// Like [`Plan::for_each_run`] for the iteration indices `start..end` only, with operand 0's offsets reduced
    /// by `out_base` (so that they index a slice of the output that starts at `out_base`).
    pub fn for_each_run_in(&self, start: usize, end: usize, out_base: usize, mut f: impl FnMut(&[usize], usize)) {
        let end = end.min(self.numel());
        if start >= end {
            return;
        }
        let n = self.offsets.len();
        let inner = self.sizes[0];
        let outer_dims = &self.sizes[1..];
        // the multi-index of `start`
        let mut counter: Dims = SmallVec::from_elem(0, outer_dims.len());
        let mut row = start / inner;
        for (d, c) in counter.iter_mut().enumerate() {
            *c = row % outer_dims[d];
            row /= outer_dims[d];
        }
        let mut offsets: SmallVec<[usize; 4]> = (0..n)
            .map(|k| {
                let outer: usize = counter.iter().enumerate().map(|(d, &c)| c * self.strides[k][d + 1]).sum();
                self.offsets[k] + outer
            })
            .collect();
        offsets[0] -= out_base;
        let mut inner_pos = start % inner;
        let mut remaining = end - start;
        loop {
            let len = (inner - inner_pos).min(remaining);
            if inner_pos == 0 {
                f(&offsets, len);
            } else {
                let shifted: SmallVec<[usize; 4]> =
                    offsets.iter().enumerate().map(|(k, &o)| o + inner_pos * self.strides[k][0]).collect();
                f(&shifted, len);
            }
            remaining -= len;
            if remaining == 0 {
                return;
            }
            inner_pos = 0;
            // advance the outer counter
            let mut d = 0;
            loop {
                if d == outer_dims.len() {
                    return;
                }
                counter[d] += 1;
                for (k, off) in offsets.iter_mut().enumerate() {
                    *off += self.strides[k][d + 1];
                }
                if counter[d] < outer_dims[d] {
                    break;
                }
                for (k, off) in offsets.iter_mut().enumerate() {
                    *off -= self.strides[k][d + 1] * outer_dims[d];
                }
                counter[d] = 0;
                d += 1;
            }
        }
    }

    /// Runs `work(out_chunk, start, end, out_base)` over the iteration: on disjoint chunks of the output in
    /// parallel when the work is large and the output is linear in iteration order, else once over everything.
    /// `out_chunk` is `out[out_base..]` restricted to the chunk; pass `out_base` to [`Plan::for_each_run_in`].
    pub fn for_chunks<T: Send>(&self, out: &mut [T], work: impl Fn(&mut [T], usize, usize, usize) + Sync) {
        let n = self.numel();
        let threads = crate::parallel::get_num_threads();
        if threads <= 1 || n < 2 * crate::parallel::GRAIN_SIZE || !self.output_is_linear() {
            work(out, 0, n, 0);
            return;
        }
        let chunks = (n / crate::parallel::GRAIN_SIZE).min(threads * 4);
        let base = self.offsets[0];
        let Some(region) = out.get_mut(base..base + n) else {
            work(out, 0, n, 0);
            return;
        };
        let mut tasks = Vec::with_capacity(chunks);
        let mut rest = region;
        let mut start = 0;
        for c in 0..chunks {
            let end = n * (c + 1) / chunks;
            let (head, tail) = rest.split_at_mut(end - start);
            tasks.push((head, start, end));
            rest = tail;
            start = end;
        }
        crate::parallel::run_tasks(tasks, |(chunk, s, e)| work(chunk, s, e, base + s));
    }
}

use crate::device::Device;
use crate::dtype::DType;
use crate::error::Error;
use crate::memory_format::MemoryFormat;
use crate::promotion::{self, can_cast, get_default_dtype};
use crate::scalar::Scalar;
use crate::shape::fmt_list;

/// An operand of an elementwise operation: a tensor, or a Python-style number.
#[derive(Clone, Debug)]
pub enum Operand {
    /// A tensor (dimensioned or zero-dim).
    Tensor(Tensor),
    /// A Python number, wrapped into a zero-dim CPU tensor that promotes only by category.
    Scalar(Scalar),
}

impl From<&Tensor> for Operand {
    fn from(t: &Tensor) -> Self {
        Operand::Tensor(t.clone())
    }
}

impl From<Tensor> for Operand {
    fn from(t: Tensor) -> Self {
        Operand::Tensor(t)
    }
}

macro_rules! operand_from_number {
    ($($t:ty),*) => {$(
        impl From<$t> for Operand {
            fn from(v: $t) -> Self { Operand::Scalar(Scalar::from(v)) }
        }
    )*};
}
operand_from_number!(
    bool,
    i8,
    i16,
    i32,
    i64,
    u8,
    u16,
    u32,
    f32,
    f64,
    Scalar,
    num_complex::Complex<f32>,
    num_complex::Complex<f64>
);

/// Where an elementwise result goes.
pub enum Output<'a> {
    /// A new tensor.
    New,
    /// Into the first input (`add_`).
    InPlace,
    /// Into a given tensor (`out=`): resized when it has no elements, refused when non-empty and mis-shaped.
    Out(&'a mut Tensor),
}

/// Everything a binary kernel needs, decided once.
pub struct BinaryIter {
    /// The output (new, the first input, or the `out=` tensor).
    pub output: Tensor,
    /// The first input as given; `None` when it is the output itself (in place).
    pub lhs: Option<Tensor>,
    /// The second input as given (kernels read a one-element second input directly).
    pub rhs: Tensor,
    /// The dtype the operation computes in.
    pub common_dtype: DType,
}

fn wrap(op: &Operand) -> Result<(Tensor, promotion::Operand)> {
    Ok(match op {
        Operand::Tensor(t) => {
            let kind = if t.dim() == 0 {
                promotion::Operand::ZeroDim(t.dtype())
            } else {
                promotion::Operand::Dimensioned(t.dtype())
            };
            (t.clone(), kind)
        }
        Operand::Scalar(s) => {
            let t = crate::tensor::factory::full(
                &[],
                *s,
                crate::tensor::TensorOptions::new().dtype(s.storage_dtype()).device(Device::cpu()),
            )?;
            (t, promotion::Operand::Scalar(*s))
        }
    })
}

/// The device an operation runs on: the first non-CPU device among its tensors (output included), checking that
/// every tensor is there, except zero-dim CPU inputs, which may join any device.
fn common_device(output: Option<&Tensor>, inputs: &[&Tensor]) -> Result<Device> {
    let all: Vec<(&Tensor, bool)> =
        output.map(|o| (o, true)).into_iter().chain(inputs.iter().map(|t| (*t, false))).collect();
    let device = all.iter().map(|(t, _)| t.device()).find(|d| !d.is_cpu()).unwrap_or(Device::cpu());
    for (t, is_output) in &all {
        let cpu_scalar = !is_output && t.dim() == 0 && t.device().is_cpu();
        if t.device() != device && (device.is_cpu() || !cpu_scalar) {
            runtime_err!(
                "Expected all tensors to be on the same device, but found at least two devices, {device} and {}!",
                t.device()
            )
        }
    }
    Ok(device)
}

/// Strides for a new output of `shape`, following its inputs' memory order as TensorIterator does: contiguous
/// when every input is, channels-last when every input is, the inputs' strides when they are all the same dense
/// strides, else dense strides in the order the inputs' strides suggest.
pub fn output_strides(shape: &[usize], inputs: &[&Tensor]) -> Dims {
    let same_shape = inputs.iter().all(|t| t.sizes() == shape);
    if same_shape {
        if inputs.iter().all(|t| t.is_contiguous()) {
            return shape::contiguous_strides(shape);
        }
        for format in [MemoryFormat::ChannelsLast, MemoryFormat::ChannelsLast3d] {
            if inputs.iter().all(|t| t.is_contiguous_in(format)) {
                if let Ok(strides) = format.strides_for(shape) {
                    return strides;
                }
            }
        }
        let first = inputs[0].strides();
        if inputs.iter().all(|t| t.is_non_overlapping_and_dense() && t.strides() == first) {
            return first.into();
        }
    }
    let expanded: SmallVec<[Dims; 2]> = inputs.iter().map(|t| broadcast_strides(t, shape)).collect();
    let views: SmallVec<[&[usize]; 2]> = expanded.iter().map(|s| s.as_slice()).collect();
    let perm = shape::stride_order(shape, &views);
    let mut strides: Dims = SmallVec::from_elem(0, shape.len());
    let mut next = 1;
    for &d in perm.iter() {
        strides[d] = next;
        next = next.saturating_mul(shape[d]);
    }
    strides
}

/// The dtype an operation computes in: the common dtype, except that true division (`int_to_float`) of integers
/// or bools computes in the default dtype.
fn computation_dtype(common: DType, int_to_float: bool) -> DType {
    if int_to_float && common.is_integral(true) {
        get_default_dtype()
    } else {
        common
    }
}

/// A tensor's strides once broadcast to `shape` (0 along broadcast dimensions).
fn broadcast_strides(t: &Tensor, shape: &[usize]) -> Dims {
    let lead = shape.len() - t.dim();
    (0..shape.len())
        .map(|i| if i < lead || (t.sizes()[i - lead] == 1 && shape[i] != 1) { 0 } else { t.strides()[i - lead] })
        .collect()
}

impl BinaryIter {
    /// Decides an elementwise binary operation. `int_to_float` promotes an integral (or bool) common dtype to
    /// the default dtype (true division).
    pub fn build(lhs: &Operand, rhs: &Operand, output: Output<'_>, int_to_float: bool) -> Result<BinaryIter> {
        if let (Operand::Tensor(a), Operand::Tensor(b), Output::New) = (lhs, rhs, &output) {
            if let Some(fast) = Self::fast_setup(a, b, int_to_float)? {
                return Ok(fast);
            }
        }
        let (a, a_kind) = wrap(lhs)?;
        let (b, b_kind) = wrap(rhs)?;
        let given: Option<Tensor> = match &output {
            Output::New => None,
            Output::InPlace => Some(a.clone()),
            Output::Out(t) => Some((**t).clone()),
        };
        // overlap checks come first, as in TensorIterator
        if let Some(out) = &given {
            if !matches!(output, Output::Out(_)) || out.numel() > 0 {
                assert_no_internal_overlap(out)?;
                for input in [&a, &b] {
                    if !(matches!(output, Output::InPlace) && input.is_same(out)) {
                        assert_no_partial_overlap(out, input)?;
                    }
                }
            }
        }
        let shape = shape::broadcast_shapes(a.sizes(), b.sizes())?;
        let resize = match (&output, &given) {
            (Output::Out(_), Some(out)) if out.sizes() != shape.as_slice() => {
                if out.numel() != 0 {
                    runtime_err!(
                        "output with shape {} doesn't match the broadcast shape {}",
                        fmt_list(out.sizes()),
                        fmt_list(&shape)
                    )
                }
                true
            }
            (Output::InPlace, Some(out)) if out.sizes() != shape.as_slice() => {
                runtime_err!(
                    "output with shape {} doesn't match the broadcast shape {}",
                    fmt_list(out.sizes()),
                    fmt_list(&shape)
                )
            }
            _ => false,
        };
        let common = computation_dtype(promotion::result_type(&[a_kind, b_kind])?, int_to_float);
        let device = common_device(given.as_ref(), &[&a, &b])?;
        if let Some(out) = &given {
            if !can_cast(common, out.dtype()) {
                return Err(Error::Runtime(format!(
                    "result type {} can't be cast to the desired output type {}",
                    common.scalar_type_name(),
                    out.dtype().scalar_type_name()
                )));
            }
        }
        let new_output = |dtype: DType| -> Result<Tensor> {
            let strides = output_strides(&shape, &[&a, &b]);
            crate::tensor::factory::empty_strided(
                &shape,
                &strides,
                crate::tensor::TensorOptions::new().dtype(dtype).device(device),
            )
        };
        let out_tensor = match (output, given) {
            (Output::New, _) => new_output(common)?,
            (Output::Out(slot), Some(out)) => {
                if resize {
                    *slot = new_output(out.dtype())?;
                    slot.clone()
                } else {
                    out
                }
            }
            (_, Some(out)) => out,
            (_, None) => new_output(common)?,
        };
        let lhs = if a.is_same(&out_tensor) { None } else { Some(a) };
        Ok(BinaryIter { lhs, rhs: b, output: out_tensor, common_dtype: common })
    }

    /// TensorIterator's fast setup for the commonest case: a new output from two contiguous CPU tensors of the
    /// same shape and dtype. Then nothing broadcasts, the common dtype is theirs (or the default dtype for true
    /// division of integers), the output is contiguous, and no overlap is possible. None: take the general path.
    fn fast_setup(a: &Tensor, b: &Tensor, int_to_float: bool) -> Result<Option<BinaryIter>> {
        let fits = a.sizes() == b.sizes()
            && a.dtype() == b.dtype()
            && a.device().is_cpu()
            && b.device().is_cpu()
            && a.is_contiguous()
            && b.is_contiguous();
        if !fits {
            return Ok(None);
        }
        let common = computation_dtype(a.dtype(), int_to_float);
        let output = crate::tensor::factory::empty_strided(
            a.sizes(),
            &shape::contiguous_strides(a.sizes()),
            crate::tensor::TensorOptions::new().dtype(common).device(Device::cpu()),
        )?;
        Ok(Some(BinaryIter { lhs: Some(a.clone()), rhs: b.clone(), output, common_dtype: common }))
    }

    /// Whether the operation has data to compute (false on the meta device).
    pub fn has_data(&self) -> bool {
        self.output.storage().has_data()
    }

    /// Replaces inputs that share memory with the output by private copies, so that the kernel reads and writes
    /// distinct storages (an in-place first input that is exactly the output stays: kernels read it in place).
    pub fn separate_inputs(&mut self) -> Result<()> {
        if let Some(l) = &self.lhs {
            if l.is_alias_of(&self.output) {
                self.lhs = Some(l.clone_in(MemoryFormat::Contiguous)?);
            }
        }
        if self.rhs.is_alias_of(&self.output) {
            self.rhs = self.rhs.clone_in(MemoryFormat::Contiguous)?;
        }
        Ok(())
    }

    /// The loop plan over output, first input (the output itself when in place) and second input.
    pub fn plan(&self) -> Plan {
        let shape = self.output.sizes();
        let lhs = self.lhs.as_ref().unwrap_or(&self.output);
        if self.rhs.sizes() == shape
            && lhs.sizes() == shape
            && [&self.output, lhs, &self.rhs].iter().all(|t| t.is_contiguous())
        {
            // everything contiguous and of one shape: one flat loop
            let n = self.output.numel();
            return Plan {
                sizes: smallvec::smallvec![n],
                strides: smallvec::smallvec![smallvec::smallvec![1]; 3],
                offsets: smallvec::smallvec![
                    self.output.storage_offset(),
                    lhs.storage_offset(),
                    self.rhs.storage_offset()
                ],
            };
        }
        let lhs = self.lhs.as_ref().unwrap_or(&self.output);
        let (ls, rs) = (broadcast_strides(lhs, shape), broadcast_strides(&self.rhs, shape));
        let offsets = [self.output.storage_offset(), lhs.storage_offset(), self.rhs.storage_offset()];
        Plan::from_geometry(shape, &[self.output.strides(), &ls, &rs], &offsets)
    }
}
