//! SIMD code for innermost elementwise `affine.for` loops: the affine front end of the
//! vectorizer whose rule is `transform::vectorize` (shared with TIR).
//!
//! What this emitter can write: a loop of step 1 whose body is only `affine.load`s and
//! `affine.store`s of identity-layout memrefs, constants, values from outside the loop, and
//! elementwise arithmetic, all on one element type Cranelift has 128-bit vectors of (f32, f64,
//! i8..i64); each access either unit-stride (the loop variable appears once, with coefficient
//! 1, in the last subscript) or, for a load, the same element in every iteration (broadcast).
//! The shared rule then decides: stores unit-stride, a stored memref read only at the stored
//! element, and memrefs that may overlap (any two but distinct `alloc`/`alloca` results)
//! checked at run time. Such a loop runs `transform::vectorize::lanes` iterations at a time
//! (two registers), then the remaining iterations one by one.
//!
//! The check before the vector loop compares the byte ranges two accesses cover over the whole
//! loop: they must not overlap, or (both unit-stride) start at the same element. Where they
//! fail, every iteration runs the scalar loop.

use std::collections::HashMap;

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{InstBuilder, MemFlagsData, Value as CValue, types};

use super::{index_values, lower_terminator};
use crate::codegen::repr::{self as cr, Repr};
use crate::codegen::{CodegenError, FnLowerer};
use crate::dialect::standard::{ALLOC, ALLOCA};
use crate::ir::{AffineExpr, AffineMap, Attribute, ExprKind, Module, Op, Type, Value};
use crate::transform::vectorize::{Access, Overlap, Stride, Verdict, judge};

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

/// How the loop variable moves an access: unit-stride, fixed, or neither (`None`).
fn stride_of(map: &AffineMap, operands: &[Value], iv: Value) -> Option<Stride> {
    let iv_dims: Vec<u32> =
        operands.iter().take(map.num_dims()).enumerate().filter(|(_, v)| **v == iv).map(|(i, _)| i as u32).collect();
    if operands[map.num_dims().min(operands.len())..].contains(&iv) {
        return None;
    }
    if !map.results().iter().any(|e| mentions(e, &iv_dims)) {
        return Some(Stride::Fixed);
    }
    unit_stride(map, operands, iv).then_some(Stride::Unit)
}

/// A loop the emitter can write and the shared rule allows: its element type, the body's
/// loads and stores (in order, with their strides) and the pairs of them to check for overlap.
pub(super) struct Plan {
    elem: Type,
    accesses: Vec<(Op, Stride)>,
    checks: Vec<(usize, usize)>,
}

/// Whether two memrefs are distinct allocations (else they may share bytes).
pub(super) fn overlap(m: &Module, a: Value, b: Value) -> Overlap {
    let fresh = |v: Value| m.defining_op(v).is_some_and(|d| ALLOC.is(m, d) || ALLOCA.is(m, d));
    if fresh(a) && fresh(b) { Overlap::Never } else { Overlap::Unknown }
}

