//! The built-in math runtime: C math functions an external `func @expf(f32) -> f32` resolves
//! to when no host function of that name is registered.

use crate::ir::Type;

macro_rules! unary {
    ($($name:ident: $t:ty => $e:expr;)*) => {
        $(
            extern "C" fn $name(x: $t) -> $t {
                let f: fn($t) -> $t = $e;
                f(x)
            }
        )*
    };
}
macro_rules! ternary {
    ($($name:ident: $t:ty => $e:expr;)*) => {
        $(
            extern "C" fn $name(x: $t, y: $t, z: $t) -> $t {
                let f: fn($t, $t, $t) -> $t = $e;
                f(x, y, z)
            }
        )*
    };
}
macro_rules! binary {
    ($($name:ident: $t:ty => $e:expr;)*) => {
        $(
            extern "C" fn $name(x: $t, y: $t) -> $t {
                let f: fn($t, $t) -> $t = $e;
                f(x, y)
            }
        )*
    };
}

unary! {
    m_exp: f64 => f64::exp; m_expf: f32 => f32::exp;
    m_exp2: f64 => f64::exp2; m_exp2f: f32 => f32::exp2;
    m_log: f64 => f64::ln; m_logf: f32 => f32::ln;
    m_log2: f64 => f64::log2; m_log2f: f32 => f32::log2;
    m_log10: f64 => f64::log10; m_log10f: f32 => f32::log10;
    m_sqrt: f64 => f64::sqrt; m_sqrtf: f32 => f32::sqrt;
    m_sin: f64 => f64::sin; m_sinf: f32 => f32::sin;
    m_cos: f64 => f64::cos; m_cosf: f32 => f32::cos;
    m_tan: f64 => f64::tan; m_tanf: f32 => f32::tan;
    m_asin: f64 => f64::asin; m_asinf: f32 => f32::asin;
    m_acos: f64 => f64::acos; m_acosf: f32 => f32::acos;
    m_atan: f64 => f64::atan; m_atanf: f32 => f32::atan;
    m_sinh: f64 => f64::sinh; m_sinhf: f32 => f32::sinh;
    m_cosh: f64 => f64::cosh; m_coshf: f32 => f32::cosh;
    m_tanh: f64 => f64::tanh; m_tanhf: f32 => f32::tanh;
    m_fabs: f64 => f64::abs; m_fabsf: f32 => f32::abs;
    m_floor: f64 => f64::floor; m_floorf: f32 => f32::floor;
    m_ceil: f64 => f64::ceil; m_ceilf: f32 => f32::ceil;
    m_round: f64 => f64::round; m_roundf: f32 => f32::round;
    m_trunc: f64 => f64::trunc; m_truncf: f32 => f32::trunc;
    m_nearbyint: f64 => f64::round_ties_even; m_nearbyintf: f32 => f32::round_ties_even;
    m_log1p: f64 => f64::ln_1p; m_log1pf: f32 => f32::ln_1p;
    m_expm1: f64 => f64::exp_m1; m_expm1f: f32 => f32::exp_m1;
    // SAFETY (these six): the C library's functions of one float, defined for every input.
    m_asinh: f64 => |x| unsafe { c::asinh(x) }; m_asinhf: f32 => |x| unsafe { c::asinhf(x) };
    m_acosh: f64 => |x| unsafe { c::acosh(x) }; m_acoshf: f32 => |x| unsafe { c::acoshf(x) };
    m_atanh: f64 => f64::atanh; m_atanhf: f32 => f32::atanh;
    m_cbrt: f64 => f64::cbrt; m_cbrtf: f32 => f32::cbrt;
    m_erf: f64 => |x| unsafe { c::erf(x) }; m_erff: f32 => |x| unsafe { c::erff(x) };
}

/// The C library's own functions where Rust's standard library has none (`erf`) or computes a
/// formula of its own (`asinh`, `acosh`): TVM's kernels call the C library's, and results
/// should agree to the bit.
mod c {
    #[link(name = "m")]
    unsafe extern "C" {
        pub fn asinh(x: f64) -> f64;
        pub fn asinhf(x: f32) -> f32;
        pub fn acosh(x: f64) -> f64;
        pub fn acoshf(x: f32) -> f32;
        pub fn erf(x: f64) -> f64;
        pub fn erff(x: f32) -> f32;
    }
}
ternary! {
    // Fused: one rounding, as C's fma.
    m_fma: f64 => f64::mul_add; m_fmaf: f32 => f32::mul_add;
}
binary! {
    m_pow: f64 => f64::powf; m_powf: f32 => f32::powf;
    m_atan2: f64 => f64::atan2; m_atan2f: f32 => f32::atan2;
    m_fmod: f64 => |a, b| a % b; m_fmodf: f32 => |a, b| a % b;
    m_fmin: f64 => f64::min; m_fminf: f32 => f32::min;
    m_fmax: f64 => f64::max; m_fmaxf: f32 => f32::max;
    m_hypot: f64 => f64::hypot; m_hypotf: f32 => f32::hypot;
    m_copysign: f64 => f64::copysign; m_copysignf: f32 => f32::copysign;
    m_nextafter: f64 => libm::nextafter; m_nextafterf: f32 => libm::nextafterf;
}

