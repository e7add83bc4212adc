//! PyTorch's tensor `repr()` as a pure formatting function.
//!
//! The rules are those of PyTorch's `torch/_tensor_str.py`: one element formatter per tensor (per component for
//! complex tensors) choosing between integer mode (`1.`), fixed point (`1.0000`) and scientific notation
//! (`1.0000e+10`) from the nonzero finite values, right-aligned padding to a common width, summarization with `...`
//! above the element threshold, line wrapping at the line width, nested brackets, and the `dtype=` / `size=` /
//! `device=` suffixes. Python's float formatting (`'{:.4f}'`, `'{:.4e}'`) is reproduced exactly.

use crate::{dtype::Category, dtype::DType, scalar::Scalar, tensor::Tensor};

/// What the formatter needs to know about a tensor.
#[derive(Clone, Debug, PartialEq)]
pub struct ReprInput<'a> {
    /// The tensor's sizes.
    pub sizes: &'a [usize],
    /// Its dtype.
    pub dtype: DType,
    /// `Some("meta")`, `Some("cuda:0")` ... when PyTorch would print a `device='...'` suffix; None for the default
    /// device.
    pub device: Option<String>,
    /// All elements in row-major logical order; `None` for tensors without data (meta tensors).
    ///
    /// bool -> `Scalar::Bool`, integer dtypes -> `Scalar::Int`, float16/bfloat16/float32/float64 -> `Scalar::Float`
    /// holding the element's exact value as f64, complex64/complex128 -> `Scalar::Complex` (components exactly as
    /// f64). A value of another variant is converted to the dtype's kind (as `Scalar::to_bool`, `to_i64`, `to_f64`,
    /// `to_complex` do).
    pub values: Option<&'a [Scalar]>,
}

/// PyTorch's print options (`torch.set_printoptions`): precision 4, threshold 1000, edgeitems 3, linewidth 80,
/// sci_mode None.
#[derive(Clone, Debug, PartialEq)]
pub struct PrintOptions {
    /// Digits after the decimal point in fixed and scientific notation (at most 65,535 are printed; larger values
    /// act as 65,535).
    pub precision: usize,
    /// Tensors with more elements than this are summarized (`usize::MAX` for PyTorch's `inf`, "full" profile).
    pub threshold: usize,
    /// Items shown at the beginning and end of each dimension of a summarized tensor.
    pub edgeitems: usize,
    /// Characters per line used to decide where lines wrap.
    pub linewidth: usize,
    /// Force (`Some(true)`) or forbid (`Some(false)`) scientific notation; `None` lets the formatter choose.
    pub sci_mode: Option<bool>,
}

impl Default for PrintOptions {
    /// PyTorch's "default" profile.
    fn default() -> Self {
        PrintOptions { precision: 4, threshold: 1000, edgeitems: 3, linewidth: 80, sci_mode: None }
    }
}

/// `repr(tensor)` exactly as PyTorch prints it with the default print options, with `torch.` replaced by
/// `oxtorch.` in dtype suffixes.
pub fn tensor_repr(input: &ReprInput) -> String {
    tensor_repr_with(input, &PrintOptions::default())
}

/// `repr(tensor)` exactly as PyTorch prints it under `options`, with `torch.` replaced by `oxtorch.` in dtype
/// suffixes.
///
/// Line-wrapping decisions for suffixes are those PyTorch makes for `dtype=torch.X`, so the result is PyTorch's
/// text with that one substitution. If `values` does not hold exactly one value per element, the result is
/// `tensor(<invalid: N values>, size=(...))` (plus the usual device/dtype suffixes) rather than a panic.
pub fn tensor_repr_with(input: &ReprInput, options: &PrintOptions) -> String {
    repr_impl(input, options, crate::promotion::get_default_dtype(), crate::promotion::get_default_complex_dtype())
}

/// `repr(t)` exactly as PyTorch prints it with the default print options, reading only the elements it shows:
/// a tensor above the summarization threshold costs time and memory in proportion to its printed edges, not
/// to its size.
pub fn repr(t: &Tensor) -> String {
    repr_of_with(t, &PrintOptions::default())
}

/// The device a tensor reports (`t.device`, and its repr's `device=` suffix): cpu and meta tensors have no
/// device index in PyTorch, whatever index they were created with.
pub fn tensor_device(t: &Tensor) -> crate::Device {
    let d = t.device();
    if d.is_cpu() || d.is_meta() {
        crate::Device::from(d.device_type())
    } else {
        d
    }
}

/// [`repr`] under `options`. As PyTorch's `_tensor_str` (which compares with `torch._C._get_default_device()`,
/// the default tensor type's device, not `torch.set_default_device`), any tensor off the CPU gets a `device=`
/// suffix.
pub fn repr_of_with(t: &Tensor, options: &PrintOptions) -> String {
    let shown = tensor_device(t);
    let device = (!shown.is_cpu()).then(|| shown.to_string());
    let input = ReprInput { sizes: t.sizes(), dtype: t.dtype(), device, values: None };
    let (default_dtype, default_complex) =
        (crate::promotion::get_default_dtype(), crate::promotion::get_default_complex_dtype());
    if !t.storage().has_data() {
        return repr_body(&input, None, options, default_dtype, default_complex);
    }
    let summarized = t.numel() > options.threshold;
    let values = if summarized { summarized_values(t, options.edgeitems) } else { t.to_scalars() };
    match values {
        Ok(values) => {
            let shown = Shown { values: &values, summarized };
            repr_body(&input, Some(shown), options, default_dtype, default_complex)
        }
        Err(_) => repr_body(&input, None, options, default_dtype, default_complex),
    }
}

/// The elements PyTorch's `get_summarized_data` keeps (the first and last `edge` items of every dimension
/// longer than `2 * edge`), in row-major order, read through views: whole blocks where nothing inside is
/// dropped, one narrow per kept run otherwise.
pub fn summarized_values(t: &Tensor, edge: usize) -> crate::Result<Vec<Scalar>> {
    let mut out = Vec::new();
    gather_summarized(t, edge, &mut out)?;
    Ok(out)
}

fn gather_summarized(t: &Tensor, edge: usize, out: &mut Vec<Scalar>) -> crate::Result<()> {
    let long = |d: usize, n: usize| n > edge.saturating_mul(2) && !(d + 1 == t.dim() && edge == 0);
    if !t.sizes().iter().enumerate().any(|(d, &n)| long(d, n)) {
        out.extend(t.to_scalars()?);
        return Ok(());
    }
    let n = t.sizes()[0];
    let keep: Vec<(usize, usize)> = if long(0, n) { vec![(0, edge), (n - edge, edge)] } else { vec![(0, n)] };
    for (start, len) in keep {
        if t.dim() == 1 {
            out.extend(t.narrow(0, start as i64, len as i64)?.to_scalars()?);
        } else {
            for i in start..start + len {
                gather_summarized(&t.select(0, i as i64)?, edge, out)?;
            }
        }
    }
    Ok(())
}

