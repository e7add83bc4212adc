//! The CUDA backend's operations: a binary kernel, a casting copy and a fill are each one generated kernel (see
//! `source.rs`, with the arithmetic of `formulas.rs`) over the iterator's plan; transfers and reads are driver
//! copies.

use super::driver::{driver_error, Device};
use super::formulas::{self, Formula, Values};
use super::memory::CudaStorage;
use super::source::{
    KernelInput, KernelSpec, LoopShape, ParamBlock, BLOCK, INPUT_NAMES, MAX_DIMS, STRIDE_NAMES, TILE, TILE_ROWS,
};
use crate::backend::cpu::{self, CpuBuffer, CpuElement};
use crate::backend::{Arg, BinaryCall, Buffer, TernaryCall, UnaryCall};
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::iter::Plan;
use crate::scalar::Scalar;
use crate::storage::Storage;
use cudarc::driver::result;
use std::sync::Arc;

/// The CUDA part of a storage, or an internal error.
fn cuda_part(storage: &Storage) -> Result<&CudaStorage> {
    match storage.buffer() {
        Buffer::Cuda(c) => Ok(c),
        _ => Err(Error::Runtime(format!("internal error: a CUDA kernel was given a storage on {}", storage.device()))),
    }
}

/// A kernel launch, fully decided: the kernel, its parameter block, and the grid. Building one touches no GPU,
/// so the tests can check it (and run its kernel as host C++) on any machine.
#[derive(Clone, Debug)]
pub struct Launch {
    /// The generated kernel.
    pub spec: KernelSpec,
    /// Its parameter block, as the kernel reads it.
    pub params: Vec<u8>,
    /// Blocks per grid dimension.
    pub grid: (u32, u32, u32),
    /// Threads per block dimension.
    pub block: (u32, u32, u32),
}

/// The address of a storage's first element, as a launch records it (a device address on a GPU; any address
/// with the same alignment in the tests).
pub type AddressOf<'f> = &'f dyn Fn(&Storage) -> u64;

/// Decides the launch of a binary arithmetic kernel; `None` when there is nothing to compute.
pub fn describe_binary(call: &BinaryCall<'_>, address: AddressOf<'_>) -> Result<Option<Launch>> {
    let values = match (call.lhs, call.rhs) {
        (Arg::Value(v), _) => Values::Lhs(v),
        (_, Arg::Value(v)) => Values::Rhs(v),
        _ => Values::None,
    };
    let formula = formulas::binary(call.op, call.dtype, values)?;
    let ((ka, sa), (kb, sb)) = (kernel_input(call.lhs), kernel_input(call.rhs));
    describe(call.plan, call.out, call.dtype, &[ka, kb], &[sa, sb], formula, false, address)
}

/// Decides the launch of a unary kernel; `None` when there is nothing to compute.
pub fn describe_unary(call: &UnaryCall<'_>, address: AddressOf<'_>) -> Result<Option<Launch>> {
    let formula = formulas::unary(call.op, call.parameters, call.dtype)?;
    let (ka, sa) = kernel_input(call.input);
    describe(call.plan, call.out, call.dtype, &[ka, KernelInput::Absent], &[sa, None], formula, false, address)
}

/// Decides the launch of a kernel of two or three inputs (`where`, the clamps, `addcmul`, `addcdiv`, `lerp`);
/// `None` when there is nothing to compute.
pub fn describe_ternary(call: &TernaryCall<'_>, address: AddressOf<'_>) -> Result<Option<Launch>> {
    let values: Vec<Option<Scalar>> = call
        .inputs
        .iter()
        .map(|arg| match arg {
            Arg::Value(v) => Some(*v),
            _ => None,
        })
        .collect();
    let formula = formulas::ternary(call.op, call.dtype, &values, call.captured_values, call.parameter)?;
    let (kinds, storages): (Vec<KernelInput>, Vec<Option<&Storage>>) =
        call.inputs.iter().map(|&arg| kernel_input(arg)).unzip();
    describe(call.plan, call.out, call.dtype, &kinds, &storages, formula, false, address)
}

/// How a binary kernel reads one argument, and the storage behind it.
fn kernel_input(arg: Arg<'_>) -> (KernelInput, Option<&Storage>) {
    match arg {
        Arg::Storage(s) => (KernelInput::Tensor(s.dtype()), Some(s)),
        Arg::Output => (KernelInput::Output, None),
        Arg::Value(_) => (KernelInput::Absent, None),
    }
}

