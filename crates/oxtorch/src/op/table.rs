//! The op table: one row per elementwise operation, holding everything the library knows of it except its
//! formulas (those live with each backend: `backend/cpu/mod.rs`'s `compute`, `backend/cuda/formulas.rs`).
//!
//! [`binary_op_table!`](crate::binary_op_table) expands to `$callback! { rows }`, so that every surface is
//! generated from the same rows: the semantics ([`OpInfo`], below), the Rust methods and functions
//! (`dispatch/surface.rs`), the Python methods, functions and dunders (`oxtorch-py/src/ops.rs`), and the type stubs
//! (`oxtorch-py/src/stubs.rs`, whose test checks the checked-in `.pyi` files).
//!
//! A row reads:
//!
//! ```text
//! /// doc
//! name(params) {
//!     op: <pattern of the BinaryOp it is>, make: <the BinaryOp, from the params>,
//!     scalars: <Scalars>, other: <the second parameter's Python name>, info: {
//!         kernel: "<kernel name>", iter: <IterConfig>, sparse: <SparseRule>, sbp: <rule fn>, check: <check fn>,
//!         parser: Single or Overloads(<signatures in op/parser.rs>), meta: <MetaRule> <MetaInPlace>,
//!     },
//!     inplace: <in-place method or _>, dunders: [<dunder> <kind>, ...], idunders: [<in-place operator>],
//!     aliases: [(<alias>, <its in-place method>, params or fixed), ...],
//!     rust: [<Trait> <method> <AssignTrait> <assign_method>] or [],
//! }
//! ```
//!
//! `info` is what the core reads ([`OpInfo`]); the generated surfaces read the names around it and pass `info` over
//! whole, so a new column of the core touches only this file.
//!
//! `params` are `alpha` (a number, default 1) or `rounding_mode` (`None`, `"trunc"`, `"floor"`); an alias marked
//! `fixed` takes none of them (`true_divide` is `div` without `rounding_mode`). The dunder kinds
//! are `forward` (`self op other`), `reflected` (`other op self` computed as PyTorch does: `self op other` for
//! commutative operations), `swapped` (`other op self`), `reciprocal` (`self.reciprocal() * other`), `inplace`
//! (`self op= other`) and `compare` (a comparison: anything but a tensor or number compares by identity).

use super::parser::Parser;
use crate::dtype::DType;
use crate::global::infer::SbpRule;
use crate::iter::IterConfig;

/// Which operands may be Python numbers (PyTorch's overloads: `add` takes them on either side, `eq` only as
/// `other`, `maximum` nowhere).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scalars {
    /// Either operand.
    Both,
    /// Either one but not both (PyTorch's `Number self, Tensor other` overload: `remainder(2, t)`); unlike
    /// `Both`, two numbers are refused.
    Either,
    /// Only the second.
    Rhs,
    /// Neither: both are tensors.
    None,
}

/// What an operation does with sparse COO operands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SparseRule {
    /// PyTorch's sparse kernels (`sparse/ops.rs`): merges, intersections, scatters.
    Arith,
    /// No sparse kernel: PyTorch's dispatcher error, naming the overload it reached.
    Refuse {
        /// Which overload names the error.
        names: SparseRefusal,
    },
}

/// Which overload PyTorch's dispatcher names when it refuses a sparse operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SparseRefusal {
    /// The operation itself: `aten::maximum`, `aten::maximum.out`.
    Plain,
    /// The Tensor or Scalar overload, by the second operand: `aten::eq.Tensor`, `aten::eq.Scalar`,
    /// `aten::eq_.Tensor`, `aten::eq.Tensor_out`.
    Overloads,
    /// The Tensor overload, a number having been wrapped into a tensor first (`aten::fmod.Tensor` for
    /// `fmod(s, 2)`).
    Wrapped {
        /// Whether a number on the left reaches an overload of its own (`aten::remainder.Scalar_Tensor`).
        number_self: bool,
        /// Whether the in-place form with a number calls the `out=` form (`aten::bitwise_left_shift.Tensor_out`
        /// for `s.bitwise_left_shift_(2)`).
        number_in_place_out: bool,
        /// The `out=` overload's name (`Tensor_out`; `out` for `copysign`, `OutTensor` for `xlogy`).
        out: &'static str,
    },
    /// The `out=` form, which every form calls (`aten::logical_and.out`).
    Out,
    /// `pow`'s overloads (`float_power` calls them): a sparse base with a number exponent has a kernel
    /// (`pow_sparse_scalar`, in `sparse/ops.rs`); the others are refused as `aten::pow.Tensor_Tensor`,
    /// `aten::pow.Scalar` (a number base), `aten::pow_.Tensor`, `aten::pow_.Scalar`, and `_out` for `out=`.
    Pow,
}

/// The dtypes an operation's kernels exist for (PyTorch's `AT_DISPATCH_...` list); another common dtype is
/// PyTorch's `NotImplementedError: "<kernel>_cpu" not implemented for '<dtype>'`. Meta tensors have no kernel and
/// no such error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KernelDtypes {
    /// Every dtype (or rules of its own, in `tensor/ops.rs`'s `check_kernel`).
    All,
    /// Integers and floating types (`remainder`, `fmod`).
    Real,
    /// Integers and bool (`bitwise_and`).
    IntegralAndBool,
    /// Integers (the shifts).
    Integral,
    /// Floating types (`hypot`, `nextafter`; after integers promoted to float: `atan2`, `copysign`, `xlogy`).
    Floating,
    /// Every dtype but bool (`pow`).
    AllButBool,
    /// Every dtype but the complex ones (the clamps' `maximum` and `minimum` kernels).
    AllButComplex,
    /// Floating and complex dtypes (`lerp`).
    Inexact,
}

