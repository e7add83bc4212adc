//! The elementwise iterator (PyTorch's TensorIterator): the one place that decides, for an operation over an
//! output and some inputs, the broadcast shape, the common dtype, the device, the output's shape and dtype checks,
//! the strides of a new output, overlap checks, and the loop [`Plan`] kernels follow.
//!
//! The iterator decides and allocates nothing, and knows no tensor type: it reads operands as [`TensorView`]s
//! (geometry, storage) and numbers, follows an [`IterConfig`] (PyTorch's `TensorIteratorConfig`), and returns a
//! decision ([`ElementwiseIter`]: shape, dtypes, device, where the result goes). The caller (`tensor/ops.rs`) allocates
//! the output, and [`binary_plan`] turns the final operands into a plan for the backend.
//!
//! On the meta device PyTorch decides elementwise operations with its Python references instead; their rules
//! (broadcasting, dtypes, output layout) are in [`reference`](mod@reference).

mod overlap;
mod plan;
pub mod reference;

pub use overlap::{
    assert_no_internal_overlap, assert_no_partial_overlap, has_internal_overlap, overlap, Overlap,
    INTERNAL_OVERLAP_MSG, PARTIAL_OVERLAP_MSG,
};
pub use plan::Plan;

use crate::device::Device;
use crate::dtype::DType;
use crate::error::{runtime_err, Error, Result};
use crate::memory_format::MemoryFormat;
use crate::promotion::{self, can_cast, get_default_dtype};
use crate::scalar::Scalar;
use crate::shape::{self, fmt_list, Dims};
use crate::storage::Storage;
use smallvec::SmallVec;

/// What the iterator reads of a tensor: its geometry and the storage it views (dtype and device come from the
/// storage). Tensors give one with `TensorView::from(&tensor)`.
#[derive(Clone, Copy, Debug)]
pub struct TensorView<'a> {
    /// Sizes.
    pub sizes: &'a [usize],
    /// Strides, in elements.
    pub strides: &'a [usize],
    /// Offset of the first element in the storage, in elements.
    pub offset: usize,
    /// The memory it views.
    pub storage: &'a Storage,
}

impl TensorView<'_> {
    /// The element type.
    pub fn dtype(&self) -> DType {
        self.storage.dtype()
    }

    /// Where the memory is.
    pub fn device(&self) -> Device {
        self.storage.device()
    }

    /// Number of dimensions.
    pub fn dim(&self) -> usize {
        self.sizes.len()
    }

    /// Number of elements.
    pub fn numel(&self) -> usize {
        self.sizes.iter().product()
    }

    /// Whether the elements are laid out contiguously in row-major order.
    pub fn is_contiguous(&self) -> bool {
        shape::is_contiguous(self.sizes, self.strides)
    }

    /// Whether both show the same elements of the same memory (storage, offset, sizes and strides).
    pub fn is_same(&self, other: TensorView<'_>) -> bool {
        self.storage.ptr_eq(other.storage)
            && self.offset == other.offset
            && self.sizes == other.sizes
            && self.strides == other.strides
    }

    /// Whether both view the same memory, whatever their geometry.
    pub fn is_alias_of(&self, other: TensorView<'_>) -> bool {
        self.storage.ptr_eq(other.storage)
    }
}

/// PyTorch's `TensorIteratorConfig`, for the flags elementwise operations set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IterConfig {
    /// Inputs take part in type promotion and are read in the common dtype.
    pub promote_inputs_to_common_dtype: bool,
    /// An integral (or bool) common dtype becomes the default dtype (true division).
    pub promote_integer_inputs_to_float: bool,
    /// A new output's dtype, whatever the common dtype (bool for comparisons); `None`: the common dtype.
    pub static_dtype: Option<DType>,
    /// The common dtype must be castable to a given output's dtype (`result type Float can't be cast to the
    /// desired output type Int`).
    pub enforce_safe_casting_to_output: bool,
    /// How many zero-dim CPU inputs (or numbers) may join an operation on another device.
    pub cpu_scalars: CpuScalars,
    /// The first input is a condition (`where`): it takes no part in promotion and is read as bool.
    pub condition_input: bool,
    /// Refuse outputs that overlap themselves or partially overlap an input.
    pub check_mem_overlap: bool,
}

