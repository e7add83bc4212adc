//! PyTorch's factories with every keyword they share, and the rules PyTorch applies to those keywords: one
//! [`FactoryOptions`] carries `dtype=`, `device=`, `layout=`, `requires_grad=`, `pin_memory=`, `memory_format=`
//! and `out=` (and OneFlow's `placement=` / `sbp=` for a global result), and the factories here take it and decide
//! as PyTorch decides:
//!
//! * `out=`: the dtype and device default to `out`'s, a dtype that differs is refused, and the result is written
//!   into `out` when the sizes and device agree, else `out` is replaced by it (PyTorch's `resize_` then fill);
//! * `requires_grad=True`: only floating and complex dtypes can require gradients (PyTorch's message, checked once
//!   the tensor exists); oxtorch has no autograd, so a floating tensor is refused too, with a message of its own;
//! * `pin_memory=True` needs a CUDA runtime, which a tensor factory of this build does not offer;
//! * `layout=oxtorch.sparse_coo`: `zeros` and `empty` make an empty sparse tensor, `full` and `ones` (which is
//!   `full` underneath) refuse the layout, the other factories fail in the kernel that would fill the tensor (the
//!   dispatcher's message), and the `*_like` factories follow their input's layout;
//! * sizes: a negative one is PyTorch's error (`zeros` has a message of its own; a sparse layout checks the
//!   product), and `randn` on the meta device without a generator is PyTorch's Python decomposition, with its checks.
//!
//! The plain factories of [`super::factory`] (`zeros(sizes, options)` ...) stay the short form for Rust users; these
//! take signed sizes and every keyword, and return [`AnyTensor`] since a layout or a placement may make the result
//! sparse or global.

use super::factory;
use super::{Tensor, TensorOptions};
use crate::device::Device;
use crate::dispatch::{AnyOperand, AnyTensor};
use crate::dtype::DType;
use crate::error::{runtime_err, Error, Result};
use crate::global::{default_world, GlobalTensor, NdSbp, Placement};
use crate::layout::Layout;
use crate::memory_format::MemoryFormat;
use crate::promotion::get_default_dtype;
use crate::random::Generator;
use crate::scalar::Scalar;
use crate::shape;
use crate::sparse::coo::sparse_zeros_with_dims;
use crate::sparse::view::dispatcher_error;

/// The keywords of a factory. Anything left unset takes PyTorch's default (the default dtype and device, the
/// strided layout, no gradient, unpinned memory, the contiguous format, a new tensor).
#[derive(Debug, Default)]
pub struct FactoryOptions<'a> {
    /// `dtype=`.
    pub dtype: Option<DType>,
    /// `device=`; `None` means the default device (or `out`'s).
    pub device: Option<Device>,
    /// `layout=`.
    pub layout: Option<Layout>,
    /// `requires_grad=`.
    pub requires_grad: bool,
    /// `pin_memory=`.
    pub pin_memory: bool,
    /// `memory_format=` (the factories that take one: `empty` and the `*_like` ones).
    pub memory_format: Option<MemoryFormat>,
    /// `out=`: written through, or replaced by the result when its sizes or device differ.
    pub out: Option<&'a mut Tensor>,
    /// OneFlow's `placement=`: with `sbp`, a global result.
    pub placement: Option<Placement>,
    /// OneFlow's `sbp=`.
    pub sbp: Option<NdSbp>,
}

impl<'a> FactoryOptions<'a> {
    /// No keyword given.
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets `dtype=`.
    pub fn dtype(mut self, dtype: DType) -> Self {
        self.dtype = Some(dtype);
        self
    }

    /// Sets `device=`.
    pub fn device(mut self, device: Device) -> Self {
        self.device = Some(device);
        self
    }

    /// Sets `layout=`.
    pub fn layout(mut self, layout: Layout) -> Self {
        self.layout = Some(layout);
        self
    }

    /// Sets `requires_grad=`.
    pub fn requires_grad(mut self, requires_grad: bool) -> Self {
        self.requires_grad = requires_grad;
        self
    }

    /// Sets `pin_memory=`.
    pub fn pin_memory(mut self, pin_memory: bool) -> Self {
        self.pin_memory = pin_memory;
        self
    }

    /// Sets `memory_format=`.
    pub fn memory_format(mut self, format: MemoryFormat) -> Self {
        self.memory_format = Some(format);
        self
    }

    /// Sets `out=`.
    pub fn out(mut self, out: &'a mut Tensor) -> Self {
        self.out = Some(out);
        self
    }

    /// Sets OneFlow's `placement=`.
    pub fn placement(mut self, placement: Placement) -> Self {
        self.placement = Some(placement);
        self
    }

