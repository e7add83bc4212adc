//! The unary op table: one row per elementwise operation of one tensor, as [`binary_op_table!`] is for two.
//!
//! [`unary_op_table!`](crate::unary_op_table) expands to `$callback! { rows }`; the core reads it into
//! [`UnaryInfo`] (below), the Rust surface (`dispatch/surface.rs`), the Python methods, functions and dunders
//! (`oxtorch-py/src/ops.rs`) and the stubs (`oxtorch-py/src/stubs.rs`) come from the same rows. A row reads
//!
//! ```text
//! /// doc
//! name { op: <UnaryOp variant>, info: { kind: <UnaryKind>, check: <early fn> <late fn> (in `checks`),
//!        sparse: <UnarySparse>,
//!        meta: <MetaOut> <fn in `checks`: the reference's check on meta tensors>,
//!        oneflow: "<OneFlow's op name>" (, parameters: <UnaryParameterKind>) },
//!        inplace: [<in-place method> (`method` when there is no `torch.<name>_` function)] or [],
//!        dunders: [<dunder>, ...], aliases: [(<alias>, <its in-place method> (`method`)), ...]
//!        (, special: [<name of `torch.special.<name>`>, ...]) }
//! ```
//!
//! The parenthesized parts are optional: no parameters, no `torch.special` function.
//!
//! `info` is what the core reads ([`UnaryInfo`]); the surfaces read the names around it and pass `info` over
//! whole, so a new column touches only this file.
//!
//! The formulas live with each backend: `backend/cpu/unary.rs`, `backend/cuda/formulas.rs`.
//!
//! [`binary_op_table!`]: crate::binary_op_table

use crate::dtype::DType;
use crate::error::Result;

/// How an operation's result dtype and its `out=` and in-place targets follow from the input (PyTorch's
/// `TensorIteratorConfig` builders for unary operations, and the composites that are not structured kernels).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnaryKind {
    /// `build_borrowing_unary_float_op`: integers and bool give the default dtype; an `out=` or in-place target
    /// must be castable from it (`result type Float can't be cast to the desired output type Int`).
    Float,
    /// `build_borrowing_unary_op`: the input's dtype, and an `out=` of exactly it (`Found dtype Double but
    /// expected Float`).
    Same,
    /// `abs`: as [`UnaryKind::Same`], but a complex input gives (and expects) its real dtype, and has no in-place
    /// form.
    Abs,
    /// `square`, which is `pow(input, 2)`: the type promotion of the input with the integer 2 (bool gives int64);
    /// an `out=` or in-place target must be castable from it.
    Square,
    /// `build_borrowing_unary_force_boolean_op` (`isposinf`, `isneginf`, `signbit`): a bool result, an `out=` of
    /// bool only (`isposinf does not support non-boolean outputs.`).
    Predicate,
    /// The composites with a bool result and no `out=` (`isnan`, `isinf`, `isfinite`, `isreal`).
    Composite,
    /// `logical_not`: a new result is bool; an `out=` or in-place target of any dtype takes 0 or 1.
    Logical,
    /// `positive`: the input itself (no copy, no `out=`).
    Identity,
    /// `nan_to_num`: the input's dtype, and an `out=` of exactly it (`nan_to_num: dtype of out: Double should be
    /// same as input: Float`); integers and bool are copied.
    NanToNum,
    /// `angle`: as [`UnaryKind::Float`] for real inputs (integers and bool give the default dtype); a complex input
    /// gives its real dtype, into any `out=` that dtype casts to (PyTorch's
    /// `unary_op_impl_with_complex_to_float_out`).
    Angle,
    /// `conj_physical`: as [`UnaryKind::Same`], but a new result of a real input is the input itself.
    Conjugate,
}

impl UnaryKind {
    /// Whether the function takes `out=`.
    pub fn has_out(self) -> bool {
        !matches!(self, UnaryKind::Composite | UnaryKind::Identity)
    }
}

/// Which parameters an operation takes besides its input (a row's `parameters`), which decides its Python
/// signature; the values travel as [`UnaryParameters`](super::UnaryParameters).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnaryParameterKind {
    /// None: `torch.sqrt(input, *, out=None)`.
    None,
    /// `round`'s keyword `decimals`: `torch.round(input, *, decimals=0, out=None)`.
    Decimals,
    /// `nan_to_num`'s `nan`, `posinf`, `neginf`: `torch.nan_to_num(input, nan=0.0, posinf=None, neginf=None, *,
    /// out=None)`.
    Replacements,
}