/// The zero-dim CPU inputs (and numbers) an operation on another device accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CpuScalars {
    /// One (TensorIterator's `allow_cpu_scalars`: `Trying to pass too many CPU scalars to non-CPU kernel!` for a
    /// second).
    One,
    /// Any number of them, each moved to the operation's device first (`where`).
    Any,
}

impl IterConfig {
    /// `build_borrowing_binary_op`: add, sub, mul, maximum, ...
    pub const BINARY: IterConfig = IterConfig {
        promote_inputs_to_common_dtype: true,
        promote_integer_inputs_to_float: false,
        static_dtype: None,
        enforce_safe_casting_to_output: true,
        cpu_scalars: CpuScalars::One,
        check_mem_overlap: true,
        condition_input: false,
    };

    /// `build_borrowing_binary_float_op`: true division.
    pub const BINARY_FLOAT: IterConfig = IterConfig { promote_integer_inputs_to_float: true, ..IterConfig::BINARY };

    /// An iterator whose operands all have one dtype (`lerp` with a dimensioned weight): no promotion, an output of
    /// another dtype refused.
    pub const SAME_DTYPE: IterConfig = IterConfig {
        promote_inputs_to_common_dtype: false,
        enforce_safe_casting_to_output: false,
        ..IterConfig::BINARY
    };

    /// `where`'s iterator: the condition (read as bool) and two inputs of their common dtype, into an output of
    /// exactly that dtype (checked before the iterator runs).
    pub const WHERE: IterConfig = IterConfig {
        condition_input: true,
        enforce_safe_casting_to_output: false,
        cpu_scalars: CpuScalars::Any,
        ..IterConfig::BINARY
    };

    /// `build_borrowing_comparison_op`: inputs in their common dtype, a new output of bool, a given output of any
    /// dtype (the result cast to it, unchecked).
    pub const COMPARISON: IterConfig =
        IterConfig { static_dtype: Some(DType::Bool), enforce_safe_casting_to_output: false, ..IterConfig::BINARY };
}

/// An operand as the iterator reads it: a tensor, or a Python-style number.
#[derive(Clone, Copy, Debug)]
pub enum IterOperand<'a> {
    /// A tensor (dimensioned or zero-dim).
    Tensor(TensorView<'a>),
    /// A Python number: a zero-dim operand on no device that promotes only by category.
    Scalar(Scalar),
}

impl IterOperand<'_> {
    /// The operand's dtype: a tensor's own, or the dtype a Python number is stored in (bool, int64, float64,
    /// complex128).
    pub fn dtype(&self) -> DType {
        match self {
            IterOperand::Tensor(t) => t.dtype(),
            IterOperand::Scalar(s) => s.storage_dtype(),
        }
    }

    /// How the operand takes part in type promotion.
    pub fn promotion_class(&self) -> promotion::Operand {
        match self {
            IterOperand::Tensor(t) if t.dim() == 0 => promotion::Operand::ZeroDim(t.dtype()),
            IterOperand::Tensor(t) => promotion::Operand::Dimensioned(t.dtype()),
            IterOperand::Scalar(s) => promotion::Operand::Scalar(*s),
        }
    }

    /// Sizes and strides (a number is zero-dim).
    fn geometry(&self) -> Geometry<'_> {
        match self {
            IterOperand::Tensor(t) => Geometry { sizes: t.sizes, strides: t.strides },
            IterOperand::Scalar(_) => Geometry { sizes: &[], strides: &[] },
        }
    }
}

