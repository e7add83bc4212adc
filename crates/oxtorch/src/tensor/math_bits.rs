//! PyTorch's lazy conjugate and negative bits ("math bits"): `conj()` of a complex tensor is a view of the same
//! storage whose values read as the conjugates of the stored ones, and the imaginary part of such a view is a
//! real view whose values read as the stored ones negated. Nothing is computed until an operation needs the
//! values.
//!
//! The rules, as PyTorch 2.15 applies them (`aten/src/ATen/native/MathBitsFallback.h`, recorded in
//! `tests/data/complex.json`):
//!
//! - View operations (slicing, `view`, `reshape` when it views, `t`, `expand`, `unsqueeze`, `detach`, ...) keep
//!   the bits; `real` drops the conjugate bit, `imag` turns it into the negative bit; `view(dtype)` and
//!   `view_as_real` refuse a tensor with a bit.
//! - Any other operation reads the values the bits say (a resolved copy of each input with a bit) and gives a
//!   result without bits; `clone`, `to`, and `contiguous` of a tensor that is not contiguous are such operations.
//! - Writing into a tensor with a bit (in place, `out=`, `copy_`, `fill_`, indexing assignments) stores the
//!   values transformed back (conjugated, negated), so the tensor it views sees the conjugate; the written tensor
//!   keeps its bits.
//! - `resolve_conj()`/`resolve_neg()` of a tensor with that bit copy its values into new memory, laid out as
//!   `clone()` lays them out, without bits (PyTorch's `empty_like` and `copy_`).
//!
//! Sparse and global tensors have no bits: their `conj` computes (as PyTorch's sparse `conj` and OneFlow's do).

use super::{Operand, Output, Tensor};
use crate::error::{Error, Result};
use crate::op::UnaryOp;

/// How a tensor's stored values are read: conjugated, negated, both or neither.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MathBits {
    /// Values read as the complex conjugates of the stored ones (`is_conj()`).
    pub conj: bool,
    /// Values read as the stored ones negated (`is_neg()`).
    pub neg: bool,
}

impl MathBits {
    /// Neither bit: the stored values are the tensor's values.
    pub const NONE: MathBits = MathBits { conj: false, neg: false };

    /// Only the negative bit, when `neg`.
    pub const fn negative(neg: bool) -> MathBits {
        MathBits { conj: false, neg }
    }

    /// Whether either bit is set.
    pub const fn any(self) -> bool {
        self.conj || self.neg
    }
}

impl Tensor {
    /// The conjugate and negative bits.
    pub fn math_bits(&self) -> MathBits {
        self.inner.bits
    }

    /// Whether the values read as the conjugates of the stored ones (`Tensor.is_conj()`).
    pub fn is_conj(&self) -> bool {
        self.inner.bits.conj
    }

    /// Whether the values read as the stored ones negated (`Tensor.is_neg()`).
    pub fn is_neg(&self) -> bool {
        self.inner.bits.neg
    }

    /// This tensor's storage and geometry with `bits` (a sibling handle, a view of the same base): for the
    /// operations that decide how stored values are read.
    pub(crate) fn with_math_bits(&self, bits: MathBits) -> Tensor {
        let inner = super::TensorImpl { bits, ..self.impl_clone() };
        Tensor { inner: std::sync::Arc::new(inner) }
    }

    /// The conjugate (`torch.conj`): a real tensor is returned as it is; a complex one as a view of the same
    /// storage with the conjugate bit flipped (so `x.conj().conj()` reads as `x`).
    pub fn conj(&self) -> Tensor {
        if !self.is_complex() {
            return self.clone();
        }
        let bits = MathBits { conj: !self.is_conj(), ..self.math_bits() };
        let (sizes, strides) = (self.sizes().into(), self.strides().into());
        self.view_of_storage(self.storage().clone(), self.storage_offset(), sizes, strides, bits)
    }

    /// `resolve_conj()`: this tensor when its conjugate bit is clear, else its values in new memory without bits
    /// (laid out as `clone()` lays it out: PyTorch's `empty_like` and `copy_`, which resolves the negative bit
    /// too).
    pub fn resolve_conj(&self) -> Result<Tensor> {
        if !self.is_conj() {
            return Ok(self.clone());
        }
        self.materialized()
    }