/// What an operation does with a sparse COO input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnarySparse {
    /// PyTorch's `coalesced_unary_ufunc`: the input is coalesced, the formula runs on its values (`f(0) == 0`);
    /// the in-place form needs a coalesced input.
    Coalesced,
    /// The formula runs on the values as they are, keeping the input's indices and coalesced flag (`neg`).
    Values,
    /// No sparse kernel: PyTorch's dispatcher error naming `aten::<name>` (`aten::<name>_` in place).
    Refuse,
    /// No sparse kernel, and PyTorch's dispatcher names this operator, in place too (`logical_not.out`).
    RefuseAs(&'static str),
    /// As [`UnarySparse::Coalesced`] for a new result or `out=`, but the in-place form has no sparse kernel:
    /// PyTorch's dispatcher names this operator (`square_` is `pow_.Scalar`).
    CoalescedNotInPlace(&'static str),
    /// A composite predicate (`isfinite`, `isreal`): for the dtypes where it is always true PyTorch returns
    /// `ones_like(x, bool, preserve)`, which refuses a sparse tensor (`memory format option is only supported by
    /// strided tensors`); for the others the composite stops at its first operation without a sparse kernel,
    /// which PyTorch's dispatcher names (`ne.Scalar`).
    Composite(&'static str),
}

/// How PyTorch's reference of an operation writes an `out=` or in-place target on meta tensors (a row's `meta`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MetaOut {
    /// A safe cast into the target's dtype.
    Cast,
    /// The target must have the result's dtype.
    Exact,
    /// `angle`'s meta function: `_resize_output_(out, sizes, input.device)` first (a kernel only the meta
    /// backend has, which checks the devices), then a write into an `out=` of any dtype.
    ResizeOutput,
}

/// Everything the core knows of a unary operation besides its formulas (one row of the table).
#[derive(Clone, Copy, Debug)]
pub struct UnaryInfo {
    /// The Python name (`sqrt`).
    pub name: &'static str,
    /// Result dtype, `out=` and in-place rules.
    pub kind: UnaryKind,
    /// The dtype check of the operation's meta function ([`checks`], on the input's dtype), which comes before the
    /// iterator's overlap and dtype checks (`floor is not supported for complex inputs`).
    pub early_check: fn(super::UnaryOp, DType) -> Result<()>,
    /// The dtype check of the kernel's dispatch, after the iterator's (`"frac_cpu" not implemented for 'Int'`).
    pub late_check: fn(super::UnaryOp, DType) -> Result<()>,
    /// The sparse rule.
    pub sparse: UnarySparse,
    /// How PyTorch's reference (its meta function) checks an `out=` or in-place target's dtype: exactly the
    /// result's (`out_wrapper(exact_dtype=True)`: `Expected out tensor to have dtype float but got int instead`),
    /// a safe cast, or not at all.
    pub meta_out: MetaOut,
    /// The reference's own dtype check ([`checks`]), in place of the kernel's on meta tensors.
    pub meta_check: fn(super::UnaryOp, DType) -> Result<()>,
    /// OneFlow's name of the operation (`negative`), which its errors name; OneFlow's sbp signatures of every
    /// unary elementwise operation keep split and broadcast and list no partial sum (which is boxed first).
    pub oneflow: &'static str,
    /// The in-place method's name, if PyTorch has one.
    pub inplace: Option<&'static str>,
    /// The parameters it takes besides the input.
    pub parameters: UnaryParameterKind,
}

/// The rows of the unary table, for a callback macro (see the module documentation).
#[macro_export]
macro_rules! unary_op_table {
    ($callback:path) => {
        $callback! {
            /// The square root, elementwise (`torch.sqrt`).
            sqrt { op: Sqrt, info: { kind: Float, check: none none,
                sparse: Coalesced, meta: Cast none, oneflow: "sqrt" },
                inplace: [sqrt_], dunders: [], aliases: [] }
            /// The reciprocal of the square root (`torch.rsqrt`).
            rsqrt { op: Rsqrt, info: { kind: Float, check: none none,
                sparse: Refuse, meta: Cast none, oneflow: "rsqrt" },
                inplace: [rsqrt_], dunders: [], aliases: [] }
            /// `e` to the power of each element (`torch.exp`).
            exp { op: Exp, info: { kind: Float, check: none none,
                sparse: Refuse, meta: Cast none, oneflow: "exp" },
                inplace: [exp_], dunders: [], aliases: [] }
            /// `2` to the power of each element (`torch.exp2`).
            exp2 { op: Exp2, info: { kind: Float, check: none none,
                sparse: Refuse, meta: Cast none, oneflow: "exp2" },
                inplace: [exp2_], dunders: [], aliases: [], special: [exp2] }
            /// `exp(x) - 1`, accurate near 0 (`torch.expm1`).
            expm1 { op: Expm1, info: { kind: Float, check: none none,
                sparse: Coalesced, meta: Cast none, oneflow: "expm1" },
                inplace: [expm1_], dunders: [], aliases: [], special: [expm1] }
            /// The natural logarithm (`torch.log`).
            log { op: Log, info: { kind: Float, check: none none,
                sparse: Refuse, meta: Cast none, oneflow: "log" },
                inplace: [log_], dunders: [], aliases: [] }
            /// The base-2 logarithm (`torch.log2`).
            log2 { op: Log2, info: { kind: Float, check: none none,
                sparse: Refuse, meta: Cast none, oneflow: "log2" },
                inplace: [log2_], dunders: [], aliases: [] }
            /// The base-10 logarithm (`torch.log10`).
            log10 { op: Log10, info: { kind: Float, check: none none,
                sparse: Refuse, meta: Cast none, oneflow: "log10" },
                inplace: [log10_], dunders: [], aliases: [] }
            /// `log(1 + x)`, accurate near 0 (`torch.log1p`).
            log1p { op: Log1p, info: { kind: Float, check: none none,
                sparse: Coalesced, meta: Cast none, oneflow: "log1p" },
                inplace: [log1p_], dunders: [], aliases: [], special: [log1p] }
            /// The sine (`torch.sin`).
            sin { op: Sin, info: { kind: Float, check: none none,
                sparse: Coalesced, meta: Cast none, oneflow: "sin" },
                inplace: [sin_], dunders: [], aliases: [] }
            /// The cosine (`torch.cos`).
            cos { op: Cos, info: { kind: Float, check: none none,
                sparse: Refuse, meta: Cast none, oneflow: "cos" },
                inplace: [cos_], dunders: [], aliases: [] }
            /// The tangent (`torch.tan`).
            tan { op: Tan, info: { kind: Float, check: none none,
                sparse: Coalesced, meta: Cast none, oneflow: "tan" },
                inplace: [tan_], dunders: [], aliases: [] }
            /// The arcsine (`torch.asin`, `torch.arcsin`).
            asin { op: Asin, info: { kind: Float, check: none none,
                sparse: Coalesced, meta: Cast none, oneflow: "asin" },
                inplace: [asin_], dunders: [], aliases: [(arcsin, arcsin_)] }
            /// The arccosine (`torch.acos`, `torch.arccos`).
            acos { op: Acos, info: { kind: Float, check: none none,
                sparse: Refuse, meta: Cast none, oneflow: "acos" },
                inplace: [acos_], dunders: [], aliases: [(arccos, arccos_)] }
            /// The arctangent (`torch.atan`, `torch.arctan`).
            atan { op: Atan, info: { kind: Float, check: none none,
                sparse: Coalesced, meta: Cast none, oneflow: "atan" },
                inplace: [atan_], dunders: [], aliases: [(arctan, arctan_)] }
            /// The hyperbolic sine (`torch.sinh`).
            sinh { op: Sinh, info: { kind: Float, check: none none,
                sparse: Coalesced, meta: Cast none, oneflow: "sinh" },
                inplace: [sinh_], dunders: [], aliases: [] }
            /// The hyperbolic cosine (`torch.cosh`).
            cosh { op: Cosh, info: { kind: Float, check: none none,
                sparse: Refuse, meta: Cast none, oneflow: "cosh" },
                inplace: [cosh_], dunders: [], aliases: [] }
            /// The hyperbolic tangent (`torch.tanh`).
            tanh { op: Tanh, info: { kind: Float, check: none none,
                sparse: Coalesced, meta: Cast none, oneflow: "tanh" },
                inplace: [tanh_], dunders: [], aliases: [] }
            /// The inverse hyperbolic sine (`torch.asinh`, `torch.arcsinh`).
            asinh { op: Asinh, info: { kind: Float, check: none none,
                sparse: Coalesced, meta: Cast none, oneflow: "asinh" },
                inplace: [asinh_], dunders: [], aliases: [(arcsinh, arcsinh_)] }
            /// The inverse hyperbolic cosine (`torch.acosh`, `torch.arccosh`).
            acosh { op: Acosh, info: { kind: Float, check: none none,
                sparse: Refuse, meta: Cast none, oneflow: "acosh" },
                inplace: [acosh_], dunders: [], aliases: [(arccosh, arccosh_)] }
            /// The inverse hyperbolic tangent (`torch.atanh`, `torch.arctanh`).
            atanh { op: Atanh, info: { kind: Float, check: none none,
                sparse: Coalesced, meta: Cast none, oneflow: "atanh" },
                inplace: [atanh_], dunders: [], aliases: [(arctanh, arctanh_)] }
            /// The logistic function `1 / (1 + exp(-x))` (`torch.sigmoid`).
            sigmoid { op: Sigmoid, info: { kind: Float, check: none none,
                sparse: Refuse, meta: Cast none, oneflow: "sigmoid" },
                inplace: [sigmoid_], dunders: [], aliases: [], special: [expit] }
            /// The error function (`torch.erf`); PyTorch has no complex kernel.
            erf { op: Erf, info: { kind: Float, check: none real_vml,
                sparse: Coalesced, meta: Cast none, oneflow: "erf" },
                inplace: [erf_], dunders: [], aliases: [], special: [erf] }
            /// The complementary error function (`torch.erfc`); PyTorch has no complex kernel.
            erfc { op: Erfc, info: { kind: Float, check: none real_vml,
                sparse: Refuse, meta: Cast none, oneflow: "erfc" },
                inplace: [erfc_], dunders: [], aliases: [], special: [erfc] }
            /// `1 / x` (`torch.reciprocal`).
            reciprocal { op: Reciprocal, info: { kind: Float, check: none none,
                sparse: Refuse, meta: Cast none, oneflow: "reciprocal" },
                inplace: [reciprocal_], dunders: [], aliases: [] }
            /// The absolute value (`torch.abs`, `abs(t)`); complex numbers give their magnitude, in the real dtype.
            abs { op: Abs, info: { kind: Abs, check: none abs,
                sparse: Coalesced, meta: Exact none, oneflow: "abs" },
                inplace: [abs_], dunders: [__abs__], aliases: [(absolute, absolute_ method)] }
            /// `-input` elementwise (`torch.neg`); PyTorch's error for bool tensors.
            neg { op: Neg, info: { kind: Same, check: neg none,
                sparse: Values, meta: Cast neg, oneflow: "negative" },
                inplace: [neg_], dunders: [__neg__], aliases: [(negative, negative_)] }
            /// The input itself (`torch.positive`, `+t`); PyTorch's error for bool tensors.
            positive { op: Positive, info: { kind: Identity, check: positive none,
                sparse: Values, meta: Cast positive, oneflow: "identity" },
                inplace: [], dunders: [__pos__], aliases: [] }
            /// The sign, -1, 0 or 1 (`torch.sign`); `sign(nan)` is 0. Complex tensors use `sgn`.
            sign { op: Sign, info: { kind: Same, check: sign none,
                sparse: Coalesced, meta: Exact none, oneflow: "sign" },
                inplace: [sign_ method], dunders: [], aliases: [] }
            /// The sign; for complex numbers `z / |z|` (0 for 0) (`torch.sgn`).
            sgn { op: Sgn, info: { kind: Same, check: none none,
                sparse: Coalesced, meta: Exact none, oneflow: "sgn" },
                inplace: [sgn_ method], dunders: [], aliases: [] }
            /// Rounding toward negative infinity (`torch.floor`); integers are copied.
            floor { op: Floor, info: { kind: Same, check: complex_rounding bool_vml,
                sparse: Coalesced, meta: Exact none, oneflow: "floor" },
                inplace: [floor_], dunders: [], aliases: [] }
            /// Rounding toward positive infinity (`torch.ceil`); integers are copied.
            ceil { op: Ceil, info: { kind: Same, check: complex_rounding bool_vml,
                sparse: Coalesced, meta: Exact none, oneflow: "ceil" },
                inplace: [ceil_], dunders: [], aliases: [] }
            /// Rounding toward zero (`torch.trunc`, `torch.fix`); integers are copied.
            trunc { op: Trunc, info: { kind: Same, check: complex_rounding bool_vml,
                sparse: Coalesced, meta: Exact none, oneflow: "trunc" },
                inplace: [trunc_], dunders: [], aliases: [(fix, fix_)] }
            /// Rounding to the nearest integer, ties to even (`torch.round`); integers are copied.
            round { op: Round, info: { kind: Same, check: none round,
                sparse: Coalesced, meta: Cast none, oneflow: "round", parameters: Decimals },
                inplace: [round_], dunders: [], aliases: [], special: [round] }
            /// The fractional part `x - trunc(x)` (`torch.frac`), of floating-point tensors only.
            frac { op: Frac, info: { kind: Same, check: none frac,
                sparse: Coalesced, meta: Exact bool_subtraction, oneflow: "frac" },
                inplace: [frac_], dunders: [], aliases: [] }
            /// `x * x` (`torch.square`, PyTorch's `pow(x, 2)`: bool gives int64).
            square { op: Square, info: { kind: Square, check: none none,
                sparse: CoalescedNotInPlace("pow_.Scalar"), meta: Cast none, oneflow: "square" },
                inplace: [square_], dunders: [], aliases: [] }
            /// Bitwise NOT of integers, logical NOT of bools (`torch.bitwise_not`, `~t`).
            bitwise_not { op: BitwiseNot, info: { kind: Same, check: none integral,
                sparse: Refuse, meta: Cast none, oneflow: "bitwise_not" },
                inplace: [bitwise_not_ method], dunders: [__invert__], aliases: [] }
            /// Whether each element is NaN (`torch.isnan`).
            isnan { op: IsNan, info: { kind: Composite, check: none none,
                sparse: Coalesced, meta: Cast none, oneflow: "isnan" },
                inplace: [], dunders: [], aliases: [] }
            /// Whether each element is infinite (`torch.isinf`).
            isinf { op: IsInf, info: { kind: Composite, check: none none,
                sparse: Coalesced, meta: Cast none, oneflow: "isinf" },
                inplace: [], dunders: [], aliases: [] }
            /// Whether each element is finite (`torch.isfinite`).
            isfinite { op: IsFinite, info: { kind: Composite, check: none none,
                sparse: Composite("ne.Scalar"), meta: Cast none, oneflow: "isfinite" },
                inplace: [], dunders: [], aliases: [] }
            /// Whether each element is positive infinity (`torch.isposinf`).
            isposinf { op: IsPosInf, info: { kind: Predicate, check: no_complex_inputs none,
                sparse: Coalesced, meta: Exact complex_dtype, oneflow: "isposinf" },
                inplace: [], dunders: [], aliases: [] }
            /// Whether each element is negative infinity (`torch.isneginf`).
            isneginf { op: IsNegInf, info: { kind: Predicate, check: no_complex_inputs none,
                sparse: Coalesced, meta: Exact complex_dtype, oneflow: "isneginf" },
                inplace: [], dunders: [], aliases: [] }
            /// Whether each element's sign bit is set (`torch.signbit`: true for -0.0).
            signbit { op: SignBit, info: { kind: Predicate, check: signbit none,
                sparse: Coalesced, meta: Exact none, oneflow: "signbit" },
                inplace: [], dunders: [], aliases: [] }
            /// Whether each element is zero (`torch.logical_not`).
            logical_not { op: LogicalNot, info: { kind: Logical, check: none none,
                sparse: RefuseAs("logical_not.out"), meta: Cast none, oneflow: "logical_not" },
                inplace: [logical_not_ method], dunders: [], aliases: [] }
            /// Whether each element is real: an imaginary part of zero (`torch.isreal`).
            isreal { op: IsReal, info: { kind: Composite, check: none none,
                sparse: Composite("eq.Scalar"), meta: Cast none, oneflow: "isreal" },
                inplace: [], dunders: [], aliases: [] }
            /// NaN, positive and negative infinity replaced by numbers (`torch.nan_to_num`); by default 0 and the
            /// dtype's largest and lowest finite values. Integers and bool are copied.
            nan_to_num { op: NanToNum, info: { kind: NanToNum, check: none none,
                sparse: Coalesced, meta: Exact none, oneflow: "nan_to_num", parameters: Replacements },
                inplace: [nan_to_num_], dunders: [], aliases: [] }
            /// The angle of each element in radians (`torch.angle`): `atan2(imag, real)` for complex numbers, in the
            /// real dtype; `pi` for negative real numbers, 0 otherwise, NaN kept.
            angle { op: Angle, info: { kind: Angle, check: none none,
                sparse: Refuse, meta: ResizeOutput none, oneflow: "angle" },
                inplace: [], dunders: [], aliases: [] }
            /// The complex conjugate, computed (`torch.conj_physical`): each imaginary part's sign flipped; a real
            /// tensor is returned as it is (copied into an `out=`).
            conj_physical { op: ConjPhysical, info: { kind: Conjugate, check: none none,
                sparse: Values, meta: Exact none, oneflow: "conj_physical" },
                inplace: [conj_physical_], dunders: [], aliases: [] }
        }
    };
}

/// The core's reading of the unary table: `UnaryOp::info`, `UnaryOp::name`.
macro_rules! unary_op_info {
    ($(
        $(#[doc = $doc:literal])*
        $name:ident {
            op: $op:ident, info: {
                kind: $kind:ident, check: $early:ident $late:ident, sparse: $sparse:ident $(($aten:literal))?,
                meta: $meta:ident $meta_check:ident, oneflow: $oneflow:literal $(, parameters: $parameters:ident)?
            },
            inplace: [$($inplace:ident $($inplace_only:ident)?)?], dunders: [$($dunder:ident),*],
            aliases: [$(($alias:ident, $alias_inplace:ident $($alias_only:ident)?)),*]
            $(, special: [$($special:ident),*])?
        }
    )*) => {
        impl super::UnaryOp {
            /// The operation's row of the table.
            pub fn info(self) -> &'static UnaryInfo {
                match self {
                    $(super::UnaryOp::$op => {
                        const INFO: UnaryInfo = UnaryInfo {
                            name: stringify!($name),
                            kind: UnaryKind::$kind,
                            early_check: checks::$early,
                            late_check: checks::$late,
                            sparse: UnarySparse::$sparse $(($aten))?,
                            meta_out: MetaOut::$meta,
                            meta_check: checks::$meta_check,
                            oneflow: $oneflow,
                            inplace: [$(stringify!($inplace)),*].first().copied(),
                            parameters: [$(UnaryParameterKind::$parameters,)? UnaryParameterKind::None][0],
                        };
                        &INFO
                    })*
                }
            }

            /// The operation's Python name (`sqrt`).
            pub fn name(self) -> &'static str {
                self.info().name
            }

            /// Every operation of the table.
            pub const ALL: &'static [super::UnaryOp] = &[$(super::UnaryOp::$op),*];
        }
    };
}

