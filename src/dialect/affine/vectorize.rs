//! SIMD code for innermost elementwise `affine.for` loops.
//!
//! A loop qualifies when its step is 1 and its body is only unit-stride `affine.load`s and
//! `affine.store`s (the loop variable appears once, with coefficient 1, in the last subscript of
//! an identity-layout memref), constants, values from outside the loop, and elementwise
//! arithmetic, all on one element type Cranelift has 128-bit vectors of (f32, f64, i8..i64).
//! Such a loop runs 16 bytes per iteration, then the remaining iterations one by one.
//!
//! Memrefs may alias, so before the vector loop a runtime check compares the byte ranges each
//! access covers: every store must either not overlap another access or address the same
//! element as it in every iteration. Otherwise every iteration runs the scalar loop.

use std::collections::HashMap;

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{InstBuilder, MemFlagsData, Value as CValue, types};

use super::{index_values, lower_terminator};
use crate::codegen::repr::{self as cr, Repr};
use crate::codegen::{CodegenError, FnLowerer};
use crate::ir::{AffineExpr, AffineMap, Attribute, ExprKind, Module, Op, Type, Value};

/// Whether `e` depends on any of the dimensions `dims`.
pub(super) fn mentions(e: &AffineExpr, dims: &[u32]) -> bool {
    match e.kind() {
        ExprKind::Const(_) | ExprKind::Symbol(_) => false,
        ExprKind::Dim(d) => dims.contains(d),
        ExprKind::Add(a, b)
        | ExprKind::Mul(a, b)
        | ExprKind::Mod(a, b)
        | ExprKind::FloorDiv(a, b)
        | ExprKind::CeilDiv(a, b) => mentions(a, dims) || mentions(b, dims),
    }
}

/// Whether an access (map on operands) is unit-stride in the loop variable: only the last
/// result uses it, as `+ 1 * iv`.
fn unit_stride(map: &AffineMap, operands: &[Value], iv: Value) -> bool {
    let iv_dims: Vec<u32> =
        operands.iter().take(map.num_dims()).enumerate().filter(|(_, v)| **v == iv).map(|(i, _)| i as u32).collect();
    if iv_dims.len() != 1 || operands[map.num_dims()..].contains(&iv) {
        return false;
    }
    let Some((last, rest)) = map.results().split_last() else { return false };
    if rest.iter().any(|e| mentions(e, &iv_dims)) {
        return false;
    }
    let (terms, _) = last.terms();
    let mut found = false;
    for (atom, coef) in terms {
        match atom.kind() {
            ExprKind::Dim(d) if *d == iv_dims[0] => {
                if coef != 1 {
                    return false;
                }
                found = true;
            }
            _ if mentions(&atom, &iv_dims) => return false,
            _ => {}
        }
    }
    found
}