    /// Sets OneFlow's `sbp=`.
    pub fn sbp(mut self, sbp: impl Into<NdSbp>) -> Self {
        self.sbp = Some(sbp.into());
        self
    }

    /// Whether a sparse COO result was asked for.
    pub fn is_sparse(&self) -> bool {
        self.layout == Some(Layout::SparseCoo)
    }

    /// Whether `placement=` or `sbp=` was given.
    fn wants_global(&self) -> bool {
        self.placement.is_some() || self.sbp.is_some()
    }

    /// The dtype, device and memory format, without `out=`.
    pub fn plain_options(&self) -> TensorOptions {
        TensorOptions { dtype: self.dtype, device: self.device, memory_format: self.memory_format }
    }

    /// The dtype, device and memory format, resolved against `out=` as PyTorch resolves them: the dtype defaults to
    /// `out`'s and must equal it when given, the device defaults to `out`'s.
    pub fn tensor_options(&self) -> Result<TensorOptions> {
        resolve_out(self.plain_options(), self.out.as_deref())
    }

    /// The placement and sbp of a global result, checked as OneFlow checks them (`device_given`: whether a device
    /// was named, by `device=` or by `out=`); None for a local result.
    fn global_args(&self, device_given: bool) -> Result<Option<(Placement, NdSbp)>> {
        crate::global::tensor::check_factory_layout(device_given, self.placement.as_ref(), self.sbp.as_deref())?;
        Ok(self.placement.clone().zip(self.sbp.clone()))
    }
}

impl From<TensorOptions> for FactoryOptions<'_> {
    fn from(o: TensorOptions) -> Self {
        FactoryOptions { dtype: o.dtype, device: o.device, memory_format: o.memory_format, ..Default::default() }
    }
}

impl From<DType> for FactoryOptions<'_> {
    fn from(dtype: DType) -> Self {
        FactoryOptions::new().dtype(dtype)
    }
}

impl From<Device> for FactoryOptions<'_> {
    fn from(device: Device) -> Self {
        FactoryOptions::new().device(device)
    }
}

impl From<()> for FactoryOptions<'_> {
    fn from(_: ()) -> Self {
        FactoryOptions::new()
    }
}

/// The random generator of a random factory, as given: PyTorch's parser picks another overload when the
/// `generator=` keyword is absent than when it is `None` (on meta, `randn` without one is a decomposition that
/// checks the dtype first; with `generator=None` it is `empty` then `normal_`, which check the sizes first).
#[derive(Debug, Default)]
pub enum GeneratorArg<'g> {
    /// Not passed: the default generator.
    #[default]
    Absent,
    /// Passed as `None`: the default generator.
    Default,
    /// A generator.
    Given(&'g mut Generator),
}

impl<'g> GeneratorArg<'g> {
    /// The generator, if one was given.
    pub fn generator(self) -> Option<&'g mut Generator> {
        match self {
            GeneratorArg::Given(g) => Some(g),
            _ => None,
        }
    }
}

impl<'g> From<Option<&'g mut Generator>> for GeneratorArg<'g> {
    fn from(g: Option<&'g mut Generator>) -> Self {
        match g {
            Some(g) => GeneratorArg::Given(g),
            None => GeneratorArg::Absent,
        }
    }
}

// ----- the rules, one by one -----

/// `pin_memory=True`: pinned memory needs a CUDA runtime, which this build's factories do not have (PyTorch fails
/// the same way without a GPU driver).
pub fn check_pin_memory(pin_memory: bool) -> Result<()> {
    if pin_memory {
        runtime_err!("Cannot pin memory: oxtorch was built without a backend for 'cuda' (available: cpu, meta)")
    }
    Ok(())
}

/// `requires_grad=True` on a new tensor of `dtype`, checked as PyTorch checks it once the tensor exists: only
/// floating and complex tensors can require gradients (PyTorch's `RuntimeError`). oxtorch has no autograd, so it
/// refuses those too (`NotImplementedError`).
pub fn check_requires_grad(dtype: DType, requires_grad: bool) -> Result<()> {
    if requires_grad {
        if !(dtype.is_floating_point() || dtype.is_complex()) {
            runtime_err!("Only Tensors of floating point and complex dtype can require gradients")
        }
        return Err(Error::NotImplemented("oxtorch has no autograd: requires_grad=True is not supported".into()));
    }
    Ok(())
}

/// A new tensor of any layout after [`check_requires_grad`].
pub fn with_requires_grad(t: AnyTensor, requires_grad: bool) -> Result<AnyTensor> {
    check_requires_grad(t.dtype(), requires_grad)?;
    Ok(t)
}