crate::unary_op_table!(unary_op_info);

/// The dtype checks PyTorch's CPU kernels make for a unary operation (a row's `check`), on the input's dtype.
pub mod checks {
    use crate::dtype::DType;
    use crate::error::{Error, Result};
    use crate::op::UnaryOp;

    /// PyTorch's `AT_DISPATCH` error: `"<kernel>" not implemented for '<dtype>'`.
    fn not_implemented(kernel: &str, dtype: DType) -> Error {
        Error::NotImplemented(format!("\"{kernel}\" not implemented for '{}'", dtype.scalar_type_name()))
    }

    /// No check.
    pub fn none(_: UnaryOp, _: DType) -> Result<()> {
        Ok(())
    }

    /// `erf`, `erfc`: no complex kernel (`"erf_vml_cpu" not implemented for 'ComplexFloat'`).
    pub fn real_vml(op: UnaryOp, dtype: DType) -> Result<()> {
        match dtype.is_complex() {
            true => Err(not_implemented(&format!("{}_vml_cpu", op.name()), dtype)),
            false => Ok(()),
        }
    }

    /// `abs`: no bool kernel.
    pub fn abs(_: UnaryOp, dtype: DType) -> Result<()> {
        match dtype {
            DType::Bool => Err(not_implemented("abs_cpu", dtype)),
            _ => Ok(()),
        }
    }

