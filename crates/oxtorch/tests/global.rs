//! Global tensors on the in-process thread world: every (source sbp, destination sbp) pair on 1-D placements of
//! 1 to 4 ranks with even and uneven sizes, conversions between placements, N-D placements, every dtype, and
//! arithmetic with OneFlow's sbp inference, each checked against the logical (single-process) tensor; plus
//! OneFlow's errors, raised on every rank.

use oxtorch::global::comm::threads;
use oxtorch::global::ops::{binary_op, GlobalOutput};
use oxtorch::global::{shard, GlobalOperand, GlobalTensor, Placement, Sbp, World};
use oxtorch::tensor::factory::tensor_from_scalars;
use oxtorch::{BinaryOp, DType, Scalar, Tensor};

const ALL_DTYPES: [DType; 12] = [
    DType::Bool,
    DType::UInt8,
    DType::Int8,
    DType::Int16,
    DType::Int32,
    DType::Int64,
    DType::Float16,
    DType::BFloat16,
    DType::Float32,
    DType::Float64,
    DType::Complex64,
    DType::Complex128,
];

/// A logical tensor with small positive integer values (exact in every dtype, no zero divisor; bools alternate).
fn logical(shape: &[usize], dtype: DType, salt: i64) -> Tensor {
    let n: usize = shape.iter().product();
    let values: Vec<Scalar> = (0..n as i64)
        .map(|i| {
            if dtype == DType::Bool {
                Scalar::Bool((i + salt) % 3 != 0)
            } else {
                Scalar::Int((i * 7 + salt) % 23 + 1)
            }
        })
        .collect();
    tensor_from_scalars(&values, shape, dtype).unwrap()
}

fn values(t: &Tensor) -> Vec<Scalar> {
    t.to_scalars().unwrap()
}

/// This rank's piece of `logical` for a layout, with partial sums spread so that they add up to it (the first rank
/// of the partial-sum grid dimensions holds the value minus the others', which hold ones; bools repeat the value,
/// their sum being a logical or).
fn piece(world: &World, logical: &Tensor, placement: &Placement, sbp: &[Sbp]) -> Tensor {
    let Some(pid) = placement.parallel_id(world.rank()) else { return logical.clone() };
    let mut t = logical.clone();
    for (d, r) in shard::region(logical.sizes(), placement, sbp, pid).iter().enumerate() {
        t = t.narrow(d as i64, r.start as i64, r.len() as i64).unwrap();
    }
    let t = t.clone_tensor().unwrap();
    let coords = placement.coords(pid);
    let partial_ranks: usize =
        sbp.iter().zip(placement.hierarchy()).filter(|(s, _)| **s == Sbp::PartialSum).map(|(_, h)| *h).product();
    if partial_ranks == 1 || t.dtype() == DType::Bool {
        return t;
    }
    let first = sbp.iter().zip(&coords).all(|(s, c)| *s != Sbp::PartialSum || *c == 0);
    if first {
        t.sub(Scalar::Int(partial_ranks as i64 - 1)).unwrap().to_dtype(t.dtype()).unwrap()
    } else {
        t.ones_like(()).unwrap()
    }
}

/// A global tensor of `logical` built from local pieces (`to_global` on local tensors).
fn make(world: &World, logical: &Tensor, placement: &Placement, sbp: &[Sbp]) -> GlobalTensor {
    GlobalTensor::from_local(world, &piece(world, logical, placement, sbp), placement, sbp, true, false).unwrap()
}

/// Checks a global tensor against its logical value: the gathered value and, for layouts without partial sums,
/// this rank's own piece.
fn check(world: &World, g: &GlobalTensor, logical: &Tensor, what: &str) {
    assert_eq!(g.shape(), logical.sizes(), "{what}: shape");
    assert_eq!(g.dtype(), logical.dtype(), "{what}: dtype");
    let gathered = g.to_logical().unwrap();
    assert_eq!(values(&gathered), values(logical), "{what}: logical value on rank {}", world.rank());
    match g.parallel_id() {
        Some(pid) => {
            let expected = shard::local_shape(g.shape(), g.placement(), g.sbp(), pid);
            assert_eq!(g.local().sizes(), &expected[..], "{what}: local shape");
            if !g.sbp().contains(&Sbp::PartialSum) {
                assert_eq!(values(g.local()), values(&piece(world, logical, g.placement(), g.sbp())), "{what}: piece");
            }
        }
        None => assert_eq!(g.local().numel(), 0, "{what}: a rank outside the placement holds nothing"),
    }
}

fn one_d() -> Vec<Sbp> {
    vec![Sbp::Split(0), Sbp::Split(1), Sbp::Broadcast, Sbp::PartialSum]
}

#[test]
fn every_pair_on_1d_placements_of_1_to_4_ranks() {
    for n in 1..=4 {
        threads::run(n, |w| {
            let ranks: Vec<i64> = (0..n as i64).collect();
            let p = Placement::from_ranks("cpu", &ranks).unwrap();
            for shape in [[8, 4], [5, 7], [4, 9]] {
                let x = logical(&shape, DType::Float32, 1);
                for from in one_d() {
                    for to in one_d() {
                        let g = make(&w, &x, &p, &[from]);
                        check(&w, &g, &x, &format!("source {from:?} on {n} ranks"));
                        let y = g.to_global(None, Some(&[to]), false).unwrap();
                        check(&w, &y, &x, &format!("{from:?} -> {to:?} on {n} ranks, shape {shape:?}"));
                    }
                }
            }
        });
    }
}

#[test]
fn every_dtype_every_pair() {
    threads::run(3, |w| {
        let p = Placement::from_ranks("cpu", &[0, 1, 2]).unwrap();
        for dtype in ALL_DTYPES {
            let x = logical(&[5, 4], dtype, 2);
            for from in one_d() {
                for to in one_d() {
                    let y = make(&w, &x, &p, &[from]).to_global(None, Some(&[to]), false).unwrap();
                    check(&w, &y, &x, &format!("{dtype:?}: {from:?} -> {to:?}"));
                }
            }
        }
    });
}

#[test]
fn conversions_between_placements() {
    let layouts: Vec<Vec<i64>> =
        vec![vec![0, 1], vec![1, 2, 3], vec![0, 1, 2, 3], vec![2, 3], vec![0, 1, 3], vec![1, 3]];
    threads::run(4, |w| {
        for (shape, dtype) in [([6, 8], DType::Float32), ([5, 7], DType::Int64), ([4, 5], DType::Bool)] {
            let x = logical(&shape, dtype, 3);
            for src in &layouts {
                for dst in &layouts {
                    let (sp, dp) =
                        (Placement::from_ranks("cpu", src).unwrap(), Placement::from_ranks("cpu", dst).unwrap());
                    for from in one_d() {
                        for to in one_d() {
                            let y = make(&w, &x, &sp, &[from]).to_global(Some(&dp), Some(&[to]), false).unwrap();
                            check(&w, &y, &x, &format!("{src:?} {from:?} -> {dst:?} {to:?}"));
                        }
                    }
                }
            }
        }
    });
}

