//! The C library's `expf` step by step, so that generated code can compute `exp` of `f32`
//! vectors inline and still give the C library's bits (TVM's code calls the C library's `expf`
//! once per lane; Strata's results match TVM's to the bit, and a call per lane cost a tuned
//! softmax most of its time).
//!
//! The steps are glibc's (2.27 and later, `sysdeps/ieee754/flt-32/e_expf.c`) as its FMA
//! variant runs them, which glibc picks on a CPU with FMA and AVX2; the constants and the
//! order of the fused multiply-adds were read from that variant's machine code. Method: in
//! `f64`, `x * 32 / ln 2 = k + r` with `k` an integer (`SHIFT` rounds), `e^x = 2^(k/32) *
//! 2^(r/32)` with `2^(k/32)` from a table of 32 entries and the exponent bits of `k / 32`,
//! and `2^(r/32)` a degree-3 polynomial; one rounding to `f32` at the end. Inputs beyond
//! `[-103.97, 88.72]` give glibc's overflow and underflow values; NaN gives `x + x`.
//!
//! [`expf`] equals this machine's `expf` (glibc 2.36, `__expf_fma`) on all 2^32 inputs,
//! NaN payloads included (checked once, exhaustively, when this was written). Because another
//! C library, or this one without FMA, computes differently, [`is_the_c_librarys`] compares
//! the two on a sample once per process, and code generation keeps the C library call when
//! they differ.

use std::sync::OnceLock;

/// `32 / ln 2`.
pub(crate) const INV_LN2_N: f64 = f64::from_bits(0x4047_1547_652b_82fe);
/// `1.5 * 2^52`: adding it rounds an `f64` of magnitude below `2^51` to an integer, which
/// then sits in the low bits of the sum.
pub(crate) const SHIFT: f64 = f64::from_bits(0x4338_0000_0000_0000);
/// The polynomial for `2^(r/32)`: `(POLY[0] * r + POLY[1]) * r^2 + (POLY[2] * r + 1)`.
pub(crate) const POLY: [f64; 3] = [
    f64::from_bits(0x3ebc_6af8_4b91_2394),
    f64::from_bits(0x3f2e_bfce_50fa_c4f3),
    f64::from_bits(0x3f96_2e42_ff0c_52d6),
];
/// `bits(2^(i/32)) - (i << 47)`: adding `k << 47` (the exponent of `2^(k/32)`, and `i`'s
/// share of it taken back) gives `2^(k/32)` for `k % 32 == i`. A static: generated code loads
/// from it.
pub(crate) static TABLE: [u64; 32] = [
    0x3ff0_0000_0000_0000,
    0x3fef_d9b0_d315_8574,
    0x3fef_b558_6cf9_890f,
    0x3fef_9301_d012_5b51,
    0x3fef_72b8_3c7d_517b,
    0x3fef_5487_3168_b9aa,
    0x3fef_387a_6e75_6238,
    0x3fef_1e9d_f51f_dee1,
    0x3fef_06fe_0a31_b715,
    0x3fee_f1a7_373a_a9cb,
    0x3fee_dea6_4c12_3422,
    0x3fee_ce08_6061_892d,
    0x3fee_bfda_d536_2a27,
    0x3fee_b42b_569d_4f82,
    0x3fee_ab07_dd48_5429,
    0x3fee_a47e_b03a_5585,
    0x3fee_a09e_667f_3bcd,
    0x3fee_9f75_e8ec_5f74,
    0x3fee_a114_73eb_0187,
    0x3fee_a589_994c_ce13,
    0x3fee_ace5_422a_a0db,
    0x3fee_b737_b0cd_c5e5,
    0x3fee_c491_82a3_f090,
    0x3fee_d503_b23e_255d,
    0x3fee_e89f_995a_d3ad,
    0x3fee_ff76_f2fb_5e47,
    0x3fef_199b_dd85_529c,
    0x3fef_3720_dcef_9069,
    0x3fef_5818_dcfb_a487,
    0x3fef_7c97_337b_9b5f,
    0x3fef_a4af_a2a4_90da,
    0x3fef_d076_5b6e_4540,
];
/// Above this, `+inf` (glibc's overflow).
pub(crate) const OVERFLOW: f32 = f32::from_bits(0x42b1_7217);
/// Below this, `+0` (glibc's underflow).
pub(crate) const UNDERFLOW: f32 = f32::from_bits(0xc2cf_f1b4);
/// Below this (and not below [`UNDERFLOW`]), the smallest subnormal (glibc's "may underflow").
pub(crate) const MAY_UNDERFLOW: f32 = f32::from_bits(0xc2ce_8ecf);

