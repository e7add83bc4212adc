//! The type stubs of the op tables' Python surface (`ops.rs`), generated from the same rows: the `Tensor` methods,
//! in-place methods, aliases and operators, the `torch.<name>` functions, and their names in `__all__`. The
//! checked-in `python/oxtorch/_C.pyi` and `__init__.pyi` hold them between marker lines; the test below checks that
//! they are current, and rewrites them when run with `OXTORCH_BLESS_STUBS=1`
//! (`OXTORCH_BLESS_STUBS=1 cargo test -p oxtorch-py stubs`).

/// The first marker line of a generated region.
pub const BEGIN: &str = "# ----- generated from the op tables by crates/oxtorch-py/src/stubs.rs: do not edit -----";
/// The last marker line of a generated region.
pub const END: &str = "# ----- end of generated stubs -----";

/// One row of a table as the stubs need it.
struct Row {
    name: &'static str,
    /// The second parameter's name (`other`, `exponent`).
    other: &'static str,
    /// `alpha`, `rounding_mode` or none.
    param: Option<&'static str>,
    /// Which operands may be numbers.
    scalars: oxtorch::op::Scalars,
    inplace: Option<&'static str>,
    dunders: Vec<(&'static str, &'static str)>,
    idunders: Vec<&'static str>,
    /// (alias, its in-place method, whether it takes the row's parameter)
    aliases: Vec<(&'static str, &'static str, bool)>,
}

