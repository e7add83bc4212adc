//! dtypes.json: properties, aliases, the promote_types and can_cast tables, legacy constructor names.

use crate::support::{dtype, expect_eq, Report};
use oxtorch::{can_cast, promote_types, DType};
use serde_json::Value;

pub fn run(data: &Value, report: &mut Report) {
    for (name, props) in data["properties"].as_object().into_iter().flatten() {
        let d = dtype(&Value::String(name.clone()));
        let outcome = (|| {
            expect_eq("itemsize", d.itemsize() as u64, props["itemsize"].as_u64().unwrap_or(0))?;
            expect_eq("is_floating_point", d.is_floating_point(), props["is_floating_point"] == true)?;
            expect_eq("is_complex", d.is_complex(), props["is_complex"] == true)?;
            expect_eq("is_signed", d.is_signed(), props["is_signed"] == true)?;
            let repr = props["repr"].as_str().unwrap_or_default().replace("torch.", "oxtorch.");
            expect_eq("repr", d.to_string(), repr)
        })();
        report.check(format!("properties {name}"), outcome);
    }
    for (alias, target) in data["aliases"].as_object().into_iter().flatten() {
        report.check(format!("alias {alias}"), expect_eq("alias", DType::from_name(alias), Some(dtype(target))));
    }
    for (table, f) in [("promote_types", 0), ("can_cast", 1)] {
        for (a, row) in data[table].as_object().into_iter().flatten() {
            for (b, want) in row.as_object().into_iter().flatten() {
                let (da, db) = (dtype(&Value::String(a.clone())), dtype(&Value::String(b.clone())));
                let outcome = if f == 0 {
                    expect_eq("promote_types", promote_types(da, db), dtype(want))
                } else {
                    expect_eq("can_cast", can_cast(da, db), want == true)
                };
                report.check(format!("{table}({a}, {b})"), outcome);
            }
        }
    }
    for (name, target) in data["legacy_constructors"].as_object().into_iter().flatten() {
        let d = dtype(target);
        let outcome = expect_eq("from_legacy_constructor", DType::from_legacy_constructor(name), Some(d))
            .and_then(|_| expect_eq("legacy_constructor", d.legacy_constructor(), Some(name.as_str())));
        report.check(format!("legacy {name}"), outcome);
    }
}