/// `e^x` as glibc's `expf` computes it on a CPU with FMA (see the module documentation).
pub(crate) fn expf(x: f32) -> f32 {
    if x.is_nan() {
        return x + x;
    }
    if x > OVERFLOW {
        return f32::INFINITY;
    }
    if x < UNDERFLOW {
        return 0.0;
    }
    if x < MAY_UNDERFLOW {
        return f32::from_bits(1);
    }
    let xd = f64::from(x);
    let kd = INV_LN2_N.mul_add(xd, SHIFT);
    let ki = kd.to_bits();
    let kd = kd - SHIFT;
    let r = INV_LN2_N.mul_add(xd, -kd);
    let s = f64::from_bits(TABLE[(ki % 32) as usize].wrapping_add(ki << 47));
    let z = r.mul_add(POLY[0], POLY[1]);
    let y = r.mul_add(POLY[2], 1.0);
    let y = z.mul_add(r * r, y);
    (y * s) as f32
}

/// Whether [`expf`] gives the C library's bits here: a CPU with FMA and AVX2 (where glibc
/// runs its FMA variant, and where generated code's fused multiply-adds are instructions), and
/// the two equal on a sample of inputs over the whole domain. Computed once per process.
pub(crate) fn is_the_c_librarys() -> bool {
    static SAME: OnceLock<bool> = OnceLock::new();
    *SAME.get_or_init(|| host_has_fma() && sample_agrees())
}

#[cfg(target_arch = "x86_64")]
fn host_has_fma() -> bool {
    std::arch::is_x86_feature_detected!("fma") && std::arch::is_x86_feature_detected!("avx2")
}

#[cfg(not(target_arch = "x86_64"))]
fn host_has_fma() -> bool {
    false
}

/// 4,096 inputs spread over every bit pattern, and the limits: a C library computing by
/// another method differs on some of them (a different rounding on one in a few thousand is
/// enough to show).
fn sample_agrees() -> bool {
    let limits = [OVERFLOW, UNDERFLOW, MAY_UNDERFLOW, 88.0, -88.0, 0.0, -0.0, f32::INFINITY, f32::NEG_INFINITY];
    let spread = (0..4096u32).map(|i| f32::from_bits(i.wrapping_mul(1_048_573)));
    limits.into_iter().chain(spread).all(|x| expf(x).to_bits() == x.exp().to_bits())
}

#[cfg(test)]
mod tests {
    use super::{expf, is_the_c_librarys};

    #[test]
    fn the_c_librarys_bits_on_every_4099th_input() {
        if !is_the_c_librarys() {
            // Another C library or CPU: code generation calls the C library; nothing to compare.
            return;
        }
        let mut b = 0u64;
        while b < 1 << 32 {
            let x = f32::from_bits(b as u32);
            assert_eq!(expf(x).to_bits(), x.exp().to_bits(), "exp({x:e}) ({b:#x})");
            b += 4099;
        }
    }

    #[test]
    fn limits_are_glibcs() {
        assert_eq!(expf(89.0), f32::INFINITY);
        assert_eq!(expf(f32::INFINITY), f32::INFINITY);
        assert_eq!(expf(f32::NEG_INFINITY), 0.0);
        assert_eq!(expf(-104.0), 0.0);
        assert_eq!(expf(-103.5), f32::from_bits(1));
        assert_eq!(expf(0.0), 1.0);
        assert_eq!(expf(1.0), std::f32::consts::E);
        let nan = f32::from_bits(0x7fa0_0001);
        assert_eq!(expf(nan).to_bits(), 0x7fe0_0001, "a signalling NaN comes back quiet, payload kept");
    }
}