#[test]
fn every_pair_on_a_2d_placement() {
    let nd: Vec<[Sbp; 2]> = one_d().into_iter().flat_map(|a| one_d().into_iter().map(move |b| [a, b])).collect();
    threads::run(4, |w| {
        let p = Placement::new("cpu", &[0, 1, 2, 3], &[2, 2]).unwrap();
        for shape in [[8, 8], [5, 6]] {
            let x = logical(&shape, DType::Float64, 4);
            for from in &nd {
                for to in &nd {
                    let y = make(&w, &x, &p, from).to_global(None, Some(to), false).unwrap();
                    check(&w, &y, &x, &format!("{from:?} -> {to:?} on 2x2, shape {shape:?}"));
                }
            }
        }
    });
}

#[test]
fn two_d_special_split_axes_and_grid_changes() {
    // OneFlow's test_eager_boxing_2d_special_split_axis shape, and 1-D <-> 2-D conversions on the same ranks
    let sbps = [Sbp::Split(2), Sbp::Split(4), Sbp::Broadcast, Sbp::PartialSum];
    let nd: Vec<[Sbp; 2]> = sbps.iter().flat_map(|&a| sbps.iter().map(move |&b| [a, b])).collect();
    threads::run(4, |w| {
        let grid = Placement::new("cpu", &[0, 1, 2, 3], &[2, 2]).unwrap();
        let flat = Placement::from_ranks("cpu", &[0, 1, 2, 3]).unwrap();
        let x = logical(&[4, 8, 4, 8, 4], DType::Int32, 5);
        for from in &nd {
            for to in &nd {
                let y = make(&w, &x, &grid, from).to_global(None, Some(to), false).unwrap();
                check(&w, &y, &x, &format!("{from:?} -> {to:?}"));
            }
            let y = make(&w, &x, &grid, from).to_global(Some(&flat), Some(&[Sbp::Split(3)]), false).unwrap();
            check(&w, &y, &x, &format!("{from:?} on 2x2 -> S(3) on 1-D"));
            let back = y.to_global(Some(&grid), Some(from), false).unwrap();
            check(&w, &back, &x, &format!("S(3) on 1-D -> {from:?} on 2x2"));
        }
    });
}

#[test]
fn zero_dim_and_empty_tensors() {
    threads::run(3, |w| {
        let p = Placement::from_ranks("cpu", &[0, 1, 2]).unwrap();
        let scalar = logical(&[], DType::Int64, 9);
        for from in [Sbp::Broadcast, Sbp::PartialSum] {
            for to in [Sbp::Broadcast, Sbp::PartialSum] {
                let y = make(&w, &scalar, &p, &[from]).to_global(None, Some(&[to]), false).unwrap();
                check(&w, &y, &scalar, "zero-dim");
            }
        }
        let empty = logical(&[0, 3], DType::Float32, 0);
        let y = make(&w, &empty, &p, &[Sbp::Split(0)]).to_global(None, Some(&[Sbp::Split(1)]), false).unwrap();
        assert_eq!(y.shape(), &[0, 3]);
        assert_eq!(y.to_logical().unwrap().sizes(), &[0, 3]);
    });
}

#[test]
fn half_precision_partial_sums_round_once() {
    // 1000 + 0.25 * 3 in float16: summed in float32 and rounded once gives 1001 (rounding after each addition
    // would keep 1000)
    threads::run(4, |w| {
        let p = Placement::from_ranks("cpu", &[0, 1, 2, 3]).unwrap();
        let v = if w.rank() == 0 { 1000.0 } else { 0.25 };
        let local = oxtorch::full(&[4], v, DType::Float16).unwrap();
        let g = GlobalTensor::from_local(&w, &local, &p, &[Sbp::PartialSum], true, false).unwrap();
        let b = g.to_global(None, Some(&[Sbp::Broadcast]), false).unwrap();
        assert_eq!(b.local().to_scalars().unwrap(), vec![Scalar::Float(1001.0); 4]);
        let s = g.to_global(None, Some(&[Sbp::Split(0)]), false).unwrap();
        assert_eq!(s.to_logical().unwrap().to_scalars().unwrap(), vec![Scalar::Float(1001.0); 4]);
    });
}

#[test]
fn from_local_meanings_of_each_sbp() {
    threads::run(2, |w| {
        let p = Placement::from_ranks("cpu", &[0, 1]).unwrap();
        let mine = oxtorch::tensor([w.rank() as f32, 10.0 + w.rank() as f32], ()).unwrap();
        // split: concatenation
        let s = GlobalTensor::from_local(&w, &mine, &p, &[Sbp::Split(0)], true, false).unwrap();
        assert_eq!(values(&s.to_logical().unwrap()), values(&oxtorch::tensor([0f32, 10., 1., 11.], ()).unwrap()));
        // partial sum: the sum
        let ps = GlobalTensor::from_local(&w, &mine, &p, &[Sbp::PartialSum], true, false).unwrap();
        assert_eq!(values(&ps.to_logical().unwrap()), values(&oxtorch::tensor([1f32, 21.], ()).unwrap()));
        // broadcast: rank 0's values; the other ranks receive them into a new component and keep their input
        // (OneFlow 0.9), rank 0's component is its input
        let input = mine.clone_tensor().unwrap();
        let b = GlobalTensor::from_local(&w, &input, &p, &[Sbp::Broadcast], true, false).unwrap();
        assert_eq!(values(b.local()), values(&oxtorch::tensor([0f32, 10.], ()).unwrap()));
        assert_eq!(values(&input), values(&mine));
        assert_eq!(b.local().is_alias_of(&input), w.rank() == 0);
        // ... unless asked for a copy
        let input = mine.clone_tensor().unwrap();
        let b = GlobalTensor::from_local(&w, &input, &p, &[Sbp::Broadcast], true, true).unwrap();
        assert!(!b.local().is_alias_of(&input));
        assert_eq!(values(&input), values(&mine));
        // uneven split: the first ranks hold the extra elements
        let uneven = oxtorch::arange(3 - w.rank() as i64, ()).unwrap();
        let u = GlobalTensor::from_local(&w, &uneven, &p, &[Sbp::Split(0)], true, false).unwrap();
        assert_eq!(u.shape(), &[5]);
    });
}