/// Where an elementwise result goes, as the iterator sees it.
#[derive(Clone, Copy, Debug)]
pub enum IterOutput<'a> {
    /// A new tensor.
    New,
    /// Into the first input (`add_`).
    InPlace,
    /// Into a given tensor (`out=`): replaced by a tensor of the result's shape (keeping its dtype and device)
    /// when its shape differs, as PyTorch resizes it.
    Out(TensorView<'a>),
    /// Into an `out=` tensor that is also one of the inputs (the same tensor object: TensorIterator's
    /// `is_read_write` operand), which is never resized.
    ReadWrite(TensorView<'a>),
}

/// Where the iterator decided the result goes; the caller allocates.
#[derive(Debug, PartialEq)]
pub enum Destination {
    /// A new tensor of the broadcast shape, with these strides and dtype on the operation's device. For an `out=`
    /// tensor of another shape, the new tensor replaces it.
    Allocate {
        /// The new tensor's dtype.
        dtype: DType,
        /// The new tensor's strides (following the inputs' memory order).
        strides: Dims,
    },
    /// The given output: the first input (in place) or the `out=` tensor, which has the broadcast shape.
    Existing,
}

/// The decision for an elementwise operation.
#[derive(Debug)]
pub struct ElementwiseIter {
    /// The broadcast shape.
    pub shape: Dims,
    /// The dtype the operation computes in: the common dtype, or the default dtype for true division of integers.
    pub common_dtype: DType,
    /// The device the operation runs on.
    pub device: Device,
    /// Where the result goes.
    pub destination: Destination,
}

/// How a kernel reads one input, as far as its loop plan goes.
#[derive(Clone, Copy, Debug)]
pub enum PlanInput<'a> {
    /// The elements of a tensor on the operation's device.
    Tensor(TensorView<'a>),
    /// One value for every element (stride 0).
    Value,
    /// The output itself: the first input of an in-place operation.
    Output,
}

/// Sizes and strides of one operand.
#[derive(Clone, Copy)]
struct Geometry<'a> {
    sizes: &'a [usize],
    strides: &'a [usize],
}

