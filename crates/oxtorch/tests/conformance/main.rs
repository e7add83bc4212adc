//! Runs every case of the conformance data (`tests/data/*.json`, recorded from PyTorch 2.15) against oxtorch and
//! prints, per file, how many cases ran and passed. Exits non-zero on any failure.

mod arithmetic;
mod calls;
mod casts;
mod compare;
mod device;
mod dtypes;
mod join;
mod matmul;
mod memory_format;
mod pointwise;
mod printing;
mod reduce;
mod sparse;
mod support;
mod ternary;
mod unary;
mod views;

use support::{load, Report};

type Suite = (&'static str, fn(&serde_json::Value, &mut Report));

const SUITES: &[Suite] = &[
    ("dtypes.json", dtypes::run),
    ("device.json", device::run),
    ("views.json", views::run),
    ("casts.json", casts::run),
    ("printing.json", printing::run),
    ("memory_format.json", memory_format::run),
    ("promotion.json", arithmetic::run_promotion),
    ("inplace.json", arithmetic::run_inplace),
    ("sparse.json", sparse::run),
    ("compare.json", compare::run),
    ("modular.json", compare::run),
    ("math.json", compare::run),
    ("pow.json", compare::run),
    ("unary.json", unary::run),
    ("ternary.json", ternary::run),
    ("pointwise.json", pointwise::run),
    ("unary_params.json", calls::run_unary_params),
    ("isclose.json", calls::run_isclose),
    ("complex.json", calls::run_complex),
    ("reduce.json", reduce::run),
    ("join.json", join::run),
    ("matmul.json", matmul::run),
];

fn main() {
    let filter: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    let (mut ran, mut passed) = (0, 0);
    let mut failed_any = false;
    for (file, run) in SUITES {
        if filter.as_deref().is_some_and(|f| !file.contains(f)) {
            continue;
        }
        let mut report = Report::default();
        run(&load(file), &mut report);
        for f in
            report.failures.iter().take(if std::env::var_os("CONFORMANCE_ALL").is_some() { usize::MAX } else { 20 })
        {
            println!("  FAIL {file}: {f}");
        }
        if report.failures.len() > 20 {
            println!("  ... and {} more failures in {file}", report.failures.len() - 20);
        }
        let dev = if report.deviations > 0 {
            format!(" ({} through documented deviations)", report.deviations)
        } else {
            String::new()
        };
        println!("conformance {file}: {} cases ran, {} passed{dev}", report.ran, report.passed);
        ran += report.ran;
        passed += report.passed;
        failed_any |= !report.failures.is_empty();
    }
    println!("conformance: {ran} cases ran in all");
    println!("{passed} passed, {} failed", ran - passed);
    if failed_any {
        std::process::exit(1);
    }
}
