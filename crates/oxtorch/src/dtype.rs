//! The twelve dtypes PyTorch documents, their properties and names.

use crate::error::{Error, Result};
use std::fmt;
use std::str::FromStr;

/// A tensor element type: one of the twelve dtypes of `torch.dtype`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DType {
    /// `torch.bool`
    Bool,
    /// `torch.uint8`
    UInt8,
    /// `torch.int8`
    Int8,
    /// `torch.int16` (`torch.short`)
    Int16,
    /// `torch.int32` (`torch.int`)
    Int32,
    /// `torch.int64` (`torch.long`)
    Int64,
    /// `torch.float16` (`torch.half`)
    Float16,
    /// `torch.bfloat16`
    BFloat16,
    /// `torch.float32` (`torch.float`)
    Float32,
    /// `torch.float64` (`torch.double`)
    Float64,
    /// `torch.complex64` (`torch.cfloat`)
    Complex64,
    /// `torch.complex128` (`torch.cdouble`)
    Complex128,
}

/// The category of a dtype in PyTorch's promotion rules: bool < integer < floating < complex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Category {
    /// `torch.bool`
    Bool,
    /// signed and unsigned integers
    Integral,
    /// float16, bfloat16, float32, float64
    Floating,
    /// complex64, complex128
    Complex,
}

impl DType {
    /// All twelve dtypes, in the order of the specification's table... sorted by kind.
    pub const ALL: [DType; 12] = [
        DType::Float32,
        DType::Float64,
        DType::Complex64,
        DType::Complex128,
        DType::Float16,
        DType::BFloat16,
        DType::UInt8,
        DType::Int8,
        DType::Int16,
        DType::Int32,
        DType::Int64,
        DType::Bool,
    ];

    /// The aliases PyTorch defines (`torch.float` is `torch.float32` ...), with their dtypes.
    pub const ALIASES: [(&'static str, DType); 8] = DTYPE_ALIASES;

    /// The canonical name, as in `torch.float32`.
    pub fn name(self) -> &'static str {
        match self {
            DType::Bool => "bool",
            DType::UInt8 => "uint8",
            DType::Int8 => "int8",
            DType::Int16 => "int16",
            DType::Int32 => "int32",
            DType::Int64 => "int64",
            DType::Float16 => "float16",
            DType::BFloat16 => "bfloat16",
            DType::Float32 => "float32",
            DType::Float64 => "float64",
            DType::Complex64 => "complex64",
            DType::Complex128 => "complex128",
        }
    }

    /// C++'s name of the element type as PyTorch's `TypeMeta` prints it (`int`, `long int`, `c10::Half`), which
    /// some of its messages show (`random_`'s bounds, `clamp`'s in-place promotion, `lerp`'s dtype checks).
    pub fn type_meta_name(self) -> &'static str {
        match self {
            DType::Bool => "bool",
            DType::UInt8 => "unsigned char",
            DType::Int8 => "signed char",
            DType::Int16 => "short int",
            DType::Int32 => "int",
            DType::Int64 => "long int",
            DType::Float16 => "c10::Half",
            DType::BFloat16 => "c10::BFloat16",
            DType::Float32 => "float",
            DType::Float64 => "double",
            DType::Complex64 => "c10::complex<float>",
            DType::Complex128 => "c10::complex<double>",
        }
    }

