//! Backends: where a storage's memory lives and which loops run on it. One module per device kind, each behind
//! the same small interface:
//!
//! * [`allocate`]: memory for `len` elements of a dtype on a device;
//! * [`binary`]: an arithmetic operation along a [`Plan`] (output, first input, second input);
//! * [`copy`]: a casting copy between two storages of one device, along a plan;
//! * [`fill`]: one value into every element a plan visits;
//! * [`transfer`]: contiguous elements of one dtype between any two storages (across devices);
//! * [`read`]: contiguous elements into host memory.
//!
//! Semantics are decided above (in `iter` and `tensor`); a backend only decides how to compute what it is given,
//! plus the few places where PyTorch's results depend on the device (a CPU integer division by zero is an error,
//! a CUDA one is not; CUDA divides by a CPU scalar through its reciprocal). These live in the backend that has
//! them. Device availability ([`ensure_available`]) and index resolution ([`resolve_device`]) live here too.

pub mod cpu;
#[cfg(feature = "cuda")]
pub mod cuda;
#[cfg(not(feature = "cuda"))]
#[path = "cuda_stub.rs"]
pub mod cuda;
pub mod meta;

use crate::device::{Device, DeviceType};
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::iter::Plan;
use crate::op::{BinaryOp, TernaryOp, UnaryOp};
use crate::scalar::Scalar;
use crate::storage::Storage;

/// The memory of one storage, by device kind.
#[derive(Debug)]
pub enum Buffer {
    /// Host memory (see [`cpu`]).
    Cpu(cpu::CpuStorage),
    /// GPU memory (see [`cuda`]).
    Cuda(cuda::CudaStorage),
    /// No memory: meta tensors have sizes and dtypes only.
    Meta,
}

/// One input of a kernel.
#[derive(Clone, Copy, Debug)]
pub enum Arg<'a> {
    /// The elements of a storage on the operation's device, laid out by the plan.
    Storage(&'a Storage),
    /// One value for every element, as its own kind holds it (a Python number, or a CPU scalar read on the host).
    Value(Scalar),
    /// The output itself (the first input of an in-place operation), read at the output's positions.
    Output,
}

/// A binary arithmetic kernel call: `out = op(lhs, rhs)` along `plan` (operands 0, 1, 2), computed in `dtype`'s
/// arithmetic (float32 for float16/bfloat16) and rounded to `dtype` before the output's dtype takes it.
#[derive(Clone, Copy, Debug)]
pub struct BinaryCall<'a> {
    /// The operation.
    pub op: BinaryOp,
    /// The common dtype.
    pub dtype: DType,
    /// The loop.
    pub plan: &'a Plan,
    /// The output's storage.
    pub out: &'a Storage,
    /// The first input.
    pub lhs: Arg<'a>,
    /// The second input.
    pub rhs: Arg<'a>,
}

/// A unary kernel call: `out = op(input)` along `plan` (operands 0, 1; operand 2 is unused, of stride 0), the
/// input read as `dtype` (the iterator's common dtype), whose arithmetic the formula runs in.
pub struct UnaryCall<'a> {
    /// The operation.
    pub op: UnaryOp,
    /// Its parameters (`round`'s decimals, `nan_to_num`'s replacements).
    pub parameters: crate::op::UnaryParameters,
    /// The dtype the input is read as.
    pub dtype: DType,
    /// The loop.
    pub plan: &'a Plan,
    /// The output's storage.
    pub out: &'a Storage,
    /// The input: a storage, or the output itself (in place).
    pub input: Arg<'a>,
}

