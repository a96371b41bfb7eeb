//! Buffers: `alloca` (in the frame), `alloc` (dynamic sizes, layout symbols), `alloc_static`
//! (at a fixed address), `dealloc`.

use super::*;
use crate::codegen::CodegenRole;
use crate::codegen::repr::{self as cr, Dim, MemrefRepr, Repr};
use crate::codegen::{CodegenError, FnLowerer};
use crate::dialect::common::all_index;
use crate::dialect::{OpDef, Traits, VerifyCx};
use crate::ir::{Attribute, DYNAMIC, MemrefType, Op, OperationState, Span, Type, Values};
use crate::runtime::call as rt;
use crate::runtime::trap::TrapKind;
use crate::syntax::{PResult, Parser, Printer, TokKind};
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{InstBuilder, types};

/// `std.alloca`.
pub static ALLOCA: OpDef = OpDef {
    name: "std.alloca",
    keyword: "alloca",
    parse: Some(parse_alloca),
    print: Some(print_alloca),
    verify: verify_alloca,
    fold: None,
    lower: Some(lower_alloca),
    interp: Some(interp_alloc),
    traits: Traits { codegen: CodegenRole::FrameBuffer, ..Traits::NONE },
    summary: "a statically shaped memref in the function's stack frame, uninitialized, freed when the function returns",
};

/// `std.alloc`.
pub static ALLOC: OpDef = OpDef {
    name: "std.alloc",
    keyword: "alloc",
    parse: Some(parse_alloc),
    print: Some(print_alloc),
    verify: verify_alloc,
    fold: None,
    lower: Some(lower_alloc),
    interp: Some(interp_alloc),
    traits: Traits::NONE,
    summary: "allocate a memref; dynamic sizes in (..), layout symbols in [..]",
};

/// `std.alloc_static`.
pub static ALLOC_STATIC: OpDef = OpDef {
    name: "std.alloc_static",
    keyword: "alloc_static",
    parse: Some(parse_alloc_static),
    print: Some(print_alloc_static),
    verify: verify_alloc_static,
    fold: None,
    lower: Some(lower_alloc_static),
    interp: Some(interp_alloc_static),
    traits: Traits::NONE,
    summary: "a statically shaped memref at a fixed base (a buffer owned by the module)",
};

/// `std.dealloc`.
pub static DEALLOC: OpDef = OpDef {
    name: "std.dealloc",
    keyword: "dealloc",
    parse: Some(parse_dealloc),
    print: Some(print_dealloc),
    verify: verify_dealloc,
    fold: None,
    lower: Some(lower_dealloc),
    interp: Some(interp_dealloc),
    traits: Traits::NONE,
    summary: "free a memref",
};

fn parse_alloc(p: &mut Parser<'_>, span: Span) -> PResult<Values> {
    let (ty_at, ty, dims, syms) = if p.kind() == TokKind::LParen {
        let (dims, syms) = parse_dims_and_symbols(p)?;
        p.expect(TokKind::Colon, "':'")?;
        let at = p.span();
        (at, p.parse_type()?, dims, syms)
    } else {
        // The earliest form: `alloc memref<..>(%n)[%s]`.
        let at = p.span();
        let ty = p.parse_type()?;
        let (dims, syms) = parse_dims_and_symbols(p)?;
        (at, ty, dims, syms)
    };
    // The counts are checked here, as MLIR's parser does, so the message is about the text.
    if let Some(mt) = ty.as_memref() {
        if dims.len() != mt.num_dynamic_dims() {
            return Err(p.error_at(
                ty_at,
                format!(
                    "dimension operand count does not equal memref dynamic dimension count ({} vs {})",
                    dims.len(),
                    mt.num_dynamic_dims()
                ),
            ));
        }
        if syms.len() != mt.num_layout_symbols() {
            return Err(p.error_at(
                ty_at,
                format!(
                    "operand count does not equal dimension plus symbol operand count ({} symbols given, {} expected)",
                    syms.len(),
                    mt.num_layout_symbols()
                ),
            ));
        }
    }
    let attrs = p.parse_optional_attr_dict()?;
    let mut st = OperationState::new(p.intern("std.alloc")).operands(&dims).operands(&syms).result(ty).at(span);
    st.attrs = attrs;
    Ok(p.finish_op(st))
}

