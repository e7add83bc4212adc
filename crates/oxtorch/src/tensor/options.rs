//! `TensorOptions`: the `dtype=`, `device=` and `memory_format=` keywords of PyTorch's factories.

use crate::device::{get_default_device, Device};
use crate::dtype::DType;
use crate::memory_format::MemoryFormat;

/// Optional dtype, device and memory format for a new tensor; anything left `None` takes PyTorch's default.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TensorOptions {
    /// `dtype=`
    pub dtype: Option<DType>,
    /// `device=`; `None` means the default device (see [`crate::device::DefaultDeviceGuard`]).
    pub device: Option<Device>,
    /// `memory_format=`
    pub memory_format: Option<MemoryFormat>,
}

impl TensorOptions {
    /// No option set.
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets the dtype.
    pub fn dtype(mut self, dtype: DType) -> Self {
        self.dtype = Some(dtype);
        self
    }

    /// Sets the device.
    pub fn device(mut self, device: Device) -> Self {
        self.device = Some(device);
        self
    }

    /// Sets the memory format.
    pub fn memory_format(mut self, format: MemoryFormat) -> Self {
        self.memory_format = Some(format);
        self
    }

    /// The device to allocate on: the explicit one, else the process-wide default.
    pub fn resolved_device(&self) -> Device {
        self.device.unwrap_or_else(get_default_device)
    }
}

impl From<()> for TensorOptions {
    fn from(_: ()) -> Self {
        Self::default()
    }
}

impl From<DType> for TensorOptions {
    fn from(dtype: DType) -> Self {
        Self::default().dtype(dtype)
    }
}

impl From<Device> for TensorOptions {
    fn from(device: Device) -> Self {
        Self::default().device(device)
    }
}

impl From<MemoryFormat> for TensorOptions {
    fn from(format: MemoryFormat) -> Self {
        Self::default().memory_format(format)
    }
}

impl From<(DType, Device)> for TensorOptions {
    fn from((dtype, device): (DType, Device)) -> Self {
        Self::default().dtype(dtype).device(device)
    }
}