#[test]
fn factories_on_placements() {
    threads::run(4, |w| {
        let p = Placement::new("cpu", &[0, 1, 2, 3], &[2, 2]).unwrap();
        let sbp = [Sbp::Split(0), Sbp::PartialSum];
        let z = GlobalTensor::full(&w, &[5, 3], 2.5, (), &p, &sbp).unwrap();
        assert_eq!(z.dtype(), DType::Float32);
        assert_eq!(values(&z.to_logical().unwrap()), vec![Scalar::Float(2.5); 15]);
        let ones = GlobalTensor::ones(
            &w,
            &[4],
            DType::Int32,
            &Placement::from_ranks("cpu", &[1, 2]).unwrap(),
            &[Sbp::Split(0)],
        )
        .unwrap();
        assert_eq!(values(&ones.to_logical().unwrap()), vec![Scalar::Int(1); 4]);
        let r = GlobalTensor::arange(&w, 0, 10, 1, (), &p, &[Sbp::Broadcast, Sbp::Split(0)]).unwrap();
        assert_eq!(values(&r.to_logical().unwrap()), (0..10).map(Scalar::Int).collect::<Vec<_>>());
        // random values: the same logical tensor whatever the sbp; broadcast holds it on every rank
        let flat = Placement::from_ranks("cpu", &[0, 1, 2, 3]).unwrap();
        let mut g1 = oxtorch::Generator::new(7);
        let mut g2 = oxtorch::Generator::new(7);
        let a = GlobalTensor::randn(&w, &[8, 2], (), Some(&mut g1), &flat, &[Sbp::Broadcast]).unwrap();
        let b = GlobalTensor::randn(&w, &[8, 2], (), Some(&mut g2), &flat, &[Sbp::Split(0)]).unwrap();
        assert_eq!(values(&a.to_logical().unwrap()), values(&b.to_logical().unwrap()));
        let gathered = a.to_logical().unwrap();
        assert_eq!(values(a.local()), values(&gathered));
        // data: every rank of the placement must give the same (OneFlow's check, on every rank)
        let data = oxtorch::tensor([w.rank() as i64; 4], ()).unwrap();
        let err = GlobalTensor::from_data(&w, &data, &flat, &[Sbp::Split(0)]).unwrap_err();
        assert_eq!(err.message(), "Each rank must have same input sequence or numpy array");
        let data = oxtorch::tensor([5i64; 4], ()).unwrap();
        let t = GlobalTensor::from_data(&w, &data, &flat, &[Sbp::Split(0)]).unwrap();
        assert_eq!(values(&t.to_logical().unwrap()), vec![Scalar::Int(5); 4]);
        // random factories refuse a partial sum (OneFlow)
        let err = GlobalTensor::rand(&w, &[4], (), None, &flat, &[Sbp::PartialSum]).unwrap_err();
        assert_eq!(err.message(), "random source op only support broadcast or split");
    });
}

fn op_result(op: BinaryOp, a: &Tensor, b: &Tensor) -> Tensor {
    oxtorch::tensor::ops::binary_op(op, &a.into(), &b.into(), oxtorch::Output::New).unwrap()
}

fn close(a: &[Scalar], b: &[Scalar]) -> bool {
    a.len() == b.len()
        && a.iter().zip(b).all(|(x, y)| {
            let (x, y) = (x.to_complex(), y.to_complex());
            (x - y).norm() <= 1e-5 * (1.0 + y.norm())
        })
}

#[test]
fn arithmetic_on_every_sbp_pair_matches_the_logical_result() {
    let ops = [BinaryOp::ADD, BinaryOp::SUB, BinaryOp::Mul, BinaryOp::DIV];
    threads::run(4, |w| {
        let p = Placement::from_ranks("cpu", &[0, 1, 2, 3]).unwrap();
        let x = logical(&[6, 5], DType::Float32, 1);
        let y = logical(&[6, 5], DType::Int32, 2).add(Scalar::Int(40)).unwrap(); // no zero divisors
        let row = logical(&[5], DType::Float64, 3).add(Scalar::Int(40)).unwrap();
        for op in ops {
            for a in one_d() {
                for b in one_d() {
                    let gx = make(&w, &x, &p, &[a]);
                    let gy = make(&w, &y, &p, &[b]);
                    let z = gx.binary(op, &gy).unwrap();
                    let expected = op_result(op, &x, &y);
                    assert_eq!(z.dtype(), expected.dtype());
                    assert!(close(&values(&z.to_logical().unwrap()), &values(&expected)), "{op:?} {a:?} {b:?}");
                    // broadcasting against a 1-D tensor
                    let b1 = if b == Sbp::Split(1) { Sbp::Split(0) } else { b };
                    let gr = make(&w, &row, &p, &[b1]);
                    let z = gx.binary(op, &gr).unwrap();
                    assert!(close(&values(&z.to_logical().unwrap()), &values(&op_result(op, &x, &row))), "{op:?} row");
                }
                // with a Python number, on either side
                let gx = make(&w, &x, &p, &[a]);
                let z = gx.binary(op, 3).unwrap();
                let expected =
                    oxtorch::tensor::ops::binary_op(op, &(&x).into(), &3.into(), oxtorch::Output::New).unwrap();
                assert!(close(&values(&z.to_logical().unwrap()), &values(&expected)), "{op:?} {a:?} number");
                let z = binary_op(op, &GlobalOperand::Scalar(Scalar::Float(2.5)), &(&gx).into(), GlobalOutput::New)
                    .unwrap();
                let expected =
                    oxtorch::tensor::ops::binary_op(op, &2.5.into(), &(&x).into(), oxtorch::Output::New).unwrap();
                assert!(close(&values(&z.to_logical().unwrap()), &values(&expected)), "{op:?} number {a:?}");
            }
        }
    });
}