/// A kernel call of two or three inputs (`where`, `clamp`, `addcmul`, `lerp`): `out = op(inputs)` along `plan`
/// (operand 0 the output, then the inputs in order), the inputs read as `dtype` (the common dtype; `where`'s
/// condition as bool).
#[derive(Clone, Debug)]
pub struct TernaryCall<'a> {
    /// The operation.
    pub op: TernaryOp,
    /// The common dtype.
    pub dtype: DType,
    /// The loop.
    pub plan: &'a Plan,
    /// The output's storage.
    pub out: &'a Storage,
    /// The inputs (as many as the operation reads).
    pub inputs: smallvec::SmallVec<[Arg<'a>; 3]>,
    /// Whether the values among the inputs are parameters the kernel captures (`clamp`'s number bounds: PyTorch's
    /// `clamp_scalar` kernel, a unary loop) rather than operands of stride 0 of its loop (wrapped numbers), which
    /// decides which of PyTorch's loops computes an element (`backend/cpu/arith.rs`'s `LoopPosition`).
    pub captured_values: bool,
    /// A number the kernel captures besides its inputs: `addcmul`/`addcdiv`'s `value`, `lerp`'s number weight
    /// (converted as PyTorch's kernel converts it: `tensor/pointwise.rs`).
    pub parameter: Option<Scalar>,
}

/// A reduction kernel call: for each element of the output (the input's kept dimensions, row-major), the fold
/// `kernel` over the input's elements in its `reduced` dimensions. The input is read as its own dtype; the output
/// is contiguous, of the result's dtype (indices for `argmax`/`argmin`, which reduce one dimension).
#[derive(Clone, Copy, Debug)]
pub struct ReduceCall<'a> {
    /// The fold.
    pub kernel: crate::op::ReduceKernel,
    /// The input.
    pub input: crate::iter::TensorView<'a>,
    /// Which of the input's dimensions are reduced.
    pub reduced: &'a [bool],
    /// The output: the folds' results (the indices, for `argmax`/`argmin`).
    pub out: &'a Storage,
    /// `argmax`/`argmin` only: a second output for the extreme values themselves (`max`/`min` over a dimension),
    /// of the input's dtype.
    pub values: Option<&'a Storage>,
}

/// One operand of a [`MatmulCall`]: a batch of matrices in a storage.
#[derive(Clone, Copy, Debug)]
pub struct MatmulOperand<'a> {
    /// The memory it views.
    pub storage: &'a Storage,
    /// The first element of the first matrix, in elements.
    pub offset: usize,
    /// Strides in elements: between matrices, rows and columns.
    pub strides: [usize; 3],
    /// Whether the values are read conjugated (a complex tensor's lazy conjugate bit).
    pub conj: bool,
}

/// A matrix product kernel call: `out[b] = lhs[b] @ rhs[b]` for `b < batch`, `lhs` of `m x k` and `rhs` of `k x n`
/// matrices, into a contiguous `batch x m x n` output at offset 0. Every operand has the output's dtype, which is
/// not bool, and `k` is not 0 (the core fills such products with zeros).
#[derive(Clone, Copy, Debug)]
pub struct MatmulCall<'a> {
    /// The number of products.
    pub batch: usize,
    /// Rows of the left matrices and of the results.
    pub m: usize,
    /// The contracted size.
    pub k: usize,
    /// Columns of the right matrices and of the results.
    pub n: usize,
    /// The left matrices.
    pub lhs: MatmulOperand<'a>,
    /// The right matrices.
    pub rhs: MatmulOperand<'a>,
    /// The results.
    pub out: &'a Storage,
}

/// The device types this build has a backend for, in the order error messages list them.
const AVAILABLE: &str = "cpu, cuda, meta";

/// `Ok` when tensors can live on `device`: cpu and meta always; cuda when a driver and the device are there
/// (else PyTorch's message for what is missing); other device types are an error naming the available backends.
pub fn ensure_available(device: Device) -> Result<()> {
    match device.device_type() {
        DeviceType::Cpu | DeviceType::Meta => Ok(()),
        DeviceType::Cuda => cuda::ensure_device(device.index()),
        _ => Err(Error::Runtime(format!(
            "Cannot allocate a tensor on device '{device}': oxtorch was built without a backend for '{}' \
             (available: {AVAILABLE})",
            device.type_name()
        ))),
    }
}

