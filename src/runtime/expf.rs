//! `exp` of `f32` vector lanes as Strata computes it with `Options::fast_math` (`std.exp` of a
//! vector, which TIR's `T.exp` in a vectorized loop becomes): generated code runs these steps
//! four lanes at a time (`codegen::vector_math`), and the interpreter runs [`expf`] on each
//! lane. Without the option both give the C library's `expf`, as TVM's code does (generated
//! code by its steps inline, `runtime/libm_expf.rs`). Every step is one
//! correctly rounded `f32` operation (multiply-adds fused: an FMA instruction, or the C
//! library's `fmaf` where the CPU has none) or an integer one, so the two give the same bits.
//! In `f32` the steps are fewer than the C library's in `f64` (a vectorized exp loop 1.4x
//! faster); scalar `exp` is the C library's even so (one element at a time these steps are
//! 2x slower than its).
//!
//! Method (Cephes' `expf`, with fused multiply-adds): clamp `x` to `[-104, 89]` (beyond it
//! the result is 0 or infinity anyway), write `x = n ln 2 + r` with `n` an integer and
//! `|r| <= ln 2 / 2` (`ln 2` in two parts, the first with 9 bits so `n * LN_2[0]` is exact),
//! take `e^r = 1 + r + r^2 P(r)` with Cephes' degree-5 `P`, and scale by `2^n` in two exact
//! steps of `2^(n/2)` so that results beyond `f32`'s normal exponents round to IEEE's
//! overflow, subnormal or zero. Measured against the correctly rounded result (`f64`'s
//! `exp`): never more than one ulp off on every 97th `f32` of the domain, and equal on all
//! but 0.76% of them (most are near 0) and on all but 8% of 1,024 points evenly spaced over
//! `[-110, 95]` (the unit test and `tests/interp.rs` check these). Carrying `r`'s rounding
//! error and `1 + r`'s (tried) left 0.11% and 1% inexact but cost 38% more time. NaN stays NaN.

/// Inputs above this give `+inf` (`exp(89) > f32::MAX`).
pub(crate) const HIGHEST: f32 = 89.0;
/// Inputs below this give `0` (`exp(-104)` is under half the smallest subnormal).
pub(crate) const LOWEST: f32 = -104.0;
/// `1.5 * 2^23`: adding it rounds an `f32` of magnitude below `2^22` to an integer, which
/// then sits in the low bits of the sum.
pub(crate) const ROUNDING_SHIFT: f32 = 12_582_912.0;
pub(crate) const LOG2_E: f32 = std::f32::consts::LOG2_E;
/// `ln 2` as `LN_2[0] + LN_2[1]`, the first with 9 significant bits.
pub(crate) const LN_2: [f32; 2] = [0.693_359_4, -2.121_944_4e-4];
/// Cephes' `P`, highest power first.
pub(crate) const POLY: [f32; 6] = [1.987_569_2e-4, 1.398_199_9e-3, 8.333_452e-3, 4.166_579_6e-2, 0.166_666_65, 0.5];

/// `e^x` rounded to `f32` (see the module documentation).
pub(crate) fn expf(x: f32) -> f32 {
    let x = x.clamp(LOWEST, HIGHEST); // NaN stays NaN
    let z = x.mul_add(LOG2_E, ROUNDING_SHIFT);
    let n = z - ROUNDING_SHIFT;
    let r = n.mul_add(-LN_2[0], x);
    let r = n.mul_add(-LN_2[1], r);
    let mut p = POLY[0];
    for &c in &POLY[1..] {
        p = p.mul_add(r, c);
    }
    let e = p.mul_add(r * r, r) + 1.0;
    // `n` is the low bits of `z`; 2^n = 2^(n/2) * 2^(n - n/2), each a normal f32.
    let ni = (z.to_bits() as i32).wrapping_sub(ROUNDING_SHIFT.to_bits() as i32);
    let half = ni >> 1;
    (e * power_of_two(half)) * power_of_two(ni - half)
}

/// `2^k` for `k` within f32's normal exponents (any bits for a NaN's `k`, as generated code
/// computes them: wrapping).
fn power_of_two(k: i32) -> f32 {
    f32::from_bits((k.wrapping_add(127) << 23) as u32)
}

#[cfg(test)]
mod tests {
    use super::expf;

    /// The correctly rounded `e^x`, from `f64`'s `exp` (far more precise than an `f32` ulp).
    fn reference(x: f32) -> f32 {
        f64::from(x).exp() as f32
    }

    #[test]
    fn special_values_are_ieee() {
        assert_eq!(expf(0.0), 1.0);
        assert_eq!(expf(-0.0), 1.0);
        assert_eq!(expf(f32::INFINITY), f32::INFINITY);
        assert_eq!(expf(f32::NEG_INFINITY), 0.0);
        // NaNs of every sign and payload stay NaN (their bits make no exponent to overflow on).
        for bits in [0x7fc0_0000u32, 0xffc0_0000, 0x7f80_0001, 0xffff_ffff, 0x7fff_ffff, 0xff80_0001] {
            assert!(expf(f32::from_bits(bits)).is_nan(), "{bits:#x}");
        }
        assert_eq!(expf(88.8), f32::INFINITY);
        assert_eq!(expf(88.72), reference(88.72));
        assert_eq!(expf(-103.5), reference(-103.5));
        assert_eq!(expf(-104.5), 0.0);
        // Subnormal results are rounded once.
        assert_eq!(expf(-100.0), reference(-100.0));
        assert!(expf(-100.0) > 0.0 && expf(-100.0) < f32::MIN_POSITIVE);
        assert_eq!(expf(1.0), std::f32::consts::E);
    }

    #[test]
    fn within_one_ulp_and_almost_always_correctly_rounded() {
        // Every 97th f32 from -104 to 89 (1.4 million inputs): never more than one ulp from the
        // correctly rounded result, and equal to it in more than 98% of cases.
        let (lo, hi) = (104.0f32.to_bits(), 89.0f32.to_bits());
        let mut inputs = Vec::new();
        let mut b = 0u32;
        while b < lo {
            inputs.push(f32::from_bits(b | 0x8000_0000));
            b += 97 * 16;
        }
        b = 0;
        while b < hi {
            inputs.push(f32::from_bits(b));
            b += 97 * 16;
        }
        let mut off = 0usize;
        for &x in &inputs {
            let (got, want) = (expf(x), reference(x));
            if got != want {
                off += 1;
                let ulps = (i64::from(got.to_bits()) - i64::from(want.to_bits())).abs();
                assert_eq!(ulps, 1, "exp({x:e}) = {got:e}, not {want:e}");
            }
        }
        // Measured: 10,937 of 1,443,229 (0.76%).
        assert!(off * 50 < inputs.len(), "{off} of {} inputs not correctly rounded", inputs.len());
    }
}