impl KernelDtypes {
    /// Whether a kernel exists for `dtype`.
    pub fn has(self, dtype: DType) -> bool {
        match self {
            KernelDtypes::All => true,
            KernelDtypes::Real => dtype != DType::Bool && !dtype.is_complex(),
            KernelDtypes::IntegralAndBool => dtype.is_integral(true),
            KernelDtypes::Integral => dtype.is_integral(false),
            KernelDtypes::Floating => dtype.is_floating_point(),
            KernelDtypes::AllButBool => dtype != DType::Bool,
            KernelDtypes::AllButComplex => !dtype.is_complex(),
            KernelDtypes::Inexact => dtype.is_floating_point() || dtype.is_complex(),
        }
    }
}

/// Everything the core knows of an operation besides its formulas (one row of the table).
#[derive(Clone, Copy, Debug)]
pub struct OpInfo {
    /// The Python name (`add`, `maximum`, `eq`).
    pub name: &'static str,
    /// The kernel's name in messages and caches (`add`, `div_true`, `eq`).
    pub kernel: &'static str,
    /// The iterator configuration.
    pub iter: IterConfig,
    /// Which operands may be numbers.
    pub scalars: Scalars,
    /// The name of the second parameter in PyTorch's signatures (`other`; `exponent` for `pow`).
    pub other: &'static str,
    /// The sparse rule.
    pub sparse: SparseRule,
    /// The dtypes its kernels exist for.
    pub dtypes: KernelDtypes,
    /// OneFlow's op name and sbp rule, from the operation, whether each operand is a tensor and whether two
    /// tensors have one shape ([`sbp`], below; inference itself is `global/infer.rs`).
    pub sbp: fn(super::BinaryOp, bool, bool, bool) -> (&'static str, SbpRule),
    /// The checks PyTorch makes before its iterator runs ([`checks`], below), of the operands' dtypes and of the
    /// second operand's value when it is a Python number.
    pub check: fn(super::BinaryOp, DType, DType, Option<crate::scalar::Scalar>) -> crate::error::Result<()>,
    /// How PyTorch's argument parser reports arguments of the wrong kind.
    pub parser: Parser,
    /// Which of PyTorch's Python references runs the operation on meta tensors (`tensor/meta.rs`).
    pub meta: MetaRule,
    /// Which meta registration runs the in-place form on meta tensors.
    pub meta_inplace: MetaInPlace,
}

/// The Python reference PyTorch runs for an operation on meta tensors (`torch/_refs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MetaRule {
    /// `_make_elementwise_binary_reference` over one primitive, promoting as the row's iterator configuration says
    /// (to float for true division, to bool for comparisons).
    Elementwise,
    /// `_refs.add` / `_refs.sub`: the alpha check and `prims.mul(other, alpha)` before the primitive.
    AddSub,
    /// `_refs.div`: true division is elementwise, `trunc` and `floor` are their references.
    Div,
    /// `_refs.pow`: elementwise with `BOOL_TO_LONG` promotion (a bool result is int64), no check of negative
    /// integer exponents.
    Pow,
    /// The `floor_divide` decomposition (`torch.div(a, b, rounding_mode="floor")`).
    FloorDivide,
    /// `_refs.copysign`: its own device check (no exemption for CPU scalars), then `where(signbit(b), neg(abs(a)),
    /// abs(a))`, laid out by `b`'s unary result first.
    Copysign,
    /// `_refs.xlogy`: `where(isnan(b), nan, where(eq(a, 0), 0, mul(a, log(b))))`, each unary reference laid out on
    /// its operand's own shape.
    Xlogy,
    /// `_refs.logaddexp2`: complex dtypes refused (after promotion), then elementwise.
    NoComplex,
}

/// The meta registration of an operation's in-place form (`_meta_registrations.py`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MetaInPlace {
    /// `_make_inplace`: the broadcast check, then the functional form into `out=self`.
    MakeInplace,
    /// `meta_binop_inplace` (`mul_`): the broadcast check only.
    Binop,
    /// `meta_binop_inplace_alpha` (`add_`, `sub_`): the int/float and bool promotion checks, then the broadcast.
    BinopAlpha,
    /// `meta_div_inplace` (`div_` without a rounding mode; rounded ones are `_make_inplace`).
    Div,
    /// `comparison_op_` (`logical_and_`, `logical_or_`, `logical_xor_`): a composite method that calls the `.out`
    /// overload with `out=self`, whose Python meta kernel takes a CPU `self` beside a meta `other` (or the reverse)
    /// without a device check and copies nothing into `self`. On one device it is `_make_inplace`.
    CompositeOut,
}

