//! Vector ops on one-dimensional vectors (the forms MLIR's vector dialect gave them):
//!
//! - `%v = vector.broadcast %s : f32 to vector<8xf32>` — `%s` in every lane.
//! - `%v = vector.shuffle %a, %b [0, 4, 1, 5] : vector<4xf32>, vector<4xf32>` — lanes of the
//!   operands' concatenation, picked by the mask (any number of operands of one element type;
//!   the result has one lane per mask entry).
//! - `%w = vector.insertelement %s, %v[%i] : vector<8xf32>` — `%v` with lane `%i` replaced.
//! - `%v = vector.load %A[%i, %j] : memref<4x8xf32>, vector<8xf32>` — the elements
//!   `%A[%i, %j + k]` for each lane `k`; `vector.store %v, %A[%i, %j] : ..` writes them.

use crate::dialect::common::{all_index, print_index_list};
use crate::dialect::standard::memory::parse_memref_access;
use crate::dialect::{OpDef, Traits, VerifyCx};
use crate::ir::{Attribute, Op, OperationState, Span, Type, Values, VectorType};
use crate::syntax::{PResult, Parser, Printer, TokKind};

/// Ops of this file.
pub static OPS: &[&OpDef] = &[&BROADCAST, &SHUFFLE, &INSERTELEMENT, &LOAD, &STORE];

/// The unit attribute of a `vector.broadcast` made in front of a loop that uses it (`{loop_invariant}`):
/// codegen keeps the vector, rather than the scalar to broadcast again at each use.
pub const LOOP_INVARIANT: &str = "loop_invariant";

/// `vector.broadcast`.
pub static BROADCAST: OpDef = OpDef {
    name: "vector.broadcast",
    keyword: "vector.broadcast",
    parse: Some(parse_broadcast),
    print: Some(print_broadcast),
    verify: verify_broadcast,
    fold: None,
    lower: Some(lower_broadcast),
    interp: Some(interp_broadcast),
    traits: Traits::PURE,
    summary: "a vector with a scalar in every lane",
};

/// `vector.shuffle`.
pub static SHUFFLE: OpDef = OpDef {
    name: "vector.shuffle",
    keyword: "vector.shuffle",
    parse: Some(parse_shuffle),
    print: Some(print_shuffle),
    verify: verify_shuffle,
    fold: None,
    lower: Some(lower_shuffle),
    interp: Some(interp_shuffle),
    traits: Traits::PURE,
    summary: "lanes of the operands' concatenation picked by a constant mask",
};

/// `vector.insertelement`.
pub static INSERTELEMENT: OpDef = OpDef {
    name: "vector.insertelement",
    keyword: "vector.insertelement",
    parse: Some(parse_insert),
    print: Some(print_insert),
    verify: verify_insert,
    fold: None,
    lower: Some(lower_insert),
    interp: Some(interp_insert),
    traits: Traits::PURE,
    summary: "a vector with one lane replaced",
};

/// `vector.load`.
pub static LOAD: OpDef = OpDef {
    name: "vector.load",
    keyword: "vector.load",
    parse: Some(parse_load),
    print: Some(print_load),
    verify: verify_load,
    fold: None,
    lower: Some(lower_load),
    interp: Some(interp_load),
    traits: Traits::NONE,
    summary: "consecutive elements of a memref's last dimension as a vector",
};

/// `vector.store`.
pub static STORE: OpDef = OpDef {
    name: "vector.store",
    keyword: "vector.store",
    parse: Some(parse_store),
    print: Some(print_store),
    verify: verify_store,
    fold: None,
    lower: Some(lower_store),
    interp: Some(interp_store),
    traits: Traits::NONE,
    summary: "write a vector to consecutive elements of a memref's last dimension",
};

fn one_d(t: &Type) -> Option<&VectorType> {
    t.as_vector().filter(|v| v.shape.len() == 1)
}

// ---- broadcast --------------------------------------------------------------------------------

