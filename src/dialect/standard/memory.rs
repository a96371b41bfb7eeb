//! Memory and shape ops: `dim`, `rank`, `alloc`, `alloc_static`, `dealloc`, `dma_start`, `dma_wait`,
//! `extract_element`, `load`, `store`, `tensor_load`, `tensor_store`, `memref_cast`,
//! `tensor_cast`, `reshape`, `view` (mlir-langref-mid.md "Memory Operations",
//! mlir-langref-early.md for `reshape` and `view`).
//!
//! The earliest spellings are read too: `alloc memref<..>(%n)[%s]`, `store %v to %A[..]`,
//! `tensor_store %t to %m : ..`.

use crate::codegen::CodegenRole;
use crate::dialect::common::{all_index, parse_cast, parse_index_list, print_cast, print_index_list};
use crate::dialect::{FoldResult, OpDef, Traits, VerifyCx};
use crate::ir::{Attribute, DYNAMIC, MemrefType, Module, Op, OperationState, Span, Type, Value, Values};
use crate::syntax::{PResult, Parser, Printer, TokKind};

/// Ops of this file.
pub static OPS: &[&OpDef] = &[
    &DIM,
    &RANK,
    &ALLOCA,
    &ALLOC,
    &ALLOC_STATIC,
    &DEALLOC,
    &DMA_START,
    &DMA_WAIT,
    &EXTRACT_ELEMENT,
    &LOAD,
    &STORE,
    &TENSOR_LOAD,
    &TENSOR_STORE,
    &MEMREF_CAST,
    &TENSOR_CAST,
    &RESHAPE,
    &MEMREF_OFFSET,
    &MEMREF_STRIDE,
    &MEMREF_BITCAST,
    &VIEW,
];

/// `std.dim`.
pub static DIM: OpDef = OpDef {
    name: "std.dim",
    keyword: "dim",
    parse: Some(parse_dim),
    print: Some(print_dim),
    verify: verify_dim,
    fold: Some(fold_dim),
    lower: Some(lower_dim),
    traits: Traits::PURE,
    summary: "the size of one dimension of a memref or tensor",
};

/// `std.rank`.
pub static RANK: OpDef = OpDef {
    name: "std.rank",
    keyword: "rank",
    parse: Some(parse_rank),
    print: Some(print_rank),
    verify: verify_rank,
    fold: Some(fold_rank),
    lower: Some(lower_rank),
    traits: Traits::PURE,
    summary: "the rank of a tensor (MLIR's std.rank of 2019)",
};

/// `std.alloca`.
pub static ALLOCA: OpDef = OpDef {
    name: "std.alloca",
    keyword: "alloca",
    parse: Some(parse_alloca),
    print: Some(print_alloca),
    verify: verify_alloca,
    fold: None,
    lower: Some(lower_alloca),
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
    traits: Traits::NONE,
    summary: "free a memref",
};

/// `std.dma_start`.
pub static DMA_START: OpDef = OpDef {
    name: "std.dma_start",
    keyword: "dma_start",
    parse: Some(parse_dma_start),
    print: Some(print_dma_start),
    verify: verify_dma_start,
    fold: None,
    lower: Some(lower_dma_start),
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
    traits: Traits::NONE,
    summary: "wait for the copy signalled at a tag",
};

/// `std.extract_element`.
pub static EXTRACT_ELEMENT: OpDef = OpDef {
    name: "std.extract_element",
    keyword: "extract_element",
    parse: Some(parse_extract_element),
    print: Some(print_extract_element),
    verify: verify_extract_element,
    fold: None,
    lower: Some(lower_extract_element),
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
    traits: Traits::NONE,
    summary: "copy a tensor into a memref",
};

