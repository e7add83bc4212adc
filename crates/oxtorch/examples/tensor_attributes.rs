//! Every example of the specification `tensor_attributes.md` ("Tensor Attributes": `torch.dtype`,
//! `torch.device`, `torch.layout`, `torch.memory_format`), run with oxtorch.
//!
//! Each example is printed as in a Python session, with `torch.` written as `oxtorch.`: the expression after
//! `>>> ` (continuation lines after `... `), then its result in PyTorch's notation (`oxtorch.int32`,
//! `device(type='cuda', index=0)`, `(5, 1)`, `RuntimeError: ...`). Every result is compared with the documented
//! one, which is written next to each example below. A result that differs is flagged with `!! expected: ...`,
//! and the program then exits with status 1 after the summary line
//! (`tensor_attributes: N examples, N as documented`).
//!
//! The examples that need a CUDA device (creating a tensor there, `.cuda()`, `randn(..., device='cuda:1')`,
//! `with torch.device('cuda:1')`) run as documented where this machine has that device (`cuda:1` needs two
//! GPUs). Where it does not, they must fail with PyTorch's error for the situation (no NVIDIA driver, no GPU,
//! or an invalid device ordinal), and count as passing only when exactly that error is what happened. Device
//! *objects* for cuda and mps need no device and must print as documented.
//!
//! Run it from the repository root with
//!
//! ```text
//! cargo run --release --example tensor_attributes
//! ```

use oxtorch::{
    can_cast, empty, get_default_device, ones, randn, tensor, DType, DefaultDeviceGuard, Device, MemoryFormat, Result,
    Tensor,
};

/// Runs the examples and keeps count of them.
#[derive(Debug, Default)]
pub struct Checker {
    /// Examples checked.
    pub total: usize,
    /// Examples whose result is the documented one.
    pub passed: usize,
    /// Of the passing examples, those that need a CUDA device this machine lacks and failed with PyTorch's error.
    pub unavailable: usize,
}

impl Checker {
    /// Prints a section heading.
    fn section(&self, title: &str) {
        println!("\n## {title}\n");
    }

    /// Prints a comment line, as the spec's `# ...` lines.
    fn comment(&self, text: &str) {
        println!("# {text}");
    }

    /// Prints a statement that has no result (an assignment), as `>>> expr`.
    fn statement(&self, expr: &str) {
        prompt(expr);
    }

    /// Prints `expr` and `got`, and compares `got` with the documented `want` (empty: prints nothing).
    fn check(&mut self, expr: &str, got: String, want: &str) {
        prompt(expr);
        if !got.is_empty() {
            println!("{got}");
        }
        self.total += 1;
        if got == want {
            self.passed += 1;
        } else {
            println!("   !! expected: {}", if want.is_empty() { "(no output)" } else { want });
        }
    }

    /// [`Checker::check`] for a fallible result: an error is shown as Python shows it (`RuntimeError: ...`).
    fn check_result(&mut self, expr: &str, got: Result<String>, want: &str) {
        self.check(expr, shown(got), want);
    }

    /// An example that needs the CUDA device `index`: where the machine has it, the result must be `want`;
    /// where it does not, the example must fail with PyTorch's error for that (its first line is compared).
    fn check_cuda(&mut self, expr: &str, got: Result<String>, index: usize, want: &str) {
        if index < oxtorch::cuda::device_count() {
            self.check(expr, shown(got), want);
            return;
        }
        let want = unavailable_error(index);
        let before = self.passed;
        let got = shown(got);
        self.check(expr, got.lines().next().unwrap_or_default().to_string(), &want);
        if self.passed > before {
            self.unavailable += 1;
        }
    }

    /// Records a section that could not even set up its tensors (an unexpected error).
    fn setup_failed(&mut self, section: &str, err: oxtorch::Error) {
        println!("   !! section '{section}' stopped: {}: {}", err.kind_name(), err.message());
        self.total += 1;
    }
}

/// Prints `>>> ` before the first line of `expr` and `... ` before the others.
fn prompt(expr: &str) {
    for (i, line) in expr.lines().enumerate() {
        println!("{} {line}", if i == 0 { ">>>" } else { "..." });
    }
}