fn parse_broadcast(p: &mut Parser<'_>, span: Span) -> PResult<Values> {
    let s = p.parse_operand()?;
    let attrs = p.parse_optional_attr_dict()?;
    p.expect(TokKind::Colon, "':'")?;
    let from = p.parse_type()?;
    p.expect_keyword("to")?;
    let to = p.parse_type()?;
    let s = p.resolve_operand(&s, &from)?;
    let mut st = OperationState::new(p.intern("vector.broadcast")).operand(s).result(to).at(span);
    st.attrs = attrs;
    Ok(p.finish_op(st))
}

fn print_broadcast(p: &mut Printer<'_>, op: Op) -> Option<()> {
    let m = p.module();
    let d = m.op(op);
    let ([s], [r]) = (d.operands.as_slice(), d.results.as_slice()) else { return None };
    p.w("vector.broadcast ");
    p.print_value(*s);
    p.print_attr_dict(op, &[]);
    p.w(" : ");
    p.print_type(m.value_type(*s));
    p.w(" to ");
    p.print_type(m.value_type(*r));
    Some(())
}

fn verify_broadcast(cx: &mut VerifyCx<'_>, op: Op) {
    if !cx.counts(op, Some(1), Some(1), 0, 0) {
        return;
    }
    let (Some(s), Some(r)) = (cx.operand_type(op, 0), cx.result_type(op, 0)) else { return };
    match r.as_vector() {
        Some(v) if v.elem == *s => {}
        _ => cx.error(op, format!("expects a vector result of the operand's type '{s}', not '{r}'")),
    }
}

// ---- shuffle ----------------------------------------------------------------------------------

fn parse_shuffle(p: &mut Parser<'_>, span: Span) -> PResult<Values> {
    let ops = p.parse_operand_list()?;
    p.expect(TokKind::LSquare, "'[' and the mask")?;
    let mut mask = Vec::new();
    if p.kind() != TokKind::RSquare {
        loop {
            mask.push(p.parse_integer()?);
            if !p.eat(TokKind::Comma) {
                break;
            }
        }
    }
    p.expect(TokKind::RSquare, "']'")?;
    let attrs = p.parse_optional_attr_dict()?;
    let at = p.span();
    let tys = p.parse_colon_type_list()?;
    let operands = p.resolve_operands(&ops, &tys, at)?;
    let elem = tys.first().and_then(Type::as_vector).map(|v| v.elem.clone());
    let Some(elem) = elem else { return Err(p.error_at(at, "expected vector operand types")) };
    let result = Type::vector(vec![mask.len() as u64], elem).map_err(|e| p.error_at(at, e))?;
    let mask_attr = Attribute::Array(mask.into_iter().map(Attribute::i64).collect::<Vec<_>>().into());
    let mut st = OperationState::new(p.intern("vector.shuffle"))
        .operands(&operands)
        .attr("mask", mask_attr)
        .result(result)
        .at(span);
    st.attrs.extend(attrs);
    Ok(p.finish_op(st))
}

fn mask_of(m: &crate::ir::Module, op: Op) -> Option<Vec<i64>> {
    match m.attr(op, "mask")? {
        Attribute::Array(xs) => xs.iter().map(|x| x.as_int().map(|v| v as i64)).collect(),
        _ => None,
    }
}

fn print_shuffle(p: &mut Printer<'_>, op: Op) -> Option<()> {
    let m = p.module();
    let d = m.op(op);
    let mask = mask_of(m, op)?;
    let [r] = d.results.as_slice() else { return None };
    let elem = &one_d(m.value_type(*r))?.elem;
    if d.operands.is_empty() || d.operands.iter().any(|&v| one_d(m.value_type(v)).is_none_or(|t| t.elem != *elem)) {
        return None;
    }
    p.w("vector.shuffle ");
    p.print_values(&d.operands);
    p.w(" [");
    for (i, k) in mask.iter().enumerate() {
        if i > 0 {
            p.w(", ");
        }
        p.w_int(*k);
    }
    p.w("]");
    p.print_attr_dict(op, &["mask"]);
    p.w(" : ");
    let tys: Vec<Type> = d.operands.iter().map(|&v| m.value_type(v).clone()).collect();
    p.print_types(&tys);
    Some(())
}

