//! # oxtorch
//!
//! PyTorch's tensor semantics, natively in Rust. The project README follows, with its quickstart as a tested
//! example.
#![doc = include_str!("../../../README.md")]
#![warn(missing_docs)]

pub mod backend;
pub mod device;
pub mod dispatch;
pub mod display;
pub mod dtype;
pub mod element;
pub mod error;
pub mod global;
pub mod iter;
pub mod layout;
pub mod memory_format;
pub mod op;
pub mod promotion;
pub mod random;
pub mod scalar;
pub mod shape;
pub mod sparse;
pub mod storage;
pub mod tensor;

pub use backend::cpu::parallel::{get_num_threads, set_num_threads};
pub use backend::cpu::CpuElement;
pub use device::{get_default_device, set_default_device, DefaultDeviceGuard, Device, DeviceType};
pub use dispatch::functions::*;
pub use dispatch::{functions, AnyOperand, AnyOutput, AnyTensor};
pub use dtype::DType;
pub use error::{Error, Result};
pub use layout::Layout;
pub use memory_format::MemoryFormat;
pub use op::{BinaryOp, RoundingMode};
pub use promotion::{can_cast, get_default_dtype, promote_types, result_type, set_default_dtype};
pub use random::{manual_seed, Generator};
pub use scalar::Scalar;
pub use sparse::{sparse_coo_tensor, SparseCooOptions, SparseCooTensor};
pub use tensor::advanced_index::{IndexEntry, IndexValue};
pub use tensor::factory::{
    arange, arange_step, check_meta_normal_dtype, empty, empty_strided, from_vec, full, linspace, ones, rand, randint,
    randn, scalar_tensor, tensor, zeros, TensorData,
};
pub use tensor::factory_args::{self as factories, FactoryOptions};
pub use tensor::index::TensorIndex;
pub use tensor::{Operand, Output, Tensor, TensorOptions};
