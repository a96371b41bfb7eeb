//! `dma_start` / `dma_wait`: copies between memory spaces with a tag memref
//! (mlir-langref-mid.md); on the CPU a copy that has finished when it returns.

use super::*;
use crate::codegen::repr::{self as cr};
use crate::codegen::{CodegenError, FnLowerer};
use crate::dialect::common::{all_index, print_index_list};
use crate::dialect::{OpDef, Traits, VerifyCx};
use crate::ir::{Module, Op, OperationState, Span, Type, Value, Values};
use crate::runtime::call as rt;
use crate::runtime::trap::TrapKind;
use crate::syntax::{PResult, Parser, Printer, TokKind};
use cranelift_codegen::ir::InstBuilder;
use cranelift_codegen::ir::condcodes::IntCC;

/// `std.dma_start`.
pub static DMA_START: OpDef = OpDef {
    name: "std.dma_start",
    keyword: "dma_start",
    parse: Some(parse_dma_start),
    print: Some(print_dma_start),
    verify: verify_dma_start,
    fold: None,
    lower: Some(lower_dma_start),
    interp: Some(interp_dma_start),
    traits: Traits::NONE,
    summary: "start a copy of elements between memrefs, completion signalled at a tag",
};

/// `std.dma_wait`.
pub static DMA_WAIT: OpDef = OpDef {
    name: "std.dma_wait",
    keyword: "dma_wait",
    parse: Some(parse_dma_wait),
    print: Some(print_dma_wait),
    verify: verify_dma_wait,
    fold: None,
    lower: Some(lower_dma_wait),
    interp: Some(interp_dma_wait),
    traits: Traits::NONE,
    summary: "wait for the copy signalled at a tag",
};

fn parse_dma_start(p: &mut Parser<'_>, span: Span) -> PResult<Values> {
    let (src, src_idx) = parse_memref_access(p)?;
    p.expect(TokKind::Comma, "','")?;
    let (dst, dst_idx) = parse_memref_access(p)?;
    p.expect(TokKind::Comma, "','")?;
    let n = p.parse_operand()?;
    let n = p.resolve_operand(&n, &Type::Index)?;
    p.expect(TokKind::Comma, "','")?;
    let (tag, tag_idx) = parse_memref_access(p)?;
    let mut stride = Values::new();
    if p.eat(TokKind::Comma) {
        let s = p.parse_operand()?;
        p.expect(TokKind::Comma, "',' and the number of elements per stride")?;
        let e = p.parse_operand()?;
        stride = p.resolve_all(&[s, e], &Type::Index)?;
    }
    let attrs = p.parse_optional_attr_dict()?;
    let at = p.span();
    let tys = p.parse_colon_type_list()?;
    let [ts, td, tt] = tys.as_slice() else {
        return Err(p.error_at(at, "expected three memref types: source, destination and tag"));
    };
    for (t, what) in [(ts, "source"), (td, "destination"), (tt, "tag")] {
        if t.as_memref().is_none() {
            return Err(p.error_at(at, format!("expected {what} to be of memref type")));
        }
    }
    let src = p.resolve_operand(&src, ts)?;
    let dst = p.resolve_operand(&dst, td)?;
    let tag = p.resolve_operand(&tag, tt)?;
    let mut st = OperationState::new(p.intern("std.dma_start"))
        .operand(src)
        .operands(&src_idx)
        .operand(dst)
        .operands(&dst_idx)
        .operand(n)
        .operand(tag)
        .operands(&tag_idx)
        .operands(&stride)
        .at(span);
    st.attrs = attrs;
    Ok(p.finish_op(st))
}

/// The operand layout of a dma_start: (src, src indices, dst, dst indices, size, tag, tag
/// indices, stride operands), derived from the memref ranks.
struct DmaLayout {
    src: Value,
    src_idx: Vec<Value>,
    dst: Value,
    dst_idx: Vec<Value>,
    size: Value,
    tag: Value,
    tag_idx: Vec<Value>,
    stride: Vec<Value>,
}