/// Sizes of a new tensor: PyTorch's error for a negative one.
pub fn nonnegative_sizes(sizes: &[i64]) -> Result<Vec<usize>> {
    sizes
        .iter()
        .map(|&s| {
            usize::try_from(s).map_err(|_| {
                Error::Runtime(format!(
                    "Trying to create tensor with negative dimension {s}: {}",
                    shape::fmt_list(sizes)
                ))
            })
        })
        .collect()
}

/// PyTorch's check on the sizes of a new sparse tensor: their product, each read as an unsigned 64-bit number,
/// must not overflow nor exceed int64 (so a negative size is this error, unless another size is 0).
pub fn check_sparse_numel(sizes: &[i64]) -> Result<()> {
    let unsigned: Vec<usize> = sizes.iter().map(|&s| s as u64 as usize).collect();
    shape::check_numel(&unsigned)
}

/// PyTorch's refusal of `layout=` by `full` (and by `ones`, which is `full` underneath).
fn full_layout_refusal() -> Error {
    Error::Runtime("full(...) is not implemented for sparse layout".into())
}

/// What a factory without a sparse kernel does with `layout=oxtorch.sparse_coo` on `device`: `full` (and `ones`)
/// refuses the layout; the others allocate an empty sparse tensor (see [`check_sparse_numel`], for the factories
/// with sizes) and fail in the kernel that would fill it, with the dispatcher's message.
pub fn sparse_layout_refusal(function: &str, sizes: Option<&[i64]>, device: Device) -> Error {
    if matches!(function, "full" | "ones") {
        return full_layout_refusal();
    }
    if let Some(Err(e)) = sizes.map(check_sparse_numel) {
        return e;
    }
    let kernel = match function {
        "rand" => "uniform_",
        "randn" => "normal_",
        "randint" => "random_.from",
        "arange" => "arange.start_out",
        "linspace" => "linspace.out",
        _ => "empty_strided",
    };
    dispatcher_error(kernel, device)
}

/// Refuses the layouts a factory cannot create where it reaches the strided path.
fn check_strided(layout: Option<Layout>, function: &str) -> Result<()> {
    match layout {
        Some(l) if l != Layout::Strided && function == "full" => Err(full_layout_refusal()),
        Some(l) if l != Layout::Strided => {
            Err(Error::NotImplemented("oxtorch supports only the strided layout for new tensors".into()))
        }
        _ => Ok(()),
    }
}

/// The options of a factory with an `out=` tensor: the dtype defaults to `out`'s and a dtype that differs from it
/// is refused as PyTorch refuses it; the device defaults to `out`'s.
pub fn resolve_out(mut options: TensorOptions, out: Option<&Tensor>) -> Result<TensorOptions> {
    if let Some(out) = out {
        match options.dtype {
            Some(d) if d != out.dtype() => runtime_err!(
                "dtype {} does not match dtype of out parameter ({})",
                d.scalar_type_name(),
                out.dtype().scalar_type_name()
            ),
            _ => options.dtype = Some(out.dtype()),
        }
        if options.device.is_none() {
            options.device = Some(out.device());
        }
    }
    Ok(options)
}

/// A factory's result, or with `out=` the `out` tensor holding it: written in place when the sizes and device
/// agree, else `out` is replaced by the result (as PyTorch's `resize_` then fill).
pub fn write_out(result: Tensor, out: Option<&mut Tensor>) -> Result<Tensor> {
    match out {
        None => Ok(result),
        Some(out) => {
            if out.sizes() == result.sizes() && out.device() == result.device() {
                if out.storage().has_data() {
                    out.copy_(&result)?;
                }
            } else {
                *out = result;
            }
            Ok(out.clone())
        }
    }
}

/// A strided result: `requires_grad=` checked, then written to `out=`.
fn finish_strided(t: Tensor, requires_grad: bool, out: Option<&mut Tensor>) -> Result<AnyTensor> {
    check_requires_grad(t.dtype(), requires_grad)?;
    write_out(t, out).map(AnyTensor::Strided)
}

/// A sparse COO tensor of `sizes` without elements (every dimension sparse), with `options`' dtype and device.
fn sparse_empty(sizes: &[usize], options: TensorOptions) -> Result<AnyTensor> {
    let dtype = options.dtype.unwrap_or_else(get_default_dtype);
    sparse_zeros_with_dims(sizes, sizes.len(), dtype, options.resolved_device()).map(AnyTensor::from)
}

// ----- the factories with sizes -----

/// `torch.zeros(*size, out=None, dtype=None, layout=torch.strided, device=None, pin_memory=False,
/// requires_grad=False)`: a sparse layout gives an empty sparse tensor.
pub fn zeros(sizes: &[i64], options: FactoryOptions<'_>) -> Result<AnyTensor> {
    zeros_or_ones("zeros", sizes, options)
}

