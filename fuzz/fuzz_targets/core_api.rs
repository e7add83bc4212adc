//! libFuzzer target over oxtorch's core API: the input bytes are read as a small program (create tensors of
//! random shapes, dtypes and devices, chain views, index, copy, cast, do arithmetic with random operands,
//! print, parse device strings, query promotion) and every call must return `Ok` or `Err`, never panic.
//!
//! Run (see fuzz/README.md): `RUSTC_BOOTSTRAP=1 cargo fuzz run core_api -- -max_total_time=1800`
#![no_main]

use libfuzzer_sys::fuzz_target;
use num_complex::Complex;
use oxtorch::display::PrintOptions;
use oxtorch::{Operand, Output};
use oxtorch::tensor::ops::{binary_op, BinaryOp, RoundingMode};
use oxtorch::{DType, Device, MemoryFormat, Scalar, Tensor, TensorIndex, TensorOptions};

/// Elements above which a tensor is not materialized (copies, arithmetic, printing all of it), so that a run
/// explores semantics rather than memory bandwidth.
const MATERIALIZE: usize = 1 << 14;

/// The input bytes as a stream of small decisions; reads past the end give zeros.
struct Input<'a> {
    data: &'a [u8],
    pos: usize,
}

impl Input<'_> {
    fn byte(&mut self) -> u8 {
        let b = self.data.get(self.pos).copied().unwrap_or(0);
        self.pos += 1;
        b
    }
    fn done(&self) -> bool {
        self.pos >= self.data.len()
    }
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            self.byte() as usize % n
        }
    }
    fn bool(&mut self) -> bool {
        self.byte() & 1 == 1
    }
    fn i64(&mut self) -> i64 {
        let mut b = [0u8; 8];
        for x in &mut b {
            *x = self.byte();
        }
        i64::from_le_bytes(b)
    }
    /// A small integer, mostly in -4..8, sometimes an extreme one.
    fn small(&mut self) -> i64 {
        match self.below(16) {
            0 => self.i64(),
            1 => [i64::MIN, i64::MAX, -1 << 62, 1 << 62, 1 << 40, -129, 255, 65536][self.below(8)],
            _ => self.below(12) as i64 - 4,
        }
    }
    fn dim(&mut self, ndim: usize) -> i64 {
        let n = ndim.max(1) as i64;
        if self.below(8) == 0 {
            self.small()
        } else {
            self.below(2 * n as usize) as i64 - n
        }
    }
    fn dtype(&mut self) -> DType {
        DType::ALL[self.below(DType::ALL.len())]
    }
    fn float(&mut self) -> f64 {
        match self.below(12) {
            0 => f64::NAN,
            1 => f64::INFINITY,
            2 => f64::NEG_INFINITY,
            3 => -0.0,
            4 => f64::from_bits(self.i64() as u64),
            5 => [1e300, 1e-310, 65504.0, 65520.0, 3.5e38, 2.5, -2.5, 0.1][self.below(8)],
            _ => self.small() as f64 / [1.0, 2.0, 3.0, 10.0][self.below(4)],
        }
    }
    fn scalar(&mut self) -> Scalar {
        match self.below(4) {
            0 => Scalar::Bool(self.bool()),
            1 => Scalar::Int(self.small()),
            2 => Scalar::Float(self.float()),
            _ => Scalar::Complex(Complex::new(self.float(), self.float())),
        }
    }
    fn format(&mut self) -> MemoryFormat {
        [MemoryFormat::Contiguous, MemoryFormat::ChannelsLast, MemoryFormat::ChannelsLast3d, MemoryFormat::Preserve]
            [self.below(4)]
    }
    fn text(&mut self) -> String {
        let n = self.below(12);
        let pieces = ["cpu", "cuda", "meta", ":", "0", "1", "127", "128", "-", "mps", "xla", " ", "99999999999", "_"];
        (0..n)
            .map(|_| {
                if self.bool() {
                    pieces[self.below(pieces.len())].to_string()
                } else {
                    (self.byte() as char).to_string()
                }
            })
            .collect()
    }
    /// Sizes: usually small (a few elements), sometimes absurd (allocation must fail cleanly) or zero.
    fn sizes(&mut self) -> Vec<usize> {
        let n = self.below(6);
        let mut sizes: Vec<usize> = (0..n).map(|_| self.below(5)).collect();
        if self.below(16) == 0 && !sizes.is_empty() {
            let i = self.below(sizes.len());
            // far beyond any memory: the allocation must fail cleanly (moderately large sizes would only be slow)
            sizes[i] = [1usize << 45, 1 << 62, usize::MAX, 1 << 41][self.below(4)];
        }
        sizes
    }
    fn shape_i64(&mut self) -> Vec<i64> {
        let n = self.below(5);
        (0..n).map(|_| if self.below(6) == 0 { self.small() } else { self.below(5) as i64 - 1 }).collect()
    }
    fn index(&mut self) -> TensorIndex {
        match self.below(4) {
            0 => TensorIndex::Int(self.small()),
            1 => {
                let opt = |i: &mut Self| if i.bool() { Some(i.small()) } else { None };
                TensorIndex::Slice { start: opt(self), stop: opt(self), step: opt(self) }
            }
            2 => TensorIndex::NewAxis,
            _ => TensorIndex::Ellipsis,
        }
    }
}