/// A result as the Python session shows it: the value, or `ErrorClass: message`.
fn shown(r: Result<String>) -> String {
    r.unwrap_or_else(|e| format!("{}: {}", e.kind_name(), e.message()))
}

/// The first line of PyTorch's error for using CUDA device `index` on this machine, which lacks it: no driver, no
/// GPU, or an invalid device ordinal.
fn unavailable_error(index: usize) -> String {
    let count = oxtorch::cuda::device_count();
    if count > 0 && index >= count {
        return "AcceleratorError: CUDA error: invalid device ordinal".into();
    }
    match oxtorch::cuda::ensure_device(None) {
        Err(e) => format!("{}: {}", e.kind_name(), e.message().lines().next().unwrap_or_default()),
        Ok(()) => "(an error)".into(),
    }
}

/// A Python tuple of integers: `(5, 1)`, `(5,)`, `()`.
fn py_tuple(values: &[usize]) -> String {
    match values {
        [one] => format!("({one},)"),
        _ => format!("({})", values.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(", ")),
    }
}

/// A Python bool: `True` / `False`.
fn py_bool(b: bool) -> String {
    if b { "True" } else { "False" }.to_string()
}

/// `tensor.dtype` of a fallible result, e.g. `oxtorch.int32`.
fn dtype_of(t: Result<Tensor>) -> Result<String> {
    t.map(|t| t.dtype().to_string())
}

/// `tensor.stride()` of a fallible result, e.g. `(5, 1)`.
fn stride_of(t: Result<Tensor>) -> Result<String> {
    t.map(|t| py_tuple(t.strides()))
}

/// `tensor.device` of a fallible result, e.g. `device(type='cpu')`.
fn device_of(t: Result<Tensor>) -> Result<String> {
    t.map(|t| t.device().repr())
}

/// An in-place operation shows nothing when it succeeds.
fn silent(t: Result<Tensor>) -> Result<String> {
    t.map(|_| String::new())
}

/// `tensor.cuda()`: moves to the current cuda device.
fn cuda(t: &Tensor) -> Result<Tensor> {
    t.to_device(Device::parse("cuda")?)
}

// ---------------------------------------------------------------------------------------------------------------
// torch.dtype
// ---------------------------------------------------------------------------------------------------------------