/// `torch.ones(*size, ...)`: `full` underneath, so a sparse layout is `full`'s refusal.
pub fn ones(sizes: &[i64], options: FactoryOptions<'_>) -> Result<AnyTensor> {
    zeros_or_ones("ones", sizes, options)
}

fn zeros_or_ones(function: &str, sizes: &[i64], o: FactoryOptions<'_>) -> Result<AnyTensor> {
    check_pin_memory(o.pin_memory)?;
    let opts = o.tensor_options()?;
    let ones = function == "ones";
    if ones && o.is_sparse() {
        return Err(full_layout_refusal());
    }
    let sizes = match nonnegative_sizes(sizes) {
        // PyTorch's zeros checks its sizes with a message of its own
        Err(_) if !ones => runtime_err!("zeros: Dimension size must be non-negative."),
        other => other?,
    };
    if let Some((p, s)) = o.global_args(opts.device.is_some())? {
        check_strided(o.layout, function)?;
        let w = default_world()?;
        let g = if ones {
            GlobalTensor::ones(&w, &sizes, opts, &p, &s)
        } else {
            GlobalTensor::zeros(&w, &sizes, opts, &p, &s)
        }?;
        return with_requires_grad(g.into(), o.requires_grad);
    }
    if o.is_sparse() {
        return with_requires_grad(sparse_empty(&sizes, opts)?, o.requires_grad);
    }
    check_strided(o.layout, if ones { "full" } else { function })?;
    let t = if ones { factory::ones(&sizes, opts) } else { factory::zeros(&sizes, opts) }?;
    finish_strided(t, o.requires_grad, o.out)
}

/// `torch.empty(*size, out=None, dtype=None, layout=torch.strided, device=None, pin_memory=False,
/// requires_grad=False, memory_format=torch.contiguous_format)`: values unspecified; a sparse layout (without
/// `out=` or a placement) gives an empty sparse tensor, whatever the memory format.
pub fn empty(sizes: &[i64], o: FactoryOptions<'_>) -> Result<AnyTensor> {
    check_pin_memory(o.pin_memory)?;
    let opts = o.tensor_options()?;
    if o.is_sparse() && o.out.is_none() && !o.wants_global() {
        check_sparse_numel(sizes)?;
        return with_requires_grad(sparse_empty(&nonnegative_sizes(sizes)?, opts)?, o.requires_grad);
    }
    check_strided(o.layout, "empty")?;
    if let Some((p, s)) = o.global_args(opts.device.is_some())? {
        let g = GlobalTensor::zeros(&default_world()?, &nonnegative_sizes(sizes)?, opts, &p, &s)?;
        return with_requires_grad(g.into(), o.requires_grad);
    }
    let t = factory::empty(&nonnegative_sizes(sizes)?, opts)?;
    finish_strided(t, o.requires_grad, o.out)
}

/// `torch.full(size, fill_value, *, out=None, dtype=None, layout=torch.strided, device=None, pin_memory=False,
/// requires_grad=False)`: PyTorch's order: the layout, then the other keywords, then the sizes' signs.
pub fn full(sizes: &[i64], value: impl Into<Scalar>, o: FactoryOptions<'_>) -> Result<AnyTensor> {
    let value = value.into();
    check_strided(o.layout, "full")?;
    check_pin_memory(o.pin_memory)?;
    let opts = o.tensor_options()?;
    let sizes = nonnegative_sizes(sizes)?;
    if let Some((p, s)) = o.global_args(opts.device.is_some())? {
        let g = GlobalTensor::full(&default_world()?, &sizes, value, opts, &p, &s)?;
        return with_requires_grad(g.into(), o.requires_grad);
    }
    let t = factory::full(&sizes, value, opts)?;
    finish_strided(t, o.requires_grad, o.out)
}

/// PyTorch's treatment of a negative stride when it sets a tensor's strides (`set_sizes_and_strides`, reached by
/// `empty_strided` and DLPack import): it becomes the stride the dimension would have next to the one after it
/// (`stride * max(size, 1)` of that one, 1 for the last). With `all` false only the negative strides that never
/// move the address are replaced (a dimension of at most one element, or any of a tensor without elements), the
/// others kept so that the storage-size check still refuses them; the meta device, which checks no storage size,
/// replaces every one.
pub fn normalize_negative_strides(sizes: &[usize], mut strides: Vec<i64>, all: bool) -> Vec<i64> {
    let empty = sizes.contains(&0);
    for i in (0..strides.len().min(sizes.len())).rev() {
        if (all || sizes[i] <= 1 || empty) && strides[i] < 0 {
            strides[i] = match (sizes.get(i + 1), strides.get(i + 1)) {
                (Some(&size), Some(&stride)) => stride.wrapping_mul(size.max(1) as i64),
                _ => 1,
            };
        }
    }
    strides
}

