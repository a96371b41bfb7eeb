//! Math functions on SIMD registers, where a call per lane would cost more than the math:
//! `exp` of `f32x4` two ways, each with the steps and constants of a runtime function so both
//! give the same bits:
//! - [`libm_exp_f32`](FnLowerer::libm_exp_f32): the C library's `expf`, bit for bit
//!   (`runtime/libm_expf.rs`), the default;
//! - [`fast_exp_f32`](FnLowerer::fast_exp_f32): `Options::fast_math`'s, in `f32`
//!   (`runtime/expf.rs`, within one ulp).

use cranelift_codegen::ir::condcodes::FloatCC;
use cranelift_codegen::ir::{ConstantData, Endianness, InstBuilder, MemFlagsData, Type, Value, types};

use super::lower::FnLowerer;
use crate::runtime::expf::{HIGHEST, LN_2, LOG2_E, LOWEST, POLY, ROUNDING_SHIFT};
use crate::runtime::libm_expf;

impl FnLowerer<'_, '_> {
    /// How `exp` of `f32` values (`vector`: of vector lanes) is computed inline, if it is: for
    /// vectors with `Options::fast_math`, [`fast_exp_f32`](Self::fast_exp_f32); else, where
    /// the C library's `expf` is the one [`libm_expf`] reproduces,
    /// [`libm_exp_f32`](Self::libm_exp_f32); else not (a C library call per element). One
    /// element at a time the C library's steps inline beat both a call (a softmax's scalar
    /// exp-and-sum loop 25% faster) and the fast steps (2x slower than the call).
    pub fn inline_exp_f32(&self, vector: bool) -> Option<fn(&mut Self, Value) -> Value> {
        if vector && self.fast_math() {
            Some(Self::fast_exp_f32)
        } else if libm_expf::is_the_c_librarys() {
            Some(Self::libm_exp_f32)
        } else {
            None
        }
    }

    /// `e^x` of each lane of an `f32x4` (or of an `f32`) as the C library's `expf` computes it;
    /// only where [`libm_expf::is_the_c_librarys`] holds. In `f64x2` halves: a lane's table
    /// entry is loaded by its index, the rest is lane-wise.
    pub fn libm_exp_f32(&mut self, x: Value) -> Value {
        if self.b.func.dfg.value_type(x) == types::F32 {
            let xd = self.b.ins().fpromote(types::F64, x);
            let y = self.libm_exp_core(xd);
            let y = self.b.ins().fdemote(types::F32, y);
            return self.libm_exp_limits(x, y, false);
        }
        let low = self.b.ins().fvpromote_low(x);
        let high = self.shuffle_bytes(x, x, [8, 9, 10, 11, 12, 13, 14, 15, 8, 9, 10, 11, 12, 13, 14, 15]);
        let high = self.b.ins().fvpromote_low(high);
        let low = self.libm_exp_core(low);
        let high = self.libm_exp_core(high);
        let low = self.b.ins().fvdemote(low);
        let high = self.b.ins().fvdemote(high);
        let y = self.shuffle_bytes(low, high, [0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23]);
        self.libm_exp_limits(x, y, true)
    }

