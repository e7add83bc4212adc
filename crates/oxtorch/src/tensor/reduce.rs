//! Reductions of strided tensors (`sum`, `nansum`, `prod`, `mean`, `nanmean`, `amax`, `amin`, `all`, `any`,
//! `max`, `min`, `argmax`, `argmin`) with PyTorch's rules: which dimensions (`dim` as None, an int or a list,
//! wrapped, duplicates refused), the result's sizes (`keepdim`) and dtype (`sum` of integers is int64, `dtype=`
//! converts the input first, an `out=` tensor's dtype is the result's when no `dtype=` is given), the checks and
//! their order (PyTorch's meta functions in `ReduceOps.cpp`), and empty reductions (a sum of nothing is 0, a
//! product 1, a mean NaN; a largest element of nothing is an error).
//!
//! The result is contiguous; an `out=` tensor is resized to it as PyTorch's `resize_output` does. The loops are
//! the backends' (`backend::reduce`); meta tensors get sizes and dtypes only; CUDA tensors are reduced through host
//! memory (the CUDA reduction kernels are still to come), with CUDA results.

use super::meta::meta_rules;
use super::{Output, Tensor};
use crate::backend::{self, ReduceCall};
use crate::dtype::DType;
use crate::error::{index_err, runtime_err, Error, Result};
use crate::op::{BinaryOp, ReduceKernel, ReduceOp, UnaryOp};
use crate::scalar::Scalar;
use crate::shape::{self, Dims};
use crate::tensor::Operand;

/// Which dimensions of a tensor of `ndim` dimensions a `dim` argument reduces: None or an empty list, all of
/// them; each given dimension wrapped (PyTorch's "Dimension out of range"), none twice.
pub fn reduced_dims(ndim: usize, dims: Option<&[i64]>) -> Result<Vec<bool>> {
    // the structured kernels wrap every dimension before refusing a repeated one
    for &d in dims.unwrap_or(&[]) {
        shape::wrap_dim(d, ndim)?;
    }
    reduced_dims_in_order(ndim, dims)
}

/// [`reduced_dims`] as PyTorch's `make_dim_mask` builds it for `nansum` (not a structured kernel): each dimension
/// wrapped and checked against the ones before it in turn, so a repeated dimension is refused before a later one
/// out of range.
fn reduced_dims_in_order(ndim: usize, dims: Option<&[i64]>) -> Result<Vec<bool>> {
    let list = match dims {
        None | Some([]) => return Ok(vec![true; ndim]),
        Some(list) => list,
    };
    let mut seen = vec![false; ndim.max(1)];
    for &d in list {
        let w = shape::wrap_dim(d, ndim)?;
        if seen[w] {
            runtime_err!("dim {w} appears multiple times in the list of dims")
        }
        seen[w] = true;
    }
    seen.truncate(ndim);
    Ok(seen)
}

/// The sizes of a reduction's result: the kept dimensions, and the reduced ones as 1 with `keepdim`.
pub fn reduced_sizes(sizes: &[usize], reduced: &[bool], keepdim: bool) -> Dims {
    sizes
        .iter()
        .zip(reduced)
        .filter_map(|(&s, &r)| match (r, keepdim) {
            (false, _) => Some(s),
            (true, true) => Some(1),
            (true, false) => None,
        })
        .collect()
}

/// PyTorch's `get_dtype_from_self(self, dtype, promote_integers=true)`: `dtype=` if given, else int64 for integers
/// and bools, else the input's dtype.
fn dtype_from_self(x: DType, dtype: Option<DType>) -> DType {
    dtype.unwrap_or(if x.is_integral(true) { DType::Int64 } else { x })
}

/// PyTorch's `infer_dtype_from_optional`: with an `out=` tensor, `dtype=` or the tensor's own dtype; else
/// [`dtype_from_self`].
fn inferred_dtype(x: DType, dtype: Option<DType>, out: Option<DType>) -> DType {
    match out {
        Some(o) => dtype.unwrap_or(o),
        None => dtype_from_self(x, dtype),
    }
}