/// `std.memref_cast`.
pub static MEMREF_CAST: OpDef = OpDef {
    name: "std.memref_cast",
    keyword: "memref_cast",
    parse: Some(|p: &mut Parser<'_>, s: Span| parse_cast(p, "std.memref_cast", s)),
    print: Some(print_cast),
    verify: verify_memref_cast,
    fold: None,
    lower: Some(lower_memref_cast),
    traits: Traits::PURE,
    summary: "the same memref with more or fewer static dimensions",
};

/// `std.tensor_cast`.
pub static TENSOR_CAST: OpDef = OpDef {
    name: "std.tensor_cast",
    keyword: "tensor_cast",
    parse: Some(|p: &mut Parser<'_>, s: Span| parse_cast(p, "std.tensor_cast", s)),
    print: Some(print_cast),
    verify: verify_tensor_cast,
    fold: None,
    lower: Some(lower_memref_cast),
    traits: Traits::PURE,
    summary: "the same tensor with more or less static shape information",
};

/// `std.reshape`.
pub static RESHAPE: OpDef = OpDef {
    name: "std.reshape",
    keyword: "reshape",
    parse: Some(parse_reshape),
    print: Some(print_reshape),
    verify: verify_reshape,
    fold: None,
    lower: Some(|lw: &mut FnLowerer<'_, '_>, op: Op| lower_view_like(lw, op, true)),
    traits: Traits::PURE,
    summary: "the same buffer with another factoring of its dimensions",
};

/// `std.memref_offset`.
pub static MEMREF_OFFSET: OpDef = OpDef {
    name: "std.memref_offset",
    keyword: "memref_offset",
    parse: Some(|p: &mut Parser<'_>, s: Span| parse_layout_query(p, s, "std.memref_offset")),
    print: Some(|p: &mut Printer<'_>, op: Op| print_layout_query(p, op, "memref_offset")),
    verify: |cx: &mut VerifyCx<'_>, op: Op| verify_layout_query(cx, op, false),
    fold: Some(|m: &Module, op: Op, c: &[Option<Attribute>]| fold_layout_query(m, op, c, false)),
    lower: Some(|lw: &mut FnLowerer<'_, '_>, op: Op| lower_layout_query(lw, op, false)),
    traits: Traits::PURE,
    summary: "the offset of a strided memref's first element from its base, in elements",
};

/// `std.memref_stride`.
pub static MEMREF_STRIDE: OpDef = OpDef {
    name: "std.memref_stride",
    keyword: "memref_stride",
    parse: Some(|p: &mut Parser<'_>, s: Span| parse_layout_query(p, s, "std.memref_stride")),
    print: Some(|p: &mut Printer<'_>, op: Op| print_layout_query(p, op, "memref_stride")),
    verify: |cx: &mut VerifyCx<'_>, op: Op| verify_layout_query(cx, op, true),
    fold: Some(|m: &Module, op: Op, c: &[Option<Attribute>]| fold_layout_query(m, op, c, true)),
    lower: Some(|lw: &mut FnLowerer<'_, '_>, op: Op| lower_layout_query(lw, op, true)),
    traits: Traits::PURE,
    summary: "the stride of one dimension of a strided memref, in elements",
};

/// `std.memref_bitcast`.
pub static MEMREF_BITCAST: OpDef = OpDef {
    name: "std.memref_bitcast",
    keyword: "memref_bitcast",
    parse: Some(parse_memref_bitcast),
    print: Some(print_memref_bitcast),
    verify: verify_memref_bitcast,
    fold: None,
    lower: Some(lower_memref_bitcast),
    traits: Traits::PURE,
    summary: "a one-dimensional memref's bytes as elements of another type (as many as fit)",
};

/// `std.view`.
pub static VIEW: OpDef = OpDef {
    name: "std.view",
    keyword: "view",
    parse: Some(parse_view),
    print: Some(print_view),
    verify: verify_view,
    fold: None,
    lower: Some(|lw: &mut FnLowerer<'_, '_>, op: Op| lower_view_like(lw, op, false)),
    traits: Traits::PURE,
    summary: "a memref aliasing another's buffer in a new index space",
};

fn memref_type(m: &Module, v: Value) -> Option<&MemrefType> {
    m.value_type(v).as_memref()
}

/// Parse `(%a, ..)` and optionally `[%s, ..]`, all `index`.
fn parse_dims_and_symbols(p: &mut Parser<'_>) -> PResult<(Values, Values)> {
    let dims = p.parse_delimited_operands(TokKind::LParen, TokKind::RParen, "'(' and the dimension operands")?;
    let dims = p.resolve_all(&dims, &Type::Index)?;
    let syms = if p.kind() == TokKind::LSquare { parse_index_list(p)? } else { Values::new() };
    Ok((dims, syms))
}

fn print_dims_and_symbols(p: &mut Printer<'_>, dims: &[Value], syms: &[Value]) {
    p.w("(");
    p.print_values(dims);
    p.w(")");
    if !syms.is_empty() {
        print_index_list(p, syms);
    }
}

// ---- dim --------------------------------------------------------------------------------------

fn parse_dim(p: &mut Parser<'_>, span: Span) -> PResult<Values> {
    let a = p.parse_operand()?;
    p.expect(TokKind::Comma, "','")?;
    let index = p.parse_integer()?;
    let attrs = p.parse_optional_attr_dict()?;
    let ty = p.parse_colon_type()?;
    let a = p.resolve_operand(&a, &ty)?;
    let mut st = OperationState::new(p.intern("std.dim"))
        .operand(a)
        .result(Type::Index)
        .attr("index", Attribute::i64(index))
        .at(span);
    st.attrs.extend(attrs);
    Ok(p.finish_op(st))
}

fn print_dim(p: &mut Printer<'_>, op: Op) -> Option<()> {
    let m = p.module();
    let d = m.op(op);
    let [a] = d.operands.as_slice() else { return None };
    let [r] = d.results.as_slice() else { return None };
    let index = match m.attr(op, "index")? {
        Attribute::Integer(i) if i.ty == Type::Integer(64) => i.as_i64(),
        _ => return None,
    };
    if !m.value_type(*r).is_index() {
        return None;
    }
    p.w("dim ");
    p.print_value(*a);
    p.w(", ");
    p.w_int(index);
    p.print_attr_dict(op, &["index"]);
    p.w(" : ");
    p.print_type(m.value_type(*a));
    Some(())
}

fn verify_dim(cx: &mut VerifyCx<'_>, op: Op) {
    if !cx.counts(op, Some(1), Some(1), 0, 0) {
        return;
    }
    let index = match cx.m.attr(op, "index") {
        Some(Attribute::Integer(i)) => i.value,
        Some(_) => {
            cx.error(op, "attribute 'index' failed to satisfy constraint: arbitrary integer attribute");
            return;
        }
        None => {
            cx.error(op, "requires attribute 'index'");
            return;
        }
    };
    let Some(t) = cx.operand_type(op, 0) else { return };
    match t {
        Type::Memref(_) | Type::Tensor(_) => {
            if let Some(rank) = t.rank()
                && (index < 0 || index >= rank as i128)
            {
                cx.error(op, format!("index is out of range (index {index}, rank {rank})"));
                return;
            }
        }
        _ => {
            cx.error(op, format!("operand #0 must be a memref or tensor, but got '{t}'"));
            return;
        }
    }
    cx.kind(op, 0, true, "of 'index' type", Type::is_index);
}

fn fold_dim(m: &Module, op: Op, _: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    let index = usize::try_from(m.attr(op, "index")?.as_int()?).ok()?;
    let shape = m.value_type(*m.op(op).operands.first()?).shape()?;
    let d = *shape.get(index)?;
    (d != DYNAMIC).then(|| vec![FoldResult::Attr(Attribute::index(d))])
}

// ---- rank -------------------------------------------------------------------------------------

/// `rank %t : tensor<..>`
fn parse_rank(p: &mut Parser<'_>, span: Span) -> PResult<Values> {
    let a = p.parse_operand()?;
    let attrs = p.parse_optional_attr_dict()?;
    let ty = p.parse_colon_type()?;
    let a = p.resolve_operand(&a, &ty)?;
    let mut st = OperationState::new(p.intern("std.rank")).operand(a).result(Type::Index).at(span);
    st.attrs = attrs;
    Ok(p.finish_op(st))
}

fn print_rank(p: &mut Printer<'_>, op: Op) -> Option<()> {
    let m = p.module();
    let d = m.op(op);
    let [a] = d.operands.as_slice() else { return None };
    let [r] = d.results.as_slice() else { return None };
    if !m.value_type(*r).is_index() {
        return None;
    }
    p.w("rank ");
    p.print_value(*a);
    p.print_attr_dict(op, &[]);
    p.w(" : ");
    p.print_type(m.value_type(*a));
    Some(())
}

fn verify_rank(cx: &mut VerifyCx<'_>, op: Op) {
    if cx.counts(op, Some(1), Some(1), 0, 0)
        && cx.kind(op, 0, false, "tensor of any type values", |t| t.as_tensor().is_some())
    {
        cx.kind(op, 0, true, "of 'index' type", Type::is_index);
    }
}

fn fold_rank(m: &Module, op: Op, _: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    let rank = m.value_type(*m.op(op).operands.first()?).rank()?;
    Some(vec![FoldResult::Attr(Attribute::index(rank as i64))])
}

// ---- alloc ------------------------------------------------------------------------------------

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

fn check_dim_and_symbol_counts(cx: &mut VerifyCx<'_>, op: Op, mt: &MemrefType, operands: usize) {
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

// ---- alloca -----------------------------------------------------------------------------------

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

// ---- alloc_static -----------------------------------------------------------------------------

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

// ---- dealloc ----------------------------------------------------------------------------------

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

// ---- dma --------------------------------------------------------------------------------------

pub(crate) fn parse_memref_access<'a>(p: &mut Parser<'a>) -> PResult<(crate::syntax::UnresolvedOperand<'a>, Values)> {
    let m = p.parse_operand()?;
    let idx = parse_index_list(p)?;
    Ok((m, idx))
}

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

// ---- element access ---------------------------------------------------------------------------

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

// ---- tensors <-> memrefs ----------------------------------------------------------------------

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

// ---- casts ------------------------------------------------------------------------------------

fn dims_compatible(a: &[i64], b: &[i64]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(&x, &y)| x == DYNAMIC || y == DYNAMIC || x == y)
}

fn verify_memref_cast(cx: &mut VerifyCx<'_>, op: Op) {
    if !cx.counts(op, Some(1), Some(1), 0, 0) {
        return;
    }
    let (Some(a), Some(b)) = (cx.operand_type(op, 0), cx.result_type(op, 0)) else { return };
    let why = match (a.as_memref(), b.as_memref()) {
        (Some(x), Some(y)) => {
            if x.elem != y.elem {
                Some("different element types")
            } else if x.maps != y.maps {
                Some("different layout maps")
            } else if x.memory_space != y.memory_space {
                Some("different memory spaces")
            } else if x.shape.len() != y.shape.len() {
                Some("different ranks")
            } else if !dims_compatible(&x.shape, &y.shape) {
                Some("incompatible static dimensions")
            } else {
                None
            }
        }
        _ => Some("both must be memrefs"),
    };
    if let Some(why) = why {
        cx.error(op, format!("operand type '{a}' and result type '{b}' are cast incompatible: {why}"));
    }
}

fn verify_tensor_cast(cx: &mut VerifyCx<'_>, op: Op) {
    if !cx.counts(op, Some(1), Some(1), 0, 0) {
        return;
    }
    let (Some(a), Some(b)) = (cx.operand_type(op, 0), cx.result_type(op, 0)) else { return };
    let why = match (a.as_tensor(), b.as_tensor()) {
        (Some(x), Some(y)) => {
            if x.elem != y.elem {
                Some("different element types")
            } else {
                match (&x.shape, &y.shape) {
                    (Some(s), Some(t)) if s.len() != t.len() => Some("different ranks (or an unranked side)"),
                    (Some(s), Some(t)) if !dims_compatible(s, t) => Some("incompatible static dimensions"),
                    _ => None,
                }
            }
        }
        _ => Some("both must be tensors"),
    };
    if let Some(why) = why {
        cx.error(op, format!("operand type '{a}' and result type '{b}' are cast incompatible: {why}"));
    }
}

// ---- reshape and view

/// `reshape %src : T (%d)[%s] : U`, or the example's `reshape %src : T (%d)[%s] to (T -> U)`.
fn parse_reshape(p: &mut Parser<'_>, span: Span) -> PResult<Values> {
    let src = p.parse_operand()?;
    let src_ty = p.parse_colon_type()?;
    let (dims, syms) = parse_dims_and_symbols(p)?;
    let result = if p.eat_keyword("to") {
        p.expect(TokKind::LParen, "'('")?;
        let at = p.span();
        let from = p.parse_type()?;
        if from != src_ty {
            return Err(p.error_at(at, format!("expected the source type '{src_ty}'")));
        }
        p.expect(TokKind::Arrow, "'->'")?;
        let to = p.parse_type()?;
        p.expect(TokKind::RParen, "')'")?;
        to
    } else {
        p.parse_colon_type()?
    };
    let attrs = p.parse_optional_attr_dict()?;
    let src = p.resolve_operand(&src, &src_ty)?;
    let mut st = OperationState::new(p.intern("std.reshape"))
        .operand(src)
        .operands(&dims)
        .operands(&syms)
        .result(result)
        .at(span);
    st.attrs = attrs;
    Ok(p.finish_op(st))
}

fn split_view_operands(m: &Module, op: Op) -> Option<(Value, Vec<Value>, Vec<Value>)> {
    let d = m.op(op);
    let (&src, rest) = d.operands.split_first()?;
    let rt = memref_type(m, *d.results.first()?)?;
    let nd = rt.num_dynamic_dims();
    if rest.len() != nd + rt.num_layout_symbols() || !all_index(m, rest) {
        return None;
    }
    Some((src, rest[..nd].to_vec(), rest[nd..].to_vec()))
}

fn print_reshape(p: &mut Printer<'_>, op: Op) -> Option<()> {
    let m = p.module();
    let (src, dims, syms) = split_view_operands(m, op)?;
    p.w("reshape ");
    p.print_value(src);
    p.w(" : ");
    p.print_type(m.value_type(src));
    p.w(" ");
    print_dims_and_symbols(p, &dims, &syms);
    p.w(" : ");
    p.print_type(m.value_type(m.op(op).results[0]));
    p.print_attr_dict(op, &[]);
    Some(())
}

// ---- memref_offset / memref_stride ------------------------------------------------------------
// `%o = memref_offset %m : T` and `%s = memref_stride %m, 1 : T`: the layout of a memref whose
// map is strided (`offset: ?, strides: [?, 1]`), or has none (offset 0, compact strides).
// TIR reads a buffer parameter's `elem_offset` and `strides` variables through them.

fn parse_layout_query(p: &mut Parser<'_>, span: Span, name: &'static str) -> PResult<Values> {
    let a = p.parse_operand()?;
    let index = if name == "std.memref_stride" {
        p.expect(TokKind::Comma, "','")?;
        Some(p.parse_integer()?)
    } else {
        None
    };
    let attrs = p.parse_optional_attr_dict()?;
    let ty = p.parse_colon_type()?;
    let a = p.resolve_operand(&a, &ty)?;
    let mut st = OperationState::new(p.intern(name)).operand(a).result(Type::Index).at(span);
    if let Some(i) = index {
        st = st.attr("index", Attribute::i64(i));
    }
    st.attrs.extend(attrs);
    Ok(p.finish_op(st))
}

fn print_layout_query(p: &mut Printer<'_>, op: Op, keyword: &str) -> Option<()> {
    let m = p.module();
    let d = m.op(op);
    let [a] = d.operands.as_slice() else { return None };
    p.w(keyword);
    p.w(" ");
    p.print_value(*a);
    if keyword == "memref_stride" {
        let i = m.attr(op, "index")?.as_int()?;
        p.w(", ");
        p.w_int(i64::try_from(i).ok()?);
    }
    p.print_attr_dict(op, &["index"]);
    p.w(" : ");
    p.print_type(m.value_type(*a));
    Some(())
}

/// `stride`: `memref_stride` (else `memref_offset`).
fn verify_layout_query(cx: &mut VerifyCx<'_>, op: Op, stride: bool) {
    if !cx.counts(op, Some(1), Some(1), 0, 0) {
        return;
    }
    let Some(t) = cx.operand_type(op, 0) else { return };
    let Some(mt) = t.as_memref() else {
        cx.error(op, format!("operand #0 must be a memref, but got '{t}'"));
        return;
    };
    if !mt.maps.is_empty() && mt.strided_form().is_none() {
        cx.error(op, format!("requires a memref with a strided layout or none, but got '{t}'"));
        return;
    }
    if stride {
        match cx.m.attr(op, "index").and_then(Attribute::as_int) {
            Some(i) if i >= 0 && (i as usize) < mt.shape.len() => {}
            Some(i) => {
                cx.error(op, format!("index is out of range (index {i}, rank {})", mt.shape.len()));
                return;
            }
            None => {
                cx.error(op, "requires an integer attribute 'index'");
                return;
            }
        }
    }
    cx.kind(op, 0, true, "of 'index' type", Type::is_index);
}

/// The offset (`None`) or stride `k` of a memref type, where its type says.
fn static_layout(mt: &MemrefType, k: Option<usize>) -> Option<i64> {
    use crate::ir::StrideTerm;
    if mt.maps.is_empty() {
        let Some(k) = k else { return Some(0) };
        let later = mt.shape.get(k + 1..)?;
        return later.iter().all(|&d| d != DYNAMIC).then(|| later.iter().product());
    }
    let form = mt.strided_form()?;
    match k.map_or(Some(&form.offset), |k| form.strides.get(k))? {
        StrideTerm::Const(c) => Some(*c),
        StrideTerm::Symbol(_) => None,
    }
}

fn fold_layout_query(m: &Module, op: Op, _: &[Option<Attribute>], stride: bool) -> Option<Vec<FoldResult>> {
    let mt = m.value_type(*m.op(op).operands.first()?).as_memref()?;
    let k = if stride { Some(usize::try_from(m.attr(op, "index")?.as_int()?).ok()?) } else { None };
    static_layout(mt, k).map(|v| vec![FoldResult::Attr(Attribute::index(v))])
}

fn lower_layout_query(lw: &mut FnLowerer<'_, '_>, op: Op, stride: bool) -> Result<(), CodegenError> {
    use crate::ir::StrideTerm;
    let d = lw.m.op(op);
    let ty = lw.ty(d.operands[0]);
    let mt = ty.as_memref().ok_or_else(|| lw.err(op, "not a memref"))?;
    let k = stride.then(|| lw.m.attr(op, "index").and_then(Attribute::as_int).unwrap_or(0) as usize);
    let desc = lw.memref(d.operands[0])?;
    let v = if let Some(c) = static_layout(mt, k) {
        lw.i64c(c)
    } else if mt.maps.is_empty() {
        // Compact: the product of the later dimensions.
        let later = desc.dims.get(k.unwrap_or(0) + 1..).unwrap_or(&[]).to_vec();
        lw.element_count(&later)
    } else {
        let form = mt.strided_form().ok_or_else(|| lw.err(op, "not a strided layout"))?;
        let term =
            k.map_or(Some(&form.offset), |k| form.strides.get(k)).ok_or_else(|| lw.err(op, "index out of range"))?;
        match term {
            StrideTerm::Const(c) => lw.i64c(*c),
            StrideTerm::Symbol(s) => {
                *desc.syms.get(*s as usize).ok_or_else(|| lw.err(op, "layout symbol out of range"))?
            }
        }
    };
    lw.set(d.results[0], Repr::Scalar(v));
    Ok(())
}

// ---- memref_bitcast ----------------------------------------------------------------------------
// `%b = memref_bitcast %a : memref<?xf32> to memref<?xi32>`: TIR declares buffers of one type
// on memory allocated for another (TVM's storage rewriting shares allocations across types).

fn parse_memref_bitcast(p: &mut Parser<'_>, span: Span) -> PResult<Values> {
    let src = p.parse_operand()?;
    let src_ty = p.parse_colon_type()?;
    p.expect_keyword("to")?;
    let result = p.parse_type()?;
    let attrs = p.parse_optional_attr_dict()?;
    let src = p.resolve_operand(&src, &src_ty)?;
    let mut st = OperationState::new(p.intern("std.memref_bitcast")).operand(src).result(result).at(span);
    st.attrs = attrs;
    Ok(p.finish_op(st))
}

fn print_memref_bitcast(p: &mut Printer<'_>, op: Op) -> Option<()> {
    let m = p.module();
    let d = m.op(op);
    let ([src], [r]) = (d.operands.as_slice(), d.results.as_slice()) else { return None };
    p.w("memref_bitcast ");
    p.print_value(*src);
    p.w(" : ");
    p.print_type(m.value_type(*src));
    p.w(" to ");
    p.print_type(m.value_type(*r));
    p.print_attr_dict(op, &[]);
    Some(())
}

fn verify_memref_bitcast(cx: &mut VerifyCx<'_>, op: Op) {
    if !cx.counts(op, Some(1), Some(1), 0, 0) {
        return;
    }
    let (Some(a), Some(b)) = (cx.operand_type(op, 0), cx.result_type(op, 0)) else { return };
    let (Some(x), Some(y)) = (a.as_memref(), b.as_memref()) else {
        cx.error(op, format!("requires memref operand and result, but got '{a}' and '{b}'"));
        return;
    };
    if x.shape.len() != 1 || y.shape.len() != 1 || !x.maps.is_empty() || !y.maps.is_empty() {
        cx.error(op, format!("requires one-dimensional memrefs without layout maps, but got '{a}' and '{b}'"));
        return;
    }
    if x.memory_space != y.memory_space {
        cx.error(op, format!("requires the same memory space, but got '{a}' and '{b}'"));
        return;
    }
    let (Some(ea), Some(eb)) = (crate::codegen::repr::elem_bytes(&x.elem), crate::codegen::repr::elem_bytes(&y.elem))
    else {
        cx.error(op, format!("cannot reinterpret the elements of '{a}' as those of '{b}'"));
        return;
    };
    if y.shape[0] != DYNAMIC && (x.shape[0] == DYNAMIC || x.shape[0] * ea / eb != y.shape[0]) {
        cx.error(
            op,
            format!("a static result size must be the {} elements of '{b}' that fit in '{a}'", {
                if x.shape[0] == DYNAMIC { "number of".to_string() } else { (x.shape[0] * ea / eb).to_string() }
            }),
        );
    }
}

fn lower_memref_bitcast(lw: &mut FnLowerer<'_, '_>, op: Op) -> Result<(), CodegenError> {
    let d = lw.m.op(op);
    let src = lw.memref(d.operands[0])?;
    let (from, to) = (lw.ty(d.operands[0]), lw.ty(d.results[0]));
    let (Some(x), Some(y)) = (from.as_memref(), to.as_memref()) else { return Err(lw.err(op, "not a memref")) };
    let (ea, eb) = match (cr::elem_bytes(&x.elem), cr::elem_bytes(&y.elem)) {
        (Some(a), Some(b)) => (a, b),
        _ => return Err(lw.err(op, "unsupported element type")),
    };
    let dim = if y.shape[0] == DYNAMIC {
        let n = lw.element_count(&src.dims);
        let bytes = lw.b.ins().imul_imm_s(n, ea);
        Dim::Dynamic(lw.b.ins().sdiv_imm_s(bytes, eb))
    } else {
        Dim::Static(y.shape[0])
    };
    let r = lw
        .complete(to, Repr::Memref(MemrefRepr { ptr: src.ptr, dims: vec![dim], syms: Vec::new(), phys: Vec::new() }))?;
    lw.set(d.results[0], r);
    Ok(())
}

fn verify_view_like(cx: &mut VerifyCx<'_>, op: Op, reshape: bool) {
    if !cx.counts(op, None, Some(1), 0, 0) || !cx.min_operands(op, 1) {
        return;
    }
    let (Some(a), Some(b)) = (cx.operand_type(op, 0), cx.result_type(op, 0)) else { return };
    let (Some(x), Some(y)) = (a.as_memref(), b.as_memref()) else {
        cx.error(op, format!("requires memref operand and result, but got '{a}' and '{b}'"));
        return;
    };
    if x.elem != y.elem {
        cx.error(op, format!("requires the same element type, but got '{a}' and '{b}'"));
        return;
    }
    if x.memory_space != y.memory_space {
        cx.error(op, format!("requires the same memory space, but got '{a}' and '{b}'"));
        return;
    }
    check_dim_and_symbol_counts(cx, op, y, cx.m.op(op).operands.len() - 1);
    cx.index_operands(op, 1, "dimension or symbol operand");
    if reshape && x.shape.iter().chain(&y.shape).all(|&d| d != DYNAMIC) {
        let (n, k): (i64, i64) = (x.shape.iter().product(), y.shape.iter().product());
        if n != k {
            cx.error(op, format!("must preserve the number of elements: {n} in '{a}' but {k} in '{b}'"));
        }
    }
}

fn verify_reshape(cx: &mut VerifyCx<'_>, op: Op) {
    verify_view_like(cx, op, true);
}

/// `view RESULT_TYPE (%d)[%s] %src : SOURCE_TYPE`, or the example's
/// `view SOURCE_TYPE -> RESULT_TYPE (%d)[%s] %src : SOURCE_TYPE`.
fn parse_view(p: &mut Parser<'_>, span: Span) -> PResult<Values> {
    let first = p.parse_type()?;
    let had_arrow = p.eat(TokKind::Arrow);
    let result = if had_arrow { p.parse_type()? } else { first.clone() };
    let (dims, syms) = parse_dims_and_symbols(p)?;
    let src = p.parse_operand()?;
    let at = p.span();
    let src_ty = p.parse_colon_type()?;
    if had_arrow && first != src_ty {
        return Err(p.error_at(at, format!("expected the source type '{first}'")));
    }
    let attrs = p.parse_optional_attr_dict()?;
    let src = p.resolve_operand(&src, &src_ty)?;
    let mut st =
        OperationState::new(p.intern("std.view")).operand(src).operands(&dims).operands(&syms).result(result).at(span);
    st.attrs = attrs;
    Ok(p.finish_op(st))
}

fn print_view(p: &mut Printer<'_>, op: Op) -> Option<()> {
    let m = p.module();
    let (src, dims, syms) = split_view_operands(m, op)?;
    p.w("view ");
    p.print_type(m.value_type(m.op(op).results[0]));
    p.w(" ");
    print_dims_and_symbols(p, &dims, &syms);
    p.w(" ");
    p.print_value(src);
    p.w(" : ");
    p.print_type(m.value_type(src));
    p.print_attr_dict(op, &[]);
    Some(())
}

fn verify_view(cx: &mut VerifyCx<'_>, op: Op) {
    verify_view_like(cx, op, false);
}

// ---- lowering -------------------------------------------------------------------------------

use crate::codegen::repr::{self as cr, Dim, MemrefRepr, Repr};
use crate::codegen::{CodegenError, FnLowerer};
use crate::runtime::call as rt;
use crate::runtime::trap::TrapKind;
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{InstBuilder, types};

/// Index operands as i64 values.
fn index_values(lw: &FnLowerer<'_, '_>, vals: &[Value]) -> Result<Vec<cranelift_codegen::ir::Value>, CodegenError> {
    vals.iter().map(|&v| lw.scalar(v)).collect()
}

fn lower_dim(lw: &mut FnLowerer<'_, '_>, op: Op) -> Result<(), CodegenError> {
    let m = lw.m;
    let d = m.op(op);
    let index = m.attr(op, "index").and_then(Attribute::as_int).unwrap_or(0) as usize;
    let desc = lw.memref(d.operands[0])?;
    let dim = *desc.dims.get(index).ok_or_else(|| lw.err(op, "index out of range"))?;
    let v = lw.dim_value(dim);
    lw.set(d.results[0], Repr::Scalar(v));
    Ok(())
}

fn lower_rank(lw: &mut FnLowerer<'_, '_>, op: Op) -> Result<(), CodegenError> {
    let d = lw.m.op(op);
    let rank =
        lw.ty(d.operands[0]).rank().ok_or_else(|| lw.err(op, "unranked tensors are not supported by the JIT"))?;
    let v = lw.i64c(rank as i64);
    lw.set(d.results[0], Repr::Scalar(v));
    Ok(())
}

fn lower_alloc(lw: &mut FnLowerer<'_, '_>, op: Op) -> Result<(), CodegenError> {
    let m = lw.m;
    let d = m.op(op);
    let ty = m.value_type(d.results[0]);
    let mt = ty.as_memref().ok_or_else(|| lw.err(op, "not a memref"))?;
    let ops = index_values(lw, &d.operands)?;
    let mut it = ops.into_iter();
    let dims: Vec<Dim> = mt
        .shape
        .iter()
        .map(|&s| if s == DYNAMIC { Dim::Dynamic(it.next().unwrap_or_else(unreachable_value)) } else { Dim::Static(s) })
        .collect();
    let syms: Vec<_> = it.collect();
    let desc = lw.alloc_memref(ty, dims, syms, op)?;
    lw.set(d.results[0], Repr::Memref(desc));
    Ok(())
}

/// Never reached for verified input (operand counts match the type); a harmless placeholder.
fn unreachable_value() -> cranelift_codegen::ir::Value {
    cranelift_codegen::ir::Value::from_u32(0)
}

fn lower_alloca(lw: &mut FnLowerer<'_, '_>, op: Op) -> Result<(), CodegenError> {
    let m = lw.m;
    let d = m.op(op);
    if let Some(var) = lw.register_of(d.results[0]) {
        // Kept in a register: it starts as zero (its contents are undefined until stored).
        let elem = m.value_type(d.results[0]).element_type().clone();
        let t = cr::scalar_clif(&elem).unwrap_or(types::I64);
        let z = lw.zero(t);
        lw.b.def_var(var, z);
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
    let status =
        lw.call_host(rt::strata_free as *const () as usize, &[types::I64, types::I64], &[types::I32], &[ctx, desc.ptr])
            [0];
    let bad = lw.b.ins().icmp_imm_s(IntCC::NotEqual, status, 0);
    lw.trap_if(bad, TrapKind::InvalidDealloc, op);
    Ok(())
}

fn std_key(lw: &FnLowerer<'_, '_>, op: Op, at: usize) -> crate::codegen::AccessKey {
    let d = lw.m.op(op);
    crate::codegen::AccessKey { memref: d.operands[at], map: None, operands: d.operands[at + 1..].to_vec() }
}

fn lower_load(lw: &mut FnLowerer<'_, '_>, op: Op) -> Result<(), CodegenError> {
    let d = lw.m.op(op);
    if let Some(var) = lw.register_of(d.operands[0]) {
        let v = lw.b.use_var(var);
        lw.set(d.results[0], Repr::Scalar(v));
        return Ok(());
    }
    if let Some(v) = lw.forwarded(&std_key(lw, op, 0)) {
        lw.set(d.results[0], Repr::Scalar(v));
        return Ok(());
    }
    let ty = lw.ty(d.operands[0]);
    let desc = lw.memref(d.operands[0])?;
    let idx = index_values(lw, &d.operands[1..])?;
    let addr = lw.element_address(ty, &desc, &idx, op)?;
    let elem = ty.element_type().clone();
    let v = lw.load_elem(&elem, addr);
    lw.set(d.results[0], v);
    Ok(())
}

fn lower_store(lw: &mut FnLowerer<'_, '_>, op: Op) -> Result<(), CodegenError> {
    let d = lw.m.op(op);
    if let Some(var) = lw.register_of(d.operands[1]) {
        let v = lw.scalar(d.operands[0])?;
        lw.b.def_var(var, v);
        return Ok(());
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

/// A descriptor of `to` for the same data as `from`; static dimensions of `to` that were
/// dynamic are checked at run time.
fn cast_descriptor(
    lw: &mut FnLowerer<'_, '_>,
    from: &MemrefRepr,
    to: &Type,
    op: Op,
) -> Result<MemrefRepr, CodegenError> {
    let shape = to.shape().ok_or_else(|| lw.err(op, "unranked tensors are not supported by the JIT"))?;
    let mut dims = Vec::new();
    for (&want, &have) in shape.iter().zip(&from.dims) {
        dims.push(match (want, have) {
            (DYNAMIC, d) => Dim::Dynamic(lw.dim_value(d)),
            (w, Dim::Dynamic(v)) => {
                let bad = lw.b.ins().icmp_imm_s(IntCC::NotEqual, v, w);
                lw.trap_if(bad, TrapKind::ShapeMismatch, op);
                Dim::Static(w)
            }
            (w, Dim::Static(_)) => Dim::Static(w),
        });
    }
    Ok(MemrefRepr { ptr: from.ptr, dims, syms: from.syms.clone(), phys: from.phys.clone() })
}

fn lower_memref_cast(lw: &mut FnLowerer<'_, '_>, op: Op) -> Result<(), CodegenError> {
    let d = lw.m.op(op);
    let from = lw.memref(d.operands[0])?;
    let to = lw.ty(d.results[0]);
    let desc = cast_descriptor(lw, &from, to, op)?;
    lw.set(d.results[0], Repr::Memref(desc));
    Ok(())
}

/// `reshape` and `view`: a new descriptor over the same buffer with the result type's sizes
/// and layout symbols.
/// `reshape`: the element counts must agree (a `view` is taken as it is).
fn lower_view_like(lw: &mut FnLowerer<'_, '_>, op: Op, reshape: bool) -> Result<(), CodegenError> {
    let d = lw.m.op(op);
    let src = lw.memref(d.operands[0])?;
    let ty = lw.ty(d.results[0]);
    let mt = ty.as_memref().ok_or_else(|| lw.err(op, "not a memref"))?;
    let ops = index_values(lw, &d.operands[1..])?;
    let mut it = ops.into_iter();
    let dims: Vec<Dim> = mt
        .shape
        .iter()
        .map(|&s| if s == DYNAMIC { Dim::Dynamic(it.next().unwrap_or_else(unreachable_value)) } else { Dim::Static(s) })
        .collect();
    let syms: Vec<_> = it.collect();
    if reshape {
        let (a, b) = (lw.element_count(&src.dims), lw.element_count(&dims));
        let bad = lw.b.ins().icmp(IntCC::NotEqual, a, b);
        lw.trap_if(bad, TrapKind::ShapeMismatch, op);
    }
    let desc = MemrefRepr { ptr: src.ptr, dims, syms, phys: Vec::new() };
    let r = lw.complete(ty, Repr::Memref(desc))?;
    lw.set(d.results[0], r);
    Ok(())
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
