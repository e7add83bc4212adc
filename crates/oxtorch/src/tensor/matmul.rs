//! The matrix products `matmul` (`@`), `mm`, `bmm`, `mv`, `dot`, `vdot` and `outer`, with PyTorch's rules
//! (`LinearAlgebra.cpp`, `Blas.cpp`):
//!
//! - no promotion: `mm`, `bmm`, `mv` and `dot` refuse operands of two dtypes, each with its own message and at its
//!   own point (after the `out=` checks for `mm` and `bmm`, before them for `mv`); `outer` is `mul` of a column by
//!   a row, so it promotes;
//! - `matmul` is PyTorch's composite: `dot`, `mv` or `mm` by rank, the batch of a stack folded into the rows of
//!   one `mm`/`mv` when its memory allows, else the batch dimensions broadcast and one `bmm`;
//! - results are contiguous; an `out=` tensor of the right shape keeps its strides, one of another shape is
//!   resized (contiguous); its dtype must be the result's (`outer`: any the result casts to);
//! - bool products refuse to run (the CPU kernels have no bool), unless nothing is computed (an empty result, or
//!   an empty contraction, which gives zeros).
//!
//! A meta tensor among the operands or the `out=` tensor takes PyTorch's meta functions
//! (`torch/_meta_registrations.py` under `out_wrapper`), whose checks, messages and result dtypes differ (`meta`
//! below). CUDA tensors are multiplied through host memory.

use super::{factory, ops, Operand, Output, Tensor};
use crate::backend::{self, MatmulCall, MatmulOperand};
use crate::device::Device;
use crate::dtype::DType;
use crate::error::{index_err, runtime_err, Error, Result};
use crate::iter as overlap;
use crate::op::BinaryOp;
use crate::promotion::promote_types;
use crate::shape::{self, Dims};

/// Which product a call names, for the rules that differ between them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Product {
    /// `torch.matmul` and `@`.
    Matmul,
    /// `torch.mm`.
    Mm,
    /// `torch.bmm`.
    Bmm,
    /// `torch.mv`.
    Mv,
    /// `torch.dot`.
    Dot,
    /// `torch.vdot`.
    Vdot,
    /// `torch.outer` (`ger`).
    Outer,
}

impl Product {
    /// The function's name.
    pub fn name(self) -> &'static str {
        match self {
            Product::Matmul => "matmul",
            Product::Mm => "mm",
            Product::Bmm => "bmm",
            Product::Mv => "mv",
            Product::Dot => "dot",
            Product::Vdot => "vdot",
            Product::Outer => "outer",
        }
    }
}

/// `product(a, b)` into `output` (a new tensor or `out=`).
pub fn product(product: Product, a: &Tensor, b: &Tensor, output: Output<'_>) -> Result<Tensor> {
    if matches!(output, Output::InPlace) {
        return Err(Error::Runtime(format!("internal error: {} has no in-place form", product.name())));
    }
    match product {
        Product::Matmul => matmul(a, b, output),
        Product::Mm => mm(a, b, output),
        Product::Bmm => bmm(a, b, output),
        Product::Mv => mv(a, b, output),
        Product::Dot => dot(a, b, output, false),
        Product::Vdot => dot(a, b, output, true),
        Product::Outer => outer(a, b, output),
    }
}

/// Whether a call takes the meta functions: a meta operand or `out=` tensor.
fn meta_call(a: &Tensor, b: &Tensor, output: &Output<'_>) -> bool {
    a.is_meta() || b.is_meta() || matches!(output, Output::Out(o) if o.is_meta())
}

/// The operands' one device (PyTorch's dispatcher refuses two).
fn common_device(a: &Tensor, b: &Tensor) -> Result<Device> {
    super::join::common_device(&[a, b])
}

/// A structured kernel's `set_output` for `out=`: the dtype must be the result's, the device the operands', and
/// a tensor of another shape is resized (contiguous). Returns the tensor written to.
fn structured_out(out: &mut Tensor, sizes: &[usize], dtype: DType, device: Device) -> Result<Tensor> {
    if out.dtype() != dtype {
        runtime_err!(
            "Expected out tensor to have dtype {}, but got {} instead",
            dtype.type_meta_name(),
            out.dtype().type_meta_name()
        )
    }
    if out.device() != device {
        runtime_err!("Expected out tensor to have device {device}, but got {} instead", out.device())
    }
    resized(out, sizes)
}