    /// `resolve_neg()`: this tensor when its negative bit is clear, else its values in new memory without bits (as
    /// [`Tensor::resolve_conj`]).
    pub fn resolve_neg(&self) -> Result<Tensor> {
        if !self.is_neg() {
            return Ok(self.clone());
        }
        self.materialized()
    }

    /// The tensor's values without bits: this tensor when it has none, else new memory holding them.
    pub fn resolved(&self) -> Result<Tensor> {
        if !self.math_bits().any() {
            return Ok(self.clone());
        }
        self.materialized()
    }

    /// A copy of the stored values laid out as `clone()` lays them out, transformed into the values the bits say.
    fn materialized(&self) -> Result<Tensor> {
        let copy = self.with_math_bits(MathBits::NONE).clone_tensor()?;
        copy.store_under(self.math_bits())?;
        Ok(copy)
    }

    /// Transforms the stored values in place from the values to be read through `bits` into what is stored under
    /// them (conjugation and negation are their own inverses). `self` has no bits.
    fn store_under(&self, bits: MathBits) -> Result<()> {
        if !self.storage().has_data() || self.numel() == 0 {
            return Ok(());
        }
        if bits.conj {
            self.unary_(UnaryOp::ConjPhysical)?;
        }
        if bits.neg {
            self.unary_(UnaryOp::Neg)?;
        }
        Ok(())
    }
}

/// `dst.copy_(src)` when either has a bit: `src`'s values, written into `dst`'s storage as `dst`'s bits store them.
pub(super) fn copy(dst: &Tensor, src: &Tensor) -> Result<()> {
    crate::iter::check_copy(dst.into(), src.into())?;
    let values = if src.math_bits().any() { src.materialized()? } else { src.clone() };
    let stored = dst.with_math_bits(MathBits::NONE);
    stored.copy_(&values)?;
    stored.store_under(dst.math_bits())
}

/// `dst.fill_(value)` when `dst` has a bit.
pub(super) fn fill(dst: &Tensor, value: crate::scalar::Scalar) -> Result<()> {
    let stored = dst.with_math_bits(MathBits::NONE);
    stored.fill_(value)?;
    stored.store_under(dst.math_bits())
}

/// Whether an elementwise operation over `operands` into `output` involves a tensor with a bit, so that it runs
/// through [`elementwise`].
pub(crate) fn involved(operands: &[&Operand], output: &Output<'_>) -> bool {
    let has_bits = |t: &Tensor| t.math_bits().any();
    operands.iter().any(|o| o.tensor().is_some_and(has_bits)) || matches!(output, Output::Out(t) if has_bits(t))
}