/// The `out=` tensor's dtype, if the output is one.
fn out_dtype(output: &Output<'_>) -> Option<DType> {
    match output {
        Output::Out(t) => Some(t.dtype()),
        _ => None,
    }
}

/// PyTorch's structured-kernel check of an `out=` tensor against the dtype the meta function chose.
fn check_out_dtype(output: &Output<'_>, dtype: DType) -> Result<()> {
    match output {
        Output::Out(t) if t.dtype() != dtype => runtime_err!(
            "Expected out tensor to have dtype {}, but got {} instead",
            dtype.type_meta_name(),
            t.dtype().type_meta_name()
        ),
        Output::InPlace => Err(Error::Runtime("internal error: a reduction has no in-place form".into())),
        _ => Ok(()),
    }
}

/// PyTorch's `zero_numel_check_dims` for a reduction that picks an element (`amax`, `max`): an empty input needs
/// dimensions to reduce, each of non-zero size (named as given).
fn check_nonempty_dims(x: &Tensor, dims: Option<&[i64]>, name: &str) -> Result<()> {
    if x.numel() != 0 {
        return Ok(());
    }
    let list = match dims {
        None | Some([]) => runtime_err!(
            "{name}: Expected reduction dim to be specified for input.numel() == 0. Specify the reduction dim with \
             the 'dim' argument."
        ),
        Some(list) => list,
    };
    for &d in list {
        check_nonempty_dim(x, d, d, name)?;
    }
    Ok(())
}

/// One dimension of [`check_nonempty_dims`]: `shown` is the dimension as the message names it.
fn check_nonempty_dim(x: &Tensor, d: i64, shown: i64, name: &str) -> Result<()> {
    if x.dim() == 0 {
        if d != 0 && d != -1 {
            index_err!("{name}: Expected reduction dim -1 or 0 for scalar but got {shown}")
        }
        return Ok(());
    }
    if x.sizes()[shape::wrap_dim(d, x.dim())?] == 0 {
        index_err!("{name}: Expected reduction dim {shown} to have non-zero size.")
    }
    Ok(())
}

/// The tensor a reduction writes: a new contiguous one, or the `out=` tensor resized to `sizes` (its dtype
/// already checked by the caller).
fn result_tensor(x: &Tensor, sizes: &[usize], dtype: DType, output: Output<'_>) -> Result<Tensor> {
    match output {
        Output::Out(slot) => {
            if slot.sizes() != sizes {
                let strides = shape::contiguous_strides(sizes);
                let device = slot.device();
                super::ops::resize_output(slot, sizes, &strides, slot.dtype(), device)?;
            }
            Ok(slot.clone())
        }
        _ => super::factory::empty(sizes, (dtype, x.device())),
    }
}

/// Runs `kernel` over `input` (read as its own dtype) into `result` (of the kernel's result dtype, any layout),
/// and into `values` too for `max`/`min` over a dimension.
fn run_kernel(
    kernel: ReduceKernel,
    input: &Tensor,
    reduced: &[bool],
    result: &Tensor,
    values: Option<&Tensor>,
) -> Result<()> {
    if result.numel() == 0 {
        return Ok(());
    }
    if input.is_cuda() {
        // through host memory, written back to the result's device
        let host_result = super::factory::empty(result.sizes(), result.dtype())?;
        let host_values = values.map(|v| super::factory::empty(v.sizes(), v.dtype())).transpose()?;
        run_kernel(kernel, &input.cpu()?, reduced, &host_result, host_values.as_ref())?;
        result.copy_(&host_result)?;
        if let (Some(v), Some(h)) = (values, host_values) {
            v.copy_(&h)?;
        }
        return Ok(());
    }
    // the loop writes contiguous outputs of its own dtypes; anything else is written through a temporary
    let direct = |t: &Tensor| t.is_contiguous() && t.storage_offset() == 0 || t.is_meta();
    if !direct(result) || values.is_some_and(|v| !direct(v)) {
        let own = super::factory::empty(result.sizes(), (result.dtype(), result.device()))?;
        let own_values = values.map(|v| super::factory::empty(v.sizes(), (v.dtype(), v.device()))).transpose()?;
        run_kernel(kernel, input, reduced, &own, own_values.as_ref())?;
        result.copy_(&own)?;
        if let (Some(v), Some(o)) = (values, own_values) {
            v.copy_(&o)?;
        }
        return Ok(());
    }
    let input = if input.math_bits().any() { input.resolved()? } else { input.clone() };
    backend::reduce(&ReduceCall {
        kernel,
        input: (&input).into(),
        reduced,
        out: result.storage(),
        values: values.map(|v| v.storage()),
    })
}

