//! Criterion benchmarks of oxtorch's kernels from Rust: the elementwise loops (same-dtype, mixed-dtype, with a
//! scalar, broadcast, in place), the copies (transposing, to channels-last, casting to bfloat16) and the per-call
//! overhead of an operation on one-element tensors. `cargo bench -p oxtorch --bench kernels`; the side-by-side
//! comparison with PyTorch and NumPy is benchmarks/compare.py.

use criterion::{criterion_group, criterion_main, Criterion};
use oxtorch::op::{BinaryOp, CmpOp, UnaryOp};
use oxtorch::{arange, ones, DType, MemoryFormat, Tensor};
use std::hint::black_box;

const N: i64 = 1 << 22;

fn tensor(n: i64, dtype: DType) -> Tensor {
    arange(n, dtype).expect("arange")
}

fn elementwise(c: &mut Criterion) {
    let (a, b) = (tensor(N, DType::Float32), tensor(N, DType::Float32));
    let i = tensor(N, DType::Int32);
    c.bench_function("add f32+f32 2^22", |bench| bench.iter(|| black_box(a.add(&b).expect("add"))));
    c.bench_function("add i32+f32 2^22", |bench| bench.iter(|| black_box(i.add(&a).expect("add"))));
    c.bench_function("mul f32*scalar 2^22", |bench| bench.iter(|| black_box(a.mul(2.5).expect("mul"))));
    let acc = a.clone_tensor().expect("clone");
    c.bench_function("add_ f32 in place 2^22", |bench| bench.iter(|| black_box(acc.add_(&b).expect("add_"))));
    let m = tensor(2048 * 2048, DType::Float32).reshape(&[2048, 2048]).expect("reshape");
    let row = tensor(2048, DType::Float32);
    c.bench_function("add 2048x2048 + row", |bench| bench.iter(|| black_box(m.add(&row).expect("add"))));
}

fn copies(c: &mut Criterion) {
    let m = tensor(2048 * 2048, DType::Float32).reshape(&[2048, 2048]).expect("reshape");
    c.bench_function("t().contiguous() 2048x2048", |bench| {
        bench.iter(|| black_box(m.t().and_then(|t| t.contiguous()).expect("transpose")))
    });
    let x = tensor(16 * 64 * 56 * 56, DType::Float32).reshape(&[16, 64, 56, 56]).expect("reshape");
    c.bench_function("NCHW -> channels_last (16,64,56,56)", |bench| {
        bench.iter(|| black_box(x.contiguous_in(MemoryFormat::ChannelsLast).expect("channels_last")))
    });
    let f = tensor(N, DType::Float32);
    c.bench_function("f32 -> bf16 2^22", |bench| bench.iter(|| black_box(f.to_dtype(DType::BFloat16).expect("cast"))));
}

fn overhead(c: &mut Criterion) {
    let (a, b) = (ones(&[1], ()).expect("ones"), ones(&[1], ()).expect("ones"));
    c.bench_function("add one-element tensors", |bench| bench.iter(|| black_box(a.add(&b).expect("add"))));
    c.bench_function("mul one-element tensor by 2", |bench| bench.iter(|| black_box(a.mul(2).expect("mul"))));
    let eq = BinaryOp::Compare(CmpOp::Eq);
    c.bench_function("eq one-element tensors", |bench| bench.iter(|| black_box(a.binary(eq, &b).expect("eq"))));
    c.bench_function("abs one-element tensor", |bench| bench.iter(|| black_box(a.unary(UnaryOp::Abs).expect("abs"))));
}

criterion_group!(benches, elementwise, copies, overhead);
criterion_main!(benches);
