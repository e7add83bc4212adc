//! casts.json: `Tensor.to(dtype)` values for every source/target pair.

use crate::support::{compare_values, dtype, expect_eq, tensor_of, Report};
use serde_json::Value;

pub fn run(data: &Value, report: &mut Report) {
    for case in data["cases"].as_array().into_iter().flatten() {
        let (from, to) = (dtype(&case["from"]["dtype"]), dtype(&case["to"]));
        let outcome = (|| {
            let src = tensor_of(from, &case["from"]["values"]);
            let got = src.to_dtype(to).map_err(|e| e.to_string())?;
            let want = &case["result"];
            expect_eq("dtype", got.dtype(), dtype(&want["dtype"]))?;
            expect_eq("shape", got.sizes().to_vec(), crate::support::usizes(&want["shape"]))?;
            compare_values(&got, &want["values"], 0.0)
        })();
        report.check(format!("{} -> {}", from.name(), to.name()), outcome);
    }
}