fn verify_shuffle(cx: &mut VerifyCx<'_>, op: Op) {
    if !cx.counts(op, None, Some(1), 0, 0) || !cx.min_operands(op, 1) {
        return;
    }
    let Some(mask) = mask_of(cx.m, op) else {
        cx.error(op, "requires an array of integers 'mask'");
        return;
    };
    let m = cx.m;
    let d = m.op(op);
    let Some(r) = cx.result_type(op, 0).and_then(one_d) else {
        cx.error(op, "expects a one-dimensional vector result");
        return;
    };
    let mut total = 0u64;
    for &v in &d.operands {
        match one_d(m.value_type(v)) {
            Some(t) if t.elem == r.elem => total += t.shape[0],
            _ => {
                cx.error(op, format!("expects one-dimensional vector operands of '{}'", r.elem));
                return;
            }
        }
    }
    if r.shape[0] != mask.len() as u64 {
        cx.error(op, format!("expects {} result lanes, one per mask entry", mask.len()));
    } else if let Some(bad) = mask.iter().find(|&&k| k < 0 || k as u64 >= total) {
        cx.error(op, format!("mask entry {bad} is outside the {total} lanes of the operands"));
    }
}

// ---- insertelement ----------------------------------------------------------------------------

fn parse_insert(p: &mut Parser<'_>, span: Span) -> PResult<Values> {
    let s = p.parse_operand()?;
    p.expect(TokKind::Comma, "','")?;
    let v = p.parse_operand()?;
    p.expect(TokKind::LSquare, "'['")?;
    let i = p.parse_operand()?;
    p.expect(TokKind::RSquare, "']'")?;
    let attrs = p.parse_optional_attr_dict()?;
    let ty = p.parse_colon_type()?;
    let s = p.resolve_operand(&s, ty.element_type())?;
    let v = p.resolve_operand(&v, &ty)?;
    let i = p.resolve_operand(&i, &Type::Index)?;
    let mut st =
        OperationState::new(p.intern("vector.insertelement")).operand(s).operand(v).operand(i).result(ty).at(span);
    st.attrs = attrs;
    Ok(p.finish_op(st))
}

fn print_insert(p: &mut Printer<'_>, op: Op) -> Option<()> {
    let m = p.module();
    let d = m.op(op);
    let ([s, v, i], [r]) = (d.operands.as_slice(), d.results.as_slice()) else { return None };
    if m.value_type(*v) != m.value_type(*r) || !m.value_type(*i).is_index() {
        return None;
    }
    p.w("vector.insertelement ");
    p.print_value(*s);
    p.w(", ");
    p.print_value(*v);
    p.w("[");
    p.print_value(*i);
    p.w("]");
    p.print_attr_dict(op, &[]);
    p.w(" : ");
    p.print_type(m.value_type(*r));
    Some(())
}

fn verify_insert(cx: &mut VerifyCx<'_>, op: Op) {
    if !cx.counts(op, Some(3), Some(1), 0, 0) {
        return;
    }
    let (Some(s), Some(v), Some(i), Some(r)) =
        (cx.operand_type(op, 0), cx.operand_type(op, 1), cx.operand_type(op, 2), cx.result_type(op, 0))
    else {
        return;
    };
    match one_d(v) {
        Some(t) if t.elem == *s && v == r && i.is_index() => {}
        _ => cx.error(
            op,
            "expects a scalar, a one-dimensional vector of its type, an index, and a result of the vector's type",
        ),
    }
}

// ---- load / store -----------------------------------------------------------------------------

fn parse_load(p: &mut Parser<'_>, span: Span) -> PResult<Values> {
    let (a, idx) = parse_memref_access(p)?;
    let attrs = p.parse_optional_attr_dict()?;
    let at = p.span();
    let tys = p.parse_colon_type_list()?;
    let [mt, vt] = tys.as_slice() else { return Err(p.error_at(at, "expected the memref type and the vector type")) };
    let a = p.resolve_operand(&a, mt)?;
    let mut st = OperationState::new(p.intern("vector.load")).operand(a).operands(&idx).result(vt.clone()).at(span);
    st.attrs = attrs;
    Ok(p.finish_op(st))
}

