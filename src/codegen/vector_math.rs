//! Math functions on SIMD registers, where a call per lane would cost more than the math:
//! `exp` of `f32x4`, with the steps and constants of the runtime's [`expf`] so both give the
//! same bits (see `runtime/expf.rs` for the method and its accuracy).
//!
//! [`expf`]: crate::runtime::expf

use cranelift_codegen::ir::condcodes::FloatCC;
use cranelift_codegen::ir::{Endianness, InstBuilder, MemFlagsData, Type, Value, types};

use super::lower::FnLowerer;
use crate::runtime::expf::{HIGHEST, LN_2, LOG2_E, LOWEST, POLY, ROUNDING_SHIFT};

impl FnLowerer<'_, '_> {
    /// `e^x` of each lane of an `f32x4`, or of one lane of a vector that does not fill one.
    pub fn exp_f32(&mut self, x: Value) -> Value {
        let vector = self.b.func.dfg.value_type(x) == types::F32X4;
        // Clamp with compares rather than fmin/fmax: a NaN lane fails both and stays NaN.
        let hi = self.f32_const(vector, HIGHEST);
        let lo = self.f32_const(vector, LOWEST);
        let x = self.choose_if(FloatCC::GreaterThan, x, hi, vector);
        let x = self.choose_if(FloatCC::LessThan, x, lo, vector);
        let shift = self.f32_const(vector, ROUNDING_SHIFT);
        let log2e = self.f32_const(vector, LOG2_E);
        let z = self.b.ins().fma(x, log2e, shift);
        let n = self.b.ins().fsub(z, shift);
        let ln2_high = self.f32_const(vector, -LN_2[0]);
        let r = self.b.ins().fma(n, ln2_high, x);
        let ln2_low = self.f32_const(vector, -LN_2[1]);
        let r = self.b.ins().fma(n, ln2_low, r);
        let mut p = self.f32_const(vector, POLY[0]);
        for &c in &POLY[1..] {
            let c = self.f32_const(vector, c);
            p = self.b.ins().fma(p, r, c);
        }
        let r2 = self.b.ins().fmul(r, r);
        let e = self.b.ins().fma(p, r2, r);
        let one = self.f32_const(vector, 1.0);
        let e = self.b.ins().fadd(e, one);
        // n from z's low bits, and 2^n as 2^(n/2) * 2^(n - n/2).
        let zi = self.vector_bitcast(if vector { types::I32X4 } else { types::I32 }, z);
        let shift_bits =
            self.i32_const(ROUNDING_SHIFT.to_bits() as i32, if vector { types::I32X4 } else { types::I32 });
        let ni = self.b.ins().isub(zi, shift_bits);
        let half = self.b.ins().sshr_imm_s(ni, 1);
        let rest = self.b.ins().isub(ni, half);
        let s1 = self.power_of_two_f32(half);
        let s2 = self.power_of_two_f32(rest);
        let e = self.b.ins().fmul(e, s1);
        self.b.ins().fmul(e, s2)
    }

    /// An `f32` constant, splat to `f32x4` for vector code.
    fn f32_const(&mut self, vector: bool, v: f32) -> Value {
        let c = self.b.ins().f32const(v);
        if vector { self.b.ins().splat(types::F32X4, c) } else { c }
    }

    /// `bound` where `x cc bound`, else `x` (lane by lane).
    fn choose_if(&mut self, cc: FloatCC, x: Value, bound: Value, vector: bool) -> Value {
        let c = self.b.ins().fcmp(cc, x, bound);
        if vector {
            let c = self.vector_bitcast(types::F32X4, c);
            self.b.ins().bitselect(c, bound, x)
        } else {
            self.b.ins().select(c, bound, x)
        }
    }

    /// `2^k` of an `i32` or of each `i32x4` lane (`k` within f32's normal exponents).
    fn power_of_two_f32(&mut self, k: Value) -> Value {
        let ty = self.b.func.dfg.value_type(k);
        let bias = self.i32_const(127, ty);
        let biased = self.b.ins().iadd(k, bias);
        let bits = self.b.ins().ishl_imm_s(biased, 23);
        self.vector_bitcast(if ty == types::I32 { types::F32 } else { types::F32X4 }, bits)
    }

    /// An `i32` constant, splat when `ty` is a vector type.
    fn i32_const(&mut self, v: i32, ty: Type) -> Value {
        let c = self.b.ins().iconst(types::I32, i64::from(v));
        if ty.is_vector() { self.b.ins().splat(ty, c) } else { c }
    }

    /// Reinterpret a value's bits as another type of the same size (lanes in memory order).
    fn vector_bitcast(&mut self, to: Type, v: Value) -> Value {
        let flags =
            if to.is_vector() { MemFlagsData::new().with_endianness(Endianness::Little) } else { MemFlagsData::new() };
        self.b.ins().bitcast(to, flags, v)
    }
}