/// The address and signature (argument and result type) of a built-in math function.
pub fn lookup(name: &str) -> Option<(usize, Vec<Type>, Type)> {
    macro_rules! table {
        ($($n:literal => $f:ident, $arity:literal, $t:expr;)*) => {
            match name {
                $($n => Some(($f as *const () as usize, vec![$t; $arity], $t)),)*
                _ => None,
            }
        };
    }
    table! {
        "exp" => m_exp, 1, Type::F64; "expf" => m_expf, 1, Type::F32;
        "exp2" => m_exp2, 1, Type::F64; "exp2f" => m_exp2f, 1, Type::F32;
        "log" => m_log, 1, Type::F64; "logf" => m_logf, 1, Type::F32;
        "log2" => m_log2, 1, Type::F64; "log2f" => m_log2f, 1, Type::F32;
        "log10" => m_log10, 1, Type::F64; "log10f" => m_log10f, 1, Type::F32;
        "sqrt" => m_sqrt, 1, Type::F64; "sqrtf" => m_sqrtf, 1, Type::F32;
        "sin" => m_sin, 1, Type::F64; "sinf" => m_sinf, 1, Type::F32;
        "cos" => m_cos, 1, Type::F64; "cosf" => m_cosf, 1, Type::F32;
        "tan" => m_tan, 1, Type::F64; "tanf" => m_tanf, 1, Type::F32;
        "asin" => m_asin, 1, Type::F64; "asinf" => m_asinf, 1, Type::F32;
        "acos" => m_acos, 1, Type::F64; "acosf" => m_acosf, 1, Type::F32;
        "atan" => m_atan, 1, Type::F64; "atanf" => m_atanf, 1, Type::F32;
        "sinh" => m_sinh, 1, Type::F64; "sinhf" => m_sinhf, 1, Type::F32;
        "cosh" => m_cosh, 1, Type::F64; "coshf" => m_coshf, 1, Type::F32;
        "tanh" => m_tanh, 1, Type::F64; "tanhf" => m_tanhf, 1, Type::F32;
        "fabs" => m_fabs, 1, Type::F64; "fabsf" => m_fabsf, 1, Type::F32;
        "floor" => m_floor, 1, Type::F64; "floorf" => m_floorf, 1, Type::F32;
        "ceil" => m_ceil, 1, Type::F64; "ceilf" => m_ceilf, 1, Type::F32;
        "round" => m_round, 1, Type::F64; "roundf" => m_roundf, 1, Type::F32;
        "trunc" => m_trunc, 1, Type::F64; "truncf" => m_truncf, 1, Type::F32;
        "nearbyint" => m_nearbyint, 1, Type::F64; "nearbyintf" => m_nearbyintf, 1, Type::F32;
        "log1p" => m_log1p, 1, Type::F64; "log1pf" => m_log1pf, 1, Type::F32;
        "expm1" => m_expm1, 1, Type::F64; "expm1f" => m_expm1f, 1, Type::F32;
        "asinh" => m_asinh, 1, Type::F64; "asinhf" => m_asinhf, 1, Type::F32;
        "acosh" => m_acosh, 1, Type::F64; "acoshf" => m_acoshf, 1, Type::F32;
        "atanh" => m_atanh, 1, Type::F64; "atanhf" => m_atanhf, 1, Type::F32;
        "cbrt" => m_cbrt, 1, Type::F64; "cbrtf" => m_cbrtf, 1, Type::F32;
        "erf" => m_erf, 1, Type::F64; "erff" => m_erff, 1, Type::F32;
        "pow" => m_pow, 2, Type::F64; "powf" => m_powf, 2, Type::F32;
        "atan2" => m_atan2, 2, Type::F64; "atan2f" => m_atan2f, 2, Type::F32;
        "fmod" => m_fmod, 2, Type::F64; "fmodf" => m_fmodf, 2, Type::F32;
        "fmin" => m_fmin, 2, Type::F64; "fminf" => m_fminf, 2, Type::F32;
        "fmax" => m_fmax, 2, Type::F64; "fmaxf" => m_fmaxf, 2, Type::F32;
        "hypot" => m_hypot, 2, Type::F64; "hypotf" => m_hypotf, 2, Type::F32;
        "fma" => m_fma, 3, Type::F64; "fmaf" => m_fmaf, 3, Type::F32;
        "copysign" => m_copysign, 2, Type::F64; "copysignf" => m_copysignf, 2, Type::F32;
        "nextafter" => m_nextafter, 2, Type::F64; "nextafterf" => m_nextafterf, 2, Type::F32;
    }
}
