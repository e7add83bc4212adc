//! The elementwise iterator (PyTorch's TensorIterator): the one place that decides, for an operation over an
//! output and some inputs, the broadcast shape, the common dtype, the device, the output's shape and dtype checks,
//! the strides of a new output, overlap checks, and the loop [`Plan`] kernels follow.
//!
//! The iterator decides and allocates nothing: [`BinaryIter::build`] returns a decision (shape, dtype, device,
//! where the result goes), the caller (`tensor/ops.rs`) allocates the output, and [`binary_plan`] turns the final
//! operands into a plan for the backend. Numbers stay numbers ([`Input::Value`]): no zero-dim tensor is built
//! for them.

mod overlap;
mod plan;

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
use crate::tensor::Tensor;
use smallvec::SmallVec;

/// An operand of an elementwise operation: a tensor, or a Python-style number.
#[derive(Clone, Debug)]
pub enum Operand {
    /// A tensor (dimensioned or zero-dim).
    Tensor(Tensor),
    /// A Python number: a zero-dim operand on no device that promotes only by category.
    Scalar(Scalar),
}

impl From<&Tensor> for Operand {
    fn from(t: &Tensor) -> Self {
        Operand::Tensor(t.clone())
    }
}

impl From<Tensor> for Operand {
    fn from(t: Tensor) -> Self {
        Operand::Tensor(t)
    }
}

macro_rules! operand_from_number {
    ($($t:ty),*) => {$(
        impl From<$t> for Operand {
            fn from(v: $t) -> Self { Operand::Scalar(Scalar::from(v)) }
        }
    )*};
}
operand_from_number!(
    bool,
    i8,
    i16,
    i32,
    i64,
    u8,
    u16,
    u32,
    f32,
    f64,
    Scalar,
    num_complex::Complex<f32>,
    num_complex::Complex<f64>
);

impl Operand {
    /// The operand's dtype: a tensor's own, or the dtype a Python number is stored in (bool, int64, float64,
    /// complex128).
    pub fn dtype(&self) -> DType {
        match self {
            Operand::Tensor(t) => t.dtype(),
            Operand::Scalar(s) => s.storage_dtype(),
        }
    }

    /// How the operand takes part in type promotion.
    pub fn promotion_class(&self) -> promotion::Operand {
        match self {
            Operand::Tensor(t) if t.dim() == 0 => promotion::Operand::ZeroDim(t.dtype()),
            Operand::Tensor(t) => promotion::Operand::Dimensioned(t.dtype()),
            Operand::Scalar(s) => promotion::Operand::Scalar(*s),
        }
    }

    /// Sizes and strides (a number is zero-dim).
    fn geometry(&self) -> Geometry<'_> {
        match self {
            Operand::Tensor(t) => Geometry { sizes: t.sizes(), strides: t.strides() },
            Operand::Scalar(_) => Geometry { sizes: &[], strides: &[] },
        }
    }
}

/// Where an elementwise result goes.
pub enum Output<'a> {
    /// A new tensor.
    New,
    /// Into the first input (`add_`).
    InPlace,
    /// Into a given tensor (`out=`): replaced by a tensor of the result's shape (keeping its dtype and device)
    /// when its shape differs, as PyTorch resizes it.
    Out(&'a mut Tensor),
}

/// Where the iterator decided the result goes; the caller allocates.
#[derive(Debug)]
pub enum Destination {
    /// A new tensor of the broadcast shape, with these strides and dtype on the operation's device. For an `out=`
    /// tensor without elements, the new tensor replaces it.
    Allocate {
        /// The new tensor's dtype.
        dtype: DType,
        /// The new tensor's strides (following the inputs' memory order).
        strides: Dims,
    },
    /// An existing tensor of the broadcast shape: the first input (in place) or the `out=` tensor.
    Existing(Tensor),
}