fn print_load(p: &mut Printer<'_>, op: Op) -> Option<()> {
    let m = p.module();
    let d = m.op(op);
    let (&a, idx) = d.operands.split_first()?;
    let [r] = d.results.as_slice() else { return None };
    if !all_index(m, idx) || m.value_type(a).as_memref().is_none() {
        return None;
    }
    p.w("vector.load ");
    p.print_value(a);
    print_index_list(p, idx);
    p.print_attr_dict(op, &[]);
    p.w(" : ");
    p.print_types(&[m.value_type(a).clone(), m.value_type(*r).clone()]);
    Some(())
}

/// The memref, vector and index rules shared by load and store.
fn verify_access(cx: &mut VerifyCx<'_>, op: Op, memref_at: usize, vector: &Type) {
    let Some(mt) = cx.operand_type(op, memref_at).and_then(Type::as_memref) else {
        cx.error(op, format!("operand #{memref_at} must be a memref"));
        return;
    };
    let n = cx.m.op(op).operands.len() - memref_at - 1;
    if n != mt.shape.len() || n == 0 {
        cx.error(op, format!("index count {n} does not match memref rank {} (at least 1)", mt.shape.len()));
        return;
    }
    if !cx.index_operands(op, memref_at + 1, "index") {
        return;
    }
    match one_d(vector) {
        Some(v) if v.elem == mt.elem => {}
        _ => cx.error(
            op,
            format!("expects a one-dimensional vector of the memref's element type '{}', not '{vector}'", mt.elem),
        ),
    }
}

fn verify_load(cx: &mut VerifyCx<'_>, op: Op) {
    if !cx.counts(op, None, Some(1), 0, 0) || !cx.min_operands(op, 1) {
        return;
    }
    let Some(v) = cx.result_type(op, 0) else { return };
    verify_access(cx, op, 0, v);
}

fn parse_store(p: &mut Parser<'_>, span: Span) -> PResult<Values> {
    let v = p.parse_operand()?;
    p.expect(TokKind::Comma, "','")?;
    let (a, idx) = parse_memref_access(p)?;
    let attrs = p.parse_optional_attr_dict()?;
    let at = p.span();
    let tys = p.parse_colon_type_list()?;
    let [mt, vt] = tys.as_slice() else { return Err(p.error_at(at, "expected the memref type and the vector type")) };
    let v = p.resolve_operand(&v, vt)?;
    let a = p.resolve_operand(&a, mt)?;
    let mut st = OperationState::new(p.intern("vector.store")).operand(v).operand(a).operands(&idx).at(span);
    st.attrs = attrs;
    Ok(p.finish_op(st))
}

fn print_store(p: &mut Printer<'_>, op: Op) -> Option<()> {
    let m = p.module();
    let d = m.op(op);
    let [v, a, idx @ ..] = d.operands.as_slice() else { return None };
    if !all_index(m, idx) || m.value_type(*a).as_memref().is_none() || !d.results.is_empty() {
        return None;
    }
    p.w("vector.store ");
    p.print_value(*v);
    p.w(", ");
    p.print_value(*a);
    print_index_list(p, idx);
    p.print_attr_dict(op, &[]);
    p.w(" : ");
    p.print_types(&[m.value_type(*a).clone(), m.value_type(*v).clone()]);
    Some(())
}

fn verify_store(cx: &mut VerifyCx<'_>, op: Op) {
    if !cx.counts(op, None, Some(0), 0, 0) || !cx.min_operands(op, 2) {
        return;
    }
    let Some(v) = cx.operand_type(op, 0) else { return };
    verify_access(cx, op, 1, v);
}

// ---- lowering ---------------------------------------------------------------------------------

use crate::codegen::repr as cr;
use crate::codegen::{CodegenError, FnLowerer};
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{InstBuilder, Value as CValue};

fn lower_broadcast(lw: &mut FnLowerer<'_, '_>, op: Op) -> Result<(), CodegenError> {
    let d = lw.m.op(op);
    let s = lw.scalar(d.operands[0])?;
    let r = if d.attrs.iter().any(|a| &*a.name == LOOP_INVARIANT) {
        lw.splat_kept(lw.ty(d.results[0]), s)
    } else {
        lw.splat(lw.ty(d.results[0]), s)
    };
    lw.set(d.results[0], r);
    Ok(())
}

