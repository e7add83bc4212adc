//! The one place that routes an operation by layout and distribution, as PyTorch's dispatcher routes by dispatch
//! key: a global tensor anywhere makes it global (`global/ops.rs`: OneFlow's sbp inference, boxing, then the local
//! operation on each rank's piece), else a sparse COO tensor makes it sparse (`sparse/ops.rs`: PyTorch's sparse
//! kernels, or its dispatcher's refusal as the op table says), else it is strided (`tensor/ops.rs`: the iterator and
//! the backends, meta tensors by PyTorch's references).
//!
//! [`AnyTensor`] is the tensor of any kind a user holds (the Python package's `Tensor` holds one), and every
//! elementwise operation of the op table is one call here: the Rust methods and operators
//! (`dispatch/surface.rs`) and the Python bindings are generated from the table around these calls.

mod closeness;
mod copy;
pub mod join;
pub mod matmul;
pub mod reduce;
mod surface;
mod ternary;
mod values;

pub use closeness::{allclose, isclose};
pub use copy::global_unsupported;

pub use surface::functions;
pub use ternary::{add_product, clamp, lerp, where_, where_condition};

use crate::device::Device;
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::global::ops::GlobalOutput;
use crate::global::{GlobalOperand, GlobalTensor};
use crate::op::parser::{self, ArgKind, Form};
use crate::op::{BinaryOp, UnaryOp, UnaryParameters};
use crate::scalar::Scalar;
use crate::sparse::{SparseCooTensor, SparseOperand, SparseOutput};
use crate::tensor::{Operand, Output, Tensor};

/// A tensor of any layout or distribution.
#[derive(Clone, Debug)]
pub enum AnyTensor {
    /// A dense (strided) tensor.
    Strided(Tensor),
    /// A sparse COO tensor (boxed, as the global one: a handle of two words moves through the dispatch, which
    /// measurably matters for one-element operations).
    SparseCoo(Box<SparseCooTensor>),
    /// A global tensor (OneFlow's placement and sbp).
    Global(Box<GlobalTensor>),
}

/// An operand of an elementwise operation: a tensor of any kind, or a Python-style number.
#[derive(Clone, Debug)]
pub enum AnyOperand {
    /// A tensor.
    Tensor(AnyTensor),
    /// A number.
    Scalar(Scalar),
}

/// Where the result of an operation goes.
#[derive(Debug)]
pub enum AnyOutput<'a> {
    /// A new tensor.
    New,
    /// Into the first operand (`add_`). The result is returned: for a strided or global operand it is the operand
    /// itself, written through; a sparse operand is replaced by the result, which the caller stores in its place.
    InPlace,
    /// Into an `out=` tensor, which is replaced by the result (a strided one written through when it can be).
    Out(&'a mut AnyTensor),
}

impl From<Tensor> for AnyTensor {
    fn from(t: Tensor) -> Self {
        AnyTensor::Strided(t)
    }
}

impl From<SparseCooTensor> for AnyTensor {
    fn from(t: SparseCooTensor) -> Self {
        AnyTensor::SparseCoo(Box::new(t))
    }
}

impl From<GlobalTensor> for AnyTensor {
    fn from(t: GlobalTensor) -> Self {
        AnyTensor::Global(Box::new(t))
    }
}

impl From<&Tensor> for AnyTensor {
    fn from(t: &Tensor) -> Self {
        AnyTensor::Strided(t.clone())
    }
}

impl From<&SparseCooTensor> for AnyTensor {
    fn from(t: &SparseCooTensor) -> Self {
        AnyTensor::SparseCoo(Box::new(t.clone()))
    }
}

impl From<&GlobalTensor> for AnyTensor {
    fn from(t: &GlobalTensor) -> Self {
        AnyTensor::Global(Box::new(t.clone()))
    }
}

impl<T: Into<AnyTensor>> From<T> for AnyOperand {
    fn from(t: T) -> Self {
        AnyOperand::Tensor(t.into())
    }
}

impl From<&AnyTensor> for AnyOperand {
    fn from(t: &AnyTensor) -> Self {
        AnyOperand::Tensor(t.clone())
    }
}

impl From<Scalar> for AnyOperand {
    fn from(s: Scalar) -> Self {
        AnyOperand::Scalar(s)
    }
}

