//! The CUDA driver: whether `libcuda` loads, how many devices there are, one context and stream per device, and
//! the current device. Every failure is PyTorch's message for the same situation, never a panic: `libcuda` is
//! probed before any call into it (cudarc would abort on a missing library).
//!
//! All work of a device runs on its legacy default stream, so operations are ordered as they are issued and the
//! synchronous copies to and from the host wait for the kernels before them.

use super::launch::KernelCache;
use super::memory::MemoryCache;
use crate::error::{Error, Result};
use cudarc::driver::{result, sys, CudaContext, CudaStream, DriverError};
use std::cell::Cell;
use std::sync::{Arc, Mutex, OnceLock};

/// PyTorch's message when CUDA is used on a machine without an NVIDIA driver.
pub const NO_DRIVER_MSG: &str = "Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU and \
     installed a driver from http://www.nvidia.com/Download/index.aspx";
/// PyTorch's message when the driver is there but no GPU is visible.
pub const NO_GPU_MSG: &str = "No CUDA GPUs are available";

/// The trailing lines of PyTorch's CUDA error messages (`c10_cuda_check_implementation`).
const CHECK_SUFFIX: &str = "\nCUDA kernel errors might be asynchronously reported at some other API call, so the \
     stacktrace below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1\nCompile with \
     `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n";

/// PyTorch's `AcceleratorError` for an ordinal past the device count.
pub fn invalid_ordinal() -> Error {
    Error::Accelerator(format!(
        "CUDA error: invalid device ordinal\nGPU device may be out of range, do you have enough GPUs?{CHECK_SUFFIX}"
    ))
}

/// PyTorch's `AcceleratorError` for a failed driver call: the error's description, where to look it up, and
/// the usual trailing lines.
pub fn driver_error(e: DriverError) -> Error {
    if e.0 == sys::CUresult::CUDA_ERROR_INVALID_DEVICE {
        return invalid_ordinal();
    }
    let text = e.error_string().ok().and_then(|s| s.to_str().ok().map(str::to_owned)).unwrap_or_default();
    let name = e.error_name().ok().and_then(|s| s.to_str().ok().map(str::to_owned)).unwrap_or_default();
    Error::Accelerator(format!(
        "CUDA error: {text}\nSearch for `{name}' in \
         https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html for more information.{CHECK_SUFFIX}"
    ))
}

/// What the driver reported when first asked.
struct Driver {
    /// Visible devices, each set up on first use.
    devices: Vec<OnceLock<std::result::Result<Arc<Device>, Error>>>,
}

/// Loads and initializes the driver once; `Err` holds PyTorch's message for why CUDA cannot be used.
fn driver() -> std::result::Result<&'static Driver, Error> {
    static DRIVER: OnceLock<std::result::Result<Driver, Error>> = OnceLock::new();
    DRIVER
        .get_or_init(|| {
            // SAFETY: loading libcuda runs its initializers, which is what every CUDA program does; cudarc keeps
            // the library loaded for the life of the process, and nothing else happens until it is found.
            if !unsafe { sys::is_culib_present() } {
                return Err(Error::Runtime(NO_DRIVER_MSG.into()));
            }
            match result::init() {
                Ok(()) => {}
                Err(e) if e.0 == sys::CUresult::CUDA_ERROR_NO_DEVICE => return Ok(Driver { devices: Vec::new() }),
                Err(_) => return Err(Error::Runtime(NO_DRIVER_MSG.into())),
            }
            let count = result::device::get_count().map_err(driver_error)?;
            let devices = (0..count.max(0)).map(|_| OnceLock::new()).collect();
            Ok(Driver { devices })
        })
        .as_ref()
        .map_err(Clone::clone)
}

/// One GPU: its context, stream, compute capability, compiled kernels and cached memory.
pub struct Device {
    /// The device index.
    pub index: u8,
    /// The primary context.
    pub context: Arc<CudaContext>,
    /// The stream all of this device's work runs on (the legacy default stream).
    pub stream: Arc<CudaStream>,
    /// Compute capability (major, minor).
    pub capability: (i32, i32),
    /// Kernels compiled for this device.
    pub kernels: KernelCache,
    /// Freed allocations kept for reuse.
    pub memory: Mutex<MemoryCache>,
}