impl<'a> Geometry<'a> {
    /// This geometry with other strides, when there are some.
    fn with_strides(self, strides: Option<&'a [usize]>) -> Geometry<'a> {
        match strides {
            Some(strides) => Geometry { sizes: self.sizes, strides },
            None => self,
        }
    }

    fn is_contiguous_in(&self, format: MemoryFormat) -> bool {
        format.is_contiguous(self.sizes, self.strides)
    }

    /// The strides once broadcast to `shape` (0 along broadcast dimensions).
    fn broadcast_strides(&self, shape: &[usize]) -> Dims {
        let lead = shape.len() - self.sizes.len();
        (0..shape.len())
            .map(|i| if i < lead || (self.sizes[i - lead] == 1 && shape[i] != 1) { 0 } else { self.strides[i - lead] })
            .collect()
    }
}

/// The device an operation runs on: the first non-CPU device among its tensors (output included), checking that
/// every tensor is there, except CPU scalars (a zero-dim CPU input, and a Python number, which PyTorch wraps as
/// one), which may join another device as many as the configuration allows.
fn common_device(config: &IterConfig, output: Option<TensorView<'_>>, inputs: &[&IterOperand<'_>]) -> Result<Device> {
    let tensors = inputs.iter().map(|o| match o {
        IterOperand::Tensor(t) => (Some(*t), false),
        IterOperand::Scalar(_) => (None, false),
    });
    let all: SmallVec<[(Option<TensorView<'_>>, bool); 3]> =
        output.map(|o| (Some(o), true)).into_iter().chain(tensors).collect();
    let device = all.iter().filter_map(|(t, _)| t.map(|t| t.device())).find(|d| !d.is_cpu()).unwrap_or(Device::cpu());
    let mut cpu_scalars = 0;
    for (t, is_output) in &all {
        let cpu_scalar = !is_output && t.is_none_or(|t| t.dim() == 0 && t.device().is_cpu());
        if !device.is_cpu() && cpu_scalar {
            cpu_scalars += 1;
            if cpu_scalars > 1 && config.cpu_scalars == CpuScalars::One {
                runtime_err!("Trying to pass too many CPU scalars to non-CPU kernel!")
            }
        } else if let Some(t) = t.filter(|t| t.device() != device) {
            runtime_err!(
                "Expected all tensors to be on the same device, but found at least two devices, {device} and {}!",
                t.device()
            )
        }
    }
    Ok(device)
}

/// Strides for a new output of `shape`, following its inputs' memory order as TensorIterator does: contiguous
/// when every input is, channels-last (4-D) when every input is, the inputs' strides when they are all the same dense
/// strides, else dense strides in the order the inputs' strides suggest.
fn output_strides(shape: &[usize], inputs: &[Geometry<'_>]) -> Dims {
    let same_shape = inputs.iter().all(|g| g.sizes == shape);
    if same_shape {
        if inputs.iter().all(|g| g.is_contiguous_in(MemoryFormat::Contiguous)) {
            return shape::contiguous_strides(shape);
        }
        // TensorIterator's fast setup knows channels-last for 4-D tensors only: 5-D inputs reach the stride
        // ordering, which breaks ties between size-1 dimensions otherwise (fuzzer seed 20522533)
        let format = MemoryFormat::ChannelsLast;
        if inputs.iter().all(|g| g.is_contiguous_in(format)) {
            if let Ok(strides) = format.strides_for(shape) {
                return strides;
            }
        }
        let first = inputs[0].strides;
        if inputs.iter().all(|g| shape::is_non_overlapping_and_dense(g.sizes, g.strides) && g.strides == first) {
            return first.into();
        }
    }
    let expanded: SmallVec<[Dims; 2]> = inputs.iter().map(|g| g.broadcast_strides(shape)).collect();
    let views: SmallVec<[&[usize]; 2]> = expanded.iter().map(|s| s.as_slice()).collect();
    let perm = shape::stride_order(shape, &views);
    if perm.iter().rev().copied().eq(0..shape.len()) {
        // the natural order: TensorIterator allocates a plain contiguous output
        return shape::contiguous_strides(shape);
    }
    shape::iterator_strides_in_order(shape, &perm)
}

/// Whether TensorIterator replaces an input of `dtype` by `input.to(common)` before anything else: on the CPU, an
/// input of another dtype than the common one (`compute_types`). The copy decides the output's layout
/// (`converted_strides`), and the loop runs over it (what `tensor/ops.rs` follows where rounding depends on it).
pub fn converts_first(dtype: DType, common: DType, device: Device) -> bool {
    device.is_cpu() && dtype != common
}

/// The strides TensorIterator orders the dimensions by for an input it converts first: on the CPU, an input of
/// another dtype than the common one is replaced by `input.to(common)` before the output is laid out, and that copy
/// keeps a dense input's strides and lays out any other densely in its stride order. None: the input as it is.
fn converted_strides(input: &IterOperand<'_>, common: DType, device: Device) -> Option<Dims> {
    match input {
        IterOperand::Tensor(t) if converts_first(t.dtype(), common, device) => {
            Some(if shape::is_non_overlapping_and_dense(t.sizes, t.strides) {
                t.strides.into()
            } else {
                shape::infer_dense_strides(t.sizes, t.strides)
            })
        }
        _ => None,
    }
}

/// Strides for the new output of a unary elementwise operation on an input of `sizes` and `strides`
/// (TensorIterator with one input: its fast setup keeps a contiguous, channels-last or dense layout, else the
/// input's stride order).
pub fn unary_output_strides(sizes: &[usize], strides: &[usize]) -> Dims {
    output_strides(sizes, &[Geometry { sizes, strides }])
}

/// The dtype an operation computes in: the common dtype, except that an integral (or bool) common dtype becomes
/// the default dtype when integers promote to float (true division).
pub(crate) fn computation_dtype(common: DType, promote_integer_inputs_to_float: bool) -> DType {
    if promote_integer_inputs_to_float && common.is_integral(true) {
        get_default_dtype()
    } else {
        common
    }
}

/// PyTorch's message for an output whose shape is not the broadcast shape.
fn shape_mismatch(out: &[usize], shape: &[usize]) -> Error {
    Error::Runtime(format!("output with shape {} doesn't match the broadcast shape {}", fmt_list(out), fmt_list(shape)))
}

impl ElementwiseIter {
    /// Decides an elementwise binary operation under `config`.
    pub fn build(
        config: &IterConfig,
        lhs: &IterOperand<'_>,
        rhs: &IterOperand<'_>,
        output: IterOutput<'_>,
    ) -> Result<ElementwiseIter> {
        if matches!(output, IterOutput::New) {
            let fast = match (lhs, rhs) {
                (IterOperand::Tensor(a), IterOperand::Tensor(b)) => Self::fast_setup(config, a, b),
                (IterOperand::Tensor(t), IterOperand::Scalar(_)) | (IterOperand::Scalar(_), IterOperand::Tensor(t)) => {
                    Self::fast_setup_with_number(config, t, lhs, rhs)?
                }
                _ => None,
            };
            if let Some(fast) = fast {
                return Ok(fast);
            }
        }
        Self::general(config, &[*lhs, *rhs], output)
    }

    /// TensorIterator's general setup over any number of inputs (the first is the in-place target): overlap
    /// checks, broadcasting, promotion, devices, then the output's layout.
    pub fn general(config: &IterConfig, inputs: &[IterOperand<'_>], output: IterOutput<'_>) -> Result<ElementwiseIter> {
        let given: Option<TensorView<'_>> = match output {
            IterOutput::New => None,
            IterOutput::InPlace => match inputs.first() {
                Some(IterOperand::Tensor(t)) => Some(*t),
                _ => runtime_err!("an in-place operation needs a tensor as its first operand"),
            },
            IterOutput::Out(t) | IterOutput::ReadWrite(t) => Some(t),
        };
        let is_out = matches!(output, IterOutput::Out(_) | IterOutput::ReadWrite(_));
        // overlap checks come first, as in TensorIterator
        if let Some(out) = given.filter(|_| config.check_mem_overlap) {
            if !is_out || out.numel() > 0 {
                assert_no_internal_overlap(out)?;
                for input in inputs {
                    if let IterOperand::Tensor(input) = input {
                        if !(matches!(output, IterOutput::InPlace) && input.is_same(out)) {
                            assert_no_partial_overlap(out, *input)?;
                        }
                    }
                }
            }
        }
        let geometries: SmallVec<[Geometry<'_>; 3]> = inputs.iter().map(IterOperand::geometry).collect();
        let mut shape: Dims = SmallVec::new();
        for g in &geometries {
            shape = shape::broadcast_shapes(&shape, g.sizes)?;
        }
        let resize = match (output, given) {
            // PyTorch resizes an `out=` of another shape (with a deprecation warning when it had elements)
            (IterOutput::Out(_), Some(out)) if out.sizes != shape.as_slice() => true,
            (IterOutput::InPlace | IterOutput::ReadWrite(_), Some(out)) if out.sizes != shape.as_slice() => {
                return Err(shape_mismatch(out.sizes, &shape));
            }
            _ => false,
        };
        let promoted = &inputs[usize::from(config.condition_input).min(inputs.len())..];
        let classes: SmallVec<[promotion::Operand; 3]> = promoted.iter().map(IterOperand::promotion_class).collect();
        let common = computation_dtype(promotion::result_type(&classes)?, config.promote_integer_inputs_to_float);
        let operands: SmallVec<[&IterOperand<'_>; 3]> = inputs.iter().collect();
        let device = common_device(config, given, &operands)?;
        if let Some(out) = given.filter(|o| !config.promote_inputs_to_common_dtype && o.dtype() != common) {
            // without promotion every operand must have the one dtype (`check_all_same_dtype`); the inputs were
            // checked by the operation
            runtime_err!("Found dtype {} but expected {}", out.dtype().scalar_type_name(), common.scalar_type_name())
        }
        if let Some(out) = given.filter(|_| config.enforce_safe_casting_to_output) {
            if !can_cast(common, out.dtype()) {
                runtime_err!(
                    "result type {} can't be cast to the desired output type {}",
                    common.scalar_type_name(),
                    out.dtype().scalar_type_name()
                )
            }
        }
        let destination = match given {
            Some(_) if !resize => Destination::Existing,
            _ => {
                let converted: SmallVec<[Option<Dims>; 3]> = inputs
                    .iter()
                    .enumerate()
                    .map(|(k, input)| {
                        // a condition is read as bool: it is converted when it is not one
                        let target = if config.condition_input && k == 0 { DType::Bool } else { common };
                        converted_strides(input, target, device)
                    })
                    .collect();
                let laid_out: SmallVec<[Geometry<'_>; 3]> =
                    geometries.iter().zip(&converted).map(|(g, c)| g.with_strides(c.as_deref())).collect();
                let new_dtype = config.static_dtype.unwrap_or(common);
                Destination::Allocate {
                    dtype: given.map_or(new_dtype, |o| o.dtype()),
                    strides: output_strides(&shape, &laid_out),
                }
            }
        };
        Ok(ElementwiseIter { shape, common_dtype: common, device, destination })
    }

    /// TensorIterator's fast setup for the commonest case: a new output from two contiguous tensors of the same
    /// shape, dtype and device. Then nothing broadcasts, the common dtype is theirs (or the default dtype when
    /// integers promote to float), and the output is contiguous. None: take the general path.
    fn fast_setup(config: &IterConfig, a: &TensorView<'_>, b: &TensorView<'_>) -> Option<ElementwiseIter> {
        let fits = a.sizes == b.sizes
            && a.dtype() == b.dtype()
            && a.device() == b.device()
            && a.is_contiguous()
            && b.is_contiguous();
        fits.then(|| {
            Self::contiguous_like(config, a, computation_dtype(a.dtype(), config.promote_integer_inputs_to_float))
        })
    }

    /// The general path's decision, taken directly, for a new output from a tensor and a Python number when the
    /// tensor has exactly the contiguous strides of its (nonempty) sizes: nothing broadcasts against a number, the
    /// only device is the tensor's, and the stride ordering of such a tensor is the natural one (its strides only
    /// tie across size-1 dimensions, where the ordering keeps them), so the output is contiguous, as the general
    /// path finds. None: take the general path.
    fn fast_setup_with_number(
        config: &IterConfig,
        tensor: &TensorView<'_>,
        lhs: &IterOperand<'_>,
        rhs: &IterOperand<'_>,
    ) -> Result<Option<ElementwiseIter>> {
        if tensor.numel() == 0 || tensor.strides != shape::contiguous_strides(tensor.sizes).as_slice() {
            return Ok(None);
        }
        let common = computation_dtype(
            promotion::result_type(&[lhs.promotion_class(), rhs.promotion_class()])?,
            config.promote_integer_inputs_to_float,
        );
        Ok(Some(Self::contiguous_like(config, tensor, common)))
    }

    /// A new contiguous output of `like`'s sizes on its device, computed in `common`.
    fn contiguous_like(config: &IterConfig, like: &TensorView<'_>, common: DType) -> ElementwiseIter {
        ElementwiseIter {
            shape: Dims::from_slice(like.sizes),
            common_dtype: common,
            device: like.device(),
            destination: Destination::Allocate {
                dtype: config.static_dtype.unwrap_or(common),
                strides: shape::contiguous_strides(like.sizes),
            },
        }
    }
}

/// Whether a kernel input must be read from a private copy: it shares memory with the output without being the
/// output itself (kernels read and write distinct memory, except an in-place first input read in place).
pub fn needs_private_copy(input: TensorView<'_>, out: TensorView<'_>) -> bool {
    input.is_alias_of(out)
}

/// The loop plan of a binary operation over its output and two inputs (operands 0, 1, 2); values have stride 0.
pub fn binary_plan(out: TensorView<'_>, lhs: PlanInput<'_>, rhs: PlanInput<'_>) -> Plan {
    elementwise_plan(out, &[lhs, rhs])
}

/// The loop plan of an operation over its output and any number of inputs (operand 0 the output, then the
/// inputs in order); values have stride 0.
pub fn elementwise_plan(out: TensorView<'_>, inputs: &[PlanInput<'_>]) -> Plan {
    // the common case, decided without broadcasting any strides (a tiny operation's cost is mostly such
    // bookkeeping): a contiguous output, every tensor input laid out as it, values read for every element
    let flat = |input: &PlanInput<'_>| match *input {
        PlanInput::Tensor(t) => t.sizes == out.sizes && t.strides == out.strides,
        PlanInput::Output | PlanInput::Value => true,
    };
    if out.is_contiguous() && inputs.iter().all(flat) {
        let operand = |input: &PlanInput<'_>| match *input {
            PlanInput::Tensor(t) => (t.offset, 1),
            PlanInput::Output => (out.offset, 1),
            PlanInput::Value => (0, 0),
        };
        return Plan::flat(out.numel(), std::iter::once((out.offset, 1)).chain(inputs.iter().map(operand)));
    }
    let offset = |input: &PlanInput<'_>| match *input {
        PlanInput::Tensor(t) => t.offset,
        PlanInput::Output => out.offset,
        PlanInput::Value => 0,
    };
    let mut offsets: SmallVec<[usize; 4]> = SmallVec::new();
    offsets.push(out.offset);
    for input in inputs {
        offsets.push(offset(input));
    }
    let shape = out.sizes;
    let strides_of = |input: &PlanInput<'_>| -> Dims {
        match *input {
            PlanInput::Tensor(t) => Geometry { sizes: t.sizes, strides: t.strides }.broadcast_strides(shape),
            PlanInput::Output => out.strides.into(),
            PlanInput::Value => SmallVec::from_elem(0, shape.len()),
        }
    };
    let laid_out: SmallVec<[Dims; 3]> = inputs.iter().map(strides_of).collect();
    if out.is_contiguous() && laid_out.iter().all(|s| s.as_slice() == out.strides) {
        // everything contiguous and of one shape after broadcasting: one flat loop
        return Plan::contiguous(out.numel(), &offsets);
    }
    let strides: SmallVec<[&[usize]; 4]> =
        std::iter::once(out.strides).chain(laid_out.iter().map(|s| s.as_slice())).collect();
    Plan::from_geometry(shape, &strides, &offsets)
}

/// Checks `dst.copy_(src)`: `src` must broadcast to `dst`'s shape, `dst` must not overlap itself, and `src` must
/// not partially overlap `dst`. Any devices and dtypes may meet.
pub fn check_copy(dst: TensorView<'_>, src: TensorView<'_>) -> Result<()> {
    // TensorIterator's order: the output's own overlap, the input's overlap with it, then the shapes
    assert_no_internal_overlap(dst)?;
    assert_no_partial_overlap(dst, src)?;
    let shape = shape::broadcast_shapes(dst.sizes, src.sizes)?;
    if shape.as_slice() != dst.sizes {
        return Err(shape_mismatch(dst.sizes, &shape));
    }
    Ok(())
}

/// Whether `dst.copy_(src)` must read `src` from a private copy: it is a view of `dst`'s storage. A full
/// overlap (or one too hard to tell) needs the copy for its values; disjoint views of one storage (`x[0] = x[1]`)
/// need it because a kernel borrows its output's buffer exclusively, so it cannot read an input from that buffer.
pub fn copy_needs_private_source(dst: TensorView<'_>, src: TensorView<'_>) -> bool {
    src.is_alias_of(dst)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scalar::Scalar;

    /// The fast setups decide what the general setup decides, for every layout they accept and some they refuse.
    #[test]
    fn fast_setups_agree_with_the_general_setup() {
        let geometries: [(&[usize], &[usize]); 9] = [
            (&[], &[]),
            (&[1], &[1]),
            (&[5], &[1]),
            (&[2, 1], &[1, 1]),
            (&[2, 1], &[1, 5]),
            (&[1, 3], &[3, 1]),
            (&[2, 3, 1, 4], &[12, 4, 4, 1]),
            (&[2, 3], &[1, 2]),
            (&[0, 3], &[3, 1]),
        ];
        let numbers = [
            Scalar::Bool(true),
            Scalar::Int(2),
            Scalar::Float(2.5),
            Scalar::Complex(num_complex::Complex::new(1.0, 2.0)),
        ];
        let configs = [IterConfig::BINARY, IterConfig::BINARY_FLOAT, IterConfig::COMPARISON];
        for dtype in [DType::Bool, DType::UInt8, DType::Int32, DType::Float16, DType::Float32, DType::Complex64] {
            for (sizes, strides) in geometries {
                let storage = Storage::zeroed(64, dtype, Device::cpu()).unwrap();
                let t = IterOperand::Tensor(TensorView { sizes, strides, offset: 0, storage: &storage });
                let operands = numbers.iter().map(|&n| IterOperand::Scalar(n)).chain([t]);
                for other in operands {
                    for config in &configs {
                        for (l, r) in [(&t, &other), (&other, &t)] {
                            let fast = ElementwiseIter::build(config, l, r, IterOutput::New).map(|i| format!("{i:?}"));
                            let general =
                                ElementwiseIter::general(config, &[*l, *r], IterOutput::New).map(|i| format!("{i:?}"));
                            assert_eq!(fast.is_ok(), general.is_ok(), "{sizes:?} {strides:?} {l:?} {r:?}");
                            if let (Ok(f), Ok(g)) = (fast, general) {
                                assert_eq!(f, g, "{sizes:?} {strides:?} {l:?} {r:?}");
                            }
                        }
                    }
                }
            }
        }
    }
}