/// `torch.empty_strided(size, stride, *, dtype=None, layout=None, device=None, pin_memory=False,
/// requires_grad=False)`, with signed sizes and strides: a negative stride is PyTorch's storage-size error where
/// its dimension has more than one element (see [`normalize_negative_strides`] for the others, and for the meta
/// device). `out=` and a memory format are not part of its signature and are ignored.
pub fn empty_strided(sizes: &[i64], strides: &[i64], o: FactoryOptions<'_>) -> Result<AnyTensor> {
    check_pin_memory(o.pin_memory)?;
    let opts = o.plain_options();
    if o.is_sparse() {
        return Err(sparse_layout_refusal("empty_strided", None, opts.resolved_device()));
    }
    check_strided(o.layout, "empty_strided")?;
    let usizes = nonnegative_sizes(sizes)?;
    let meta = opts.resolved_device().is_meta();
    let negative_moves = strides.iter().zip(sizes).any(|(&st, &n)| st < 0 && n > 1);
    if !meta && sizes.len() == strides.len() && !usizes.contains(&0) && negative_moves {
        runtime_err!(
            "Storage size calculation overflowed with sizes={} and strides={}",
            shape::fmt_list(sizes),
            shape::fmt_list(strides)
        )
    }
    let strides: Vec<usize> =
        normalize_negative_strides(&usizes, strides.to_vec(), meta).iter().map(|&st| st as usize).collect();
    let opts = TensorOptions { memory_format: None, ..opts };
    let t = factory::empty_strided(&usizes, &strides, opts)?;
    finish_strided(t, o.requires_grad, None)
}

// ----- ranges -----

/// `torch.arange(start, end, step, *, out=None, dtype=None, layout=torch.strided, device=None, pin_memory=False,
/// requires_grad=False)`: see [`factory::arange_step`] for the values and dtype.
pub fn arange(
    start: impl Into<Scalar>,
    end: impl Into<Scalar>,
    step: impl Into<Scalar>,
    o: FactoryOptions<'_>,
) -> Result<AnyTensor> {
    let (start, end, step) = (start.into(), end.into(), step.into());
    check_pin_memory(o.pin_memory)?;
    let opts = o.tensor_options()?;
    if o.is_sparse() {
        return Err(sparse_layout_refusal("arange", None, opts.resolved_device()));
    }
    check_strided(o.layout, "arange")?;
    if let Some((p, s)) = o.global_args(opts.device.is_some())? {
        let g = GlobalTensor::arange(&default_world()?, start, end, step, opts, &p, &s)?;
        return with_requires_grad(g.into(), o.requires_grad);
    }
    let t = factory::arange_step(start, end, step, opts)?;
    finish_strided(t, o.requires_grad, o.out)
}

/// `torch.linspace(start, end, steps, *, out=None, dtype=None, layout=torch.strided, device=None,
/// pin_memory=False, requires_grad=False)`. A bound may be a number or a zero-dim tensor (PyTorch reads its value
/// with `item()`, so the result's dtype is the default one, or the default complex one for a complex value, as for
/// numbers); a tensor of more dimensions is PyTorch's error. A bound on the meta device takes PyTorch's Python
/// meta function instead: a result on the meta device, complex only for a complex number.
pub fn linspace(
    start: impl Into<AnyOperand>,
    end: impl Into<AnyOperand>,
    steps: i64,
    o: FactoryOptions<'_>,
) -> Result<AnyTensor> {
    let (start, end) = (start.into(), end.into());
    check_pin_memory(o.pin_memory)?;
    let dim = |b: &AnyOperand| match b {
        AnyOperand::Tensor(t) => Some(t.dim()),
        AnyOperand::Scalar(_) => None,
    };
    let on_meta = |b: &AnyOperand| matches!(b, AnyOperand::Tensor(t) if t.device().is_meta());
    if on_meta(&start) || on_meta(&end) {
        return meta_tensor_linspace(&start, &end, steps, o);
    }
    match (dim(&start), dim(&end)) {
        (Some(s), Some(e)) if s != 0 || e != 0 => runtime_err!(
            "linspace only supports 0-dimensional start and end tensors, but got start with {s} dimension(s) and end \
             with {e} dimension(s)."
        ),
        (Some(s), None) if s != 0 => {
            runtime_err!(
                "linspace only supports 0-dimensional start and end tensors, but got start with {s} dimension(s)."
            )
        }
        (None, Some(e)) if e != 0 => {
            runtime_err!(
                "linspace only supports 0-dimensional start and end tensors, but got end with {e} dimension(s)."
            )
        }
        _ => {}
    }
    let (start, end) = (bound_value(&start)?, bound_value(&end)?);
    let device_opts = o.plain_options();
    if steps < 0 {
        // the meta device goes through PyTorch's Python decomposition, which checks the dtype first
        if device_opts.resolved_device().is_meta() && !o.is_sparse() {
            factory::linspace(start, end, 0, device_opts)?;
        }
        runtime_err!("number of steps must be non-negative")
    }
    let opts = o.tensor_options()?;
    if o.is_sparse() {
        // the dtype is checked (by the C++ function, whatever the device) before the kernel: no values for zero
        // steps
        let cpu = TensorOptions { device: Some(Device::cpu()), ..opts };
        factory::linspace(start, end, 0, cpu)?;
        return Err(sparse_layout_refusal("linspace", None, opts.resolved_device()));
    }
    check_strided(o.layout, "linspace")?;
    let t = factory::linspace(start, end, steps as usize, opts)?;
    finish_strided(t, o.requires_grad, o.out)
}