impl From<Operand> for AnyOperand {
    fn from(o: Operand) -> Self {
        match o {
            Operand::Tensor(t) => AnyOperand::Tensor(AnyTensor::Strided(t)),
            Operand::Scalar(s) => AnyOperand::Scalar(s),
        }
    }
}

macro_rules! any_operand_from_number {
    ($($t:ty),*) => {$(
        impl From<$t> for AnyOperand {
            fn from(v: $t) -> Self { AnyOperand::Scalar(Scalar::from(v)) }
        }
    )*};
}
any_operand_from_number!(bool, i8, i16, i32, i64, u8, u16, u32, f32, f64, num_complex::Complex<f64>);

impl AnyTensor {
    /// The strided tensor, if this is one.
    pub fn strided(&self) -> Option<&Tensor> {
        match self {
            AnyTensor::Strided(t) => Some(t),
            _ => None,
        }
    }

    /// The sparse tensor, if this is one.
    pub fn sparse(&self) -> Option<&SparseCooTensor> {
        match self {
            AnyTensor::SparseCoo(s) => Some(s),
            _ => None,
        }
    }

    /// The strided tensor, or PyTorch's error for a tensor of another layout where a strided one is needed.
    pub fn into_strided(self) -> Result<Tensor> {
        match self {
            AnyTensor::Strided(t) => Ok(t),
            other => Err(Error::Runtime(format!("expected a strided tensor, got a {} one", other.kind_name()))),
        }
    }

    /// What kind of tensor this is: `strided`, `sparse COO` or `global`.
    pub fn kind_name(&self) -> &'static str {
        match self {
            AnyTensor::Strided(_) => "strided",
            AnyTensor::SparseCoo(_) => "sparse COO",
            AnyTensor::Global(_) => "global",
        }
    }

    /// The tensor converted to `dtype` (itself when it has it), keeping its kind.
    pub fn to_dtype(&self, dtype: DType) -> Result<AnyTensor> {
        Ok(match self {
            AnyTensor::Strided(t) => AnyTensor::Strided(t.to_dtype(dtype)?),
            AnyTensor::SparseCoo(s) if s.dtype() == dtype => self.clone(),
            AnyTensor::SparseCoo(s) => AnyTensor::from(s.to_dtype(dtype)?),
            AnyTensor::Global(g) if g.dtype() == dtype => self.clone(),
            AnyTensor::Global(g) => AnyTensor::from(g.to_dtype(dtype)?),
        })
    }

    /// The global tensor, if this is one.
    pub fn global(&self) -> Option<&GlobalTensor> {
        match self {
            AnyTensor::Global(g) => Some(g),
            _ => None,
        }
    }

    /// The element type.
    pub fn dtype(&self) -> DType {
        match self {
            AnyTensor::Strided(t) => t.dtype(),
            AnyTensor::SparseCoo(s) => s.dtype(),
            AnyTensor::Global(g) => g.dtype(),
        }
    }

    /// The (logical) sizes.
    pub fn sizes(&self) -> &[usize] {
        match self {
            AnyTensor::Strided(t) => t.sizes(),
            AnyTensor::SparseCoo(s) => s.sizes(),
            AnyTensor::Global(g) => g.shape(),
        }
    }

    /// Number of dimensions.
    pub fn dim(&self) -> usize {
        self.sizes().len()
    }

    /// The device of a local tensor (a global tensor's placement names its device type).
    pub fn device(&self) -> Device {
        match self {
            AnyTensor::Strided(t) => t.device(),
            AnyTensor::SparseCoo(s) => s.device(),
            AnyTensor::Global(g) => g.local().device(),
        }
    }

    /// `"local"` or `"global"`, as OneFlow's messages name tensors.
    fn distribution(&self) -> &'static str {
        match self {
            AnyTensor::Global(_) => "global",
            _ => "local",
        }
    }
}

impl crate::op::float_power::FloatPowerOperand for AnyOperand {
    fn is_complex(&self) -> bool {
        match self {
            AnyOperand::Tensor(t) => t.dtype().is_complex(),
            AnyOperand::Scalar(s) => matches!(s, Scalar::Complex(_)),
        }
    }

    fn tensor_dtype(&self) -> Option<DType> {
        self.tensor().map(AnyTensor::dtype)
    }