/// The plan if the loop can be vectorized.
pub(super) fn plan(m: &Module, loop_op: Op, step: i64) -> Option<Plan> {
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
    let mut accesses: Vec<(Op, Stride)> = Vec::new();
    let mut described: Vec<Access<Value, (AffineMap, Vec<Value>)>> = Vec::new();
    for &op in &m.block(body).ops {
        let d = m.op(op);
        let name = m.op_name(op);
        match name {
            "affine.terminator" => {}
            "affine.load" | "affine.store" => {
                let at = usize::from(name == "affine.store");
                let memref = d.operands[at];
                let mt = m.value_type(memref).as_memref()?;
                let map = m.attr(op, "map")?.as_map()?;
                let subscripts = &d.operands[at + 1..];
                // Subscripts other than the loop variable must come from outside the loop: the
                // vector loop computes addresses from scalars it has there.
                if subscripts
                    .iter()
                    .any(|&v| v != iv && m.defining_op(v).is_some_and(|d| m.parent_block(d) == Some(body)))
                {
                    return None;
                }
                let stride = stride_of(map, subscripts, iv)?;
                if !mt.maps.is_empty() || !agree(&mt.elem) {
                    return None;
                }
                accesses.push((op, stride));
                let element = (map.clone(), subscripts.to_vec());
                described.push(Access { memory: memref, element, stride, store: at == 1 });
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
    // Unit-stride stores are all this emitter writes.
    if !ok || int64_mul || float_ops_on_ints || described.iter().any(|a| a.store && a.stride != Stride::Unit) {
        return None;
    }
    match judge(&described, |&a, &b| overlap(m, a, b)) {
        Verdict::Vectorize { checks } => Some(Plan { elem, accesses, checks }),
        Verdict::Serial(_) => None,
    }
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
    plan: &Plan,
    lb: CValue,
    ub: CValue,
) -> Result<CValue, CodegenError> {
    let m = lw.m;
    let elem = &plan.elem;
    let body = m.region(m.op(loop_op).regions[0]).blocks[0];
    let iv = m.block(body).args[0];
    let vt = vec_type(elem);
    let eb = cr::elem_bytes(elem).unwrap_or(4);
    // Each value of the loop is `registers` SIMD registers of `vt` (two, by the shared rule).
    let lanes = i64::from(crate::transform::vectorize::lanes(eb as u32));
    let registers = (lanes / i64::from(vt.lane_count())).max(1) as usize;
    let ops: Vec<Op> = m.block(body).ops.clone();

    // Iterations of the vector loop: max(0, ub - lb) rounded down to whole vectors.
    let n = lw.b.ins().isub(ub, lb);
    let zero = lw.i64c(0);
    let n = lw.b.ins().smax(n, zero);
    let whole = lw.b.ins().band_imm_s(n, -lanes);

    // The overlap checks the rule asks for: the bytes each access covers over the whole loop.
    let mut safe = lw.b.ins().iconst(types::I8, 1);
    if !plan.checks.is_empty() {
        let span = lw.b.ins().imul_imm_s(n, eb);
        // Each access's first byte and the end of the bytes it covers, computed once.
        let mut ranges: HashMap<usize, (CValue, CValue)> = HashMap::new();
        for &(i, j) in &plan.checks {
            for k in [i, j] {
                if let std::collections::hash_map::Entry::Vacant(slot) = ranges.entry(k) {
                    let (op, stride) = plan.accesses[k];
                    lw.set(iv, Repr::Scalar(lb));
                    let a = address(lw, op)?;
                    let end = match stride {
                        Stride::Unit => lw.b.ins().iadd(a, span),
                        Stride::Fixed | Stride::Strided => lw.b.ins().iadd_imm_s(a, eb),
                    };
                    slot.insert((a, end));
                }
            }
            let ((a, a_end), (b, b_end)) = (ranges[&i], ranges[&j]);
            let before = lw.b.ins().icmp(IntCC::UnsignedLessThanOrEqual, a_end, b);
            let after = lw.b.ins().icmp(IntCC::UnsignedLessThanOrEqual, b_end, a);
            let mut ok = lw.b.ins().bor(before, after);
            // Two unit-stride accesses at the same element: each lane reads what it writes.
            if plan.accesses[i].1 == Stride::Unit && plan.accesses[j].1 == Stride::Unit {
                let same = lw.b.ins().icmp(IntCC::Equal, a, b);
                ok = lw.b.ins().bor(ok, same);
            }
            safe = lw.b.ins().band(safe, ok);
        }
    }
    let whole = lw.b.ins().select(safe, whole, zero);
    let vec_end = lw.b.ins().iadd(lb, whole);

    // Values from outside the loop, splatted once.
    let mut splats: HashMap<Value, Vec<CValue>> = HashMap::new();
    for &op in &ops {
        for &v in &m.op(op).operands {
            let inside = m.defining_op(v).is_some_and(|d| m.parent_block(d) == Some(body)) || v == iv;
            if !inside && m.value_type(v) == elem && !splats.contains_key(&v) {
                let s = lw.scalar(v)?;
                let r = lw.b.ins().splat(vt, s);
                splats.insert(v, vec![r; registers]);
            }
        }
    }
    let strides: HashMap<Op, Stride> = plan.accesses.iter().copied().collect();
    let flags = MemFlagsData::new().with_notrap();
    let reg_bytes = i32::try_from(crate::transform::vectorize::REGISTER_BYTES).unwrap_or(16);
    lw.build_loop(lb, vec_end, lanes, &mut |lw, i| {
        lw.set(iv, Repr::Scalar(i));
        let mut vals: HashMap<Value, Vec<CValue>> = splats.clone();
        for &op in &ops {
            let d = lw.m.op(op);
            let name = lw.m.op_name(op);
            let mut r = Vec::with_capacity(registers);
            match name {
                "affine.load" if strides.get(&op) == Some(&Stride::Fixed) => {
                    let a = address(lw, op)?;
                    let s = lw.load_scalar(elem, a);
                    r.resize(registers, lw.b.ins().splat(vt, s));
                }
                "affine.load" => {
                    let a = address(lw, op)?;
                    for k in 0..registers {
                        r.push(lw.b.ins().load(vt, flags, a, reg_bytes * k as i32));
                    }
                }
                "affine.store" => {
                    let a = address(lw, op)?;
                    for (k, &x) in vals[&d.operands[0]].iter().enumerate() {
                        lw.b.ins().store(flags, x, a, reg_bytes * k as i32);
                    }
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
                    r.resize(registers, lw.b.ins().splat(vt, s));
                }
                _ => {
                    // The operands' values register by register.
                    let by_register: Vec<Vec<CValue>> =
                        (0..registers).map(|k| d.operands.iter().map(|v| vals[v][k]).collect()).collect();
                    for a in &by_register {
                        let arg = |x: usize| a[x];
                        r.push(match name {
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
                            "std.xor" => lw.b.ins().bxor(arg(0), arg(1)),
                            _ => return Err(lw.err(op, "not an operation the vectorizer planned")),
                        });
                    }
                }
            }
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
