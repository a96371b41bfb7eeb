//! `dma_start` / `dma_wait`: copies between memory spaces with a tag memref
//! (mlir-langref-mid.md); on the CPU a copy that has finished when it returns.

use super::*;
use crate::codegen::repr::{self as cr};
use crate::codegen::{CodegenError, FnLowerer};
use crate::dialect::common::{all_index, print_index_list};
use crate::dialect::{OpDef, Traits, VerifyCx};
use crate::ir::{Module, Op, OperationState, Span, Type, Value, Values};
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
    interp: None,
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
    interp: None,
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
    let m = lw.m;
    let l = dma_layout(m, op).map_err(|e| lw.err(op, e))?;
    let (sty, dty) = (m.value_type(l.src), m.value_type(l.dst));
    let (s, dd) = (lw.memref(l.src)?, lw.memref(l.dst)?);
    let si = index_values(lw, &l.src_idx)?;
    let di = index_values(lw, &l.dst_idx)?;
    let src = lw.element_address(sty, &s, &si, op)?;
    let dst = lw.element_address(dty, &dd, &di, op)?;
    let n = lw.scalar(l.size)?;
    let eb = cr::elem_bytes(sty.element_type()).unwrap_or(1);
    if l.stride.is_empty() {
        let bytes = lw.b.ins().imul_imm_s(n, eb);
        lw.copy_bytes(dst, src, bytes);
    } else {
        // `per` elements at a time, advancing the source by `stride` elements per chunk.
        let stride = lw.scalar(l.stride[0])?;
        let per = lw.scalar(l.stride[1])?;
        let zero = lw.b.ins().icmp_imm_s(IntCC::SignedLessThanOrEqual, per, 0);
        lw.trap_if(zero, TrapKind::DivisionByZero, op);
        let chunks = lw.b.ins().sdiv(n, per);
        let bytes = lw.b.ins().imul_imm_s(per, eb);
        let z = lw.i64c(0);
        lw.build_loop(z, chunks, 1, &mut |lw, k| {
            let so = lw.b.ins().imul(k, stride);
            let so = lw.b.ins().imul_imm_s(so, eb);
            let sa = lw.b.ins().iadd(src, so);
            let doff = lw.b.ins().imul(k, bytes);
            let da = lw.b.ins().iadd(dst, doff);
            lw.copy_bytes(da, sa, bytes);
            Ok(())
        })?;
    }
    let _ = l.tag;
    Ok(())
}

/// The copy of `dma_start` is synchronous: there is nothing to wait for.
fn lower_dma_wait(_: &mut FnLowerer<'_, '_>, _: Op) -> Result<(), CodegenError> {
    Ok(())
}
