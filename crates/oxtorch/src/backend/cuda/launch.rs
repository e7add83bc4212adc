//! Compiling and launching generated kernels: NVRTC turns a [`KernelSpec`]'s source into PTX for the device's
//! architecture once, the module is loaded and cached per device by spec, and launches pass the spec's one
//! parameter block by value.

use super::driver::{driver_error, Device};
use super::source::KernelSpec;
use crate::error::{Error, Result};
use cudarc::driver::{result, CudaFunction, CudaModule};
use cudarc::nvrtc::{CompileError, CompileOptions};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// A compiled kernel and the module that holds it.
#[derive(Debug)]
pub struct CompiledKernel {
    function: CudaFunction,
    _module: Arc<CudaModule>,
}

/// The kernels compiled for one device, by spec.
#[derive(Debug, Default)]
pub struct KernelCache {
    kernels: Mutex<HashMap<KernelSpec, Arc<CompiledKernel>>>,
}

/// The message when NVRTC cannot be loaded.
pub const NO_NVRTC_MSG: &str = "CUDA kernels cannot be compiled: the NVRTC library (libnvrtc) was not found. \
     Install the CUDA toolkit's NVRTC (or the nvidia-cuda-nvrtc Python package) and make it visible to the dynamic \
     loader, e.g. through LD_LIBRARY_PATH";

/// Whether `libnvrtc` loads (probed once; cudarc aborts on a missing library, so nothing calls into NVRTC
/// before this says yes).
pub fn nvrtc_available() -> bool {
    static PRESENT: OnceLock<bool> = OnceLock::new();
    // SAFETY: loading libnvrtc runs its initializers, as any program using NVRTC does; cudarc keeps it loaded.
    *PRESENT.get_or_init(|| unsafe { cudarc::nvrtc::sys::is_culib_present() })
}

/// Compiles kernel source to PTX for the virtual architecture `compute_<arch>` (e.g. `"90"`), with NVRTC's
/// default floating-point options (`--fmad=true`, IEEE division and square root, denormals kept), as PyTorch
/// compiles its kernels.
pub fn compile_ptx(source: &str, arch: &str) -> Result<cudarc::nvrtc::Ptx> {
    if !nvrtc_available() {
        return Err(Error::Runtime(NO_NVRTC_MSG.into()));
    }
    let options = CompileOptions {
        options: vec![format!("--gpu-architecture=compute_{arch}"), "--std=c++17".into()],
        ..Default::default()
    };
    cudarc::nvrtc::compile_ptx_with_opts(source, options).map_err(|e| match e {
        CompileError::CompileError { log, .. } => Error::Runtime(format!(
            "internal error: a generated CUDA kernel does not compile:\n{}",
            log.to_string_lossy()
        )),
        other => Error::Runtime(format!("internal error: NVRTC failed: {other:?}")),
    })
}

impl KernelCache {
    /// The kernel for `spec` on `dev`, compiled and loaded on first use.
    fn get(&self, dev: &Device, spec: &KernelSpec) -> Result<Arc<CompiledKernel>> {
        if let Some(k) = self.kernels.lock().unwrap_or_else(|e| e.into_inner()).get(spec) {
            return Ok(k.clone());
        }
        let (major, minor) = dev.capability;
        let ptx = compile_ptx(&spec.source(), &format!("{major}{minor}"))?;
        let module = dev.context.load_module(ptx).map_err(driver_error)?;
        let function = module.load_function(&spec.name()).map_err(driver_error)?;
        let kernel = Arc::new(CompiledKernel { function, _module: module });
        self.kernels.lock().unwrap_or_else(|e| e.into_inner()).insert(spec.clone(), kernel.clone());
        Ok(kernel)
    }
}

/// Launches `spec` on `dev` with `grid` blocks of `block` threads and the parameter block `params` (built from
/// `spec.params()`).
pub fn launch(
    dev: &Device,
    spec: &KernelSpec,
    params: &[u8],
    grid: (u32, u32, u32),
    block: (u32, u32, u32),
) -> Result<()> {
    if grid.0 == 0 || grid.1 == 0 || grid.2 == 0 {
        return Ok(());
    }
    let kernel = dev.kernels.get(dev, spec)?;
    let mut bytes = params.to_vec();
    let mut args = [bytes.as_mut_ptr() as *mut std::ffi::c_void];
    // SAFETY: the function was compiled from `spec`, whose one parameter is the struct `spec.params()` lays
    // out; `bytes` holds exactly that struct and outlives the call (the driver copies parameters at launch).
    // Every address in it is a live allocation of this device, kept alive by the storages of the operation that
    // is launching; the plan's sizes and strides keep every access within those allocations. The device's
    // context is current (bound by `driver::device`), and the launch is ordered on its stream.
    unsafe { result::launch_kernel(kernel.function.cu_function(), grid, block, 0, dev.stream.cu_stream(), &mut args) }
        .map_err(driver_error)
}