/// The rows of the table, for a callback macro (see the module documentation).
#[macro_export]
macro_rules! binary_op_table {
    ($callback:path) => {
        $callback! {
            /// `input + alpha * other` (`torch.add`).
            add(alpha) {
                op: $crate::op::BinaryOp::Add { .. },
                make: $crate::op::BinaryOp::Add { alpha },
                scalars: Both, other: other, info: {
                    kernel: "add", iter: BINARY, dtypes: All, sparse: Arith, sbp: add, check: none,
                    parser: Single, meta: AddSub BinopAlpha,
                },
                inplace: add_, dunders: [__add__ Forward, __radd__ Reflected], idunders: [__iadd__],
                aliases: [],
                rust: [Add add AddAssign add_assign],
            }
            /// `input - alpha * other` (`torch.sub`).
            sub(alpha) {
                op: $crate::op::BinaryOp::Sub { .. },
                make: $crate::op::BinaryOp::Sub { alpha },
                scalars: Both, other: other, info: {
                    kernel: "sub", iter: BINARY, dtypes: All, sparse: Arith, sbp: sub, check: bool_subtraction,
                    parser: Single, meta: AddSub BinopAlpha,
                },
                inplace: sub_, dunders: [__sub__ Forward, __rsub__ Swapped], idunders: [__isub__],
                aliases: [(subtract, subtract_, params)],
                rust: [Sub sub SubAssign sub_assign],
            }
            /// `input * other` (`torch.mul`).
            mul() {
                op: $crate::op::BinaryOp::Mul,
                make: $crate::op::BinaryOp::Mul,
                scalars: Both, other: other, info: {
                    kernel: "mul", iter: BINARY, dtypes: All, sparse: Arith, sbp: mul, check: none,
                    parser: Single, meta: Elementwise Binop,
                },
                inplace: mul_, dunders: [__mul__ Forward, __rmul__ Reflected], idunders: [__imul__],
                aliases: [(multiply, multiply_, params)],
                rust: [Mul mul MulAssign mul_assign],
            }
            /// `input / other` (`torch.div`): true division (integers give the default dtype), or rounded with
            /// `rounding_mode="trunc"` / `"floor"` (the common dtype).
            div(rounding_mode) {
                op: $crate::op::BinaryOp::Div { .. },
                make: $crate::op::BinaryOp::Div { rounding_mode },
                scalars: Both, other: other, info: {
                    kernel: "div", iter: BINARY_FLOAT, dtypes: All, sparse: Arith, sbp: div, check: none,
                    parser: Single, meta: Div Div,
                },
                inplace: div_, dunders: [__truediv__ Forward, __rtruediv__ Reciprocal, __rdiv__ Reciprocal],
                idunders: [__itruediv__],
                aliases: [(divide, divide_, params), (true_divide, true_divide_, fixed)],
                rust: [Div div DivAssign div_assign],
            }
            /// `input // other` (`torch.floor_divide`): division rounded toward negative infinity.
            floor_divide() {
                op: $crate::op::BinaryOp::FloorDivide,
                make: $crate::op::BinaryOp::FloorDivide,
                scalars: Both, other: other, info: {
                    kernel: "div_floor", iter: BINARY, dtypes: All, sparse: Arith, sbp: floor_divide, check: none,
                    parser: Overloads(FLOOR_DIVIDE), meta: FloorDivide MakeInplace,
                },
                inplace: floor_divide_, dunders: [__floordiv__ Forward, __rfloordiv__ Swapped],
                idunders: [__ifloordiv__],
                aliases: [],
                rust: [],
            }
            /// The elementwise larger of `input` and `other` (`torch.maximum`); NaN propagates.
            maximum() {
                op: $crate::op::BinaryOp::Maximum,
                make: $crate::op::BinaryOp::Maximum,
                scalars: None, other: other, info: {
                    kernel: "maximum", iter: BINARY, dtypes: All,
                    sparse: Refuse { names: SparseRefusal::Plain }, sbp: maximum, check: no_complex,
                    parser: Single, meta: Elementwise MakeInplace,
                },
                inplace: _, dunders: [], idunders: [],
                aliases: [],
                rust: [],
            }
            /// The elementwise smaller of `input` and `other` (`torch.minimum`); NaN propagates.
            minimum() {
                op: $crate::op::BinaryOp::Minimum,
                make: $crate::op::BinaryOp::Minimum,
                scalars: None, other: other, info: {
                    kernel: "minimum", iter: BINARY, dtypes: All,
                    sparse: Refuse { names: SparseRefusal::Plain }, sbp: minimum, check: no_complex,
                    parser: Single, meta: Elementwise MakeInplace,
                },
                inplace: _, dunders: [], idunders: [],
                aliases: [],
                rust: [],
            }
            /// `input == other` elementwise (`torch.eq`), a bool tensor.
            eq() {
                op: $crate::op::BinaryOp::Compare($crate::op::CmpOp::Eq),
                make: $crate::op::BinaryOp::Compare($crate::op::CmpOp::Eq),
                scalars: Rhs, other: other, info: {
                    kernel: "eq", iter: COMPARISON, dtypes: All,
                    sparse: Refuse { names: SparseRefusal::Overloads }, sbp: compare, check: none,
                    parser: Overloads(COMPARISON), meta: Elementwise MakeInplace,
                },
                inplace: eq_, dunders: [__eq__ Compare], idunders: [],
                aliases: [],
                rust: [],
            }
            /// `input != other` elementwise (`torch.ne`), a bool tensor.
            ne() {
                op: $crate::op::BinaryOp::Compare($crate::op::CmpOp::Ne),
                make: $crate::op::BinaryOp::Compare($crate::op::CmpOp::Ne),
                scalars: Rhs, other: other, info: {
                    kernel: "ne", iter: COMPARISON, dtypes: All,
                    sparse: Refuse { names: SparseRefusal::Overloads }, sbp: compare, check: none,
                    parser: Overloads(COMPARISON), meta: Elementwise MakeInplace,
                },
                inplace: ne_, dunders: [__ne__ Compare], idunders: [],
                aliases: [(not_equal, not_equal_, params)],
                rust: [],
            }
            /// `input < other` elementwise (`torch.lt`), a bool tensor.
            lt() {
                op: $crate::op::BinaryOp::Compare($crate::op::CmpOp::Lt),
                make: $crate::op::BinaryOp::Compare($crate::op::CmpOp::Lt),
                scalars: Rhs, other: other, info: {
                    kernel: "lt", iter: COMPARISON, dtypes: All,
                    sparse: Refuse { names: SparseRefusal::Overloads }, sbp: compare, check: none,
                    parser: Overloads(COMPARISON), meta: Elementwise MakeInplace,
                },
                inplace: lt_, dunders: [__lt__ Compare], idunders: [],
                aliases: [(less, less_, params)],
                rust: [],
            }
            /// `input <= other` elementwise (`torch.le`), a bool tensor.
            le() {
                op: $crate::op::BinaryOp::Compare($crate::op::CmpOp::Le),
                make: $crate::op::BinaryOp::Compare($crate::op::CmpOp::Le),
                scalars: Rhs, other: other, info: {
                    kernel: "le", iter: COMPARISON, dtypes: All,
                    sparse: Refuse { names: SparseRefusal::Overloads }, sbp: compare, check: none,
                    parser: Overloads(COMPARISON), meta: Elementwise MakeInplace,
                },
                inplace: le_, dunders: [__le__ Compare], idunders: [],
                aliases: [(less_equal, less_equal_, params)],
                rust: [],
            }
            /// `input > other` elementwise (`torch.gt`), a bool tensor.
            gt() {
                op: $crate::op::BinaryOp::Compare($crate::op::CmpOp::Gt),
                make: $crate::op::BinaryOp::Compare($crate::op::CmpOp::Gt),
                scalars: Rhs, other: other, info: {
                    kernel: "gt", iter: COMPARISON, dtypes: All,
                    sparse: Refuse { names: SparseRefusal::Overloads }, sbp: compare, check: none,
                    parser: Overloads(COMPARISON), meta: Elementwise MakeInplace,
                },
                inplace: gt_, dunders: [__gt__ Compare], idunders: [],
                aliases: [(greater, greater_, params)],
                rust: [],
            }
            /// `input >= other` elementwise (`torch.ge`), a bool tensor.
            ge() {
                op: $crate::op::BinaryOp::Compare($crate::op::CmpOp::Ge),
                make: $crate::op::BinaryOp::Compare($crate::op::CmpOp::Ge),
                scalars: Rhs, other: other, info: {
                    kernel: "ge", iter: COMPARISON, dtypes: All,
                    sparse: Refuse { names: SparseRefusal::Overloads }, sbp: compare, check: none,
                    parser: Overloads(COMPARISON), meta: Elementwise MakeInplace,
                },
                inplace: ge_, dunders: [__ge__ Compare], idunders: [],
                aliases: [(greater_equal, greater_equal_, params)],
                rust: [],
            }
            /// The remainder of `input / other` with the divisor's sign (`torch.remainder`, Python's `%`).
            remainder() {
                op: $crate::op::BinaryOp::Remainder,
                make: $crate::op::BinaryOp::Remainder,
                scalars: Either, other: other, info: {
                    kernel: "remainder", iter: BINARY, dtypes: Real,
                    sparse: Refuse { names: SparseRefusal::Wrapped { number_self: true, number_in_place_out: false, out: "Tensor_out" } },
                    sbp: nonlinear, check: none,
                    parser: Overloads(NUMBER_SELF), meta: Elementwise MakeInplace,
                },
                inplace: remainder_, dunders: [__mod__ Forward, __rmod__ Swapped], idunders: [__imod__],
                aliases: [],
                rust: [Rem rem RemAssign rem_assign],
            }
            /// The remainder of `input / other` with the dividend's sign (`torch.fmod`, C's `fmod`).
            fmod() {
                op: $crate::op::BinaryOp::Fmod,
                make: $crate::op::BinaryOp::Fmod,
                scalars: Rhs, other: other, info: {
                    kernel: "fmod", iter: BINARY, dtypes: Real,
                    sparse: Refuse { names: SparseRefusal::Wrapped { number_self: false, number_in_place_out: false, out: "Tensor_out" } },
                    sbp: nonlinear, check: none,
                    parser: Overloads(NUMBER_OTHER), meta: Elementwise MakeInplace,
                },
                inplace: fmod_, dunders: [], idunders: [],
                aliases: [],
                rust: [],
            }
            /// `input & other` of integers or bools (`torch.bitwise_and`).
            bitwise_and() {
                op: $crate::op::BinaryOp::Bitwise($crate::op::BitOp::And),
                make: $crate::op::BinaryOp::Bitwise($crate::op::BitOp::And),
                scalars: Either, other: other, info: {
                    kernel: "bitwise_and", iter: BINARY, dtypes: IntegralAndBool,
                    sparse: Refuse { names: SparseRefusal::Wrapped { number_self: false, number_in_place_out: false, out: "Tensor_out" } },
                    sbp: nonlinear, check: none,
                    parser: Overloads(NUMBER_SELF), meta: Elementwise MakeInplace,
                },
                inplace: bitwise_and_, dunders: [__and__ Forward, __rand__ Reflected], idunders: [__iand__],
                aliases: [],
                rust: [BitAnd bitand BitAndAssign bitand_assign],
            }
            /// `input | other` of integers or bools (`torch.bitwise_or`).
            bitwise_or() {
                op: $crate::op::BinaryOp::Bitwise($crate::op::BitOp::Or),
                make: $crate::op::BinaryOp::Bitwise($crate::op::BitOp::Or),
                scalars: Either, other: other, info: {
                    kernel: "bitwise_or", iter: BINARY, dtypes: IntegralAndBool,
                    sparse: Refuse { names: SparseRefusal::Wrapped { number_self: false, number_in_place_out: false, out: "Tensor_out" } },
                    sbp: nonlinear, check: none,
                    parser: Overloads(NUMBER_SELF), meta: Elementwise MakeInplace,
                },
                inplace: bitwise_or_, dunders: [__or__ Forward, __ror__ Reflected], idunders: [__ior__],
                aliases: [],
                rust: [BitOr bitor BitOrAssign bitor_assign],
            }
            /// `input ^ other` of integers or bools (`torch.bitwise_xor`).
            bitwise_xor() {
                op: $crate::op::BinaryOp::Bitwise($crate::op::BitOp::Xor),
                make: $crate::op::BinaryOp::Bitwise($crate::op::BitOp::Xor),
                scalars: Either, other: other, info: {
                    kernel: "bitwise_xor", iter: BINARY, dtypes: IntegralAndBool,
                    sparse: Refuse { names: SparseRefusal::Wrapped { number_self: false, number_in_place_out: false, out: "Tensor_out" } },
                    sbp: nonlinear, check: none,
                    parser: Overloads(NUMBER_SELF), meta: Elementwise MakeInplace,
                },
                inplace: bitwise_xor_, dunders: [__xor__ Forward, __rxor__ Reflected], idunders: [__ixor__],
                aliases: [],
                rust: [BitXor bitxor BitXorAssign bitxor_assign],
            }
            /// `input << other` of integers (`torch.bitwise_left_shift`); a shift outside `0..bits` gives 0.
            bitwise_left_shift() {
                op: $crate::op::BinaryOp::Bitwise($crate::op::BitOp::LeftShift),
                make: $crate::op::BinaryOp::Bitwise($crate::op::BitOp::LeftShift),
                scalars: Either, other: other, info: {
                    kernel: "lshift", iter: BINARY, dtypes: Integral,
                    sparse: Refuse { names: SparseRefusal::Wrapped { number_self: false, number_in_place_out: true, out: "Tensor_out" } },
                    sbp: nonlinear, check: none,
                    parser: Overloads(NUMBER_SELF), meta: Elementwise MakeInplace,
                },
                inplace: bitwise_left_shift_, dunders: [__lshift__ Forward, __rlshift__ Swapped],
                idunders: [__ilshift__],
                aliases: [],
                rust: [Shl shl ShlAssign shl_assign],
            }
            /// `input >> other` of integers (`torch.bitwise_right_shift`), arithmetic; a shift outside `0..bits`
            /// fills with the sign.
            bitwise_right_shift() {
                op: $crate::op::BinaryOp::Bitwise($crate::op::BitOp::RightShift),
                make: $crate::op::BinaryOp::Bitwise($crate::op::BitOp::RightShift),
                scalars: Either, other: other, info: {
                    kernel: "rshift", iter: BINARY, dtypes: Integral,
                    sparse: Refuse { names: SparseRefusal::Wrapped { number_self: false, number_in_place_out: true, out: "Tensor_out" } },
                    sbp: nonlinear, check: none,
                    parser: Overloads(NUMBER_SELF), meta: Elementwise MakeInplace,
                },
                inplace: bitwise_right_shift_, dunders: [__rshift__ Forward, __rrshift__ Swapped],
                idunders: [__irshift__],
                aliases: [],
                rust: [Shr shr ShrAssign shr_assign],
            }
            /// Whether both `input` and `other` are nonzero (`torch.logical_and`), a bool tensor.
            logical_and() {
                op: $crate::op::BinaryOp::Logical($crate::op::LogicalOp::And),
                make: $crate::op::BinaryOp::Logical($crate::op::LogicalOp::And),
                scalars: None, other: other, info: {
                    kernel: "logical_and", iter: COMPARISON, dtypes: All,
                    sparse: Refuse { names: SparseRefusal::Out }, sbp: nonlinear, check: none,
                    parser: Single, meta: Elementwise CompositeOut,
                },
                inplace: logical_and_, dunders: [], idunders: [],
                aliases: [],
                rust: [],
            }
            /// Whether `input` or `other` is nonzero (`torch.logical_or`), a bool tensor.
            logical_or() {
                op: $crate::op::BinaryOp::Logical($crate::op::LogicalOp::Or),
                make: $crate::op::BinaryOp::Logical($crate::op::LogicalOp::Or),
                scalars: None, other: other, info: {
                    kernel: "logical_or", iter: COMPARISON, dtypes: All,
                    sparse: Refuse { names: SparseRefusal::Out }, sbp: nonlinear, check: none,
                    parser: Single, meta: Elementwise CompositeOut,
                },
                inplace: logical_or_, dunders: [], idunders: [],
                aliases: [],
                rust: [],
            }
            /// Whether exactly one of `input` and `other` is nonzero (`torch.logical_xor`), a bool tensor.
            logical_xor() {
                op: $crate::op::BinaryOp::Logical($crate::op::LogicalOp::Xor),
                make: $crate::op::BinaryOp::Logical($crate::op::LogicalOp::Xor),
                scalars: None, other: other, info: {
                    kernel: "logical_xor", iter: COMPARISON, dtypes: All,
                    sparse: Refuse { names: SparseRefusal::Out }, sbp: nonlinear, check: none,
                    parser: Single, meta: Elementwise CompositeOut,
                },
                inplace: logical_xor_, dunders: [], idunders: [],
                aliases: [],
                rust: [],
            }
            /// The angle of the point `(other, input)` (`torch.atan2`); integers promote to float.
            atan2() {
                op: $crate::op::BinaryOp::Math($crate::op::MathOp::Atan2),
                make: $crate::op::BinaryOp::Math($crate::op::MathOp::Atan2),
                scalars: None, other: other, info: {
                    kernel: "atan2", iter: BINARY_FLOAT, dtypes: Floating,
                    sparse: Refuse { names: SparseRefusal::Plain }, sbp: nonlinear, check: none,
                    parser: Single, meta: Elementwise MakeInplace,
                },
                inplace: atan2_, dunders: [], idunders: [],
                aliases: [(arctan2, arctan2_, params)],
                rust: [],
            }
            /// `sqrt(input**2 + other**2)` without overflow (`torch.hypot`).
            hypot() {
                op: $crate::op::BinaryOp::Math($crate::op::MathOp::Hypot),
                make: $crate::op::BinaryOp::Math($crate::op::MathOp::Hypot),
                scalars: None, other: other, info: {
                    kernel: "hypot", iter: BINARY, dtypes: Floating,
                    sparse: Refuse { names: SparseRefusal::Plain }, sbp: nonlinear, check: none,
                    parser: Single, meta: Elementwise MakeInplace,
                },
                inplace: hypot_, dunders: [], idunders: [],
                aliases: [],
                rust: [],
            }
            /// `input`'s magnitude with `other`'s sign (`torch.copysign`); integers promote to float.
            copysign() {
                op: $crate::op::BinaryOp::Math($crate::op::MathOp::Copysign),
                make: $crate::op::BinaryOp::Math($crate::op::MathOp::Copysign),
                scalars: Rhs, other: other, info: {
                    kernel: "copysign", iter: BINARY_FLOAT, dtypes: Floating,
                    sparse: Refuse { names: SparseRefusal::Wrapped { number_self: false, number_in_place_out: false, out: "out" } }, sbp: nonlinear, check: none,
                    parser: Overloads(NUMBER_OTHER), meta: Copysign MakeInplace,
                },
                inplace: copysign_, dunders: [], idunders: [],
                aliases: [],
                rust: [],
            }
            /// The larger of `input` and `other`, a NaN ignored (`torch.fmax`).
            fmax() {
                op: $crate::op::BinaryOp::Math($crate::op::MathOp::Fmax),
                make: $crate::op::BinaryOp::Math($crate::op::MathOp::Fmax),
                scalars: None, other: other, info: {
                    kernel: "fmax", iter: BINARY, dtypes: All,
                    sparse: Refuse { names: SparseRefusal::Plain }, sbp: nonlinear, check: no_complex,
                    parser: Single, meta: Elementwise MakeInplace,
                },
                inplace: _, dunders: [], idunders: [],
                aliases: [],
                rust: [],
            }
            /// The smaller of `input` and `other`, a NaN ignored (`torch.fmin`).
            fmin() {
                op: $crate::op::BinaryOp::Math($crate::op::MathOp::Fmin),
                make: $crate::op::BinaryOp::Math($crate::op::MathOp::Fmin),
                scalars: None, other: other, info: {
                    kernel: "fmin", iter: BINARY, dtypes: All,
                    sparse: Refuse { names: SparseRefusal::Plain }, sbp: nonlinear, check: no_complex,
                    parser: Single, meta: Elementwise MakeInplace,
                },
                inplace: _, dunders: [], idunders: [],
                aliases: [],
                rust: [],
            }
            /// `log(exp(input) + exp(other))` (`torch.logaddexp`).
            logaddexp() {
                op: $crate::op::BinaryOp::Math($crate::op::MathOp::Logaddexp),
                make: $crate::op::BinaryOp::Math($crate::op::MathOp::Logaddexp),
                scalars: None, other: other, info: {
                    kernel: "logaddexp", iter: BINARY, dtypes: Inexact,
                    sparse: Refuse { names: SparseRefusal::Plain }, sbp: nonlinear, check: none,
                    parser: Single, meta: Elementwise MakeInplace,
                },
                inplace: _, dunders: [], idunders: [],
                aliases: [],
                rust: [],
            }
            /// `log2(2**input + 2**other)` (`torch.logaddexp2`).
            logaddexp2() {
                op: $crate::op::BinaryOp::Math($crate::op::MathOp::Logaddexp2),
                make: $crate::op::BinaryOp::Math($crate::op::MathOp::Logaddexp2),
                scalars: None, other: other, info: {
                    kernel: "logaddexp2", iter: BINARY, dtypes: Floating,
                    sparse: Refuse { names: SparseRefusal::Plain }, sbp: nonlinear, check: none,
                    parser: Single, meta: NoComplex MakeInplace,
                },
                inplace: _, dunders: [], idunders: [],
                aliases: [],
                rust: [],
            }
            /// The next value of `input`'s dtype after `input` toward `other` (`torch.nextafter`).
            nextafter() {
                op: $crate::op::BinaryOp::Math($crate::op::MathOp::Nextafter),
                make: $crate::op::BinaryOp::Math($crate::op::MathOp::Nextafter),
                scalars: None, other: other, info: {
                    kernel: "nextafter", iter: BINARY, dtypes: Floating,
                    sparse: Refuse { names: SparseRefusal::Plain }, sbp: nonlinear, check: none,
                    parser: Single, meta: Elementwise MakeInplace,
                },
                inplace: nextafter_, dunders: [], idunders: [],
                aliases: [],
                rust: [],
            }
            /// `input * log(other)`, 0 where `input` is 0 (`torch.xlogy`); integers promote to float.
            xlogy() {
                op: $crate::op::BinaryOp::Math($crate::op::MathOp::Xlogy),
                make: $crate::op::BinaryOp::Math($crate::op::MathOp::Xlogy),
                scalars: Either, other: other, info: {
                    kernel: "xlogy", iter: BINARY_FLOAT, dtypes: Floating,
                    sparse: Refuse { names: SparseRefusal::Wrapped { number_self: false, number_in_place_out: false, out: "OutTensor" } }, sbp: nonlinear, check: none,
                    parser: Overloads(XLOGY), meta: Xlogy MakeInplace,
                },
                inplace: xlogy_, dunders: [], idunders: [],
                aliases: [],
                rust: [],
            }
            /// `input` to the power `exponent` (`torch.pow`, Python's `**`).
            pow() {
                op: $crate::op::BinaryOp::Pow,
                make: $crate::op::BinaryOp::Pow,
                scalars: Either, other: exponent, info: {
                    kernel: "pow", iter: BINARY, dtypes: AllButBool,
                    sparse: Refuse { names: SparseRefusal::Pow }, sbp: nonlinear, check: pow,
                    parser: Overloads(POW), meta: Pow MakeInplace,
                },
                inplace: pow_, dunders: [__pow__ Forward, __rpow__ Swapped], idunders: [__ipow__],
                aliases: [],
                rust: [],
            }
            /// `input` to the power `exponent` in float64, or complex128 when either is complex
            /// (`torch.float_power`): PyTorch's composite converts both operands, then calls `pow`.
            float_power() {
                op: $crate::op::BinaryOp::FloatPower,
                make: $crate::op::BinaryOp::FloatPower,
                scalars: Either, other: exponent, info: {
                    kernel: "pow", iter: BINARY, dtypes: AllButBool,
                    sparse: Refuse { names: SparseRefusal::Pow }, sbp: nonlinear, check: none,
                    parser: Overloads(FLOAT_POWER), meta: Pow MakeInplace,
                },
                inplace: float_power_, dunders: [], idunders: [],
                aliases: [],
                rust: [],
            }
        }
    };
}

