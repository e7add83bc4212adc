fn main() {
    let a = oxtorch::ones(&[1], ()).unwrap();
    let b = oxtorch::ones(&[1], ()).unwrap();
    let t = std::time::Instant::now();
    let n = 200_000;
    for _ in 0..n {
        std::hint::black_box(a.add(&b).unwrap());
    }
    println!("{:.0} ns", t.elapsed().as_nanos() as f64 / n as f64);
}