/// The dtype table: each row's size and kind (checked through `itemsize`, `is_floating_point`, `is_complex` and
/// `is_signed`), the aliases of the second column, and the legacy constructors of the third.
fn dtype_table(c: &mut Checker) {
    c.section("torch.dtype: the twelve data types");
    // (dtype, documented data type, documented (itemsize, is_floating_point, is_complex, is_signed))
    let rows: [(DType, &str, &str); 12] = [
        (DType::Float32, "32-bit floating point", "(4, True, False, True)"),
        (DType::Float64, "64-bit floating point", "(8, True, False, True)"),
        (DType::Complex64, "64-bit complex", "(8, False, True, True)"),
        (DType::Complex128, "128-bit complex", "(16, False, True, True)"),
        (DType::Float16, "16-bit floating point [1]", "(2, True, False, True)"),
        (DType::BFloat16, "16-bit floating point [2]", "(2, True, False, True)"),
        (DType::UInt8, "8-bit integer (unsigned)", "(1, False, False, False)"),
        (DType::Int8, "8-bit integer (signed)", "(1, False, False, True)"),
        (DType::Int16, "16-bit integer (signed)", "(2, False, False, True)"),
        (DType::Int32, "32-bit integer (signed)", "(4, False, False, True)"),
        (DType::Int64, "64-bit integer (signed)", "(8, False, False, True)"),
        // the table gives no size for bool: one byte, as PyTorch's `torch.bool.itemsize`
        (DType::Bool, "Boolean", "(1, False, False, False)"),
    ];
    for (dtype, kind, want) in rows {
        c.comment(kind);
        let d = dtype.to_string();
        let got = format!(
            "({}, {}, {}, {})",
            dtype.itemsize(),
            py_bool(dtype.is_floating_point()),
            py_bool(dtype.is_complex()),
            py_bool(dtype.is_signed())
        );
        c.check(&format!("{d}.itemsize, {d}.is_floating_point, {d}.is_complex, {d}.is_signed"), got, want);
    }

    c.comment("aliases (second column)");
    let aliases = [
        ("float", "oxtorch.float32"),
        ("double", "oxtorch.float64"),
        ("cfloat", "oxtorch.complex64"),
        ("cdouble", "oxtorch.complex128"),
        ("half", "oxtorch.float16"),
        ("short", "oxtorch.int16"),
        ("int", "oxtorch.int32"),
        ("long", "oxtorch.int64"),
    ];
    for (alias, want) in aliases {
        let got =
            DType::from_name(alias).map_or_else(|| format!("AttributeError: no dtype '{alias}'"), |d| d.to_string());
        c.check(&format!("oxtorch.{alias}"), got, want);
    }

    c.comment("legacy constructors (third column)");
    let legacy = [
        ("FloatTensor", "oxtorch.float32"),
        ("DoubleTensor", "oxtorch.float64"),
        ("HalfTensor", "oxtorch.float16"),
        ("BFloat16Tensor", "oxtorch.bfloat16"),
        ("ByteTensor", "oxtorch.uint8"),
        ("CharTensor", "oxtorch.int8"),
        ("ShortTensor", "oxtorch.int16"),
        ("IntTensor", "oxtorch.int32"),
        ("LongTensor", "oxtorch.int64"),
        ("BoolTensor", "oxtorch.bool"),
    ];
    for (name, want) in legacy {
        let got = DType::from_legacy_constructor(name)
            .map_or_else(|| format!("AttributeError: no legacy constructor '{name}'"), |d| d.to_string());
        c.check(&format!("oxtorch.{name}.dtype"), got, want);
    }
}

/// The tensors of the promotion and casting examples.
struct Operands {
    float_tensor: Tensor,
    double_tensor: Tensor,
    complex_float_tensor: Tensor,
    complex_double_tensor: Tensor,
    int_tensor: Tensor,
    long_tensor: Tensor,
    uint_tensor: Tensor,
    bool_tensor: Tensor,
    long_zerodim: Tensor,
}

/// The setup lines of "Promotion Examples".
fn operands(c: &Checker) -> Result<Operands> {
    c.statement("float_tensor = oxtorch.ones(1, dtype=oxtorch.float)");
    let float_tensor = ones(&[1], DType::Float32)?;
    c.statement("double_tensor = oxtorch.ones(1, dtype=oxtorch.double)");
    let double_tensor = ones(&[1], DType::Float64)?;
    c.statement("complex_float_tensor = oxtorch.ones(1, dtype=oxtorch.complex64)");
    let complex_float_tensor = ones(&[1], DType::Complex64)?;
    c.statement("complex_double_tensor = oxtorch.ones(1, dtype=oxtorch.complex128)");
    let complex_double_tensor = ones(&[1], DType::Complex128)?;
    c.statement("int_tensor = oxtorch.ones(1, dtype=oxtorch.int)");
    let int_tensor = ones(&[1], DType::Int32)?;
    c.statement("long_tensor = oxtorch.ones(1, dtype=oxtorch.long)");
    let long_tensor = ones(&[1], DType::Int64)?;
    c.statement("uint_tensor = oxtorch.ones(1, dtype=oxtorch.uint8)");
    let uint_tensor = ones(&[1], DType::UInt8)?;
    c.statement("double_tensor = oxtorch.ones(1, dtype=oxtorch.double)");
    // the spec assigns double_tensor a second time
    let double_tensor = {
        drop(double_tensor);
        ones(&[1], DType::Float64)?
    };
    c.statement("bool_tensor = oxtorch.ones(1, dtype=oxtorch.bool)");
    let bool_tensor = ones(&[1], DType::Bool)?;
    c.comment("zero-dim tensors");
    c.statement("long_zerodim = oxtorch.tensor(1, dtype=oxtorch.long)");
    let long_zerodim = tensor(1i64, DType::Int64)?;
    c.statement("int_zerodim = oxtorch.tensor(1, dtype=oxtorch.int)");
    let _int_zerodim = tensor(1i32, DType::Int32)?;
    println!();
    Ok(Operands {
        float_tensor,
        double_tensor,
        complex_float_tensor,
        complex_double_tensor,
        int_tensor,
        long_tensor,
        uint_tensor,
        bool_tensor,
        long_zerodim,
    })
}