/// Checks that a random number generator can be made for `device` (`Generator(device)`): as
/// `ensure_available`, but a CUDA device is checked as PyTorch's generator checks it, through the CUDA runtime,
/// whose errors read differently (see `cuda::ensure_runtime`); the meta device has none (PyTorch's message).
pub fn ensure_generator_device(device: Device) -> Result<()> {
    match device.device_type() {
        DeviceType::Meta => Err(Error::Runtime("META device type not an accelerator.".into())),
        DeviceType::Cuda => cuda::ensure_runtime(device.index()),
        _ => ensure_available(device),
    }
}

/// The device a new tensor is placed on: `cuda` without an index means the current CUDA device, and cpu and
/// meta tensors have no index (as in PyTorch); every other device is itself. Checks that the device is
/// available.
pub fn resolve_device(device: Device) -> Result<Device> {
    ensure_available(device)?;
    match (device.device_type(), device.index()) {
        (DeviceType::Cuda, None) => Device::cuda(cuda::current_device()?),
        (DeviceType::Cpu | DeviceType::Meta, Some(_)) => Ok(Device::from(device.device_type())),
        _ => Ok(device),
    }
}

/// Memory for `len` elements of `dtype` on `device` (already resolved): zero-filled, or (`zeroed == false`)
/// holding unspecified but initialized values.
pub fn allocate(device: Device, dtype: DType, len: usize, zeroed: bool) -> Result<Buffer> {
    Ok(match device.device_type() {
        DeviceType::Cpu => Buffer::Cpu(cpu::CpuStorage::allocate(dtype, len, zeroed)?),
        DeviceType::Cuda => Buffer::Cuda(cuda::CudaStorage::allocate(device, dtype, len, zeroed)?),
        DeviceType::Meta => Buffer::Meta,
        _ => return ensure_available(device).map(|_| Buffer::Meta),
    })
}

/// Runs a binary arithmetic kernel on the output's device.
pub fn binary(call: &BinaryCall<'_>) -> Result<()> {
    match call.out.buffer() {
        Buffer::Cpu(_) => cpu::binary(call),
        Buffer::Cuda(_) => cuda::binary(call),
        Buffer::Meta => Ok(()),
    }
}

/// Runs a unary kernel on the output's device.
pub fn unary(call: &UnaryCall<'_>) -> Result<()> {
    match call.out.buffer() {
        Buffer::Cpu(_) => cpu::unary(call),
        Buffer::Cuda(_) => cuda::unary(call),
        Buffer::Meta => Ok(()),
    }
}

/// Runs a kernel of two or three inputs on the output's device.
pub fn ternary(call: &TernaryCall<'_>) -> Result<()> {
    match call.out.buffer() {
        Buffer::Cpu(_) => cpu::ternary(call),
        Buffer::Cuda(_) => cuda::ternary(call),
        Buffer::Meta => Ok(()),
    }
}

/// Runs a matrix product on the CPU or the meta device (where nothing is computed); CUDA products go through host
/// memory in the core (`tensor/matmul.rs`).
pub fn matmul(call: &MatmulCall<'_>) -> Result<()> {
    match call.out.buffer() {
        Buffer::Cpu(_) => cpu::matmul(call),
        Buffer::Meta => Ok(()),
        Buffer::Cuda(_) => Err(Error::Runtime("internal error: a CUDA matrix product reached the CPU backend".into())),
    }
}

/// Runs a reduction on the CPU or the meta device (where nothing is computed); CUDA tensors are reduced in the
/// core (`tensor/reduce.rs`).
pub fn reduce(call: &ReduceCall<'_>) -> Result<()> {
    match call.out.buffer() {
        Buffer::Cpu(_) => cpu::reduce(call),
        Buffer::Meta => Ok(()),
        Buffer::Cuda(_) => Err(Error::Runtime("internal error: a CUDA reduction reached the CPU backend".into())),
    }
}

