//! Other views of a buffer: `memref_cast`, `tensor_cast`, `reshape`, `view`, `memref_bitcast`,
//! and the layout queries `memref_offset` / `memref_stride`.

use super::*;
use crate::codegen::repr::{self as cr, Dim, MemrefRepr, Repr};
use crate::codegen::{CodegenError, FnLowerer};
use crate::dialect::common::{all_index, parse_cast, print_cast};
use crate::dialect::{FoldResult, OpDef, Traits, VerifyCx};
use crate::ir::{Attribute, DYNAMIC, MemrefType, Module, Op, OperationState, Span, Type, Value, Values};
use crate::runtime::trap::TrapKind;
use crate::syntax::{PResult, Parser, Printer, TokKind};
use cranelift_codegen::ir::InstBuilder;
use cranelift_codegen::ir::condcodes::IntCC;

/// `std.memref_cast`.
pub static MEMREF_CAST: OpDef = OpDef {
    name: "std.memref_cast",
    keyword: "memref_cast",
    parse: Some(|p: &mut Parser<'_>, s: Span| parse_cast(p, "std.memref_cast", s)),
    print: Some(print_cast),
    verify: verify_memref_cast,
    fold: None,
    lower: Some(lower_memref_cast),
    interp: Some(interp_cast),
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
    interp: Some(interp_cast),
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
    interp: Some(|it: &mut Interp<'_>, op: Op| interp_view_like(it, op, true)),
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
    interp: Some(|it: &mut Interp<'_>, op: Op| interp_layout_query(it, op, false)),
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
    interp: Some(|it: &mut Interp<'_>, op: Op| interp_layout_query(it, op, true)),
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
    interp: Some(interp_memref_bitcast),
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
    interp: Some(|it: &mut Interp<'_>, op: Op| interp_view_like(it, op, false)),
    traits: Traits::PURE,
    summary: "a memref aliasing another's buffer in a new index space",
};

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
    let (dims, syms) = dims_and_symbols(mt, ops);
    if reshape {
        let (a, b) = (lw.element_count(&src.dims), lw.element_count(&dims));
        let bad = lw.b.ins().icmp(IntCC::NotEqual, a, b);
        lw.trap_if(bad, TrapKind::ShapeMismatch, op);
    }
    let desc = MemrefRepr { ptr: src.ptr, dims, syms, phys: Vec::new() };
    let r = lw.complete(ty, Repr::Memref(desc))?;
    if !reshape
        && lw.bounds_checks()
        && let Repr::Memref(view) = &r
    {
        // A view reaches no further than its memref: else its accesses, checked against the
        // view's own sizes, would leave the buffer.
        let from = lw.ty(d.operands[0]).clone();
        // Sizes that overflow stop the call (`byte_size`), so the comparison cannot wrap.
        let bytes = |lw: &mut FnLowerer<'_, '_>, ty: &Type, m: &MemrefRepr| {
            let extent = if m.phys.is_empty() { m.dims.clone() } else { m.phys.clone() };
            let eb = cr::elem_bytes(ty.element_type()).unwrap_or(1);
            lw.byte_size(&extent, eb, op)
        };
        let (have, want) = (bytes(lw, &from, &src), bytes(lw, ty, view));
        let larger = lw.b.ins().icmp(IntCC::UnsignedGreaterThan, want, have);
        lw.trap_if(larger, TrapKind::OutOfBounds, op);
    }
    lw.set(d.results[0], r);
    Ok(())
}

// ---- interpretation ---------------------------------------------------------------------------

use crate::interp::{Flow, Interp, Stop};

/// `memref_cast`/`tensor_cast`: the same buffer; static sizes of the result that were dynamic
/// are checked.
fn interp_cast(it: &mut Interp<'_>, op: Op) -> Result<Flow, Stop> {
    let d = it.m.op(op);
    let (from, _) = it.memref(d.operands[0])?;
    let shape = it.m.value_type(d.results[0]).shape().ok_or_else(|| Stop::Unsupported("an unranked type".into()))?;
    if shape.len() != from.dims.len() {
        return Err(it.trap(op, TrapKind::ShapeMismatch));
    }
    for (&want, &have) in shape.iter().zip(&from.dims) {
        if want != DYNAMIC && want != have {
            return Err(it.trap(op, TrapKind::ShapeMismatch));
        }
    }
    super::alloc::set_view(it, op, (*from).clone());
    Ok(Flow::Next)
}

/// `reshape` and `view`: the result type's sizes and symbols over the same buffer; a `reshape`
/// keeps the element count.
fn interp_view_like(it: &mut Interp<'_>, op: Op, reshape: bool) -> Result<Flow, Stop> {
    let d = it.m.op(op);
    let (src, _) = it.memref(d.operands[0])?;
    let mt = it.m.value_type(d.results[0]).as_memref().ok_or_else(|| Stop::Unsupported("not a memref".into()))?;
    let mut vals = it.ints(&d.operands[1..])?.into_iter();
    let dims: Vec<i64> = mt.shape.iter().map(|&s| if s == DYNAMIC { vals.next().unwrap_or(0) } else { s }).collect();
    let syms: Vec<i64> = vals.collect();
    let count = |ds: &[i64]| ds.iter().fold(1i64, |n, &x| n.wrapping_mul(x));
    if reshape && count(&src.dims) != count(&dims) {
        return Err(it.trap(op, TrapKind::ShapeMismatch));
    }
    let phys = crate::interp::memory::physical_extents(mt, &dims, &syms).map_err(|k| it.trap(op, k))?;
    if !reshape {
        // As generated code checks it: no further than the viewed memref.
        let (_, from) = it.memref(d.operands[0])?;
        let have =
            crate::interp::memory::byte_size(if src.phys.is_empty() { &src.dims } else { &src.phys }, &from.elem);
        let Some(want) = crate::interp::memory::byte_size(if phys.is_empty() { &dims } else { &phys }, &mt.elem) else {
            let detail = "the buffer's size in bytes does not fit in 63 bits".to_string();
            return Err(it.trap_with(op, TrapKind::OutOfMemory, detail));
        };
        if have.is_none_or(|h| want > h) {
            return Err(it.trap(op, TrapKind::OutOfBounds));
        }
    }
    let v = crate::interp::MemrefVal { buf: src.buf.clone(), base: src.base, dims, syms, phys };
    super::alloc::set_view(it, op, v);
    Ok(Flow::Next)
}

/// `memref_bitcast`: the same bytes as elements of another type.
fn interp_memref_bitcast(it: &mut Interp<'_>, op: Op) -> Result<Flow, Stop> {
    let d = it.m.op(op);
    let (src, from) = it.memref(d.operands[0])?;
    let to = it.m.value_type(d.results[0]).as_memref().ok_or_else(|| Stop::Unsupported("not a memref".into()))?;
    let size =
        |t: &Type| crate::interp::memory::elem_bytes(t).ok_or_else(|| Stop::Unsupported("an element type".into()));
    let (ea, eb) = (size(&from.elem)?, size(&to.elem)?);
    let n = if to.shape[0] == DYNAMIC { src.dims.iter().product::<i64>().wrapping_mul(ea) / eb } else { to.shape[0] };
    let v = crate::interp::MemrefVal {
        buf: src.buf.clone(),
        base: src.base,
        dims: vec![n],
        syms: Vec::new(),
        phys: Vec::new(),
    };
    super::alloc::set_view(it, op, v);
    Ok(Flow::Next)
}

/// `memref_offset` / `memref_stride`: the layout's offset or a dimension's stride.
fn interp_layout_query(it: &mut Interp<'_>, op: Op, stride: bool) -> Result<Flow, Stop> {
    use crate::ir::StrideTerm;
    let m = it.m;
    let d = m.op(op);
    let (mv, _) = it.memref(d.operands[0])?;
    let mt = m.value_type(d.operands[0]).as_memref().ok_or_else(|| Stop::Unsupported("not a memref".into()))?;
    let k = stride.then(|| m.attr(op, "index").and_then(Attribute::as_int).unwrap_or(0) as usize);
    let v = if let Some(c) = static_layout(mt, k) {
        c
    } else if mt.maps.is_empty() {
        mv.dims.get(k.unwrap_or(0) + 1..).unwrap_or(&[]).iter().product()
    } else {
        let form = mt.strided_form().ok_or_else(|| Stop::Unsupported("not a strided layout".into()))?;
        match k.map_or(Some(&form.offset), |k| form.strides.get(k)) {
            Some(StrideTerm::Const(c)) => *c,
            Some(StrideTerm::Symbol(s)) => {
                *mv.syms.get(*s as usize).ok_or_else(|| Stop::Unsupported("a layout symbol".into()))?
            }
            None => return Err(Stop::Unsupported("index out of range".into())),
        }
    };
    it.set(d.results[0], crate::interp::IVal::Int(v));
    Ok(Flow::Next)
}