fn lower_shuffle(lw: &mut FnLowerer<'_, '_>, op: Op) -> Result<(), CodegenError> {
    let m = lw.m;
    let d = m.op(op);
    let mask = mask_of(m, op).ok_or_else(|| lw.err(op, "missing mask"))?;
    let mut all = Vec::new();
    for &v in &d.operands {
        all.extend(lw.lanes(v)?);
    }
    let lanes: Vec<CValue> = mask
        .iter()
        .map(|&k| all.get(k as usize).copied().ok_or_else(|| lw.err(op, "mask out of range")))
        .collect::<Result<_, _>>()?;
    let r = lw.pack(lw.ty(d.results[0]), lanes);
    lw.set(d.results[0], r);
    Ok(())
}

fn lower_insert(lw: &mut FnLowerer<'_, '_>, op: Op) -> Result<(), CodegenError> {
    let d = lw.m.op(op);
    let s = lw.scalar(d.operands[0])?;
    let mut lanes = lw.lanes(d.operands[1])?;
    let i = lw.scalar(d.operands[2])?;
    // Every lane is itself unless it is lane `i` (an index out of range changes nothing).
    for (k, lane) in lanes.iter_mut().enumerate() {
        let hit = lw.b.ins().icmp_imm_s(IntCC::Equal, i, k as i64);
        *lane = lw.b.ins().select(hit, s, *lane);
    }
    let r = lw.pack(lw.ty(d.results[0]), lanes);
    lw.set(d.results[0], r);
    Ok(())
}

/// The address of each lane's element (`[.., j + k]`), or of the first lane when the lanes are
/// consecutive in memory (identity layout).
fn lane_addresses(
    lw: &mut FnLowerer<'_, '_>,
    op: Op,
    memref: crate::ir::Value,
    idx: &[crate::ir::Value],
    lanes: usize,
) -> Result<(Vec<CValue>, bool), CodegenError> {
    let ty = lw.ty(memref);
    let desc = lw.memref(memref)?;
    let idx: Vec<CValue> = idx.iter().map(|&v| lw.scalar(v)).collect::<Result<_, _>>()?;
    let contiguous = ty.as_memref().is_some_and(|mt| mt.maps.is_empty());
    if contiguous {
        if lw.checks(op) && lanes > 1 {
            // The last lane's element must be in bounds too.
            let mut last = idx.clone();
            if let Some(l) = last.last_mut() {
                *l = lw.b.ins().iadd_imm_s(*l, lanes as i64 - 1);
            }
            lw.element_address(ty, &desc, &last, op)?;
        }
        return Ok((vec![lw.element_address(ty, &desc, &idx, op)?], true));
    }
    let mut out = Vec::with_capacity(lanes);
    for k in 0..lanes {
        let mut at = idx.clone();
        if let Some(l) = at.last_mut() {
            *l = lw.b.ins().iadd_imm_s(*l, k as i64);
        }
        out.push(lw.element_address(ty, &desc, &at, op)?);
    }
    Ok((out, false))
}

fn lower_load(lw: &mut FnLowerer<'_, '_>, op: Op) -> Result<(), CodegenError> {
    let d = lw.m.op(op);
    let vty = lw.ty(d.results[0]).clone();
    let elem = vty.element_type().clone();
    let n = cr::lanes(&vty);
    let (addrs, contiguous) = lane_addresses(lw, op, d.operands[0], &d.operands[1..], n)?;
    let r = if contiguous {
        lw.load_elem_of(op, &vty, addrs[0])
    } else {
        let lanes = addrs.iter().map(|&a| lw.load_scalar_of(op, &elem, a)).collect();
        lw.pack(&vty, lanes)
    };
    lw.set(d.results[0], r);
    Ok(())
}