/// The element type if the loop can be vectorized.
pub(super) fn plan(m: &Module, loop_op: Op, step: i64) -> Option<Type> {
    if step != 1 {
        return None;
    }
    let body = *m.region(m.op(loop_op).regions[0]).blocks.first()?;
    let iv = *m.block(body).args.first()?;
    let mut elem: Option<Type> = None;
    let mut agree = |t: &Type| -> bool {
        match &elem {
            None => {
                elem = Some(t.clone());
                true
            }
            Some(e) => e == t,
        }
    };
    let mut has_store = false;
    for &op in &m.block(body).ops {
        let d = m.op(op);
        let name = m.op_name(op);
        match name {
            "affine.terminator" => {}
            "affine.load" | "affine.store" => {
                let at = usize::from(name == "affine.store");
                has_store |= at == 1;
                let memref = d.operands[at];
                let mt = m.value_type(memref).as_memref()?;
                let map = m.attr(op, "map")?.as_map()?;
                if !mt.maps.is_empty() || !unit_stride(map, &d.operands[at + 1..], iv) || !agree(&mt.elem) {
                    return None;
                }
            }
            "std.constant" => {
                if !matches!(m.attr(op, "value"), Some(Attribute::Integer(_) | Attribute::Float(_)))
                    || !agree(m.value_type(d.results[0]))
                {
                    return None;
                }
            }
            "std.addf" | "std.subf" | "std.mulf" | "std.divf" | "std.negf" | "std.absf" | "std.sqrt" | "std.addi"
            | "std.subi" | "std.muli" | "std.and" | "std.or" | "std.xor" => {
                if !agree(m.value_type(d.results[0])) || d.operands.iter().any(|&v| !agree(m.value_type(v))) {
                    return None;
                }
            }
            _ => return None,
        }
    }
    let elem = elem?;
    let ok = match &elem {
        Type::F32 | Type::F64 => true,
        Type::Integer(w) => matches!(w, 8 | 16 | 32 | 64),
        Type::Index => true,
        _ => false,
    };
    // Integer division and float/int mixes were excluded above; i64 multiply has no SSE form.
    let int64_mul = matches!(elem, Type::Integer(64) | Type::Index)
        && m.block(body).ops.iter().any(|&o| m.op_name(o) == "std.muli");
    let float_ops_on_ints = elem.is_int_or_index()
        && m.block(body).ops.iter().any(|&o| {
            matches!(
                m.op_name(o),
                "std.addf" | "std.subf" | "std.mulf" | "std.divf" | "std.negf" | "std.absf" | "std.sqrt"
            )
        });
    (ok && has_store && !int64_mul && !float_ops_on_ints).then_some(elem)
}

fn vec_type(elem: &Type) -> types::Type {
    match elem {
        Type::F32 => types::F32X4,
        Type::F64 => types::F64X2,
        Type::Integer(8) => types::I8X16,
        Type::Integer(16) => types::I16X8,
        Type::Integer(32) => types::I32X4,
        _ => types::I64X2,
    }
}

