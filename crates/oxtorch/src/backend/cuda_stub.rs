//! The CUDA backend's interface when oxtorch is built without the `cuda` feature: the same functions, each
//! reporting that CUDA is not compiled in, so that no `cfg` spreads beyond `backend/mod.rs`.

use super::cpu::CpuBuffer;
use super::{BinaryCall, TernaryCall, UnaryCall};
use crate::device::Device;
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::iter::Plan;
use crate::scalar::Scalar;
use crate::storage::Storage;

/// PyTorch's message when it was built without CUDA.
pub const NOT_COMPILED_MSG: &str = "Torch not compiled with CUDA enabled";

fn not_compiled() -> Error {
    Error::Runtime(NOT_COMPILED_MSG.into())
}

/// GPU memory; without the `cuda` feature no value of it exists.
#[derive(Debug)]
pub enum CudaStorage {}

impl CudaStorage {
    /// Always an error: CUDA is not compiled in.
    pub fn allocate(_device: Device, _dtype: DType, _len: usize, _zeroed: bool) -> Result<CudaStorage> {
        Err(not_compiled())
    }

    /// The device address of the first element.
    pub fn device_ptr(&self) -> usize {
        match *self {}
    }
}

/// False: CUDA is not compiled in.
pub fn is_available() -> bool {
    false
}

/// 0: CUDA is not compiled in.
pub fn device_count() -> usize {
    0
}

/// Always an error: CUDA is not compiled in.
pub fn ensure_device(_index: Option<u8>) -> Result<()> {
    Err(not_compiled())
}

/// Always an error: CUDA is not compiled in.
pub fn ensure_runtime(_index: Option<u8>) -> Result<()> {
    Err(not_compiled())
}

/// Always an error: CUDA is not compiled in.
pub fn current_device() -> Result<u8> {
    Err(not_compiled())
}

/// Always an error: CUDA is not compiled in.
pub fn set_device(_index: i64) -> Result<()> {
    Err(not_compiled())
}

/// Always an error: CUDA is not compiled in.
pub fn synchronize(_index: Option<u8>) -> Result<()> {
    Err(not_compiled())
}

pub(crate) fn binary(_call: &BinaryCall<'_>) -> Result<()> {
    Err(not_compiled())
}

/// Always an error: CUDA is not compiled in.
pub(crate) fn unary(_call: &UnaryCall<'_>) -> Result<()> {
    Err(not_compiled())
}

/// Always an error: CUDA is not compiled in.
pub(crate) fn ternary(_call: &TernaryCall<'_>) -> Result<()> {
    Err(not_compiled())
}

pub(crate) fn copy(_plan: &Plan, _dst: &Storage, _src: &Storage) -> Result<()> {
    Err(not_compiled())
}

pub(crate) fn fill(_plan: &Plan, _dst: &Storage, _value: Scalar) -> Result<()> {
    Err(not_compiled())
}

pub(crate) fn transfer(
    _dst: &Storage,
    _dst_offset: usize,
    _src: &Storage,
    _src_offset: usize,
    _len: usize,
) -> Result<()> {
    Err(not_compiled())
}

pub(crate) fn read(_storage: &Storage, _offset: usize, _len: usize) -> Result<CpuBuffer> {
    Err(not_compiled())
}