/// What the formatter needs to know about a sparse COO tensor: its geometry and the two dense tensors it is
/// made of, each as row-major values.
#[derive(Clone, Debug, PartialEq)]
pub struct SparseReprInput<'a> {
    /// The sparse tensor's sizes.
    pub sizes: &'a [usize],
    /// The dtype of its values.
    pub dtype: DType,
    /// The `device='...'` suffix, as for dense tensors (None on the default device).
    pub device: Option<String>,
    /// The number of specified elements (`_nnz()`).
    pub nnz: usize,
    /// The sizes of the indices tensor (`sparse_dim x nnz`).
    pub indices_sizes: &'a [usize],
    /// The indices (int64), row-major; `None` for tensors without data (meta tensors).
    pub indices: Option<&'a [Scalar]>,
    /// The sizes of the values tensor (`nnz x dense sizes`).
    pub values_sizes: &'a [usize],
    /// The values, row-major, as in [`ReprInput::values`]; `None` for tensors without data.
    pub values: Option<&'a [Scalar]>,
}

/// `repr(sparse_coo_tensor)` exactly as PyTorch prints it with the default print options:
/// `tensor(indices=tensor(...),\n       values=tensor(...),\n       size=(...), nnz=N, layout=oxtorch.sparse_coo)`.
pub fn sparse_coo_repr(input: &SparseReprInput) -> String {
    sparse_coo_repr_with(input, &PrintOptions::default())
}

/// [`sparse_coo_repr`] under `options` (PyTorch's `_tensor_str` for the `sparse_coo` layout).
pub fn sparse_coo_repr_with(input: &SparseReprInput, options: &PrintOptions) -> String {
    const PREFIX: &str = "tensor(";
    let indent = PREFIX.len();
    let default_dtype = crate::promotion::get_default_dtype();
    let default_complex = crate::promotion::get_default_complex_dtype();
    let dtype = input.dtype;
    let has_default_dtype =
        dtype == default_dtype || dtype == default_complex || dtype == DType::Int64 || dtype == DType::Bool;
    let meta = input.indices.is_none() || input.values.is_none();
    let mut suffixes = Vec::new();
    if let Some(device) = &input.device {
        suffixes.push(Suffix::plain(format!("device='{device}'")));
    }
    suffixes.push(Suffix::plain(format!("size={}", python_tuple(input.sizes))));
    if !meta {
        suffixes.push(Suffix::plain(format!("nnz={}", input.nnz)));
    }
    if !has_default_dtype {
        suffixes.push(Suffix::dtype(dtype));
    }
    // the inner tensors as `_tensor_str` prints them: no suffixes of their own, `size=` for empty or meta ones
    let inner = |sizes: &[usize], dtype: DType, values: Option<&[Scalar]>, indent: usize| -> String {
        let numel = sizes.iter().try_fold(1usize, |acc, &s| acc.checked_mul(s));
        let (body, with_size) = match values {
            None => ("...".to_string(), true),
            Some(v) if numel != Some(v.len()) => (format!("<invalid: {} values>", v.len()), true),
            Some(_) if numel == Some(0) => ("[]".to_string(), true),
            Some(v) => (render_all(sizes, dtype, v, options, indent), false),
        };
        if with_size {
            format!("{body}, size={}", python_tuple(sizes))
        } else {
            body
        }
    };
    const INDICES: &str = "indices=tensor(";
    const VALUES: &str = "values=tensor(";
    let indices = inner(input.indices_sizes, DType::Int64, input.indices, indent + INDICES.len());
    let values = inner(input.values_sizes, dtype, input.values, indent + VALUES.len());
    let body = format!("{PREFIX}{INDICES}{indices}),\n{}{VALUES}{values})", " ".repeat(indent));
    let mut out = body;
    // the first suffix always starts a new line (PyTorch's `force_newline` for sparse tensors)
    let layout = Suffix { text: "layout=oxtorch.sparse_coo".to_string(), torch_len: "layout=torch.sparse_coo".len() };
    suffixes.push(layout);
    let mut last_line_len = out.len() - out.rfind('\n').map_or(0, |i| i) + 1;
    for (i, suffix) in suffixes.iter().enumerate() {
        if i == 0 || last_line_len + suffix.torch_len + 2 > options.linewidth {
            out.push_str(",\n");
            out.push_str(&" ".repeat(indent));
            out.push_str(&suffix.text);
            last_line_len = indent + suffix.torch_len;
        } else {
            out.push_str(", ");
            out.push_str(&suffix.text);
            last_line_len += suffix.torch_len + 2;
        }
    }
    out.push(')');
    out
}

/// OneFlow's repr of a global tensor: the values formatted as [`tensor_repr`] formats them, then the suffixes
/// `placement=...`, `sbp=...`, the size of an empty tensor, and always the dtype, wrapped as OneFlow wraps them
/// (`oneflow.` and `oxtorch.` have the same length, so the lines break where OneFlow's do).
pub fn global_tensor_repr(input: &ReprInput, placement: &str, sbp: &str) -> String {
    const PREFIX: &str = "tensor(";
    let options = PrintOptions::default();
    let indent = PREFIX.len();
    let mut suffixes = vec![Suffix::plain(format!("placement={placement}")), Suffix::plain(format!("sbp={sbp}"))];
    let numel = input.sizes.iter().try_fold(1usize, |acc, &s| acc.checked_mul(s));
    let body = match input.values {
        Some(values) if numel == Some(values.len()) && values.is_empty() => {
            if input.sizes.len() != 1 {
                suffixes.push(Suffix::plain(format!("size={}", python_tuple(input.sizes))));
            }
            "[]".to_string()
        }
        Some(values) if numel == Some(values.len()) => render_all(input.sizes, input.dtype, values, &options, indent),
        _ => {
            suffixes.push(Suffix::plain(format!("size={}", python_tuple(input.sizes))));
            "...".to_string()
        }
    };
    suffixes.push(Suffix::plain(format!("dtype=oxtorch.{}", input.dtype.name())));
    add_suffixes(format!("{PREFIX}{body}"), &suffixes, indent, options.linewidth)
}