/// `input` as `dtype` (itself when it has it).
fn as_dtype(x: &Tensor, dtype: DType) -> Result<Tensor> {
    if x.dtype() == dtype {
        Ok(x.clone())
    } else {
        x.to_dtype(dtype)
    }
}

/// `sum`/`prod` (and integer `nansum`): the input converted to the result's dtype, then summed or multiplied.
fn sum_or_prod(
    kernel: ReduceKernel,
    x: &Tensor,
    dims: Option<&[i64]>,
    keepdim: bool,
    dtype: Option<DType>,
    output: Output<'_>,
) -> Result<Tensor> {
    let result_dtype = inferred_dtype(x.dtype(), dtype, out_dtype(&output));
    let reduced = reduced_dims(x.dim(), dims)?;
    check_out_dtype(&output, result_dtype)?;
    let sizes = reduced_sizes(x.sizes(), &reduced, keepdim);
    let result = result_tensor(x, &sizes, result_dtype, output)?;
    let input = as_dtype(x, result_dtype)?;
    if x.numel() == 0 {
        result.fill_(if kernel == ReduceKernel::Prod { 1 } else { 0 })?;
        return Ok(result);
    }
    run_kernel(kernel, &input, &reduced, &result, None)?;
    Ok(result)
}

/// `nansum`: `sum` for integers and bools; floats skip NaN (complex inputs are refused on the CPU). Its CPU
/// kernel exists for floating results: an `out=` of another dtype is refused, a `dtype=` of integers or bool is
/// the floating sum converted.
fn nansum(x: &Tensor, dims: Option<&[i64]>, keepdim: bool, dtype: Option<DType>, output: Output<'_>) -> Result<Tensor> {
    let complex_refused = || -> Result<()> {
        if x.is_complex() && !meta_rules(x) {
            return Err(Error::NotImplemented("nansum on CPU does not support complex inputs".into()));
        }
        Ok(())
    };
    // `nansum_out` refuses a complex input first, then (floating inputs on the CPU) an `out=` of another dtype than
    // a floating `dtype=` (`make_reduction`'s first check); the function, and the meta device's reference, wrap the
    // dimensions first
    let mismatched_out = |result_dtype: DType| -> Result<()> {
        match out_dtype(&output) {
            Some(o) if o != result_dtype => runtime_err!(
                "nansum: provided dtype must match dtype of result. Got {} and {}.",
                o.scalar_type_name(),
                result_dtype.scalar_type_name()
            ),
            _ => Ok(()),
        }
    };
    if matches!(output, Output::Out(_)) {
        complex_refused()?;
        let result_dtype = inferred_dtype(x.dtype(), dtype, out_dtype(&output));
        if dtype.is_some() && !x.dtype().is_integral(true) && !result_dtype.is_integral(true) && !meta_rules(x) {
            mismatched_out(result_dtype)?;
        }
    }
    // the function builds its result by `make_dim_mask`, as `nansum_out` does for floating inputs (integer ones go
    // to `sum_out`, which wraps every dimension first); the meta device's reference wraps them all first
    let integers_into_out = matches!(output, Output::Out(_)) && x.dtype().is_integral(true);
    let in_order = !meta_rules(x) && !integers_into_out;
    let reduced = if in_order { reduced_dims_in_order(x.dim(), dims)? } else { reduced_dims(x.dim(), dims)? };
    complex_refused()?;
    if x.dtype().is_integral(true) {
        if let (true, Some(o)) = (meta_rules(x), out_dtype(&output)) {
            // the meta device runs PyTorch's Python reference, whose `out=` takes only safe casts of int64
            if !crate::promotion::can_cast(DType::Int64, o) {
                runtime_err!(
                    "Attempting to cast from {} to out tensor with dtype {o}, but this can't be cast because it is \
                     not safe!",
                    DType::Int64
                )
            }
        }
        return sum_or_prod(ReduceKernel::Sum, x, dims, keepdim, dtype, output);
    }
    let result_dtype = inferred_dtype(x.dtype(), dtype, out_dtype(&output));
    if let Some(o) = out_dtype(&output) {
        if o != result_dtype && result_dtype.is_integral(true) {
            // an integer `dtype=` goes through `sum`'s structured kernel, whose check words it
            check_out_dtype(&output, result_dtype)?;
        }
        mismatched_out(result_dtype)?;
    }
    // an integer result dtype taken from `out=` has no kernel; a given integer `dtype=` converts the input first
    let refused = result_dtype.is_complex()
        || (out_dtype(&output).is_some() && dtype.is_none() && !result_dtype.is_floating_point());
    let sizes = reduced_sizes(x.sizes(), &reduced, keepdim);
    let result = result_tensor(x, &sizes, result_dtype, output)?;
    if x.numel() == 0 {
        result.fill_(0)?;
        return Ok(result);
    }
    // the kernel's dtypes are checked when it runs, after the output is resized
    if refused && !meta_rules(x) {
        return Err(Error::NotImplemented(format!(
            "\"nansum_cpu\" not implemented for '{}'",
            result_dtype.scalar_type_name()
        )));
    }
    if result_dtype.is_floating_point() {
        run_kernel(ReduceKernel::NanSum, &as_dtype(x, result_dtype)?, &reduced, &result, None)?;
    } else {
        // an integer or bool `dtype=`: the elements converted (NaN as 0; PyTorch's float16 loads read infinities
        // as the largest finite values), then summed in that dtype
        let bound = if x.dtype() == DType::Float16 { 65504.0 } else { f64::INFINITY };
        let kept = x.nan_to_num(Some(0.0), Some(bound), Some(-bound))?;
        run_kernel(ReduceKernel::Sum, &as_dtype(&kept, result_dtype)?, &reduced, &result, None)?;
    }
    Ok(result)
}