macro_rules! binary_rows {
    ($(
        $(#[doc = $doc:literal])*
        $name:ident($($param:ident)?) {
            op: $pat:pat, make: $make:expr,
            scalars: $scalars:ident, other: $other:ident, info: $info:tt,
            inplace: $inplace:tt, dunders: [$($dunder:ident $kind:ident),*], idunders: [$($idunder:ident),*],
            aliases: [$(($alias:ident, $alias_inplace:ident, $alias_kind:ident)),*],
            rust: [$($rust:ident)*],
        }
    )*) => {
        fn binary_rows() -> Vec<Row> {
            vec![$(Row {
                name: stringify!($name),
                other: stringify!($other),
                param: [$(stringify!($param))?].first().copied(),
                scalars: oxtorch::op::Scalars::$scalars,
                inplace: Some(stringify!($inplace)).filter(|s| *s != "_"),
                dunders: vec![$((stringify!($dunder), stringify!($kind))),*],
                idunders: vec![$(stringify!($idunder)),*],
                aliases: vec![$((stringify!($alias), stringify!($alias_inplace), stringify!($alias_kind) == "params")),*],
            }),*]
        }
    };
}

oxtorch::binary_op_table!(binary_rows);

/// A unary row's names: an in-place method comes with whether `torch.<name>_` exists too.
struct UnaryRow {
    op: oxtorch::op::UnaryOp,
    name: &'static str,
    /// Its `torch.special` functions.
    special: Vec<&'static str>,
    inplace: Vec<(&'static str, bool)>,
    dunders: Vec<&'static str>,
    aliases: Vec<(&'static str, (&'static str, bool))>,
}

impl UnaryRow {
    /// The module-level functions, in the order `ops::register` adds them: each name, then its in-place function.
    fn functions(&self) -> Vec<(&'static str, bool)> {
        let mut out = vec![(self.name, false)];
        out.extend(self.inplace.iter().filter(|i| i.1).map(|i| (i.0, true)));
        for &(alias, (inplace, function)) in &self.aliases {
            out.push((alias, false));
            if function {
                out.push((inplace, true));
            }
        }
        out
    }
}

macro_rules! unary_rows {
    ($(
        $(#[doc = $doc:literal])*
        $name:ident {
            op: $op:ident, info: $info:tt,
            inplace: [$($inplace:ident $($inplace_only:ident)?)?], dunders: [$($dunder:ident),*],
            aliases: [$(($alias:ident, $alias_inplace:ident $($alias_only:ident)?)),*]
            $(, special: [$($special:ident),*])?
        }
    )*) => {
        fn unary_rows() -> Vec<UnaryRow> {
            vec![$(UnaryRow {
                op: oxtorch::op::UnaryOp::$op,
                name: stringify!($name),
                special: vec![$($(stringify!($special)),*)?],
                inplace: vec![$((stringify!($inplace), <[&str]>::is_empty(&[$(stringify!($inplace_only))?])))?],
                dunders: vec![$(stringify!($dunder)),*],
                aliases: vec![$((stringify!($alias), (stringify!($alias_inplace), <[&str]>::is_empty(&[$(stringify!($alias_only))?])))),*],
            }),*]
        }
    };
}

oxtorch::unary_op_table!(unary_rows);

const OPERAND: &str = "Union[Tensor, _Number]";

/// The stub text of a parameter keyword (`, *, alpha: _Number = ...`), empty without one.
fn keyword(param: Option<&str>) -> String {
    match param {
        Some("alpha") => ", *, alpha: _Number = ...".into(),
        Some(p) => format!(", *, {p}: Optional[_str] = ..."),
        None => String::new(),
    }
}

/// The type of `other` (and of `input` for `lhs`).
fn operand_type(scalars: oxtorch::op::Scalars, lhs: bool) -> &'static str {
    use oxtorch::op::Scalars;
    match (scalars, lhs) {
        (Scalars::Both | Scalars::Either, _) | (Scalars::Rhs, false) => OPERAND,
        _ => "Tensor",
    }
}

/// The `Tensor` class's generated members, indented for the class body.
pub fn tensor_members() -> String {
    let mut out = Vec::new();
    for row in binary_rows() {
        let (other_name, other) = (row.other, operand_type(row.scalars, false));
        let mut method = |name: &str, param: Option<&str>| {
            out.push(format!("    def {name}(self, {other_name}: {other}{}) -> Tensor: ...", keyword(param)));
        };
        method(row.name, row.param);
        if let Some(i) = row.inplace {
            method(i, row.param);
        }
        for &(alias, alias_inplace, params) in &row.aliases {
            let param = row.param.filter(|_| params);
            method(alias, param);
            method(alias_inplace, param);
        }
        for &(dunder, kind) in &row.dunders {
            out.push(match (dunder, kind) {
                ("__eq__" | "__ne__", _) => {
                    format!("    def {dunder}(self, other: Any, /) -> Tensor: ...  # type: ignore[override]")
                }
                (_, "Compare") => format!("    def {dunder}(self, other: Any, /) -> Tensor: ..."),
                _ => format!("    def {dunder}(self, other: {OPERAND}, /) -> Tensor: ..."),
            });
        }
        for idunder in &row.idunders {
            out.push(format!("    def {idunder}(self, other: {OPERAND}, /) -> Self: ..."));
        }
    }
    for row in unary_rows() {
        let inplace = row.inplace.iter().map(|i| i.0);
        let aliases = row.aliases.iter().flat_map(|&(a, (b, _))| [a, b]);
        let params = unary_parameters(row.op, false);
        for n in std::iter::once(row.name).chain(inplace).chain(aliases) {
            out.push(format!("    def {n}(self{params}) -> Tensor: ..."));
        }
        for n in &row.dunders {
            out.push(format!("    def {n}(self) -> Tensor: ..."));
        }
    }
    out.push("    def __hash__(self) -> _int: ...".into());
    out.join("\n")
}

/// The generated module-level functions.
pub fn functions() -> String {
    let mut out = Vec::new();
    for row in binary_rows() {
        let (input, other) = (operand_type(row.scalars, true), operand_type(row.scalars, false));
        let mut function = |name: &str, param: Option<&str>| {
            let kw = keyword(param);
            let rest = if kw.is_empty() {
                ", *, out: Optional[Tensor] = None".to_string()
            } else {
                format!("{kw}, out: Optional[Tensor] = None")
            };
            out.push(format!("def {name}(input: {input}, {}: {other}{rest}) -> Tensor: ...", row.other));
        };
        function(row.name, row.param);
        for &(alias, _, params) in &row.aliases {
            function(alias, row.param.filter(|_| params));
        }
    }
    for row in unary_rows() {
        for (n, in_place) in row.functions() {
            out.push(unary_function(n, row.op, in_place, false));
        }
    }
    out.join("\n")
}

/// The stub text of a unary row's parameters after `self` or `input` (`, *, decimals: _int = ...`); `special`:
/// `torch.special.round`'s form, whose `decimals` has a default.
fn unary_parameters(op: oxtorch::op::UnaryOp, special: bool) -> &'static str {
    use oxtorch::op::UnaryParameterKind;
    match (op.info().parameters, special) {
        (UnaryParameterKind::None, _) => "",
        (UnaryParameterKind::Decimals, _) => ", *, decimals: _int = ...",
        (UnaryParameterKind::Replacements, _) => {
            ", nan: Optional[_float] = ..., posinf: Optional[_float] = ..., neginf: Optional[_float] = ..."
        }
    }
}