fn dma_layout(m: &Module, op: Op) -> Result<DmaLayout, String> {
    let ops = &m.op(op).operands;
    let take_memref = |i: usize, what: &str| -> Result<(Value, usize), String> {
        let v = *ops.get(i).ok_or_else(|| format!("expected the {what} memref operand"))?;
        let rank = m
            .value_type(v)
            .as_memref()
            .ok_or_else(|| format!("expected {what} to be of memref type, but got '{}'", m.value_type(v)))?
            .shape
            .len();
        if ops.len() < i + 1 + rank {
            return Err(format!("expected {rank} indices for the {what} memref"));
        }
        Ok((v, rank))
    };
    let (src, sr) = take_memref(0, "source")?;
    let mut i = 1 + sr;
    let (dst, dr) = take_memref(i, "destination")?;
    let src_idx = ops[1..1 + sr].to_vec();
    let dst_idx = ops[i + 1..i + 1 + dr].to_vec();
    i += 1 + dr;
    let size = *ops.get(i).ok_or("expected the number of elements operand")?;
    i += 1;
    let (tag, tr) = take_memref(i, "tag")?;
    let tag_idx = ops[i + 1..i + 1 + tr].to_vec();
    i += 1 + tr;
    let stride = ops[i..].to_vec();
    if !(stride.is_empty() || stride.len() == 2) {
        return Err(format!(
            "expected no stride operands or two (stride, elements per stride), but found {}",
            stride.len()
        ));
    }
    Ok(DmaLayout { src, src_idx, dst, dst_idx, size, tag, tag_idx, stride })
}

fn print_dma_start(p: &mut Printer<'_>, op: Op) -> Option<()> {
    let m = p.module();
    let l = dma_layout(m, op).ok()?;
    let idx: Vec<Value> =
        l.src_idx.iter().chain(&l.dst_idx).chain(&l.tag_idx).chain(&l.stride).copied().chain([l.size]).collect();
    if !all_index(m, &idx) {
        return None;
    }
    p.w("dma_start ");
    p.print_value(l.src);
    print_index_list(p, &l.src_idx);
    p.w(", ");
    p.print_value(l.dst);
    print_index_list(p, &l.dst_idx);
    p.w(", ");
    p.print_value(l.size);
    p.w(", ");
    p.print_value(l.tag);
    print_index_list(p, &l.tag_idx);
    if !l.stride.is_empty() {
        p.w(", ");
        p.print_values(&l.stride);
    }
    p.print_attr_dict(op, &[]);
    p.w(" : ");
    p.print_types(&[m.value_type(l.src).clone(), m.value_type(l.dst).clone(), m.value_type(l.tag).clone()]);
    Some(())
}

fn verify_dma_start(cx: &mut VerifyCx<'_>, op: Op) {
    if !cx.counts(op, None, Some(0), 0, 0) {
        return;
    }
    let m = cx.m;
    let l = match dma_layout(m, op) {
        Ok(l) => l,
        Err(e) => {
            cx.error(op, e);
            return;
        }
    };
    let (s, d) = (m.value_type(l.src).element_type(), m.value_type(l.dst).element_type());
    if s != d {
        cx.error(op, format!("source and destination must have the same element type, but got '{s}' and '{d}'"));
    }
    let idx: Vec<Value> =
        l.src_idx.iter().chain(&l.dst_idx).chain(&l.tag_idx).chain(&l.stride).copied().chain([l.size]).collect();
    if let Some(&bad) = idx.iter().find(|&&v| !m.value_type(v).is_index()) {
        cx.error(op, format!("indices, sizes and strides must be of 'index' type, but got '{}'", m.value_type(bad)));
    }
}

fn parse_dma_wait(p: &mut Parser<'_>, span: Span) -> PResult<Values> {
    let (tag, idx) = parse_memref_access(p)?;
    p.expect(TokKind::Comma, "',' and the number of elements")?;
    let n = p.parse_operand()?;
    let attrs = p.parse_optional_attr_dict()?;
    p.expect(TokKind::Colon, "':'")?;
    let ty_at = p.span();
    let ty = p.parse_type()?;
    if ty.as_memref().is_none() {
        return Err(p.error_at(ty_at, "expected tag to be of memref type"));
    }
    let tag = p.resolve_operand(&tag, &ty)?;
    let n = p.resolve_operand(&n, &Type::Index)?;
    let mut st = OperationState::new(p.intern("std.dma_wait")).operand(tag).operands(&idx).operand(n).at(span);
    st.attrs = attrs;
    Ok(p.finish_op(st))
}