/// The number of elements a reduction of a tensor of `sizes` over `reduced` folds into each output.
pub(crate) fn reduced_count(sizes: &[usize], reduced: &[bool]) -> i64 {
    sizes.iter().zip(reduced).filter(|(_, &r)| r).map(|(&s, _)| s as i64).product()
}

/// The value of `mean`: the sum of `x` over `dims` in `result_dtype` (float16 and bfloat16 sum in float32 and
/// round once at the end, as PyTorch's CPU `mean_out`), divided by `count`, the number of elements each output
/// stands for (a global tensor's piece divides by the logical count).
pub(crate) fn divided_sum(
    x: &Tensor,
    dims: Option<&[i64]>,
    keepdim: bool,
    result_dtype: DType,
    count: i64,
) -> Result<Tensor> {
    let half = matches!(result_dtype, DType::Float16 | DType::BFloat16);
    let sum_dtype = if half { DType::Float32 } else { result_dtype };
    let sum = sum_or_prod(ReduceKernel::Sum, x, dims, keepdim, Some(sum_dtype), Output::New)?;
    let quotient = super::ops::binary_op(
        BinaryOp::Div { rounding_mode: None },
        &Operand::Tensor(sum),
        &Operand::Scalar(Scalar::Int(count)),
        Output::InPlace,
    )?;
    as_dtype(&quotient, result_dtype)
}