/// The body of a tensor given all its values in row-major order, summarized as `_tensor_str` summarizes one
/// above the threshold (only the kept elements reach the printer).
fn render_all(sizes: &[usize], dtype: DType, values: &[Scalar], options: &PrintOptions, indent: usize) -> String {
    if values.len() > options.threshold {
        let mut kept = Vec::new();
        summarized_indices(sizes, options.edgeitems, 0, &mut kept);
        let kept: Vec<Scalar> = kept.iter().filter_map(|&i| values.get(i).copied()).collect();
        return TensorPrinter::new(sizes, dtype, Shown { values: &kept, summarized: true }, options).render(indent);
    }
    TensorPrinter::new(sizes, dtype, Shown { values, summarized: false }, options).render(indent)
}

/// One suffix: its text, and the length PyTorch's own text for it has (which drives line wrapping).
struct Suffix {
    text: String,
    torch_len: usize,
}

impl Suffix {
    fn plain(text: String) -> Self {
        let torch_len = text.chars().count();
        Suffix { text, torch_len }
    }

    fn dtype(dtype: DType) -> Self {
        let text = format!("dtype=oxtorch.{}", dtype.name());
        let torch_len = "dtype=torch.".len() + dtype.name().len();
        Suffix { text, torch_len }
    }
}

/// The whole repr, with the default dtypes passed in (so tests do not depend on process-wide state).
fn repr_impl(input: &ReprInput, options: &PrintOptions, default_dtype: DType, default_complex: DType) -> String {
    let numel = input.sizes.iter().try_fold(1usize, |acc, &s| acc.checked_mul(s));
    match input.values {
        Some(values) if numel == Some(values.len()) && values.len() > options.threshold => {
            // keep only the elements PyTorch's `get_summarized_data` keeps, in row-major order
            let mut indices = Vec::new();
            summarized_indices(input.sizes, options.edgeitems, 0, &mut indices);
            let kept: Vec<Scalar> = indices.iter().filter_map(|&i| values.get(i).copied()).collect();
            let shown = Shown { values: &kept, summarized: true };
            repr_body(input, Some(shown), options, default_dtype, default_complex)
        }
        Some(values) => {
            let shown = Shown { values, summarized: false };
            repr_body(input, Some(shown), options, default_dtype, default_complex)
        }
        None => repr_body(input, None, options, default_dtype, default_complex),
    }
}

/// The values a repr shows: all of them, or (`summarized`) only those PyTorch's `get_summarized_data` keeps
/// (the first and last `edgeitems` of every long dimension), in row-major order.
#[derive(Clone, Copy)]
struct Shown<'a> {
    values: &'a [Scalar],
    summarized: bool,
}

/// The repr from the values it shows (`input.values` is only used for its length).
fn repr_body(
    input: &ReprInput,
    shown: Option<Shown<'_>>,
    options: &PrintOptions,
    default_dtype: DType,
    default_complex: DType,
) -> String {
    const PREFIX: &str = "tensor(";
    let indent = PREFIX.len();
    let dtype = input.dtype;
    let has_default_dtype =
        dtype == default_dtype || dtype == default_complex || dtype == DType::Int64 || dtype == DType::Bool;

    let mut suffixes = Vec::new();
    if let Some(device) = &input.device {
        suffixes.push(Suffix::plain(format!("device='{device}'")));
    }
    let size_suffix = || Suffix::plain(format!("size={}", python_tuple(input.sizes)));

    // a zero size makes the tensor empty even where the other sizes' product overflows
    let numel = if input.sizes.contains(&0) {
        Some(0)
    } else {
        input.sizes.iter().try_fold(1usize, |acc, &s| acc.checked_mul(s))
    };
    let body = match shown {
        None => {
            suffixes.push(size_suffix());
            if dtype != default_dtype {
                suffixes.push(Suffix::dtype(dtype));
            }
            "...".to_string()
        }
        Some(_) if input.values.is_some_and(|v| numel != Some(v.len())) => {
            suffixes.push(size_suffix());
            if dtype != default_dtype {
                suffixes.push(Suffix::dtype(dtype));
            }
            format!("<invalid: {} values>", input.values.map_or(0, |v| v.len()))
        }
        Some(_) if numel == Some(0) => {
            if input.sizes.len() != 1 {
                suffixes.push(size_suffix());
            }
            if dtype != default_dtype {
                suffixes.push(Suffix::dtype(dtype));
            }
            "[]".to_string()
        }
        Some(shown) => {
            if !has_default_dtype {
                suffixes.push(Suffix::dtype(dtype));
            }
            TensorPrinter::new(input.sizes, dtype, shown, options).render(indent)
        }
    };
    add_suffixes(format!("{PREFIX}{body}"), &suffixes, indent, options.linewidth)
}

/// Appends `, suffix` for each suffix, moving one to its own line when the current line would pass the line width.
fn add_suffixes(mut out: String, suffixes: &[Suffix], indent: usize, linewidth: usize) -> String {
    // PyTorch counts the last line's length plus two (its `len - rfind('\n') + 1`).
    let last_line = out.rsplit('\n').next().unwrap_or("");
    let mut last_line_len = last_line.chars().count().saturating_add(2);
    for suffix in suffixes {
        if last_line_len.saturating_add(suffix.torch_len).saturating_add(2) > linewidth {
            out.push_str(",\n");
            out.push_str(&" ".repeat(indent));
            out.push_str(&suffix.text);
            last_line_len = indent.saturating_add(suffix.torch_len);
        } else {
            out.push_str(", ");
            out.push_str(&suffix.text);
            last_line_len = last_line_len.saturating_add(suffix.torch_len + 2);
        }
    }
    out.push(')');
    out
}

/// Python's `str(tuple(sizes))`: `()`, `(5,)`, `(2, 3)`.
fn python_tuple(sizes: &[usize]) -> String {
    match sizes {
        [] => "()".to_string(),
        [one] => format!("({one},)"),
        _ => {
            let parts: Vec<String> = sizes.iter().map(|s| s.to_string()).collect();
            format!("({})", parts.join(", "))
        }
    }
}

/// One real element (or one component of a complex element), normalized to its dtype's kind.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Real {
    Bool(bool),
    Int(i64),
    Float(f64),
}

impl Real {
    /// Python's `str()` of the value (used for bool and integer tensors).
    fn python_str(self) -> String {
        match self {
            Real::Bool(true) => "True".to_string(),
            Real::Bool(false) => "False".to_string(),
            Real::Int(i) => i.to_string(),
            Real::Float(f) => python_fixed(f, 1),
        }
    }

    fn as_f64(self) -> f64 {
        match self {
            Real::Bool(b) => f64::from(u8::from(b)),
            Real::Int(i) => i as f64,
            Real::Float(f) => f,
        }
    }
}

