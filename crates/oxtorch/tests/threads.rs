//! Soundness under sharing: views of one storage written and read from several threads, and two threads
//! copying between the same two tensors in opposite directions (locks are taken in address order, so this
//! must not deadlock).

use oxtorch::{arange, full, zeros, DType, Tensor};
use std::sync::{Arc, Barrier};
use std::thread;

const THREADS: i64 = 4;
const ROW: i64 = 64;
const ROUNDS: i64 = 200;

#[test]
fn disjoint_views_written_concurrently() {
    // Tensor handles are Send + Sync: shared by clone.
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<Tensor>();

    let shared = zeros(&[(THREADS * ROW) as usize], DType::Int64).unwrap();
    let barrier = Arc::new(Barrier::new(THREADS as usize));
    let handles: Vec<_> = (0..THREADS)
        .map(|k| {
            let (shared, barrier) = (shared.clone(), barrier.clone());
            thread::spawn(move || {
                let mine = shared.narrow(0, k * ROW, ROW).unwrap();
                let other = shared.narrow(0, ((k + 1) % THREADS) * ROW, ROW).unwrap();
                barrier.wait();
                for round in 0..ROUNDS {
                    let value = k * 1_000_000 + round;
                    mine.copy_(&full(&[], value, DType::Int64).unwrap()).unwrap();
                    // My own view holds exactly what I wrote.
                    assert_eq!(mine.to_vec::<i64>().unwrap(), vec![value; ROW as usize]);
                    // A neighbour's view is never torn: every element comes from one whole copy_.
                    let seen = other.to_vec::<i64>().unwrap();
                    assert!(seen.iter().all(|&v| v == seen[0]), "torn read {seen:?}");
                    // Strided views of the whole storage read concurrently as well.
                    let strided = shared.slice(0, Some(k), None, THREADS).unwrap();
                    assert_eq!(strided.numel(), ROW as usize);
                    let _ = strided.to_vec::<i64>().unwrap();
                }
            })
        })
        .collect();
    for h in handles {
        h.join().unwrap();
    }
    let expected: Vec<i64> =
        (0..THREADS).flat_map(|k| std::iter::repeat_n(k * 1_000_000 + ROUNDS - 1, ROW as usize)).collect();
    assert_eq!(shared.to_vec::<i64>().unwrap(), expected);
}

#[test]
fn strided_disjoint_views_written_concurrently() {
    // Interleaved views (column k of a [ROW, THREADS] matrix) share every cache line of the storage.
    let shared = zeros(&[ROW as usize, THREADS as usize], DType::Float64).unwrap();
    let handles: Vec<_> = (0..THREADS)
        .map(|k| {
            let shared = shared.clone();
            thread::spawn(move || {
                let column = shared.select(1, k).unwrap();
                let src = arange(ROW, DType::Float64).unwrap();
                for _ in 0..ROUNDS {
                    column.copy_(&src).unwrap();
                    column.copy_(&src.to_dtype(DType::Int32).unwrap()).unwrap();
                }
            })
        })
        .collect();
    for h in handles {
        h.join().unwrap();
    }
    let expected: Vec<f64> = (0..ROW).flat_map(|r| std::iter::repeat_n(r as f64, THREADS as usize)).collect();
    assert_eq!(shared.to_vec::<f64>().unwrap(), expected);
}

#[test]
fn opposite_copies_do_not_deadlock() {
    let a = full(&[256], 1, DType::Int64).unwrap();
    let b = full(&[256], 1, DType::Int32).unwrap();
    let barrier = Arc::new(Barrier::new(2));
    let spawn = |dst: Tensor, src: Tensor, barrier: Arc<Barrier>| {
        thread::spawn(move || {
            barrier.wait();
            for _ in 0..10_000 {
                dst.copy_(&src).unwrap();
            }
        })
    };
    let t1 = spawn(a.clone(), b.clone(), barrier.clone());
    let t2 = spawn(b.clone(), a.clone(), barrier);
    // A deadlock would hang here; the test harness would then time out rather than pass.
    t1.join().unwrap();
    t2.join().unwrap();
    assert_eq!(a.to_vec::<i64>().unwrap(), vec![1; 256]);
    assert_eq!(b.to_vec::<i32>().unwrap(), vec![1; 256]);

    // Views of the two storages, crossing in both directions, with distinct values per half.
    let x = arange(512, DType::Int64).unwrap();
    let y = zeros(&[512], DType::Int64).unwrap();
    let barrier = Arc::new(Barrier::new(2));
    let t1 = spawn(y.narrow(0, 0, 256).unwrap(), x.narrow(0, 0, 256).unwrap(), barrier.clone());
    let t2 = spawn(x.narrow(0, 256, 256).unwrap(), y.narrow(0, 256, 256).unwrap(), barrier);
    t1.join().unwrap();
    t2.join().unwrap();
    let mut expected: Vec<i64> = (0..256).collect();
    expected.extend(std::iter::repeat_n(0, 256));
    assert_eq!(y.to_vec::<i64>().unwrap(), expected);
    assert_eq!(x.to_vec::<i64>().unwrap(), (0..256).chain(std::iter::repeat_n(0, 256)).collect::<Vec<i64>>());
}