    /// The C library's `expf` between its limits, of an `f64` or each lane of an `f64x2`.
    fn libm_exp_core(&mut self, xd: Value) -> Value {
        let vector = self.b.func.dfg.value_type(xd) == types::F64X2;
        let inv_ln2_n = self.f64_const(vector, libm_expf::INV_LN2_N);
        let shift = self.f64_const(vector, libm_expf::SHIFT);
        let kd = self.b.ins().fma(inv_ln2_n, xd, shift);
        let int_ty = if vector { types::I64X2 } else { types::I64 };
        let ki = self.vector_bitcast(int_ty, kd);
        let kd = self.b.ins().fsub(kd, shift);
        let minus_kd = self.b.ins().fneg(kd);
        let r = self.b.ins().fma(inv_ln2_n, xd, minus_kd);
        // s = 2^(k/32): the table entry for k % 32, plus k's bits shifted into the exponent.
        let table = self.b.ins().iconst(types::I64, libm_expf::TABLE.as_ptr() as i64);
        let entry = |lw: &mut Self, k: Value| {
            let i = lw.b.ins().band_imm_u(k, 31);
            let offset = lw.b.ins().ishl_imm_u(i, 3);
            let at = lw.b.ins().iadd(table, offset);
            lw.b.ins().load(types::I64, MemFlagsData::trusted().with_readonly(), at, 0)
        };
        let entries = if vector {
            let k0 = self.b.ins().extractlane(ki, 0);
            let k1 = self.b.ins().extractlane(ki, 1);
            let (e0, e1) = (entry(self, k0), entry(self, k1));
            let v = self.b.ins().scalar_to_vector(types::I64X2, e0);
            self.b.ins().insertlane(v, e1, 1)
        } else {
            entry(self, ki)
        };
        let scale = self.b.ins().ishl_imm_u(ki, 47);
        let s = self.b.ins().iadd(entries, scale);
        let s = self.vector_bitcast(if vector { types::F64X2 } else { types::F64 }, s);
        let c0 = self.f64_const(vector, libm_expf::POLY[0]);
        let c1 = self.f64_const(vector, libm_expf::POLY[1]);
        let z = self.b.ins().fma(r, c0, c1);
        let c2 = self.f64_const(vector, libm_expf::POLY[2]);
        let one = self.f64_const(vector, 1.0);
        let y = self.b.ins().fma(r, c2, one);
        let r2 = self.b.ins().fmul(r, r);
        let y = self.b.ins().fma(z, r2, y);
        self.b.ins().fmul(y, s)
    }

    /// The C library's `expf` results beyond its limits, lane by lane over `y` (the core's):
    /// infinity above, zero or the smallest subnormal below, `x + x` for NaN.
    fn libm_exp_limits(&mut self, x: Value, y: Value, vector: bool) -> Value {
        let tiny = self.f32_const(vector, f32::from_bits(1));
        let may_underflow = self.f32_const(vector, libm_expf::MAY_UNDERFLOW);
        let y = self.choose_where(FloatCC::LessThan, x, may_underflow, tiny, y, vector);
        let zero = self.f32_const(vector, 0.0);
        let underflow = self.f32_const(vector, libm_expf::UNDERFLOW);
        let y = self.choose_where(FloatCC::LessThan, x, underflow, zero, y, vector);
        let inf = self.f32_const(vector, f32::INFINITY);
        let overflow = self.f32_const(vector, libm_expf::OVERFLOW);
        let y = self.choose_where(FloatCC::GreaterThan, x, overflow, inf, y, vector);
        let nan = self.b.ins().fadd(x, x);
        self.choose_where(FloatCC::Unordered, x, x, nan, y, vector)
    }

    /// `then` where `a cc b`, else `otherwise` (lane by lane).
    fn choose_where(&mut self, cc: FloatCC, a: Value, b: Value, then: Value, otherwise: Value, vector: bool) -> Value {
        let c = self.b.ins().fcmp(cc, a, b);
        if vector {
            let c = self.vector_bitcast(types::F32X4, c);
            self.b.ins().bitselect(c, then, otherwise)
        } else {
            self.b.ins().select(c, then, otherwise)
        }
    }

    /// The bytes of `a` (0-15) and `b` (16-31) picked by `mask`, as `a`'s type.
    fn shuffle_bytes(&mut self, a: Value, b: Value, mask: [u8; 16]) -> Value {
        let ty = self.b.func.dfg.value_type(a);
        let a = self.vector_bitcast(types::I8X16, a);
        let b = self.vector_bitcast(types::I8X16, b);
        let mask = self.b.func.dfg.immediates.push(ConstantData::from(&mask[..]));
        let v = self.b.ins().shuffle(a, b, mask);
        self.vector_bitcast(ty, v)
    }

    /// An `f64` constant, splat to `f64x2` for vector code.
    fn f64_const(&mut self, vector: bool, v: f64) -> Value {
        let c = self.b.ins().f64const(v);
        if vector { self.b.ins().splat(types::F64X2, c) } else { c }
    }

    /// `e^x` of each lane of an `f32x4`, or of one lane of a vector that does not fill one,
    /// with `Options::fast_math`: the runtime's [`expf`](crate::runtime::expf::expf).
    pub fn fast_exp_f32(&mut self, x: Value) -> Value {
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
        self.choose_where(cc, x, bound, bound, x, vector)
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
