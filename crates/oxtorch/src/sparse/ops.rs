//! Arithmetic with sparse operands: `add`, `sub`, `mul`, `div` between sparse tensors, dense tensors and
//! Python-style numbers, new results, in place and into `out=` tensors, with PyTorch's result layouts, dtypes,
//! coalesced flags and errors:
//!
//! * sparse ± sparse: a merge of the two index lists (PyTorch's `add_out_sparse_contiguous`), coalesced when both
//!   inputs are; dense ± sparse: a dense result with the values added at their coordinates; sparse ± dense or a
//!   number is refused (`add(sparse, dense) is not supported`).
//! * sparse × sparse: the intersection of the two index sets; sparse × dense (any broadcastable shape) and
//!   sparse × number: a sparse result on the sparse operand's indices.
//! * sparse ÷ number or zero-dim dense tensor only; a rounding mode coalesces first.
//!
//! Values are converted and combined with the dense operations where PyTorch uses them (`binary_op` on the
//! values); the merges and scatters run on the host (see [`super::coalesce`]).

use super::coalesce::{
    block_size, check_in_bounds, host_indices, host_values, require_data, sorted_order, tensor_on, SparseElement,
};
use super::coo::sparse_zeros_with_dims;
use super::SparseCooTensor;
use crate::dispatch::AnyTensor;
use crate::dtype::DType;
use crate::element::Element;
use crate::error::{runtime_err, Error, Result};
use crate::op::BinaryOp;
use crate::promotion::{self, can_cast, get_default_dtype, promote_types};
use crate::scalar::Scalar;
use crate::shape::{self, fmt_list, Dims};
use crate::tensor::ops::binary_op;
use crate::tensor::Tensor;
use crate::tensor::{Operand, Output};

/// An operand of an arithmetic operation whose operands may be sparse.
#[derive(Clone, Debug)]
pub enum SparseOperand {
    /// A dense tensor or a Python number.
    Dense(Operand),
    /// A sparse COO tensor.
    Sparse(SparseCooTensor),
}

impl From<SparseCooTensor> for SparseOperand {
    fn from(t: SparseCooTensor) -> Self {
        SparseOperand::Sparse(t)
    }
}

impl From<&SparseCooTensor> for SparseOperand {
    fn from(t: &SparseCooTensor) -> Self {
        SparseOperand::Sparse(t.clone())
    }
}

impl<T: Into<Operand>> From<T> for SparseOperand {
    fn from(v: T) -> Self {
        SparseOperand::Dense(v.into())
    }
}