/// The core's reading of the table: `BinaryOp::info`.
macro_rules! op_info {
    ($(
        $(#[doc = $doc:literal])*
        $name:ident($($param:ident)?) {
            op: $pat:pat, make: $make:expr,
            scalars: $scalars:ident, other: $other:ident, info: {
                kernel: $kernel:literal, iter: $iter:ident, dtypes: $dtypes:ident,
                sparse: $($sparse:ident)::+ $({ $($sparse_field:ident: $sparse_value:expr),* })?, sbp: $sbp:ident,
                check: $check:ident, parser: $parser:ident $(($overloads:ident))?,
                meta: $meta:ident $meta_inplace:ident,
            },
            inplace: $inplace:tt, dunders: [$($dunder:ident $kind:ident),*], idunders: [$($idunder:ident),*],
            aliases: [$(($alias:ident, $alias_inplace:ident, $alias_kind:ident)),*],
            rust: [$($rust:ident)*],
        }
    )*) => {
        impl super::BinaryOp {
            /// The operation's row of the op table.
            pub fn info(self) -> &'static OpInfo {
                match self {
                    $($pat => {
                        const INFO: OpInfo = OpInfo {
                            name: stringify!($name),
                            kernel: $kernel,
                            iter: IterConfig::$iter,
                            scalars: Scalars::$scalars,
                            other: stringify!($other),
                            sparse: SparseRule::$($sparse)::+ $({ $($sparse_field: $sparse_value),* })?,
                            dtypes: KernelDtypes::$dtypes,
                            sbp: sbp::$sbp,
                            check: checks::$check,
                            parser: Parser::$parser $((&super::parser::$overloads))?,
                            meta: MetaRule::$meta,
                            meta_inplace: MetaInPlace::$meta_inplace,
                        };
                        &INFO
                    },)*
                }
            }
        }
    };
}

