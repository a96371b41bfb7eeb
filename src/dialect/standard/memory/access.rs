//! Element access: `load`, `store`, `extract_element`, and whole tensors to and from memrefs
//! (`tensor_load`, `tensor_store`).

use super::*;
use crate::codegen::CodegenRole;
use crate::codegen::repr::{self as cr, Dim, MemrefRepr, Repr};
use crate::codegen::{CodegenError, FnLowerer};
use crate::dialect::common::{all_index, print_index_list};
use crate::dialect::{OpDef, Traits, VerifyCx};
use crate::ir::{Attribute, MemrefType, Op, OperationState, Span, Type, Value, Values};
use crate::runtime::trap::TrapKind;
use crate::syntax::{PResult, Parser, Printer, TokKind};
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{InstBuilder, types};

/// `std.extract_element`.
pub static EXTRACT_ELEMENT: OpDef = OpDef {
    name: "std.extract_element",
    keyword: "extract_element",
    parse: Some(parse_extract_element),
    print: Some(print_extract_element),
    verify: verify_extract_element,
    fold: None,
    lower: Some(lower_extract_element),
    interp: Some(interp_extract_element),
    traits: Traits::PURE,
    summary: "one element of a vector or tensor",
};

/// `std.load`.
pub static LOAD: OpDef = OpDef {
    name: "std.load",
    keyword: "load",
    parse: Some(parse_load),
    print: Some(print_load),
    verify: verify_load,
    fold: None,
    lower: Some(lower_load),
    interp: Some(interp_load),
    traits: Traits { codegen: CodegenRole::ScalarLoad { memref: 0 }, ..Traits::NONE },
    summary: "read an element of a memref",
};

/// `std.store`.
pub static STORE: OpDef = OpDef {
    name: "std.store",
    keyword: "store",
    parse: Some(parse_store),
    print: Some(print_store),
    verify: verify_store,
    fold: None,
    lower: Some(lower_store),
    interp: Some(interp_store),
    traits: Traits { codegen: CodegenRole::ScalarStore { memref: 1 }, ..Traits::NONE },
    summary: "write an element of a memref",
};

/// `std.tensor_load`.
pub static TENSOR_LOAD: OpDef = OpDef {
    name: "std.tensor_load",
    keyword: "tensor_load",
    parse: Some(parse_tensor_load),
    print: Some(print_tensor_load),
    verify: verify_tensor_load,
    fold: None,
    lower: Some(lower_tensor_load),
    interp: Some(interp_tensor_load),
    traits: Traits::NONE,
    summary: "a tensor copied from a memref",
};

/// `std.tensor_store`.
pub static TENSOR_STORE: OpDef = OpDef {
    name: "std.tensor_store",
    keyword: "tensor_store",
    parse: Some(parse_tensor_store),
    print: Some(print_tensor_store),
    verify: verify_tensor_store,
    fold: None,
    lower: Some(lower_tensor_store),
    interp: Some(interp_tensor_store),
    traits: Traits::NONE,
    summary: "copy a tensor into a memref",
};

fn parse_extract_element(p: &mut Parser<'_>, span: Span) -> PResult<Values> {
    let (a, idx) = parse_memref_access(p)?;
    let attrs = p.parse_optional_attr_dict()?;
    let ty = p.parse_colon_type()?;
    let a = p.resolve_operand(&a, &ty)?;
    let elem = ty.element_type().clone();
    let mut st = OperationState::new(p.intern("std.extract_element")).operand(a).operands(&idx).result(elem).at(span);
    st.attrs = attrs;
    Ok(p.finish_op(st))
}

fn print_access(p: &mut Printer<'_>, op: Op, kw: &str, container: Value, idx: &[Value]) {
    let m = p.module();
    p.w(kw);
    p.w(" ");
    p.print_value(container);
    print_index_list(p, idx);
    p.print_attr_dict(op, &[]);
    p.w(" : ");
    p.print_type(m.value_type(container));
}

fn print_extract_element(p: &mut Printer<'_>, op: Op) -> Option<()> {
    let m = p.module();
    let d = m.op(op);
    let (&a, idx) = d.operands.split_first()?;
    let [r] = d.results.as_slice() else { return None };
    if m.value_type(a).element_type() != m.value_type(*r) || !all_index(m, idx) {
        return None;
    }
    print_access(p, op, "extract_element", a, idx);
    Some(())
}