/// A linspace bound's value: a number, or a zero-dim tensor's `item()`.
fn bound_value(b: &AnyOperand) -> Result<Scalar> {
    match b {
        AnyOperand::Scalar(s) => Ok(*s),
        AnyOperand::Tensor(AnyTensor::Strided(t)) => t.item(),
        AnyOperand::Tensor(AnyTensor::SparseCoo(s)) => s.item(),
        AnyOperand::Tensor(AnyTensor::Global(g)) => g.to_logical()?.item(),
    }
}

/// PyTorch's Python meta function of `linspace`, reached when a bound is a meta tensor: each tensor bound must be
/// zero-dim (a message without the dimensions), a complex number (not a complex tensor) makes the dtype complex,
/// the steps must not be negative, and the result is an empty tensor on the meta device, whatever `device=` says.
fn meta_tensor_linspace(start: &AnyOperand, end: &AnyOperand, steps: i64, o: FactoryOptions<'_>) -> Result<AnyTensor> {
    if [start, end].iter().any(|b| matches!(b, AnyOperand::Tensor(t) if t.dim() != 0)) {
        runtime_err!("linspace only supports 0-dimensional start and end tensors")
    }
    let complex = [start, end].iter().any(|b| matches!(b, AnyOperand::Scalar(Scalar::Complex(_))));
    let dtype = if complex {
        let default_complex = crate::promotion::get_default_complex_dtype();
        match o.dtype {
            None => default_complex,
            Some(d) if d.is_complex() => d,
            Some(d) => {
                runtime_err!("linspace(): inferred dtype {default_complex} can't be safely cast to passed dtype {d}")
            }
        }
    } else {
        o.dtype.unwrap_or_else(get_default_dtype)
    };
    if steps < 0 {
        runtime_err!("number of steps must be non-negative")
    }
    if o.is_sparse() {
        // PyTorch's sparse path reads the bounds' values first
        runtime_err!("Tensor.item() cannot be called on meta tensors")
    }
    let t = factory::empty(&[steps as usize], TensorOptions::new().dtype(dtype).device(Device::meta()))?;
    check_requires_grad(t.dtype(), o.requires_grad)?;
    match o.out {
        Some(out) if !out.device().is_meta() => runtime_err!(
            "Attempting to copy from device meta to device {}, but cross-device copies are not allowed!",
            out.device()
        ),
        out => write_out(t, out).map(AnyTensor::Strided),
    }
}

// ----- random factories -----

/// `torch.rand(*size, generator=None, out=None, dtype=None, layout=torch.strided, device=None, pin_memory=False,
/// requires_grad=False)`: uniform values in [0, 1).
pub fn rand(sizes: &[i64], o: FactoryOptions<'_>, generator: GeneratorArg<'_>) -> Result<AnyTensor> {
    random("rand", sizes, o, generator)
}

/// `torch.randn(*size, ...)`: standard normal values. On the meta device without `generator=` (and without a
/// placement), PyTorch's Python decomposition, with its own checks (see [`meta_randn_decomposition`]).
pub fn randn(sizes: &[i64], o: FactoryOptions<'_>, generator: GeneratorArg<'_>) -> Result<AnyTensor> {
    random("randn", sizes, o, generator)
}