fn print_dma_wait(p: &mut Printer<'_>, op: Op) -> Option<()> {
    let m = p.module();
    let d = m.op(op);
    let (&tag, rest) = d.operands.split_first()?;
    let rank = memref_type(m, tag)?.shape.len();
    if rest.len() != rank + 1 || !all_index(m, rest) {
        return None;
    }
    p.w("dma_wait ");
    p.print_value(tag);
    print_index_list(p, &rest[..rank]);
    p.w(", ");
    p.print_value(rest[rank]);
    p.print_attr_dict(op, &[]);
    p.w(" : ");
    p.print_type(m.value_type(tag));
    Some(())
}

fn verify_dma_wait(cx: &mut VerifyCx<'_>, op: Op) {
    if !cx.counts(op, None, Some(0), 0, 0) || !cx.min_operands(op, 2) {
        return;
    }
    let Some(mt) = cx.operand_type(op, 0).and_then(Type::as_memref) else {
        cx.kind(op, 0, false, "a memref", |_| false);
        return;
    };
    let n = cx.m.op(op).operands.len();
    if n != mt.shape.len() + 2 {
        cx.error(
            op,
            format!(
                "expected {} tag indices and the number of elements, but found {} operands after the tag",
                mt.shape.len(),
                n - 1
            ),
        );
        return;
    }
    cx.index_operands(op, 1, "index or size");
}

fn lower_dma_start(lw: &mut FnLowerer<'_, '_>, op: Op) -> Result<(), CodegenError> {
    use cranelift_codegen::ir::{StackSlotData, StackSlotKind, types};
    let m = lw.m;
    let l = dma_layout(m, op).map_err(|e| lw.err(op, e))?;
    let eb = cr::elem_bytes(m.value_type(l.src).element_type()).unwrap_or(1);
    // Each side as the runtime checks it: base, elements, first flat index.
    let side = |lw: &mut FnLowerer<'_, '_>, memref: Value, idx: &[Value]| -> Result<_, CodegenError> {
        let ty = lw.ty(memref);
        let desc = lw.memref(memref)?;
        let at = index_values(lw, idx)?;
        // The address of the first element (checked like any access), as a flat index.
        let addr = lw.element_address(ty, &desc, &at, op)?;
        let off = lw.b.ins().isub(addr, desc.ptr);
        let first = lw.b.ins().sdiv_imm_s(off, eb);
        let extent = if desc.phys.is_empty() { desc.dims.clone() } else { desc.phys.clone() };
        let len = lw.element_count(&extent);
        let slot = lw.b.create_sized_stack_slot(StackSlotData::new(StackSlotKind::ExplicitSlot, 24, 3));
        lw.b.ins().stack_store(types::I64, desc.ptr, slot, 0);
        lw.b.ins().stack_store(types::I64, len, slot, 8);
        lw.b.ins().stack_store(types::I64, first, slot, 16);
        Ok(lw.b.ins().stack_addr(types::I64, slot, 0))
    };
    let src = side(lw, l.src, &l.src_idx)?;
    let dst = side(lw, l.dst, &l.dst_idx)?;
    let n = lw.scalar(l.size)?;
    let ebv = lw.i64c(eb);
    let (stride, per) = match l.stride.as_slice() {
        [s, p] => (lw.scalar(*s)?, lw.scalar(*p)?),
        _ => (lw.i64c(0), lw.i64c(0)),
    };
    let status = lw.call_host(
        rt::strata_dma_copy as *const () as usize,
        &[types::I64; 6],
        &[types::I32],
        &[src, dst, n, ebv, stride, per],
    )[0];
    let outside = lw.b.ins().icmp_imm_s(IntCC::Equal, status, 1);
    lw.trap_if(outside, TrapKind::OutOfBounds, op);
    let per_zero = lw.b.ins().icmp_imm_s(IntCC::Equal, status, 2);
    lw.trap_if(per_zero, TrapKind::DivisionByZero, op);
    let _ = l.tag;
    Ok(())
}