fn print_alloc(p: &mut Printer<'_>, op: Op) -> Option<()> {
    let m = p.module();
    let d = m.op(op);
    let [r] = d.results.as_slice() else { return None };
    let mt = memref_type(m, *r)?;
    let ndims = mt.num_dynamic_dims();
    if d.operands.len() != ndims + mt.num_layout_symbols() || !all_index(m, &d.operands) {
        return None;
    }
    p.w("alloc");
    let (dims, syms) = d.operands.split_at(ndims);
    print_dims_and_symbols(p, dims, syms);
    p.w(" : ");
    p.print_type(m.value_type(*r));
    p.print_attr_dict(op, &[]);
    Some(())
}

pub(super) fn check_dim_and_symbol_counts(cx: &mut VerifyCx<'_>, op: Op, mt: &MemrefType, operands: usize) {
    let (dims, syms) = (mt.num_dynamic_dims(), mt.num_layout_symbols());
    if operands != dims + syms {
        cx.error(
            op,
            format!(
                "operand count {operands} does not equal the memref's dynamic dimension count ({dims}) plus its layout symbol count ({syms})"
            ),
        );
    }
}

fn verify_alloc(cx: &mut VerifyCx<'_>, op: Op) {
    if !cx.counts(op, None, Some(1), 0, 0) {
        return;
    }
    let Some(mt) = cx.result_type(op, 0).and_then(Type::as_memref) else {
        cx.kind(op, 0, true, "a memref", |_| false);
        return;
    };
    check_dim_and_symbol_counts(cx, op, mt, cx.m.op(op).operands.len());
    cx.index_operands(op, 0, "dimension or symbol operand");
}

/// The largest stack allocation (larger buffers belong on the heap: `alloc`).
pub const MAX_ALLOCA_BYTES: i64 = 1 << 20;

fn parse_alloca(p: &mut Parser<'_>, span: Span) -> PResult<Values> {
    p.expect(TokKind::LParen, "'('")?;
    p.expect(TokKind::RParen, "')'")?;
    let attrs = p.parse_optional_attr_dict()?;
    let ty = p.parse_colon_type()?;
    let mut st = OperationState::new(p.intern("std.alloca")).result(ty).at(span);
    st.attrs = attrs;
    Ok(p.finish_op(st))
}

fn print_alloca(p: &mut Printer<'_>, op: Op) -> Option<()> {
    let m = p.module();
    let d = m.op(op);
    let [r] = d.results.as_slice() else { return None };
    memref_type(m, *r)?;
    if !d.operands.is_empty() {
        return None;
    }
    p.w("alloca()");
    p.print_attr_dict(op, &[]);
    p.w(" : ");
    p.print_type(m.value_type(*r));
    Some(())
}

fn verify_alloca(cx: &mut VerifyCx<'_>, op: Op) {
    if !cx.counts(op, Some(0), Some(1), 0, 0) {
        return;
    }
    let Some(mt) = cx.result_type(op, 0).and_then(Type::as_memref) else {
        cx.kind(op, 0, true, "a memref", |_| false);
        return;
    };
    if mt.shape.contains(&DYNAMIC) || !mt.maps.is_empty() {
        cx.error(op, "expects a statically shaped memref with the identity layout");
        return;
    }
    let bytes = mt.shape.iter().try_fold(cr::elem_bytes(&mt.elem).unwrap_or(1), |a, &d| a.checked_mul(d));
    if bytes.is_none_or(|b| b > MAX_ALLOCA_BYTES) {
        cx.error(op, format!("allocates more than {MAX_ALLOCA_BYTES} bytes on the stack; use alloc"));
    }
}