#[test]
fn remainders_bitwise_logical_and_math_operations_on_every_sbp_pair() {
    use oxtorch::op::{BitOp, LogicalOp, MathOp};
    let ops = [
        BinaryOp::Remainder,
        BinaryOp::Fmod,
        BinaryOp::Bitwise(BitOp::And),
        BinaryOp::Bitwise(BitOp::Xor),
        BinaryOp::Bitwise(BitOp::LeftShift),
        BinaryOp::Bitwise(BitOp::RightShift),
        BinaryOp::Logical(LogicalOp::Or),
        BinaryOp::Math(MathOp::Atan2),
        BinaryOp::Math(MathOp::Fmax),
        BinaryOp::Math(MathOp::Xlogy),
        BinaryOp::Pow,
        BinaryOp::FloatPower,
    ];
    threads::run(4, |w| {
        let p = Placement::from_ranks("cpu", &[0, 1, 2, 3]).unwrap();
        let x = logical(&[6, 5], DType::Int32, 1);
        let y = logical(&[6, 5], DType::Int64, 2).add(Scalar::Int(40)).unwrap(); // no zero divisors
        for op in ops {
            // fmax has no integer-to-float promotion: give it floats
            let (x, y) = if op == BinaryOp::Math(MathOp::Fmax) {
                (x.to_dtype(DType::Float32).unwrap(), y.to_dtype(DType::Float64).unwrap())
            } else {
                (x.clone(), y.clone())
            };
            for a in one_d() {
                for b in one_d() {
                    // a partial sum is boxed to broadcast first: none of these is linear in its operands
                    let z = make(&w, &x, &p, &[a]).binary(op, &make(&w, &y, &p, &[b])).unwrap();
                    let expected = op_result(op, &x, &y);
                    assert_eq!(z.dtype(), expected.dtype(), "{op:?}");
                    assert_eq!(values(&z.to_logical().unwrap()), values(&expected), "{op:?} {a:?} {b:?}");
                }
                if op.info().scalars == oxtorch::op::Scalars::None {
                    continue; // the logical operations take tensors only
                }
                let z = make(&w, &x, &p, &[a]).binary(op, 3).unwrap();
                let expected =
                    oxtorch::tensor::ops::binary_op(op, &(&x).into(), &3.into(), oxtorch::Output::New).unwrap();
                assert_eq!(values(&z.to_logical().unwrap()), values(&expected), "{op:?} {a:?} number");
            }
        }
    });
}

#[test]
fn oneflow_sbp_inference() {
    threads::run(4, |w| {
        let p = Placement::from_ranks("cpu", &[0, 1, 2, 3]).unwrap();
        let x = logical(&[8, 4], DType::Float32, 1);
        let sbp_of = |a: Sbp, b: Sbp, op: BinaryOp| {
            make(&w, &x, &p, &[a]).binary(op, &make(&w, &x, &p, &[b])).unwrap().sbp().to_vec()
        };
        assert_eq!(sbp_of(Sbp::Split(0), Sbp::Split(0), BinaryOp::ADD), [Sbp::Split(0)]);
        // OneFlow 0.9 prices leaving broadcast above gathering a small split tensor
        assert_eq!(sbp_of(Sbp::Broadcast, Sbp::Split(1), BinaryOp::ADD), [Sbp::Broadcast]);
        assert_eq!(sbp_of(Sbp::Split(0), Sbp::Broadcast, BinaryOp::Mul), [Sbp::Broadcast]);
        assert_eq!(sbp_of(Sbp::PartialSum, Sbp::PartialSum, BinaryOp::ADD), [Sbp::PartialSum]);
        assert_eq!(sbp_of(Sbp::PartialSum, Sbp::PartialSum, BinaryOp::SUB), [Sbp::PartialSum]);
        assert_eq!(sbp_of(Sbp::PartialSum, Sbp::Broadcast, BinaryOp::Mul), [Sbp::PartialSum]);
        assert_eq!(sbp_of(Sbp::Broadcast, Sbp::PartialSum, BinaryOp::Mul), [Sbp::PartialSum]);
        assert_eq!(sbp_of(Sbp::Broadcast, Sbp::Broadcast, BinaryOp::DIV), [Sbp::Broadcast]);
        // P + B has no partial signature: the partial sum is all-reduced
        assert_eq!(sbp_of(Sbp::PartialSum, Sbp::Broadcast, BinaryOp::ADD), [Sbp::Broadcast]);
        assert_eq!(sbp_of(Sbp::PartialSum, Sbp::PartialSum, BinaryOp::Mul), [Sbp::PartialSum]);
        let neg = make(&w, &x, &p, &[Sbp::PartialSum]).unary(oxtorch::op::UnaryOp::Neg).unwrap();
        assert_eq!(
            (neg.sbp().to_vec(), values(&neg.to_logical().unwrap())),
            (vec![Sbp::Split(0)], values(&x.neg().unwrap()))
        );
    });
}

#[test]
fn promotion_in_place_and_out() {
    threads::run(2, |w| {
        let p = Placement::from_ranks("cpu", &[0, 1]).unwrap();
        let ints = GlobalTensor::ones(&w, &[4], DType::Int32, &p, &[Sbp::Split(0)]).unwrap();
        assert_eq!(ints.binary(BinaryOp::ADD, 5).unwrap().dtype(), DType::Int32);
        assert_eq!(ints.binary(BinaryOp::ADD, 2.5).unwrap().dtype(), DType::Float32);
        let long_zero_dim = GlobalTensor::full(&w, &[], 1i64, (), &p, &[Sbp::Broadcast]).unwrap();
        // PyTorch's rule (which oxtorch follows; OneFlow's documentation says int64): a zero-dim tensor of the same
        // category does not promote a dimensioned one
        assert_eq!(ints.binary(BinaryOp::ADD, &long_zero_dim).unwrap().dtype(), DType::Int32);
        assert_eq!(ints.binary(BinaryOp::DIV, 2).unwrap().dtype(), DType::Float32);
        // in place keeps the tensor's sbp; its dtype must hold the result
        let floats = GlobalTensor::ones(&w, &[4], DType::Float32, &p, &[Sbp::Broadcast]).unwrap();
        let other = GlobalTensor::arange(&w, 0, 4, 1, DType::Float32, &p, &[Sbp::Split(0)]).unwrap();
        let same = floats.binary_(BinaryOp::ADD, &other).unwrap();
        assert_eq!(same.sbp(), &[Sbp::Broadcast]);
        assert!(same.local().is_alias_of(floats.local()));
        assert_eq!(values(floats.local()), values(&oxtorch::tensor([1f32, 2., 3., 4.], ()).unwrap()));
        let err = ints.binary_(BinaryOp::Mul, &floats).unwrap_err();
        assert_eq!(err.to_string(), "result type Float can't be cast to the desired output type Int");
        // out=: the result is written with out's sbp
        let mut out = GlobalTensor::zeros(&w, &[4], DType::Float64, &p, &[Sbp::PartialSum]).unwrap();
        binary_op(BinaryOp::Mul, &(&other).into(), &2.into(), GlobalOutput::Out(&mut out)).unwrap();
        assert_eq!(out.sbp(), &[Sbp::PartialSum]);
        assert_eq!(values(&out.to_logical().unwrap()), values(&oxtorch::tensor([0f64, 2., 4., 6.], ()).unwrap()));
    });
}