/// Whether `op` computing in `dtype` on `device` rounds each element by where it falls in PyTorch's loop (on the
/// CPU: complex arithmetic, and float16/bfloat16 `add`/`sub` with an alpha; see `cpu::arith::LoopPosition`).
/// Such an operation must loop over the operands PyTorch's loop runs over, converted copies included.
pub fn rounds_by_loop_layout(op: BinaryOp, dtype: DType, device: Device) -> bool {
    device.is_cpu() && cpu::rounds_by_loop_layout(op, dtype)
}

/// Copies `src` into `dst` along `plan` (operand 0 `dst`, operand 1 `src`), converting each element by PyTorch's
/// rules; both storages are on one device.
pub fn copy(plan: &Plan, dst: &Storage, src: &Storage) -> Result<()> {
    match (dst.buffer(), src.buffer()) {
        (Buffer::Cpu(_), Buffer::Cpu(_)) => cpu::copy(plan, dst, src),
        (Buffer::Cuda(_), Buffer::Cuda(_)) => cuda::copy(plan, dst, src),
        (Buffer::Meta, _) => Ok(()),
        _ => Err(meta::no_data()),
    }
}

/// Writes `value`, converted to `dst`'s dtype, into every element `plan` visits (operand 0).
pub fn fill(plan: &Plan, dst: &Storage, value: Scalar) -> Result<()> {
    match dst.buffer() {
        Buffer::Cpu(_) => cpu::fill(plan, dst, value),
        Buffer::Cuda(_) => cuda::fill(plan, dst, value),
        Buffer::Meta => Ok(()),
    }
}

/// Copies `len` contiguous elements from `src` (starting at element `src_offset`) to `dst` (at `dst_offset`);
/// both storages hold the same dtype, on any devices.
pub fn transfer(dst: &Storage, dst_offset: usize, src: &Storage, src_offset: usize, len: usize) -> Result<()> {
    if dst.dtype() != src.dtype() {
        return Err(Error::Runtime("internal error: a transfer between storages of different dtypes".into()));
    }
    match (dst.buffer(), src.buffer()) {
        (Buffer::Meta, _) => Ok(()),
        (_, Buffer::Meta) => Err(meta::no_data()),
        (Buffer::Cpu(_), Buffer::Cpu(_)) => cpu::transfer(dst, dst_offset, src, src_offset, len),
        _ => cuda::transfer(dst, dst_offset, src, src_offset, len),
    }
}

/// The `len` contiguous elements of `storage` from element `offset`, in host memory.
pub fn read(storage: &Storage, offset: usize, len: usize) -> Result<cpu::CpuBuffer> {
    match storage.buffer() {
        Buffer::Cpu(_) => cpu::read(storage, offset, len),
        Buffer::Cuda(_) => cuda::read(storage, offset, len),
        Buffer::Meta => Err(meta::no_data()),
    }
}

/// Waits until every operation queued on `device` has finished (a no-op on the CPU, which runs synchronously).
pub fn synchronize(device: Device) -> Result<()> {
    match device.device_type() {
        DeviceType::Cuda => cuda::synchronize(device.index()),
        _ => Ok(()),
    }
}

impl Device {
    /// `Ok` when tensors can live on this device: cpu and meta always, cuda when a driver and the device are there;
    /// PyTorch's message for what is missing otherwise.
    ///
    /// ```
    /// use oxtorch::Device;
    /// assert!(Device::cpu().ensure_available().is_ok());
    /// assert_eq!(Device::cuda(0)?.ensure_available().is_ok(), oxtorch::cuda::device_count() > 0);
    /// # Ok::<(), oxtorch::Error>(())
    /// ```
    pub fn ensure_available(self) -> Result<()> {
        ensure_available(self)
    }

    /// Waits until every operation queued on this device has finished (at once on the CPU, which runs
    /// synchronously; `torch.cuda.synchronize(device)` on a GPU).
    pub fn synchronize(self) -> Result<()> {
        synchronize(self)
    }
}