/// The largest precision printed (larger requests act as this, bounding the output's size).
const MAX_PRECISION: usize = u16::MAX as usize;

/// Digits after the point past which a double's exact decimal expansion is all zeros, in fixed notation (at most
/// 1074 fractional digits) and in scientific notation (at most 767 significant digits).
const EXACT_DIGITS: usize = 1100;

/// Python's `'{:.Nf}'.format(x)`: exact decimal expansion rounded half-to-even; `nan`, `inf`, `-inf`.
fn python_fixed(x: f64, precision: usize) -> String {
    match python_nonfinite(x) {
        Some(s) => s.to_string(),
        None => {
            let precision = precision.min(MAX_PRECISION);
            let exact = precision.min(EXACT_DIGITS);
            let mut text = format!("{x:.exact$}");
            text.push_str(&"0".repeat(precision - exact));
            text
        }
    }
}

/// Python's `'{:.Ne}'.format(x)`: like Rust's `{:.Ne}` but with a signed, at least two-digit exponent
/// (`1.0000e-10`, `1.0000e+10`); `nan`, `inf`, `-inf`.
fn python_sci(x: f64, precision: usize) -> String {
    if let Some(s) = python_nonfinite(x) {
        return s.to_string();
    }
    let precision = precision.min(MAX_PRECISION);
    let exact = precision.min(EXACT_DIGITS);
    let rust = format!("{x:.exact$e}");
    match rust.split_once('e') {
        Some((mantissa, exponent)) => {
            let (sign, digits) = match exponent.strip_prefix('-') {
                Some(d) => ('-', d),
                None => ('+', exponent),
            };
            let zeros = "0".repeat(precision - exact);
            format!("{mantissa}{zeros}e{sign}{digits:0>2}")
        }
        None => rust,
    }
}

/// Python's text for non-finite floats (it never prints a sign on a NaN).
fn python_nonfinite(x: f64) -> Option<&'static str> {
    if x.is_nan() {
        Some("nan")
    } else if x == f64::INFINITY {
        Some("inf")
    } else if x == f64::NEG_INFINITY {
        Some("-inf")
    } else {
        None
    }
}

/// PyTorch's `_Formatter`: how every element of one tensor (or one complex component) is printed.
#[derive(Clone, Debug)]
struct ElementFormatter {
    floating: bool,
    int_mode: bool,
    sci_mode: bool,
    max_width: usize,
    precision: usize,
}

impl ElementFormatter {
    /// Chooses the mode and the width from the values the formatter is computed over.
    fn new(floating: bool, values: &[Real], options: &PrintOptions) -> Self {
        let precision = options.precision.min(MAX_PRECISION);
        let mut f = ElementFormatter { floating, int_mode: true, sci_mode: false, max_width: 1, precision };
        if !floating {
            for v in values {
                f.max_width = f.max_width.max(v.python_str().len());
            }
        } else {
            let nonzero_finite: Vec<f64> =
                values.iter().map(|v| v.as_f64()).filter(|x| x.is_finite() && *x != 0.0).collect();
            if nonzero_finite.is_empty() {
                // PyTorch returns early here, so a forced sci_mode is not applied either.
                return f;
            }
            let (min, max) = nonzero_finite
                .iter()
                .map(|x| x.abs())
                .fold((f64::INFINITY, 0.0f64), |(lo, hi), a| (lo.min(a), hi.max(a)));
            f.int_mode = nonzero_finite.iter().all(|x| *x == x.ceil());
            let ratio_or_max_large = max / min > 1000.0 || max > 1.0e8;
            let width = |s: String| s.chars().count();
            if f.int_mode {
                if ratio_or_max_large {
                    f.sci_mode = true;
                    for &x in &nonzero_finite {
                        f.max_width = f.max_width.max(width(python_sci(x, precision)));
                    }
                } else {
                    for &x in &nonzero_finite {
                        f.max_width = f.max_width.max(width(python_fixed(x, 0)) + 1);
                    }
                }
            } else if ratio_or_max_large || min < 1.0e-4 {
                f.sci_mode = true;
                for &x in &nonzero_finite {
                    f.max_width = f.max_width.max(width(python_sci(x, precision)));
                }
            } else {
                for &x in &nonzero_finite {
                    f.max_width = f.max_width.max(width(python_fixed(x, precision)));
                }
            }
        }
        if let Some(sci) = options.sci_mode {
            f.sci_mode = sci;
        }
        f
    }

    /// The element text, right-aligned to the formatter's width.
    fn format(&self, value: Real) -> String {
        let text = if self.floating {
            let x = value.as_f64();
            if self.sci_mode {
                python_sci(x, self.precision)
            } else if self.int_mode {
                let mut s = python_fixed(x, 0);
                if x.is_finite() {
                    s.push('.');
                }
                s
            } else {
                python_fixed(x, self.precision)
            }
        } else {
            value.python_str()
        };
        let pad = self.max_width.saturating_sub(text.chars().count());
        format!("{}{text}", " ".repeat(pad))
    }
}

/// The data and formatters of one tensor being printed.
struct TensorPrinter<'a> {
    sizes: &'a [usize],
    /// The shown values (see [`Shown`]), row-major over `shown_sizes`.
    values: &'a [Scalar],
    /// The size of each dimension among the shown values.
    shown_sizes: Vec<usize>,
    category: Category,
    options: &'a PrintOptions,
    summarize: bool,
    /// The real-part formatter (the only one for non-complex tensors).
    real: ElementFormatter,
    /// The imaginary-part formatter, for complex tensors.
    imag: Option<ElementFormatter>,
}

impl<'a> TensorPrinter<'a> {
    /// Sets up the formatters, computed over every shown value; there must be at least one element.
    fn new(sizes: &'a [usize], dtype: DType, shown: Shown<'a>, options: &'a PrintOptions) -> Self {
        let category = dtype.category();
        let summarize = shown.summarized;
        let edge = options.edgeitems;
        let last = sizes.len().saturating_sub(1);
        let shown_sizes = sizes
            .iter()
            .enumerate()
            .map(|(d, &n)| {
                let long = summarize && n > edge.saturating_mul(2);
                // `cat(x[:0], x[-0:])` keeps a whole innermost run when no edge items are shown
                if long && !(d == last && edge == 0) {
                    2 * edge
                } else {
                    n
                }
            })
            .collect();
        let values = shown.values;
        let (real, imag) = if category == Category::Complex {
            let (re, im): (Vec<Real>, Vec<Real>) = values
                .iter()
                .map(|s| {
                    let c = s.to_complex();
                    (Real::Float(c.re), Real::Float(c.im))
                })
                .unzip();
            (ElementFormatter::new(true, &re, options), Some(ElementFormatter::new(true, &im, options)))
        } else {
            let reals: Vec<Real> = values.iter().map(|s| to_real(category, s)).collect();
            (ElementFormatter::new(category == Category::Floating, &reals, options), None)
        };
        TensorPrinter { sizes, values, shown_sizes, category, options, summarize, real, imag }
    }