fn random(function: &str, sizes: &[i64], o: FactoryOptions<'_>, generator: GeneratorArg<'_>) -> Result<AnyTensor> {
    check_pin_memory(o.pin_memory)?;
    let opts = o.tensor_options()?;
    if o.is_sparse() {
        return Err(sparse_layout_refusal(function, Some(sizes), opts.resolved_device()));
    }
    check_strided(o.layout, function)?;
    let randn = function == "randn";
    if randn && opts.resolved_device().is_meta() && matches!(generator, GeneratorArg::Absent) && !o.wants_global() {
        let t = meta_randn_decomposition(sizes, opts)?;
        return finish_strided(t, o.requires_grad, o.out);
    }
    let sizes = nonnegative_sizes(sizes)?;
    let generator = generator.generator();
    if let Some((p, s)) = o.global_args(opts.device.is_some())? {
        let w = default_world()?;
        let g = if randn {
            GlobalTensor::randn(&w, &sizes, opts, generator, &p, &s)
        } else {
            GlobalTensor::rand(&w, &sizes, opts, generator, &p, &s)
        }?;
        return with_requires_grad(g.into(), o.requires_grad);
    }
    let t = if randn { factory::randn(&sizes, opts, generator) } else { factory::rand(&sizes, opts, generator) }?;
    finish_strided(t, o.requires_grad, o.out)
}

/// `torch.randint(low, high, size, *, generator=None, out=None, dtype=None, layout=torch.strided, device=None,
/// pin_memory=False, requires_grad=False)`: integers in [low, high), int64 by default.
pub fn randint(
    low: i64,
    high: i64,
    sizes: &[i64],
    o: FactoryOptions<'_>,
    generator: GeneratorArg<'_>,
) -> Result<AnyTensor> {
    check_pin_memory(o.pin_memory)?;
    let opts = o.tensor_options()?;
    if o.is_sparse() {
        return Err(sparse_layout_refusal("randint", Some(sizes), opts.resolved_device()));
    }
    check_strided(o.layout, "randint")?;
    let sizes = nonnegative_sizes(sizes)?;
    let generator = generator.generator();
    if let Some((p, s)) = o.global_args(opts.device.is_some())? {
        let g = GlobalTensor::randint(&default_world()?, low, high, &sizes, opts, generator, &p, &s)?;
        return with_requires_grad(g.into(), o.requires_grad);
    }
    let t = factory::randint(low, high, &sizes, opts, generator)?;
    finish_strided(t, o.requires_grad, o.out)
}

/// `torch.randn(size, device='meta')` without a generator, which PyTorch runs as a Python decomposition
/// (`prims.normal`'s meta function): each size must be non-negative (a bare assertion), the dtype floating or
/// complex, the row-major strides it computes as Python integers (`make_contiguous_strides_for`, every size
/// counted as at least 1) must pass `empty_strided`'s parser (the first stride is the largest), and the element
/// count must fit int64; the result is `empty_strided`'s, with no storage-size check on meta.
pub fn meta_randn_decomposition(sizes: &[i64], options: TensorOptions) -> Result<Tensor> {
    if sizes.iter().any(|&n| n < 0) {
        return Err(Error::Runtime(
            "Expected cond to be True, but got False. (Could this error message be improved? If so, please report \
             an enhancement request to PyTorch.)"
                .into(),
        ));
    }
    factory::check_meta_normal_dtype(options.dtype.unwrap_or_else(get_default_dtype))?;
    let sizes: Vec<usize> = sizes.iter().map(|&n| n as usize).collect();
    let mut strides = vec![1usize; sizes.len()];
    for d in (0..sizes.len().saturating_sub(1)).rev() {
        match strides[d + 1].checked_mul(sizes[d + 1].max(1)).filter(|&s| s <= i64::MAX as usize) {
            Some(s) => strides[d] = s,
            None => {
                return Err(Error::Type(
                    "empty_strided(): argument 'stride' failed to unpack the object at pos 1 with error \"Overflow \
                     when unpacking long long"
                        .into(),
                ))
            }
        }
    }
    shape::check_numel(&sizes)?;
    factory::empty_strided(&sizes, &strides, options)
}

// ----- the *_like factories -----

/// Which `*_like` factory: what it fills the new tensor with.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum LikeFill {
    /// `empty_like`: unspecified values.
    Empty,
    /// `zeros_like`.
    Zeros,
    /// `ones_like`.
    Ones,
    /// `full_like(input, value)`.
    Full(Scalar),
    /// `rand_like`.
    Rand,
    /// `randn_like`.
    Randn,
    /// `randint_like(input, low, high)`.
    Randint(i64, i64),
}

impl LikeFill {
    /// The factory's name (`zeros_like` ...).
    pub fn name(self) -> &'static str {
        match self {
            LikeFill::Empty => "empty_like",
            LikeFill::Zeros => "zeros_like",
            LikeFill::Ones => "ones_like",
            LikeFill::Full(_) => "full_like",
            LikeFill::Rand => "rand_like",
            LikeFill::Randn => "randn_like",
            LikeFill::Randint(..) => "randint_like",
        }
    }

    /// The kernel whose dispatcher error a sparse input meets.
    fn sparse_kernel(self) -> &'static str {
        match self {
            LikeFill::Rand => "uniform_",
            LikeFill::Randn => "normal_",
            LikeFill::Randint(..) => "random_.from",
            _ => "fill_.Scalar",
        }
    }
}