fn parse_alloc_static(p: &mut Parser<'_>, span: Span) -> PResult<Values> {
    p.expect(TokKind::LParen, "'('")?;
    let base = p.parse_integer()?;
    p.expect(TokKind::RParen, "')'")?;
    let attrs = p.parse_optional_attr_dict()?;
    let ty = p.parse_colon_type()?;
    let mut st =
        OperationState::new(p.intern("std.alloc_static")).result(ty).attr("base", Attribute::i64(base)).at(span);
    st.attrs.extend(attrs);
    Ok(p.finish_op(st))
}

fn print_alloc_static(p: &mut Printer<'_>, op: Op) -> Option<()> {
    let m = p.module();
    let d = m.op(op);
    let [r] = d.results.as_slice() else { return None };
    let base = match m.attr(op, "base")? {
        Attribute::Integer(i) if i.ty == Type::Integer(64) => i.as_i64(),
        _ => return None,
    };
    if !d.operands.is_empty() {
        return None;
    }
    p.w("alloc_static(");
    if base >= 0 {
        p.w(&format!("0x{base:x}"));
    } else {
        p.w_int(base);
    }
    p.w(")");
    p.print_attr_dict(op, &["base"]);
    p.w(" : ");
    p.print_type(m.value_type(*r));
    Some(())
}

fn verify_alloc_static(cx: &mut VerifyCx<'_>, op: Op) {
    if !cx.counts(op, Some(0), Some(1), 0, 0) {
        return;
    }
    if cx.required_attr(op, "base").and_then(Attribute::as_int).is_none() {
        return;
    }
    let Some(mt) = cx.result_type(op, 0).and_then(Type::as_memref) else {
        cx.kind(op, 0, true, "a memref", |_| false);
        return;
    };
    if mt.num_dynamic_dims() > 0 || mt.num_layout_symbols() > 0 {
        cx.error(op, "requires a static shape and a layout without symbols (use 'alloc' otherwise)");
    }
}

fn parse_dealloc(p: &mut Parser<'_>, span: Span) -> PResult<Values> {
    let a = p.parse_operand()?;
    let attrs = p.parse_optional_attr_dict()?;
    let ty = p.parse_colon_type()?;
    let a = p.resolve_operand(&a, &ty)?;
    let mut st = OperationState::new(p.intern("std.dealloc")).operand(a).at(span);
    st.attrs = attrs;
    Ok(p.finish_op(st))
}

fn print_dealloc(p: &mut Printer<'_>, op: Op) -> Option<()> {
    let m = p.module();
    let [a] = m.op(op).operands.as_slice() else { return None };
    p.w("dealloc ");
    p.print_value(*a);
    p.print_attr_dict(op, &[]);
    p.w(" : ");
    p.print_type(m.value_type(*a));
    Some(())
}

fn verify_dealloc(cx: &mut VerifyCx<'_>, op: Op) {
    if cx.counts(op, Some(1), Some(0), 0, 0) {
        cx.kind(op, 0, false, "a memref", |t| t.as_memref().is_some());
    }
}

fn lower_alloc(lw: &mut FnLowerer<'_, '_>, op: Op) -> Result<(), CodegenError> {
    let m = lw.m;
    let d = m.op(op);
    let ty = m.value_type(d.results[0]);
    let mt = ty.as_memref().ok_or_else(|| lw.err(op, "not a memref"))?;
    let ops = index_values(lw, &d.operands)?;
    let (dims, syms) = dims_and_symbols(mt, ops);
    let desc = lw.alloc_memref(ty, dims, syms, op)?;
    lw.set(d.results[0], Repr::Memref(desc));
    Ok(())
}