/// PyTorch's fallback for the math bits around an elementwise operation `run` over `operands` (the first is the
/// in-place target) into `output`: each input with a bit is read from a resolved copy; an in-place or `out=`
/// target with a bit is computed in its resolved copy, which is then copied back through its bits (an `out=` of
/// another shape resized first), and keeps its bits.
pub(crate) fn elementwise(
    operands: &[&Operand],
    output: Output<'_>,
    run: impl FnOnce(&[&Operand], Output<'_>) -> Result<Tensor>,
) -> Result<Tensor> {
    let resolved = operands
        .iter()
        .map(|o| match o {
            Operand::Tensor(t) if t.math_bits().any() => Ok(Operand::Tensor(t.resolved()?)),
            other => Ok((*other).clone()),
        })
        .collect::<Result<Vec<Operand>>>()?;
    let refs: Vec<&Operand> = resolved.iter().collect();
    match output {
        Output::InPlace => match (operands.first().and_then(|o| o.tensor()), resolved.first()) {
            (Some(target), Some(Operand::Tensor(values))) if target.math_bits().any() => {
                run(&refs, Output::InPlace)?;
                target.copy_(values)?;
                Ok(target.clone())
            }
            _ => run(&refs, Output::InPlace),
        },
        Output::Out(slot) if slot.math_bits().any() => {
            // PyTorch computes into a resolved clone, then `_copy_from_and_resize`s it back: a slot of another
            // shape is resized (contiguous where it grows) and keeps its bits
            let bits = slot.math_bits();
            let mut values = slot.materialized()?;
            let result = run(&refs, Output::Out(&mut values))?;
            if slot.sizes() != result.sizes() {
                let strides = crate::shape::contiguous_strides(result.sizes());
                let (dtype, device) = (slot.dtype(), slot.device());
                *slot = super::ops::resize_output(slot, result.sizes(), &strides, dtype, device)?.with_math_bits(bits);
            }
            slot.copy_(&result)?;
            Ok(slot.clone())
        }
        output => run(&refs, output),
    }
}

/// [`elementwise`] for an operation of one tensor `x`.
pub(crate) fn unary(
    x: &Tensor,
    output: Output<'_>,
    run: impl FnOnce(&Tensor, Output<'_>) -> Result<Tensor>,
) -> Result<Tensor> {
    let operand = Operand::Tensor(x.clone());
    elementwise(&[&operand], output, |operands, output| run(tensor_at(operands, 0)?, output))
}

/// Whether any of `tensors`, or an `out=` tensor, has a bit.
pub(crate) fn involved_tensors(tensors: &[Option<&Tensor>], output: &Output<'_>) -> bool {
    tensors.iter().flatten().any(|t| t.math_bits().any()) || matches!(output, Output::Out(t) if t.math_bits().any())
}

/// The tensor operand at `index` of the operands [`elementwise`] passes on (which keeps their kinds).
pub(crate) fn tensor_at<'a>(operands: &[&'a Operand], index: usize) -> Result<&'a Tensor> {
    operands
        .get(index)
        .and_then(|o| o.tensor())
        .ok_or_else(|| Error::Runtime("internal error: the math-bit fallback lost a tensor operand".into()))
}

#[cfg(test)]
mod tests {
    use crate::{from_vec, Tensor};
    use num_complex::Complex32 as C;

    fn values() -> Tensor {
        from_vec(vec![C::new(1.0, 2.0), C::new(-3.0, 0.5), C::new(0.0, -0.0), C::new(-1.0, 4.0)], &[4]).unwrap()
    }

    fn conjugated(v: &[C]) -> Vec<C> {
        v.iter().map(|z| z.conj()).collect()
    }

    #[test]
    fn conj_is_a_view_whose_values_are_conjugated() {
        let c = values();
        let v = c.conj();
        assert!(v.is_conj() && !c.is_conj() && v.is_alias_of(&c) && v.is_view());
        assert_eq!(v.to_vec::<C>().unwrap(), conjugated(&c.to_vec::<C>().unwrap()));
        assert!(!v.conj().is_conj());
        // views keep the bit; a copy does not
        assert!(v.narrow(0, 1, 2).unwrap().is_conj());
        assert!(v.reshape(&[2, 2]).unwrap().is_conj());
        assert!(!v.clone_tensor().unwrap().is_conj());
        assert_eq!(v.clone_tensor().unwrap().to_vec::<C>().unwrap(), v.to_vec::<C>().unwrap());
        // a real tensor is its own conjugate
        let f = from_vec(vec![1.0f32, 2.0], &[2]).unwrap();
        assert!(f.conj().is_same_object(&f));
    }

    #[test]
    fn operations_read_the_values_and_writes_store_them_conjugated() {
        let c = values();
        let stored = c.to_vec::<C>().unwrap();
        let v = c.conj();
        let sum = v.add(&c).unwrap();
        assert!(!sum.is_conj());
        let want: Vec<C> = stored.iter().map(|z| z.conj() + z).collect();
        assert_eq!(sum.to_vec::<C>().unwrap(), want);
        // in place: v = conj(c) + 1j, so c = conj(conj(c) + 1j)
        v.add_(C::new(0.0, 1.0)).unwrap();
        assert!(v.is_conj());
        let want: Vec<C> = stored.iter().map(|z| (z.conj() + C::new(0.0, 1.0)).conj()).collect();
        assert_eq!(c.to_vec::<C>().unwrap(), want);
        // copy_ and fill_ store through the bit
        v.copy_(&values()).unwrap();
        assert_eq!(c.to_vec::<C>().unwrap(), conjugated(&stored));
        v.fill_(C::new(2.0, 3.0)).unwrap();
        assert_eq!(c.to_vec::<C>().unwrap(), vec![C::new(2.0, -3.0); 4]);
    }