/// Decides the launch of a casting copy of `src` into `dst` along `plan`.
pub fn describe_copy(plan: &Plan, dst: &Storage, src: &Storage, address: AddressOf<'_>) -> Result<Option<Launch>> {
    let inputs = [KernelInput::Tensor(src.dtype()), KernelInput::Absent];
    describe(plan, dst, dst.dtype(), &inputs, &[Some(src), None], formulas::copy(dst.dtype()), true, address)
}

/// Decides the launch of a fill of `dst` with `value` along `plan`.
pub fn describe_fill(plan: &Plan, dst: &Storage, value: Scalar, address: AddressOf<'_>) -> Result<Option<Launch>> {
    let formula = formulas::fill(value, dst.dtype());
    describe(plan, dst, dst.dtype(), &[KernelInput::Absent; 2], &[None, None], formula, false, address)
}

/// The device address of a CUDA storage (0 for any other: the iterator never mixes them into a kernel).
fn device_address(storage: &Storage) -> u64 {
    cuda_part(storage).map_or(0, CudaStorage::address)
}

/// Checks that every storage of a kernel is on the output's device, then launches it.
fn run(launch: Option<Launch>, out: &Storage, inputs: &[Option<&Storage>]) -> Result<()> {
    let dev: &Arc<Device> = cuda_part(out)?.device();
    for s in inputs.iter().flatten() {
        if !Arc::ptr_eq(cuda_part(s)?.device(), dev) {
            return Err(Error::Runtime("internal error: a CUDA kernel operand on another device".into()));
        }
    }
    dev.bind()?;
    match launch {
        Some(l) => super::launch::launch(dev, &l.spec, &l.params, l.grid, l.block),
        None => Ok(()),
    }
}

/// Runs a binary arithmetic kernel (see [`crate::backend::binary`]).
pub(crate) fn binary(call: &BinaryCall<'_>) -> Result<()> {
    let launch = describe_binary(call, &device_address)?;
    let inputs = [kernel_input(call.lhs).1, kernel_input(call.rhs).1];
    run(launch, call.out, &inputs)
}

/// Runs a unary kernel (see [`crate::backend::unary`]).
pub(crate) fn unary(call: &UnaryCall<'_>) -> Result<()> {
    let launch = describe_unary(call, &device_address)?;
    run(launch, call.out, &[kernel_input(call.input).1])
}

/// Runs a kernel of two or three inputs (see [`crate::backend::ternary`]).
pub(crate) fn ternary(call: &TernaryCall<'_>) -> Result<()> {
    let launch = describe_ternary(call, &device_address)?;
    let inputs: Vec<Option<&Storage>> = call.inputs.iter().map(|&arg| kernel_input(arg).1).collect();
    run(launch, call.out, &inputs)
}

/// Copies `src` into `dst` along `plan`, converting each element (see [`crate::backend::copy`]).
pub(crate) fn copy(plan: &Plan, dst: &Storage, src: &Storage) -> Result<()> {
    run(describe_copy(plan, dst, src, &device_address)?, dst, &[Some(src)])
}

/// Writes `value` into every element `plan` visits (see [`crate::backend::fill`]).
pub(crate) fn fill(plan: &Plan, dst: &Storage, value: Scalar) -> Result<()> {
    run(describe_fill(plan, dst, value, &device_address)?, dst, &[])
}

/// Whether every offset a plan operand reaches fits 31 bits (the narrow index path).
fn fits_narrow(plan: &Plan) -> bool {
    let limit = i32::MAX as usize;
    plan.numel() <= limit
        && plan.strides.iter().all(|strides| {
            plan.sizes.iter().zip(strides).map(|(&n, &s)| n.saturating_sub(1).saturating_mul(s)).sum::<usize>() <= limit
        })
}