/// `torch.zeros_like(input, *, dtype=None, layout=None, device=None, pin_memory=False, requires_grad=False,
/// memory_format=torch.preserve_format)` and the other `*_like` factories (`fill` says which), for a strided or
/// sparse `input` (a global one is the caller's to refuse). As in PyTorch, `zeros_like` / `empty_like` of a sparse
/// tensor is a sparse tensor of the same sizes and sparse dimensions without elements (or dense zeros with
/// `layout=oxtorch.strided`), the factories that fill values refuse sparse inputs with the dispatcher's message, and
/// `layout=oxtorch.sparse_coo` for a strided input is a sparse result for `zeros_like` only. `out=` is not part of
/// the signature and is ignored.
pub fn like(
    input: &AnyTensor,
    fill: LikeFill,
    o: FactoryOptions<'_>,
    generator: Option<&mut Generator>,
) -> Result<AnyTensor> {
    check_pin_memory(o.pin_memory)?;
    let name = fill.name();
    let sparse_input = input.sparse();
    let want_sparse = match o.layout {
        Some(l) => l == Layout::SparseCoo,
        None => sparse_input.is_some(),
    };
    if sparse_input.is_some() || want_sparse {
        if let (false, Some(s)) = (matches!(fill, LikeFill::Zeros | LikeFill::Empty), sparse_input) {
            return Err(dispatcher_error(fill.sparse_kernel(), s.device()));
        }
        if want_sparse && o.memory_format.is_some() {
            runtime_err!("memory format option is only supported by strided tensors")
        }
        if fill != LikeFill::Zeros && want_sparse && sparse_input.is_none() {
            // the `*_like` of a strided tensor reaches `empty_strided`, which has no sparse kernel
            return Err(dispatcher_error("empty_strided", o.device.unwrap_or_else(|| input.device())));
        }
        let sizes = input.sizes().to_vec();
        let dtype = o.dtype.unwrap_or_else(|| input.dtype());
        let device = o.device.unwrap_or_else(|| input.device());
        let t = if want_sparse {
            let sparse_dim = sparse_input.map_or(sizes.len(), |s| s.sparse_dim());
            AnyTensor::from(sparse_zeros_with_dims(&sizes, sparse_dim, dtype, device)?)
        } else {
            AnyTensor::Strided(factory::zeros(&sizes, (dtype, device))?)
        };
        return with_requires_grad(t, o.requires_grad);
    }
    check_strided(o.layout, name)?;
    let t = match input {
        AnyTensor::Strided(t) => t,
        other => runtime_err!("{name}: expected a strided or sparse COO tensor, got a {} one", other.kind_name()),
    };
    let opts = o.plain_options();
    let result = match (fill, generator) {
        (LikeFill::Empty, _) => t.empty_like(opts),
        (LikeFill::Zeros, _) => t.zeros_like(opts),
        (LikeFill::Ones, _) => t.ones_like(opts),
        (LikeFill::Full(value), _) => t.full_like(value, opts),
        (LikeFill::Rand, None) => t.rand_like(opts),
        (LikeFill::Randn, None) => t.randn_like(opts),
        (LikeFill::Randint(low, high), None) => t.randint_like(low, high, opts),
        (LikeFill::Rand, Some(g)) => random_like_from(t, opts, g, factory::rand),
        (LikeFill::Randn, Some(g)) => random_like_from(t, opts, g, factory::randn),
        (LikeFill::Randint(low, high), Some(g)) => {
            random_like_from(t, opts, g, |s, o, g| factory::randint(low, high, s, o, g))
        }
    }?;
    finish_strided(result, o.requires_grad, None)
}

/// A `*_like` random tensor drawn from `generator`: allocated like `input` (dtype, device, memory format resolved
/// as `empty_like` does), then filled from `draw(sizes, options, generator)`.
fn random_like_from(
    input: &Tensor,
    opts: TensorOptions,
    generator: &mut Generator,
    draw: impl FnOnce(&[usize], TensorOptions, Option<&mut Generator>) -> Result<Tensor>,
) -> Result<Tensor> {
    let out = input.empty_like(opts)?;
    let plain = TensorOptions { dtype: Some(out.dtype()), device: Some(out.device()), memory_format: None };
    let values = draw(input.sizes(), plain, Some(generator))?;
    out.copy_(&values)?;
    Ok(out)
}
