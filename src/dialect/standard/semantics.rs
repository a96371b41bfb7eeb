//! The meaning of the std arithmetic ops on scalars, written once: the folder uses it, and the
//! code generator implements exactly this (spec/README.md decisions).
//!
//! Integers are signless bit patterns of width N (values here are kept sign-extended from N
//! bits, as `IntegerAttr` stores them). Division and remainder by zero, and signed `MIN / -1`,
//! are errors, not values (the remainder `MIN % -1` is 0). Shifts by an amount of N or more (as unsigned) give 0 (`shlis`,
//! `shriu`) or the sign fill (`shris`). `fptosi` saturates and maps NaN to 0.

use crate::ir::normalize_int;

/// Integer binary operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntBin {
    /// `addi`
    Add,
    /// `subi`
    Sub,
    /// `muli`
    Mul,
    /// `divis`
    DivS,
    /// `diviu`
    DivU,
    /// `remis`
    RemS,
    /// `remiu`
    RemU,
    /// `and`
    And,
    /// `or`
    Or,
    /// `xor`
    Xor,
    /// `shlis`
    Shl,
    /// `shris`
    ShrS,
    /// `shriu`
    ShrU,
}

/// Why an integer operation has no value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntError {
    /// Division or remainder by zero.
    DivisionByZero,
    /// Signed division of the minimum value by -1.
    SignedOverflow,
}

/// Sign-extend the low `width` bits of `v` (0 or 1 for width 1).
pub fn wrap(v: i128, width: u32) -> i128 {
    if width >= 128 {
        return v;
    }
    if width == 1 {
        return v & 1;
    }
    let shift = 128 - width;
    (v << shift) >> shift
}

/// The unsigned value of the low `width` bits of `v`.
pub fn unsigned(v: i128, width: u32) -> u128 {
    if width >= 128 { v as u128 } else { (v as u128) & ((1u128 << width) - 1) }
}

/// Evaluate an integer operation on `width`-bit operands (width at most 64).
///
/// # Errors
/// [`IntError`] for division by zero and signed overflow in division.
pub fn eval_int(op: IntBin, a: i128, b: i128, width: u32) -> Result<i128, IntError> {
    let (sa, sb) = (wrap(a, width), wrap(b, width));
    let (ua, ub) = (unsigned(a, width), unsigned(b, width));
    let min = if width == 1 { 1 } else { -(1i128 << (width - 1)) };
    let r = match op {
        IntBin::Add => sa + sb,
        IntBin::Sub => sa - sb,
        IntBin::Mul => sa.wrapping_mul(sb),
        IntBin::DivS | IntBin::RemS => {
            if ub == 0 {
                return Err(IntError::DivisionByZero);
            }
            // With width 1 the values are 0 and 1 stored, meaning 0 and -1 signed.
            let (x, y) = if width == 1 { (-sa, -sb) } else { (sa, sb) };
            if x == min && y == -1 && width > 1 {
                // The quotient does not fit; the remainder is 0.
                if op == IntBin::RemS {
                    return Ok(0);
                }
                return Err(IntError::SignedOverflow);
            }
            if width == 1 && x == -1 && y == -1 && op == IntBin::DivS {
                return Err(IntError::SignedOverflow);
            }
            let q = if op == IntBin::DivS { x / y } else { x % y };
            if width == 1 { -q } else { q }
        }
        IntBin::DivU => {
            if ub == 0 {
                return Err(IntError::DivisionByZero);
            }
            (ua / ub) as i128
        }
        IntBin::RemU => {
            if ub == 0 {
                return Err(IntError::DivisionByZero);
            }
            (ua % ub) as i128
        }
        IntBin::And => sa & sb,
        IntBin::Or => sa | sb,
        IntBin::Xor => sa ^ sb,
        IntBin::Shl => {
            if ub >= u128::from(width) {
                0
            } else {
                ((ua << ub) & unsigned(-1, width)) as i128
            }
        }
        IntBin::ShrU => {
            if ub >= u128::from(width) {
                0
            } else {
                (ua >> ub) as i128
            }
        }
        IntBin::ShrS => {
            let signed = if width == 1 { -sa } else { sa };
            let r = if ub >= u128::from(width) { if signed < 0 { -1 } else { 0 } } else { signed >> ub };
            if width == 1 { -r } else { r }
        }
    };
    Ok(wrap(r, width))
}

/// The ten `cmpi` predicates in order of their integer values.
pub const CMPI_PREDICATES: [&str; 10] = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"];