fn lower_store(lw: &mut FnLowerer<'_, '_>, op: Op) -> Result<(), CodegenError> {
    let d = lw.m.op(op);
    let vty = lw.ty(d.operands[0]).clone();
    let elem = vty.element_type().clone();
    let n = cr::lanes(&vty);
    let (addrs, contiguous) = lane_addresses(lw, op, d.operands[1], &d.operands[2..], n)?;
    if contiguous {
        let v = lw.get(d.operands[0])?;
        lw.store_elem(&vty, &v, addrs[0]);
    } else {
        let lanes = lw.lanes(d.operands[0])?;
        for (&a, &x) in addrs.iter().zip(&lanes) {
            lw.store_scalar(&elem, x, a);
        }
    }
    Ok(())
}

// ---- interpretation ---------------------------------------------------------------------------

use crate::interp::{Flow, IVal, Interp, Stop};

fn interp_broadcast(it: &mut Interp<'_>, op: Op) -> Result<Flow, Stop> {
    let d = it.m.op(op);
    let s = it.get(d.operands[0])?;
    let n = crate::ir::num_elements(it.m.value_type(d.results[0]));
    it.set(d.results[0], IVal::Vector(vec![s; n].into()));
    Ok(Flow::Next)
}

fn interp_shuffle(it: &mut Interp<'_>, op: Op) -> Result<Flow, Stop> {
    let m = it.m;
    let d = m.op(op);
    let mask = mask_of(m, op).ok_or_else(|| Stop::Unsupported("a shuffle without a mask".into()))?;
    let all: Vec<IVal> = it.get_all(&d.operands)?.iter().flat_map(IVal::lanes).collect();
    let lanes = mask
        .iter()
        .map(|&k| all.get(k as usize).cloned().ok_or_else(|| Stop::Unsupported("mask out of range".into())))
        .collect::<Result<Vec<_>, _>>()?;
    it.set(d.results[0], IVal::Vector(lanes.into()));
    Ok(Flow::Next)
}

/// Lane `i` replaced (an index out of range changes nothing).
fn interp_insert(it: &mut Interp<'_>, op: Op) -> Result<Flow, Stop> {
    let d = it.m.op(op);
    let s = it.get(d.operands[0])?;
    let mut lanes = it.get(d.operands[1])?.lanes();
    let i = it.int(d.operands[2])?;
    if let Some(l) = usize::try_from(i).ok().and_then(|i| lanes.get_mut(i)) {
        *l = s;
    }
    it.set(d.results[0], IVal::Vector(lanes.into()));
    Ok(Flow::Next)
}

/// The subscripts of each lane: `[.., j + k]`.
fn lane_indices(it: &Interp<'_>, idx: &[crate::ir::Value], lanes: usize) -> Result<Vec<Vec<i64>>, Stop> {
    let base = it.ints(idx)?;
    Ok((0..lanes as i64)
        .map(|k| {
            let mut at = base.clone();
            if let Some(l) = at.last_mut() {
                *l = l.wrapping_add(k);
            }
            at
        })
        .collect())
}

fn interp_load(it: &mut Interp<'_>, op: Op) -> Result<Flow, Stop> {
    let d = it.m.op(op);
    let n = crate::ir::num_elements(it.m.value_type(d.results[0]));
    let (mv, mt) = it.memref(d.operands[0])?;
    let lanes = lane_indices(it, &d.operands[1..], n)?
        .iter()
        .map(|at| mv.load(&mt, at).map_err(|k| it.trap(op, k)))
        .collect::<Result<Vec<_>, _>>()?;
    it.set(d.results[0], IVal::Vector(lanes.into()));
    Ok(Flow::Next)
}

fn interp_store(it: &mut Interp<'_>, op: Op) -> Result<Flow, Stop> {
    let d = it.m.op(op);
    let lanes = it.get(d.operands[0])?.lanes();
    let (mv, mt) = it.memref(d.operands[1])?;
    let at = lane_indices(it, &d.operands[2..], lanes.len())?;
    // Every lane's element is checked before any is written, as generated code does.
    for a in &at {
        mv.offset(&mt, a).map_err(|k| it.trap(op, k))?;
    }
    for (a, x) in at.iter().zip(&lanes) {
        mv.store(&mt, a, x).map_err(|k| it.trap(op, k))?;
    }
    Ok(Flow::Next)
}