/// `mean`: the sum in the result's dtype (float32 for float16 and bfloat16, rounded once at the end), divided
/// by the number of elements.
fn mean(x: &Tensor, dims: Option<&[i64]>, keepdim: bool, dtype: Option<DType>, output: Output<'_>) -> Result<Tensor> {
    let in_dtype = dtype_from_self(x.dtype(), dtype);
    if !in_dtype.is_floating_point() && !in_dtype.is_complex() {
        let (what, got) = match dtype {
            Some(d) => ("Optional", d),
            None => ("Input", x.dtype()),
        };
        // the meta device's Python reference names the dtype as Python prints it
        let got = if meta_rules(x) { got.to_string() } else { got.scalar_type_name().to_string() };
        let message = format!(
            "mean(): could not infer output dtype. {what} dtype must be either a floating point or complex dtype. \
             Got: {got}"
        );
        // the meta device runs PyTorch's Python reference, whose error is a RuntimeError
        return Err(if meta_rules(x) { Error::Runtime(message) } else { Error::NotImplemented(message) });
    }
    let result_dtype = inferred_dtype(x.dtype(), dtype, out_dtype(&output));
    let reduced = reduced_dims(x.dim(), dims)?;
    check_out_dtype(&output, result_dtype)?;
    let sizes = reduced_sizes(x.sizes(), &reduced, keepdim);
    if !result_dtype.is_floating_point() && !result_dtype.is_complex() {
        // PyTorch sums into the (resized) integer result, then fails to divide it in place
        sum_or_prod(ReduceKernel::Sum, x, dims, keepdim, Some(result_dtype), output)?;
        runtime_err!(
            "result type {} can't be cast to the desired output type {}",
            crate::promotion::get_default_dtype().scalar_type_name(),
            result_dtype.scalar_type_name()
        )
    }
    let quotient = divided_sum(x, dims, keepdim, result_dtype, reduced_count(x.sizes(), &reduced))?;
    match output {
        Output::New => Ok(quotient),
        output => {
            let result = result_tensor(x, &sizes, result_dtype, output)?;
            result.copy_(&quotient)?;
            Ok(result)
        }
    }
}

/// `nanmean`: `nansum` divided by the number of elements that are not NaN. With `out=`, PyTorch's `nanmean_out`
/// refuses integer and bool inputs first; without, its function refuses every input that is not floating or
/// complex.
fn nanmean(
    x: &Tensor,
    dims: Option<&[i64]>,
    keepdim: bool,
    dtype: Option<DType>,
    output: Output<'_>,
) -> Result<Tensor> {
    let out = matches!(output, Output::Out(_));
    if out && x.dtype().is_integral(true) {
        return Err(Error::NotImplemented(
            "nanmean(): integral types and 'Bool' are not supported for nanmean, even for empty tensors.".into(),
        ));
    }
    if !x.is_floating_point() && !x.is_complex() {
        return Err(Error::NotImplemented(format!(
            "nanmean(): expected input to have floating point or complex dtype but got {}",
            x.dtype().scalar_type_name()
        )));
    }
    if let Some(d) = dtype {
        if !d.is_floating_point() && !d.is_complex() {
            runtime_err!(
                "nanmean(): could not infer output dtype. Optional dtype must be either a floating point or complex \
                 dtype. Got: {}",
                d.scalar_type_name()
            )
        }
    }
    let present = x.unary(UnaryOp::IsNan)?.unary(UnaryOp::LogicalNot)?;
    let factor = sum_or_prod(ReduceKernel::Sum, &present, dims, keepdim, None, Output::New)?;
    let into = if out { Output::InPlace } else { Output::New };
    let sum = nansum(x, dims, keepdim, dtype, output)?;
    super::ops::binary_op(BinaryOp::Div { rounding_mode: None }, &Operand::Tensor(sum), &Operand::Tensor(factor), into)
}