fn verify_extract_element(cx: &mut VerifyCx<'_>, op: Op) {
    if !cx.counts(op, None, Some(1), 0, 0) || !cx.min_operands(op, 1) {
        return;
    }
    let Some(t) = cx.operand_type(op, 0) else { return };
    if !matches!(t, Type::Vector(_) | Type::Tensor(_)) {
        cx.error(op, format!("operand #0 must be a vector or tensor, but got '{t}'"));
        return;
    }
    let n = cx.m.op(op).operands.len() - 1;
    if let Some(rank) = t.rank()
        && n != rank
    {
        cx.error(op, format!("incorrect number of indices for extract_element: {n} for rank {rank}"));
        return;
    }
    for i in 1..=n {
        if !cx.kind(op, i, false, "index", Type::is_index) {
            return;
        }
    }
    if cx.result_type(op, 0) != Some(t.element_type()) {
        cx.error(op, format!("result type must match element type of aggregate ('{}')", t.element_type()));
    }
}

fn parse_load(p: &mut Parser<'_>, span: Span) -> PResult<Values> {
    let (a, idx) = parse_memref_access(p)?;
    let attrs = p.parse_optional_attr_dict()?;
    let ty = p.parse_colon_type()?;
    let a = p.resolve_operand(&a, &ty)?;
    let elem = ty.element_type().clone();
    let mut st = OperationState::new(p.intern("std.load")).operand(a).operands(&idx).result(elem).at(span);
    st.attrs = attrs;
    Ok(p.finish_op(st))
}

fn print_load(p: &mut Printer<'_>, op: Op) -> Option<()> {
    let m = p.module();
    let d = m.op(op);
    let (&a, idx) = d.operands.split_first()?;
    let [r] = d.results.as_slice() else { return None };
    memref_type(m, a)?;
    if m.value_type(a).element_type() != m.value_type(*r) || !all_index(m, idx) {
        return None;
    }
    print_access(p, op, "load", a, idx);
    Some(())
}