/// Where the result of [`binary`] goes.
pub enum SparseOutput<'a> {
    /// A new tensor.
    New,
    /// Into the first operand, which is this tensor (`add_`): it is replaced by the result (a dense first
    /// operand is also written through its storage, as dense in-place operations are).
    InPlace(&'a mut AnyTensor),
    /// Into an `out=` tensor, which is replaced by the result.
    Out(&'a mut AnyTensor),
}

/// How an operand takes part in type promotion (a sparse tensor as a tensor of its dimensionality).
fn promotion_class(o: &SparseOperand) -> promotion::Operand {
    match o {
        SparseOperand::Dense(Operand::Tensor(t)) if t.dim() == 0 => promotion::Operand::ZeroDim(t.dtype()),
        SparseOperand::Dense(Operand::Tensor(t)) => promotion::Operand::Dimensioned(t.dtype()),
        SparseOperand::Dense(Operand::Scalar(s)) => promotion::Operand::Scalar(*s),
        SparseOperand::Sparse(s) if s.dim() == 0 => promotion::Operand::ZeroDim(s.dtype()),
        SparseOperand::Sparse(s) => promotion::Operand::Dimensioned(s.dtype()),
    }
}

fn any_dtype(o: &SparseOperand) -> DType {
    match o {
        SparseOperand::Dense(d) => d.dtype(),
        SparseOperand::Sparse(s) => s.dtype(),
    }
}

fn any_sizes(o: &SparseOperand) -> Dims {
    match o {
        SparseOperand::Dense(Operand::Tensor(t)) => t.sizes().into(),
        SparseOperand::Dense(Operand::Scalar(_)) => Dims::new(),
        SparseOperand::Sparse(s) => s.sizes().into(),
    }
}

fn result_type(a: &SparseOperand, b: &SparseOperand) -> Result<DType> {
    promotion::result_type(&[promotion_class(a), promotion_class(b)])
}

/// The dtype of the result tensor: the output's own for in-place and `out=` forms, else `common`.
fn out_dtype(output: &SparseOutput<'_>, common: DType) -> DType {
    match output {
        SparseOutput::New => common,
        SparseOutput::InPlace(t) | SparseOutput::Out(t) => t.dtype(),
    }
}

fn cast_error(common: DType, out: DType, op: &str) -> Error {
    Error::Runtime(format!(
        "Can't convert result type {} to output {}{op}",
        common.scalar_type_name(),
        out.scalar_type_name()
    ))
}

/// Runs `op` on operands of any layout. Dense-only operations go to [`binary_op`]; any sparse operand takes
/// PyTorch's sparse paths described in the module documentation. Returns the result (also stored into the
/// in-place or `out=` tensor).
pub fn binary(op: BinaryOp, lhs: &SparseOperand, rhs: &SparseOperand, output: SparseOutput<'_>) -> Result<AnyTensor> {
    let sparse = matches!(lhs, SparseOperand::Sparse(_)) || matches!(rhs, SparseOperand::Sparse(_));
    if !sparse {
        return dense_only(op, lhs, rhs, output);
    }
    check_devices(lhs, rhs)?;
    let result = match op {
        BinaryOp::Add { alpha } => add(lhs, rhs, alpha, &output)?,
        BinaryOp::Sub { alpha } => {
            (op.info().check)(op, any_dtype(lhs), any_dtype(rhs), None)?;
            add(lhs, rhs, negate(alpha)?, &output)?
        }
        BinaryOp::Mul => mul(lhs, rhs, &output)?,
        BinaryOp::Div { rounding_mode } => div(lhs, rhs, rounding_mode.is_some(), op, &output, "Sparse division")?,
        BinaryOp::FloorDivide => return floor_divide(lhs, rhs, output),
        BinaryOp::Pow => match (lhs, rhs, &output) {
            (SparseOperand::Sparse(base), SparseOperand::Dense(Operand::Scalar(e)), SparseOutput::New) => {
                AnyTensor::from(pow_number(base, *e, base.dtype())?)
            }
            (SparseOperand::Sparse(base), SparseOperand::Dense(Operand::Scalar(e)), SparseOutput::Out(slot))
                if slot.sparse().is_some() =>
            {
                AnyTensor::from(pow_number(base, *e, slot.dtype())?)
            }
            _ => return Err(refusal(op, lhs, rhs, &output)),
        },
        // what the op table says of the others: PyTorch has no sparse kernel for them
        _ => return Err(refusal(op, lhs, rhs, &output)),
    };
    store(result, output)
}

/// PyTorch's dispatcher error for an operation without a sparse kernel (`SparseRule::Refuse` in the op table),
/// naming the overload it dispatched: `aten::eq.Tensor`, `aten::eq.Scalar`, `aten::eq_.Tensor`,
/// `aten::eq.Tensor_out`, `aten::maximum`, `aten::maximum.out`.
fn refusal(op: BinaryOp, lhs: &SparseOperand, rhs: &SparseOperand, output: &SparseOutput<'_>) -> Error {
    let info = op.info();
    use crate::op::{SparseRefusal, SparseRule};
    let names = match info.sparse {
        SparseRule::Refuse { names } => names,
        SparseRule::Arith => SparseRefusal::Plain,
    };
    let number_rhs = matches!(rhs, SparseOperand::Dense(Operand::Scalar(_)));
    if names == SparseRefusal::Pow {
        let number_lhs = matches!(lhs, SparseOperand::Dense(Operand::Scalar(_)));
        let overload = match (output, number_lhs, number_rhs) {
            (SparseOutput::InPlace(_), _, true) => "pow_.Scalar",
            (SparseOutput::InPlace(_), _, false) => "pow_.Tensor",
            (SparseOutput::Out(_), true, _) => "pow.Scalar_out",
            (SparseOutput::Out(_), _, true) => "pow.Tensor_Scalar_out",
            (SparseOutput::Out(_), ..) => "pow.Tensor_Tensor_out",
            (SparseOutput::New, true, _) => "pow.Scalar",
            (SparseOutput::New, _, true) => "pow.Tensor_Scalar",
            (SparseOutput::New, ..) => "pow.Tensor_Tensor",
        };
        return super::view::dispatcher_error(overload, sparse_device(lhs, rhs));
    }
    let kind = match names {
        SparseRefusal::Wrapped { number_self: true, .. } if matches!(lhs, SparseOperand::Dense(Operand::Scalar(_))) => {
            "Scalar_Tensor"
        }
        SparseRefusal::Overloads if number_rhs => "Scalar",
        _ => "Tensor",
    };
    let overload = match (names, output) {
        (SparseRefusal::Out, _) | (SparseRefusal::Plain, SparseOutput::Out(_)) => ".out".to_string(),
        (SparseRefusal::Plain, SparseOutput::InPlace(_)) => "_".to_string(),
        (SparseRefusal::Plain, _) => String::new(),
        (SparseRefusal::Wrapped { number_in_place_out: true, .. }, SparseOutput::InPlace(_)) if number_rhs => {
            format!(".{kind}_out")
        }
        (_, SparseOutput::InPlace(_)) => format!("_.{kind}"),
        (SparseRefusal::Wrapped { out, .. }, SparseOutput::Out(_)) if kind == "Tensor" => format!(".{out}"),
        (_, SparseOutput::Out(_)) => format!(".{kind}_out"),
        (_, SparseOutput::New) => format!(".{kind}"),
    };
    super::view::dispatcher_error(&format!("{}{overload}", info.name), sparse_device(lhs, rhs))
}

/// The device of the sparse operand, which PyTorch's dispatcher errors name (`SparseCPU`).
fn sparse_device(lhs: &SparseOperand, rhs: &SparseOperand) -> crate::device::Device {
    [lhs, rhs]
        .into_iter()
        .find_map(|o| match o {
            SparseOperand::Sparse(s) => Some(s.device()),
            _ => None,
        })
        .unwrap_or_else(crate::device::Device::cpu)
}

/// `torch.pow(base, e)` of a sparse base and a number (PyTorch's `pow_out_sparse_scalar`): an exponent of zero is
/// refused (the result would be dense); the base is coalesced and its values raised into values of `dtype` (the
/// base's own, or the `out=` tensor's: the result is not promoted, and the dense `pow` refuses a result type that
/// cannot be cast to it).
fn pow_number(base: &SparseCooTensor, e: Scalar, dtype: DType) -> Result<SparseCooTensor> {
    // `value.toDouble() != 0`: c10's checked conversion first
    if matches!(e, Scalar::Complex(c) if c.im != 0.0) {
        runtime_err!("value cannot be converted to type double without overflow")
    }
    if e.to_f64() == 0.0 {
        runtime_err!("pow: cannot raise to zeroth power on sparse tensor; it would make the result tensor dense")
    }
    let c = base.coalesce()?;
    let mut values = crate::tensor::factory::empty(c.raw_values().sizes(), (dtype, c.device()))?;
    crate::tensor::ops::binary_out(BinaryOp::Pow, c.raw_values().clone(), e, &mut values)?;
    Ok(SparseCooTensor::from_parts(c.raw_indices().clone(), values, base.sizes().into(), true))
}

/// `torch.floor_divide(lhs, rhs)` (and `//`, `floor_divide_`, `out=`) on operands of any layout: with a sparse
/// operand, PyTorch's `floor_divide_sparse`. It computes what `div(..., rounding_mode='floor')` computes (the
/// dividend coalesced first, integers not promoted), with its own messages ("Sparse floor division requires a
/// scalar or zero-dim dense tensor divisor ..."). Without a sparse operand it is the dense operation.
pub fn floor_divide(lhs: &SparseOperand, rhs: &SparseOperand, output: SparseOutput<'_>) -> Result<AnyTensor> {
    let op = BinaryOp::Div { rounding_mode: Some(crate::op::RoundingMode::Floor) };
    let sparse = matches!(lhs, SparseOperand::Sparse(_)) || matches!(rhs, SparseOperand::Sparse(_));
    if !sparse {
        return dense_only(op, lhs, rhs, output);
    }
    check_devices(lhs, rhs)?;
    let result = div(lhs, rhs, true, op, &output, "Sparse floor division")?;
    store(result, output)
}

/// `-alpha` for `sub` (PyTorch's `sub` is `add` with the negated multiplier).
fn negate(alpha: Scalar) -> Result<Scalar> {
    Ok(match alpha {
        Scalar::Bool(_) => runtime_err!("torch boolean negative, the `-` operator, is not supported."),
        Scalar::Int(_) | Scalar::UInt(_) => alpha.negated(),
        Scalar::Float(f) => Scalar::Float(-f),
        Scalar::Complex(c) => Scalar::Complex(-c),
    })
}

fn dense_only(op: BinaryOp, lhs: &SparseOperand, rhs: &SparseOperand, output: SparseOutput<'_>) -> Result<AnyTensor> {
    let (SparseOperand::Dense(l), SparseOperand::Dense(r)) = (lhs, rhs) else {
        return Err(Error::Runtime("internal error: dense_only on a sparse operand".into()));
    };
    let t = match output {
        SparseOutput::New => binary_op(op, l, r, Output::New)?,
        SparseOutput::InPlace(_) => binary_op(op, l, r, Output::InPlace)?,
        SparseOutput::Out(slot) => match slot {
            AnyTensor::Strided(t) => binary_op(op, l, r, Output::Out(t))?,
            AnyTensor::SparseCoo(_) => {
                // PyTorch dispatches on the sparse `out=` tensor and refuses dense inputs
                return Err(Error::Runtime(
                    "add(sparse, dense) is not supported. Use add(dense, sparse) instead.".into(),
                ));
            }
            AnyTensor::Global(_) => {
                return Err(Error::Runtime("internal error: a global out= on the sparse path".into()))
            }
        },
    };
    Ok(AnyTensor::Strided(t))
}

/// Puts the result into the in-place or `out=` slot.
fn store(result: AnyTensor, output: SparseOutput<'_>) -> Result<AnyTensor> {
    match output {
        SparseOutput::New => Ok(result),
        SparseOutput::InPlace(slot) | SparseOutput::Out(slot) => {
            match (&*slot, &result) {
                // a dense destination keeps its identity: the values are written into it
                (AnyTensor::Strided(dst), AnyTensor::Strided(src)) if dst.sizes() == src.sizes() => {
                    if !dst.is_same(src) {
                        dst.copy_(src)?;
                    }
                    return Ok(AnyTensor::Strided(dst.clone()));
                }
                _ => {}
            }
            *slot = result.clone();
            Ok(result)
        }
    }
}

fn check_devices(lhs: &SparseOperand, rhs: &SparseOperand) -> Result<()> {
    let device = |o: &SparseOperand| match o {
        SparseOperand::Dense(Operand::Tensor(t)) if t.dim() > 0 => Some(t.device()),
        SparseOperand::Sparse(s) => Some(s.device()),
        _ => None,
    };
    if let (Some(a), Some(b)) = (device(lhs), device(rhs)) {
        if a != b {
            runtime_err!("Expected all tensors to be on the same device, but found at least two devices, {a} and {b}!")
        }
    }
    Ok(())
}

fn not_implemented(kernel: &str, dtype: DType) -> Error {
    Error::NotImplemented(format!("\"{kernel}\" not implemented for '{}'", dtype.scalar_type_name()))
}

/// A Python number that is one: skips the multiplication by alpha.
fn is_one(alpha: &Scalar) -> bool {
    matches!(alpha, Scalar::Int(1))
        || matches!(alpha, Scalar::Float(f) if *f == 1.0)
        || matches!(alpha, Scalar::Bool(true))
}

// ----- add / sub -----

fn add(lhs: &SparseOperand, rhs: &SparseOperand, alpha: Scalar, output: &SparseOutput<'_>) -> Result<AnyTensor> {
    match (lhs, rhs) {
        (SparseOperand::Sparse(_), SparseOperand::Dense(_)) => {
            runtime_err!("add(sparse, dense) is not supported. Use add(dense, sparse) instead.")
        }
        (SparseOperand::Dense(d), SparseOperand::Sparse(s)) => {
            let common = result_type(lhs, rhs)?;
            crate::tensor::ops::check_alpha(common, &alpha)?;
            let dense = match d {
                Operand::Tensor(t) => t.clone(),
                Operand::Scalar(v) => crate::scalar_tensor(*v, promotion::scalar_dtype(v))?,
            };
            if let SparseOutput::Out(slot) = output {
                if matches!(&**slot, AnyTensor::SparseCoo(_)) {
                    runtime_err!("Expected !r.is_sparse() to be true, but got false.  (Could this error message be improved?  If so, please report an enhancement request to PyTorch.)")
                }
            }
            add_dense_sparse(&dense, s, alpha, out_dtype(output, common)).map(AnyTensor::Strided)
        }
        (SparseOperand::Sparse(t), SparseOperand::Sparse(s)) => {
            let common = result_type(lhs, rhs)?;
            crate::tensor::ops::check_alpha(common, &alpha)?;
            if let SparseOutput::Out(slot) = output {
                if matches!(&**slot, AnyTensor::Strided(_)) {
                    runtime_err!("add(sparse, dense) is not supported. Use add(dense, sparse) instead.")
                }
            }
            add_sparse_sparse(t, s, alpha, out_dtype(output, common)).map(AnyTensor::from)
        }
        _ => Err(Error::Runtime("internal error: add without a sparse operand".into())),
    }
}

/// dense + alpha * sparse, a dense result of dtype `out` (PyTorch's `add_out_dense_sparse_cpu`).
fn add_dense_sparse(dense: &Tensor, s: &SparseCooTensor, alpha: Scalar, out: DType) -> Result<Tensor> {
    if dense.sizes() != s.sizes() {
        runtime_err!(
            "add: expected 'self' and 'other' to have same size, but self has size {} while other has size {} (FYI: dense-sparse addition does not currently support broadcasting)",
            fmt_list(dense.sizes()),
            fmt_list(s.sizes())
        )
    }
    let common = promote_types(dense.dtype(), s.dtype());
    if !can_cast(common, out) {
        return Err(cast_error(common, out, " in add operation"));
    }
    if s.nnz() == 0 {
        return dense.to_dtype(out).and_then(|t| if t.is_same(dense) { t.clone_tensor() } else { Ok(t) });
    }
    require_data(s)?;
    check_in_bounds(s)?;
    let nnz = s.nnz();
    let sd = s.sparse_dim();
    let block = block_size(s);
    let idx = host_indices(s.raw_indices())?;
    let strides = shape::contiguous_strides(&s.sizes()[..sd]);
    let values = s.raw_values().to_dtype(common)?;
    let base = dense.to_dtype(common)?;
    // PyTorch's coalesced non-hybrid worker computes `r += alpha * v` in the dtype's own arithmetic, the others
    // through `axpy`
    let fused = !(s.dense_dim() == 0 && (s.is_coalesced() || nnz == 1));
    let result = crate::dispatch_dtype!(common, T => {
        let v = host_values::<T>(&values)?;
        let mut r = host_values::<T>(&base)?;
        let a = T::from_scalar(alpha);
        let one = is_one(&alpha);
        for k in 0..nnz {
            let row: usize = (0..sd).map(|d| idx[d * nnz + k] as usize * strides[d]).sum();
            let dst = &mut r[row * block..(row + 1) * block];
            for (y, &x) in dst.iter_mut().zip(&v[k * block..(k + 1) * block]) {
                *y = if one { T::acc(*y, x) } else if fused { T::axpy(*y, a, x) } else { T::acc(*y, T::mul(a, x)) };
            }
        }
        tensor_on(r, dense.sizes(), dense.device())?
    });
    result.to_dtype(out)
}

/// sparse + alpha * sparse (PyTorch's `add_out_sparse_cpu`), a sparse result of dtype `out`.
fn add_sparse_sparse(t: &SparseCooTensor, s: &SparseCooTensor, alpha: Scalar, out: DType) -> Result<SparseCooTensor> {
    if t.sizes() != s.sizes() {
        runtime_err!(
            "add: expected sizes of 'self' and 'other' to match, but {} != {}",
            fmt_list(t.sizes()),
            fmt_list(s.sizes())
        )
    }
    let common = promote_types(t.dtype(), s.dtype());
    if !can_cast(common, out) {
        return Err(cast_error(common, out, " in add operation"));
    }
    if s.nnz() == 0 {
        let mut r = t.to_dtype(out)?;
        r.set_coalesced(t.is_coalesced());
        return Ok(r);
    }
    if t.nnz() == 0 {
        let values =
            binary_op(BinaryOp::Mul, &Operand::Tensor(s.raw_values().clone()), &Operand::Scalar(alpha), Output::New)?;
        let mut out_values = crate::empty(&[0], out)?;
        out_values.copy_from_result(&values)?;
        return Ok(SparseCooTensor::from_parts(
            s.raw_indices().clone(),
            out_values,
            s.sizes().into(),
            s.is_coalesced(),
        ));
    }
    if t.sparse_dim() != s.sparse_dim() {
        runtime_err!(
            "add: expected 'self' and 'other' to have same density, but 'self' has {} sparse dimensions while 'other' has {} sparse dimensions",
            t.sparse_dim(),
            s.sparse_dim()
        )
    }
    if matches!(common, DType::Float16 | DType::Bool) {
        return Err(not_implemented("cadd_sparse", common));
    }
    require_data(t)?;
    require_data(s)?;
    let sd = s.sparse_dim();
    let (tn, sn) = (t.nnz(), s.nnz());
    let (ti, si) = (host_indices(t.raw_indices())?, host_indices(s.raw_indices())?);
    // the merge of PyTorch's `add_out_sparse_contiguous`: equal coordinates are combined, the smaller goes first
    let mut picks: Vec<(Option<usize>, Option<usize>)> = Vec::with_capacity(tn + sn);
    let (mut a, mut b) = (0, 0);
    while a < tn || b < sn {
        let cmp = if a >= tn {
            -1
        } else if b >= sn {
            1
        } else {
            let mut c = 0;
            for d in 0..sd {
                let (x, y) = (ti[d * tn + a], si[d * sn + b]);
                if x < y {
                    c = 1;
                    break;
                }
                if x > y {
                    c = -1;
                    break;
                }
            }
            c
        };
        let take_t = (cmp >= 0).then(|| {
            a += 1;
            a - 1
        });
        let take_s = (cmp <= 0).then(|| {
            b += 1;
            b - 1
        });
        picks.push((take_t, take_s));
    }
    let rn = picks.len();
    let mut r_idx = vec![0i64; sd * rn];
    for (r, &(pt, ps)) in picks.iter().enumerate() {
        for d in 0..sd {
            r_idx[d * rn + r] = match (pt, ps) {
                (_, Some(j)) => si[d * sn + j],
                (Some(i), None) => ti[d * tn + i],
                (None, None) => 0,
            };
        }
    }
    let block = block_size(s);
    let (tv, sv) = (t.raw_values().to_dtype(common)?, s.raw_values().to_dtype(common)?);
    let mut value_sizes: Vec<usize> = s.raw_values().sizes().into();
    value_sizes[0] = rn;
    let device = s.device();
    let values = crate::dispatch_dtype!(common, T => {
        let (tv, sv) = (host_values::<T>(&tv)?, host_values::<T>(&sv)?);
        let (one, a) = (T::from_scalar(Scalar::Int(1)), T::from_scalar(alpha));
        let mut r = vec![T::default(); rn * block];
        for (k, &(pt, ps)) in picks.iter().enumerate() {
            let dst = &mut r[k * block..(k + 1) * block];
            if let Some(i) = pt {
                for (y, &x) in dst.iter_mut().zip(&tv[i * block..(i + 1) * block]) {
                    *y = T::axpy(*y, one, x);
                }
            }
            if let Some(j) = ps {
                for (y, &x) in dst.iter_mut().zip(&sv[j * block..(j + 1) * block]) {
                    *y = T::axpy(*y, a, x);
                }
            }
        }
        tensor_on(r, &value_sizes, device)?
    });
    let indices = tensor_on(r_idx, &[sd, rn], device)?;
    let coalesced = t.is_coalesced() && s.is_coalesced();
    Ok(SparseCooTensor::from_parts(indices, values.to_dtype(out)?, s.sizes().into(), coalesced))
}

// ----- mul -----

fn mul(lhs: &SparseOperand, rhs: &SparseOperand, output: &SparseOutput<'_>) -> Result<AnyTensor> {
    let common = result_type(lhs, rhs)?;
    let res_dtype = out_dtype(output, common);
    let in_place = matches!(output, SparseOutput::InPlace(_));
    match (lhs, rhs) {
        (SparseOperand::Sparse(s), SparseOperand::Dense(d)) => {
            mul_dense_sparse(d, s, res_dtype, in_place).map(AnyTensor::from)
        }
        (SparseOperand::Dense(d), SparseOperand::Sparse(s)) => {
            if let (SparseOutput::InPlace(_), Operand::Tensor(dense)) = (output, d) {
                // PyTorch: res = mul(self, other); self.zero_(); self.add_(res)
                let product = mul_dense_sparse(d, s, common, false)?;
                let zeros = crate::zeros(dense.sizes(), (dense.dtype(), dense.device()))?;
                let r = add_dense_sparse(&zeros, &product, Scalar::Int(1), dense.dtype())?;
                return Ok(AnyTensor::Strided(r));
            }
            mul_dense_sparse(d, s, res_dtype, false).map(AnyTensor::from)
        }
        (SparseOperand::Sparse(t), SparseOperand::Sparse(s)) => mul_sparse_sparse(t, s, res_dtype).map(AnyTensor::from),
        _ => Err(Error::Runtime("internal error: mul without a sparse operand".into())),
    }
}

/// `d * s` for a dense tensor or number `d` (PyTorch's `intersection_binary_op_sparse_dense_out` with `mul`): a
/// sparse result on `s`'s indices (with `d`'s extra leading dimensions as new sparse dimensions).
fn mul_dense_sparse(d: &Operand, s: &SparseCooTensor, res_dtype: DType, in_place: bool) -> Result<SparseCooTensor> {
    let d_sizes: Dims = match d {
        Operand::Tensor(t) => t.sizes().into(),
        Operand::Scalar(_) => Dims::new(),
    };
    let res_shape = shape::broadcast_shapes(&d_sizes, s.sizes())?;
    let d_numel = shape::numel(&d_sizes);
    let dense_dim = s.dense_dim();
    if s.nnz() == 0 || s.numel() == 0 || d_numel == 0 {
        let sparse_dim = res_shape.len() - dense_dim;
        return sparse_zeros_with_dims(&res_shape, sparse_dim, res_dtype, s.device());
    }
    let (d_dim, s_dim) = (d_sizes.len(), s.dim());
    let finish = |values: Tensor, s: &SparseCooTensor| -> Result<SparseCooTensor> {
        let values = if in_place { check_values_dtype(values, s.dtype())? } else { values.to_dtype(res_dtype)? };
        Ok(SparseCooTensor::from_parts(s.raw_indices().clone(), values, res_shape.clone(), s.is_coalesced()))
    };
    let s_vals = Operand::Tensor(s.raw_values().clone());
    if d_dim <= dense_dim {
        let values = binary_op(BinaryOp::Mul, d, &s_vals, Output::New)?;
        return finish(values, s);
    }
    let Operand::Tensor(dense) = d else {
        return Err(Error::Runtime("internal error: a number with dimensions".into()));
    };
    let s = if d_dim > s_dim { s.coalesce()? } else { s.clone() };
    require_data(&s)?;
    check_in_bounds(&s)?;
    let sparse_dim = s.sparse_dim();
    let sparse_intersect = sparse_dim.min(d_dim - dense_dim);
    let d_start = d_dim.saturating_sub(s_dim);
    let s_start = s_dim.saturating_sub(d_dim);
    // d expanded to the trailing result dimensions, gathered at s's coordinates: (batch..., nnz, rest...)
    let tail: Vec<i64> = res_shape[res_shape.len() - d_dim..].iter().map(|&x| x as i64).collect();
    let expanded = dense.expand(&tail)?.contiguous()?;
    let exp_sizes: Vec<usize> = expanded.sizes().into();
    let batch: usize = shape::numel(&exp_sizes[..d_start]);
    let inter_sizes = &exp_sizes[d_start..d_start + sparse_intersect];
    let rest_sizes = &exp_sizes[d_start + sparse_intersect..];
    let rest = shape::numel(rest_sizes);
    let inter_strides = shape::contiguous_strides(inter_sizes);
    let inter_numel = shape::numel(inter_sizes);
    let nnz = s.nnz();
    let idx = host_indices(s.raw_indices())?;
    let mut filtered_sizes: Vec<usize> = exp_sizes[..d_start].into();
    filtered_sizes.push(nnz);
    filtered_sizes.extend_from_slice(rest_sizes);
    let filtered = crate::dispatch_dtype!(dense.dtype(), T => {
        let src = host_values::<T>(&expanded)?;
        let mut out = Vec::with_capacity(batch * nnz * rest);
        for b in 0..batch {
            for k in 0..nnz {
                let pos: usize =
                    (0..sparse_intersect).map(|i| idx[(s_start + i) * nnz + k] as usize * inter_strides[i]).sum();
                let start = (b * inter_numel + pos) * rest;
                out.extend_from_slice(&src[start..start + rest]);
            }
        }
        tensor_on(out, &filtered_sizes, dense.device())?
    });
    let values = binary_op(BinaryOp::Mul, &Operand::Tensor(filtered), &s_vals_of(&s), Output::New)?;
    if s_dim >= d_dim {
        return finish(values, &s);
    }
    // d has leading batch dimensions: they become new sparse dimensions, the indices repeat per batch element
    let mut value_sizes: Vec<usize> = s.raw_values().sizes().into();
    value_sizes[0] = batch * nnz;
    let values = values.reshape(&value_sizes.iter().map(|&x| x as i64).collect::<Vec<_>>())?;
    let res_sparse_dim = d_start + sparse_dim;
    let res_nnz = batch * nnz;
    let mut r_idx = vec![0i64; res_sparse_dim * res_nnz];
    let batch_sizes = &exp_sizes[..d_start];
    for b in 0..batch {
        let mut rem = b;
        let mut coords = vec![0usize; d_start];
        for dd in (0..d_start).rev() {
            coords[dd] = rem % batch_sizes[dd];
            rem /= batch_sizes[dd];
        }
        for k in 0..nnz {
            let col = b * nnz + k;
            for (dd, &c) in coords.iter().enumerate() {
                r_idx[dd * res_nnz + col] = c as i64;
            }
            for d in 0..sparse_dim {
                r_idx[(d_start + d) * res_nnz + col] = idx[d * nnz + k];
            }
        }
    }
    let indices = tensor_on(r_idx, &[res_sparse_dim, res_nnz], s.device())?;
    let values = if in_place { check_values_dtype(values, s.dtype())? } else { values.to_dtype(res_dtype)? };
    Ok(SparseCooTensor::from_parts(indices, values, res_shape.clone(), true))
}

/// PyTorch's check when new values replace an in-place operand's: their dtype must stay the tensor's.
fn check_values_dtype(values: Tensor, dtype: DType) -> Result<Tensor> {
    if values.dtype() != dtype {
        runtime_err!(
            "dtype of values ({}) must match dtype of sparse tensor ({})",
            values.dtype().scalar_type_name(),
            dtype.scalar_type_name()
        )
    }
    Ok(values)
}

fn s_vals_of(s: &SparseCooTensor) -> Operand {
    Operand::Tensor(s.raw_values().clone())
}

/// `t * s` for two sparse tensors (PyTorch's `mul_out_sparse_cpu`).
fn mul_sparse_sparse(t: &SparseCooTensor, s: &SparseCooTensor, res_dtype: DType) -> Result<SparseCooTensor> {
    if s.dim() == 0 {
        return mul_zero_dim(s, t, res_dtype);
    }
    if t.dim() == 0 {
        return mul_zero_dim(t, s, res_dtype);
    }
    if t.sizes() != s.sizes() {
        // inputs that broadcast only in their dense dimensions take the intersection kernel
        if t.dim() != s.dim()
            || t.sparse_dim() != s.sparse_dim()
            || t.sizes()[..t.sparse_dim()] != s.sizes()[..s.sparse_dim()]
        {
            runtime_err!("sparse_binary_op_intersection_cpu(): expects sparse inputs with equal dimensionality, number of sparse dimensions, and shape of sparse dimensions")
        }
        return mul_intersection(t, s, res_dtype);
    }
    if t.nnz() == 0 || s.nnz() == 0 {
        return sparse_zeros_with_dims(t.sizes(), t.sparse_dim(), res_dtype, t.device());
    }
    if !t.is_coalesced() || !s.is_coalesced() {
        return mul_intersection(t, s, res_dtype);
    }
    let common = promote_types(t.dtype(), s.dtype());
    if !can_cast(common, res_dtype) {
        return Err(cast_error(common, res_dtype, " in mul operation"));
    }
    require_data(t)?;
    require_data(s)?;
    let sd = s.sparse_dim();
    let (tn, sn) = (t.nnz(), s.nnz());
    let (ti, si) = (host_indices(t.raw_indices())?, host_indices(s.raw_indices())?);
    let (mut a, mut b) = (0, 0);
    let mut matches: Vec<(usize, usize)> = Vec::new();
    while a < tn && b < sn {
        let ord = (0..sd).map(|d| ti[d * tn + a].cmp(&si[d * sn + b])).find(|o| o.is_ne());
        match ord {
            Some(std::cmp::Ordering::Less) => a += 1,
            Some(std::cmp::Ordering::Greater) => b += 1,
            _ => {
                matches.push((a, b));
                a += 1;
                b += 1;
            }
        }
    }
    let rn = matches.len();
    let mut r_idx = vec![0i64; sd * rn];
    for (r, &(i, _)) in matches.iter().enumerate() {
        for d in 0..sd {
            r_idx[d * rn + r] = ti[d * tn + i];
        }
    }
    let block = block_size(t);
    let hybrid = t.dense_dim() > 0;
    let (tv, sv) = (t.raw_values().to_dtype(common)?, s.raw_values().to_dtype(common)?);
    let mut value_sizes: Vec<usize> = s.raw_values().sizes().into();
    value_sizes[0] = rn;
    let device = t.device();
    let values = crate::dispatch_dtype!(common, T => {
        let (tv, sv) = (host_values::<T>(&tv)?, host_values::<T>(&sv)?);
        let mut r = Vec::with_capacity(rn * block);
        for &(i, j) in &matches {
            for (&x, &y) in tv[i * block..(i + 1) * block].iter().zip(&sv[j * block..(j + 1) * block]) {
                // the hybrid path accumulates into zeros (`addcmul_`)
                r.push(if hybrid { T::acc(T::default(), T::mul(x, y)) } else { T::mul(x, y) });
            }
        }
        tensor_on(r, &value_sizes, device)?
    });
    let indices = tensor_on(r_idx, &[sd, rn], device)?;
    Ok(SparseCooTensor::from_parts(indices, values.to_dtype(res_dtype)?, s.sizes().into(), true))
}

/// A product with a zero-dim sparse tensor `z`: its single value acts as a dense zero-dim operand.
fn mul_zero_dim(z: &SparseCooTensor, other: &SparseCooTensor, res_dtype: DType) -> Result<SparseCooTensor> {
    let value_of = |z: &SparseCooTensor| -> Result<Tensor> {
        let z = z.coalesce()?;
        if z.nnz() == 0 {
            crate::zeros(&[], (z.dtype(), z.device()))
        } else {
            z.raw_values().reshape(&[])
        }
    };
    if z.is_coalesced() || !(other.dim() == 0 && other.is_coalesced()) {
        mul_dense_sparse(&Operand::Tensor(value_of(z)?), other, res_dtype, false)
    } else {
        mul_dense_sparse(&Operand::Tensor(value_of(other)?), z, res_dtype, false)
    }
}

/// PyTorch's `_mul_sparse_sparse_out` (its intersection kernel), taken for uncoalesced inputs and for inputs
/// whose dense dimensions broadcast: the result keeps the indices of the "source" operand (the uncoalesced one,
/// or the one with fewer elements), each value multiplied by the sum of the other operand's values at the same
/// coordinate (zero where it has none), the dense dimensions broadcast. The result has the broadcast sizes.
///
/// Where the other operand has no elements and the source has some, PyTorch fails with an internal storage
/// error ("setStorage: ... out of bounds for storage of size 0"); the result here is the mathematical one, the
/// source's indices with zero values.
fn mul_intersection(x: &SparseCooTensor, y: &SparseCooTensor, res_dtype: DType) -> Result<SparseCooTensor> {
    let res_shape = shape::broadcast_shapes(x.sizes(), y.sizes())?;
    let common = promote_types(x.dtype(), y.dtype());
    if !can_cast(common, res_dtype) {
        return Err(cast_error(common, res_dtype, ""));
    }
    let (source, other) = if x.is_coalesced() != y.is_coalesced() {
        if x.is_coalesced() {
            (y, x)
        } else {
            (x, y)
        }
    } else if x.nnz() >= y.nnz() {
        (y, x)
    } else {
        (x, y)
    };
    require_data(source)?;
    require_data(other)?;
    let sd = source.sparse_dim();
    let sparse_sizes = &source.sizes()[..sd];
    let (sn, on) = (source.nnz(), other.nnz());
    let (si, oi) = (host_indices(source.raw_indices())?, host_indices(other.raw_indices())?);
    let order = sorted_order(&oi, sparse_sizes, on);
    let strides = shape::contiguous_strides(sparse_sizes);
    let key = |idx: &[i64], n: usize, k: usize| -> i128 {
        (0..sd).map(|d| idx[d * n + k] as i128 * strides[d] as i128).sum()
    };
    let sorted_keys: Vec<i128> = order.iter().map(|&p| key(&oi, on, p)).collect();
    // the dense dimensions: each operand's offset for every element of the broadcast value
    let res_dense = &res_shape[sd..];
    let (source_offsets, other_offsets) =
        (broadcast_offsets(&source.sizes()[sd..], res_dense), broadcast_offsets(&other.sizes()[sd..], res_dense));
    let (sblock, oblock, rblock) = (block_size(source), block_size(other), shape::numel(res_dense));
    let (sv, ov) = (source.raw_values().to_dtype(common)?, other.raw_values().to_dtype(common)?);
    let device = source.device();
    let mut value_sizes: Vec<usize> = vec![sn];
    value_sizes.extend_from_slice(res_dense);
    let values = crate::dispatch_dtype!(common, T => {
        let (sv, ov) = (host_values::<T>(&sv)?, host_values::<T>(&ov)?);
        let mut r = Vec::with_capacity(sn * rblock);
        for k in 0..sn {
            let h = key(&si, sn, k);
            let lo = sorted_keys.partition_point(|&v| v < h);
            let hi = sorted_keys.partition_point(|&v| v <= h);
            for (&so, &oo) in source_offsets.iter().zip(&other_offsets) {
                let lhs = sv[k * sblock + so];
                r.push(T::mul_sum(lhs, order[lo..hi].iter().map(|&p| ov[p * oblock + oo])));
            }
        }
        tensor_on(r, &value_sizes, device)?
    });
    let indices = source.raw_indices().clone_tensor()?;
    Ok(SparseCooTensor::from_parts(indices, values.to_dtype(res_dtype)?, res_shape, source.is_coalesced()))
}

/// For every element of a contiguous tensor of sizes `to`, the row-major offset of the element of a tensor of
/// sizes `from` (as many dimensions, each equal or 1) that broadcasting reads there.
fn broadcast_offsets(from: &[usize], to: &[usize]) -> Vec<usize> {
    let from_strides = shape::contiguous_strides(from);
    let mut offsets = Vec::with_capacity(shape::numel(to));
    let mut coord = vec![0usize; to.len()];
    for _ in 0..shape::numel(to) {
        offsets
            .push(coord.iter().zip(from).zip(&from_strides).map(|((&c, &f), &s)| if f == 1 { 0 } else { c * s }).sum());
        for d in (0..to.len()).rev() {
            coord[d] += 1;
            if coord[d] < to[d] {
                break;
            }
            coord[d] = 0;
        }
    }
    offsets
}

// ----- div -----

/// `lhs / rhs` for a sparse `lhs` and a number or zero-dim dense `rhs`. `what` names the operation in the
/// messages: "Sparse division" (`div`) or "Sparse floor division" (`floor_divide`).
fn div(
    lhs: &SparseOperand,
    rhs: &SparseOperand,
    rounded: bool,
    op: BinaryOp,
    output: &SparseOutput<'_>,
    what: &str,
) -> Result<AnyTensor> {
    let divisor_sizes = any_sizes(rhs);
    if !divisor_sizes.is_empty() {
        runtime_err!(
            "{what} requires a scalar or zero-dim dense tensor divisor (got shape {} for divisor)",
            fmt_list(&divisor_sizes)
        )
    }
    let divisor = match rhs {
        SparseOperand::Sparse(_) => {
            runtime_err!("{what} requires a scalar or zero-dim dense tensor divisor (got a sparse divisor)")
        }
        SparseOperand::Dense(d) => d,
    };
    let SparseOperand::Sparse(t) = lhs else {
        return Err(Error::Runtime("internal error: div without a sparse dividend".into()));
    };
    let mut common = result_type(lhs, rhs)?;
    if common.is_integral(true) && !rounded {
        common = get_default_dtype();
    }
    let t = if rounded && !t.is_coalesced() { t.coalesce()? } else { t.clone() };
    let values = match output {
        SparseOutput::InPlace(_) => {
            let values = t.raw_values().clone();
            binary_op(op, &Operand::Tensor(values.clone()), divisor, Output::InPlace)?;
            values
        }
        _ => {
            let mut values = crate::empty(&[0], out_dtype(output, common))?;
            binary_op(op, &Operand::Tensor(t.raw_values().clone()), divisor, Output::Out(&mut values))?;
            values
        }
    };
    Ok(AnyTensor::from(SparseCooTensor::from_parts(
        t.raw_indices().clone(),
        values,
        t.sizes().into(),
        t.is_coalesced(),
    )))
}

impl Tensor {
    /// Replaces this (empty) handle's contents by `src` converted to this dtype: used to write a result into a
    /// values tensor of a fixed dtype.
    pub(crate) fn copy_from_result(&mut self, src: &Tensor) -> Result<()> {
        *self = src.to_dtype(self.dtype())?;
        Ok(())
    }
}

impl SparseCooTensor {
    /// Any operation of the op table with this tensor as the first operand (`BinaryOp::Mul`, ...), into a new
    /// tensor (sparse, or dense where PyTorch's sparse kernel gives a dense result).
    pub fn binary(&self, op: BinaryOp, other: impl Into<SparseOperand>) -> Result<AnyTensor> {
        binary(op, &SparseOperand::from(self), &other.into(), SparseOutput::New)
    }

    /// Any operation in place (`add_`, `mul_` ...): this tensor is replaced by the result.
    pub fn binary_(&mut self, op: BinaryOp, other: impl Into<SparseOperand>) -> Result<()> {
        let me = SparseOperand::from(&*self);
        let mut slot = AnyTensor::from(self.clone());
        binary(op, &me, &other.into(), SparseOutput::InPlace(&mut slot))?;
        match slot {
            AnyTensor::SparseCoo(s) => {
                *self = *s;
                Ok(())
            }
            _ => Err(Error::Runtime("internal error: a sparse in-place result is not sparse".into())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sparse::sparse_coo_tensor;

    fn hybrid(indices: Vec<i64>, values: Vec<f32>, sizes: &[i64]) -> SparseCooTensor {
        let nnz = indices.len();
        let dense: Vec<usize> = sizes[1..].iter().map(|&s| s as usize).collect();
        let mut value_sizes = vec![nnz];
        value_sizes.extend_from_slice(&dense);
        let indices = crate::from_vec(indices, &[1, nnz]).unwrap();
        let values = crate::from_vec(values, &value_sizes).unwrap();
        sparse_coo_tensor(&indices, &values, Some(sizes), Default::default()).unwrap()
    }

    /// Dense dimensions that broadcast: PyTorch's intersection kernel, the result has the broadcast sizes.
    #[test]
    fn mul_broadcasts_dense_dimensions() {
        let a = hybrid(vec![2, 0, 2], vec![1., 2., 3., 4., 5., 6.], &[3, 2]);
        let b = hybrid(vec![0, 2], vec![10., 20.], &[3, 1]);
        let r = a.binary(BinaryOp::Mul, &b).unwrap();
        let r = r.sparse().unwrap();
        assert_eq!(r.sizes(), &[3, 2]);
        // the source is b (fewer elements): its indices, each value times the sum of a's at that coordinate
        assert_eq!(r.raw_indices().to_vec::<i64>().unwrap(), vec![0, 2]);
        assert_eq!(r.raw_values().to_vec::<f32>().unwrap(), vec![30., 40., 120., 160.]);
        assert!(!r.is_coalesced());
        assert_eq!(
            r.to_dense().unwrap().to_vec::<f32>().unwrap(),
            a.to_dense().unwrap().mul(b.to_dense().unwrap()).unwrap().to_vec::<f32>().unwrap()
        );
        let c = hybrid(vec![0, 1], vec![1., 2., 3., 4., 5., 6.], &[3, 3]);
        let err = a.binary(BinaryOp::Mul, &c).unwrap_err();
        assert_eq!(
            err.to_string(),
            "The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 1"
        );
    }

    /// Where the searched operand has no elements PyTorch fails with a storage-bounds error; the result here is
    /// the zero product on the source's indices.
    #[test]
    fn mul_broadcast_with_an_empty_operand_is_zero() {
        let a = hybrid(vec![0, 2, 0], vec![1., 2., 3.], &[3, 1]);
        let empty = hybrid(vec![], vec![], &[3, 2]);
        for r in [a.binary(BinaryOp::Mul, &empty).unwrap(), empty.binary(BinaryOp::Mul, &a).unwrap()] {
            let r = r.sparse().unwrap().clone();
            assert_eq!(r.sizes(), &[3, 2]);
            assert_eq!(r.raw_indices().to_vec::<i64>().unwrap(), vec![0, 2, 0]);
            assert_eq!(r.raw_values().to_vec::<f32>().unwrap(), vec![0.; 6]);
            assert!(!r.is_coalesced());
        }
    }

    #[test]
    fn floor_divide_has_its_own_messages() {
        let a = hybrid(vec![2, 0, 2], vec![1., -2., 3., 4., 5., 6.], &[3, 2]);
        let err = a.binary(BinaryOp::FloorDivide, crate::ones(&[3, 2], ()).unwrap()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "Sparse floor division requires a scalar or zero-dim dense tensor divisor (got shape [3, 2] for divisor)"
        );
        let err = a.binary(BinaryOp::DIV, crate::ones(&[3, 2], ()).unwrap()).unwrap_err();
        assert!(err.to_string().starts_with("Sparse division requires"));
        let r = a.binary(BinaryOp::FloorDivide, 2).unwrap();
        let r = r.sparse().unwrap();
        assert!(r.is_coalesced());
        assert_eq!(r.raw_values().to_vec::<f32>().unwrap(), vec![1., 2., 3., 2.]);
    }
}