/// The decision for an elementwise binary operation.
#[derive(Debug)]
pub struct BinaryIter {
    /// The broadcast shape.
    pub shape: Dims,
    /// The dtype the operation computes in (the common dtype, or the default dtype for true division of
    /// integers).
    pub common_dtype: DType,
    /// The device the operation runs on.
    pub device: Device,
    /// Where the result goes.
    pub destination: Destination,
}

/// An input as a kernel receives it.
#[derive(Clone, Debug)]
pub enum Input {
    /// The elements of a tensor on the operation's device, laid out by the plan.
    Tensor(Tensor),
    /// One value for every element: a Python number, or a zero-dim CPU tensor joining an operation on another
    /// device (read once on the host, as TensorIterator's CPU scalars are), as the operand's own dtype holds it.
    Value(Scalar),
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
/// every tensor is there, except CPU scalars, which may join another device one at a time (TensorIterator's
/// `allow_cpu_scalars`: a zero-dim CPU input, and a Python number, which PyTorch wraps as one).
fn common_device(output: Option<&Tensor>, inputs: &[&Operand]) -> Result<Device> {
    let tensors = inputs.iter().map(|o| match o {
        Operand::Tensor(t) => (Some(t), false),
        Operand::Scalar(_) => (None, false),
    });
    let all: SmallVec<[(Option<&Tensor>, bool); 3]> =
        output.map(|o| (Some(o), true)).into_iter().chain(tensors).collect();
    let device = all.iter().filter_map(|(t, _)| t.map(Tensor::device)).find(|d| !d.is_cpu()).unwrap_or(Device::cpu());
    let mut cpu_scalars = 0;
    for (t, is_output) in &all {
        let cpu_scalar = !is_output && t.is_none_or(|t| t.dim() == 0 && t.device().is_cpu());
        if !device.is_cpu() && cpu_scalar {
            cpu_scalars += 1;
            if cpu_scalars > 1 {
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
/// when every input is, channels-last when every input is, the inputs' strides when they are all the same dense
/// strides, else dense strides in the order the inputs' strides suggest.
fn output_strides(shape: &[usize], inputs: &[Geometry<'_>]) -> Dims {
    let same_shape = inputs.iter().all(|g| g.sizes == shape);
    if same_shape {
        if inputs.iter().all(|g| g.is_contiguous_in(MemoryFormat::Contiguous)) {
            return shape::contiguous_strides(shape);
        }
        for format in [MemoryFormat::ChannelsLast, MemoryFormat::ChannelsLast3d] {
            if inputs.iter().all(|g| g.is_contiguous_in(format)) {
                if let Ok(strides) = format.strides_for(shape) {
                    return strides;
                }
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

/// Whether TensorIterator replaces `input` by `input.to(common)` before anything else: on the CPU, an input of
/// another dtype than the common one (`compute_types`). The copy decides the output's layout
/// ([`converted_strides`]), and the loop runs over it (what `tensor/ops.rs` follows where rounding depends on it).
pub fn converts_first(input: &Tensor, common: DType, device: Device) -> bool {
    device.is_cpu() && input.dtype() != common
}

/// The strides TensorIterator orders the dimensions by for an input it converts first: on the CPU, an input of
/// another dtype than the common one is replaced by `input.to(common)` before the output is laid out, and that copy
/// keeps a dense input's strides and lays out any other densely in its stride order. None: the input as it is.
fn converted_strides(input: &Operand, common: DType, device: Device) -> Option<Dims> {
    match input {
        Operand::Tensor(t) if converts_first(t, common, device) => {
            crate::tensor::factory::like_strides(t, MemoryFormat::Preserve).ok()
        }
        _ => None,
    }
}

/// Strides for the new output of a unary elementwise operation on `input` (TensorIterator with one input: its
/// fast setup keeps a contiguous, channels-last or dense layout, else the input's stride order).
pub fn unary_output_strides(input: &Tensor) -> Dims {
    output_strides(input.sizes(), &[Geometry { sizes: input.sizes(), strides: input.strides() }])
}

/// The dtype an operation computes in: the common dtype, except that true division (`int_to_float`) of integers
/// or bools computes in the default dtype.
pub(crate) fn computation_dtype(common: DType, int_to_float: bool) -> DType {
    if int_to_float && common.is_integral(true) {
        get_default_dtype()
    } else {
        common
    }
}

/// PyTorch's message for an output whose shape is not the broadcast shape.
fn shape_mismatch(out: &[usize], shape: &[usize]) -> Error {
    Error::Runtime(format!("output with shape {} doesn't match the broadcast shape {}", fmt_list(out), fmt_list(shape)))
}

impl BinaryIter {
    /// Decides an elementwise binary operation. `int_to_float` promotes an integral (or bool) common dtype to
    /// the default dtype (true division).
    pub fn build(lhs: &Operand, rhs: &Operand, output: &Output<'_>, int_to_float: bool) -> Result<BinaryIter> {
        if let (Operand::Tensor(a), Operand::Tensor(b), Output::New) = (lhs, rhs, output) {
            if let Some(fast) = Self::fast_setup(a, b, int_to_float) {
                return Ok(fast);
            }
        }
        let given: Option<&Tensor> = match output {
            Output::New => None,
            Output::InPlace => match lhs {
                Operand::Tensor(t) => Some(t),
                Operand::Scalar(_) => runtime_err!("an in-place operation needs a tensor as its first operand"),
            },
            Output::Out(t) => Some(&**t),
        };
        // overlap checks come first, as in TensorIterator
        if let Some(out) = given {
            if !matches!(output, Output::Out(_)) || out.numel() > 0 {
                assert_no_internal_overlap(out)?;
                for input in [lhs, rhs] {
                    if let Operand::Tensor(input) = input {
                        if !(matches!(output, Output::InPlace) && input.is_same(out)) {
                            assert_no_partial_overlap(out, input)?;
                        }
                    }
                }
            }
        }
        let (ga, gb) = (lhs.geometry(), rhs.geometry());
        let shape = shape::broadcast_shapes(ga.sizes, gb.sizes)?;
        let resize = match (output, given) {
            // PyTorch resizes an `out=` of another shape (with a deprecation warning when it had elements)
            (Output::Out(_), Some(out)) if out.sizes() != shape.as_slice() => true,
            (Output::InPlace, Some(out)) if out.sizes() != shape.as_slice() => {
                return Err(shape_mismatch(out.sizes(), &shape));
            }
            _ => false,
        };
        let common =
            computation_dtype(promotion::result_type(&[lhs.promotion_class(), rhs.promotion_class()])?, int_to_float);
        let device = common_device(given, &[lhs, rhs])?;
        if let Some(out) = given {
            if !can_cast(common, out.dtype()) {
                runtime_err!(
                    "result type {} can't be cast to the desired output type {}",
                    common.scalar_type_name(),
                    out.dtype().scalar_type_name()
                )
            }
        }
        let destination = match given {
            Some(out) if !resize => Destination::Existing(out.clone()),
            _ => {
                let (ca, cb) = (converted_strides(lhs, common, device), converted_strides(rhs, common, device));
                let (sa, sb) = (ga.with_strides(ca.as_deref()), gb.with_strides(cb.as_deref()));
                Destination::Allocate {
                    dtype: given.map_or(common, |o| o.dtype()),
                    strides: output_strides(&shape, &[sa, sb]),
                }
            }
        };
        Ok(BinaryIter { shape, common_dtype: common, device, destination })
    }

    /// TensorIterator's fast setup for the commonest case: a new output from two contiguous tensors of the same
    /// shape, dtype and device. Then nothing broadcasts, the common dtype is theirs (or the default dtype for true
    /// division of integers), and the output is contiguous. None: take the general path.
    fn fast_setup(a: &Tensor, b: &Tensor, int_to_float: bool) -> Option<BinaryIter> {
        let fits = a.sizes() == b.sizes()
            && a.dtype() == b.dtype()
            && a.device() == b.device()
            && a.is_contiguous()
            && b.is_contiguous();
        fits.then(|| BinaryIter {
            shape: a.sizes().into(),
            common_dtype: computation_dtype(a.dtype(), int_to_float),
            device: a.device(),
            destination: Destination::Allocate {
                dtype: computation_dtype(a.dtype(), int_to_float),
                strides: shape::contiguous_strides(a.sizes()),
            },
        })
    }

    /// The inputs as the kernel receives them, once the output is known: the output itself for an in-place first
    /// input, numbers and CPU scalars joining another device as values, other tensors as they are.
    pub fn kernel_inputs(&self, lhs: &Operand, rhs: &Operand, out: &Tensor) -> Result<(Input, Input)> {
        let input = |op: &Operand, may_be_output: bool| -> Result<Input> {
            Ok(match op {
                Operand::Scalar(s) => Input::Value(*s),
                Operand::Tensor(t) if may_be_output && t.is_same(out) => Input::Output,
                Operand::Tensor(t) if t.device() != self.device => Input::Value(t.item()?),
                Operand::Tensor(t) => Input::Tensor(t.clone()),
            })
        };
        Ok((input(lhs, true)?, input(rhs, false)?))
    }
}

/// Whether a kernel input must be read from a private copy: it shares memory with the output without being the
/// output itself (kernels read and write distinct memory, except an in-place first input read in place).
pub fn needs_private_copy(input: &Tensor, out: &Tensor) -> bool {
    input.is_alias_of(out)
}

/// The loop plan of a binary operation over its output and two inputs (operands 0, 1, 2); values have stride 0.
pub fn binary_plan(out: &Tensor, lhs: &Input, rhs: &Input) -> Plan {
    let shape = out.sizes();
    let geometry = |input: &Input| -> (Dims, usize) {
        match input {
            Input::Tensor(t) => {
                (Geometry { sizes: t.sizes(), strides: t.strides() }.broadcast_strides(shape), t.storage_offset())
            }
            Input::Output => (out.strides().into(), out.storage_offset()),
            Input::Value(_) => (SmallVec::from_elem(0, shape.len()), 0),
        }
    };
    let ((ls, lo), (rs, ro)) = (geometry(lhs), geometry(rhs));
    let offsets = [out.storage_offset(), lo, ro];
    let flat = |s: &[usize]| s == out.strides();
    if out.is_contiguous() && flat(&ls) && flat(&rs) {
        // everything contiguous and of one shape: one flat loop
        return Plan::contiguous(out.numel(), &offsets);
    }
    Plan::from_geometry(shape, &[out.strides(), &ls, &rs], &offsets)
}

/// Checks `dst.copy_(src)`: `src` must broadcast to `dst`'s shape, `dst` must not overlap itself, and `src` must
/// not partially overlap `dst`. Any devices and dtypes may meet.
pub fn check_copy(dst: &Tensor, src: &Tensor) -> Result<()> {
    // TensorIterator's order: the output's own overlap, the input's overlap with it, then the shapes
    assert_no_internal_overlap(dst)?;
    assert_no_partial_overlap(dst, src)?;
    let shape = shape::broadcast_shapes(dst.sizes(), src.sizes())?;
    if shape.as_slice() != dst.sizes() {
        return Err(shape_mismatch(dst.sizes(), &shape));
    }
    Ok(())
}

/// Whether `dst.copy_(src)` must read `src` from a private copy: it is a view of `dst`'s storage. A full
/// overlap (or one too hard to tell) needs the copy for its values; disjoint views of one storage (`x[0] = x[1]`)
/// need it because a kernel borrows its output's buffer exclusively, so it cannot read an input from that buffer.
pub fn copy_needs_private_source(dst: &Tensor, src: &Tensor) -> bool {
    src.is_alias_of(dst)
}
