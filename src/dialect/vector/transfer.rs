//! The vector dialect: `vector_transfer_read` and `vector_transfer_write`
//! (mlir-langref-early.md).
//!
//! - `vector_transfer_read %A, %i.., %pad? {permutation_map: m} : (memref, index.., T?) -> vector`
//!   reads the slice of `%A` starting at the indices into the vector; `m` maps the memref
//!   dimensions to the vector dimensions (a result `0` broadcasts along that vector dimension);
//!   the optional padding value fills out-of-bounds elements.
//! - `vector_transfer_write %v, %A, %i.. {permutation_map: m} : vector, memref, index..` writes
//!   the vector into the slice; `m` is a projected permutation (no broadcast).
//!
//! The form MLIR's vector dialect used later in 2019 is read too:
//! `vector.transfer_read %A[%i, %j], %pad {permutation_map = m} : memref<..>, vector<..>` (the
//! padding also in parentheses, `%A[%i, %j], (%pad)`, as mid-2019 MLIR printed it) and
//! `vector.transfer_write %v, %A[%i, %j] {permutation_map = m} : vector<..>, memref<..>`.

use crate::dialect::{OpDef, Traits, VerifyCx};
use crate::ir::{AffineMap, Attribute, ExprKind, Op, OperationState, Span, Type, Values};
use crate::syntax::{PResult, Parser, Printer, TokKind};

/// The vector ops.
pub static OPS: &[&OpDef] = &[&TRANSFER_READ, &TRANSFER_WRITE];

/// `vector.transfer_read`.
pub static TRANSFER_READ: OpDef = OpDef {
    name: "vector.transfer_read",
    keyword: "vector_transfer_read",
    parse: Some(parse_read),
    print: Some(print_read),
    verify: verify_read,
    fold: None,
    lower: Some(lower_read),
    interp: Some(interp_read),
    traits: Traits::NONE,
    summary: "read a vector from a slice of a memref, with optional padding",
};

/// `vector.transfer_write`.
pub static TRANSFER_WRITE: OpDef = OpDef {
    name: "vector.transfer_write",
    keyword: "vector_transfer_write",
    parse: Some(parse_write),
    print: Some(print_write),
    verify: verify_write,
    fold: None,
    lower: Some(lower_write),
    interp: Some(interp_write),
    traits: Traits::NONE,
    summary: "write a vector into a slice of a memref",
};

fn parse_read(p: &mut Parser<'_>, span: Span) -> PResult<Values> {
    if p.peek().kind == TokKind::LSquare {
        return parse_read_subscripted(p, span);
    }
    let ops = p.parse_operand_list()?;
    let attrs = p.parse_optional_attr_dict()?;
    p.expect(TokKind::Colon, "':' and the function type")?;
    let at = p.span();
    let ty = p.parse_type()?;
    let Some(fty) = ty.as_function() else { return Err(p.error_at(at, "expected function type")) };
    let operands = p.resolve_operands(&ops, &fty.inputs, at)?;
    let mut st =
        OperationState::new(p.intern("vector.transfer_read")).operands(&operands).results(&fty.results).at(span);
    st.attrs = attrs;
    Ok(p.finish_op(st))
}

fn print_read(p: &mut Printer<'_>, op: Op) -> Option<()> {
    let m = p.module();
    let d = m.op(op);
    let [r] = d.results.as_slice() else { return None };
    p.w("vector_transfer_read ");
    p.print_values(&d.operands);
    p.print_attr_dict(op, &[]);
    p.w(" : (");
    let tys: Vec<Type> = d.operands.iter().map(|&v| m.value_type(v).clone()).collect();
    p.print_types(&tys);
    p.w(") -> ");
    p.print_type(m.value_type(*r));
    Some(())
}