    /// `neg`: PyTorch's message for bool.
    pub fn neg(_: UnaryOp, dtype: DType) -> Result<()> {
        match dtype {
            DType::Bool => Err(Error::NotImplemented(
                "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a mask, \
                 use the `~` or `logical_not()` operator instead."
                    .into(),
            )),
            _ => Ok(()),
        }
    }

    /// `positive`: PyTorch's message for bool.
    pub fn positive(_: UnaryOp, dtype: DType) -> Result<()> {
        match dtype {
            DType::Bool => Err(Error::NotImplemented("The `+` operator, on a bool tensor is not supported.".into())),
            _ => Ok(()),
        }
    }

    /// `sign`: complex numbers go to `sgn`.
    pub fn sign(_: UnaryOp, dtype: DType) -> Result<()> {
        match dtype.is_complex() {
            true => Err(Error::NotImplemented(
                "Unlike NumPy, oxtorch.sign is not intended to support complex numbers. Please use oxtorch.sgn \
                 instead."
                    .into(),
            )),
            false => Ok(()),
        }
    }

    /// `floor`, `ceil`, `trunc`: no complex rounding (their meta functions' check).
    pub fn complex_rounding(op: UnaryOp, dtype: DType) -> Result<()> {
        match dtype.is_complex() {
            true => Err(Error::NotImplemented(format!("{} is not supported for complex inputs", op.name()))),
            false => Ok(()),
        }
    }