/// The sixteen `cmpf` predicates in order of their integer values.
pub const CMPF_PREDICATES: [&str; 16] =
    ["false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true"];

/// Evaluate `cmpi` predicate `pred` (0..9).
pub fn eval_cmpi(pred: i64, a: i128, b: i128, width: u32) -> Option<bool> {
    let (sa, sb) = (wrap(a, width), wrap(b, width));
    let (sa, sb) = if width == 1 { (-sa, -sb) } else { (sa, sb) };
    let (ua, ub) = (unsigned(a, width), unsigned(b, width));
    Some(match pred {
        0 => ua == ub,
        1 => ua != ub,
        2 => sa < sb,
        3 => sa <= sb,
        4 => sa > sb,
        5 => sa >= sb,
        6 => ua < ub,
        7 => ua <= ub,
        8 => ua > ub,
        9 => ua >= ub,
        _ => return None,
    })
}

/// Evaluate `cmpf` predicate `pred` (0..15): ordered predicates are false when either operand
/// is NaN, unordered ones true.
pub fn eval_cmpf(pred: i64, a: f64, b: f64) -> Option<bool> {
    let unordered = a.is_nan() || b.is_nan();
    Some(match pred {
        0 => false,
        1 => !unordered && a == b,
        2 => !unordered && a > b,
        3 => !unordered && a >= b,
        4 => !unordered && a < b,
        5 => !unordered && a <= b,
        6 => !unordered && a != b,
        7 => !unordered,
        8 => unordered || a == b,
        9 => unordered || a > b,
        10 => unordered || a >= b,
        11 => unordered || a < b,
        12 => unordered || a <= b,
        13 => unordered || a != b,
        14 => unordered,
        15 => true,
        _ => return None,
    })
}

/// `fptosi`: saturating conversion to a `width`-bit signed integer, NaN to 0.
pub fn fptosi(v: f64, width: u32) -> i128 {
    if v.is_nan() {
        return 0;
    }
    let max = (1i128 << (width.clamp(1, 127) - 1)) - 1;
    let min = -(1i128 << (width.clamp(1, 127) - 1));
    let t = v.trunc();
    if t >= max as f64 {
        max
    } else if t <= min as f64 {
        min
    } else {
        normalize_int(t as i128, width).unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_semantics() {
        // spec: mlir-langref-mid.md, divis: "6 / -2 = -3"; diviu for i16: 6 / (2^16 - 2) = 0
        assert_eq!(eval_int(IntBin::DivS, 6, -2, 64), Ok(-3));
        assert_eq!(eval_int(IntBin::DivU, 6, -2, 16), Ok(0));
        // remis: 6 % -2 = 0; remiu for i16: 6 % (2^16 - 2) = 6
        assert_eq!(eval_int(IntBin::RemS, 6, -2, 64), Ok(0));
        assert_eq!(eval_int(IntBin::RemU, 6, -2, 16), Ok(6));
        assert_eq!(eval_int(IntBin::DivS, 1, 0, 32), Err(IntError::DivisionByZero));
        assert_eq!(eval_int(IntBin::DivS, i128::from(i32::MIN), -1, 32), Err(IntError::SignedOverflow));
        assert_eq!(eval_int(IntBin::Add, i128::from(i32::MAX), 1, 32), Ok(i128::from(i32::MIN)));
        assert_eq!(eval_int(IntBin::Add, 1, 1, 1), Ok(0));
        assert_eq!(eval_int(IntBin::Shl, 1, 40, 32), Ok(0));
        assert_eq!(eval_int(IntBin::ShrS, -8, 1, 8), Ok(-4));
        assert_eq!(eval_int(IntBin::ShrU, -8, 1, 8), Ok(124));
        assert_eq!(eval_int(IntBin::Mul, 100, 3, 8), Ok(44));
    }

    #[test]
    fn comparisons() {
        // The i4 example of the rationale: 0b1000 vs 0b0010.
        assert_eq!(eval_cmpi(8, -8, 2, 4), Some(true));
        assert_eq!(eval_cmpi(2, -8, 2, 4), Some(true));
        assert_eq!(eval_cmpf(4, f64::NAN, 1.0), Some(false));
        assert_eq!(eval_cmpf(11, f64::NAN, 1.0), Some(true));
        assert_eq!(fptosi(1e20, 32), i128::from(i32::MAX));
        assert_eq!(fptosi(-2.7, 8), -2);
    }
}
