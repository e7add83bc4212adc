//! The CUDA suite: tensors on a real GPU, checked against the CPU backend. On a machine without one every check
//! is reported as skipped, with the count and the reason, and the run succeeds (CI has no GPU); `tests/
//! cuda_kernels.rs` covers the kernels themselves there, on the host.
//!
//! Checks (each counted): factories and transfers round trip; every arithmetic operation, rounding mode and
//! dtype pair against the CPU result on random data (strided, broadcast, in place, out=, mixed dtypes, zero-dim
//! CPU operands); casting copies of every dtype pair, contiguous, strided and transposing (`t().contiguous()`,
//! NCHW to channels-last); fills; views and memory formats; printing; and the error paths (an ordinal past the
//! device count, tensors on two devices, out of memory).

use oxtorch::{arange, empty, ones, randn, tensor, zeros, BinaryOp, DType, Device, MemoryFormat, RoundingMode, Tensor};

type Check = Result<(), String>;

/// The checks, collected before any runs (so that a machine without a GPU can say how many it skipped).
#[derive(Default)]
struct Suite {
    checks: Vec<(String, Box<dyn FnOnce() -> Check>)>,
}

impl Suite {
    fn check(&mut self, name: &str, check: impl FnOnce() -> Check + 'static) {
        self.checks.push((name.to_string(), Box::new(check)));
    }
}

fn err<E: std::fmt::Display>(e: E) -> String {
    e.to_string()
}

/// Whether two CPU tensors hold the same dtype, shape and values (floats bit for bit with NaN equal to NaN,
/// complex within 2 units in the last place).
fn same(got: &Tensor, want: &Tensor) -> Check {
    if got.dtype() != want.dtype() || got.sizes() != want.sizes() {
        return Err(format!("got {:?} {:?}, want {:?} {:?}", got.dtype(), got.sizes(), want.dtype(), want.sizes()));
    }
    let (g, w) = (got.to_scalars().map_err(err)?, want.to_scalars().map_err(err)?);
    let eps = if got.dtype() == DType::Complex64 { f64::from(f32::EPSILON) } else { f64::EPSILON };
    for (i, (a, b)) in g.iter().zip(&w).enumerate() {
        let ok = match (a, b) {
            (oxtorch::Scalar::Float(x), oxtorch::Scalar::Float(y)) => {
                (x.is_nan() && y.is_nan()) || x.to_bits() == y.to_bits()
            }
            (oxtorch::Scalar::Complex(x), oxtorch::Scalar::Complex(y)) => {
                let scale = y.re.abs().max(y.im.abs());
                let near = |p: f64, q: f64| (p.is_nan() && q.is_nan()) || p == q || (p - q).abs() <= 2.0 * eps * scale;
                near(x.re, y.re) && near(x.im, y.im)
            }
            (x, y) => x == y,
        };
        if !ok {
            return Err(format!("element {i}: got {a:?}, want {b:?}"));
        }
    }
    Ok(())
}

/// Random values of `dtype` (integers in a small range, no zeros when `divisor`), shaped `sizes`, on the CPU.
fn random(sizes: &[usize], dtype: DType, divisor: bool, seed: u64) -> Result<Tensor, String> {
    let g = &mut oxtorch::Generator::new(seed);
    let base = randn(sizes, DType::Float64, Some(g)).map_err(err)?.mul(8.0).map_err(err)?;
    let base = base.div_(2.0).map_err(err)?;
    let t = base.to_dtype(dtype).map_err(err)?;
    if divisor && !dtype.is_floating_point() && !dtype.is_complex() {
        // integer divisors away from zero, small enough for every integer dtype: 1..=100 or -100..=-1 (uint8's
        // 255 plus one would wrap to zero)
        let shifted = t.to_dtype(DType::Int64).map_err(err)?;
        let values: Vec<i64> = shifted
            .to_vec::<i64>()
            .map_err(err)?
            .into_iter()
            .map(|v| if v >= 0 { v % 100 + 1 } else { -((-v) % 100) - 1 })
            .collect();
        return oxtorch::from_vec(values, sizes).map_err(err)?.to_dtype(dtype).map_err(err);
    }
    Ok(t)
}

fn cuda0() -> Device {
    Device::cuda(0).unwrap_or_default()
}

/// Whether two CPU tensors of float16/bfloat16 integral values are within one of each other or one unit in the
/// last place: PyTorch's CUDA kernels round a float16/bfloat16 quotient to the storage type before truncating or
/// flooring it, where its CPU kernels floor the float32 quotient (the GPU's exact rule is checked against
/// PyTorch's CUDA build by cuda.json and by the host-compiled kernels of tests/cuda_kernels.rs).
fn within_reduced_rounding(got: &Tensor, want: &Tensor) -> Check {
    let (g, w) = (got.to_dtype(DType::Float64).map_err(err)?, want.to_dtype(DType::Float64).map_err(err)?);
    let (g, w) = (g.to_vec::<f64>().map_err(err)?, w.to_vec::<f64>().map_err(err)?);
    let mantissa = if got.dtype() == DType::Float16 { 10 } else { 7 };
    for (i, (a, b)) in g.iter().zip(&w).enumerate() {
        let ulp = 2f64.powi(b.abs().max(1.0).log2().floor() as i32 - mantissa);
        let ok = (a.is_nan() && b.is_nan()) || a == b || (a - b).abs() <= ulp.max(1.0);
        if !ok {
            return Err(format!("element {i}: got {a}, want {b}"));
        }
    }
    Ok(())
}