crate::binary_op_table!(op_info);

/// The dtype checks PyTorch's kernels make before the iterator runs (a row's `check`), one function per rule, each
/// taking the operation and the two operands' dtypes.
pub mod checks {
    use crate::dtype::DType;
    use crate::error::{Error, Result};
    use crate::op::BinaryOp;
    use crate::scalar::Scalar;

    /// No check beyond the iterator's.
    pub fn none(_: BinaryOp, _: DType, _: DType, _: Option<Scalar>) -> Result<()> {
        Ok(())
    }

    /// PyTorch's `sub_check`: no bool operand.
    pub fn bool_subtraction(_: BinaryOp, lhs: DType, rhs: DType, _: Option<Scalar>) -> Result<()> {
        let (a, b) = (lhs == DType::Bool, rhs == DType::Bool);
        let message = if a && b {
            "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or `logical_xor()` \
             operator instead."
        } else if a || b {
            "Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to invert a mask, \
             use the `~` or `logical_not()` operator instead."
        } else {
            return Ok(());
        };
        Err(Error::NotImplemented(message.into()))
    }

    /// `maximum` / `minimum`: `TORCH_CHECK(!isComplexType(...), "<op> not implemented for complex tensors.")`.
    pub fn no_complex(op: BinaryOp, lhs: DType, rhs: DType, _: Option<Scalar>) -> Result<()> {
        if lhs.is_complex() || rhs.is_complex() {
            return Err(Error::Type(format!("{} not implemented for complex tensors.", op.info().name)));
        }
        Ok(())
    }