    /// Where index `i` of dimension `dim` sits among the shown indices of that dimension.
    fn shown_index(&self, dim: usize, i: usize) -> usize {
        let (n, shown) = (self.sizes[dim], self.shown_sizes[dim]);
        if shown == n || i < self.options.edgeitems {
            i
        } else {
            i + shown - n
        }
    }

    /// The bracketed body, for a tensor whose opening bracket sits after `indent` characters.
    fn render(&self, indent: usize) -> String {
        self.render_from(0, 0, indent)
    }

    /// The text of element `index` (`1.+2.0000j` for complex elements).
    fn element(&self, index: usize) -> String {
        let Some(scalar) = self.values.get(index) else {
            return String::new();
        };
        match &self.imag {
            Some(imag_formatter) => {
                let c = scalar.to_complex();
                let real_text = self.real.format(Real::Float(c.re));
                let imag_text = format!("{}j", imag_formatter.format(Real::Float(c.im)));
                let imag_text = imag_text.trim_start();
                if imag_text.starts_with('+') || imag_text.starts_with('-') {
                    format!("{real_text}{imag_text}")
                } else {
                    format!("{real_text}+{imag_text}")
                }
            }
            None => self.real.format(to_real(self.category, scalar)),
        }
    }

    /// The sub-tensor of dims `dim..` starting at flat `offset`, its bracket after `indent` characters.
    fn render_from(&self, dim: usize, offset: usize, indent: usize) -> String {
        let rest = &self.sizes[dim.min(self.sizes.len())..];
        let Some((&n, inner)) = rest.split_first() else {
            return self.element(offset);
        };
        let stride: usize = self.shown_sizes[dim + 1..].iter().product();
        let edge = self.options.edgeitems;
        let summarized = self.summarize && n > edge.saturating_mul(2);
        if inner.is_empty() {
            return self.render_vector(dim, offset, n, summarized, indent);
        }
        let mut slices: Vec<String> = Vec::new();
        let head = if summarized { edge } else { n };
        for i in 0..head {
            slices.push(self.render_from(dim + 1, offset + self.shown_index(dim, i) * stride, indent + 1));
        }
        if summarized {
            slices.push("...".to_string());
            for i in n - edge..n {
                slices.push(self.render_from(dim + 1, offset + self.shown_index(dim, i) * stride, indent + 1));
            }
        }
        let separator = format!(",{}{}", "\n".repeat(rest.len() - 1), " ".repeat(indent + 1));
        format!("[{}]", slices.join(&separator))
    }

    /// A 1-D run of `n` elements (dimension `dim`) from shown offset `offset`, wrapped to the line width.
    fn render_vector(&self, dim: usize, offset: usize, n: usize, summarized: bool, indent: usize) -> String {
        let mut element_length = self.real.max_width + 2;
        if let Some(imag) = &self.imag {
            element_length += imag.max_width + 1;
        }
        let available = self.options.linewidth as i128 - indent as i128;
        let per_line = available.div_euclid(element_length as i128).max(1);
        let per_line = usize::try_from(per_line).unwrap_or(usize::MAX);

        let mut data: Vec<String> = Vec::new();
        if summarized {
            let edge = self.options.edgeitems;
            data.extend((0..edge).map(|i| self.element(offset + self.shown_index(dim, i))));
            data.push(" ...".to_string());
            // Python's `x[-0:]` is the whole run, hence the special case for zero edge items.
            let tail_start = if edge == 0 { 0 } else { n - edge };
            data.extend((tail_start..n).map(|i| self.element(offset + self.shown_index(dim, i))));
        } else {
            data.extend((0..n).map(|i| self.element(offset + i)));
        }
        let lines: Vec<String> = data.chunks(per_line).map(|chunk| chunk.join(", ")).collect();
        let separator = format!(",\n{}", " ".repeat(indent + 1));
        format!("[{}]", lines.join(&separator))
    }
}

/// The value of a non-complex element as its dtype's kind.
fn to_real(category: Category, scalar: &Scalar) -> Real {
    match category {
        Category::Bool => Real::Bool(scalar.to_bool()),
        Category::Integral => Real::Int(scalar.to_i64()),
        Category::Floating | Category::Complex => Real::Float(scalar.to_f64()),
    }
}