/// "Type Promotion": the promotion examples.
fn type_promotion(c: &mut Checker, t: &Operands) {
    c.check_result(
        "oxtorch.add(5, 5).dtype",
        dtype_of(oxtorch::functions::add(5, 5).and_then(oxtorch::AnyTensor::into_strided)),
        "oxtorch.int64",
    );
    c.comment("5 is an int64, but does not have higher category than int_tensor so is not considered.");
    c.check_result("(int_tensor + 5).dtype", dtype_of(&t.int_tensor + 5), "oxtorch.int32");
    c.check_result("(int_tensor + long_zerodim).dtype", dtype_of(&t.int_tensor + &t.long_zerodim), "oxtorch.int32");
    c.check_result("(long_tensor + int_tensor).dtype", dtype_of(&t.long_tensor + &t.int_tensor), "oxtorch.int64");
    c.check_result("(bool_tensor + long_tensor).dtype", dtype_of(&t.bool_tensor + &t.long_tensor), "oxtorch.int64");
    c.check_result("(bool_tensor + uint_tensor).dtype", dtype_of(&t.bool_tensor + &t.uint_tensor), "oxtorch.uint8");
    c.check_result(
        "(float_tensor + double_tensor).dtype",
        dtype_of(&t.float_tensor + &t.double_tensor),
        "oxtorch.float64",
    );
    c.check_result(
        "(complex_float_tensor + complex_double_tensor).dtype",
        dtype_of(&t.complex_float_tensor + &t.complex_double_tensor),
        "oxtorch.complex128",
    );
    c.check_result("(bool_tensor + int_tensor).dtype", dtype_of(&t.bool_tensor + &t.int_tensor), "oxtorch.int32");
    c.comment("Since long is a different kind than float, result dtype only needs to be large enough");
    c.comment("to hold the float.");
    c.check_result(
        "oxtorch.add(long_tensor, float_tensor).dtype",
        dtype_of(oxtorch::functions::add(&t.long_tensor, &t.float_tensor).and_then(oxtorch::AnyTensor::into_strided)),
        "oxtorch.float32",
    );
}

/// "Casting Examples": in-place multiplications into an output of another dtype.
fn casting(c: &mut Checker, t: &Operands) {
    c.comment("allowed:");
    let allowed: [(&str, &Tensor, &Tensor); 8] = [
        ("float_tensor *= float_tensor", &t.float_tensor, &t.float_tensor),
        ("float_tensor *= int_tensor", &t.float_tensor, &t.int_tensor),
        ("float_tensor *= uint_tensor", &t.float_tensor, &t.uint_tensor),
        ("float_tensor *= bool_tensor", &t.float_tensor, &t.bool_tensor),
        ("float_tensor *= double_tensor", &t.float_tensor, &t.double_tensor),
        ("int_tensor *= long_tensor", &t.int_tensor, &t.long_tensor),
        ("int_tensor *= uint_tensor", &t.int_tensor, &t.uint_tensor),
        ("uint_tensor *= int_tensor", &t.uint_tensor, &t.int_tensor),
    ];
    for (expr, out, other) in allowed {
        c.check_result(expr, silent(out.mul_(other)), "");
    }

    c.comment("disallowed (RuntimeError: result type can't be cast to the desired output type):");
    let disallowed: [(&str, &Tensor, &Tensor, &str); 4] = [
        (
            "int_tensor *= float_tensor",
            &t.int_tensor,
            &t.float_tensor,
            "RuntimeError: result type Float can't be cast to the desired output type Int",
        ),
        (
            "bool_tensor *= int_tensor",
            &t.bool_tensor,
            &t.int_tensor,
            "RuntimeError: result type Int can't be cast to the desired output type Bool",
        ),
        (
            "bool_tensor *= uint_tensor",
            &t.bool_tensor,
            &t.uint_tensor,
            "RuntimeError: result type Byte can't be cast to the desired output type Bool",
        ),
        (
            "float_tensor *= complex_float_tensor",
            &t.float_tensor,
            &t.complex_float_tensor,
            "RuntimeError: result type ComplexFloat can't be cast to the desired output type Float",
        ),
    ];
    for (expr, out, other, want) in disallowed {
        c.check_result(expr, silent(out.mul_(other)), want);
    }

    c.comment("the three rules above, as oxtorch.can_cast(from, to):");
    c.check(
        "oxtorch.can_cast(oxtorch.float32, oxtorch.int32)",
        py_bool(can_cast(DType::Float32, DType::Int32)),
        "False",
    );
    c.check("oxtorch.can_cast(oxtorch.int32, oxtorch.bool)", py_bool(can_cast(DType::Int32, DType::Bool)), "False");
    c.check(
        "oxtorch.can_cast(oxtorch.complex64, oxtorch.float32)",
        py_bool(can_cast(DType::Complex64, DType::Float32)),
        "False",
    );
}