/// `amax`/`amin`: the result has the input's dtype (an `out=` of another dtype is refused).
fn extreme(op: ReduceOp, x: &Tensor, dims: Option<&[i64]>, keepdim: bool, output: Output<'_>) -> Result<Tensor> {
    let name = format!("{}()", op.name());
    if let Some(o) = out_dtype(&output) {
        if o != x.dtype() {
            runtime_err!(
                "Expected the dtype for input and out to match, but got {} for input's dtype and {} for out's dtype.",
                x.dtype().scalar_type_name(),
                o.scalar_type_name()
            )
        }
    }
    if meta_rules(x) && x.numel() == 0 {
        // the meta device's reference reduces with no identity
        let reduced = reduced_dims(x.dim(), dims)?;
        if reduced.iter().zip(x.sizes()).any(|(&r, &s)| r && s == 0) || x.dim() == 0 {
            runtime_err!("reducing over zero-size dimension for reduction operation without identity")
        }
    }
    check_nonempty_dims(x, dims, &name)?;
    let reduced = reduced_dims(x.dim(), dims)?;
    let sizes = reduced_sizes(x.sizes(), &reduced, keepdim);
    let result = result_tensor(x, &sizes, x.dtype(), output)?;
    let kernel = if op == ReduceOp::Amax { ReduceKernel::Max } else { ReduceKernel::Min };
    if result.numel() != 0 {
        check_ordered(kernel, x)?;
    }
    run_kernel(kernel, x, &reduced, &result, None)?;
    Ok(result)
}

/// The CPU kernels of `max`/`min` exist for every dtype but complex ones.
fn check_ordered(kernel: ReduceKernel, x: &Tensor) -> Result<()> {
    if x.is_complex() && !meta_rules(x) {
        let name = if kernel == ReduceKernel::Max { "max_values_cpu" } else { "min_values_cpu" };
        return Err(Error::NotImplemented(format!(
            "\"{name}\" not implemented for '{}'",
            x.dtype().scalar_type_name()
        )));
    }
    Ok(())
}

/// `max()`/`min()` of every element.
fn extreme_all(op: ReduceOp, x: &Tensor, output: Output<'_>) -> Result<Tensor> {
    if x.numel() == 0 && !meta_rules(x) {
        runtime_err!(
            "{}(): Expected reduction dim to be specified for input.numel() == 0. Specify the reduction dim with the \
             'dim' argument.",
            op.name()
        )
    }
    if x.is_complex() && !meta_rules(x) {
        let name = if op == ReduceOp::Max { "max_all" } else { "min_all" };
        return Err(Error::NotImplemented(format!(
            "\"{name}\" not implemented for '{}'",
            x.dtype().scalar_type_name()
        )));
    }
    check_out_dtype(&output, x.dtype())?;
    let result = result_tensor(x, &[], x.dtype(), output)?;
    let kernel = if op == ReduceOp::Max { ReduceKernel::Max } else { ReduceKernel::Min };
    run_kernel(kernel, x, &vec![true; x.dim()], &result, None)?;
    Ok(result)
}

/// `all`/`any`: bool results (uint8 for a uint8 input); an `out=` must be bool or uint8.
fn truth(op: ReduceOp, x: &Tensor, dims: Option<&[i64]>, keepdim: bool, output: Output<'_>) -> Result<Tensor> {
    if let Some(o) = out_dtype(&output) {
        if o != DType::Bool && o != DType::UInt8 {
            if meta_rules(x) {
                runtime_err!("Expected out tensor to have dtype {} but got {o} instead", DType::Bool)
            }
            runtime_err!("{} only supports bool tensor for result, got: {}", op.name(), o.scalar_type_name())
        }
    }
    let dtype = out_dtype(&output).unwrap_or(if x.dtype() == DType::UInt8 { DType::UInt8 } else { DType::Bool });
    // an empty list of dimensions reduces none (PyTorch's `allow_empty_dims`), unlike `sum`'s
    let reduced = match dims {
        Some([]) => vec![false; x.dim()],
        _ => reduced_dims(x.dim(), dims)?,
    };
    let sizes = reduced_sizes(x.sizes(), &reduced, keepdim);
    let result = result_tensor(x, &sizes, dtype, output)?;
    let kernel = if op == ReduceOp::All { ReduceKernel::All } else { ReduceKernel::Any };
    if x.numel() == 0 {
        result.fill_(kernel == ReduceKernel::All)?;
        return Ok(result);
    }
    if x.numel() == 1 {
        // PyTorch's `allany_impl` copies a one-element input converted to bool (-0.1 is true, also into uint8)
        let shape = super::view::to_i64(result.sizes());
        result.copy_(&as_dtype(&x.reshape(&shape)?, DType::Bool)?)?;
        return Ok(result);
    }
    // into uint8, PyTorch's iterator converts the input first (a NaN becomes 0, a complex number its real part)
    let input = if dtype == DType::UInt8 { as_dtype(x, DType::UInt8)? } else { x.clone() };
    run_kernel(kernel, &input, &reduced, &result, None)?;
    Ok(result)
}

