//! Sparse COO tensors in Python: `oxtorch.sparse_coo_tensor`, `Tensor.to_sparse`, the sparse attributes and
//! accessors (`is_sparse`, `sparse_dim()`, `_nnz()`, `indices()`, `coalesce()` ...), arithmetic with any mix of
//! sparse tensors, dense tensors and numbers, and PyTorch's refusals. A sparse tensor is the same Python class,
//! `oxtorch.Tensor`, holding [`TensorValue::SparseCoo`]; `tensor.rs` and `functions.rs` call in here from small
//! hooks at the top of the methods whose behaviour depends on the layout.

use crate::args::{self, sequence_ints};
use crate::attributes::{PyDType, PyLayout};
use crate::device::device_arg;
use crate::errors::ResultExt;
use crate::tensor::{PyTensor, TensorValue};
use oxtorch::sparse::coo::{sparse_zeros, sparse_zeros_with_dims};
use oxtorch::sparse::{binary, AnyOperand, AnyOutput, AnyTensor};
use oxtorch::tensor::ops::BinaryOp;
use oxtorch::Operand;
use oxtorch::{DType, Device, Layout, SparseCooOptions, SparseCooTensor, Tensor};
use pyo3::exceptions::{PyBufferError, PyNotImplementedError, PyRuntimeError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use std::sync::RwLock;

/// A sparse tensor behind a lock, so that in-place operations (`add_`, `mul_` ...) can replace it through a
/// shared reference to its Python object.
#[derive(Debug)]
pub struct SparseCell(RwLock<SparseCooTensor>);

impl SparseCell {
    /// Wraps a sparse tensor.
    pub fn new(t: SparseCooTensor) -> SparseCell {
        SparseCell(RwLock::new(t))
    }

    /// A handle to the current tensor (cheap: indices and values are shared).
    pub fn get(&self) -> SparseCooTensor {
        self.0.read().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Replaces the tensor (an in-place operation's result).
    pub fn set(&self, t: SparseCooTensor) {
        *self.0.write().unwrap_or_else(|e| e.into_inner()) = t;
    }
}

impl Clone for SparseCell {
    /// A new cell holding the current tensor (shared indices and values; a later `set` on either cell does not
    /// reach the other).
    fn clone(&self) -> SparseCell {
        SparseCell::new(self.get())
    }
}

/// The error for an operation oxtorch does not support on sparse tensors, where no method name is at hand.
pub fn unsupported() -> PyErr {
    PyNotImplementedError::new_err(
        "oxtorch does not support this operation on sparse COO tensors; it supports construction, conversions, \
         coalesce, to_dense, add/sub/mul/div/floor_divide and the sparse accessors. Call .to_dense() first.",
    )
}

/// The error for a method that PyTorch supports on sparse tensors and oxtorch does not (yet).
pub fn not_supported(method: &str) -> PyErr {
    PyNotImplementedError::new_err(format!(
        "oxtorch does not support {method} on sparse COO tensors yet; call .to_dense() first"
    ))
}

/// PyTorch's dispatch key of a sparse tensor on `device`: `SparseCPU`, `SparseCUDA`, `SparseMeta`.
fn sparse_backend(device: Device) -> String {
    format!("Sparse{}", oxtorch::sparse::view::backend_name(device))
}

/// The dispatcher's `NotImplementedError` when operator `op` has no kernel for sparse COO tensors on `device`
/// (its first sentence).
pub fn dispatcher_error(op: &str, device: Device) -> PyErr {
    PyNotImplementedError::new_err(format!(
        "Could not run 'aten::{op}' with arguments from the '{}' backend.",
        sparse_backend(device)
    ))
}

/// PyTorch's check on the sizes of a new sparse tensor: their product, each read as an unsigned 64-bit number,
/// must not overflow nor exceed int64 (so a negative size is this error, unless another size is 0).
pub fn check_sparse_numel(sizes: &[i64]) -> PyResult<()> {
    let unsigned: Vec<usize> = sizes.iter().map(|&s| s as u64 as usize).collect();
    oxtorch::shape::check_numel(&unsigned).py()
}

/// What a factory without a sparse kernel does with `layout=oxtorch.sparse_coo` on `device`: `full` (and `ones`,
/// which is `full` underneath) refuses the layout; the others allocate an empty sparse tensor (see
/// [`check_sparse_numel`], for the factories with sizes) and fail in the kernel that would fill it.
pub fn factory_refusal(function: &str, sizes: Option<&[i64]>, device: Device) -> PyErr {
    if matches!(function, "full" | "ones") {
        return PyRuntimeError::new_err("full(...) is not implemented for sparse layout");
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

/// What PyTorch raises when `method` meets a sparse COO tensor on `device` (its exception class and message;
/// the dispatcher's "Could not run 'aten::...'" kept to its first sentence, as `sparse.json` records it), for
/// the methods PyTorch refuses. Methods that PyTorch supports on sparse tensors and oxtorch does not get
/// [`not_supported`].
pub fn refusal(method: &str, device: Device) -> PyErr {
    let dispatcher = |op: &str| dispatcher_error(op, device);
    match method {
        "view" | "unflatten" => dispatcher("view"),
        "narrow" | "squeeze" | "diagonal" | "as_strided" | "split" | "chunk" => dispatcher("as_strided"),
        "unfold" => dispatcher("unfold"),
        "fill_" | "ones_like" | "full_like" => dispatcher("fill_.Scalar"),
        "rand_like" => dispatcher("uniform_"),
        "randn_like" => dispatcher("normal_"),
        "randint_like" => dispatcher("random_.from"),
        "equal" => dispatcher("equal"),
        "allclose" => dispatcher("eq.Tensor"),
        "view(dtype)" => PyNotImplementedError::new_err("Cannot access storage of SparseTensorImpl"),
        "reshape" | "flatten" => PyRuntimeError::new_err("reshape is not implemented for sparse tensors"),
        "expand" | "expand_as" => PyRuntimeError::new_err("expand is unsupported for Sparse tensors"),
        "tolist" => PyRuntimeError::new_err("Cannot access data pointer of Tensor that doesn't have storage"),
        "numpy" => PyTypeError::new_err("can't convert Sparse layout tensor to numpy. Use Tensor.to_dense() first."),
        "__dlpack__" => PyBufferError::new_err("Can't export tensors with layout other than oxtorch.strided"),
        "__setitem__" => PyTypeError::new_err("Cannot assign to a sparse tensor"),
        other => not_supported(other),
    }
}

/// PyTorch's refusal of a memory format for a sparse tensor (`contiguous()`, `clone(memory_format=...)`).
pub fn unsupported_memory_format(format: oxtorch::MemoryFormat) -> PyErr {
    let name = match format {
        oxtorch::MemoryFormat::Contiguous => "Contiguous",
        oxtorch::MemoryFormat::ChannelsLast => "ChannelsLast",
        oxtorch::MemoryFormat::ChannelsLast3d => "ChannelsLast3d",
        oxtorch::MemoryFormat::Preserve => "Preserve",
    };
    PyRuntimeError::new_err(format!("unsupported memory format option {name}"))
}

/// `dst.copy_(src)` where either is sparse: between a dense and a sparse tensor PyTorch refuses with its
/// message; between sparse tensors of the same sizes and dimensions `dst` takes copies of `src`'s indices and
/// values (converted to `dst`'s dtype) and its coalesced flag. Other sparse-to-sparse copies (which resize
/// `dst`) are not supported.
pub fn copy_(dst: &PyTensor, src: &PyTensor) -> PyResult<()> {
    match (&dst.value, src.sparse()) {
        (TensorValue::SparseCoo(cell), Some(s)) => {
            let d = cell.get();
            if d.sizes() != s.sizes() || d.sparse_dim() != s.sparse_dim() {
                return Err(not_supported("copy_ between sparse tensors of different sizes or sparse dimensions"));
            }
            let values = s.raw_values().to_dtype(d.dtype()).py()?;
            let values = if values.is_same(s.raw_values()) { values.clone_tensor().py()? } else { values };
            let indices = s.raw_indices().clone_tensor().py()?;
            let size: Vec<i64> = s.sizes().iter().map(|&x| x as i64).collect();
            let options = SparseCooOptions { is_coalesced: Some(s.is_coalesced()), ..Default::default() };
            let copied = oxtorch::sparse_coo_tensor(&indices, &values, Some(&size), options).py()?;
            cell.set(copied.to_device(d.device()).py()?);
            Ok(())
        }
        _ => {
            let (dst_dtype, dst_sparse) = match dst.sparse() {
                Some(d) => (d.dtype(), true),
                None => (dst.strided()?.dtype(), false),
            };
            let (src_dtype, src_sparse) = match src.sparse() {
                Some(s) => (s.dtype(), true),
                None => (src.strided()?.dtype(), false),
            };
            Err(PyRuntimeError::new_err(format!(
                "copy_() between dense and sparse Tensors is not implemented! Found self type = {} and src type = {}",
                legacy_type_name(dst_dtype, dst_sparse),
                legacy_type_name(src_dtype, src_sparse)
            )))
        }
    }
}

/// `cpu()` / `cuda()` of a sparse tensor: indices and values moved to `device`, the tensor itself when already
/// there (a memory format changes nothing then, as in PyTorch).
pub fn to_device(
    slf: PyRef<'_, PyTensor>,
    py: Python<'_>,
    s: SparseCooTensor,
    device: Device,
    memory_format: Option<crate::attributes::PyMemoryFormat>,
) -> PyResult<Py<PyTensor>> {
    let _ = memory_format;
    let moved = s.to_device(device).py()?;
    if moved.raw_values().is_same(s.raw_values()) {
        return Ok(slf.into());
    }
    Py::new(py, PyTensor::new_sparse(moved))
}

/// PyTorch's legacy type name of a tensor (`torch.FloatTensor`, `torch.sparse.FloatTensor`), as its messages
/// print it (with oxtorch's module name).
pub fn legacy_type_name(dtype: DType, sparse: bool) -> String {
    let name = dtype.scalar_type_name();
    format!("oxtorch.{}{name}Tensor", if sparse { "sparse." } else { "" })
}

impl PyTensor {
    /// Wraps a sparse tensor.
    pub fn new_sparse(t: SparseCooTensor) -> PyTensor {
        PyTensor { value: TensorValue::SparseCoo(SparseCell::new(t)) }
    }

    /// Wraps a result of any layout.
    pub fn from_any(t: AnyTensor) -> PyTensor {
        match t {
            AnyTensor::Strided(t) => PyTensor::new(t),
            AnyTensor::SparseCoo(s) => PyTensor::new_sparse(s),
        }
    }

    /// The sparse tensor, when this is one.
    pub fn sparse(&self) -> Option<SparseCooTensor> {
        match &self.value {
            TensorValue::SparseCoo(c) => Some(c.get()),
            _ => None,
        }
    }

    /// This tensor as a tensor of any layout.
    pub fn any(&self) -> PyResult<AnyTensor> {
        Ok(match self.sparse() {
            Some(s) => AnyTensor::SparseCoo(s),
            None => AnyTensor::Strided(self.strided()?.clone()),
        })
    }
}

/// An arithmetic operand of any layout, or None when `obj` is neither a tensor nor a number.
pub fn any_operand(obj: &Bound<'_, PyAny>) -> PyResult<Option<AnyOperand>> {
    if let Ok(t) = obj.cast::<PyTensor>() {
        return Ok(Some(AnyOperand::from(t.borrow().any()?)));
    }
    Ok(args::scalar(obj)?.map(|s| AnyOperand::Dense(Operand::Scalar(s))))
}

/// Whether `obj` is a sparse tensor.
pub fn is_sparse_obj(obj: &Bound<'_, PyAny>) -> bool {
    obj.cast::<PyTensor>().is_ok_and(|t| t.borrow().sparse().is_some())
}

fn operand_or_error(obj: &Bound<'_, PyAny>) -> PyResult<AnyOperand> {
    any_operand(obj)?.ok_or_else(|| {
        PyTypeError::new_err(format!(
            "unsupported operand type: expected a Tensor or a number, but got {}",
            obj.get_type().name().map(|n| n.to_string()).unwrap_or_default()
        ))
    })
}

/// An arithmetic operation with a sparse operand: one of the binary operations, or `floor_divide`, which
/// computes `div(..., rounding_mode='floor')` with its own messages.
#[derive(Clone, Copy, Debug)]
pub enum Arith {
    /// `add`, `sub`, `mul`, `div`.
    Op(BinaryOp),
    /// `floor_divide` (`//`).
    FloorDivide,
}

impl From<BinaryOp> for Arith {
    fn from(op: BinaryOp) -> Arith {
        Arith::Op(op)
    }
}

impl Arith {
    fn run(self, lhs: &AnyOperand, rhs: &AnyOperand, output: AnyOutput<'_>) -> oxtorch::Result<AnyTensor> {
        match self {
            Arith::Op(op) => binary(op, lhs, rhs, output),
            Arith::FloorDivide => oxtorch::sparse::floor_divide(lhs, rhs, output),
        }
    }
}

/// `me op other` (or `other op me` when `reflected`), a new tensor.
pub fn method(me: &PyTensor, op: impl Into<Arith>, other: &Bound<'_, PyAny>, reflected: bool) -> PyResult<PyTensor> {
    let me = AnyOperand::from(me.any()?);
    let other = operand_or_error(other)?;
    let (l, r) = if reflected { (&other, &me) } else { (&me, &other) };
    op.into().run(l, r, AnyOutput::New).py().map(PyTensor::from_any)
}

/// `me op= other`: a sparse `me` is replaced by the result, a dense one written through.
pub fn in_place(me: &PyTensor, op: impl Into<Arith>, other: &Bound<'_, PyAny>) -> PyResult<()> {
    let mut slot = me.any()?;
    let lhs = AnyOperand::from(slot.clone());
    let other = operand_or_error(other)?;
    op.into().run(&lhs, &other, AnyOutput::InPlace(&mut slot)).py()?;
    match (&me.value, slot) {
        (TensorValue::SparseCoo(cell), AnyTensor::SparseCoo(s)) => cell.set(s),
        (TensorValue::SparseCoo(_), AnyTensor::Strided(_)) => {
            return Err(PyRuntimeError::new_err("internal error: a sparse in-place result is dense"))
        }
        _ => {}
    }
    Ok(())
}

/// `torch.add(lhs, rhs, out=out)` and friends with a sparse operand or output.
pub fn function_out(
    py: Python<'_>,
    op: impl Into<Arith>,
    lhs: &Bound<'_, PyAny>,
    rhs: &Bound<'_, PyAny>,
    out: Option<&Bound<'_, PyTensor>>,
) -> PyResult<Py<PyAny>> {
    let op = op.into();
    let (l, r) = (operand_or_error(lhs)?, operand_or_error(rhs)?);
    match out {
        None => Ok(Py::new(py, PyTensor::from_any(op.run(&l, &r, AnyOutput::New).py()?))?.into_any()),
        Some(out) => {
            let mut slot = out.borrow().any()?;
            op.run(&l, &r, AnyOutput::Out(&mut slot)).py()?;
            match slot {
                AnyTensor::SparseCoo(s) => match &out.borrow().value {
                    TensorValue::SparseCoo(cell) => cell.set(s),
                    _ => out.borrow_mut().value = TensorValue::SparseCoo(SparseCell::new(s)),
                },
                AnyTensor::Strided(t) => {
                    if out.borrow().sparse().is_some() || !out.borrow().strided()?.is_same(&t) {
                        out.borrow_mut().value = TensorValue::Strided(t);
                    }
                }
            }
            Ok(out.clone().into_any().unbind())
        }
    }
}

/// An index or values argument: a tensor (converted to `dtype` when given) or nested Python data.
fn tensor_arg(obj: &Bound<'_, PyAny>, dtype: Option<DType>) -> PyResult<Tensor> {
    if let Ok(t) = obj.cast::<PyTensor>() {
        let t = t.borrow().strided()?.clone();
        return match dtype {
            Some(d) => t.to_dtype(d).py(),
            None => Ok(t),
        };
    }
    if let Some(array) = crate::interop::numpy_to_tensor(obj, true)? {
        return match dtype {
            Some(d) => array.to_dtype(d).py(),
            None => Ok(array),
        };
    }
    let nested = crate::nested::read(obj, dtype, true)?;
    oxtorch::tensor::factory::tensor_from_scalars(&nested.values, &nested.shape, nested.dtype).py()
}

/// `torch.sparse_coo_tensor(indices, values, size=None, *, dtype=None, device=None, requires_grad=False,
/// check_invariants=None, is_coalesced=None)`, or `torch.sparse_coo_tensor(size)` for an empty one.
#[pyfunction]
#[pyo3(signature = (indices=None, values=None, size=None, *, dtype=None, device=None, pin_memory=false, requires_grad=false, check_invariants=None, is_coalesced=None))]
#[allow(clippy::too_many_arguments)]
pub fn sparse_coo_tensor(
    indices: Option<&Bound<'_, PyAny>>,
    values: Option<&Bound<'_, PyAny>>,
    size: Option<&Bound<'_, PyAny>>,
    dtype: Option<PyDType>,
    device: Option<&Bound<'_, PyAny>>,
    pin_memory: bool,
    requires_grad: bool,
    check_invariants: Option<bool>,
    is_coalesced: Option<bool>,
) -> PyResult<PyTensor> {
    let _ = pin_memory;
    let device = match device {
        Some(d) if !d.is_none() => Some(device_arg(d)?),
        _ => None,
    };
    let dtype = dtype.map(|d| d.0);
    let t = match (indices, values) {
        (Some(i), Some(v)) => {
            let indices = tensor_arg(i, Some(DType::Int64))?;
            let values = tensor_arg(v, dtype)?;
            let size = size.filter(|s| !s.is_none()).map(sequence_ints).transpose()?;
            let options = SparseCooOptions { dtype, device, check_invariants, is_coalesced };
            oxtorch::sparse_coo_tensor(&indices, &values, size.as_deref(), options).py().map(PyTensor::new_sparse)
        }
        (Some(shape), None) if size.is_none() => {
            let sizes = args::to_sizes(&sequence_ints(shape)?)?;
            sparse_zeros(&sizes, dtype, device).py().map(PyTensor::new_sparse)
        }
        (None, None) => match size {
            Some(s) => {
                let sizes = args::to_sizes(&sequence_ints(s)?)?;
                sparse_zeros(&sizes, dtype, device).py().map(PyTensor::new_sparse)
            }
            None => Err(PyTypeError::new_err("sparse_coo_tensor() missing required argument 'indices'")),
        },
        _ => Err(PyTypeError::new_err("sparse_coo_tensor(): expected indices and values, or a size")),
    }?;
    // PyTorch sets requires_grad on the new tensor
    crate::functions::grad_any_layout(t, requires_grad)
}

/// `torch.zeros(*size, layout=torch.sparse_coo)` / `torch.empty(...)`: a sparse tensor without elements.
pub fn sparse_factory(
    sizes: &[usize],
    layout: Option<PyLayout>,
    options: oxtorch::TensorOptions,
) -> PyResult<Option<PyTensor>> {
    if layout.is_some_and(|l| l.0 == Layout::SparseCoo) {
        return sparse_empty(sizes, options).map(Some);
    }
    Ok(None)
}

/// A sparse COO tensor of `sizes` without elements (every dimension sparse), with `options`' dtype and device.
pub fn sparse_empty(sizes: &[usize], options: oxtorch::TensorOptions) -> PyResult<PyTensor> {
    let dtype = options.dtype.unwrap_or_else(oxtorch::get_default_dtype);
    sparse_zeros_with_dims(sizes, sizes.len(), dtype, options.resolved_device()).py().map(PyTensor::new_sparse)
}

/// The keywords of a `*_like` factory that decide a sparse result.
pub struct LikeArgs<'a, 'py> {
    /// `dtype=`.
    pub dtype: Option<PyDType>,
    /// `layout=`.
    pub layout: Option<PyLayout>,
    /// `device=`.
    pub device: Option<&'a Bound<'py, PyAny>>,
    /// `memory_format=`.
    pub memory_format: Option<crate::attributes::PyMemoryFormat>,
}

/// `torch.zeros_like` and the other `*_like` factories where a sparse tensor is involved (a sparse `input`, or
/// `layout=oxtorch.sparse_coo`); None for the dense cases. As in PyTorch, `zeros_like` / `empty_like` of a sparse
/// tensor is a sparse tensor of the same sizes and sparse dimensions without elements (or dense zeros with
/// `layout=oxtorch.strided`), and the factories that fill values refuse sparse inputs with PyTorch's messages.
pub fn like_factory(name: &str, input: &PyTensor, args: LikeArgs<'_, '_>) -> PyResult<Option<PyTensor>> {
    let sparse_input = input.sparse();
    let want_sparse = match args.layout {
        Some(l) => l.0 == Layout::SparseCoo,
        None => sparse_input.is_some(),
    };
    if sparse_input.is_none() && !want_sparse {
        return Ok(None);
    }
    if let (false, Some(s)) = (matches!(name, "zeros_like" | "empty_like"), &sparse_input) {
        return Err(refusal(name, s.device()));
    }
    if want_sparse && args.memory_format.is_some() {
        return Err(PyRuntimeError::new_err("memory format option is only supported by strided tensors"));
    }
    if name != "zeros_like" && want_sparse && sparse_input.is_none() {
        // the `*_like` of a strided tensor reaches `empty_strided`, which has no sparse kernel
        let device = match args.device {
            Some(d) if !d.is_none() => device_arg(d)?,
            _ => input.strided()?.device(),
        };
        return Err(dispatcher_error("empty_strided", device));
    }
    let sizes = sizes_of(input)?;
    let (input_dtype, input_device) = match &sparse_input {
        Some(s) => (s.dtype(), s.device()),
        None => (input.strided()?.dtype(), input.strided()?.device()),
    };
    let dtype = args.dtype.map_or(input_dtype, |d| d.0);
    let device = match args.device {
        Some(d) if !d.is_none() => device_arg(d)?,
        _ => input_device,
    };
    if !want_sparse {
        return oxtorch::zeros(&sizes, (dtype, device)).py().map(|t| Some(PyTensor::new(t)));
    }
    let sparse_dim = sparse_input.map_or(sizes.len(), |s| s.sparse_dim());
    sparse_zeros_with_dims(&sizes, sparse_dim, dtype, device).py().map(|s| Some(PyTensor::new_sparse(s)))
}

/// The methods that exist only for sparse tensors, or whose sparse form differs: registered on
/// `oxtorch.Tensor` by `tensor.rs`.
pub fn sparse_dim(t: &PyTensor) -> PyResult<usize> {
    match t.sparse() {
        Some(s) => Ok(s.sparse_dim()),
        None => Ok(0),
    }
}

/// `dense_dim()`: the dimensions of each value (all of them for a dense tensor).
pub fn dense_dim(t: &PyTensor) -> PyResult<usize> {
    match t.sparse() {
        Some(s) => Ok(s.dense_dim()),
        None => Ok(t.strided()?.dim()),
    }
}

/// The sparse tensor, or PyTorch's error for a strided one calling a sparse-only method.
pub fn require_sparse(t: &PyTensor, method: &str) -> PyResult<SparseCooTensor> {
    t.sparse().ok_or_else(|| {
        PyNotImplementedError::new_err(format!("Could not run 'aten::{method}' with arguments from the 'CPU' backend."))
    })
}

/// `to_sparse(sparse_dim=None, *, layout=None)` on either layout.
pub fn to_sparse(t: &PyTensor, args: &Bound<'_, PyTuple>, layout: Option<PyLayout>) -> PyResult<PyTensor> {
    if layout.is_some_and(|l| l.0 != Layout::SparseCoo) {
        return Err(PyNotImplementedError::new_err("oxtorch supports only the sparse_coo layout for to_sparse"));
    }
    let dim = match args.len() {
        0 => None,
        _ => {
            let a = args.get_item(0)?;
            if a.is_none() {
                None
            } else {
                Some(args::int_arg(&a)?)
            }
        }
    };
    match t.sparse() {
        Some(s) => s.to_sparse_dim(dim).py().map(PyTensor::new_sparse),
        None => {
            let dense = t.strided()?;
            match dim {
                None => dense.to_sparse(),
                Some(d) => dense.to_sparse_dim(d),
            }
            .py()
            .map(PyTensor::new_sparse)
        }
    }
}

/// The Python value of a sparse tensor's `size()`-like tuple.
pub fn sizes_of(t: &PyTensor) -> PyResult<Vec<usize>> {
    match t.sparse() {
        Some(s) => Ok(s.sizes().to_vec()),
        None => Ok(t.strided()?.sizes().to_vec()),
    }
}

/// Registers the module-level functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(sparse_coo_tensor, m)?)?;
    Ok(())
}
