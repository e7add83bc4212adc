//! # oxtorch
//!
//! PyTorch's tensor semantics, natively in Rust. The project README follows, with its quickstart as a tested
//! example.
#![doc = include_str!("../../../README.md")]
#![warn(missing_docs)]

// The public API: tensors and their operations (`tensor`, `dispatch` and its `functions`, `op`, `sparse`,
// `global`), shapes, numbers and promotion (`shape`, `scalar`, `promotion`), printing (`display`), weights
// (`safetensors`), the CUDA device queries (`cuda`), and the `prelude`; the types of the private modules below
// are re-exported here at the crate root.
pub mod cuda;
pub mod dispatch;
pub mod display;
pub mod global;
pub mod op;
pub mod prelude;
pub mod promotion;
pub mod safetensors;
pub mod scalar;
pub mod shape;
pub mod sparse;
pub mod tensor;

// Internals: the backends and their kernels, the iterator, storages, and the modules whose public types are all
// re-exported at the root. `backend` and `iter` are reached (hidden) through `__private` below.
#[doc(hidden)]
pub mod backend;
mod device;
mod dtype;
mod element;
mod error;
#[doc(hidden)]
pub mod iter;
mod layout;
mod memory_format;
mod random;
mod storage;

/// Internals that the Python bindings and the project's kernel tests reach. Not API: hidden from the
/// documentation, with no stability promise. The bindings wrap foreign memory as storages (NumPy arrays and DLPack
/// capsules: `backend::cpu::ExternalBuffer`, `backend::cuda::CudaStorage::from_foreign`, `backend::Buffer`);
/// `tests/cuda_kernels.rs` runs every generated CUDA kernel on the host and compiles it with NVRTC, which needs the
/// kernel calls (`backend::*Call`), the kernel generator (`backend::cuda::{ops, source}`) and the iterator's
/// [`Plan`](iter::Plan); `torch.Generator(device)` checks its device as PyTorch does through the CUDA runtime
/// (`backend::ensure_generator_device`).
#[doc(hidden)]
pub mod __private {
    pub use crate::backend;
    pub use crate::iter;
}

pub use backend::cpu::parallel::{get_num_threads, set_num_threads};
pub use backend::cpu::CpuElement;
pub use device::{get_default_device, set_default_device, DefaultDeviceGuard, Device, DeviceType, MAX_DEVICE_INDEX};
pub use dispatch::functions::*;
pub use dispatch::{functions, AnyOperand, AnyOutput, AnyTensor};
pub use dtype::{Category, DType};
pub use element::{Element, C32, C64};
pub use error::{Error, Result};
pub use layout::Layout;
pub use memory_format::{suggest_memory_format, MemoryFormat};
pub use op::{BinaryOp, RoundingMode};
pub use promotion::{can_cast, get_default_dtype, promote_types, result_type, set_default_dtype};
pub use random::{manual_seed, with_default_generator, Generator};
pub use scalar::Scalar;
pub use sparse::{sparse_coo_tensor, SparseCooOptions, SparseCooTensor};
pub use storage::Storage;
pub use tensor::advanced_index::{IndexEntry, IndexValue};
pub use tensor::factory::{
    arange, arange_step, check_meta_normal_dtype, empty, empty_strided, from_vec, full, linspace, ones, rand, randint,
    randn, scalar_tensor, tensor, zeros, TensorData,
};
pub use tensor::factory_args::{self as factories, FactoryOptions};
pub use tensor::index::TensorIndex;
pub use tensor::{Operand, Output, Tensor, TensorOptions};