    /// `floor`, `ceil`, `trunc`: no bool kernel.
    pub fn bool_vml(op: UnaryOp, dtype: DType) -> Result<()> {
        match dtype {
            DType::Bool => Err(not_implemented(&format!("{}_vml_cpu", op.name()), dtype)),
            _ => Ok(()),
        }
    }

    /// `round`: no bool or complex kernel.
    pub fn round(_: UnaryOp, dtype: DType) -> Result<()> {
        match dtype == DType::Bool || dtype.is_complex() {
            true => Err(not_implemented("round_vml_cpu", dtype)),
            false => Ok(()),
        }
    }

    /// `frac`: floating-point dtypes only.
    pub fn frac(_: UnaryOp, dtype: DType) -> Result<()> {
        match dtype.is_floating_point() {
            true => Ok(()),
            false => Err(not_implemented("frac_cpu", dtype)),
        }
    }

    /// `bitwise_not`: integers and bool only.
    pub fn integral(op: UnaryOp, dtype: DType) -> Result<()> {
        match dtype.is_integral(true) {
            true => Ok(()),
            false => Err(not_implemented(&format!("{}_cpu", op.name()), dtype)),
        }
    }

    /// `isposinf`, `isneginf`: `<op> does not support complex inputs.` (a `TypeError`).
    pub fn no_complex_inputs(op: UnaryOp, dtype: DType) -> Result<()> {
        match dtype.is_complex() {
            true => Err(Error::Type(format!("{} does not support complex inputs.", op.name()))),
            false => Ok(()),
        }
    }

    /// `frac`'s reference on meta tensors, `x - trunc(x)`: PyTorch's error for bool subtraction.
    pub fn bool_subtraction(_: UnaryOp, dtype: DType) -> Result<()> {
        crate::op::table::checks::bool_subtraction(crate::op::BinaryOp::SUB, dtype, dtype, None)
    }

    /// `isposinf`'s and `isneginf`'s references on meta tensors: no complex input (a `TypeError`).
    pub fn complex_dtype(op: UnaryOp, dtype: DType) -> Result<()> {
        match dtype.is_complex() {
            true => Err(Error::Type(format!("Complex dtype is not supported for {}, got dtype {dtype}", op.name()))),
            false => Ok(()),
        }
    }

    /// `signbit`: no complex kernel.
    pub fn signbit(_: UnaryOp, dtype: DType) -> Result<()> {
        match dtype.is_complex() {
            true => Err(Error::NotImplemented("signbit is not implemented for complex tensors.".into())),
            false => Ok(()),
        }
    }
}