/// The checks `max`/`min` over a dimension and `argmax`/`argmin` make of their input's dtype.
fn check_arg_input(op: ReduceOp, x: &Tensor) -> Result<()> {
    if x.is_complex() && (op.gives_indices() || !meta_rules(x)) {
        return Err(Error::Type(format!("{}(): does not support complex input", op.name())));
    }
    if op.gives_indices() && x.dtype() == DType::Bool {
        return Err(Error::NotImplemented(format!("{}(): does not support bool input", op.name())));
    }
    Ok(())
}

/// `argmax`/`argmin`: over the flattened input (row-major) without `dim`, or over one dimension.
fn arg_extreme(op: ReduceOp, x: &Tensor, dim: Option<i64>, keepdim: bool, output: Output<'_>) -> Result<Tensor> {
    // the meta device's registration (shared by argmin) words its checks as argmax's, without parentheses
    let meta = meta_rules(x);
    let name = if meta { "argmax".to_string() } else { format!("{}()", op.name()) };
    // the meta device's functional form has no dtype checks; its out= form has the CPU's
    if !meta || matches!(output, Output::Out(_)) {
        check_arg_input(op, x)?;
    }
    let (input, reduced, sizes) = match dim {
        Some(d) => {
            let w = shape::wrap_dim(d, x.dim())?;
            check_nonempty_dim(x, d, w as i64, &name)?;
            let reduced: Vec<bool> = (0..x.dim()).map(|i| i == w).collect();
            let sizes = reduced_sizes(x.sizes(), &reduced, keepdim);
            (x.clone(), reduced, sizes)
        }
        None => {
            if x.numel() == 0 {
                let message = format!("{name}: Expected reduction dim to be specified for input.numel() == 0.");
                return Err(if meta { Error::Runtime(message) } else { Error::Index(message) });
            }
            let sizes: Dims = if keepdim { x.sizes().iter().map(|_| 1).collect() } else { Dims::new() };
            let flat = x.reshape(&[-1])?;
            (flat, vec![true], sizes)
        }
    };
    check_out_dtype(&output, DType::Int64)?;
    let result = result_tensor(x, &sizes, DType::Int64, output)?;
    let kernel = if op == ReduceOp::ArgMax { ReduceKernel::ArgMax } else { ReduceKernel::ArgMin };
    run_kernel(kernel, &input, &reduced, &result, None)?;
    Ok(result)
}

/// `op(x)` over `dims` (None: every dimension) with `keepdim` and `dtype=` into `output` (a new tensor or
/// `out=`), for the reductions that give one tensor: every [`ReduceOp`]; `max`/`min` reduce every element here
/// (over a dimension they give values and indices: [`max_min_dim`]); `argmax`/`argmin` take at most one dimension.
pub fn reduce(
    op: ReduceOp,
    x: &Tensor,
    dims: Option<&[i64]>,
    keepdim: bool,
    dtype: Option<DType>,
    output: Output<'_>,
) -> Result<Tensor> {
    if dtype.is_some() && !op.takes_dtype() {
        return Err(Error::Type(format!("{}() got an unexpected keyword argument 'dtype'", op.name())));
    }
    match op {
        ReduceOp::Sum => sum_or_prod(ReduceKernel::Sum, x, dims, keepdim, dtype, output),
        ReduceOp::Prod => sum_or_prod(ReduceKernel::Prod, x, dims, keepdim, dtype, output),
        ReduceOp::NanSum => nansum(x, dims, keepdim, dtype, output),
        ReduceOp::Mean => mean(x, dims, keepdim, dtype, output),
        ReduceOp::NanMean => nanmean(x, dims, keepdim, dtype, output),
        ReduceOp::Amax | ReduceOp::Amin => extreme(op, x, dims, keepdim, output),
        ReduceOp::All | ReduceOp::Any => truth(op, x, dims, keepdim, output),
        ReduceOp::Max | ReduceOp::Min => extreme_all(op, x, output),
        ReduceOp::ArgMax | ReduceOp::ArgMin => {
            let dim = match dims {
                None => None,
                Some(&[d]) => Some(d),
                Some(_) => {
                    return Err(Error::Type(format!("{}(): 'dim' must be one int or None", op.name())));
                }
            };
            arg_extreme(op, x, dim, keepdim, output)
        }
    }
}