/// Picks the loop: contiguous (vectorized when every address is aligned), a tiled transpose for copies that
/// need one, or strided.
fn loop_shape(
    plan: &Plan,
    inputs: &[KernelInput],
    addresses: &[(u64, usize)],
    transpose_ok: bool,
) -> Result<LoopShape> {
    let tensor_operands = std::iter::once(0)
        .chain((0..inputs.len()).filter(|&k| matches!(inputs[k], KernelInput::Tensor(_))).map(|k| k + 1));
    if tensor_operands.clone().all(|k| plan.is_contiguous(k)) {
        let widest = addresses.iter().map(|&(_, size)| size).max().unwrap_or(1);
        let vec = (16 / widest).max(1) as u64;
        let aligned = addresses.iter().all(|&(addr, size)| addr % (vec * size as u64) == 0);
        return Ok(LoopShape::Contiguous { vec: if aligned { vec as u32 } else { 1 } });
    }
    let rank = plan.sizes.len();
    if rank > MAX_DIMS {
        return Err(Error::Runtime(format!(
            "CUDA kernels support tensors of at most {MAX_DIMS} dimensions after merging"
        )));
    }
    let outer: usize = plan.sizes[2.min(rank)..].iter().product();
    let transposing = transpose_ok
        && rank >= 2
        && plan.sizes[0] >= TILE as usize
        && plan.sizes[1] >= TILE as usize
        && plan.output_is_linear()
        && plan.strides[1][1] < plan.strides[1][0]
        && plan.sizes[1].div_ceil(TILE as usize) <= 65535
        && outer <= 65535;
    if transposing {
        return Ok(LoopShape::Transpose { rank });
    }
    Ok(LoopShape::Strided { rank, narrow: fits_narrow(plan) })
}

/// Generates one elementwise kernel and fills in its parameters: operand 0 of `plan` is `out`, operands 1, 2 (and
/// 3) the inputs (absent ones carry no pointer).
#[allow(clippy::too_many_arguments)]
fn describe(
    plan: &Plan,
    out: &Storage,
    compute: DType,
    inputs: &[KernelInput],
    operands: &[Option<&Storage>],
    formula: Formula,
    transpose_ok: bool,
    address_of: AddressOf<'_>,
) -> Result<Option<Launch>> {
    let n = plan.numel();
    if n == 0 {
        return Ok(None);
    }
    let address = |storage: &Storage, offset: usize| -> (u64, usize) {
        let size = storage.dtype().itemsize();
        (address_of(storage) + (offset * size) as u64, size)
    };
    let mut addresses = vec![address(out, plan.offsets[0])];
    for (k, operand) in operands.iter().enumerate() {
        if let Some(s) = operand {
            addresses.push(address(s, plan.offsets[k + 1]));
        }
    }
    let shape = loop_shape(plan, inputs, &addresses, transpose_ok)?;
    let spec = KernelSpec {
        op: formula.name,
        out: out.dtype(),
        compute,
        result: formula.result,
        inputs: inputs.to_vec(),
        condition: formula.condition,
        values: formula.values.iter().map(|(p, _)| p.clone()).collect(),
        body: formula.body,
        shape,
    };
    let layout = spec.params();
    let mut params = ParamBlock::new(&layout);
    params.set_i64("n", 0, n as i64);
    params.set_u64("out", addresses[0].0);
    let mut next = addresses.iter().skip(1);
    for (k, name) in INPUT_NAMES.into_iter().enumerate().take(operands.len()) {
        if operands[k].is_some() {
            if let Some(&(addr, _)) = next.next() {
                params.set_u64(name, addr);
            }
        }
    }
    for (p, bytes) in &formula.values {
        params.set(p.name, 0, bytes);
    }
    for (d, &size) in plan.sizes.iter().enumerate() {
        params.set_i64("sizes", d, size as i64);
        params.set_i64("so", d, plan.strides[0][d] as i64);
        for (k, name) in STRIDE_NAMES.into_iter().enumerate() {
            params.set_i64(name, d, plan.strides.get(k + 1).and_then(|s| s.get(d)).copied().unwrap_or(0) as i64);
        }
    }
    let (grid, block) = match shape {
        LoopShape::Contiguous { vec } => {
            let per_block = BLOCK as usize * vec as usize;
            (grid_x(n.div_ceil(per_block))?, (BLOCK, 1, 1))
        }
        LoopShape::Strided { .. } => (grid_x(n.div_ceil(BLOCK as usize))?, (BLOCK, 1, 1)),
        LoopShape::Transpose { .. } => {
            let tiles = |d: usize| plan.sizes[d].div_ceil(TILE as usize) as u32;
            let outer: usize = plan.sizes[2..].iter().product();
            ((tiles(0), tiles(1), outer as u32), (TILE, TILE_ROWS, 1))
        }
    };
    let params = params.bytes;
    Ok(Some(Launch { spec, params, grid, block }))
}

/// A one-dimensional grid of `blocks` blocks.
fn grid_x(blocks: usize) -> Result<(u32, u32, u32)> {
    let x = u32::try_from(blocks)
        .ok()
        .filter(|&x| x <= i32::MAX as u32)
        .ok_or_else(|| Error::Runtime("a CUDA kernel over more than 2^31 blocks is not supported".into()))?;
    Ok((x, 1, 1))
}