fn options(inp: &mut Input) -> TensorOptions {
    let mut o = TensorOptions::new();
    if inp.bool() {
        o = o.dtype(inp.dtype());
    }
    if inp.below(4) == 0 {
        o = o.device(if inp.bool() { Device::meta() } else { Device::parse("cuda").unwrap_or(Device::cpu()) });
    }
    if inp.below(4) == 0 {
        o = o.memory_format(inp.format());
    }
    o
}

/// How many views `split` / `chunk` along `dim` would make (`count` of the dimension's size), 0 when `dim` is
/// not a dimension (the call is then an error worth making). Calls making more than `MATERIALIZE` views are
/// skipped: millions of views are a valid request that only measures the allocator (libFuzzer's RSS limit stops
/// the run on it), as tensors above `MATERIALIZE` elements are not materialized.
fn pieces(t: &Tensor, dim: i64, count: impl Fn(u64) -> u64) -> usize {
    let nd = t.dim() as i64;
    let d = if dim < 0 { dim + nd } else { dim };
    match usize::try_from(d).ok().and_then(|d| t.sizes().get(d)) {
        Some(&size) => usize::try_from(count(size as u64)).unwrap_or(usize::MAX),
        None => 0,
    }
}

fn small_enough(t: &Tensor) -> bool {
    t.numel() <= MATERIALIZE
}

/// Whether printing `t` under `options` reads at most `MATERIALIZE` elements: a summarized tensor shows up to
/// `2 * edgeitems` elements of each dimension (with edgeitems 0, the whole last dimension, as Python's `x[-0:]`),
/// one below the threshold all of them; millions of them (a valid request, as a big tensor printed in full) only
/// measure the allocator.
fn prints_small(t: &Tensor, options: &PrintOptions) -> bool {
    if t.numel() <= options.threshold {
        return t.numel() <= MATERIALIZE;
    }
    let last = t.dim().saturating_sub(1);
    let edge = options.edgeitems;
    let shown =
        t.sizes().iter().enumerate().fold(1usize, |n, (d, &s)| {
            n.saturating_mul(if edge == 0 && d == last { s } else { s.min(2 * edge.max(1)) })
        });
    shown <= MATERIALIZE
}