/// PyTorch's `resize_output`: `out` itself when it has `sizes`, else resized to them (contiguous).
fn resized(out: &mut Tensor, sizes: &[usize]) -> Result<Tensor> {
    if out.sizes() == sizes {
        return Ok(out.clone());
    }
    let (dtype, device) = (out.dtype(), out.device());
    ops::resize_output(out, sizes, &shape::contiguous_strides(sizes), dtype, device)
}

/// The result of a product: `out=` as `set_output` leaves it, or a new contiguous tensor.
fn result_tensor(output: Output<'_>, sizes: &[usize], dtype: DType, device: Device) -> Result<Tensor> {
    match output {
        Output::Out(out) => {
            let t = structured_out(out, sizes, dtype, device)?;
            overlap::assert_no_internal_overlap((&t).into())?;
            Ok(t)
        }
        _ => factory::empty(sizes, (dtype, device)),
    }
}

/// PyTorch's CPU dispatch error for a bool product that would compute (`name` is its kernel's).
fn bool_refused(name: &str) -> Error {
    Error::NotImplemented(format!("\"{name}\" not implemented for 'Bool'"))
}

/// Multiplies `a` (`batch x m x k`) by `b` (`batch x k x n`) into `result` (`batch x m x n`, any strides), all of
/// one dtype: zeros for an empty contraction, nothing for an empty result.
fn compute(a: &Tensor, b: &Tensor, result: &Tensor) -> Result<()> {
    let [batch, m, k] = three(a.sizes());
    let n = b.sizes()[2];
    if result.numel() == 0 || result.is_meta() {
        return Ok(());
    }
    if k == 0 {
        return result.fill_(0);
    }
    if result.is_cuda() {
        // through host memory, written back to the result's device
        let host = factory::empty(result.sizes(), result.dtype())?;
        compute(&a.cpu()?, &b.cpu()?, &host)?;
        return result.copy_(&host);
    }
    if !(result.is_contiguous() && result.storage_offset() == 0) || result.is_alias_of(a) || result.is_alias_of(b) {
        let own = factory::empty(result.sizes(), result.dtype())?;
        compute(a, b, &own)?;
        return result.copy_(&own);
    }
    // a negative bit is resolved; a conjugate bit is read by the kernel
    let (a, b) = (a.resolve_neg()?, b.resolve_neg()?);
    backend::matmul(&MatmulCall { batch, m, k, n, lhs: operand(&a), rhs: operand(&b), out: result.storage() })
}

/// A 3-D tensor as a kernel operand.
fn operand(t: &Tensor) -> MatmulOperand<'_> {
    let s = t.strides();
    MatmulOperand { storage: t.storage(), offset: t.storage_offset(), strides: [s[0], s[1], s[2]], conj: t.is_conj() }
}

/// The three sizes of a 3-D tensor.
fn three(sizes: &[usize]) -> [usize; 3] {
    [sizes[0], sizes[1], sizes[2]]
}

/// `t` as a batch of one (a leading dimension of size 1).
fn batched(t: &Tensor) -> Result<Tensor> {
    t.unsqueeze(0)
}

/// `torch.mm(a, b, out=)`.
pub fn mm(a: &Tensor, b: &Tensor, output: Output<'_>) -> Result<Tensor> {
    if meta_call(a, b, &output) {
        return meta::mm(a, b, output);
    }
    if a.dim() != 2 {
        runtime_err!("mm: self must be a matrix, got {}-D tensor", a.dim())
    }
    if b.dim() != 2 {
        runtime_err!("mm: mat2 must be a matrix, got {}-D tensor", b.dim())
    }
    let ([m, k1], [k2, n]) = ([a.sizes()[0], a.sizes()[1]], [b.sizes()[0], b.sizes()[1]]);
    if k1 != k2 {
        runtime_err!("mm: mat1 and mat2 shapes cannot be multiplied ({m}x{k1} and {k2}x{n})")
    }
    let device = common_device(a, b)?;
    let result = result_tensor(output, &[m, n], a.dtype(), device)?;
    if a.dtype() != b.dtype() {
        runtime_err!(
            "expected m1 and m2 to have the same dtype, but got: {} != {}",
            a.dtype().type_meta_name(),
            b.dtype().type_meta_name()
        )
    }
    if a.dtype() == DType::Bool && result.numel() != 0 && k1 != 0 {
        return Err(bool_refused("addmm_impl_cpu_"));
    }
    compute(&batched(a)?, &batched(b)?, &batched(&result)?)?;
    Ok(result)
}