    /// PyTorch's internal ScalarType name, used in its error messages (`Float`, `ComplexDouble`, `Byte` ...).
    pub fn scalar_type_name(self) -> &'static str {
        match self {
            DType::Bool => "Bool",
            DType::UInt8 => "Byte",
            DType::Int8 => "Char",
            DType::Int16 => "Short",
            DType::Int32 => "Int",
            DType::Int64 => "Long",
            DType::Float16 => "Half",
            DType::BFloat16 => "BFloat16",
            DType::Float32 => "Float",
            DType::Float64 => "Double",
            DType::Complex64 => "ComplexFloat",
            DType::Complex128 => "ComplexDouble",
        }
    }

    /// PyTorch's legacy type name of a CPU tensor of this dtype (`torch.FloatTensor`, `torch.sparse.FloatTensor`),
    /// as its messages print it, with oxtorch's module name.
    pub fn legacy_type_name(self, sparse: bool) -> String {
        format!("oxtorch.{}{}Tensor", if sparse { "sparse." } else { "" }, self.scalar_type_name())
    }

    /// The legacy constructor name (`FloatTensor` ...), where PyTorch has one (not for complex dtypes).
    pub fn legacy_constructor(self) -> Option<&'static str> {
        Some(match self {
            DType::Bool => "BoolTensor",
            DType::UInt8 => "ByteTensor",
            DType::Int8 => "CharTensor",
            DType::Int16 => "ShortTensor",
            DType::Int32 => "IntTensor",
            DType::Int64 => "LongTensor",
            DType::Float16 => "HalfTensor",
            DType::BFloat16 => "BFloat16Tensor",
            DType::Float32 => "FloatTensor",
            DType::Float64 => "DoubleTensor",
            DType::Complex64 | DType::Complex128 => return None,
        })
    }

    /// The dtype a legacy constructor name (`LongTensor` ...) stands for.
    pub fn from_legacy_constructor(name: &str) -> Option<DType> {
        DType::ALL.into_iter().find(|d| d.legacy_constructor() == Some(name))
    }

    /// Size of one element in bytes.
    pub fn itemsize(self) -> usize {
        match self {
            DType::Bool | DType::UInt8 | DType::Int8 => 1,
            DType::Int16 | DType::Float16 | DType::BFloat16 => 2,
            DType::Int32 | DType::Float32 => 4,
            DType::Int64 | DType::Float64 | DType::Complex64 => 8,
            DType::Complex128 => 16,
        }
    }

    /// True for float16, bfloat16, float32 and float64 (not complex), as `torch.dtype.is_floating_point`.
    pub fn is_floating_point(self) -> bool {
        matches!(self, DType::Float16 | DType::BFloat16 | DType::Float32 | DType::Float64)
    }

    /// True for complex64 and complex128.
    pub fn is_complex(self) -> bool {
        matches!(self, DType::Complex64 | DType::Complex128)
    }

    /// True for every dtype that can hold negative values (all but bool and uint8).
    pub fn is_signed(self) -> bool {
        !matches!(self, DType::Bool | DType::UInt8)
    }

    /// True for the integer dtypes; `include_bool` decides whether bool counts.
    pub fn is_integral(self, include_bool: bool) -> bool {
        match self {
            DType::Bool => include_bool,
            DType::UInt8 | DType::Int8 | DType::Int16 | DType::Int32 | DType::Int64 => true,
            _ => false,
        }
    }

    /// The promotion category of this dtype.
    pub fn category(self) -> Category {
        if self == DType::Bool {
            Category::Bool
        } else if self.is_integral(false) {
            Category::Integral
        } else if self.is_floating_point() {
            Category::Floating
        } else {
            Category::Complex
        }
    }

    /// The complex dtype whose components can hold this floating dtype (float16 and bfloat16 map to complex64:
    /// the project has no complex32, see the conformance README's deviation 1).
    pub fn to_complex(self) -> DType {
        match self {
            DType::Float64 | DType::Complex128 => DType::Complex128,
            _ => DType::Complex64,
        }
    }

    /// The dtype arithmetic on this dtype runs in (c10's `opmath_type`): float32 for float16 and bfloat16,
    /// itself otherwise. Matches [`crate::element::Element::Compute`].
    pub fn compute_dtype(self) -> DType {
        match self {
            DType::Float16 | DType::BFloat16 => DType::Float32,
            other => other,
        }
    }

    /// The real dtype of a complex dtype's components; real dtypes map to themselves.
    pub fn to_real(self) -> DType {
        match self {
            DType::Complex64 => DType::Float32,
            DType::Complex128 => DType::Float64,
            other => other,
        }
    }

    /// Parses a dtype name or alias (`"float32"`, `"float"`, `"cdouble"`, `"long"` ...), with or without the
    /// `torch.` / `oxtorch.` prefix.
    pub fn from_name(name: &str) -> Option<DType> {
        let name = name.strip_prefix("torch.").or_else(|| name.strip_prefix("oxtorch.")).unwrap_or(name);
        if let Some(d) = DType::ALL.into_iter().find(|d| d.name() == name) {
            return Some(d);
        }
        DTYPE_ALIASES.iter().find(|(alias, _)| *alias == name).map(|(_, d)| *d)
    }
}

/// The aliases PyTorch defines (`torch.float` is `torch.float32` ...).
const DTYPE_ALIASES: [(&str, DType); 8] = [
    ("float", DType::Float32),
    ("double", DType::Float64),
    ("cfloat", DType::Complex64),
    ("cdouble", DType::Complex128),
    ("half", DType::Float16),
    ("short", DType::Int16),
    ("int", DType::Int32),
    ("long", DType::Int64),
];

/// Prints PyTorch's repr with the project's module name: `oxtorch.float32`.
impl fmt::Display for DType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "oxtorch.{}", self.name())
    }
}

impl FromStr for DType {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        DType::from_name(s).ok_or_else(|| Error::Type(format!("unknown dtype name: '{s}'")))
    }
}