    fn converted(self, dtype: DType) -> Result<Self> {
        Ok(match self {
            AnyOperand::Tensor(t) => AnyOperand::Tensor(t.to_dtype(dtype)?),
            AnyOperand::Scalar(s) => AnyOperand::Scalar(crate::op::float_power::number(s, dtype)),
        })
    }
}

impl AnyOperand {
    fn tensor(&self) -> Option<&AnyTensor> {
        match self {
            AnyOperand::Tensor(t) => Some(t),
            AnyOperand::Scalar(_) => None,
        }
    }

    fn is_global(&self) -> bool {
        self.tensor().is_some_and(|t| t.global().is_some())
    }

    fn is_sparse(&self) -> bool {
        self.tensor().is_some_and(|t| t.sparse().is_some())
    }

    /// What PyTorch's argument parser sees of the operand.
    pub fn arg_kind(&self) -> ArgKind<'static> {
        match self {
            AnyOperand::Tensor(_) => ArgKind::Tensor,
            AnyOperand::Scalar(s) => ArgKind::Number(s.python_type_name()),
        }
    }
}

/// `op(lhs, rhs)` into `output`, whatever the operands' kinds: the one entry point behind every elementwise binary
/// method, function and operator (see the module documentation for the routing). The operands are taken by value:
/// a strided tensor goes on to the kernels without another handle being made.
pub fn binary(op: BinaryOp, lhs: AnyOperand, rhs: AnyOperand, output: AnyOutput<'_>) -> Result<AnyTensor> {
    let form = if matches!(output, AnyOutput::InPlace) { Form::InPlace } else { Form::Function };
    binary_as(op, op.info().name, form, lhs, rhs, output)
}

/// [`binary`] called as `form` under `name` (an alias, the method form): the name and form PyTorch's argument
/// parser words its errors with.
pub fn binary_as(
    op: BinaryOp,
    name: &str,
    form: Form,
    lhs: AnyOperand,
    rhs: AnyOperand,
    output: AnyOutput<'_>,
) -> Result<AnyTensor> {
    // PyTorch's argument parser comes first: a number where the operation takes a tensor
    parser::check_binary_kinds(op, name, form, lhs.arg_kind(), rhs.arg_kind())?;
    if matches!(output, AnyOutput::Out(_)) {
        parser::check_out_kinds(op, name, lhs.arg_kind(), rhs.arg_kind())?;
    }
    if op == BinaryOp::FloatPower {
        // PyTorch's composite: the operands converted, then `pow`
        let out = match &output {
            AnyOutput::Out(t) => Some(t.dtype()),
            _ => None,
        };
        let in_place = matches!(output, AnyOutput::InPlace);
        let (lhs, rhs) = crate::op::float_power::operands(lhs, rhs, in_place, out)?;
        return binary_as(BinaryOp::Pow, "pow", form, lhs, rhs, output);
    }
    let out_tensor = match &output {
        AnyOutput::Out(t) => Some(&**t),
        _ => None,
    };
    if lhs.is_global() || rhs.is_global() || out_tensor.is_some_and(|t| t.global().is_some()) {
        return global_binary(op, &lhs, &rhs, output);
    }
    if lhs.is_sparse() || rhs.is_sparse() || out_tensor.is_some_and(|t| t.sparse().is_some()) {
        return sparse_binary(op, &lhs, &rhs, output);
    }
    let local = |o: AnyOperand| -> Result<Operand> {
        match o {
            AnyOperand::Tensor(AnyTensor::Strided(t)) => Ok(Operand::Tensor(t)),
            AnyOperand::Scalar(s) => Ok(Operand::Scalar(s)),
            _ => Err(Error::Runtime("internal error: a non-strided operand on the strided path".into())),
        }
    };
    let (l, r) = (local(lhs)?, local(rhs)?);
    let result = match output {
        // the arguments' kinds were checked above, for the form called
        AnyOutput::New => crate::tensor::ops::binary_op_parsed(op, &l, &r, Output::New)?,
        AnyOutput::InPlace => crate::tensor::ops::binary_op_parsed(op, &l, &r, Output::InPlace)?,
        AnyOutput::Out(slot) => {
            let AnyTensor::Strided(t) = slot else {
                return Err(Error::Runtime("internal error: a non-strided out= on the strided path".into()));
            };
            crate::tensor::ops::binary_out(op, l, r, t)?
        }
    };
    Ok(AnyTensor::Strided(result))
}