#[test]
fn oneflow_errors_on_every_rank() {
    let messages = threads::run(4, |w| {
        let p = Placement::from_ranks("cpu", &[0, 1, 2, 3]).unwrap();
        let q = Placement::from_ranks("cpu", &[0, 1]).unwrap();
        let x = GlobalTensor::ones(&w, &[4, 4], (), &p, &[Sbp::Split(0)]).unwrap();
        let y = GlobalTensor::ones(&w, &[4, 4], (), &q, &[Sbp::Split(0)]).unwrap();
        let local = oxtorch::ones(&[4], ()).unwrap();
        let rank_mismatch = if w.rank() == 0 { p.clone() } else { q.clone() };
        let uneven = oxtorch::ones(&[if w.rank() == 1 { 4 } else { 2 }, 4], ()).unwrap();
        vec![
            x.binary(BinaryOp::ADD, &y).unwrap_err().to_string(),
            x.to_global(None, Some(&[Sbp::Split(2)]), false).unwrap_err().to_string(),
            x.to_global(None, Some(&[Sbp::Split(0), Sbp::Broadcast]), false).unwrap_err().to_string(),
            GlobalTensor::from_local(
                &w,
                &local,
                &Placement::from_ranks("cpu", &[0, 4]).unwrap(),
                &[Sbp::Broadcast],
                true,
                false,
            )
            .unwrap_err()
            .to_string(),
            GlobalTensor::from_local(&w, &local, &rank_mismatch, &[Sbp::Split(0)], true, false)
                .unwrap_err()
                .to_string(),
            GlobalTensor::from_local(&w, &uneven, &p, &[Sbp::Split(0)], true, false).unwrap_err().to_string(),
            GlobalTensor::from_local(&w, &uneven, &p, &[Sbp::Split(1)], true, false).unwrap_err().to_string(),
            GlobalTensor::ones(&w, &[3], (), &p, &[Sbp::Split(0)]).unwrap_err().to_string(),
            oxtorch::global::tensor::check_same_everywhere(
                &w,
                &p,
                if w.rank() == 1 { &[Sbp::Broadcast] } else { &[Sbp::Split(0)] },
            )
            .unwrap_err()
            .to_string(),
        ]
    });
    for m in &messages[1..] {
        assert_eq!(m, &messages[0], "every rank reports the same errors");
    }
    let m = &messages[0];
    assert_eq!(m[0], "Expected all tensors to be on the same placement, but found at least two placements, oxtorch.placement(type=\"cpu\", ranks=[0, 1, 2, 3]) (positional 0) and oxtorch.placement(type=\"cpu\", ranks=[0, 1]) (positional 1)!");
    assert_eq!(m[1], "Split axis out of range (expected to be in range of [0, 2), but got 2!)");
    assert_eq!(m[2], "len(sbp) == len(placement.hierarchy) required, but len(sbp)==2, len(placement.hierarchy)==1");
    assert_eq!(m[3], "Placement is invalid because rank must be less than world size!");
    assert!(m[4].starts_with("Inconsistent parallel description"), "{}", m[4]);
    assert_eq!(m[5], "Sizes of tensors in dimension 0 must be same or match balanced split distribution. See https://github.com/Oneflow-Inc/oneflow/blob/master/oneflow/core/common/balanced_splitter.h for details of balanced split");
    assert_eq!(
        m[6],
        "Sizes of tensors must match except in dimension 1. Expected size 2 but got size 4 for tensor on rank 1!"
    );
    assert!(
        m[7].starts_with(
            "Expected size at split axis (0) of logical shape must be be greater than or equal to parallel num"
        ),
        "{}",
        m[7]
    );
}

#[test]
fn printing() {
    let reprs = threads::run(2, |w| {
        let p = Placement::from_ranks("cpu", &[0, 1]).unwrap();
        let local = oxtorch::tensor([0f32, 1.], ()).unwrap();
        let g = GlobalTensor::from_local(&w, &local, &p, &[Sbp::Split(0)], false, false).unwrap();
        g.repr().unwrap()
    });
    assert_eq!(
        reprs[0],
        "tensor([0., 1., 0., 1.], placement=oxtorch.placement(type=\"cpu\", ranks=[0, 1]),\n       sbp=(oxtorch.sbp.split(dim=0),), dtype=oxtorch.float32)"
    );
    assert_eq!(reprs[0], reprs[1]);
}

/// The five ternary families on global operands `g` (the logical values `l`): where, clamp with tensor bounds,
/// addcmul, addcdiv, lerp with a tensor weight, in that order.
fn ternary_calls(operands: [oxtorch::dispatch::AnyTensor; 3]) -> Vec<oxtorch::dispatch::AnyTensor> {
    use oxtorch::dispatch::{self, AnyOperand, AnyOutput};
    let [x, y, z] = operands;
    let condition = dispatch::binary(
        BinaryOp::Compare(oxtorch::op::CmpOp::Gt),
        AnyOperand::Tensor(x.clone()),
        AnyOperand::Tensor(z.clone()),
        AnyOutput::New,
    )
    .unwrap();
    vec![
        dispatch::where_(&condition, AnyOperand::Tensor(y.clone()), AnyOperand::Tensor(z.clone()), AnyOutput::New)
            .unwrap(),
        dispatch::clamp(
            "clamp",
            &x,
            Some(AnyOperand::Tensor(y.clone())),
            Some(AnyOperand::Tensor(z.clone())),
            AnyOutput::New,
        )
        .unwrap(),
        dispatch::add_product(false, &x, &y, &z, Scalar::Int(2), AnyOutput::New).unwrap(),
        dispatch::add_product(true, &x, &y, &z, Scalar::Float(0.5), AnyOutput::New).unwrap(),
        dispatch::lerp(&x, &y, AnyOperand::Tensor(z.clone()), AnyOutput::New).unwrap(),
    ]
}