/// `%A[%i, ..], %pad? {attrs} : memref<..>, vector<..>`, the padding also as `(%pad)`.
fn parse_read_subscripted(p: &mut Parser<'_>, span: Span) -> PResult<Values> {
    let memref = p.parse_operand()?;
    let idx = p.parse_delimited_operands(TokKind::LSquare, TokKind::RSquare, "'['")?;
    let mut pad = Vec::new();
    while p.eat(TokKind::Comma) {
        // mid-2019 MLIR printed the padding in parentheses: `%A[%i], (%f0)`.
        if p.eat(TokKind::LParen) {
            pad.push(p.parse_operand()?);
            p.expect(TokKind::RParen, "')' after the padding value")?;
        } else {
            pad.push(p.parse_operand()?);
        }
    }
    let attrs = p.parse_optional_attr_dict()?;
    let at = p.span();
    let tys = p.parse_colon_type_list()?;
    let [mt, vt] = tys.as_slice() else { return Err(p.error_at(at, "expected 2 types")) };
    let Some(m) = mt.as_memref() else { return Err(p.error_at(at, "memref type expected")) };
    let Some(v) = vt.as_vector() else { return Err(p.error_at(at, "vector type expected")) };
    if idx.len() != m.shape.len() {
        return Err(p.error_at(span, format!("expected {} indices to the memref", m.shape.len())));
    }
    if pad.len() > 1 {
        return Err(p.error_at(span, "expected at most one padding value"));
    }
    let mut operands = Values::new();
    operands.push(p.resolve_operand(&memref, mt)?);
    operands.extend(p.resolve_all(&idx, &Type::Index)?);
    if let Some(x) = pad.first() {
        operands.push(p.resolve_operand(x, &v.elem)?);
    }
    let mut st = OperationState::new(p.intern("vector.transfer_read")).operands(&operands).result(vt.clone()).at(span);
    st.attrs = attrs;
    Ok(p.finish_op(st))
}

/// `%v, %A[%i, ..] {attrs} : vector<..>, memref<..>`
fn parse_write_subscripted(p: &mut Parser<'_>, span: Span) -> PResult<Values> {
    let value = p.parse_operand()?;
    p.expect(TokKind::Comma, "','")?;
    let memref = p.parse_operand()?;
    let idx = p.parse_delimited_operands(TokKind::LSquare, TokKind::RSquare, "'['")?;
    let attrs = p.parse_optional_attr_dict()?;
    let at = p.span();
    let tys = p.parse_colon_type_list()?;
    let [vt, mt] = tys.as_slice() else { return Err(p.error_at(at, "expected 2 types")) };
    let Some(m) = mt.as_memref() else { return Err(p.error_at(at, "memref type expected")) };
    if vt.as_vector().is_none() {
        return Err(p.error_at(at, "vector type expected"));
    }
    let rank = m.shape.len();
    if idx.len() != rank {
        return Err(p.error_at(span, format!("expects {} operands (of which {rank} indices)", rank + 2)));
    }
    let mut operands = Values::new();
    operands.push(p.resolve_operand(&value, vt)?);
    operands.push(p.resolve_operand(&memref, mt)?);
    operands.extend(p.resolve_all(&idx, &Type::Index)?);
    let mut st = OperationState::new(p.intern("vector.transfer_write")).operands(&operands).at(span);
    st.attrs = attrs;
    Ok(p.finish_op(st))
}

fn parse_write(p: &mut Parser<'_>, span: Span) -> PResult<Values> {
    if p.kind() == TokKind::PercentId && {
        // `%v, %A[` is the subscripted form.
        let probe = p.checkpoint();
        let ok = p.parse_operand().is_ok()
            && p.eat(TokKind::Comma)
            && p.parse_operand().is_ok()
            && p.kind() == TokKind::LSquare;
        p.restore(probe);
        ok
    } {
        return parse_write_subscripted(p, span);
    }
    let ops = p.parse_operand_list()?;
    let attrs = p.parse_optional_attr_dict()?;
    let at = p.span();
    let tys = p.parse_colon_type_list()?;
    let operands = p.resolve_operands(&ops, &tys, at)?;
    let mut st = OperationState::new(p.intern("vector.transfer_write")).operands(&operands).at(span);
    st.attrs = attrs;
    Ok(p.finish_op(st))
}

fn print_write(p: &mut Printer<'_>, op: Op) -> Option<()> {
    let m = p.module();
    let d = m.op(op);
    if !d.results.is_empty() || d.operands.is_empty() {
        return None;
    }
    p.w("vector_transfer_write ");
    p.print_values(&d.operands);
    p.print_attr_dict(op, &[]);
    p.w(" : ");
    let tys: Vec<Type> = d.operands.iter().map(|&v| m.value_type(v).clone()).collect();
    p.print_types(&tys);
    Some(())
}