/// Copies `len` contiguous elements between storages of one dtype where at least one is on a GPU (see
/// [`crate::backend::transfer`]). Copies between two GPUs go through the host.
pub(crate) fn transfer(dst: &Storage, dst_offset: usize, src: &Storage, src_offset: usize, len: usize) -> Result<()> {
    if len == 0 {
        return Ok(());
    }
    let size = dst.dtype().itemsize();
    match (dst.buffer(), src.buffer()) {
        (Buffer::Cuda(d), Buffer::Cpu(_)) => {
            d.device().bind()?;
            let target = d.address() + (dst_offset * size) as u64;
            crate::dispatch_dtype!(src.dtype(), T => cpu::with_slice::<T, _>(src, |s| {
                let part = &s[src_offset..src_offset + len];
                // SAFETY: `target` is within `d`'s allocation (the caller's offsets are in bounds), the device's
                // context is current, and `part` stays borrowed (the CPU storage's lock held) for the whole
                // synchronous copy, which also waits for earlier work on the legacy default stream.
                unsafe { result::memcpy_htod_sync(target, part) }.map_err(driver_error)
            })?)
        }
        (Buffer::Cpu(_), Buffer::Cuda(s)) => {
            let host = read_device(s, src.dtype(), src_offset, len)?;
            crate::dispatch_dtype!(dst.dtype(), T => {
                let values = T::into_vec(host).ok_or_else(|| Error::Runtime("internal error: dtype mismatch".into()))?;
                cpu::with_slice_mut::<T, _>(dst, |d| d[dst_offset..dst_offset + len].copy_from_slice(&values))
            })
        }
        (Buffer::Cuda(d), Buffer::Cuda(s)) if Arc::ptr_eq(d.device(), s.device()) => {
            d.device().bind()?;
            // SAFETY: both ranges lie within live allocations of this device (offsets in bounds), the context is
            // current, and the copy is ordered on the device's stream with the work that produces and uses them.
            unsafe {
                result::memcpy_dtod_async(
                    d.address() + (dst_offset * size) as u64,
                    s.address() + (src_offset * size) as u64,
                    len * size,
                    d.device().stream.cu_stream(),
                )
            }
            .map_err(driver_error)
        }
        (Buffer::Cuda(_), Buffer::Cuda(s)) => {
            let staged = Storage::from_cpu_buffer(read_device(s, src.dtype(), src_offset, len)?);
            transfer(dst, dst_offset, &staged, 0, len)
        }
        _ => Err(Error::Runtime("internal error: a CUDA transfer between non-CUDA storages".into())),
    }
}

/// The `len` elements of a CUDA storage from `offset`, in host memory (see [`crate::backend::read`]).
pub(crate) fn read(storage: &Storage, offset: usize, len: usize) -> Result<CpuBuffer> {
    read_device(cuda_part(storage)?, storage.dtype(), offset, len)
}

/// Copies `len` elements of `dtype` from device memory into a new host buffer (waiting for the work before it).
fn read_device(s: &CudaStorage, dtype: DType, offset: usize, len: usize) -> Result<CpuBuffer> {
    s.device().bind()?;
    let source = s.address() + (offset * dtype.itemsize()) as u64;
    if dtype == DType::Bool {
        // read bytes, not `bool`s: only 0 and 1 are valid bools, and the memory is not checked
        let bytes: Vec<u8> = read_vec(source, len)?;
        return Ok(bool::into_buffer(bytes.into_iter().map(|b| b != 0).collect()));
    }
    crate::dispatch_dtype!(dtype, T => Ok(T::into_buffer(read_vec::<T>(source, len)?)))
}

/// `len` elements of `T` copied from a device address. `T` is a plain number type (every bit pattern valid).
fn read_vec<T: Default + Clone>(source: u64, len: usize) -> Result<Vec<T>> {
    let mut values = vec![T::default(); len];
    // SAFETY: `source` addresses `len` elements within a live allocation of the current context's device;
    // `values` is a host buffer of exactly that many elements, every bit pattern of which is a valid `T`
    // (bools are read as bytes by the caller); the copy is synchronous and waits for earlier work.
    unsafe { result::memcpy_dtoh_sync(&mut values, source) }.map_err(driver_error)?;
    Ok(values)
}