/// `max`/`min` over dimension `dim`: the extreme values and the index of the first of each (PyTorch's named tuple
/// `(values, indices)`), new or into `out=` tensors (`values` of the input's dtype, `indices` int64).
pub fn max_min_dim(
    op: ReduceOp,
    x: &Tensor,
    dim: i64,
    keepdim: bool,
    out: Option<(&mut Tensor, &mut Tensor)>,
) -> Result<(Tensor, Tensor)> {
    if !matches!(op, ReduceOp::Max | ReduceOp::Min) {
        return Err(Error::Runtime(format!("internal error: {} has no values and indices form", op.name())));
    }
    let name = format!("{}()", op.name());
    let w = shape::wrap_dim(dim, x.dim())?;
    if !meta_rules(x) && x.numel() == 0 {
        check_nonempty_dim(x, dim, w as i64, &name)?;
    }
    check_arg_input(op, x)?;
    let reduced: Vec<bool> = (0..x.dim()).map(|i| i == w).collect();
    let sizes = reduced_sizes(x.sizes(), &reduced, keepdim);
    let (values, indices) = match out {
        Some((v, i)) => {
            check_out_dtype(&Output::Out(v), x.dtype())?;
            check_out_dtype(&Output::Out(i), DType::Int64)?;
            (
                result_tensor(x, &sizes, x.dtype(), Output::Out(v))?,
                result_tensor(x, &sizes, DType::Int64, Output::Out(i))?,
            )
        }
        None => {
            (result_tensor(x, &sizes, x.dtype(), Output::New)?, result_tensor(x, &sizes, DType::Int64, Output::New)?)
        }
    };
    let kernel = if op == ReduceOp::Max { ReduceKernel::ArgMax } else { ReduceKernel::ArgMin };
    run_kernel(kernel, x, &reduced, &indices, Some(&values))?;
    Ok((values, indices))
}

impl Tensor {
    /// `torch.sum(self)`: the sum of every element (int64 for integers and bools).
    pub fn sum(&self) -> Result<Tensor> {
        reduce(ReduceOp::Sum, self, None, false, None, Output::New)
    }

    /// `torch.sum(self, dims, keepdim, dtype=)`.
    pub fn sum_dims(&self, dims: &[i64], keepdim: bool, dtype: Option<DType>) -> Result<Tensor> {
        reduce(ReduceOp::Sum, self, Some(dims), keepdim, dtype, Output::New)
    }

    /// `torch.mean(self)`: the mean of every element (floating and complex tensors).
    pub fn mean(&self) -> Result<Tensor> {
        reduce(ReduceOp::Mean, self, None, false, None, Output::New)
    }

    /// Any reduction `op` over `dims` (None: all) with `keepdim` and `dtype=`, into a new tensor.
    pub fn reduce(&self, op: ReduceOp, dims: Option<&[i64]>, keepdim: bool, dtype: Option<DType>) -> Result<Tensor> {
        reduce(op, self, dims, keepdim, dtype, Output::New)
    }

    /// `torch.max(self, dim, keepdim)`: the largest values over `dim` and their indices.
    pub fn max_dim(&self, dim: i64, keepdim: bool) -> Result<(Tensor, Tensor)> {
        max_min_dim(ReduceOp::Max, self, dim, keepdim, None)
    }

    /// `torch.min(self, dim, keepdim)`: the smallest values over `dim` and their indices.
    pub fn min_dim(&self, dim: i64, keepdim: bool) -> Result<(Tensor, Tensor)> {
        max_min_dim(ReduceOp::Min, self, dim, keepdim, None)
    }
}