    /// `pow`'s meta function (NumPy's rule): an integer or bool base with a negative integer number exponent.
    pub fn pow(_: BinaryOp, base: DType, _: DType, exponent: Option<Scalar>) -> Result<()> {
        if !base.is_integral(true) {
            return Ok(());
        }
        let negative = match exponent {
            Some(Scalar::Int(e)) => e < 0,
            // the check reads the exponent as an int64 first
            Some(e @ Scalar::UInt(_)) => {
                return e.check_convertible(DType::Int64, crate::scalar::ConversionCheck::Strict)
            }
            _ => false,
        };
        if negative {
            return Err(Error::Runtime("Integers to negative integer powers are not allowed.".into()));
        }
        Ok(())
    }
}

/// OneFlow's user op and sbp rule of each operation, as the rows name them (`OpInfo::sbp`): each takes the
/// operation (its parameters), whether each operand is a tensor, and whether two tensor operands have the same
/// logical sizes.
pub mod sbp {
    use crate::global::infer::{Partials, SbpRule};
    use crate::op::{BinaryOp, CmpOp, RoundingMode};

    const fn each(partial: bool) -> SbpRule {
        SbpRule::EachAxis { partial }
    }

    /// `add`: `add_n` for two tensors of one shape (OneFlow's `a + b`), else `broadcast_add`; `scalar_add`.
    pub fn add(_: BinaryOp, lhs: bool, rhs: bool, same_shape: bool) -> (&'static str, SbpRule) {
        match (lhs && rhs, same_shape) {
            (true, true) => ("add_n", SbpRule::Elementwise { partial: true }),
            (true, false) => ("broadcast_add", SbpRule::Broadcast(Partials::Both)),
            _ => ("scalar_add", each(false)),
        }
    }