/// `torch.bmm(a, b, out=)`.
pub fn bmm(a: &Tensor, b: &Tensor, output: Output<'_>) -> Result<Tensor> {
    if meta_call(a, b, &output) {
        return meta::bmm(a, b, output);
    }
    let sizes = check_bmm_shapes(a, b)?;
    let device = common_device(a, b)?;
    let result = result_tensor(output, &sizes, b.dtype(), device)?;
    let k = a.sizes()[2];
    if result.numel() == 0 || k == 0 {
        compute(a, b, &result)?;
        return Ok(result);
    }
    // the kernel is chosen by batch1's dtype, and reading the others as it refuses another dtype
    if a.dtype() == DType::Bool {
        return Err(bool_refused("bmm"));
    }
    if let Some(other) = [b.dtype(), result.dtype()].into_iter().find(|&d| d != a.dtype()) {
        runtime_err!("expected scalar type {} but found {}", a.dtype().scalar_type_name(), other.scalar_type_name())
    }
    compute(a, b, &result)?;
    Ok(result)
}

/// `bmm`'s shape checks (the CPU's and the meta function's): the result's sizes.
fn check_bmm_shapes(a: &Tensor, b: &Tensor) -> Result<[usize; 3]> {
    if a.dim() != 3 {
        runtime_err!("batch1 must be a 3D tensor")
    }
    if b.dim() != 3 {
        runtime_err!("batch2 must be a 3D tensor")
    }
    let ([bs, rows, k], [bs2, k2, cols]) = (three(a.sizes()), three(b.sizes()));
    if bs2 != bs || k2 != k {
        runtime_err!(
            "Expected size for first two dimensions of batch2 tensor to be: [{bs}, {k}] but got: [{bs2}, {k2}]."
        )
    }
    Ok([bs, rows, cols])
}

/// `torch.mv(a, b, out=)`: PyTorch's `addmv` with `beta=0` into a vector of `b`'s dtype (the `out=` tensor itself
/// when it is a vector of the right length or of one element, else a new one).
pub fn mv(a: &Tensor, b: &Tensor, output: Output<'_>) -> Result<Tensor> {
    if meta_call(a, b, &output) {
        return meta::mv(a, b, output);
    }
    if a.dim() == 0 {
        index_err!("Dimension specified as 0 but tensor has no dimensions")
    }
    let rows = a.sizes()[0];
    let out_as_input = match &output {
        Output::Out(o) => !(o.dim() > 1 || (o.numel() != rows && o.numel() != 1)),
        _ => false,
    };
    let input = match &output {
        Output::Out(o) if out_as_input => (**o).clone(),
        _ => factory::empty(&[rows], (b.dtype(), b.device()))?,
    };
    // addmv's meta function
    if !(a.dim() == 2 && b.dim() == 1 && input.dim() <= 1) {
        runtime_err!("vector + matrix @ vector expected, got {}, {}, {}", input.dim(), a.dim(), b.dim())
    }
    if !(a.sizes()[1] == b.sizes()[0] && (rows == input.numel() || input.numel() == 1)) {
        runtime_err!(
            "size mismatch, got input ({}), mat ({}x{}), vec ({})",
            input.sizes().first().copied().unwrap_or(1),
            rows,
            a.sizes()[1],
            b.sizes()[0]
        )
    }
    if input.dtype() != a.dtype() || input.dtype() != b.dtype() {
        runtime_err!(
            "addmv input tensors must have the same dtype, but got {}, {}, and {}",
            input.dtype().scalar_type_name(),
            a.dtype().scalar_type_name(),
            b.dtype().scalar_type_name()
        )
    }
    let device = common_device(a, b)?;
    let result = result_tensor(output, &[rows], b.dtype(), device)?;
    if a.dtype() == DType::Bool && a.numel() != 0 && result.numel() != 0 {
        return Err(bool_refused("addmv_impl_cpu"));
    }
    // (1 x rows x k) by (1 x k x 1)
    let column = b.unsqueeze(1)?.unsqueeze(0)?;
    compute(&batched(a)?, &column, &result.unsqueeze(1)?.unsqueeze(0)?)?;
    Ok(result)
}