fn lower_alloca(lw: &mut FnLowerer<'_, '_>, op: Op) -> Result<(), CodegenError> {
    let m = lw.m;
    let d = m.op(op);
    if lw.clear_register(d.results[0]) {
        // Kept in registers: it starts as zero (its contents are undefined until stored).
        lw.set(d.results[0], Repr::Unit);
        return Ok(());
    }
    let ty = m.value_type(d.results[0]);
    let mt = ty.as_memref().ok_or_else(|| lw.err(op, "not a memref"))?;
    let eb = cr::elem_bytes(&mt.elem).ok_or_else(|| lw.err(op, "unsupported element type"))?;
    let bytes = mt.shape.iter().product::<i64>() * eb;
    let slot = lw.b.create_sized_stack_slot(cranelift_codegen::ir::StackSlotData::new(
        cranelift_codegen::ir::StackSlotKind::ExplicitSlot,
        u32::try_from(bytes.max(1)).map_err(|_| lw.err(op, "too large for the stack"))?,
        4,
    ));
    let ptr = lw.b.ins().stack_addr(types::I64, slot, 0);
    let desc = MemrefRepr {
        ptr,
        dims: mt.shape.iter().map(|&s| Dim::Static(s)).collect(),
        syms: Vec::new(),
        phys: Vec::new(),
    };
    lw.set(d.results[0], Repr::Memref(desc));
    Ok(())
}

fn lower_alloc_static(lw: &mut FnLowerer<'_, '_>, op: Op) -> Result<(), CodegenError> {
    let m = lw.m;
    let d = m.op(op);
    let ty = m.value_type(d.results[0]);
    let mt = ty.as_memref().ok_or_else(|| lw.err(op, "not a memref"))?;
    let base = m.attr(op, "base").and_then(Attribute::as_int).unwrap_or(0) as i64;
    let eb = cr::elem_bytes(&mt.elem).ok_or_else(|| lw.err(op, "unsupported element type"))?;
    let dims: Vec<i64> = mt.shape.clone();
    let space = if mt.maps.is_empty() {
        dims.clone()
    } else {
        crate::ir::layout_extents(&mt.maps, &dims, &[]).ok_or_else(|| lw.err(op, "unbounded layout"))?
    };
    let bytes = space.iter().product::<i64>() * eb;
    let addr = lw.static_buffer(base, bytes);
    if addr == 0 {
        return Err(lw.err(op, format!("cannot allocate the {bytes} bytes of the static buffer")));
    }
    let ptr = lw.i64c(addr as i64);
    let desc =
        MemrefRepr { ptr, dims: dims.into_iter().map(Dim::Static).collect(), syms: Vec::new(), phys: Vec::new() };
    let r = lw.complete(ty, Repr::Memref(desc))?;
    lw.set(d.results[0], r);
    Ok(())
}

fn lower_dealloc(lw: &mut FnLowerer<'_, '_>, op: Op) -> Result<(), CodegenError> {
    let d = lw.m.op(op);
    let desc = lw.memref(d.operands[0])?;
    let ctx = lw.ctx();
    // With bounds checks, freed memory is not reused during the call: a use after `dealloc`
    // stays inside the buffer it checks against.
    let free = if lw.bounds_checks() { rt::strata_free_checked as *const () } else { rt::strata_free as *const () };
    let status = lw.call_host(free as usize, &[types::I64, types::I64], &[types::I32], &[ctx, desc.ptr])[0];
    let bad = lw.b.ins().icmp_imm_s(IntCC::NotEqual, status, 0);
    lw.trap_if(bad, TrapKind::InvalidDealloc, op);
    Ok(())
}

// ---- interpretation ---------------------------------------------------------------------------

use crate::interp::{Flow, IVal, Interp, Origin, Stop};

/// A memref type's dynamic sizes and layout symbols from an op's index operands.
fn interp_dims(it: &Interp<'_>, mt: &MemrefType, operands: &[crate::ir::Value]) -> Result<(Vec<i64>, Vec<i64>), Stop> {
    let mut vals = it.ints(operands)?.into_iter();
    let dims = mt.shape.iter().map(|&s| if s == DYNAMIC { vals.next().unwrap_or(0) } else { s }).collect();
    Ok((dims, vals.collect()))
}

