//! Scalars in their canonical register forms: integer constants and normalization to a width,
//! f16/bf16 rounding, and loading and storing elements of every type.

use cranelift_codegen::ir::{InstBuilder, MemFlagsData, Value, types};

use super::lower::*;
use super::repr::{self, Repr};
use crate::ir::{Op, Type};
use crate::runtime::call::{self as rt};

impl<'s, 'a> FnLowerer<'s, 'a> {
    /// An integer constant of a scalar IR type (canonical representation).
    pub fn iconst(&mut self, ty: &Type, v: i64) -> Value {
        let c = repr::scalar_clif(ty).unwrap_or(types::I64);
        self.b.ins().iconst(c, v)
    }

    /// An i64 constant.
    pub fn i64c(&mut self, v: i64) -> Value {
        self.b.ins().iconst(types::I64, v)
    }

    /// Bring an integer of width `w` back to its canonical form (sign-extended from `w` bits, or
    /// 0/1 for `i1`) after an operation that may have set higher bits.
    pub fn normalize(&mut self, v: Value, w: u32) -> Value {
        let c = self.b.func.dfg.value_type(v);
        let cb = c.bits();
        if w == 1 {
            self.b.ins().band_imm_s(v, 1)
        } else if w < cb {
            let sh = i64::from(cb - w);
            let t = self.b.ins().ishl_imm_s(v, sh);
            self.b.ins().sshr_imm_s(t, sh)
        } else {
            v
        }
    }

    /// The signed value of a canonical integer (`i1` true is -1).
    pub fn signed_view(&mut self, v: Value, w: u32) -> Value {
        if w == 1 { self.b.ins().ineg(v) } else { v }
    }

    /// The unsigned value of a canonical integer, zero-extended within its container.
    pub fn unsigned_view(&mut self, v: Value, w: u32) -> Value {
        let cb = self.b.func.dfg.value_type(v).bits();
        if w < cb && w != 1 {
            let mask = if w >= 64 { -1 } else { (1i64 << w) - 1 };
            self.b.ins().band_imm_s(v, mask)
        } else {
            v
        }
    }

    /// Convert an i64 to a scalar integer IR type (truncating) in canonical form.
    pub fn narrow_i64(&mut self, v: Value, ty: &Type) -> Value {
        let c = repr::scalar_clif(ty).unwrap_or(types::I64);
        let w = repr::int_width(ty).unwrap_or(64);
        let x = if c == types::I64 { v } else { self.b.ins().ireduce(c, v) };
        self.normalize(x, w)
    }

    /// Sign-extend a canonical integer to i64.
    pub fn widen_to_i64(&mut self, v: Value, ty: &Type) -> Value {
        let w = repr::int_width(ty).unwrap_or(64);
        let s = self.signed_view(v, w);
        if self.b.func.dfg.value_type(s) == types::I64 { s } else { self.b.ins().sextend(types::I64, s) }
    }

    /// Round an f32 register value to `ty` (a no-op for f32/f64).
    pub fn round_float(&mut self, v: Value, ty: &Type) -> Value {
        let (to, back): (usize, usize) = match ty {
            Type::F16 => (rt::strata_f32_to_f16 as *const () as usize, rt::strata_f16_to_f32 as *const () as usize),
            Type::BF16 => (rt::strata_f32_to_bf16 as *const () as usize, rt::strata_bf16_to_f32 as *const () as usize),
            _ => return v,
        };
        let bits = self.call_host(to, &[types::F32], &[types::I32], &[v])[0];
        self.call_host(back, &[types::I32], &[types::F32], &[bits])[0]
    }

    /// Load a scalar element of `ty` from `addr` into its register form.
    pub fn load_scalar(&mut self, ty: &Type, addr: Value) -> Value {
        self.load_scalar_flagged(ty, addr, false)
    }

    /// [`Self::load_scalar`] for the IR load `op`: a pure load when the TIR lowering proved it
    /// movable ([`crate::verify::AccessFacts::movable`]).
    pub fn load_scalar_of(&mut self, op: Op, ty: &Type, addr: Value) -> Value {
        let movable = self.st.movable.contains(&op);
        self.load_scalar_flagged(ty, addr, movable)
    }