/// How a GPU result is compared with the CPU result.
#[derive(Clone, Copy)]
enum Compare {
    /// Bit for bit (complex within 2 units in the last place).
    Exact,
    /// A float16/bfloat16 division with a rounding mode: see [`within_reduced_rounding`].
    ReducedRoundedQuotient,
}

/// `f` on the CPU and on the GPU (inputs moved there), results compared.
fn agree(f: impl Fn(&[Tensor]) -> oxtorch::Result<Tensor>, inputs: &[Tensor]) -> Check {
    agree_by(Compare::Exact, f, inputs)
}

fn agree_by(compare: Compare, f: impl Fn(&[Tensor]) -> oxtorch::Result<Tensor>, inputs: &[Tensor]) -> Check {
    let want = f(inputs);
    let on_gpu: Vec<Tensor> =
        inputs.iter().map(|t| t.to_device(cuda0())).collect::<oxtorch::Result<_>>().map_err(err)?;
    let got = f(&on_gpu);
    match (got, want) {
        (Ok(g), Ok(w)) => {
            if !g.is_cuda() {
                return Err(format!("result on {}", g.device()));
            }
            let g = g.cpu().map_err(err)?;
            let reduced = matches!(g.dtype(), DType::Float16 | DType::BFloat16) && g.dtype() == w.dtype();
            match compare {
                Compare::ReducedRoundedQuotient if reduced => within_reduced_rounding(&g, &w),
                _ => same(&g, &w),
            }
        }
        (Err(g), Err(w)) if g.kind_name() == w.kind_name() => Ok(()),
        (g, w) => Err(format!("got {:?}, want {:?}", g.map(|t| t.to_string()), w.map(|t| t.to_string()))),
    }
}

fn arithmetic(s: &mut Suite) {
    let ops = [
        ("add", BinaryOp::ADD),
        ("sub", BinaryOp::SUB),
        ("mul", BinaryOp::Mul),
        ("div", BinaryOp::DIV),
        ("div_trunc", BinaryOp::Div { rounding_mode: Some(RoundingMode::Trunc) }),
        ("div_floor", BinaryOp::Div { rounding_mode: Some(RoundingMode::Floor) }),
    ];
    let mut seed = 1;
    for (name, op) in ops {
        let divisor = matches!(op, BinaryOp::Div { .. });
        let compare = match op {
            BinaryOp::Div { rounding_mode: Some(_) } => Compare::ReducedRoundedQuotient,
            _ => Compare::Exact,
        };
        for a in DType::ALL {
            for b in DType::ALL {
                seed += 2;
                let inputs = move || -> Result<[Tensor; 2], String> {
                    Ok([random(&[33, 17], a, false, seed)?, random(&[17], b, divisor, seed + 1)?])
                };
                s.check(&format!("{name} {a:?} {b:?} broadcast"), move || {
                    agree_by(compare, |t| t[0].binary(op, &t[1]), &inputs()?)
                });
                s.check(&format!("{name} {a:?} {b:?} strided"), move || {
                    agree_by(compare, |t| t[0].t()?.binary(op, &t[1].slice(0, None, Some(1), 1)?), &inputs()?)
                });
                s.check(&format!("{name} {a:?} {b:?} in place"), move || {
                    agree_by(compare, |t| t[0].clone_tensor()?.binary_(op, &t[1]), &inputs()?)
                });
            }
        }
        // a zero-dim CPU tensor joins a CUDA operation (its value is read on the host)
        for dtype in [DType::Float32, DType::Int64, DType::Complex128] {
            s.check(&format!("{name} {dtype:?} with a zero-dim CPU tensor"), move || {
                let x = random(&[100], dtype, false, 5)?;
                let two = tensor(2, ()).map_err(err)?;
                let on_gpu = x.to_device(cuda0()).map_err(err)?.binary(op, &two);
                match (on_gpu, x.binary(op, &two)) {
                    (Ok(g), Ok(w)) => same(&g.cpu().map_err(err)?, &w),
                    (Err(g), Err(w)) if g.kind_name() == w.kind_name() => Ok(()),
                    (g, w) => Err(format!("got {g:?}, want {w:?}")),
                }
            });
        }
    }
}