fn create(inp: &mut Input) -> Option<Tensor> {
    let r = match inp.below(12) {
        0 => oxtorch::zeros(&inp.sizes(), options(inp)),
        1 => oxtorch::ones(&inp.sizes(), options(inp)),
        2 => {
            let sizes = inp.sizes();
            let v = inp.scalar();
            oxtorch::full(&sizes, v, options(inp))
        }
        3 => {
            let (s, e, st) = (inp.scalar(), inp.scalar(), inp.scalar());
            // keep successful ranges small: a long one is only sized on the meta device
            let o = options(inp);
            let len = (e.to_f64() - s.to_f64()) / st.to_f64();
            if len.is_finite() && len.abs() > MATERIALIZE as f64 && !o.resolved_device().is_meta() {
                return None;
            }
            oxtorch::arange_step(s, e, st, o)
        }
        4 => {
            let (s, e) = (inp.scalar(), inp.scalar());
            let steps = inp.below(20);
            oxtorch::linspace(s, e, steps, options(inp))
        }
        5 => {
            let n = inp.below(9);
            let values: Vec<Scalar> = (0..n).map(|_| inp.scalar()).collect();
            let sizes = if n > 0 && inp.bool() { vec![n] } else { vec![n.min(1); n.min(1)] };
            oxtorch::tensor::factory::tensor_from_scalars(
                &values[..oxtorch::shape::numel(&sizes).min(n)],
                &sizes,
                options(inp),
            )
        }
        6 => {
            let sizes = inp.sizes();
            let strides: Vec<usize> = sizes.iter().map(|_| inp.below(6)).collect();
            oxtorch::empty_strided(&sizes, &strides, options(inp))
        }
        7..=9 => {
            let (sizes, o) = (inp.sizes(), options(inp));
            match inp.below(3) {
                0 => oxtorch::rand(&sizes, o, None),
                1 => oxtorch::randn(&sizes, o, None),
                _ => {
                    let (lo, hi) = (inp.small(), inp.small());
                    oxtorch::randint(lo, hi, &sizes, o, None)
                }
            }
        }
        10 => oxtorch::scalar_tensor(inp.scalar(), options(inp)),
        _ => oxtorch::empty(&inp.sizes(), options(inp)),
    };
    r.ok()
}