/// `torch.dot` (`conjugate`: `torch.vdot`, which conjugates the first vector; for real dtypes it is `dot`).
pub fn dot(a: &Tensor, b: &Tensor, output: Output<'_>, conjugate: bool) -> Result<Tensor> {
    if meta_call(a, b, &output) {
        return meta::dot(a, b, output);
    }
    if let Output::Out(out) = output {
        if !(out.device() == a.device() && a.device() == b.device()) {
            runtime_err!(
                "dot(): Expected the output and input tensors to be on the same device, but got the output tensor on \
                 {}, the 'input' tensor on {}, and the 'other' tensor on {}",
                out.device(),
                a.device(),
                b.device()
            )
        }
        let result = resized(out, &[])?;
        if result.dtype() != a.dtype() {
            runtime_err!(
                "result dtype {} does not match input dtype {}",
                result.dtype().scalar_type_name(),
                a.dtype().scalar_type_name()
            )
        }
        let value = dot(a, b, Output::New, conjugate)?;
        result.copy_(&value)?;
        return Ok(result);
    }
    check_dot(a, b, false)?;
    if a.dtype() == DType::Bool {
        return Err(bool_refused("dot"));
    }
    let result = factory::empty(&[], (a.dtype(), a.device()))?;
    // (1 x 1 x k) by (1 x k x 1), the first conjugated for vdot
    let row = if conjugate { a.conj() } else { a.clone() };
    compute(&row.unsqueeze(0)?.unsqueeze(0)?, &b.unsqueeze(1)?.unsqueeze(0)?, &result.view(&[1, 1, 1])?)?;
    Ok(result)
}

/// PyTorch's `dot_check` (`meta`: the meta function's messages).
fn check_dot(a: &Tensor, b: &Tensor, meta: bool) -> Result<()> {
    if a.dim() != 1 || b.dim() != 1 {
        runtime_err!("1D tensors expected, but got {}D and {}D tensors", a.dim(), b.dim())
    }
    if a.dtype() != b.dtype() {
        let (x, y) = if meta {
            (a.dtype().to_string(), b.dtype().to_string())
        } else {
            (a.dtype().scalar_type_name().to_string(), b.dtype().scalar_type_name().to_string())
        };
        runtime_err!("dot : expected both vectors to have same dtype, but found {x} and {y}")
    }
    let (x, y) = (a.numel(), b.numel());
    if x != y {
        let same = if meta { "thesame" } else { "the same" };
        runtime_err!(
            "inconsistent tensor size, expected tensor [{x}] and src [{y}] to have {same} number of elements, but got \
             {x} and {y} elements respectively"
        )
    }
    Ok(())
}

/// `torch.outer(a, b, out=)`: `a` as a column times `b` (PyTorch's composite: `mul`, with its promotion).
pub fn outer(a: &Tensor, b: &Tensor, output: Output<'_>) -> Result<Tensor> {
    for (t, name) in [(a, "self"), (b, "vec2")] {
        if t.dim() != 1 {
            runtime_err!("outer: Expected 1-D argument {name}, but got {}-D", t.dim())
        }
    }
    let column = a.reshape(&[a.sizes()[0] as i64, 1])?;
    ops::binary_op(BinaryOp::Mul, &Operand::Tensor(column), &Operand::Tensor(b.clone()), output)
}

/// PyTorch's `should_fold`: whether a stack times a matrix or vector (or the reverse) is one `mm`/`mv` over the
/// stack's rows, which needs its leading dimensions to merge without a copy (an autograd-free reading: no input
/// requires a gradient here).
fn should_fold(a: &Tensor, b: &Tensor) -> Result<bool> {
    let a_larger = a.dim() >= b.dim();
    let t1 = if a_larger { a.clone() } else { b.transpose(-2, -1)? };
    let dim_t2 = if a_larger { b.dim() } else { a.dim() };
    if !(t1.dim() >= 3 && dim_t2 <= 2) || a.dim() == 2 {
        return Ok(false);
    }
    if t1.numel() == 0 {
        return Ok(true);
    }
    let (sizes, strides) = (t1.sizes(), t1.strides());
    Ok((0..t1.dim() - 2).all(|i| strides[i] == strides[i + 1] * sizes[i + 1]))
}