    fn load_scalar_flagged(&mut self, ty: &Type, addr: Value, movable: bool) -> Value {
        let mt = repr::memory_clif(ty).unwrap_or(types::I64);
        let raw = self.b.ins().load(mt, load_flags(MemFlagsData::trusted(), movable), addr, 0);
        match ty {
            Type::F16 | Type::BF16 => {
                let back = if *ty == Type::F16 {
                    rt::strata_f16_to_f32 as *const () as usize
                } else {
                    rt::strata_bf16_to_f32 as *const () as usize
                };
                let w = self.b.ins().uextend(types::I32, raw);
                self.call_host(back, &[types::I32], &[types::F32], &[w])[0]
            }
            Type::Integer(w) => self.normalize(raw, *w),
            _ => raw,
        }
    }

    /// Store a scalar register value of `ty` at `addr`.
    pub fn store_scalar(&mut self, ty: &Type, v: Value, addr: Value) {
        match ty {
            Type::F16 | Type::BF16 => {
                let to = if *ty == Type::F16 {
                    rt::strata_f32_to_f16 as *const () as usize
                } else {
                    rt::strata_f32_to_bf16 as *const () as usize
                };
                let bits = self.call_host(to, &[types::F32], &[types::I32], &[v])[0];
                let h = self.b.ins().ireduce(types::I16, bits);
                self.b.ins().store(MemFlagsData::trusted(), h, addr, 0);
            }
            _ => {
                self.b.ins().store(MemFlagsData::trusted(), v, addr, 0);
            }
        }
    }

    /// Load an element (scalar or vector) of `ty` from `addr`.
    pub fn load_elem(&mut self, ty: &Type, addr: Value) -> Repr {
        self.load_elem_flagged(ty, addr, false)
    }

    /// [`Self::load_elem`] for the IR load `op`: pure loads when the TIR lowering proved it
    /// movable ([`crate::verify::AccessFacts::movable`]).
    pub fn load_elem_of(&mut self, op: Op, ty: &Type, addr: Value) -> Repr {
        let movable = self.st.movable.contains(&op);
        self.load_elem_flagged(ty, addr, movable)
    }

    fn load_elem_flagged(&mut self, ty: &Type, addr: Value, movable: bool) -> Repr {
        if let Some((ct, n)) = repr::simd_chunks(ty) {
            let flags = load_flags(MemFlagsData::new().with_notrap(), movable);
            let chunks = (0..n).map(|c| self.b.ins().load(ct, flags, addr, (16 * c) as i32)).collect();
            return Repr::Vector(chunks);
        }
        match ty.as_vector() {
            Some(v) => {
                let eb = repr::elem_bytes(&v.elem).unwrap_or(1);
                let n = repr::lanes(ty);
                let lanes = (0..n)
                    .map(|i| {
                        let a = self.b.ins().iadd_imm_s(addr, i as i64 * eb);
                        self.load_scalar_flagged(&v.elem, a, movable)
                    })
                    .collect();
                Repr::Vector(lanes)
            }
            None => Repr::Scalar(self.load_scalar_flagged(ty, addr, movable)),
        }
    }

    /// Store an element (scalar or vector) of `ty` at `addr`.
    pub fn store_elem(&mut self, ty: &Type, r: &Repr, addr: Value) {
        if let (Some(_), Repr::Vector(chunks)) = (repr::simd_chunks(ty), r) {
            for (c, &x) in chunks.iter().enumerate() {
                self.b.ins().store(MemFlagsData::new().with_notrap(), x, addr, (16 * c) as i32);
            }
            return;
        }
        match (ty.as_vector(), r) {
            (Some(v), Repr::Vector(lanes)) => {
                let eb = repr::elem_bytes(&v.elem).unwrap_or(1);
                for (i, &l) in lanes.iter().enumerate() {
                    let a = self.b.ins().iadd_imm_s(addr, i as i64 * eb);
                    self.store_scalar(&v.elem, l, a);
                }
            }
            (_, Repr::Scalar(x)) => self.store_scalar(ty, *x, addr),
            _ => {}
        }
    }
}

/// `flags` (which never trap) made those of a pure load when `movable`: Cranelift's e-graph
/// then treats the load like arithmetic, placing it next to its first use (so an unrolled
/// window's loads interleave with its multiplications instead of all waiting in registers),
/// merging repeated ones and moving invariant ones out of loops.
fn load_flags(flags: MemFlagsData, movable: bool) -> MemFlagsData {
    if movable { flags.with_readonly().with_can_move() } else { flags }
}