/// The vector loop over `[lb, lb + k * lanes)`; returns where the scalar loop starts.
pub(super) fn emit(
    lw: &mut FnLowerer<'_, '_>,
    loop_op: Op,
    elem: &Type,
    lb: CValue,
    ub: CValue,
) -> Result<CValue, CodegenError> {
    let m = lw.m;
    let body = m.region(m.op(loop_op).regions[0]).blocks[0];
    let iv = m.block(body).args[0];
    let vt = vec_type(elem);
    let lanes = i64::from(vt.lane_count());
    let eb = cr::elem_bytes(elem).unwrap_or(4);
    let ops: Vec<Op> = m.block(body).ops.clone();

    // Iterations of the vector loop: max(0, ub - lb) rounded down to whole vectors.
    let n = lw.b.ins().isub(ub, lb);
    let zero = lw.i64c(0);
    let n = lw.b.ins().smax(n, zero);
    let whole = lw.b.ins().band_imm_s(n, -lanes);

    // Alias check: the byte range of every access over the whole loop.
    let mut ranges: Vec<(CValue, bool)> = Vec::new();
    for &op in &ops {
        let name = m.op_name(op);
        if !matches!(name, "affine.load" | "affine.store") {
            continue;
        }
        lw.set(iv, Repr::Scalar(lb));
        let addr = address(lw, op)?;
        ranges.push((addr, name == "affine.store"));
    }
    let span = lw.b.ins().imul_imm_s(n, eb);
    let mut safe = lw.b.ins().iconst(types::I8, 1);
    for (i, &(a, a_store)) in ranges.iter().enumerate() {
        for (j, &(b, b_store)) in ranges.iter().enumerate() {
            if i >= j || !(a_store || b_store) {
                continue;
            }
            // Disjoint: a + span <= b or b + span <= a; or the very same elements.
            let a_end = lw.b.ins().iadd(a, span);
            let b_end = lw.b.ins().iadd(b, span);
            let before = lw.b.ins().icmp(IntCC::UnsignedLessThanOrEqual, a_end, b);
            let after = lw.b.ins().icmp(IntCC::UnsignedLessThanOrEqual, b_end, a);
            let same = lw.b.ins().icmp(IntCC::Equal, a, b);
            let ok = lw.b.ins().bor(before, after);
            let ok = lw.b.ins().bor(ok, same);
            safe = lw.b.ins().band(safe, ok);
        }
    }
    let whole = lw.b.ins().select(safe, whole, zero);
    let vec_end = lw.b.ins().iadd(lb, whole);

    // Values from outside the loop, splatted once.
    let mut splats: HashMap<Value, CValue> = HashMap::new();
    for &op in &ops {
        for &v in &m.op(op).operands {
            let inside = m.defining_op(v).is_some_and(|d| m.parent_block(d) == Some(body)) || v == iv;
            if !inside && m.value_type(v) == elem && !splats.contains_key(&v) {
                let s = lw.scalar(v)?;
                splats.insert(v, lw.b.ins().splat(vt, s));
            }
        }
    }
    let flags = MemFlagsData::new().with_notrap();
    lw.build_loop(lb, vec_end, lanes, &mut |lw, i| {
        lw.set(iv, Repr::Scalar(i));
        let mut vals: HashMap<Value, CValue> = splats.clone();
        for &op in &ops {
            let d = lw.m.op(op);
            let name = lw.m.op_name(op);
            let arg = |k: usize| vals[&d.operands[k]];
            let r = match name {
                "affine.load" => {
                    let a = address(lw, op)?;
                    lw.b.ins().load(vt, flags, a, 0)
                }
                "affine.store" => {
                    let a = address(lw, op)?;
                    lw.b.ins().store(flags, arg(0), a, 0);
                    continue;
                }
                "affine.terminator" => {
                    lower_terminator(lw, op)?;
                    continue;
                }
                "std.constant" => {
                    let s = match lw.m.attr(op, "value") {
                        Some(Attribute::Float(f)) if *elem == Type::F64 => {
                            lw.b.ins().f64const(crate::ir::bits_to_f64(f.bits, &f.ty))
                        }
                        Some(Attribute::Float(f)) => lw.b.ins().f32const(crate::ir::bits_to_f64(f.bits, &f.ty) as f32),
                        Some(Attribute::Integer(c)) => lw.iconst(elem, c.value as i64),
                        _ => return Err(lw.err(op, "unexpected constant")),
                    };
                    lw.b.ins().splat(vt, s)
                }
                "std.addf" => lw.b.ins().fadd(arg(0), arg(1)),
                "std.subf" => lw.b.ins().fsub(arg(0), arg(1)),
                "std.mulf" => lw.b.ins().fmul(arg(0), arg(1)),
                "std.divf" => lw.b.ins().fdiv(arg(0), arg(1)),
                "std.negf" => lw.b.ins().fneg(arg(0)),
                "std.absf" => lw.b.ins().fabs(arg(0)),
                "std.sqrt" => lw.b.ins().sqrt(arg(0)),
                "std.addi" => lw.b.ins().iadd(arg(0), arg(1)),
                "std.subi" => lw.b.ins().isub(arg(0), arg(1)),
                "std.muli" => lw.b.ins().imul(arg(0), arg(1)),
                "std.and" => lw.b.ins().band(arg(0), arg(1)),
                "std.or" => lw.b.ins().bor(arg(0), arg(1)),
                _ => lw.b.ins().bxor(arg(0), arg(1)),
            };
            vals.insert(d.results[0], r);
        }
        Ok(())
    })?;
    Ok(vec_end)
}

/// The address of a load/store's element for the current loop variable.
fn address(lw: &mut FnLowerer<'_, '_>, op: Op) -> Result<CValue, CodegenError> {
    let m = lw.m;
    let d = m.op(op);
    let at = usize::from(m.op_name(op) == "affine.store");
    let map = m.attr(op, "map").and_then(Attribute::as_map).ok_or_else(|| lw.err(op, "missing map"))?;
    let ops = index_values(lw, &d.operands[at + 1..])?;
    let idx = lw.affine_map(map, &ops, op)?;
    let ty = lw.ty(d.operands[at]);
    let desc = lw.memref(d.operands[at])?;
    lw.element_address(ty, &desc, &idx, op)
}
