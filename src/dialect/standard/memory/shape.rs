//! `dim` and `rank`: the shape of a memref or tensor, folded when static.

use crate::codegen::repr::Repr;
use crate::codegen::{CodegenError, FnLowerer};
use crate::dialect::{FoldResult, OpDef, Traits, VerifyCx};
use crate::ir::{Attribute, DYNAMIC, Module, Op, OperationState, Span, Type, Values};
use crate::syntax::{PResult, Parser, Printer, TokKind};

/// `std.dim`.
pub static DIM: OpDef = OpDef {
    name: "std.dim",
    keyword: "dim",
    parse: Some(parse_dim),
    print: Some(print_dim),
    verify: verify_dim,
    fold: Some(fold_dim),
    lower: Some(lower_dim),
    interp: Some(interp_dim),
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
    interp: Some(interp_rank),
    traits: Traits::PURE,
    summary: "the rank of a tensor (MLIR's std.rank of 2019)",
};

fn parse_dim(p: &mut Parser<'_>, span: Span) -> PResult<Values> {
    let a = p.parse_operand()?;
    p.expect(TokKind::Comma, "','")?;
    let index = if p.later_spellings() && p.kind() == TokKind::PercentId {
        // Later MLIR's `memref.dim %A, %c1`: the index is an SSA value; the 2019 op holds it as an
        // attribute, so only a constant index has a 2019 form.
        let at = p.span();
        let i = p.parse_operand()?;
        let v = p.resolve_operand(&i, &Type::Index)?;
        let m = p.module();
        match m.defining_op(v).filter(|&d| m.op_name(d) == "std.constant").and_then(|d| m.attr(d, "value")) {
            Some(Attribute::Integer(c)) => c.as_i64(),
            _ => {
                return Err(p.error_at(at, "the index of 'memref.dim' must be a constant to be read as the 2019 'dim'"));
            }
        }
    } else {
        p.parse_integer()?
    };
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

// ---- interpretation ---------------------------------------------------------------------------

use crate::interp::{Flow, IVal, Interp, Stop};

fn interp_dim(it: &mut Interp<'_>, op: Op) -> Result<Flow, Stop> {
    let d = it.m.op(op);
    let index = it.m.attr(op, "index").and_then(Attribute::as_int).unwrap_or(0) as usize;
    let (mv, _) = it.memref(d.operands[0])?;
    let size = *mv.dims.get(index).ok_or_else(|| Stop::Unsupported("dim index out of range".into()))?;
    it.set(d.results[0], IVal::Int(size));
    Ok(Flow::Next)
}

fn interp_rank(it: &mut Interp<'_>, op: Op) -> Result<Flow, Stop> {
    let d = it.m.op(op);
    let (mv, _) = it.memref(d.operands[0])?;
    it.set(d.results[0], IVal::Int(mv.dims.len() as i64));
    Ok(Flow::Next)
}
