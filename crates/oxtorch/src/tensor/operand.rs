//! The operands and outputs of elementwise operations on strided tensors: a tensor or a Python-style number, and
//! where a result goes.

use super::Tensor;
use crate::dtype::DType;
use crate::iter::{IterOperand, TensorView};
use crate::promotion;
use crate::scalar::Scalar;

impl<'a> From<&'a Tensor> for TensorView<'a> {
    fn from(t: &'a Tensor) -> TensorView<'a> {
        TensorView { sizes: t.sizes(), strides: t.strides(), offset: t.storage_offset(), storage: t.storage() }
    }
}

/// An operand of an elementwise operation: a tensor, or a Python-style number.
#[derive(Clone, Debug)]
pub enum Operand {
    /// A tensor (dimensioned or zero-dim).
    Tensor(Tensor),
    /// A Python number: a zero-dim operand on no device that promotes only by category.
    Scalar(Scalar),
}

impl From<&Tensor> for Operand {
    fn from(t: &Tensor) -> Self {
        Operand::Tensor(t.clone())
    }
}

impl From<Tensor> for Operand {
    fn from(t: Tensor) -> Self {
        Operand::Tensor(t)
    }
}

macro_rules! operand_from_number {
    ($($t:ty),*) => {$(
        impl From<$t> for Operand {
            fn from(v: $t) -> Self { Operand::Scalar(Scalar::from(v)) }
        }
    )*};
}
operand_from_number!(
    bool,
    i8,
    i16,
    i32,
    i64,
    u8,
    u16,
    u32,
    f32,
    f64,
    Scalar,
    num_complex::Complex<f32>,
    num_complex::Complex<f64>
);

impl Operand {
    /// The operand's dtype: a tensor's own, or the dtype a Python number is stored in (bool, int64, float64,
    /// complex128).
    pub fn dtype(&self) -> DType {
        self.view().dtype()
    }

    /// How the operand takes part in type promotion.
    pub fn promotion_class(&self) -> promotion::Operand {
        self.view().promotion_class()
    }

    /// The operand as the iterator reads it.
    pub fn view(&self) -> IterOperand<'_> {
        match self {
            Operand::Tensor(t) => IterOperand::Tensor(t.into()),
            Operand::Scalar(s) => IterOperand::Scalar(*s),
        }
    }

    /// The tensor, if the operand is one.
    pub fn tensor(&self) -> Option<&Tensor> {
        match self {
            Operand::Tensor(t) => Some(t),
            Operand::Scalar(_) => None,
        }
    }
}

/// Where an elementwise result goes.
#[derive(Debug)]
pub enum Output<'a> {
    /// A new tensor.
    New,
    /// Into the first input (`add_`).
    InPlace,
    /// Into a given tensor (`out=`): replaced by a tensor of the result's shape (keeping its dtype and device)
    /// when its shape differs, as PyTorch resizes it.
    Out(&'a mut Tensor),
}