fn dtype_section(c: &mut Checker) -> Result<()> {
    dtype_table(c);
    c.section("torch.dtype: Type Promotion");
    let t = operands(c)?;
    type_promotion(c, &t);
    c.section("torch.dtype: Casting Examples");
    casting(c, &t);
    Ok(())
}

// ---------------------------------------------------------------------------------------------------------------
// torch.device
// ---------------------------------------------------------------------------------------------------------------

fn device_section(c: &mut Checker) -> Result<()> {
    c.section("torch.device: via a string");
    let via_string = [
        ("cuda:0", "device(type='cuda', index=0)"),
        ("cpu", "device(type='cpu')"),
        ("mps", "device(type='mps')"),
        ("cuda", "device(type='cuda')"),
    ];
    for (s, want) in via_string {
        let expr = if s == "cuda" {
            "oxtorch.device('cuda')  # current cuda device".to_string()
        } else {
            format!("oxtorch.device('{s}')")
        };
        c.check_result(&expr, Device::parse(s).map(|d| d.repr()), want);
    }

    c.section("torch.device: via a string and device ordinal");
    let via_ordinal = [
        ("cuda", 0, "device(type='cuda', index=0)"),
        ("mps", 0, "device(type='mps', index=0)"),
        ("cpu", 0, "device(type='cpu', index=0)"),
    ];
    for (s, i, want) in via_ordinal {
        c.check_result(&format!("oxtorch.device('{s}', {i})"), Device::with_index(s, Some(i)).map(|d| d.repr()), want);
    }

    c.comment("A tensor's device can be accessed via the Tensor.device property:");
    c.check_result("oxtorch.ones(1).device", device_of(ones(&[1], ())), "device(type='cpu')");

    c.section("torch.device: as a context manager");
    let cuda1 = Device::parse("cuda:1")?;
    let r = {
        let _with = DefaultDeviceGuard::new(cuda1);
        randn(&[2, 3], (), None)
    };
    c.check_cuda(
        "with oxtorch.device('cuda:1'):\n    r = oxtorch.randn(2, 3)",
        r.clone().map(|_| String::new()),
        1,
        "",
    );
    c.check_cuda("r.device", device_of(r), 1, "device(type='cuda', index=1)");
    let inside = {
        let _with = DefaultDeviceGuard::new(cuda1);
        get_default_device().repr()
    };
    c.check("with oxtorch.device('cuda:1'):\n    oxtorch.get_default_device()", inside, "device(type='cuda', index=1)");
    c.comment("no effect when a factory function is passed an explicit, non-None device argument:");
    let explicit = {
        let _with = DefaultDeviceGuard::new(cuda1);
        device_of(randn(&[2, 3], Device::cpu(), None))
    };
    c.check_result(
        "with oxtorch.device('cuda:1'):\n    oxtorch.randn(2, 3, device='cpu').device",
        explicit,
        "device(type='cpu')",
    );
    c.check("oxtorch.get_default_device()  # after the block", get_default_device().repr(), "device(type='cpu')");

    c.comment("extra, not in the spec: the same context manager with the meta device, which this build can use");
    let r = {
        let _with = DefaultDeviceGuard::new(Device::parse("meta")?);
        randn(&[2, 3], (), None)
    };
    c.statement("with oxtorch.device('meta'):\n    r = oxtorch.randn(2, 3)");
    c.check_result("r.device", device_of(r), "device(type='meta')");

    c.section("torch.device: note, a device argument can be a string");
    c.comment("Example of a function that takes in a oxtorch.device");
    c.statement("cuda1 = oxtorch.device('cuda:1')");
    c.check_cuda(
        "oxtorch.randn((2,3), device=cuda1)",
        device_of(randn(&[2, 3], cuda1, None)),
        1,
        "device(type='cuda', index=1)",
    );
    c.comment("You can substitute the oxtorch.device with a string");
    c.check_cuda(
        "oxtorch.randn((2,3), device='cuda:1')",
        device_of(Device::parse("cuda:1").and_then(|d| randn(&[2, 3], d, None))),
        1,
        "device(type='cuda', index=1)",
    );

    c.section("torch.device: note, legacy device ordinal");
    c.check_result("oxtorch.device(1)", Device::from_ordinal(1).map(|d| d.repr()), "device(type='cuda', index=1)");

    c.section("torch.device: note, equivalent device arguments");
    c.check_cuda(
        "oxtorch.randn((2,3), device=oxtorch.device('cuda:1'))",
        device_of(Device::parse("cuda:1").and_then(|d| randn(&[2, 3], d, None))),
        1,
        "device(type='cuda', index=1)",
    );
    c.check_cuda(
        "oxtorch.randn((2,3), device='cuda:1')",
        device_of(Device::parse("cuda:1").and_then(|d| randn(&[2, 3], d, None))),
        1,
        "device(type='cuda', index=1)",
    );
    c.check_cuda(
        "oxtorch.randn((2,3), device=1)  # legacy",
        device_of(Device::from_ordinal(1).and_then(|d| randn(&[2, 3], d, None))),
        1,
        "device(type='cuda', index=1)",
    );
    c.comment("the three device arguments are the same device:");
    let same = Device::parse("cuda:1")? == Device::from_ordinal(1)?
        && Device::from_ordinal(1)? == Device::with_index("cuda", Some(1))?;
    c.check("oxtorch.device('cuda:1') == oxtorch.device(1) == oxtorch.device('cuda', 1)", py_bool(same), "True");

    c.section("torch.device: note, scalar tensors and devices");
    c.comment("two scalars");
    let scalar = || ones(&[], ());
    let vector = || ones(&[1], ());
    c.check_cuda(
        "oxtorch.ones(()) + oxtorch.ones(()).cuda()  # OK, scalar auto-transferred from CPU to GPU",
        device_of(scalar().and_then(|a| cuda(&scalar()?).and_then(|b| &a + &b))),
        0,
        "device(type='cuda', index=0)",
    );
    c.check_cuda(
        "oxtorch.ones(()).cuda() + oxtorch.ones(())  # OK, scalar auto-transferred from CPU to GPU",
        device_of(scalar().and_then(|a| cuda(&a)).and_then(|a| &a + &scalar()?)),
        0,
        "device(type='cuda', index=0)",
    );
    c.comment("one scalar (CPU), one vector (GPU)");
    c.check_cuda(
        "oxtorch.ones(()) + oxtorch.ones(1).cuda()  # OK, scalar auto-transferred from CPU to GPU",
        device_of(scalar().and_then(|a| cuda(&vector()?).and_then(|b| &a + &b))),
        0,
        "device(type='cuda', index=0)",
    );
    c.check_cuda(
        "oxtorch.ones(1).cuda() + oxtorch.ones(())  # OK, scalar auto-transferred from CPU to GPU",
        device_of(vector().and_then(|a| cuda(&a)).and_then(|a| &a + &scalar()?)),
        0,
        "device(type='cuda', index=0)",
    );
    c.comment("one scalar (GPU), one vector (CPU)");
    c.check_cuda(
        "oxtorch.ones(()).cuda() + oxtorch.ones(1)  # Fail, scalar not auto-transferred from GPU to CPU \
         and non-scalar not auto-transferred from CPU to GPU",
        device_of(scalar().and_then(|a| cuda(&a)).and_then(|a| &a + &vector()?)),
        0,
        "RuntimeError: Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu!",
    );
    c.check_cuda(
        "oxtorch.ones(1) + oxtorch.ones(()).cuda()  # Fail, scalar not auto-transferred from GPU to CPU \
         and non-scalar not auto-transferred from CPU to GPU",
        device_of(vector().and_then(|a| cuda(&scalar()?).and_then(|b| &a + &b))),
        0,
        "RuntimeError: Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu!",
    );
    Ok(())
}