/// OneFlow's error for an operation that mixes local and global tensors.
pub(super) fn inconsistent_attributes(name: &str, tensors: &[&AnyTensor]) -> Error {
    let kinds: Vec<&str> = tensors.iter().map(|t| t.distribution()).collect();
    Error::Runtime(format!(
        "Got input tensors with inconsistent attributes!\nop_type_name: {name}\nattributes of inputs is:\n{}",
        kinds.join(", ")
    ))
}

fn global_binary(op: BinaryOp, lhs: &AnyOperand, rhs: &AnyOperand, output: AnyOutput<'_>) -> Result<AnyTensor> {
    let mut tensors: Vec<&AnyTensor> = [lhs.tensor(), rhs.tensor()].into_iter().flatten().collect();
    let out_global = match &output {
        AnyOutput::Out(t) => {
            tensors.push(t);
            t.global().cloned()
        }
        _ => None,
    };
    // OneFlow names its broadcasting op when local and global tensors meet (`add_n` is chosen only later, for two
    // global tensors of one shape)
    let name = (op.info().sbp)(op, lhs.tensor().is_some(), rhs.tensor().is_some(), false).0;
    if tensors.iter().any(|t| t.global().is_none()) {
        return Err(inconsistent_attributes(name, &tensors));
    }
    let operand = |o: &AnyOperand| -> Result<GlobalOperand> {
        match o {
            AnyOperand::Tensor(AnyTensor::Global(g)) => Ok(GlobalOperand::Tensor((**g).clone())),
            AnyOperand::Scalar(s) => Ok(GlobalOperand::Scalar(*s)),
            AnyOperand::Tensor(t) => Err(inconsistent_attributes(name, &[t])),
        }
    };
    let (l, r) = (operand(lhs)?, operand(rhs)?);
    let result = match output {
        AnyOutput::New => crate::global::ops::binary_op(op, &l, &r, GlobalOutput::New)?,
        AnyOutput::InPlace => crate::global::ops::binary_op(op, &l, &r, GlobalOutput::InPlace)?,
        AnyOutput::Out(slot) => {
            let mut target = out_global.ok_or_else(|| Error::Runtime("internal error: no global out=".into()))?;
            let result = crate::global::ops::binary_op(op, &l, &r, GlobalOutput::Out(&mut target));
            *slot = AnyTensor::from(target);
            result?
        }
    };
    Ok(AnyTensor::from(result))
}

fn sparse_binary(op: BinaryOp, lhs: &AnyOperand, rhs: &AnyOperand, output: AnyOutput<'_>) -> Result<AnyTensor> {
    let operand = |o: &AnyOperand| -> Result<SparseOperand> {
        Ok(match o {
            AnyOperand::Tensor(AnyTensor::Strided(t)) => SparseOperand::Dense(Operand::Tensor(t.clone())),
            AnyOperand::Tensor(AnyTensor::SparseCoo(s)) => SparseOperand::Sparse((**s).clone()),
            AnyOperand::Scalar(s) => SparseOperand::Dense(Operand::Scalar(*s)),
            AnyOperand::Tensor(AnyTensor::Global(_)) => {
                return Err(Error::Runtime("internal error: a global operand on the sparse path".into()))
            }
        })
    };
    let (l, r) = (operand(lhs)?, operand(rhs)?);
    match output {
        AnyOutput::New => crate::sparse::binary(op, &l, &r, SparseOutput::New),
        AnyOutput::InPlace => {
            let mut slot =
                lhs.tensor().cloned().ok_or_else(|| Error::Runtime("internal error: no in-place operand".into()))?;
            crate::sparse::binary(op, &l, &r, SparseOutput::InPlace(&mut slot))?;
            Ok(slot)
        }
        AnyOutput::Out(slot) => {
            crate::sparse::binary(op, &l, &r, SparseOutput::Out(slot))?;
            Ok(slot.clone())
        }
    }
}

/// `op(x)` into `output`, whatever the operand's kind, with the operation's default parameters (see
/// [`unary_with`]).
pub fn unary(op: UnaryOp, x: &AnyTensor, output: AnyOutput<'_>) -> Result<AnyTensor> {
    unary_with(op, UnaryParameters::Default, x, output)
}

