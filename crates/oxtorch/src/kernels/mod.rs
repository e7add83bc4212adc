//! The loops. Kernels follow an [`crate::iter::Plan`]; they decide nothing about shapes, dtypes or overlap.

pub mod cpu;