/// The stub of the function `name` of a unary row (in place: no `out=`).
fn unary_function(name: &str, op: oxtorch::op::UnaryOp, in_place: bool, special: bool) -> String {
    let params = unary_parameters(op, special);
    match (in_place, params.contains('*')) {
        (true, _) => format!("def {name}(input: Tensor{params}) -> Tensor: ..."),
        (false, true) => format!("def {name}(input: Tensor{params}, out: Optional[Tensor] = None) -> Tensor: ..."),
        (false, false) => format!("def {name}(input: Tensor{params}, *, out: Optional[Tensor] = None) -> Tensor: ..."),
    }
}

/// The generated functions of `oxtorch.special` (its stub, `special.pyi`).
pub fn special_functions() -> String {
    let mut out = Vec::new();
    for row in unary_rows() {
        for name in &row.special {
            out.push(unary_function(name, row.op, false, true));
        }
    }
    let names: Vec<String> = unary_rows().iter().flat_map(|r| r.special.clone()).map(|n| format!("\"{n}\"")).collect();
    out.push(format!("__all__ = [{}]", names.join(", ")));
    out.join("\n")
}

/// The generated functions' names, in the order `ops::register` adds them to the module (its `__all__`).
pub fn names() -> Vec<&'static str> {
    let mut names = Vec::new();
    for row in binary_rows() {
        names.push(row.name);
        names.extend(row.aliases.iter().map(|a| a.0));
    }
    for row in unary_rows() {
        names.extend(row.functions().into_iter().map(|(n, _)| n));
    }
    // the submodule of the `torch.special` functions, added last
    names.push("special");
    names
}

/// `__all__ += [...]` of the generated names.
pub fn all_extension() -> String {
    let quoted: Vec<String> = names().iter().map(|n| format!("\"{n}\"")).collect();
    let mut lines = vec!["__all__ += [".to_string()];
    for chunk in quoted.chunks(10) {
        lines.push(format!("    {},", chunk.join(", ")));
    }
    lines.push("]".into());
    lines.join("\n")
}

/// `text` with its generated regions (between [`BEGIN`] and [`END`], in order) replaced by `regions`; None when
/// the file does not have that many regions.
pub fn with_regions(text: &str, regions: &[String]) -> Option<String> {
    let mut out = String::new();
    let mut rest = text;
    for region in regions {
        let start = rest.find(BEGIN)?;
        let body = start + BEGIN.len();
        let end = body + rest[body..].find(END)?;
        out.push_str(&rest[..body]);
        out.push('\n');
        out.push_str(region);
        out.push('\n');
        // keep the end marker's indentation
        let line_start = rest[..end].rfind('\n').map_or(end, |i| i + 1);
        out.push_str(&rest[line_start..end]);
        rest = &rest[end..];
    }
    out.push_str(rest);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(path: &str, regions: &[String]) {
        let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
        let text = std::fs::read_to_string(&file).expect("stub file");
        let want = with_regions(&text, regions).expect("the generated regions' marker lines");
        if std::env::var_os("OXTORCH_BLESS_STUBS").is_some() {
            std::fs::write(&file, &want).expect("write stubs");
        } else {
            assert!(
                text == want,
                "{path} is out of date with the op tables: run OXTORCH_BLESS_STUBS=1 cargo test -p oxtorch-py stubs"
            );
        }
    }

    #[test]
    fn stubs_are_current() {
        let header = all_extension();
        check("python/oxtorch/_C.pyi", &[header, tensor_members(), functions()]);
        check("python/oxtorch/__init__.pyi", &[all_extension()]);
        check("python/oxtorch/special.pyi", &[special_functions()]);
    }
}