/// Check the permutation map against the memref rank and vector rank; broadcasts (`0`
/// results) only when reading.
fn check_permutation(
    cx: &mut VerifyCx<'_>,
    op: Op,
    map: &AffineMap,
    memref_rank: usize,
    vector_rank: usize,
    read: bool,
) {
    if map.num_dims() != memref_rank || map.num_symbols() != 0 {
        cx.error(
            op,
            format!(
                "requires a permutation_map with input dims of the same rank as the memref type ({memref_rank}, and no symbols)"
            ),
        );
        return;
    }
    if map.results().len() != vector_rank {
        cx.error(
            op,
            format!("requires a permutation_map with result dims of the same rank as the vector type ({vector_rank})"),
        );
        return;
    }
    let mut seen = vec![false; memref_rank];
    for e in map.results() {
        match e.kind() {
            ExprKind::Dim(d) => {
                let d = *d as usize;
                if seen[d] {
                    cx.error(
                        op,
                        "requires a permutation_map that is a permutation (found one dim used more than once)",
                    );
                    return;
                }
                seen[d] = true;
            }
            ExprKind::Const(0) if read => {}
            _ => {
                let msg = if read {
                    "requires a projected permutation_map (at most one dim or the zero constant can appear in each result)"
                } else {
                    "requires a projected permutation_map (at most one dim can appear in each result; a write does not broadcast)"
                };
                cx.error(op, msg);
                return;
            }
        }
    }
}

fn verify_read(cx: &mut VerifyCx<'_>, op: Op) {
    if !cx.counts(op, None, Some(1), 0, 0) || !cx.min_operands(op, 1) {
        return;
    }
    let m = cx.m;
    let Some(mt) = cx.operand_type(op, 0).and_then(Type::as_memref) else {
        cx.kind(op, 0, false, "a memref", |_| false);
        return;
    };
    let Some(vt) = cx.result_type(op, 0).and_then(Type::as_vector) else {
        cx.kind(op, 0, true, "a vector", |_| false);
        return;
    };
    let rank = mt.shape.len();
    let n = m.op(op).operands.len() - 1;
    if n != rank && n != rank + 1 {
        cx.error(
            op,
            format!("requires {rank} indices (the memref rank) and an optional padding value, but found {n} operands"),
        );
        return;
    }
    let idx = &m.op(op).operands[1..1 + rank];
    if let Some(&bad) = idx.iter().find(|&&v| !m.value_type(v).is_index()) {
        cx.error(op, format!("indices must be of 'index' type, but got '{}'", m.value_type(bad)));
        return;
    }
    if n == rank + 1 {
        let pad = m.value_type(m.op(op).operands[rank + 1]);
        if *pad != mt.elem {
            cx.error(
                op,
                format!("requires the padding value to have the memref element type '{}', but got '{pad}'", mt.elem),
            );
            return;
        }
    }
    if vt.elem != mt.elem {
        cx.error(
            op,
            format!(
                "requires the vector and the memref to have the same element type, but got '{}' and '{}'",
                vt.elem, mt.elem
            ),
        );
        return;
    }
    let Some(map) = cx.m.attr(op, "permutation_map").and_then(Attribute::as_map) else {
        cx.error(op, "requires an AffineMapAttr named 'permutation_map'");
        return;
    };
    check_permutation(cx, op, map, rank, vt.shape.len(), true);
}

fn verify_write(cx: &mut VerifyCx<'_>, op: Op) {
    if !cx.counts(op, None, Some(0), 0, 0) || !cx.min_operands(op, 2) {
        return;
    }
    let m = cx.m;
    let Some(vt) = cx.operand_type(op, 0).and_then(Type::as_vector) else {
        cx.kind(op, 0, false, "a vector", |_| false);
        return;
    };
    let Some(mt) = cx.operand_type(op, 1).and_then(Type::as_memref) else {
        cx.kind(op, 1, false, "a memref", |_| false);
        return;
    };
    let rank = mt.shape.len();
    let n = m.op(op).operands.len() - 2;
    if n != rank {
        cx.error(op, format!("requires {rank} indices (the memref rank), but found {n}"));
        return;
    }
    if !cx.index_operands(op, 2, "index") {
        return;
    }
    if vt.elem != mt.elem {
        cx.error(
            op,
            format!(
                "requires the vector and the memref to have the same element type, but got '{}' and '{}'",
                vt.elem, mt.elem
            ),
        );
        return;
    }
    let Some(map) = cx.m.attr(op, "permutation_map").and_then(Attribute::as_map) else {
        cx.error(op, "requires an AffineMapAttr named 'permutation_map'");
        return;
    };
    check_permutation(cx, op, map, rank, vt.shape.len(), false);
}