/// `torch.matmul(a, b, out=)` (and `a @ b`): PyTorch's `_matmul_impl`.
pub fn matmul(a: &Tensor, b: &Tensor, output: Output<'_>) -> Result<Tensor> {
    let (da, db) = (a.dim(), b.dim());
    if da == 0 || db == 0 {
        runtime_err!("both arguments to matmul need to be at least 1D, but they are {da}D and {db}D")
    }
    match (da, db) {
        (1, 1) => return dot(a, b, output, false),
        (2, 1) => return mv(a, b, output),
        (1, 2) => {
            return match output {
                Output::Out(out) => {
                    mm(&a.unsqueeze(0)?, b, Output::Out(&mut *out))?;
                    out.squeeze_dim_(0)?;
                    Ok(out.clone())
                }
                _ => mm(&a.unsqueeze(0)?, b, Output::New)?.squeeze_dim(0),
            }
        }
        (2, 2) => return mm(a, b, output),
        _ => {}
    }
    if should_fold(a, b)? {
        return folded(a, b, output);
    }
    broadcast_batches(a, b, output)
}

/// `matmul` of a stack by a matrix or vector (or the reverse, transposed) as one `mm`/`mv` over the stack's rows.
fn folded(a: &Tensor, b: &Tensor, output: Output<'_>) -> Result<Tensor> {
    let transpose = b.dim() > a.dim();
    let t1 = if transpose { b.transpose(-2, -1)? } else { a.clone() };
    let t2 = match (transpose, a.dim()) {
        (false, _) => b.clone(),
        (true, 2) => a.t()?,
        (true, _) => a.clone(),
    };
    let sizes1 = t1.sizes();
    let mut output_shape = Dims::from(&sizes1[..sizes1.len() - 1]);
    let folded_rows: usize = output_shape.iter().product();
    let t2_is_matrix = t2.dim() == 2;
    if t2_is_matrix {
        output_shape.push(t2.sizes()[1]);
    }
    let t1_folded = t1.reshape(&[folded_rows as i64, sizes1[sizes1.len() - 1] as i64])?;
    let signed: Vec<i64> = output_shape.iter().map(|&s| s as i64).collect();
    let Output::Out(out) = output else {
        if t2_is_matrix {
            let product = mm(&t1_folded, &t2, Output::New)?.view(&signed)?;
            return if transpose { product.transpose(-2, -1)?.contiguous() } else { Ok(product) };
        }
        return mv(&t1_folded, &t2, Output::New)?.view(&signed);
    };
    if transpose && t2_is_matrix {
        return Err(Error::Runtime("internal error: matmul folded a transposed product into out=".into()));
    }
    let target = resized(out, &output_shape)?;
    let mut reshaped = if t2_is_matrix {
        target.reshape(&[folded_rows as i64, t2.sizes()[1] as i64])?
    } else {
        target.reshape(&[folded_rows as i64])?
    };
    let written = if t2_is_matrix {
        mm(&t1_folded, &t2, Output::Out(&mut reshaped))?
    } else {
        mv(&t1_folded, &t2, Output::Out(&mut reshaped))?
    };
    if !written.is_alias_of(&target) {
        // as PyTorch copies it: broadcast into the unfolded shape (which refuses most shapes)
        target.copy_(&written)?;
    }
    Ok(out.clone())
}

/// `matmul` of stacks: the batch dimensions broadcast, flattened, and one `bmm`.
fn broadcast_batches(a: &Tensor, b: &Tensor, output: Output<'_>) -> Result<Tensor> {
    let (da, db) = (a.dim(), b.dim());
    let n = if da > 1 { a.sizes()[da - 2] } else { 1 };
    let m1 = a.sizes()[da - 1];
    let batch_a = &a.sizes()[..da.saturating_sub(2)];
    let m2 = if db > 1 { b.sizes()[db - 2] } else { b.sizes()[0] };
    let p = if db > 1 { b.sizes()[db - 1] } else { 1 };
    let batch_b = &b.sizes()[..db.saturating_sub(2)];
    let mut output_shape = shape::broadcast_shapes(batch_a, batch_b)?;
    let batches: usize = output_shape.iter().product();
    let signed = |sizes: &[usize]| -> Vec<i64> { sizes.iter().map(|&s| s as i64).collect() };
    let mut a_size = output_shape.clone();
    a_size.extend([n, m1]);
    let a_expanded = a.expand(&signed(&a_size))?.reshape(&[batches as i64, n as i64, m1 as i64])?;
    let vector_rhs = db == 1;
    let mut b_size = output_shape.clone();
    if vector_rhs {
        b_size.push(m2);
    } else {
        b_size.extend([m2, p]);
    }
    let b_expanded = b.expand(&signed(&b_size))?;
    let b_expanded = if vector_rhs {
        b_expanded.reshape(&[batches as i64, m2 as i64])?.unsqueeze(2)?
    } else {
        b_expanded.reshape(&[batches as i64, m2 as i64, p as i64])?
    };
    if da > 1 {
        output_shape.push(n);
    }
    if db > 1 {
        output_shape.push(p);
    }
    let Output::Out(out) = output else {
        let product = bmm(&a_expanded, &b_expanded, Output::New)?;
        let product = if vector_rhs { product.squeeze_dim(-1)? } else { product };
        return product.view(&signed(&output_shape));
    };
    let target = resized(out, &output_shape)?;
    let mut reshaped = target.reshape(&[batches as i64, n as i64, p as i64])?;
    let written = bmm(&a_expanded, &b_expanded, Output::Out(&mut reshaped))?;
    let written = if vector_rhs { written.squeeze_dim(-1)? } else { written };
    if !written.is_alias_of(&target) {
        target.copy_(&written.view(&signed(target.sizes()))?)?;
    }
    Ok(out.clone())
}