/// Flat indices of the elements PyTorch's `get_summarized_data` keeps: the first and last `edge` items of every
/// dimension longer than `2 * edge`.
fn summarized_indices(sizes: &[usize], edge: usize, offset: usize, out: &mut Vec<usize>) {
    let Some((&n, inner)) = sizes.split_first() else {
        out.push(offset);
        return;
    };
    let stride: usize = inner.iter().product();
    let keep: Vec<usize> = if n > edge.saturating_mul(2) {
        if inner.is_empty() && edge == 0 {
            // `cat(x[:0], x[-0:])` is the whole run.
            (0..n).collect()
        } else {
            (0..edge).chain(n - edge..n).collect()
        }
    } else {
        (0..n).collect()
    };
    for i in keep {
        summarized_indices(inner, edge, offset + i * stride, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_complex::Complex;

    fn ints(v: impl IntoIterator<Item = i64>) -> Vec<Scalar> {
        v.into_iter().map(Scalar::Int).collect()
    }

    /// Python floats stored in a float32 tensor: each double rounded to float32, held exactly as f64.
    fn f32s(v: impl IntoIterator<Item = f64>) -> Vec<Scalar> {
        v.into_iter().map(|x| Scalar::Float(f64::from(x as f32))).collect()
    }

    fn f64s(v: impl IntoIterator<Item = f64>) -> Vec<Scalar> {
        v.into_iter().map(Scalar::Float).collect()
    }

    fn bools(v: &[bool]) -> Vec<Scalar> {
        v.iter().map(|&b| Scalar::Bool(b)).collect()
    }

    fn complex(v: &[(f64, f64)]) -> Vec<Scalar> {
        v.iter().map(|&(re, im)| Scalar::Complex(Complex::new(re, im))).collect()
    }

    /// A tensor description owning its data, for tests.
    struct Case {
        sizes: Vec<usize>,
        dtype: DType,
        device: Option<String>,
        values: Option<Vec<Scalar>>,
    }

    impl Case {
        fn new(sizes: &[usize], dtype: DType, values: Vec<Scalar>) -> Self {
            Case { sizes: sizes.to_vec(), dtype, device: None, values: Some(values) }
        }

        fn repr_with(&self, options: &PrintOptions) -> String {
            let input = ReprInput {
                sizes: &self.sizes,
                dtype: self.dtype,
                device: self.device.clone(),
                values: self.values.as_deref(),
            };
            repr_impl(&input, options, DType::Float32, DType::Complex64)
        }

        fn repr(&self) -> String {
            self.repr_with(&PrintOptions::default())
        }
    }

    /// The tensor each golden expression builds.
    fn golden_case(expr: &str) -> Option<Case> {
        use DType::*;
        let c = match expr {
            "torch.tensor([1, 2, 3])" => Case::new(&[3], Int64, ints([1, 2, 3])),
            "torch.tensor([[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]])" => Case::new(&[2, 5], Int64, ints(1..=10)),
            "torch.tensor([1., 2.5, -3.])" => Case::new(&[3], Float32, f32s([1.0, 2.5, -3.0])),
            "torch.tensor([1., 2.5], dtype=torch.float64)" => Case::new(&[2], Float64, f64s([1.0, 2.5])),
            "torch.tensor([1e-10, 1., 1e10])" => Case::new(&[3], Float32, f32s([1e-10, 1.0, 1e10])),
            "torch.tensor([0.1, 0.25])" => Case::new(&[2], Float32, f32s([0.1, 0.25])),
            "torch.tensor(3.5)" => Case::new(&[], Float32, f32s([3.5])),
            "torch.tensor(7)" => Case::new(&[], Int64, ints([7])),
            "torch.tensor(True)" => Case::new(&[], Bool, bools(&[true])),
            "torch.tensor([True, False])" => Case::new(&[2], Bool, bools(&[true, false])),
            "torch.tensor([1, 2], dtype=torch.uint8)" => Case::new(&[2], UInt8, ints([1, 2])),
            "torch.tensor([1, 2], dtype=torch.int32)" => Case::new(&[2], Int32, ints([1, 2])),
            "torch.tensor([1.5, 2], dtype=torch.float16)" => Case::new(&[2], Float16, f64s([1.5, 2.0])),
            "torch.tensor([1.5, 2], dtype=torch.bfloat16)" => Case::new(&[2], BFloat16, f64s([1.5, 2.0])),
            "torch.tensor([1+2j, -3.5j])" => Case::new(&[2], Complex64, complex(&[(1.0, 2.0), (-0.0, -3.5)])),
            "torch.tensor([1+2j], dtype=torch.complex128)" => Case::new(&[1], Complex128, complex(&[(1.0, 2.0)])),
            "torch.tensor([float('nan'), float('inf'), -float('inf'), 1.])" => {
                Case::new(&[4], Float32, f32s([f64::NAN, f64::INFINITY, f64::NEG_INFINITY, 1.0]))
            }
            "torch.zeros(0)" => Case::new(&[0], Float32, vec![]),
            "torch.zeros(2, 0)" => Case::new(&[2, 0], Float32, vec![]),
            "torch.ones(1, dtype=torch.double)" => Case::new(&[1], Float64, f64s([1.0])),
            "torch.arange(2000)" => Case::new(&[2000], Int64, ints(0..2000)),
            "torch.arange(12.).reshape(3, 4)" => Case::new(&[3, 4], Float32, f32s((0..12).map(f64::from))),
            "torch.ones(2, 3, 2)" => Case::new(&[2, 3, 2], Float32, f32s([1.0; 12])),
            "torch.tensor([[1.123456789, 2.], [3., 4.]])" => {
                Case::new(&[2, 2], Float32, f32s([1.123456789, 2.0, 3.0, 4.0]))
            }
            "torch.empty(2, 3, device='meta')" => {
                Case { sizes: vec![2, 3], dtype: Float32, device: Some("meta".into()), values: None }
            }
            "torch.tensor([100000., 1.])" => Case::new(&[2], Float32, f32s([100000.0, 1.0])),
            "torch.tensor([123456789.])" => Case::new(&[1], Float32, f32s([123456789.0])),
            "torch.arange(1200.).reshape(40, 30)" => Case::new(&[40, 30], Float32, f32s((0..1200).map(f64::from))),
            _ => return None,
        };
        Some(c)
    }

    #[test]
    fn golden_printing_cases() {
        let data: serde_json::Value =
            serde_json::from_str(include_str!("../tests/data/printing.json")).expect("printing.json parses");
        let cases = data["cases"].as_array().expect("cases array");
        assert_eq!(cases.len(), 28);
        let mut failures = Vec::new();
        for case in cases {
            let expr = case["expr"].as_str().expect("expr");
            let expected = case["repr"].as_str().expect("repr").replace("torch.", "oxtorch.");
            let built = golden_case(expr).unwrap_or_else(|| panic!("no test input for {expr}"));
            let got = built.repr();
            if got != expected {
                failures.push(format!("{expr}\n  expected: {expected:?}\n  got:      {got:?}"));
            }
        }
        assert!(failures.is_empty(), "{} mismatches:\n{}", failures.len(), failures.join("\n"));
    }

    #[test]
    fn negative_ints_pad_to_widest() {
        let c = Case::new(&[3], DType::Int64, ints([-1, 10, -100]));
        assert_eq!(c.repr(), "tensor([  -1,   10, -100])");
    }

    #[test]
    fn int8_dtype_suffix() {
        let c = Case::new(&[2], DType::Int8, ints([-1, 2]));
        assert_eq!(c.repr(), "tensor([-1,  2], dtype=oxtorch.int8)");
    }

    #[test]
    fn float64_sci_with_negatives() {
        let c = Case::new(&[3], DType::Float64, f64s([-1e-5, 2.5, 1000.0]));
        assert_eq!(c.repr(), "tensor([-1.0000e-05,  2.5000e+00,  1.0000e+03], dtype=oxtorch.float64)");
    }

    #[test]
    fn bfloat16_zero_dim_suffix() {
        let c = Case::new(&[], DType::BFloat16, f64s([1.5]));
        assert_eq!(c.repr(), "tensor(1.5000, dtype=oxtorch.bfloat16)");
    }

    #[test]
    fn all_nan_tensor() {
        let c = Case::new(&[2], DType::Float32, f32s([f64::NAN, f64::NAN]));
        assert_eq!(c.repr(), "tensor([nan, nan])");
        let z = Case::new(&[3], DType::Float32, f32s([0.0, -0.0, f64::NAN]));
        assert_eq!(z.repr(), "tensor([0., -0., nan])");
    }

    #[test]
    fn summarized_3d_tensor() {
        let c = Case::new(&[20, 10, 10], DType::Int64, ints(0..2000));
        let block = |b: i64| {
            let row = |r: i64| {
                let base = b * 100 + r * 10;
                let e = |k: i64| format!("{:>4}", base + k);
                format!("[{}, {}, {},  ..., {}, {}, {}]", e(0), e(1), e(2), e(7), e(8), e(9))
            };
            let rows = [row(0), row(1), row(2), "...".to_string(), row(7), row(8), row(9)];
            format!("[{}]", rows.join(",\n         "))
        };
        let blocks = [block(0), block(1), block(2), "...".to_string(), block(17), block(18), block(19)];
        let expected = format!("tensor([{}])", blocks.join(",\n\n        "));
        assert_eq!(c.repr(), expected);
        assert!(expected.starts_with(
            "tensor([[[   0,    1,    2,  ...,    7,    8,    9],\n         [  10,   11,   12,  ...,   17,   18,   19],"
        ));
        assert!(expected.contains("[  90,   91,   92,  ...,   97,   98,   99]],\n\n        [[ 100,  101,  102,"));
        assert!(expected.contains("]],\n\n        ...,\n\n        [[1700, 1701, 1702,  ..., 1707, 1708, 1709],"));
    }

    #[test]
    fn empty_and_meta_suffix_order() {
        let e = Case::new(&[0], DType::Int64, vec![]);
        assert_eq!(e.repr(), "tensor([], dtype=oxtorch.int64)");
        let e = Case::new(&[0, 3], DType::Float64, vec![]);
        assert_eq!(e.repr(), "tensor([], size=(0, 3), dtype=oxtorch.float64)");
        let m = Case { sizes: vec![5], dtype: DType::Int64, device: Some("meta".into()), values: None };
        assert_eq!(m.repr(), "tensor(..., device='meta', size=(5,), dtype=oxtorch.int64)");
        let m = Case { sizes: vec![], dtype: DType::Float32, device: Some("meta".into()), values: None };
        assert_eq!(m.repr(), "tensor(..., device='meta', size=())");
        let cuda = Case { device: Some("cuda:0".into()), ..Case::new(&[2], DType::Float16, f64s([1.0, 2.0])) };
        assert_eq!(cuda.repr(), "tensor([1., 2.], device='cuda:0', dtype=oxtorch.float16)");
    }

    #[test]
    fn complex_formatting() {
        let c = Case::new(&[], DType::Complex64, complex(&[(1.5, -0.0)]));
        assert_eq!(c.repr(), "tensor(1.5000-0.j)");
        let c = Case::new(&[3], DType::Complex64, complex(&[(1.0, f64::NAN), (-2.0, f64::INFINITY), (0.0, -1.0)]));
        assert_eq!(c.repr(), "tensor([ 1.+nanj, -2.+infj,  0.-1.j])");
    }

    #[test]
    fn dtype_suffix_wraps_like_pytorch() {
        // "tensor([...])" is 79 characters: 79 + 2 + 19 ("dtype=torch.float64") + 2 > 80, so the suffix wraps.
        let c = Case::new(&[8], DType::Float64, f64s([10.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5]));
        assert_eq!(
            c.repr(),
            "tensor([10.5000,  1.5000,  2.5000,  3.5000,  4.5000,  5.5000,  6.5000,  7.5000],\n       \
             dtype=oxtorch.float64)"
        );
        // 57 + 2 + 19 + 2 = 80 does not pass the width for PyTorch's text, so the suffix stays on the line even
        // though "dtype=oxtorch.float64" is two characters longer.
        let c = Case::new(&[5], DType::Float64, f64s([100.5, 1.5, 2.5, 3.5, 4.5]));
        assert_eq!(c.repr(), "tensor([100.5000,   1.5000,   2.5000,   3.5000,   4.5000], dtype=oxtorch.float64)");
    }

    #[test]
    fn print_options_are_honoured() {
        let c = Case::new(&[3], DType::Float32, f32s([1.0, 2.5, 1000.0]));
        let opts = PrintOptions { precision: 2, ..PrintOptions::default() };
        assert_eq!(c.repr_with(&opts), "tensor([   1.00,    2.50, 1000.00])");
        let opts = PrintOptions { sci_mode: Some(true), ..PrintOptions::default() };
        assert_eq!(c.repr_with(&opts), "tensor([1.0000e+00, 2.5000e+00, 1.0000e+03])");
        let c = Case::new(&[10], DType::Int64, ints(0..10));
        let opts = PrintOptions { threshold: 5, ..PrintOptions::default() };
        assert_eq!(c.repr_with(&opts), "tensor([0, 1, 2,  ..., 7, 8, 9])");
        let opts = PrintOptions { linewidth: 20, ..PrintOptions::default() };
        assert_eq!(c.repr_with(&opts), "tensor([0, 1, 2, 3,\n        4, 5, 6, 7,\n        8, 9])");
    }

    #[test]
    fn python_float_formatting() {
        assert_eq!(python_sci(1e-10, 4), "1.0000e-10");
        assert_eq!(python_sci(1e10, 4), "1.0000e+10");
        assert_eq!(python_sci(-1.5e300, 2), "-1.50e+300");
        assert_eq!(python_sci(12345.0, 0), "1e+04");
        assert_eq!(python_sci(0.0, 4), "0.0000e+00");
        assert_eq!(python_fixed(2.5, 0), "2");
        assert_eq!(python_fixed(0.125, 2), "0.12");
        assert_eq!(python_fixed(-0.0, 0), "-0");
        assert_eq!(python_fixed(f64::NAN, 4), "nan");
        assert_eq!(python_sci(f64::NEG_INFINITY, 4), "-inf");
        // Past the exact expansion, only zeros follow.
        let tiny = f64::from_bits(1);
        assert_eq!(python_fixed(tiny, 1200), format!("{tiny:.1200}"));
        assert_eq!(python_sci(tiny, 1200), format!("{tiny:.1200e}"));
        assert_eq!(python_sci(-1.0 / 3.0, 2000), format!("{:.2000e}", -1.0 / 3.0).replace("e-1", "e-01"));
        assert_eq!(python_fixed(0.1, 5000), format!("{:.5000}", 0.1));
    }

    #[test]
    fn malformed_input_does_not_panic() {
        let c = Case::new(&[2, 3], DType::Float32, f32s([1.0, 2.0]));
        assert_eq!(c.repr(), "tensor(<invalid: 2 values>, size=(2, 3))");
        let c = Case::new(&[usize::MAX, 3], DType::Int8, ints([1]));
        assert!(c.repr().starts_with("tensor(<invalid: 1 values>"));
        // Values of the wrong variant are converted to the dtype's kind.
        let c = Case::new(&[2], DType::Int64, f64s([1.7, -2.2]));
        assert_eq!(c.repr(), "tensor([ 1, -2])");
        // Degenerate options.
        let c = Case::new(&[4, 4], DType::Float32, f32s((0..16).map(f64::from)));
        let opts = PrintOptions { threshold: 0, edgeitems: 0, linewidth: 0, precision: 0, sci_mode: None };
        let _ = c.repr_with(&opts);
        let opts = PrintOptions { precision: usize::MAX, ..PrintOptions::default() };
        let half = Case::new(&[1], DType::Float64, f64s([0.5]));
        let expected = format!("tensor([0.5{}],\n       dtype=oxtorch.float64)", "0".repeat(MAX_PRECISION - 1));
        assert_eq!(half.repr_with(&opts), expected);
        let small = Case::new(&[1], DType::Float64, f64s([1e-9]));
        assert!(small.repr_with(&opts).ends_with("0e-09],\n       dtype=oxtorch.float64)"));
        let opts = PrintOptions { threshold: 0, edgeitems: usize::MAX, ..PrintOptions::default() };
        assert_eq!(c.repr_with(&opts), Case::new(&[4, 4], DType::Float32, f32s((0..16).map(f64::from))).repr());
    }

    #[test]
    fn no_panics_over_shapes_dtypes_and_options() {
        let shapes: [&[usize]; 8] = [&[], &[0], &[1], &[9], &[3, 0, 2], &[2, 9, 3], &[13, 1], &[1, 1, 8, 1]];
        let specials = [0.0, -0.0, 1.5, -2.0, 1e12, -3e-7, f64::NAN, f64::INFINITY, f64::NEG_INFINITY, 7.0];
        let mut count = 0;
        for sizes in shapes {
            let n: usize = sizes.iter().product();
            for dtype in DType::ALL {
                let values: Vec<Scalar> = (0..n)
                    .map(|i| {
                        let x = specials[i % specials.len()];
                        match dtype.category() {
                            Category::Bool => Scalar::Bool(i % 3 == 0),
                            Category::Integral => Scalar::Int(i as i64 * -37 + 5),
                            Category::Floating => Scalar::Float(x),
                            Category::Complex => Scalar::Complex(Complex::new(x, specials[(i + 3) % specials.len()])),
                        }
                    })
                    .collect();
                for threshold in [0, 5, 1000] {
                    for edgeitems in [0, 1, 3, 100] {
                        for linewidth in [0, 1, 80] {
                            for sci_mode in [None, Some(true), Some(false)] {
                                let opts = PrintOptions {
                                    precision: (count % 3) * 3,
                                    threshold,
                                    edgeitems,
                                    linewidth,
                                    sci_mode,
                                };
                                let case = Case::new(sizes, dtype, values.clone());
                                let text = case.repr_with(&opts);
                                assert!(text.starts_with("tensor(") && text.ends_with(')'), "{text}");
                                count += 1;
                            }
                        }
                    }
                }
            }
        }
        assert_eq!(count, 8 * 12 * 3 * 4 * 3 * 3);
    }

    #[test]
    fn suffix_follows_the_default_dtype() {
        let values = f64s([1.0, 2.5]);
        let input = ReprInput { sizes: &[2], dtype: DType::Float64, device: None, values: Some(&values) };
        let opts = PrintOptions::default();
        assert_eq!(repr_impl(&input, &opts, DType::Float64, DType::Complex128), "tensor([1.0000, 2.5000])");
        let input = ReprInput { dtype: DType::Float32, ..input };
        assert_eq!(
            repr_impl(&input, &opts, DType::Float64, DType::Complex128),
            "tensor([1.0000, 2.5000], dtype=oxtorch.float32)"
        );
        let values = complex(&[(1.0, 2.0)]);
        let input = ReprInput { sizes: &[1], dtype: DType::Complex128, device: None, values: Some(&values) };
        assert_eq!(repr_impl(&input, &opts, DType::Float64, DType::Complex128), "tensor([1.+2.j])");
    }

    #[test]
    fn public_entry_point() {
        let values = ints([1, 2, 3]);
        let input = ReprInput { sizes: &[3], dtype: DType::Int64, device: None, values: Some(&values) };
        assert_eq!(tensor_repr(&input), "tensor([1, 2, 3])");
        assert_eq!(tensor_repr_with(&input, &PrintOptions::default()), "tensor([1, 2, 3])");
    }

    /// The repr read from a tensor (only the shown elements) equals the repr of all its values, for every
    /// shape class (summarized or not, views with gaps, every edge-item count).
    #[test]
    fn repr_from_tensor_reads_only_what_it_shows_and_matches() {
        use crate::{arange, TensorOptions};
        let shapes: &[&[usize]] = &[&[1001], &[7, 300], &[300, 7], &[2, 3, 200], &[40, 2, 30], &[5, 5, 50], &[12]];
        for &shape in shapes {
            let n: usize = shape.iter().product();
            let base = arange(n as i64, TensorOptions::new().dtype(DType::Float32)).unwrap();
            let t = base.reshape(&shape.iter().map(|&s| s as i64).collect::<Vec<_>>()).unwrap();
            let views = [t.clone(), t.slice(0, None, None, 2).unwrap(), t.transpose(0, -1).unwrap()];
            for v in views {
                for edge in [0, 1, 3, 4] {
                    let options = PrintOptions { edgeitems: edge, threshold: 100, ..PrintOptions::default() };
                    let values = v.to_scalars().unwrap();
                    let input = ReprInput { sizes: v.sizes(), dtype: v.dtype(), device: None, values: Some(&values) };
                    assert_eq!(
                        repr_of_with(&v, &options),
                        tensor_repr_with(&input, &options),
                        "shape {:?} edge {edge}",
                        v.sizes()
                    );
                }
            }
        }
    }

    #[test]
    fn summarized_values_are_the_edges() {
        use crate::arange;
        let t = arange(2000, ()).unwrap().reshape(&[2, 1000]).unwrap();
        let got: Vec<i64> = summarized_values(&t, 3).unwrap().iter().map(|s| s.to_i64()).collect();
        assert_eq!(got, vec![0, 1, 2, 997, 998, 999, 1000, 1001, 1002, 1997, 1998, 1999]);
        assert_eq!(
            repr(&t),
            "tensor([[   0,    1,    2,  ...,  997,  998,  999],\n        [1000, 1001, 1002,  ..., 1997, 1998, 1999]])"
        );
    }
}