// ---- lowering -------------------------------------------------------------------------------
// Lane by lane: each vector position maps to a memref index through the permutation map (a
// `0` result broadcasts). Out-of-bounds lanes read the padding (or zero) and are not written.

use crate::codegen::repr as cr;
use crate::codegen::{CodegenError, FnLowerer};
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{InstBuilder, types};

/// For each lane (row-major), how it moves from the transfer's base indices: the memref
/// dimensions the permutation map sends its vector position to, and by how much (a `0` result
/// broadcasts: no move). What lowering and interpretation both follow.
fn lane_offsets(map: &AffineMap, vshape: &[u64]) -> Vec<Vec<(usize, i64)>> {
    let n: u64 = vshape.iter().product();
    (0..n)
        .map(|lane| {
            let mut pos = vec![0i64; vshape.len()];
            let mut rem = lane;
            for k in (0..vshape.len()).rev() {
                pos[k] = (rem % vshape[k]) as i64;
                rem /= vshape[k];
            }
            map.results()
                .iter()
                .enumerate()
                .filter_map(|(r, e)| match e.kind() {
                    ExprKind::Dim(d) => Some((*d as usize, pos[r])),
                    _ => None,
                })
                .collect()
        })
        .collect()
}

/// For each lane, the memref indices and whether all are in bounds.
fn lane_indices(
    lw: &mut FnLowerer<'_, '_>,
    op: Op,
    memref: crate::ir::Value,
    base: &[crate::ir::Value],
    vshape: &[u64],
) -> Result<Vec<(Vec<cranelift_codegen::ir::Value>, cranelift_codegen::ir::Value)>, CodegenError> {
    let m = lw.m;
    let map = m
        .attr(op, "permutation_map")
        .and_then(Attribute::as_map)
        .ok_or_else(|| lw.err(op, "missing permutation_map"))?;
    let desc = lw.memref(memref)?;
    let base: Vec<_> = base.iter().map(|&v| lw.scalar(v)).collect::<Result<_, _>>()?;
    let mut out = Vec::new();
    for moves in lane_offsets(map, vshape) {
        let mut idx = base.clone();
        for (d, k) in moves {
            idx[d] = lw.b.ins().iadd_imm_s(base[d], k);
        }
        let mut inb = lw.b.ins().iconst(types::I8, 1);
        for (k, &i) in idx.iter().enumerate() {
            let dim = lw.dim_value(desc.dims[k]);
            let ok = lw.b.ins().icmp(IntCC::UnsignedLessThan, i, dim);
            inb = lw.b.ins().band(inb, ok);
        }
        out.push((idx, inb));
    }
    Ok(out)
}

fn lower_read(lw: &mut FnLowerer<'_, '_>, op: Op) -> Result<(), CodegenError> {
    let m = lw.m;
    let d = m.op(op);
    let mty = m.value_type(d.operands[0]);
    let rank = mty.rank().unwrap_or(0);
    let vty = m.value_type(d.results[0]);
    let vshape = vty.as_vector().map(|v| v.shape.clone()).unwrap_or_default();
    let elem = mty.element_type().clone();
    let lanes = lane_indices(lw, op, d.operands[0], &d.operands[1..1 + rank], &vshape)?;
    let pad = match d.operands.get(1 + rank) {
        Some(&p) => lw.scalar(p)?,
        None => match cr::scalar_clif(&elem) {
            Some(types::F32) => lw.b.ins().f32const(0.0),
            Some(types::F64) => lw.b.ins().f64const(0.0),
            Some(t) => lw.b.ins().iconst(t, 0),
            None => return Err(lw.err(op, "unsupported element type")),
        },
    };
    let desc = lw.memref(d.operands[0])?;
    let mut out = Vec::with_capacity(lanes.len());
    for (idx, inb) in lanes {
        // Read at a clamped index (always valid), then choose the padding for lanes outside.
        let zero = lw.i64c(0);
        let safe: Vec<_> = idx.iter().map(|&i| lw.b.ins().select(inb, i, zero)).collect();
        let addr = lw.element_address(mty, &desc, &safe, op)?;
        let v = lw.load_scalar(&elem, addr);
        out.push(lw.b.ins().select(inb, v, pad));
    }
    let r = lw.pack(lw.ty(d.results[0]), out);
    lw.set(d.results[0], r);
    Ok(())
}

