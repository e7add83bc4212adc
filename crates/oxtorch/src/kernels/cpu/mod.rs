//! CPU kernels.

pub mod arith;
pub mod binary;
pub mod copy;

/// Runs `$body` with `$D` bound to the element type of the common dtype `$dtype` and `$C` to the type its
/// arithmetic runs in: float32 for float16 and bfloat16 (computed in float32, rounded once), else `$D`.
macro_rules! dispatch_compute {
    ($dtype:expr, $D:ident, $C:ident => $body:expr) => {
        match $dtype {
            $crate::DType::Float16 => {
                type $D = half::f16;
                type $C = f32;
                $body
            }
            $crate::DType::BFloat16 => {
                type $D = half::bf16;
                type $C = f32;
                $body
            }
            $crate::DType::Bool => {
                type $D = bool;
                type $C = bool;
                $body
            }
            $crate::DType::UInt8 => {
                type $D = u8;
                type $C = u8;
                $body
            }
            $crate::DType::Int8 => {
                type $D = i8;
                type $C = i8;
                $body
            }
            $crate::DType::Int16 => {
                type $D = i16;
                type $C = i16;
                $body
            }
            $crate::DType::Int32 => {
                type $D = i32;
                type $C = i32;
                $body
            }
            $crate::DType::Int64 => {
                type $D = i64;
                type $C = i64;
                $body
            }
            $crate::DType::Float32 => {
                type $D = f32;
                type $C = f32;
                $body
            }
            $crate::DType::Float64 => {
                type $D = f64;
                type $C = f64;
                $body
            }
            $crate::DType::Complex64 => {
                type $D = num_complex::Complex<f32>;
                type $C = $D;
                $body
            }
            $crate::DType::Complex128 => {
                type $D = num_complex::Complex<f64>;
                type $C = $D;
                $body
            }
        }
    };
}
pub(crate) use dispatch_compute;