/// PyTorch's meta functions of the products (`torch/_meta_registrations.py`), under `out_wrapper(exact_dtype=True)`:
/// other messages, fewer dtype checks (`mm` takes the first operand's dtype, `mv` promotes), and the result on the
/// device of the operand the function allocates it from.
mod meta {
    use super::*;

    /// `out_wrapper`: the result computed, then the `out=` tensor checked (device, exact dtype) and resized.
    fn finish(result: (Dims, DType, Device), output: Output<'_>) -> Result<Tensor> {
        let (shape, dtype, device) = result;
        match output {
            Output::Out(out) => {
                if device != out.device() {
                    return Err(super::super::meta::cross_device(device, out.device()));
                }
                if out.dtype() != dtype {
                    runtime_err!("Expected out tensor to have dtype {dtype} but got {} instead", out.dtype())
                }
                resized(out, &shape)
            }
            _ => factory::empty(&shape, (dtype, device)),
        }
    }

    /// `check_same_device` of the decompositions: the second operand on the first's device.
    fn same_device(a: &Tensor, b: &Tensor) -> Result<()> {
        if a.device() != b.device() {
            runtime_err!("Tensor on device {} is not on the expected device {}!", b.device(), a.device())
        }
        Ok(())
    }

    pub(super) fn mm(a: &Tensor, b: &Tensor, output: Output<'_>) -> Result<Tensor> {
        if a.dim() != 2 {
            runtime_err!("a must be 2D")
        }
        if b.dim() != 2 {
            runtime_err!("b must be 2D")
        }
        let ([n, m1], [m2, p]) = ([a.sizes()[0], a.sizes()[1]], [b.sizes()[0], b.sizes()[1]]);
        if m1 != m2 {
            runtime_err!("a and b must have same reduction dim, but got [{n}, {m1}] X [{m2}, {p}].")
        }
        finish((Dims::from(&[n, p][..]), a.dtype(), a.device()), output)
    }

    pub(super) fn bmm(a: &Tensor, b: &Tensor, output: Output<'_>) -> Result<Tensor> {
        if a.dim() == 3 && b.dim() == 3 && a.dtype() != b.dtype() {
            runtime_err!("expected scalar type {} but found {}", a.dtype(), b.dtype())
        }
        let sizes = check_bmm_shapes(a, b)?;
        finish((Dims::from(&sizes[..]), b.dtype(), b.device()), output)
    }

    pub(super) fn mv(a: &Tensor, b: &Tensor, output: Output<'_>) -> Result<Tensor> {
        if !(a.dim() == 2 && b.dim() == 1) {
            runtime_err!("matrix @ vector expected, got {}, {}", a.dim(), b.dim())
        }
        if a.sizes()[1] != b.sizes()[0] {
            runtime_err!("size mismatch, got input ({}x{}), vec ({})", a.sizes()[0], a.sizes()[1], b.sizes()[0])
        }
        same_device(a, b)?;
        finish((Dims::from(&[a.sizes()[0]][..]), promote_types(a.dtype(), b.dtype()), a.device()), output)
    }

    pub(super) fn dot(a: &Tensor, b: &Tensor, output: Output<'_>) -> Result<Tensor> {
        check_dot(a, b, true)?;
        same_device(a, b)?;
        finish((Dims::new(), a.dtype(), a.device()), output)
    }
}