/// Check that operand `memref_at` is a memref indexed by the operands after it.
fn check_memref_indices(cx: &mut VerifyCx<'_>, op: Op, memref_at: usize) -> Option<&'static str> {
    let Some(t) = cx.operand_type(op, memref_at) else { return Some("") };
    let Some(mt) = t.as_memref() else {
        cx.error(op, format!("operand #{memref_at} must be a memref, but got '{t}'"));
        return Some("");
    };
    let n = cx.m.op(op).operands.len() - memref_at - 1;
    if n != mt.shape.len() {
        cx.error(op, format!("index count {n} does not match memref rank {}", mt.shape.len()));
        return Some("");
    }
    if !cx.index_operands(op, memref_at + 1, "index") {
        return Some("");
    }
    None
}

fn verify_load(cx: &mut VerifyCx<'_>, op: Op) {
    if !cx.counts(op, None, Some(1), 0, 0) || !cx.min_operands(op, 1) || check_memref_indices(cx, op, 0).is_some() {
        return;
    }
    let elem = cx.operand_type(op, 0).map(|t| t.element_type().clone());
    if cx.result_type(op, 0) != elem.as_ref() {
        cx.error(op, format!("result type must match the memref element type '{}'", elem.unwrap_or(Type::None)));
    }
}

fn parse_store(p: &mut Parser<'_>, span: Span) -> PResult<Values> {
    let v = p.parse_operand()?;
    if !p.eat(TokKind::Comma) && !p.eat_keyword("to") {
        return Err(p.error_here("expected ','"));
    }
    let (a, idx) = parse_memref_access(p)?;
    let attrs = p.parse_optional_attr_dict()?;
    let ty = p.parse_colon_type()?;
    let v = p.resolve_operand(&v, ty.element_type())?;
    let a = p.resolve_operand(&a, &ty)?;
    let mut st = OperationState::new(p.intern("std.store")).operand(v).operand(a).operands(&idx).at(span);
    st.attrs = attrs;
    Ok(p.finish_op(st))
}

fn print_store(p: &mut Printer<'_>, op: Op) -> Option<()> {
    let m = p.module();
    let d = m.op(op);
    let [v, a, idx @ ..] = d.operands.as_slice() else { return None };
    memref_type(m, *a)?;
    if m.value_type(*a).element_type() != m.value_type(*v) || !all_index(m, idx) || !d.results.is_empty() {
        return None;
    }
    p.w("store ");
    p.print_value(*v);
    p.w(", ");
    p.print_value(*a);
    print_index_list(p, idx);
    p.print_attr_dict(op, &[]);
    p.w(" : ");
    p.print_type(m.value_type(*a));
    Some(())
}

fn verify_store(cx: &mut VerifyCx<'_>, op: Op) {
    if !cx.counts(op, None, Some(0), 0, 0) || !cx.min_operands(op, 2) || check_memref_indices(cx, op, 1).is_some() {
        return;
    }
    let elem = cx.operand_type(op, 1).map(|t| t.element_type().clone());
    if cx.operand_type(op, 0) != elem.as_ref() {
        cx.error(op, format!("value to store must have the memref element type '{}'", elem.unwrap_or(Type::None)));
    }
}

fn tensor_of(mt: &MemrefType) -> Type {
    Type::tensor(Some(mt.shape.clone()), mt.elem.clone()).unwrap_or(Type::None)
}

fn parse_tensor_load(p: &mut Parser<'_>, span: Span) -> PResult<Values> {
    let a = p.parse_operand()?;
    let attrs = p.parse_optional_attr_dict()?;
    let at = p.span();
    let ty = p.parse_colon_type()?;
    let Some(mt) = ty.as_memref() else { return Err(p.error_at(at, "expected a memref type")) };
    let result = tensor_of(mt);
    let a = p.resolve_operand(&a, &ty)?;
    let mut st = OperationState::new(p.intern("std.tensor_load")).operand(a).result(result).at(span);
    st.attrs = attrs;
    Ok(p.finish_op(st))
}

fn print_tensor_load(p: &mut Printer<'_>, op: Op) -> Option<()> {
    let m = p.module();
    let d = m.op(op);
    let [a] = d.operands.as_slice() else { return None };
    let [r] = d.results.as_slice() else { return None };
    if tensor_of(memref_type(m, *a)?) != *m.value_type(*r) {
        return None;
    }
    p.w("tensor_load ");
    p.print_value(*a);
    p.print_attr_dict(op, &[]);
    p.w(" : ");
    p.print_type(m.value_type(*a));
    Some(())
}

fn verify_tensor_load(cx: &mut VerifyCx<'_>, op: Op) {
    if !cx.counts(op, Some(1), Some(1), 0, 0) {
        return;
    }
    let Some(mt) = cx.operand_type(op, 0).and_then(Type::as_memref) else {
        cx.kind(op, 0, false, "a memref", |_| false);
        return;
    };
    let expected = tensor_of(mt);
    if cx.result_type(op, 0) != Some(&expected) {
        cx.error(op, format!("result type must be '{expected}', the tensor of the memref's shape and element type"));
    }
}

fn parse_tensor_store(p: &mut Parser<'_>, span: Span) -> PResult<Values> {
    let t = p.parse_operand()?;
    if !p.eat(TokKind::Comma) && !p.eat_keyword("to") {
        return Err(p.error_here("expected ','"));
    }
    let a = p.parse_operand()?;
    let attrs = p.parse_optional_attr_dict()?;
    let at = p.span();
    let ty = p.parse_colon_type()?;
    let Some(mt) = ty.as_memref() else { return Err(p.error_at(at, "expected a memref type")) };
    let tt = tensor_of(mt);
    let t = p.resolve_operand(&t, &tt)?;
    let a = p.resolve_operand(&a, &ty)?;
    let mut st = OperationState::new(p.intern("std.tensor_store")).operand(t).operand(a).at(span);
    st.attrs = attrs;
    Ok(p.finish_op(st))
}

fn print_tensor_store(p: &mut Printer<'_>, op: Op) -> Option<()> {
    let m = p.module();
    let d = m.op(op);
    let [t, a] = d.operands.as_slice() else { return None };
    if tensor_of(memref_type(m, *a)?) != *m.value_type(*t) || !d.results.is_empty() {
        return None;
    }
    p.w("tensor_store ");
    p.print_values(&[*t, *a]);
    p.print_attr_dict(op, &[]);
    p.w(" : ");
    p.print_type(m.value_type(*a));
    Some(())
}

fn verify_tensor_store(cx: &mut VerifyCx<'_>, op: Op) {
    if !cx.counts(op, Some(2), Some(0), 0, 0) {
        return;
    }
    let Some(mt) = cx.operand_type(op, 1).and_then(Type::as_memref) else {
        cx.kind(op, 1, false, "a memref", |_| false);
        return;
    };
    let expected = tensor_of(mt);
    if cx.operand_type(op, 0) != Some(&expected) {
        let got = cx.operand_type(op, 0).map(ToString::to_string).unwrap_or_default();
        cx.error(op, format!("tensor type '{got}' must match the memref's shape and element type ('{expected}')"));
    }
}

fn std_key(lw: &FnLowerer<'_, '_>, op: Op, at: usize) -> crate::codegen::AccessKey {
    let d = lw.m.op(op);
    crate::codegen::AccessKey { memref: d.operands[at], map: None, operands: d.operands[at + 1..].to_vec() }
}

fn lower_load(lw: &mut FnLowerer<'_, '_>, op: Op) -> Result<(), CodegenError> {
    let d = lw.m.op(op);
    let elem = lw.ty(d.operands[0]).element_type().clone();
    if let Some(v) = lw.read_register(d.operands[0], &elem) {
        lw.set(d.results[0], v);
        return Ok(());
    }
    if let Some(v) = lw.forwarded(&std_key(lw, op, 0)) {
        lw.set(d.results[0], Repr::Scalar(v));
        return Ok(());
    }
    if lw.bounds_checks() && super::bounds::proven(lw.m, op, 0) {
        lw.assume_in_bounds(op);
    }
    let ty = lw.ty(d.operands[0]);
    let desc = lw.memref(d.operands[0])?;
    let idx = index_values(lw, &d.operands[1..])?;
    let addr = lw.element_address(ty, &desc, &idx, op)?;
    let elem = ty.element_type().clone();
    let v = lw.load_elem_of(op, &elem, addr);
    lw.set(d.results[0], v);
    Ok(())
}

fn lower_store(lw: &mut FnLowerer<'_, '_>, op: Op) -> Result<(), CodegenError> {
    let d = lw.m.op(op);
    if lw.write_register(d.operands[1], d.operands[0])? {
        return Ok(());
    }
    if lw.bounds_checks() && super::bounds::proven(lw.m, op, 1) {
        lw.assume_in_bounds(op);
    }
    let ty = lw.ty(d.operands[1]);
    let desc = lw.memref(d.operands[1])?;
    let idx = index_values(lw, &d.operands[2..])?;
    let addr = lw.element_address(ty, &desc, &idx, op)?;
    let v = lw.get(d.operands[0])?;
    lw.store_elem(&ty.element_type().clone(), &v, addr);
    if let Repr::Scalar(x) = v {
        let k = std_key(lw, op, 1);
        lw.update_forwarded(&k, x);
    }
    Ok(())
}

fn lower_extract_element(lw: &mut FnLowerer<'_, '_>, op: Op) -> Result<(), CodegenError> {
    let m = lw.m;
    let d = m.op(op);
    let ty = m.value_type(d.operands[0]);
    let idx = index_values(lw, &d.operands[1..])?;
    match ty {
        Type::Vector(v) => {
            let lanes = lw.lanes(d.operands[0])?;
            let dims: Vec<Dim> = v.shape.iter().map(|&s| Dim::Static(s as i64)).collect();
            // Constant indices pick the lane; others go through memory.
            let consts: Option<Vec<i64>> = d.operands[1..]
                .iter()
                .map(|&x| {
                    m.defining_op(x)
                        .filter(|&o| m.op_name(o) == "std.constant")
                        .and_then(|o| m.attr(o, "value"))
                        .and_then(Attribute::as_int)
                        .map(|c| c as i64)
                })
                .collect();
            let value = match consts {
                Some(c) => {
                    let mut lin = 0i64;
                    for (i, s) in c.iter().zip(&v.shape) {
                        if *i < 0 || *i >= *s as i64 {
                            return Err(lw.err(op, format!("index {i} is out of range for '{ty}'")));
                        }
                        lin = lin * *s as i64 + i;
                    }
                    lanes[lin as usize]
                }
                None => {
                    let eb = cr::elem_bytes(&v.elem).unwrap_or(8);
                    let ss = lw.b.create_sized_stack_slot(cranelift_codegen::ir::StackSlotData::new(
                        cranelift_codegen::ir::StackSlotKind::ExplicitSlot,
                        (lanes.len() as i64 * eb.max(1)) as u32,
                        3,
                    ));
                    let base = lw.b.ins().stack_addr(types::I64, ss, 0);
                    let scalar_ty = match &v.elem {
                        Type::F16 | Type::BF16 => Type::F32,
                        t => t.clone(),
                    };
                    let seb = cr::elem_bytes(&scalar_ty).unwrap_or(8);
                    for (i, &l) in lanes.iter().enumerate() {
                        let a = lw.b.ins().iadd_imm_s(base, i as i64 * seb);
                        lw.b.ins().store(cranelift_codegen::ir::MemFlagsData::trusted(), l, a, 0);
                    }
                    if lw.bounds_checks() {
                        for (&i, s) in idx.iter().zip(&v.shape) {
                            let bad = lw.b.ins().icmp_imm_s(IntCC::UnsignedGreaterThanOrEqual, i, *s as i64);
                            lw.trap_if(bad, TrapKind::OutOfBounds, op);
                        }
                    }
                    let lin = lw.linearize(&idx, &dims);
                    let off = lw.b.ins().imul_imm_s(lin, seb);
                    let a = lw.b.ins().iadd(base, off);
                    let ct = cr::scalar_clif(&scalar_ty).unwrap_or(types::I64);
                    lw.b.ins().load(ct, cranelift_codegen::ir::MemFlagsData::trusted(), a, 0)
                }
            };
            lw.set(d.results[0], Repr::Scalar(value));
        }
        _ => {
            let desc = lw.memref(d.operands[0])?;
            let addr = lw.element_address(ty, &desc, &idx, op)?;
            let v = lw.load_elem(&ty.element_type().clone(), addr);
            lw.set(d.results[0], v);
        }
    }
    Ok(())
}

/// Copy every element between two descriptors of the same shape, through their layouts.
fn copy_elements(
    lw: &mut FnLowerer<'_, '_>,
    src_ty: &Type,
    src: &MemrefRepr,
    dst_ty: &Type,
    dst: &MemrefRepr,
    op: Op,
) -> Result<(), CodegenError> {
    let identity = |t: &Type| cr::as_memref_like(t).is_some_and(|m| m.maps.is_empty());
    let elem = src_ty.element_type().clone();
    if identity(src_ty) && identity(dst_ty) {
        let n = lw.element_count(&src.dims);
        let eb = cr::elem_bytes(&elem).unwrap_or(1);
        let bytes = lw.b.ins().imul_imm_s(n, eb);
        lw.copy_bytes(dst.ptr, src.ptr, bytes);
        return Ok(());
    }
    let dims = src.dims.clone();
    let (src, dst) = (src.clone(), dst.clone());
    lw.for_each_index(&dims, &mut |lw, idx| {
        let a = lw.element_address(src_ty, &src, idx, op)?;
        let v = lw.load_elem(&elem, a);
        let b = lw.element_address(dst_ty, &dst, idx, op)?;
        lw.store_elem(&elem, &v, b);
        Ok(())
    })
}

fn lower_tensor_load(lw: &mut FnLowerer<'_, '_>, op: Op) -> Result<(), CodegenError> {
    let d = lw.m.op(op);
    let (mty, tty) = (lw.ty(d.operands[0]), lw.ty(d.results[0]));
    let src = lw.memref(d.operands[0])?;
    let dst = lw.alloc_memref(tty, src.dims.clone(), Vec::new(), op)?;
    copy_elements(lw, mty, &src, tty, &dst, op)?;
    lw.set(d.results[0], Repr::Memref(dst));
    Ok(())
}

fn lower_tensor_store(lw: &mut FnLowerer<'_, '_>, op: Op) -> Result<(), CodegenError> {
    let d = lw.m.op(op);
    let (tty, mty) = (lw.ty(d.operands[0]), lw.ty(d.operands[1]));
    let src = lw.memref(d.operands[0])?;
    let dst = lw.memref(d.operands[1])?;
    copy_elements(lw, tty, &src, mty, &dst, op)
}

// ---- interpretation ---------------------------------------------------------------------------

use crate::interp::{Flow, IVal, Interp, Stop};

fn interp_load(it: &mut Interp<'_>, op: Op) -> Result<Flow, Stop> {
    let d = it.m.op(op);
    let (mv, mt) = it.memref(d.operands[0])?;
    let idx = it.ints(&d.operands[1..])?;
    let v = mv.load(&mt, &idx).map_err(|k| it.trap(op, k))?;
    it.set(d.results[0], v);
    Ok(Flow::Next)
}

fn interp_store(it: &mut Interp<'_>, op: Op) -> Result<Flow, Stop> {
    let d = it.m.op(op);
    let v = it.get(d.operands[0])?;
    let (mv, mt) = it.memref(d.operands[1])?;
    let idx = it.ints(&d.operands[2..])?;
    mv.store(&mt, &idx, &v).map_err(|k| it.trap(op, k))?;
    Ok(Flow::Next)
}

fn interp_extract_element(it: &mut Interp<'_>, op: Op) -> Result<Flow, Stop> {
    let m = it.m;
    let d = m.op(op);
    let idx = it.ints(&d.operands[1..])?;
    let v = match it.get(d.operands[0])? {
        IVal::Vector(lanes) => {
            let shape = m.value_type(d.operands[0]).shape().unwrap_or_default();
            let mut k = 0i64;
            for (&i, &s) in idx.iter().zip(&shape) {
                if (i as u64) >= (s as u64) {
                    return Err(it.trap(op, TrapKind::OutOfBounds));
                }
                k = k * s + i;
            }
            lanes[k as usize].clone()
        }
        _ => {
            let (mv, mt) = it.memref(d.operands[0])?;
            mv.load(&mt, &idx).map_err(|k| it.trap(op, k))?
        }
    };
    it.set(d.results[0], v);
    Ok(Flow::Next)
}

/// Copy every element of `src` into `dst` (same logical shape).
fn interp_copy(
    it: &mut Interp<'_>,
    op: Op,
    src: Value,
    dst: &crate::interp::MemrefVal,
    dst_ty: &MemrefType,
) -> Result<(), Stop> {
    let (sv, st) = it.memref(src)?;
    for idx in sv.indices() {
        let v = sv.load(&st, &idx).map_err(|k| it.trap(op, k))?;
        dst.store(dst_ty, &idx, &v).map_err(|k| it.trap(op, k))?;
    }
    Ok(())
}

fn interp_tensor_load(it: &mut Interp<'_>, op: Op) -> Result<Flow, Stop> {
    let m = it.m;
    let d = m.op(op);
    let (sv, _) = it.memref(d.operands[0])?;
    let tt = crate::interp::memory::memref_like(m.value_type(d.results[0]))
        .ok_or_else(|| Stop::Unsupported("an unranked tensor".into()))?;
    let IVal::Memref(t) = it.alloc(op, &tt, sv.dims.clone(), Vec::new(), crate::interp::Origin::Other)? else {
        return Err(Stop::Unsupported("not a memref".into()));
    };
    interp_copy(it, op, d.operands[0], &t, &tt)?;
    it.set(d.results[0], IVal::Memref(t));
    Ok(Flow::Next)
}

fn interp_tensor_store(it: &mut Interp<'_>, op: Op) -> Result<Flow, Stop> {
    let d = it.m.op(op);
    let (dv, dt) = it.memref(d.operands[1])?;
    interp_copy(it, op, d.operands[0], &dv, &dt)?;
    Ok(Flow::Next)
}