fn copies(s: &mut Suite) {
    for dst in DType::ALL {
        for src in DType::ALL {
            // values 0..600 in float64 cast to `src` (arange has no bool or complex kernel, as in PyTorch)
            let grid =
                move || arange(600, DType::Float64).and_then(|t| t.reshape(&[20, 30])?.to_dtype(src)).map_err(err);
            s.check(&format!("copy {src:?} -> {dst:?}"), move || agree(|t| t[0].to_dtype(dst), &[grid()?]));
            s.check(&format!("copy {src:?} -> {dst:?} transposed"), move || {
                agree(|t| t[0].t()?.contiguous()?.to_dtype(dst), &[grid()?])
            });
        }
    }
    let big = || randn(&[512, 384], (), None).map_err(err);
    let nchw = || randn(&[4, 64, 28, 28], (), None).map_err(err);
    s.check("t().contiguous() 512x384 (tiled)", move || agree(|t| t[0].t()?.contiguous(), &[big()?]));
    s.check("NCHW to channels_last (tiled)", move || {
        agree(|t| t[0].contiguous_in(MemoryFormat::ChannelsLast), &[nchw()?])
    });
    s.check("to bfloat16 (vectorized)", move || agree(|t| t[0].to_dtype(DType::BFloat16), &[nchw()?]));
    s.check("fill_ strided", move || {
        let fill = |t: &[Tensor]| {
            let x = t[0].clone_tensor()?;
            x.t()?.slice(0, Some(1), None, 3)?.fill_(2.5)?;
            Ok(x)
        };
        agree(fill, &[big()?])
    });
    s.check("empty in a memory format", || {
        let options = oxtorch::TensorOptions::new().device(cuda0()).memory_format(MemoryFormat::ChannelsLast);
        let e = empty(&[2, 3, 4, 5], options).map_err(err)?;
        if e.strides() != [60, 1, 15, 3] || !e.is_cuda() {
            return Err(format!("strides {:?} on {}", e.strides(), e.device()));
        }
        Ok(())
    });
}

fn devices_and_errors(s: &mut Suite) {
    s.check("a tensor on `cuda` reports cuda:0", || {
        let t = zeros(&[2], Device::from(oxtorch::DeviceType::Cuda)).map_err(err)?;
        if t.device() != cuda0() || t.get_device() != 0 {
            return Err(format!("{}", t.device()));
        }
        Ok(())
    });
    s.check("repr shows the device", || {
        let r = tensor([1.5f32, 2.0], cuda0()).map_err(err)?.to_string();
        if r != "tensor([1.5000, 2.0000], device='cuda:0')" {
            return Err(r);
        }
        Ok(())
    });
    s.check("item and values through the host", || {
        let t = arange(5, cuda0()).map_err(err)?;
        let v = t.to_vec::<i64>().map_err(err)?;
        if v != [0, 1, 2, 3, 4] || t.get(3).map_err(err)?.item().map_err(err)? != oxtorch::Scalar::Int(3) {
            return Err(format!("{v:?}"));
        }
        Ok(())
    });
    s.check("an ordinal past the device count", || {
        let count = oxtorch::cuda::device_count();
        let bad = Device::cuda(u8::try_from(count).map_err(err)?).map_err(err)?;
        match zeros(&[1], bad) {
            Err(e)
                if e.kind_name() == "AcceleratorError"
                    && e.message().starts_with("CUDA error: invalid device ordinal\n") =>
            {
                Ok(())
            }
            other => Err(format!("{other:?}")),
        }
    });
    s.check("dimensioned tensors on two devices", || {
        let (a, b) = (ones(&[2], cuda0()).map_err(err)?, ones(&[2], ()).map_err(err)?);
        let want = "Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu!";
        match &a + &b {
            Err(e) if e.message() == want => Ok(()),
            other => Err(format!("{other:?}")),
        }
    });
    s.check("out of memory", || match empty(&[1usize << 47], (DType::Float32, cuda0())) {
        Err(e)
            if e.kind_name() == "OutOfMemoryError"
                && e.message().starts_with("CUDA out of memory. Tried to allocate") =>
        {
            Ok(())
        }
        other => Err(format!("{other:?}")),
    });
    s.check("copy across devices with a cast, into a transposed view", || {
        let into_view = |t: &[Tensor]| {
            let out = empty(&[7, 5], t[0].device())?;
            out.t()?.copy_(&t[0].to_dtype(DType::Int16)?.t()?)?;
            Ok(out)
        };
        agree(into_view, &[arange(35, DType::Float64).and_then(|t| t.reshape(&[7, 5])).map_err(err)?])
    });
}

fn main() {
    let mut s = Suite::default();
    devices_and_errors(&mut s);
    copies(&mut s);
    arithmetic(&mut s);
    if !oxtorch::cuda::is_available() {
        let why =
            oxtorch::Device::ensure_available(cuda0()).err().map_or_else(String::new, |e| e.message().to_string());
        println!("cuda suite: {} checks skipped, no CUDA device ({why})", s.checks.len());
        return;
    }
    let (mut ran, mut failures) = (0, Vec::new());
    for (name, check) in s.checks {
        ran += 1;
        if let Err(why) = check() {
            failures.push(format!("{name}: {why}"));
        }
    }
    for f in &failures {
        println!("  FAIL {f}");
    }
    println!("cuda suite: {ran} checks ran, {} passed, {} failed", ran - failures.len(), failures.len());
    if !failures.is_empty() {
        std::process::exit(1);
    }
}