    /// `sub`: `broadcast_sub`; `x - 2` is `scalar_add` of -2, `2 - x` is `scalar_mul` by -1 then `scalar_add`,
    /// which decides.
    pub fn sub(_: BinaryOp, lhs: bool, rhs: bool, _: bool) -> (&'static str, SbpRule) {
        if lhs && rhs {
            ("broadcast_sub", SbpRule::Broadcast(Partials::Both))
        } else {
            ("scalar_add", each(false))
        }
    }

    /// `mul`: `broadcast_mul` (a partial sum times a broadcast value), `scalar_mul` (linear in the tensor).
    pub fn mul(_: BinaryOp, lhs: bool, rhs: bool, _: bool) -> (&'static str, SbpRule) {
        if lhs && rhs {
            ("broadcast_mul", SbpRule::Broadcast(Partials::Either))
        } else {
            ("scalar_mul", each(true))
        }
    }

    /// `div`: `broadcast_div` (a partial sum divided by a broadcast value), `scalar_div`; `2 / x` is
    /// `reciprocal` then `scalar_mul`, and `reciprocal` decides; rounded divisions are `floor_divide`'s.
    pub fn div(op: BinaryOp, lhs: bool, rhs: bool, same_shape: bool) -> (&'static str, SbpRule) {
        match (op.rounding_mode(), lhs, rhs) {
            (Some(RoundingMode::Floor), ..) => floor_divide(op, lhs, rhs, same_shape),
            (Some(RoundingMode::Trunc), true, true) => ("broadcast_trunc_div", SbpRule::Broadcast(Partials::None)),
            (Some(RoundingMode::Trunc), ..) => ("scalar_truncdiv", each(false)),
            (None, true, true) => ("broadcast_div", SbpRule::Broadcast(Partials::First)),
            (None, true, false) => ("scalar_div", each(true)),
            (None, ..) => ("reciprocal", each(false)),
        }
    }