/// The copy of `dma_start` is synchronous: there is nothing to wait for.
fn lower_dma_wait(_: &mut FnLowerer<'_, '_>, _: Op) -> Result<(), CodegenError> {
    Ok(())
}

// ---- interpretation ---------------------------------------------------------------------------

use crate::interp::{Flow, Interp, Stop};

/// The copy generated code makes, with the same checks (`runtime::call::strata_dma_copy`).
fn interp_dma_start(it: &mut Interp<'_>, op: Op) -> Result<Flow, Stop> {
    let m = it.m;
    let l = dma_layout(m, op).map_err(Stop::Unsupported)?;
    let eb = crate::interp::memory::elem_bytes(m.value_type(l.src).element_type()).unwrap_or(1);
    let side = |it: &Interp<'_>, memref: Value, idx: &[Value]| -> Result<_, Stop> {
        let (mv, mt) = it.memref(memref)?;
        let at = it.ints(idx)?;
        let first = (mv.offset(&mt, &at).map_err(|k| it.trap(op, k))? as i64 - mv.base) / eb;
        let extent = if mv.phys.is_empty() { &mv.dims } else { &mv.phys };
        let len = extent.iter().fold(1i128, |n, &d| n * i128::from(d));
        Ok((mv, i128::from(first), len))
    };
    let (s, s_at, s_len) = side(it, l.src, &l.src_idx)?;
    let (d, d_at, d_len) = side(it, l.dst, &l.dst_idx)?;
    let n = i128::from(it.int(l.size)?);
    let (stride, per) = match l.stride.as_slice() {
        [st, p] => (i128::from(it.int(*st)?), i128::from(it.int(*p)?)),
        _ => (0, 0),
    };
    let inside = |first: i128, count: i128, len: i128| count == 0 || (first >= 0 && count >= 0 && first + count <= len);
    // (source element, destination element, elements) of each chunk.
    let chunks: Vec<(i128, i128, i128)> = if stride == 0 && per == 0 {
        if n < 0 || !inside(s_at, n, s_len) || !inside(d_at, n, d_len) {
            return Err(it.trap(op, crate::runtime::TrapKind::OutOfBounds));
        }
        vec![(s_at, d_at, n)]
    } else {
        if n < 0 {
            return Err(it.trap(op, crate::runtime::TrapKind::OutOfBounds));
        }
        if per <= 0 {
            return Err(it.trap(op, crate::runtime::TrapKind::DivisionByZero));
        }
        let count = n / per;
        if count > 0 {
            let last = s_at + (count - 1) * stride;
            let lowest = s_at.min(last);
            if !inside(lowest, s_at.max(last) - lowest + per, s_len) || !inside(d_at, count * per, d_len) {
                return Err(it.trap(op, crate::runtime::TrapKind::OutOfBounds));
            }
        }
        (0..count).map(|k| (s_at + k * stride, d_at + k * per, per)).collect()
    };
    let eb = i128::from(eb);
    // Byte ranges inside the buffers themselves too (a view may claim more than its buffer).
    let range = |base: i64, at: i128, count: i128| {
        let start = usize::try_from(i128::from(base) + at * eb).ok()?;
        Some(start..start.checked_add(usize::try_from(count * eb).ok()?)?)
    };
    let oob = || it.trap(op, crate::runtime::TrapKind::OutOfBounds);
    for (from, to, count) in chunks {
        let bytes: Vec<u8> = {
            let b = s.buf.bytes.borrow();
            b.get(range(s.base, from, count).ok_or_else(oob)?).ok_or_else(oob)?.to_vec()
        };
        let mut b = d.buf.bytes.borrow_mut();
        b.get_mut(range(d.base, to, count).ok_or_else(oob)?).ok_or_else(oob)?.copy_from_slice(&bytes);
    }
    Ok(Flow::Next)
}

fn interp_dma_wait(_: &mut Interp<'_>, _: Op) -> Result<Flow, Stop> {
    Ok(Flow::Next)
}