fn lower_write(lw: &mut FnLowerer<'_, '_>, op: Op) -> Result<(), CodegenError> {
    let m = lw.m;
    let d = m.op(op);
    let mty = m.value_type(d.operands[1]);
    let vty = m.value_type(d.operands[0]);
    let vshape = vty.as_vector().map(|v| v.shape.clone()).unwrap_or_default();
    let elem = mty.element_type().clone();
    let values = lw.lanes(d.operands[0])?;
    let lanes = lane_indices(lw, op, d.operands[1], &d.operands[2..], &vshape)?;
    let desc = lw.memref(d.operands[1])?;
    for ((idx, inb), v) in lanes.into_iter().zip(values) {
        let store = lw.b.create_block();
        let next = lw.b.create_block();
        lw.b.ins().brif(inb, store, &[], next, &[]);
        lw.b.switch_to_block(store);
        let addr = lw.element_address(mty, &desc, &idx, op)?;
        lw.store_scalar(&elem, v, addr);
        lw.b.ins().jump(next, &[]);
        lw.b.switch_to_block(next);
    }
    Ok(())
}

// ---- interpretation ---------------------------------------------------------------------------
// As lowered: each lane's memref indices through the permutation map; lanes outside read the
// padding (the read itself is at index 0 then, checked like any access) and are not written.

use crate::interp::{Flow, IVal, Interp, Stop};

/// For each lane, its memref indices and whether all are inside the memref.
fn interp_lanes(
    it: &Interp<'_>,
    op: Op,
    base: &[crate::ir::Value],
    vshape: &[u64],
    dims: &[i64],
) -> Result<Vec<(Vec<i64>, bool)>, Stop> {
    let m = it.m;
    let map = m
        .attr(op, "permutation_map")
        .and_then(Attribute::as_map)
        .ok_or_else(|| Stop::Unsupported("no permutation_map".into()))?;
    let base = it.ints(base)?;
    let mut out = Vec::new();
    for moves in lane_offsets(map, vshape) {
        let mut idx = base.clone();
        for (d, k) in moves {
            idx[d] = base[d].wrapping_add(k);
        }
        let inside = idx.iter().zip(dims).all(|(&i, &d)| (i as u64) < (d as u64));
        out.push((idx, inside));
    }
    Ok(out)
}

fn interp_read(it: &mut Interp<'_>, op: Op) -> Result<Flow, Stop> {
    let m = it.m;
    let d = m.op(op);
    let (mv, mt) = it.memref(d.operands[0])?;
    let rank = mt.shape.len();
    let vshape = m.value_type(d.results[0]).as_vector().map(|v| v.shape.clone()).unwrap_or_default();
    let pad = match d.operands.get(1 + rank) {
        Some(&p) => it.get(p)?,
        None if mt.elem.is_float() => IVal::Float(0.0),
        None => IVal::Int(0),
    };
    let lanes = interp_lanes(it, op, &d.operands[1..1 + rank], &vshape, &mv.dims)?;
    let mut out = Vec::with_capacity(lanes.len());
    for (idx, inside) in lanes {
        let at = if inside { idx } else { vec![0; rank] };
        let v = mv.load(&mt, &at).map_err(|k| it.trap(op, k))?;
        out.push(if inside { v } else { pad.clone() });
    }
    it.set(d.results[0], IVal::Vector(out.into()));
    Ok(Flow::Next)
}

fn interp_write(it: &mut Interp<'_>, op: Op) -> Result<Flow, Stop> {
    let m = it.m;
    let d = m.op(op);
    let values = it.get(d.operands[0])?.lanes();
    let (mv, mt) = it.memref(d.operands[1])?;
    let vshape = m.value_type(d.operands[0]).as_vector().map(|v| v.shape.clone()).unwrap_or_default();
    let lanes = interp_lanes(it, op, &d.operands[2..], &vshape, &mv.dims)?;
    for ((idx, inside), v) in lanes.into_iter().zip(values) {
        if inside {
            mv.store(&mt, &idx, &v).map_err(|k| it.trap(op, k))?;
        }
    }
    Ok(Flow::Next)
}