    #[test]
    fn out_tensors_with_a_bit_keep_it() {
        let c = values();
        let target = values();
        let mut out = target.conj();
        let r = crate::tensor::unary::unary_op(crate::op::UnaryOp::Neg, &c, super::Output::Out(&mut out)).unwrap();
        assert!(r.is_conj() && out.is_conj());
        let want: Vec<C> = c.to_vec::<C>().unwrap().iter().map(|z| -z).collect();
        assert_eq!(r.to_vec::<C>().unwrap(), want);
        assert_eq!(target.to_vec::<C>().unwrap(), conjugated(&want));
    }

    #[test]
    fn the_imaginary_part_of_a_conjugate_has_the_negative_bit() {
        let c = values();
        let stored = c.to_vec::<C>().unwrap();
        let imag = c.conj().imag().unwrap();
        assert!(imag.is_neg() && !imag.is_conj());
        assert!(!c.conj().real().is_neg());
        let want: Vec<f32> = stored.iter().map(|z| -z.im).collect();
        assert_eq!(imag.to_vec::<f32>().unwrap(), want);
        let resolved = imag.resolve_neg().unwrap();
        assert!(!resolved.is_neg() && !resolved.is_alias_of(&c));
        assert_eq!(resolved.to_vec::<f32>().unwrap(), want);
        imag.fill_(-1.0f32).unwrap();
        assert!(c.to_vec::<C>().unwrap().iter().all(|z| z.im == 1.0));
        assert!(c.conj().view_as_real().is_err());
        assert!(imag.view_dtype(crate::DType::Int32).is_err());
    }

    #[test]
    fn resolving_either_bit_resolves_both_as_clone_does() {
        let c = values();
        let both = c.conj().with_math_bits(super::MathBits { conj: true, neg: true });
        let want: Vec<C> = c.to_vec::<C>().unwrap().iter().map(|z| -z.conj()).collect();
        assert_eq!(both.to_vec::<C>().unwrap(), want);
        for resolved in [both.resolve_conj().unwrap(), both.resolve_neg().unwrap()] {
            assert!(!resolved.math_bits().any() && !resolved.is_alias_of(&c));
            assert_eq!(resolved.to_vec::<C>().unwrap(), want);
        }
        // laid out as clone() lays it out: a transposed view keeps its strides
        let m = from_vec(vec![C::new(1.0, 1.0); 6], &[2, 3]).unwrap().t().unwrap().conj();
        assert_eq!(m.resolve_conj().unwrap().strides(), &[1, 3]);
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

        /// A conjugate view reads as `conj_physical`, operations on it as on `conj_physical`'s result, and an
        /// in-place operation through it stores the conjugate of its result.
        #[test]
        fn a_conjugate_view_is_its_conj_physical(
            parts in proptest::collection::vec((-1e3f32..1e3, -1e3f32..1e3), 1..24),
            other in (-1e3f32..1e3, -1e3f32..1e3),
        ) {
            let x = from_vec(parts.iter().map(|&(re, im)| C::new(re, im)).collect(), &[parts.len()]).unwrap();
            let (view, physical) = (x.conj(), x.conj_physical().unwrap());
            let other = C::new(other.0, other.1);
            proptest::prop_assert_eq!(view.to_vec::<C>().unwrap(), physical.to_vec::<C>().unwrap());
            for (a, b) in [(view.mul(other).unwrap(), physical.mul(other).unwrap()),
                           (view.sub(&x).unwrap(), physical.sub(&x).unwrap()),
                           (view.imag().unwrap(), physical.imag().unwrap().clone_tensor().unwrap())] {
                proptest::prop_assert_eq!(a.to_scalars().unwrap(), b.to_scalars().unwrap());
            }
            // an exact product: conj(conj(x) * 2) == 2x
            view.mul_(C::new(2.0, 0.0)).unwrap();
            let want: Vec<C> = parts.iter().map(|&(re, im)| C::new(2.0 * re, 2.0 * im)).collect();
            proptest::prop_assert_eq!(x.to_vec::<C>().unwrap(), want);
        }
    }
}