fn interp_alloc(it: &mut Interp<'_>, op: Op) -> Result<Flow, Stop> {
    let m = it.m;
    let d = m.op(op);
    let mt = m.value_type(d.results[0]).as_memref().ok_or_else(|| Stop::Unsupported("not a memref".into()))?;
    let (dims, syms) = interp_dims(it, mt, &d.operands)?;
    if crate::interp::memory::byte_size(&dims, &mt.elem).is_none() {
        let detail = "the buffer's size in bytes does not fit in 63 bits".to_string();
        return Err(it.trap_with(op, TrapKind::OutOfMemory, detail));
    }
    let origin = if ALLOC.is(m, op) { Origin::Heap } else { Origin::Other };
    let v = it.alloc(op, mt, dims, syms, origin)?;
    it.set(d.results[0], v);
    Ok(Flow::Next)
}

fn interp_dealloc(it: &mut Interp<'_>, op: Op) -> Result<Flow, Stop> {
    let (v, _) = it.memref(it.m.op(op).operands[0])?;
    // Only the start of a live `alloc` buffer may be freed, as the runtime's check says.
    if v.buf.origin != Origin::Heap || !v.buf.live.get() || v.base != 0 {
        return Err(it.trap(op, TrapKind::InvalidDealloc));
    }
    v.buf.live.set(false);
    Ok(Flow::Next)
}

/// A memref result of an op that views its operand: the same buffer.
pub(super) fn set_view(it: &mut Interp<'_>, op: Op, v: crate::interp::MemrefVal) {
    it.set(it.m.op(op).results[0], IVal::Memref(std::rc::Rc::new(v)));
}

/// The bytes of an `alloc_static`'s buffer (its layout's whole extent).
fn static_bytes(mt: &MemrefType) -> Option<i64> {
    let space =
        if mt.maps.is_empty() { mt.shape.clone() } else { crate::ir::layout_extents(&mt.maps, &mt.shape, &[])? };
    crate::interp::memory::byte_size(&space, &mt.elem)
}

/// `alloc_static`: the module's buffer at its base, shared as generated code shares it — in
/// module order, an op reuses the buffer of an earlier op of the same base when it is large
/// enough, else it gets a new one — and kept from call to call by the caller.
fn interp_alloc_static(it: &mut Interp<'_>, op: Op) -> Result<Flow, Stop> {
    let m = it.m;
    let mut by_base: std::collections::HashMap<i64, (usize, i64)> = std::collections::HashMap::new();
    let mut slot_of = None;
    let mut next = 0;
    m.walk(m.top(), |o| {
        if !ALLOC_STATIC.is(m, o) || slot_of.is_some() {
            return;
        }
        let base = m.attr(o, "base").and_then(Attribute::as_int).unwrap_or(0) as i64;
        let bytes = m.value_type(m.op(o).results[0]).as_memref().and_then(static_bytes).unwrap_or(0);
        let slot = match by_base.get(&base) {
            Some(&(s, n)) if n >= bytes => s,
            _ => {
                next += 1;
                by_base.insert(base, (next - 1, bytes));
                next - 1
            }
        };
        if o == op {
            slot_of = Some((slot, bytes));
        }
    });
    let (slot, bytes) = slot_of.ok_or_else(|| Stop::Unsupported("an alloc_static outside the module".into()))?;
    let mt = m.value_type(m.op(op).results[0]).as_memref().ok_or_else(|| Stop::Unsupported("not a memref".into()))?;
    let buf = it.static_slot(slot, bytes).ok_or_else(|| it.trap(op, TrapKind::OutOfMemory))?;
    let phys = crate::interp::memory::physical_extents(mt, &mt.shape, &[]).map_err(|k| it.trap(op, k))?;
    let v = crate::interp::MemrefVal { buf, base: 0, dims: mt.shape.clone(), syms: Vec::new(), phys };
    set_view(it, op, v);
    Ok(Flow::Next)
}