/// `op(x)` with `parameters` (`round`'s decimals, `nan_to_num`'s replacements) into `output`, whatever the
/// operand's kind: strided tensors by `tensor/unary.rs`, sparse COO tensors by the row's sparse rule
/// (`sparse/unary.rs`), global tensors by OneFlow's sbp signatures (`global/ops.rs`).
pub fn unary_with(op: UnaryOp, parameters: UnaryParameters, x: &AnyTensor, output: AnyOutput<'_>) -> Result<AnyTensor> {
    use crate::tensor::unary::unary_op_with;
    match (x, output) {
        (AnyTensor::Strided(t), AnyOutput::New) => {
            unary_op_with(op, parameters, t, Output::New).map(AnyTensor::Strided)
        }
        (AnyTensor::Strided(t), AnyOutput::InPlace) => {
            unary_op_with(op, parameters, t, Output::InPlace).map(AnyTensor::Strided)
        }
        (AnyTensor::Strided(t), AnyOutput::Out(slot)) => {
            let AnyTensor::Strided(out) = slot else {
                if let (AnyTensor::SparseCoo(s), crate::op::UnarySparse::Refuse) = (&*slot, op.info().sparse) {
                    // the sparse `out=` chooses PyTorch's sparse kernel, which this operation does not have
                    return Err(crate::sparse::view::dispatcher_error(&format!("{}.out", op.name()), s.device()));
                }
                if slot.global().is_some() {
                    return Err(inconsistent_attributes(op.info().oneflow, &[x, slot]));
                }
                return Err(Error::Runtime(format!("{}(): out= must be a strided tensor", op.name())));
            };
            unary_op_with(op, parameters, t, Output::Out(out)).map(AnyTensor::Strided)
        }
        (AnyTensor::SparseCoo(s), AnyOutput::New) => {
            crate::sparse::unary::unary(op, parameters, s, false).map(AnyTensor::from)
        }
        (AnyTensor::SparseCoo(s), AnyOutput::InPlace) => {
            crate::sparse::unary::unary_(op, parameters, s).map(AnyTensor::from)
        }
        (AnyTensor::SparseCoo(s), AnyOutput::Out(slot)) => {
            if op.info().sparse == crate::op::UnarySparse::Refuse {
                // PyTorch's dispatcher, before any kernel's check
                return Err(crate::sparse::view::dispatcher_error(&format!("{}.out", op.name()), s.device()));
            }
            if slot.sparse().is_none() {
                return Err(Error::Runtime(
                    "Expected self.is_sparse() && result.is_sparse() to be true, but got false.  (Could this error \
                     message be improved?  If so, please report an enhancement request to PyTorch.)"
                        .into(),
                ));
            }
            *slot = AnyTensor::from(crate::sparse::unary::unary(op, parameters, s, true)?);
            Ok(slot.clone())
        }
        (AnyTensor::Global(g), AnyOutput::New) => g.unary_with(op, parameters).map(AnyTensor::from),
        (AnyTensor::Global(g), AnyOutput::InPlace) => g.unary_with_(op, parameters).map(AnyTensor::from),
        (AnyTensor::Global(g), AnyOutput::Out(slot)) => {
            let Some(mut target) = slot.global().cloned() else {
                return Err(inconsistent_attributes(op.info().oneflow, &[x, slot]));
            };
            let result = crate::global::ops::unary_op(op, parameters, g, GlobalOutput::Out(&mut target));
            *slot = AnyTensor::from(target);
            result.map(AnyTensor::from)
        }
    }
}

/// `torch.conj(x)` of a tensor of any kind: a real tensor is returned as it is; a strided complex tensor as a view
/// with the conjugate bit flipped ([`Tensor::conj`]); a sparse or global one is computed (`conj_physical`), as
/// PyTorch's sparse tensors and OneFlow's tensors have no conjugate bit.
pub fn conj(x: &AnyTensor) -> Result<AnyTensor> {
    match x {
        _ if !x.dtype().is_complex() => Ok(x.clone()),
        AnyTensor::Strided(t) => Ok(AnyTensor::Strided(t.conj())),
        _ => unary(UnaryOp::ConjPhysical, x, AnyOutput::New),
    }
}