#[test]
fn ternary_operations_on_every_sbp_triple_match_the_logical_result() {
    use oxtorch::dispatch::AnyTensor;
    threads::run(4, |w| {
        let p = Placement::from_ranks("cpu", &[0, 1, 2, 3]).unwrap();
        let x = logical(&[6, 5], DType::Float32, 1);
        let y = logical(&[6, 5], DType::Float32, 2);
        let row = logical(&[5], DType::Float32, 3);
        let expected = ternary_calls([x.clone().into(), y.clone().into(), row.clone().into()]);
        let expected_square = ternary_calls([x.clone().into(), y.clone().into(), x.clone().into()]);
        for a in one_d() {
            for b in one_d() {
                for c in [Sbp::Split(0), Sbp::Broadcast, Sbp::PartialSum] {
                    let (gx, gy) = (make(&w, &x, &p, &[a]), make(&w, &y, &p, &[b]));
                    let results =
                        ternary_calls([gx.clone().into(), gy.clone().into(), make(&w, &row, &p, &[c]).into()]);
                    let c2 = if c == Sbp::Split(0) { a } else { c };
                    let square = ternary_calls([gx.into(), gy.into(), make(&w, &x, &p, &[c2]).into()]);
                    for (k, (got, want)) in
                        results.iter().zip(&expected).chain(square.iter().zip(&expected_square)).enumerate()
                    {
                        let AnyTensor::Global(g) = got else { panic!("a global result") };
                        let want = want.clone().into_strided().unwrap();
                        assert_eq!(g.dtype(), want.dtype(), "call {k} {a:?} {b:?} {c:?}");
                        let got = values(&g.to_logical().unwrap());
                        assert!(close(&got, &values(&want)), "call {k} {a:?} {b:?} {c:?}: {got:?}");
                    }
                }
            }
        }
    });
}

#[test]
fn ternary_sbp_choices_in_place_out_and_errors() {
    use oxtorch::dispatch::{self, AnyOperand, AnyOutput, AnyTensor};
    threads::run(4, |w| {
        let p = Placement::from_ranks("cpu", &[0, 1, 2, 3]).unwrap();
        let x = logical(&[8, 4], DType::Float32, 1);
        let cond = logical(&[8, 4], DType::Bool, 1);
        let g = |t: &Tensor, s: Sbp| AnyTensor::from(make(&w, t, &p, &[s]));
        let sbp_of = |t: &AnyTensor| t.global().unwrap().sbp().to_vec();
        let (s0, b, pp) = (Sbp::Split(0), Sbp::Broadcast, Sbp::PartialSum);
        // where: split where all three split alike; (B, P, P) -> P without communication
        let r = dispatch::where_(
            &g(&cond, s0),
            AnyOperand::Tensor(g(&x, s0)),
            AnyOperand::Tensor(g(&x, s0)),
            AnyOutput::New,
        )
        .unwrap();
        assert_eq!(sbp_of(&r), [s0]);
        let r = dispatch::where_(
            &g(&cond, b),
            AnyOperand::Tensor(g(&x, pp)),
            AnyOperand::Tensor(g(&x, pp)),
            AnyOutput::New,
        )
        .unwrap();
        assert_eq!(sbp_of(&r), [pp]);
        let expected = oxtorch::dispatch::where_(
            &cond.clone().into(),
            AnyOperand::Tensor(x.clone().into()),
            AnyOperand::Scalar(Scalar::Float(0.5)),
            AnyOutput::New,
        )
        .unwrap();
        // a number beside a partial sum: no partial signature (OneFlow's where_scalar_y would add it per rank)
        let r = dispatch::where_(
            &g(&cond, b),
            AnyOperand::Tensor(g(&x, pp)),
            AnyOperand::Scalar(Scalar::Float(0.5)),
            AnyOutput::New,
        )
        .unwrap();
        assert_ne!(sbp_of(&r), [pp]);
        assert_eq!(values(&r.global().unwrap().to_logical().unwrap()), values(&expected.into_strided().unwrap()));
        // addcmul and lerp are linear in their partial-sum operands
        let r =
            dispatch::add_product(false, &g(&x, pp), &g(&x, pp), &g(&x, b), Scalar::Int(1), AnyOutput::New).unwrap();
        assert_eq!(sbp_of(&r), [pp]);
        let r =
            dispatch::lerp(&g(&x, pp), &g(&x, pp), AnyOperand::Scalar(Scalar::Float(0.25)), AnyOutput::New).unwrap();
        assert_eq!(sbp_of(&r), [pp]);
        // a clamp is not: the partial sum is converted first (clip_by_scalar: split along each dimension)
        let (lo, hi) = (AnyOperand::Scalar(Scalar::Float(3.0)), AnyOperand::Scalar(Scalar::Float(9.0)));
        let clamped = || -> Tensor {
            let bounds = oxtorch::op::ternary::ClampBounds::Numbers {
                min: Some(Scalar::Float(3.0)),
                max: Some(Scalar::Float(9.0)),
            };
            oxtorch::tensor::ternary::clamp("clamp", &x, &bounds, oxtorch::Output::New).unwrap()
        };
        let r = dispatch::clamp("clamp", &g(&x, pp), Some(lo.clone()), Some(hi.clone()), AnyOutput::New).unwrap();
        assert_eq!(sbp_of(&r), [s0]);
        assert_eq!(values(&r.global().unwrap().to_logical().unwrap()), values(&clamped()));
        // in place keeps the target's sbp
        let target = g(&x, b);
        let r = dispatch::clamp("clamp", &target, Some(lo), Some(hi), AnyOutput::InPlace).unwrap();
        assert_eq!(sbp_of(&r), [b]);
        assert!(r.global().unwrap().local().is_alias_of(target.global().unwrap().local()));
        assert_eq!(values(&r.global().unwrap().to_logical().unwrap()), values(&clamped()));
        let target = g(&x, s0);
        dispatch::add_product(false, &target, &g(&x, b), &g(&x, pp), Scalar::Int(1), AnyOutput::InPlace).unwrap();
        assert_eq!(sbp_of(&target), [s0]);
        let sq = x.mul(&x).unwrap().add(&x).unwrap();
        assert_eq!(values(&target.global().unwrap().to_logical().unwrap()), values(&sq));
        // out= pins the result's sbp
        let mut out = g(&x.zeros_like(()).unwrap(), pp);
        dispatch::lerp(&g(&x, s0), &g(&x, b), AnyOperand::Scalar(Scalar::Float(0.5)), AnyOutput::Out(&mut out))
            .unwrap();
        assert_eq!(sbp_of(&out), [pp]);
        assert_eq!(values(&out.global().unwrap().to_logical().unwrap()), values(&x));
        // PyTorch's errors from the logical sizes, OneFlow's for mixed kinds
        let err = dispatch::add_product(
            false,
            &g(&x, s0),
            &g(&logical(&[3], DType::Float32, 1), b),
            &g(&x, b),
            Scalar::Int(1),
            AnyOutput::New,
        )
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "Attempting to broadcast a dimension of length 3 at -1! Mismatching argument at index 1 had \
             oxtorch.Size([3]); but expected shape should be broadcastable to [8, 4]"
        );
        let err = dispatch::lerp(&g(&x, s0), &x.clone().into(), AnyOperand::Scalar(Scalar::Float(0.5)), AnyOutput::New)
            .unwrap_err();
        assert!(
            err.to_string().starts_with("Got input tensors with inconsistent attributes!\nop_type_name: lerp"),
            "{err}"
        );
        let q = Placement::from_ranks("cpu", &[0, 1]).unwrap();
        let other = AnyTensor::from(GlobalTensor::ones(&w, &[8, 4], DType::Bool, &q, &[Sbp::Broadcast]).unwrap());
        let err =
            dispatch::where_(&other, AnyOperand::Tensor(g(&x, b)), AnyOperand::Scalar(Scalar::Int(0)), AnyOutput::New)
                .unwrap_err();
        assert!(err.to_string().starts_with("Expected all tensors to be on the same placement"), "{err}");
        // positions count the tensors, as OneFlow numbers the inputs of `where_scalar_x` (condition, y)
        let (c, y) = (g(&cond, b), AnyOperand::Tensor(AnyTensor::from(make(&w, &x, &q, &[b]))));
        let err = dispatch::where_(&c, AnyOperand::Scalar(Scalar::Float(1.0)), y, AnyOutput::New).unwrap_err();
        assert!(err.to_string().ends_with("ranks=[0, 1]) (positional 1)!"), "{err}");
    });
}