fn view_op(inp: &mut Input, t: &Tensor, pool: &[Tensor]) -> Option<Tensor> {
    let nd = t.dim();
    let r = match inp.below(26) {
        0 => t.t(),
        1 => t.transpose(inp.dim(nd), inp.dim(nd)),
        2 => {
            let mut d: Vec<i64> = (0..nd as i64).collect();
            for i in 0..d.len() {
                let j = inp.below(d.len());
                d.swap(i, j);
            }
            if inp.below(8) == 0 {
                d.push(inp.small());
            }
            t.permute(&d)
        }
        3 => t.view(&inp.shape_i64()),
        4 => t.reshape(&inp.shape_i64()),
        5 => t.expand(&inp.shape_i64()),
        6 => t.narrow(inp.dim(nd), inp.small(), inp.small()),
        7 => t.select(inp.dim(nd), inp.small()),
        8 => Ok(t.squeeze()),
        9 => t.squeeze_dim(inp.dim(nd)),
        10 => {
            let dims: Vec<i64> = (0..inp.below(4)).map(|_| inp.dim(nd)).collect();
            t.squeeze_dims(&dims)
        }
        11 => t.unsqueeze(inp.dim(nd + 1)),
        12 => t.flatten(inp.dim(nd), inp.dim(nd)),
        13 => t.unflatten(inp.dim(nd), &inp.shape_i64()),
        14 => t.diagonal(inp.small(), inp.dim(nd), inp.dim(nd)),
        15 => {
            let k = inp.below(3);
            let s: Vec<i64> = (0..k).map(|_| inp.dim(nd)).collect();
            let d: Vec<i64> = (0..k).map(|_| inp.dim(nd)).collect();
            t.movedims(&s, &d)
        }
        16 => {
            let sizes: Vec<usize> = (0..inp.below(4)).map(|_| inp.below(5)).collect();
            let strides: Vec<usize> = sizes.iter().map(|_| inp.below(5)).collect();
            let off = if inp.bool() { Some(inp.below(8)) } else { None };
            t.as_strided(&sizes, &strides, off)
        }
        17 => t.unfold(inp.dim(nd), inp.small(), inp.small()),
        18 => {
            let (split_size, dim) = (inp.small(), inp.dim(nd));
            if pieces(t, dim, |n| if split_size > 0 { n.div_ceil(split_size as u64) } else { 0 }) > MATERIALIZE {
                return Some(t.clone());
            }
            t.split(split_size, dim).map(|v| v.into_iter().next().unwrap_or_else(|| t.clone()))
        }
        19 => {
            let sizes: Vec<i64> = (0..inp.below(4)).map(|_| inp.small()).collect();
            t.split_with_sizes(&sizes, inp.dim(nd)).map(|v| v.into_iter().last().unwrap_or_else(|| t.clone()))
        }
        20 => {
            let (chunks, dim) = (inp.small(), inp.dim(nd));
            // `chunk` of an empty dimension makes `chunks` empty pieces, as PyTorch's does
            let chunks_u = chunks.max(0) as u64;
            if pieces(t, dim, |n| if n == 0 { chunks_u } else { n.min(chunks_u) }) > MATERIALIZE {
                return Some(t.clone());
            }
            t.chunk(chunks, dim).map(|v| v.into_iter().next().unwrap_or_else(|| t.clone()))
        }
        21 => {
            let idx: Vec<TensorIndex> = (0..inp.below(5)).map(|_| inp.index()).collect();
            if inp.bool() {
                t.index(&idx)
            } else {
                t.index_tuple(&idx)
            }
        }
        22 => t.slice(inp.dim(nd), Some(inp.small()), Some(inp.small()), inp.small()),
        23 => Ok(t.detach()),
        24 => match pool.get(inp.below(pool.len())) {
            Some(o) => t.expand_as(o),
            None => return None,
        },
        _ => t.movedim(inp.dim(nd), inp.dim(nd)),
    };
    r.ok()
}

fn arith(inp: &mut Input, pool: &[Tensor]) -> Option<Tensor> {
    let op = match inp.below(7) {
        0 => BinaryOp::Add { alpha: if inp.bool() { Scalar::Int(1) } else { inp.scalar() } },
        1 => BinaryOp::Sub { alpha: if inp.bool() { Scalar::Int(1) } else { inp.scalar() } },
        2 => BinaryOp::Mul,
        3 => BinaryOp::DIV,
        4 => BinaryOp::Div { rounding_mode: Some(RoundingMode::Trunc) },
        _ => BinaryOp::Div { rounding_mode: Some(RoundingMode::Floor) },
    };
    let operand = |inp: &mut Input| -> Operand {
        match pool.get(inp.below(pool.len() + 2)) {
            Some(t) => Operand::Tensor(t.clone()),
            None => Operand::Scalar(inp.scalar()),
        }
    };
    let (lhs, rhs) = (operand(inp), operand(inp));
    let big = |o: &Operand| matches!(o, Operand::Tensor(t) if !small_enough(t));
    if big(&lhs) || big(&rhs) {
        return None;
    }
    let r = match inp.below(3) {
        0 => binary_op(op, &lhs, &rhs, Output::New),
        1 => binary_op(op, &lhs, &rhs, Output::InPlace),
        _ => {
            let mut out = pool.get(inp.below(pool.len())).cloned()?;
            if !small_enough(&out) {
                return None;
            }
            binary_op(op, &lhs, &rhs, Output::Out(&mut out))
        }
    };
    r.ok()
}