/// The complex parts of a tensor of any kind: `kind`'s view of a strided tensor ([`Tensor::real`], ...), of a sparse
/// one (`sparse/parts.rs`); global tensors have none (OneFlow's have no complex dtypes).
fn complex_part(
    x: &AnyTensor,
    name: &str,
    strided: impl FnOnce(&Tensor) -> Result<Tensor>,
    sparse: impl FnOnce(&SparseCooTensor) -> Result<SparseCooTensor>,
) -> Result<AnyTensor> {
    match x {
        AnyTensor::Strided(t) => strided(t).map(AnyTensor::Strided),
        AnyTensor::SparseCoo(s) => sparse(s).map(AnyTensor::from),
        AnyTensor::Global(_) => Err(Error::NotImplemented(format!("{name} of a global tensor is not supported"))),
    }
}

/// `torch.real(x)`: a real tensor itself, else the view of its real parts.
pub fn real(x: &AnyTensor) -> Result<AnyTensor> {
    if !x.dtype().is_complex() {
        return Ok(x.clone());
    }
    complex_part(x, "real", |t| Ok(t.real()), |s| Ok(s.real()))
}

/// `torch.imag(x)`: the view of a complex tensor's imaginary parts; PyTorch's `TypeError` for a real tensor of any
/// kind.
pub fn imag(x: &AnyTensor) -> Result<AnyTensor> {
    if !x.dtype().is_complex() {
        return Err(Error::Type("imag is not implemented for tensors with non-complex dtypes.".into()));
    }
    complex_part(x, "imag", Tensor::imag, SparseCooTensor::imag)
}

/// `torch.view_as_real(x)`.
pub fn view_as_real(x: &AnyTensor) -> Result<AnyTensor> {
    complex_part(x, "view_as_real", Tensor::view_as_real, SparseCooTensor::view_as_real)
}

/// `torch.view_as_complex(x)`.
pub fn view_as_complex(x: &AnyTensor) -> Result<AnyTensor> {
    complex_part(x, "view_as_complex", Tensor::view_as_complex, SparseCooTensor::view_as_complex)
}

/// The conjugate and negative bits of tensors of any kind ([`crate::tensor::math_bits`]): only strided tensors
/// have them.
impl AnyTensor {
    /// `is_conj()`.
    pub fn is_conj(&self) -> bool {
        self.strided().is_some_and(Tensor::is_conj)
    }

    /// `is_neg()`.
    pub fn is_neg(&self) -> bool {
        self.strided().is_some_and(Tensor::is_neg)
    }

    /// `resolve_conj()`: new memory for a strided tensor with the conjugate bit, else this tensor.
    pub fn resolve_conj(&self) -> Result<AnyTensor> {
        match self {
            AnyTensor::Strided(t) if t.is_conj() => Ok(AnyTensor::Strided(t.resolve_conj()?)),
            _ => Ok(self.clone()),
        }
    }

    /// `resolve_neg()`: new memory for a strided tensor with the negative bit, else this tensor.
    pub fn resolve_neg(&self) -> Result<AnyTensor> {
        match self {
            AnyTensor::Strided(t) if t.is_neg() => Ok(AnyTensor::Strided(t.resolve_neg()?)),
            _ => Ok(self.clone()),
        }
    }
}

/// `other / x` as PyTorch's `Tensor.__rtruediv__` computes it: `x.reciprocal() * other` (so the result is laid
/// out as `x`'s reciprocal is, and integers divide in the default dtype). A sparse `x` has no reciprocal kernel:
/// PyTorch's dispatcher error.
pub fn reciprocal_times(x: &AnyTensor, other: &AnyOperand) -> Result<AnyTensor> {
    let reciprocal = match x {
        AnyTensor::Strided(t) => AnyTensor::Strided(t.reciprocal()?),
        AnyTensor::SparseCoo(s) => return Err(crate::sparse::view::dispatcher_error("reciprocal", s.device())),
        AnyTensor::Global(_) => binary(BinaryOp::DIV, AnyOperand::Scalar(Scalar::Int(1)), x.into(), AnyOutput::New)?,
    };
    binary(BinaryOp::Mul, reciprocal.into(), other.clone(), AnyOutput::New)
}