#[test]
fn ternary_operations_on_a_2d_placement() {
    use oxtorch::dispatch::AnyTensor;
    threads::run(4, |w| {
        let p = Placement::new("cpu", &[0, 1, 2, 3], &[2, 2]).unwrap();
        let x = logical(&[4, 6], DType::Float32, 1);
        let y = logical(&[4, 6], DType::Float32, 2);
        let row = logical(&[6], DType::Float32, 3);
        let expected = ternary_calls([x.clone().into(), y.clone().into(), row.clone().into()]);
        let layouts =
            [[Sbp::Split(0), Sbp::Broadcast], [Sbp::PartialSum, Sbp::Split(1)], [Sbp::Broadcast, Sbp::PartialSum]];
        for a in &layouts {
            for b in &layouts {
                let g = |t: &Tensor, s: &[Sbp]| AnyTensor::from(make(&w, t, &p, s));
                let row_sbp = [Sbp::Broadcast, if b[1] == Sbp::Split(1) { Sbp::Split(0) } else { b[1] }];
                let results = ternary_calls([g(&x, a), g(&y, b), g(&row, &row_sbp)]);
                for (k, (got, want)) in results.iter().zip(&expected).enumerate() {
                    let got = values(&got.global().unwrap().to_logical().unwrap());
                    assert!(close(&got, &values(&want.clone().into_strided().unwrap())), "call {k} {a:?} {b:?}");
                }
            }
        }
    });
}

#[test]
fn unary_operations_into_a_global_out() {
    use oxtorch::dispatch::{self, AnyOutput, AnyTensor};
    use oxtorch::op::UnaryOp;
    threads::run(4, |w| {
        let p = Placement::from_ranks("cpu", &[0, 1, 2, 3]).unwrap();
        let x = logical(&[8, 4], DType::Float32, 1);
        let g = |sbp: Sbp| AnyTensor::from(make(&w, &x, &p, &[sbp]));
        let empty = |shape: &[usize], dtype: DType, sbp: Sbp| {
            let t = oxtorch::tensor::factory::zeros(shape, dtype).unwrap();
            AnyTensor::from(make(&w, &t, &p, &[sbp]))
        };
        // the out= keeps its sbp and dtype, whatever the input's sbp; a float64 out= takes a float32 result
        for (input, out_sbp) in
            [(Sbp::Split(0), Sbp::Broadcast), (Sbp::Broadcast, Sbp::Split(1)), (Sbp::PartialSum, Sbp::Split(0))]
        {
            let mut out = empty(&[8, 4], DType::Float64, out_sbp);
            let r = dispatch::unary(UnaryOp::Sqrt, &g(input), AnyOutput::Out(&mut out)).unwrap();
            let r = r.global().unwrap();
            assert_eq!(r.sbp(), &[out_sbp][..], "sqrt(out=) keeps the out's sbp");
            assert!(r.local().is_same(out.global().unwrap().local()), "the result is the out= tensor");
            check(&w, r, &x.unary(UnaryOp::Sqrt).unwrap().to_dtype(DType::Float64).unwrap(), "sqrt into float64");
        }
        // an out= without elements takes the result's sizes
        let mut out = empty(&[0], DType::Float32, Sbp::Broadcast);
        dispatch::unary(UnaryOp::Neg, &g(Sbp::Split(1)), AnyOutput::Out(&mut out)).unwrap();
        check(&w, out.global().unwrap(), &x.neg().unwrap(), "neg into an empty out=");
        // the placement device's errors, not the meta reference's
        let mut out = empty(&[8, 4], DType::Float64, Sbp::Broadcast);
        let err = dispatch::unary(UnaryOp::Abs, &g(Sbp::Split(0)), AnyOutput::Out(&mut out)).unwrap_err();
        assert_eq!(err.to_string(), "Found dtype Double but expected Float");
        let mut out = empty(&[8, 4], DType::Int32, Sbp::Broadcast);
        let err = dispatch::unary(UnaryOp::Sin, &g(Sbp::Split(0)), AnyOutput::Out(&mut out)).unwrap_err();
        assert_eq!(err.to_string(), "result type Float can't be cast to the desired output type Int");
        // a partial-sum out=: no signature of a unary operation gives one
        let mut out = empty(&[8, 4], DType::Float32, Sbp::PartialSum);
        let err = dispatch::unary(UnaryOp::Sin, &g(Sbp::Split(0)), AnyOutput::Out(&mut out)).unwrap_err();
        assert!(err.to_string().starts_with("sin has no maching sbp"), "{err}");
        // local and global together: OneFlow's error, either way round
        let mut local = AnyTensor::from(x.clone());
        let err = dispatch::unary(UnaryOp::Sin, &g(Sbp::Split(0)), AnyOutput::Out(&mut local));
        assert!(err.unwrap_err().to_string().starts_with("Got input tensors with inconsistent attributes!"));
        let mut global = g(Sbp::Split(0));
        let err = dispatch::unary(UnaryOp::Sin, &x.clone().into(), AnyOutput::Out(&mut global));
        assert!(err.unwrap_err().to_string().starts_with("Got input tensors with inconsistent attributes!"));
        // in place through the same path
        let r = g(Sbp::Split(0)).global().unwrap().unary_(UnaryOp::Sin).unwrap();
        check(&w, &r, &x.unary(UnaryOp::Sin).unwrap(), "sin_ of S(0)");
    });
}