// ---------------------------------------------------------------------------------------------------------------
// torch.layout
// ---------------------------------------------------------------------------------------------------------------

fn layout_section(c: &mut Checker) -> Result<()> {
    c.section("torch.layout");
    c.statement("x = oxtorch.tensor([[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]])");
    let x = tensor([[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]], ())?;
    c.check("x.stride()", py_tuple(x.strides()), "(5, 1)");
    c.check_result("x.t().stride()", stride_of(x.t()), "(1, 5)");
    c.comment("a dense tensor has the layout oxtorch.strided");
    c.check("x.layout", x.layout().to_string(), "oxtorch.strided");
    Ok(())
}

// ---------------------------------------------------------------------------------------------------------------
// torch.memory_format
// ---------------------------------------------------------------------------------------------------------------

fn memory_format_section(c: &mut Checker) -> Result<()> {
    c.section("torch.memory_format: the strides of each format");
    let nchw = [2, 3, 4, 5];
    let ncdhw = [2, 3, 4, 5, 6];
    c.comment("contiguous_format: strides in decreasing order");
    c.check_result(
        "oxtorch.empty((2, 3, 4, 5), memory_format=oxtorch.contiguous_format).stride()",
        stride_of(empty(&nchw, MemoryFormat::Contiguous)),
        "(60, 20, 5, 1)",
    );
    c.comment("channels_last: strides[0] > strides[2] > strides[3] > strides[1] == 1 (NHWC)");
    c.check_result(
        "oxtorch.empty((2, 3, 4, 5), memory_format=oxtorch.channels_last).stride()",
        stride_of(empty(&nchw, MemoryFormat::ChannelsLast)),
        "(60, 1, 15, 3)",
    );
    c.comment("channels_last_3d: strides[0] > strides[2] > strides[3] > strides[4] > strides[1] == 1 (NDHWC)");
    c.check_result(
        "oxtorch.empty((2, 3, 4, 5), memory_format=oxtorch.channels_last_3d).stride()",
        stride_of(empty(&nchw, MemoryFormat::ChannelsLast3d)),
        "RuntimeError: required rank 5 tensor to use channels_last_3d format",
    );
    c.check_result(
        "oxtorch.empty((2, 3, 4, 5, 6), memory_format=oxtorch.channels_last_3d).stride()",
        stride_of(empty(&ncdhw, MemoryFormat::ChannelsLast3d)),
        "(360, 1, 90, 18, 3)",
    );
    c.comment("preserve_format is for functions like clone, not for new tensors");
    c.check_result(
        "oxtorch.empty((2, 3, 4, 5), memory_format=oxtorch.preserve_format).stride()",
        stride_of(empty(&nchw, MemoryFormat::Preserve)),
        "RuntimeError: unsupported memory format Preserve",
    );

    c.section("torch.memory_format: is_contiguous(memory_format=...)");
    c.statement("x = oxtorch.empty((2, 3, 4, 5))");
    let x = empty(&nchw, ())?;
    c.statement("nhwc = oxtorch.empty((2, 3, 4, 5), memory_format=oxtorch.channels_last)");
    let nhwc = empty(&nchw, MemoryFormat::ChannelsLast)?;
    c.statement("ndhwc = oxtorch.empty((2, 3, 4, 5, 6), memory_format=oxtorch.channels_last_3d)");
    let ndhwc = empty(&ncdhw, MemoryFormat::ChannelsLast3d)?;
    let contiguity: [(&str, &Tensor, MemoryFormat, &str); 6] = [
        ("x.is_contiguous()", &x, MemoryFormat::Contiguous, "True"),
        ("x.is_contiguous(memory_format=oxtorch.channels_last)", &x, MemoryFormat::ChannelsLast, "False"),
        ("nhwc.is_contiguous()", &nhwc, MemoryFormat::Contiguous, "False"),
        ("nhwc.is_contiguous(memory_format=oxtorch.channels_last)", &nhwc, MemoryFormat::ChannelsLast, "True"),
        ("ndhwc.is_contiguous()", &ndhwc, MemoryFormat::Contiguous, "False"),
        ("ndhwc.is_contiguous(memory_format=oxtorch.channels_last_3d)", &ndhwc, MemoryFormat::ChannelsLast3d, "True"),
    ];
    for (expr, t, format, want) in contiguity {
        c.check(expr, py_bool(t.is_contiguous_in(format)), want);
    }

    c.section("torch.memory_format: preserve_format in clone");
    c.comment("dense non-overlapping input: the strides are copied");
    c.check_result("nhwc.clone().stride()", stride_of(nhwc.clone_tensor()), "(60, 1, 15, 3)");
    c.check_result(
        "nhwc.clone(memory_format=oxtorch.preserve_format).is_contiguous(memory_format=oxtorch.channels_last)",
        nhwc.clone_in(MemoryFormat::Preserve).map(|t| py_bool(t.is_contiguous_in(MemoryFormat::ChannelsLast))),
        "True",
    );
    c.check_result("ndhwc.clone().stride()", stride_of(ndhwc.clone_tensor()), "(360, 1, 90, 18, 3)");
    c.statement("y = oxtorch.tensor([[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]]).t()");
    let y = tensor([[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]], ())?.t()?;
    c.check_result("y.clone().stride()", stride_of(y.clone_tensor()), "(1, 5)");
    c.comment("input that is not dense: the strides follow contiguous_format");
    c.statement("z = oxtorch.empty((4, 6))[:, ::2]");
    let z = empty(&[4, 6], ())?.slice(1, None, None, 2)?;
    c.check("z.stride()", py_tuple(z.strides()), "(6, 2)");
    c.check_result("z.clone().stride()", stride_of(z.clone_tensor()), "(3, 1)");
    c.comment("an explicit format instead of preserve_format");
    c.check_result(
        "nhwc.clone(memory_format=oxtorch.contiguous_format).stride()",
        stride_of(nhwc.clone_in(MemoryFormat::Contiguous)),
        "(60, 20, 5, 1)",
    );
    c.check_result(
        "x.clone(memory_format=oxtorch.channels_last).stride()",
        stride_of(x.clone_in(MemoryFormat::ChannelsLast)),
        "(60, 1, 15, 3)",
    );
    Ok(())
}

/// One section of the walk-through: it checks its examples and returns early only when its setup fails.
type Section = fn(&mut Checker) -> Result<()>;

/// Runs every section and returns the counts.
pub fn run() -> Checker {
    let mut c = Checker::default();
    println!("# Tensor Attributes");
    let sections: [(&str, Section); 4] = [
        ("torch.dtype", dtype_section),
        ("torch.device", device_section),
        ("torch.layout", layout_section),
        ("torch.memory_format", memory_format_section),
    ];
    for (name, section) in sections {
        if let Err(e) = section(&mut c) {
            c.setup_failed(name, e);
        }
    }
    c
}

fn main() {
    let c = run();
    println!();
    println!(
        "({} of the examples need a CUDA device this machine does not have ({} visible) and raised PyTorch's error for \
         that, as they must)",
        c.unavailable,
        oxtorch::cuda::device_count()
    );
    println!("tensor_attributes: {} examples, {} as documented", c.total, c.passed);
    if c.passed != c.total {
        std::process::exit(1);
    }
}