fn other_op(inp: &mut Input, t: &Tensor, pool: &[Tensor]) -> Option<Tensor> {
    if !small_enough(t) {
        // only what does not read or copy every element
        if prints_small(t, &PrintOptions::default()) {
            let _ = oxtorch::display::repr(t);
        }
        return None;
    }
    let r = match inp.below(14) {
        0 => t.contiguous(),
        1 => t.contiguous_in(inp.format()),
        2 => t.clone_in(inp.format()),
        3 => t.to_dtype(inp.dtype()),
        4 => t.to(options(inp), inp.bool()),
        5 => t.to_device(Device::meta()),
        6 => {
            let src = pool.get(inp.below(pool.len()))?;
            if !small_enough(src) {
                return None;
            }
            t.copy_(src).map(|_| t.clone())
        }
        7 => t.fill_(inp.scalar()).map(|_| t.clone()),
        8 => {
            let _ = t.to_scalars();
            let _ = t.item();
            return None;
        }
        9 => {
            let options = PrintOptions {
                precision: inp.below(10),
                threshold: inp.below(64),
                edgeitems: inp.below(5),
                linewidth: inp.below(120),
                sci_mode: [None, Some(true), Some(false)][inp.below(3)],
            };
            if !prints_small(t, &options) || !prints_small(t, &PrintOptions::default()) {
                return None;
            }
            let _ = oxtorch::display::repr_of_with(t, &options);
            let _ = t.to_string();
            return None;
        }
        10 => t.zeros_like(options(inp)),
        11 => {
            let v = inp.scalar();
            t.full_like(v, options(inp))
        }
        12 => {
            let (lo, hi) = (inp.small(), inp.small());
            t.randint_like(lo, hi, options(inp))
        }
        _ => t.empty_like(options(inp)),
    };
    r.ok()
}

fn misc(inp: &mut Input) {
    match inp.below(6) {
        0 => {
            let s = inp.text();
            let _ = Device::parse(&s);
            let i = if inp.bool() { Some(inp.small()) } else { None };
            let _ = Device::with_index(&s, i);
        }
        1 => {
            let _ = Device::from_ordinal(inp.small());
        }
        2 => {
            let (a, b) = (inp.dtype(), inp.dtype());
            let _ = oxtorch::promote_types(a, b);
            let _ = oxtorch::can_cast(a, b);
        }
        3 => {
            use oxtorch::promotion::Operand as P;
            let ops: Vec<P> = (0..inp.below(4))
                .map(|_| match inp.below(3) {
                    0 => P::Dimensioned(inp.dtype()),
                    1 => P::ZeroDim(inp.dtype()),
                    _ => P::Scalar(inp.scalar()),
                })
                .collect();
            let _ = oxtorch::result_type(&ops);
        }
        4 => {
            let shape = inp.shape_i64();
            let _ = oxtorch::shape::infer_size(&shape, inp.below(64));
            let (a, b) = (inp.sizes(), inp.sizes());
            let _ = oxtorch::shape::broadcast_shapes(&a, &b);
        }
        _ => {
            let s = inp.scalar();
            let _ = s.check_convertible(inp.dtype(), oxtorch::scalar::ConversionCheck::Strict);
            let _ = oxtorch::scalar::cpp_double(inp.float());
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let mut inp = Input { data, pos: 0 };
    let mut pool: Vec<Tensor> = Vec::new();
    let mut steps = 0;
    while !inp.done() && steps < 64 {
        steps += 1;
        let made = match inp.below(5) {
            0 => create(&mut inp),
            1 => pool.get(inp.below(pool.len())).cloned().and_then(|t| view_op(&mut inp, &t, &pool)),
            2 => arith(&mut inp, &pool),
            3 => pool.get(inp.below(pool.len())).cloned().and_then(|t| other_op(&mut inp, &t, &pool)),
            _ => {
                misc(&mut inp);
                None
            }
        };
        if let Some(t) = made {
            if pool.len() < 8 {
                pool.push(t);
            } else {
                let i = inp.below(pool.len());
                pool[i] = t;
            }
        }
    }
});