impl std::fmt::Debug for Device {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cuda:{} (sm_{}{})", self.index, self.capability.0, self.capability.1)
    }
}

impl Device {
    /// Makes this device's context current on the calling thread (driver calls act on the current context).
    pub fn bind(&self) -> Result<()> {
        self.context.bind_to_thread().map_err(driver_error)
    }
}

/// Whether CUDA can be used: a driver and at least one device (`torch.cuda.is_available()`, which never raises).
pub fn is_available() -> bool {
    device_count() > 0
}

/// The number of visible devices; 0 without a driver (`torch.cuda.device_count()`).
pub fn device_count() -> usize {
    driver().map_or(0, |d| d.devices.len())
}

/// `Ok` when CUDA can be used and `index` (if given) names a visible device; PyTorch's error otherwise.
pub fn ensure_device(index: Option<u8>) -> Result<()> {
    let d = driver()?;
    if d.devices.is_empty() {
        return Err(Error::Runtime(NO_GPU_MSG.into()));
    }
    match index {
        Some(i) if usize::from(i) >= d.devices.len() => Err(invalid_ordinal()),
        _ => Ok(()),
    }
}

/// Like `ensure_device`, with the errors of PyTorch's paths that call the CUDA runtime directly (`Generator('cuda')`
/// is one): without a driver the runtime reports `cudaErrorInsufficientDriver`, without a GPU `cudaErrorNoDevice`.
pub fn ensure_runtime(index: Option<u8>) -> Result<()> {
    let runtime_error = |text: &str, name: &str| {
        Error::Accelerator(format!(
            "CUDA error: {text}\nSearch for `{name}' in \
             https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html for more information.\n\
             Device-side assertions were explicitly omitted for this error check; the error probably arose while \
             initializing the DSA handlers."
        ))
    };
    match ensure_device(index) {
        Err(Error::Runtime(m)) if m == NO_DRIVER_MSG => Err(runtime_error(
            "CUDA driver version is insufficient for CUDA runtime version",
            "cudaErrorInsufficientDriver",
        )),
        Err(Error::Runtime(m)) if m == NO_GPU_MSG => {
            Err(runtime_error("no CUDA-capable device is detected", "cudaErrorNoDevice"))
        }
        other => other,
    }
}

/// The device `index`, set up on first use (its context made current on this thread).
pub fn device(index: u8) -> Result<Arc<Device>> {
    ensure_device(Some(index))?;
    let d = driver()?;
    let slot = d.devices.get(usize::from(index)).ok_or_else(invalid_ordinal)?;
    let dev = slot
        .get_or_init(|| {
            let context = CudaContext::new(usize::from(index)).map_err(driver_error)?;
            let capability = context.compute_capability().map_err(driver_error)?;
            let stream = context.default_stream();
            Ok(Arc::new(Device {
                index,
                context,
                stream,
                capability,
                kernels: KernelCache::default(),
                memory: Mutex::new(MemoryCache::default()),
            }))
        })
        .clone()?;
    dev.bind()?;
    Ok(dev)
}

thread_local! {
    /// The current device of this thread, as CUDA keeps it (`torch.cuda.current_device()`).
    static CURRENT: Cell<u8> = const { Cell::new(0) };
}

/// The calling thread's current device (0 unless set); PyTorch's error when CUDA cannot be used.
pub fn current_device() -> Result<u8> {
    ensure_device(None)?;
    Ok(CURRENT.with(Cell::get))
}

/// Makes `index` the calling thread's current device (`torch.cuda.set_device`); a negative index does nothing,
/// as in PyTorch.
pub fn set_device(index: i64) -> Result<()> {
    ensure_device(None)?;
    if index < 0 {
        return Ok(());
    }
    let i = u8::try_from(index).map_err(|_| invalid_ordinal())?;
    device(i)?;
    CURRENT.with(|c| c.set(i));
    Ok(())
}

/// Waits for every operation queued on a device (the current one when `None`).
pub fn synchronize(index: Option<u8>) -> Result<()> {
    let i = match index {
        Some(i) => i,
        None => current_device()?,
    };
    let dev = device(i)?;
    dev.stream.synchronize().map_err(driver_error)
}