    /// `floor_divide`: `broadcast_floor_div`, `scalar_floordiv`.
    pub fn floor_divide(_: BinaryOp, lhs: bool, rhs: bool, _: bool) -> (&'static str, SbpRule) {
        if lhs && rhs {
            ("broadcast_floor_div", SbpRule::Broadcast(Partials::None))
        } else {
            ("scalar_floordiv", each(false))
        }
    }

    /// `maximum`: `elementwise_maximum` for one shape, else `broadcast_maximum`; no partial sums.
    pub fn maximum(_: BinaryOp, lhs: bool, rhs: bool, same_shape: bool) -> (&'static str, SbpRule) {
        match (lhs && rhs, same_shape) {
            (true, true) => ("elementwise_maximum", SbpRule::Elementwise { partial: false }),
            (true, false) => ("broadcast_maximum", SbpRule::Broadcast(Partials::None)),
            _ => ("scalar_maximum", each(false)),
        }
    }

    /// `minimum`: as `maximum`.
    pub fn minimum(_: BinaryOp, lhs: bool, rhs: bool, same_shape: bool) -> (&'static str, SbpRule) {
        match (lhs && rhs, same_shape) {
            (true, true) => ("elementwise_minimum", SbpRule::Elementwise { partial: false }),
            (true, false) => ("broadcast_minimum", SbpRule::Broadcast(Partials::None)),
            _ => ("scalar_minimum", each(false)),
        }
    }

    /// An operation not linear in either operand (`remainder`, `fmod`, the bitwise and logical operations):
    /// OneFlow's `broadcast_<op>` and `scalar_<op>`, without partial sums (a partial sum is boxed to broadcast
    /// first). OneFlow 0.9 has no shifts: they take the rule of its other bitwise operations; the floating
    /// functions (`atan2`, `hypot`, ...) are OneFlow's user ops of those names.
    pub fn nonlinear(op: BinaryOp, lhs: bool, rhs: bool, _: bool) -> (&'static str, SbpRule) {
        use crate::op::{BitOp, LogicalOp, MathOp};
        let names = match op {
            BinaryOp::Remainder => ("broadcast_floor_mod", "scalar_floor_mod"),
            BinaryOp::Fmod => ("broadcast_fmod", "scalar_fmod"),
            BinaryOp::Bitwise(BitOp::And) => ("broadcast_bitwise_and", "scalar_bitwise_and"),
            BinaryOp::Bitwise(BitOp::Or) => ("broadcast_bitwise_or", "scalar_bitwise_or"),
            BinaryOp::Bitwise(BitOp::Xor) => ("broadcast_bitwise_xor", "scalar_bitwise_xor"),
            BinaryOp::Bitwise(BitOp::LeftShift) => ("broadcast_bitwise_left_shift", "scalar_bitwise_left_shift"),
            BinaryOp::Bitwise(BitOp::RightShift) => ("broadcast_bitwise_right_shift", "scalar_bitwise_right_shift"),
            BinaryOp::Logical(LogicalOp::And) => ("broadcast_logical_and", "scalar_logical_and"),
            BinaryOp::Logical(LogicalOp::Or) => ("broadcast_logical_or", "scalar_logical_or"),
            BinaryOp::Logical(LogicalOp::Xor) => ("broadcast_logical_xor", "scalar_logical_xor"),
            BinaryOp::Math(MathOp::Atan2) => ("atan2", "atan2"),
            BinaryOp::Math(MathOp::Hypot) => ("hypot", "hypot"),
            BinaryOp::Math(MathOp::Copysign) => ("copysign", "copysign"),
            BinaryOp::Math(MathOp::Fmax) => ("fmax", "fmax"),
            BinaryOp::Math(MathOp::Fmin) => ("fmin", "fmin"),
            BinaryOp::Math(MathOp::Logaddexp) => ("logaddexp", "logaddexp"),
            BinaryOp::Math(MathOp::Logaddexp2) => ("logaddexp2", "logaddexp2"),
            BinaryOp::Math(MathOp::Nextafter) => ("nextafter", "nextafter"),
            _ => ("xlogy", "scalar_xlogy"),
        };
        if lhs && rhs {
            (names.0, SbpRule::Broadcast(Partials::None))
        } else {
            (names.1, each(false))
        }
    }

    /// A comparison: `broadcast_<name>`, `scalar_logical_<name>`; no partial sums.
    pub fn compare(op: BinaryOp, lhs: bool, rhs: bool, _: bool) -> (&'static str, SbpRule) {
        let names = match op {
            BinaryOp::Compare(CmpOp::Eq) => ("broadcast_equal", "scalar_logical_equal"),
            BinaryOp::Compare(CmpOp::Ne) => ("broadcast_not_equal", "scalar_logical_not_equal"),
            BinaryOp::Compare(CmpOp::Lt) => ("broadcast_less", "scalar_logical_less"),
            BinaryOp::Compare(CmpOp::Le) => ("broadcast_less_equal", "scalar_logical_less_equal"),
            BinaryOp::Compare(CmpOp::Gt) => ("broadcast_greater", "scalar_logical_greater"),
            _ => ("broadcast_greater_equal", "scalar_logical_greater_equal"),
        };
        if lhs && rhs {
            (names.0, SbpRule::Broadcast(Partials::None))
        } else {
            (names.1, each(false))
        }
    }
}