#[test]
fn reductions_follow_reduce_sum_signatures() {
    use oxtorch::dispatch::{reduce, AnyOutput, AnyTensor};
    use oxtorch::op::ReduceOp;
    threads::run(4, |w| {
        let p = Placement::from_ranks("cpu", &[0, 1, 2, 3]).unwrap();
        let x = logical(&[8, 6], DType::Int32, 3);
        let cases: [(ReduceOp, Option<&[i64]>, bool); 9] = [
            (ReduceOp::Sum, None, false),
            (ReduceOp::Sum, Some(&[0]), false),
            (ReduceOp::Sum, Some(&[1]), true),
            (ReduceOp::Sum, Some(&[0, 1]), true),
            (ReduceOp::Prod, Some(&[0]), false),
            (ReduceOp::Amax, Some(&[1]), false),
            (ReduceOp::All, Some(&[0]), true),
            (ReduceOp::ArgMax, Some(&[0]), false),
            (ReduceOp::Max, None, false),
        ];
        for from in one_d() {
            let g = AnyTensor::from(make(&w, &x, &p, &[from]));
            for (op, dims, keepdim) in cases {
                let what = format!("{op:?} over {dims:?} (keepdim {keepdim}) of {from:?}");
                let want = x.reduce(op, dims, keepdim, None).unwrap();
                let got = reduce::reduce(op, &g, dims, keepdim, None, AnyOutput::New).unwrap();
                let got = got.global().unwrap();
                check(&w, got, &want, &what);
                // a reduced split dimension is a partial sum for sum, with no communication
                let reduced_split = matches!(from, Sbp::Split(d) if dims.is_none_or(|ds| ds.contains(&(d as i64))));
                let expected_sbp = match (op, from) {
                    (ReduceOp::Sum, Sbp::PartialSum) => Sbp::PartialSum,
                    (ReduceOp::Sum, _) if reduced_split => Sbp::PartialSum,
                    (_, Sbp::Split(d)) if !reduced_split => Sbp::Split(if keepdim { d } else { 0 }),
                    _ => Sbp::Broadcast,
                };
                assert_eq!(got.sbp(), &[expected_sbp][..], "{what}: sbp");
            }
        }
        // max over a dimension: values and indices with one sbp; the indices count along the whole dimension
        let g = AnyTensor::from(make(&w, &x, &p, &[Sbp::Split(1)]));
        let (values, indices) = reduce::max_min_dim(ReduceOp::Max, &g, 1, false, None).unwrap();
        let (want_values, want_indices) = x.max_dim(1, false).unwrap();
        check(&w, values.global().unwrap(), &want_values, "max(dim=1) values");
        check(&w, indices.global().unwrap(), &want_indices, "max(dim=1) indices");
        // the mean of a split dimension is a partial sum of the pieces divided by the logical count
        let f = logical(&[8, 6], DType::Float64, 1);
        let g = AnyTensor::from(make(&w, &f, &p, &[Sbp::Split(0)]));
        let mean = reduce::reduce(ReduceOp::Mean, &g, Some(&[0]), false, None, AnyOutput::New).unwrap();
        assert_eq!(mean.global().unwrap().sbp(), &[Sbp::PartialSum][..]);
        check(&w, mean.global().unwrap(), &f.reduce(ReduceOp::Mean, Some(&[0]), false, None).unwrap(), "mean");
        // PyTorch's errors, on every rank
        let err = reduce::reduce(
            ReduceOp::Mean,
            &AnyTensor::from(make(&w, &x, &p, &[Sbp::Split(0)])),
            None,
            false,
            None,
            AnyOutput::New,
        );
        assert!(err.unwrap_err().to_string().starts_with("mean(): could not infer output dtype"));
    });
}

#[test]
fn cat_and_stack_follow_concat_and_stack_signatures() {
    use oxtorch::dispatch::join::{join, Join};
    use oxtorch::dispatch::{AnyOutput, AnyTensor};
    threads::run(4, |w| {
        let p = Placement::from_ranks("cpu", &[0, 1, 2, 3]).unwrap();
        let x = logical(&[8, 6], DType::Int32, 3);
        let y = logical(&[8, 6], DType::Float64, 5);
        for (a, b) in one_d().into_iter().flat_map(|a| one_d().into_iter().map(move |b| (a, b))) {
            let (ga, gb) = (AnyTensor::from(make(&w, &x, &p, &[a])), AnyTensor::from(make(&w, &y, &p, &[b])));
            for (call, want) in [
                (Join::Cat(0), Tensor::cat(&[&x, &y], 0).unwrap()),
                (Join::Cat(-1), Tensor::cat(&[&x, &y], 1).unwrap()),
                (Join::Stack(0), Tensor::stack(&[&x, &y], 0).unwrap()),
                (Join::Stack(2), Tensor::stack(&[&x, &y], 2).unwrap()),
            ] {
                let what = format!("{call:?} of ({a:?}, {b:?})");
                let got = join(call, &[&ga, &gb], AnyOutput::New).unwrap();
                let got = got.global().unwrap();
                check(&w, got, &want, &what);
                // matching splits along a kept dimension and partial sums need no communication
                let expected = match (call, a, b) {
                    (Join::Cat(0), Sbp::Split(1), Sbp::Split(1)) => Some(Sbp::Split(1)),
                    (Join::Cat(-1), Sbp::Split(0), Sbp::Split(0)) => Some(Sbp::Split(0)),
                    (Join::Stack(0), Sbp::Split(d), Sbp::Split(e)) if d == e => Some(Sbp::Split(d + 1)),
                    (Join::Stack(2), Sbp::Split(d), Sbp::Split(e)) if d == e => Some(Sbp::Split(d)),
                    (_, Sbp::PartialSum, Sbp::PartialSum) => Some(Sbp::PartialSum),
                    _ => None,
                };
                if let Some(sbp) = expected {
                    assert_eq!(got.sbp(), &[sbp][..], "{what}: sbp");
                }
            }
        }
        // PyTorch's errors, on every rank; local and global tensors do not mix
        let g = AnyTensor::from(make(&w, &x, &p, &[Sbp::Split(0)]));
        let err = join(Join::Cat(2), &[&g, &g], AnyOutput::New).unwrap_err();
        assert_eq!(err.to_string(), "Dimension out of range (expected to be in range of [-2, 1], but got 2)");
        let local = AnyTensor::Strided(x.clone());
        let err = join(Join::Stack(0), &[&g, &local], AnyOutput::New).unwrap_err();
        assert!(err.to_string().starts_with("Got input tensors with inconsistent attributes!"), "{err}");
    });
}
