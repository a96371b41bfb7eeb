//! Control flow and calls: `br`, `cond_br`, `return`, `call`, `call_indirect`
//! (mlir-langref-mid.md "Terminator operations", "Core Operations").
//!
//! That branch operands match the target block's arguments, and that no branch targets an entry
//! block, is checked for every terminator by the structural verifier.

use crate::codegen::CodegenRole;
use crate::dialect::{OpDef, Traits, VerifyCx};
use crate::ir::{Attribute, Op, OperationState, Span, Type, Value, Values};
use crate::syntax::{PResult, Parser, Printer, TokKind};

/// Ops of this file.
pub static OPS: &[&OpDef] = &[&BR, &COND_BR, &RETURN, &ASSERT, &CALL, &CALL_INDIRECT];

/// The unit attribute of a `br` or `cond_br` that closes a loop of bounded work
/// (`br ^bb1(..) {bounded}`):
/// a constant, small trip count and no loop inside. Code generation does not poll for
/// interrupts there (the loop finishes soon; the loop around it polls), which saves a load, a
/// test and a branch per iteration. TIR lowering marks such loops; on any other back edge the
/// mark only makes that loop deaf to interrupts (the call cannot be stopped in it), nothing else.
pub const BOUNDED: &str = "bounded";

/// `std.br`.
pub static BR: OpDef = OpDef {
    name: "std.br",
    keyword: "br",
    parse: Some(parse_br),
    print: Some(print_br),
    verify: verify_br,
    fold: None,
    lower: Some(lower_br),
    interp: Some(interp_br),
    traits: Traits::TERMINATOR,
    summary: "unconditional branch",
};

/// `std.cond_br`.
pub static COND_BR: OpDef = OpDef {
    name: "std.cond_br",
    keyword: "cond_br",
    parse: Some(parse_cond_br),
    print: Some(print_cond_br),
    verify: verify_cond_br,
    fold: None,
    lower: Some(lower_cond_br),
    interp: Some(interp_cond_br),
    traits: Traits::TERMINATOR,
    summary: "conditional branch on an i1",
};

/// `std.return`.
pub static RETURN: OpDef = OpDef {
    name: "std.return",
    keyword: "return",
    parse: Some(parse_return),
    print: Some(print_return),
    verify: verify_return,
    fold: None,
    lower: Some(lower_return),
    interp: Some(interp_return),
    traits: Traits::TERMINATOR,
    summary: "return from a function",
};

/// `std.assert`.
pub static ASSERT: OpDef = OpDef {
    name: "std.assert",
    keyword: "assert",
    parse: Some(parse_assert),
    print: Some(print_assert),
    verify: verify_assert,
    fold: None,
    lower: Some(lower_assert),
    interp: Some(interp_assert),
    traits: Traits::NONE,
    summary: "stop with an error carrying the message unless the i1 operand is true",
};

/// `std.call`.
pub static CALL: OpDef = OpDef {
    name: "std.call",
    keyword: "call",
    parse: Some(parse_call),
    print: Some(print_call),
    verify: verify_call,
    fold: None,
    lower: Some(lower_call),
    interp: Some(interp_call),
    traits: Traits { codegen: CodegenRole::Call, ..Traits::NONE },
    summary: "direct call of a function by name",
};

/// `std.call_indirect`.
pub static CALL_INDIRECT: OpDef = OpDef {
    name: "std.call_indirect",
    keyword: "call_indirect",
    parse: Some(parse_call_indirect),
    print: Some(print_call_indirect),
    verify: verify_call_indirect,
    fold: None,
    lower: Some(lower_call_indirect),
    interp: Some(interp_call_indirect),
    traits: Traits { codegen: CodegenRole::Call, ..Traits::NONE },
    summary: "call of a function value",
};

// ---- br ---------------------------------------------------------------------------------------

fn parse_br(p: &mut Parser<'_>, span: Span) -> PResult<Values> {
    let s = p.parse_successor()?;
    let attrs = p.parse_optional_attr_dict()?;
    let mut st = OperationState::new(p.intern("std.br")).at(span);
    st.successors.push(s);
    st.attrs = attrs;
    Ok(p.finish_op(st))
}

fn print_br(p: &mut Printer<'_>, op: Op) -> Option<()> {
    let d = p.module().op(op);
    let [s] = d.successors.as_slice() else { return None };
    if !d.operands.is_empty() {
        return None;
    }
    p.w("br ");
    p.print_successor(s);
    p.print_attr_dict(op, &[]);
    Some(())
}

fn verify_br(cx: &mut VerifyCx<'_>, op: Op) {
    cx.counts(op, Some(0), Some(0), 0, 1);
}

// ---- cond_br ----------------------------------------------------------------------------------

/// `cond_br %c, ^bb1(..), ^bb2(..)`; also the earliest spelling `br_cond`.
pub fn parse_cond_br(p: &mut Parser<'_>, span: Span) -> PResult<Values> {
    let c = p.parse_operand()?;
    let c = p.resolve_operand(&c, &Type::Integer(1))?;
    p.expect(TokKind::Comma, "','")?;
    let t = p.parse_successor()?;
    p.expect(TokKind::Comma, "','")?;
    let f = p.parse_successor()?;
    let attrs = p.parse_optional_attr_dict()?;
    let mut st = OperationState::new(p.intern("std.cond_br")).operand(c).at(span);
    st.successors = vec![t, f];
    st.attrs = attrs;
    Ok(p.finish_op(st))
}

fn print_cond_br(p: &mut Printer<'_>, op: Op) -> Option<()> {
    let m = p.module();
    let d = m.op(op);
    let [c] = d.operands.as_slice() else { return None };
    let [t, f] = d.successors.as_slice() else { return None };
    if !m.value_type(*c).is_integer_of(1) {
        return None;
    }
    p.w("cond_br ");
    p.print_value(*c);
    p.w(", ");
    p.print_successor(t);
    p.w(", ");
    p.print_successor(f);
    p.print_attr_dict(op, &[]);
    Some(())
}

fn verify_cond_br(cx: &mut VerifyCx<'_>, op: Op) {
    if cx.counts(op, Some(1), Some(0), 0, 2) {
        cx.kind(op, 0, false, "i1", |t| t.is_integer_of(1));
    }
}

// ---- return -----------------------------------------------------------------------------------

fn parse_return(p: &mut Parser<'_>, span: Span) -> PResult<Values> {
    let ops = p.parse_operand_list()?;
    let operands = if ops.is_empty() {
        Values::new()
    } else {
        let at = p.span();
        let tys = p.parse_colon_type_list()?;
        p.resolve_operands(&ops, &tys, at)?
    };
    let st = OperationState::new(p.intern("std.return")).operands(&operands).at(span);
    Ok(p.finish_op(st))
}

fn print_return(p: &mut Printer<'_>, op: Op) -> Option<()> {
    let m = p.module();
    let d = m.op(op);
    if !d.attrs.is_empty() || !d.successors.is_empty() {
        return None;
    }
    p.w("return");
    if !d.operands.is_empty() {
        p.w(" ");
        p.print_values(&d.operands);
        p.w(" : ");
        let tys: Vec<Type> = d.operands.iter().map(|&v| m.value_type(v).clone()).collect();
        p.print_types(&tys);
    }
    Some(())
}

fn verify_return(cx: &mut VerifyCx<'_>, op: Op) {
    if !cx.counts(op, None, Some(0), 0, 0) {
        return;
    }
    let m = cx.m;
    let Some(func) = m.parent_op(op).filter(|&f| m.op_name(f) == "func") else {
        cx.error(op, "expects parent op 'func' (must be nested within a 'func' region)");
        return;
    };
    let Some(fty) = m.attr(func, "type").and_then(Attribute::as_type).and_then(Type::as_function) else { return };
    let operands = &m.op(op).operands;
    if operands.len() != fty.results.len() {
        cx.error(op, format!("has {} operands, but enclosing function returns {}", operands.len(), fty.results.len()));
        return;
    }
    for (i, (&v, t)) in operands.iter().zip(&fty.results).enumerate() {
        let actual = m.value_type(v);
        if actual != t {
            cx.error(op, format!("type of return operand {i} ('{actual}') doesn't match function result type ('{t}')"));
        }
    }
}

// ---- assert -----------------------------------------------------------------------------------

fn parse_assert(p: &mut Parser<'_>, span: Span) -> PResult<Values> {
    let c = p.parse_operand()?;
    p.expect(TokKind::Comma, "','")?;
    let msg = p.parse_string()?;
    let attrs = p.parse_optional_attr_dict()?;
    let c = p.resolve_operand(&c, &Type::Integer(1))?;
    let mut st = OperationState::new(p.intern("std.assert")).operand(c).attr("msg", Attribute::string(&msg)).at(span);
    st.attrs.extend(attrs);
    Ok(p.finish_op(st))
}

fn print_assert(p: &mut Printer<'_>, op: Op) -> Option<()> {
    let m = p.module();
    let d = m.op(op);
    let [c] = d.operands.as_slice() else { return None };
    let msg = m.attr(op, "msg")?.as_str()?;
    if !m.value_type(*c).is_integer_of(1) || !d.results.is_empty() {
        return None;
    }
    p.w("assert ");
    p.print_value(*c);
    p.w(", ");
    p.print_attr(&Attribute::string(msg));
    p.print_attr_dict(op, &["msg"]);
    Some(())
}

fn verify_assert(cx: &mut VerifyCx<'_>, op: Op) {
    if !cx.counts(op, Some(1), Some(0), 0, 0) {
        return;
    }
    if cx.required_attr(op, "msg").and_then(Attribute::as_str).is_none() {
        return;
    }
    cx.kind(op, 0, false, "i1", |t| t.is_integer_of(1));
}

// ---- call -------------------------------------------------------------------------------------

fn parse_call(p: &mut Parser<'_>, span: Span) -> PResult<Values> {
    let callee = p.parse_symbol_name()?;
    let args = p.parse_delimited_operands(TokKind::LParen, TokKind::RParen, "'(' to start the argument list")?;
    let attrs = p.parse_optional_attr_dict()?;
    p.expect(TokKind::Colon, "':' and the callee's function type")?;
    let at = p.span();
    let ty = p.parse_type()?;
    let Some(fty) = ty.as_function() else { return Err(p.error_at(at, "expected function type")) };
    let operands = p.resolve_operands(&args, &fty.inputs, at)?;
    let callee = p.intern(&callee);
    let mut st = OperationState::new(p.intern("std.call"))
        .operands(&operands)
        .results(&fty.results)
        .attr("callee", Attribute::SymbolRef(callee))
        .at(span);
    st.attrs.extend(attrs);
    Ok(p.finish_op(st))
}

fn print_call(p: &mut Printer<'_>, op: Op) -> Option<()> {
    let m = p.module();
    let d = m.op(op);
    let callee = m.attr(op, "callee")?.as_symbol()?;
    if !d.regions.is_empty() || !d.successors.is_empty() {
        return None;
    }
    p.w("call ");
    p.print_attr(&Attribute::SymbolRef(callee.into()));
    p.w("(");
    p.print_values(&d.operands);
    p.w(")");
    p.print_attr_dict(op, &["callee"]);
    p.w(" : ");
    print_signature(p, &d.operands, &d.results);
    Some(())
}

fn print_signature(p: &mut Printer<'_>, operands: &[Value], results: &[Value]) {
    let m = p.module();
    let ins: Vec<Type> = operands.iter().map(|&v| m.value_type(v).clone()).collect();
    let outs: Vec<Type> = results.iter().map(|&v| m.value_type(v).clone()).collect();
    p.print_type(&Type::function(ins, outs));
}

fn verify_call(cx: &mut VerifyCx<'_>, op: Op) {
    let m = cx.m;
    let Some(callee) = m.attr(op, "callee").and_then(Attribute::as_symbol) else {
        cx.error(op, "requires a 'callee' symbol reference attribute");
        return;
    };
    let Some(&f) = cx.symbols.get(callee) else {
        cx.error(op, format!("'{callee}' does not reference a valid function"));
        return;
    };
    let Some(fty) = m.attr(f, "type").and_then(Attribute::as_type).and_then(Type::as_function) else {
        cx.error(op, format!("'{callee}' does not reference a valid function"));
        return;
    };
    check_call_types(cx, op, &m.op(op).operands, fty.inputs.as_slice(), fty.results.as_slice(), "callee");
}

fn check_call_types(cx: &mut VerifyCx<'_>, op: Op, args: &[Value], inputs: &[Type], results: &[Type], what: &str) {
    let m = cx.m;
    if args.len() != inputs.len() {
        cx.error(op, format!("incorrect number of operands for {what}: expected {}, got {}", inputs.len(), args.len()));
        return;
    }
    for (i, (&a, t)) in args.iter().zip(inputs).enumerate() {
        if m.value_type(a) != t {
            cx.error(
                op,
                format!("operand type mismatch: operand #{i} is '{}' but {what} expects '{t}'", m.value_type(a)),
            );
            return;
        }
    }
    let rs = &m.op(op).results;
    if rs.len() != results.len() {
        cx.error(op, format!("incorrect number of results for {what}: expected {}, got {}", results.len(), rs.len()));
        return;
    }
    for (i, (&r, t)) in rs.iter().zip(results).enumerate() {
        if m.value_type(r) != t {
            cx.error(
                op,
                format!("result type mismatch: result #{i} is '{}' but {what} returns '{t}'", m.value_type(r)),
            );
            return;
        }
    }
}

// ---- call_indirect ------------------------------------------------------------------------------

fn parse_call_indirect(p: &mut Parser<'_>, span: Span) -> PResult<Values> {
    let f = p.parse_operand()?;
    let args = p.parse_delimited_operands(TokKind::LParen, TokKind::RParen, "'(' to start the argument list")?;
    let attrs = p.parse_optional_attr_dict()?;
    p.expect(TokKind::Colon, "':' and the function type")?;
    let at = p.span();
    let ty = p.parse_type()?;
    let Some(fty) = ty.as_function() else { return Err(p.error_at(at, "expected function type")) };
    let callee = p.resolve_operand(&f, &ty)?;
    let mut operands = vec![callee];
    operands.extend(p.resolve_operands(&args, &fty.inputs, at)?);
    let mut st = OperationState::new(p.intern("std.call_indirect")).operands(&operands).results(&fty.results).at(span);
    st.attrs = attrs;
    Ok(p.finish_op(st))
}

fn print_call_indirect(p: &mut Printer<'_>, op: Op) -> Option<()> {
    let m = p.module();
    let d = m.op(op);
    let (&f, args) = d.operands.split_first()?;
    let fty = m.value_type(f).as_function()?;
    let arg_tys: Vec<&Type> = args.iter().map(|&a| m.value_type(a)).collect();
    let res_tys: Vec<&Type> = d.results.iter().map(|&r| m.value_type(r)).collect();
    if fty.inputs.iter().collect::<Vec<_>>() != arg_tys || fty.results.iter().collect::<Vec<_>>() != res_tys {
        return None;
    }
    p.w("call_indirect ");
    p.print_value(f);
    p.w("(");
    p.print_values(args);
    p.w(")");
    p.print_attr_dict(op, &[]);
    p.w(" : ");
    p.print_type(m.value_type(f));
    Some(())
}

fn verify_call_indirect(cx: &mut VerifyCx<'_>, op: Op) {
    if !cx.min_operands(op, 1) {
        return;
    }
    let m = cx.m;
    let Some(fty) = cx.operand_type(op, 0).and_then(Type::as_function) else {
        let t = cx.operand_type(op, 0).map(ToString::to_string).unwrap_or_default();
        cx.error(op, format!("callee must be of function type, but got '{t}'"));
        return;
    };
    check_call_types(cx, op, &m.op(op).operands[1..], &fty.inputs, &fty.results, "callee type");
}

// ---- lowering -------------------------------------------------------------------------------

use crate::codegen::repr::{self as cr, Repr};
use crate::codegen::{CodegenError, FnLowerer};
use cranelift_codegen::ir::{InstBuilder, types};

fn lower_br(lw: &mut FnLowerer<'_, '_>, op: Op) -> Result<(), CodegenError> {
    let s = &lw.m.op(op).successors[0];
    let args = lw.block_args(&s.args)?;
    let target = lw.block(s.block);
    let bounded = lw.m.op(op).attrs.iter().any(|a| &*a.name == BOUNDED);
    if lw.is_backward(op, s.block) && !bounded {
        lw.jump_polling(op, target, &args);
    } else {
        lw.b.ins().jump(target, &args);
    }
    Ok(())
}

fn lower_cond_br(lw: &mut FnLowerer<'_, '_>, op: Op) -> Result<(), CodegenError> {
    let d = lw.m.op(op);
    let c = lw.scalar(d.operands[0])?;
    let (t, f) = (&d.successors[0], &d.successors[1]);
    if !d.attrs.iter().any(|a| &*a.name == BOUNDED) {
        lw.poll_interrupt_if_backward(op, &[t.block, f.block]);
    }
    let (targs, fargs) = (lw.block_args(&t.args)?, lw.block_args(&f.args)?);
    let (tb, fb) = (lw.block(t.block), lw.block(f.block));
    lw.b.ins().brif(c, tb, &targs, fb, &fargs);
    Ok(())
}

fn lower_assert(lw: &mut FnLowerer<'_, '_>, op: Op) -> Result<(), CodegenError> {
    let c = lw.scalar(lw.m.op(op).operands[0])?;
    let msg = lw.m.attr(op, "msg").and_then(Attribute::as_str).map(str::to_string);
    let bad = lw.b.ins().icmp_imm_s(cranelift_codegen::ir::condcodes::IntCC::Equal, c, 0);
    lw.trap_if_with(bad, crate::runtime::TrapKind::AssertFailed, op, msg);
    Ok(())
}

fn lower_return(lw: &mut FnLowerer<'_, '_>, op: Op) -> Result<(), CodegenError> {
    let vals = lw.m.op(op).operands.to_vec();
    lw.emit_return(&vals)
}

/// Bind the results of an internal-ABI call (status first, propagated on error).
fn bind_internal_results(
    lw: &mut FnLowerer<'_, '_>,
    op: Op,
    rets: &[cranelift_codegen::ir::Value],
) -> Result<(), CodegenError> {
    lw.propagate(rets[0]);
    let results = lw.m.op(op).results.to_vec();
    let mut next = 1;
    for r in results {
        let ty = lw.ty(r);
        let n = cr::flat_types(ty).map_err(|e| lw.err(op, e))?.len();
        let v = cr::unflatten(ty, &rets[next..next + n])?;
        next += n;
        let v = lw.complete(ty, v)?;
        lw.set(r, v);
    }
    Ok(())
}

fn flat_args(lw: &mut FnLowerer<'_, '_>, vals: &[Value]) -> Result<Vec<cranelift_codegen::ir::Value>, CodegenError> {
    let mut out = vec![lw.ctx()];
    for &v in vals {
        out.extend(lw.get(v)?.flatten(lw.ty(v)));
    }
    Ok(out)
}

fn lower_call(lw: &mut FnLowerer<'_, '_>, op: Op) -> Result<(), CodegenError> {
    let m = lw.m;
    let callee = m.attr(op, "callee").and_then(Attribute::as_symbol).unwrap_or("").to_string();
    let operands = m.op(op).operands.to_vec();
    let args = flat_args(lw, &operands)?;
    if let Some(rets) = lw.call_internal(&callee, &args) {
        return bind_internal_results(lw, op, &rets);
    }
    // An external function: the C calling convention, scalars by value, memrefs as their
    // element pointer.
    let Some((target, fty)) = lw.external(&callee) else {
        // Reported once compilation ends; keep generating so every missing symbol is found.
        for &r in &m.op(op).results {
            let ty = lw.ty(r);
            let parts: Vec<_> =
                cr::flat_types(ty).map_err(|e| lw.err(op, e))?.into_iter().map(|t| lw.zero(t)).collect();
            let v = cr::unflatten(ty, &parts)?;
            lw.set(r, v);
        }
        return Ok(());
    };
    if fty.results.len() > 1 {
        return Err(
            lw.err(op, format!("external '@{callee}' returns several values; the C calling convention returns one"))
        );
    }
    let mut params = Vec::new();
    let mut cargs = Vec::new();
    if let Some(env) = target.env {
        params.push(types::I64);
        cargs.push(lw.i64c(env as i64));
    }
    for (&v, t) in operands.iter().zip(&fty.inputs) {
        match lw.get(v)? {
            Repr::Scalar(x) | Repr::Func(x) => {
                params.push(
                    cr::scalar_clif(t)
                        .ok_or_else(|| lw.err(op, format!("'{t}' cannot be passed to an external function")))?,
                );
                cargs.push(x);
            }
            Repr::Memref(d) => {
                params.push(types::I64);
                cargs.push(d.ptr);
            }
            _ => return Err(lw.err(op, format!("'{t}' cannot be passed to an external function"))),
        }
    }
    let rets: Vec<types::Type> = fty.results.iter().map(|t| cr::scalar_clif(t).unwrap_or(types::I64)).collect();
    let out = lw.call_host(target.addr, &params, &rets, &cargs);
    if let (Some(&r), Some(&v)) = (m.op(op).results.first(), out.first()) {
        let ty = lw.ty(r);
        let v = match ty {
            Type::Integer(w) => lw.normalize(v, *w),
            _ => v,
        };
        lw.set(r, Repr::Scalar(v));
    }
    Ok(())
}

fn lower_call_indirect(lw: &mut FnLowerer<'_, '_>, op: Op) -> Result<(), CodegenError> {
    let m = lw.m;
    let operands = m.op(op).operands.to_vec();
    let fty = m.value_type(operands[0]).as_function().cloned().ok_or_else(|| lw.err(op, "callee is not a function"))?;
    let callee = lw.scalar(operands[0])?;
    let args = flat_args(lw, &operands[1..])?;
    let rets = lw.call_value(callee, &fty, &args).map_err(|e| lw.err(op, e))?;
    bind_internal_results(lw, op, &rets)
}

// ---- interpretation ---------------------------------------------------------------------------

use crate::interp::{Flow, IVal, Interp, Stop};

fn interp_br(it: &mut Interp<'_>, op: Op) -> Result<Flow, Stop> {
    let s = &it.m.op(op).successors[0];
    Ok(Flow::Branch(s.block, it.get_all(&s.args)?))
}

fn interp_cond_br(it: &mut Interp<'_>, op: Op) -> Result<Flow, Stop> {
    let d = it.m.op(op);
    let s = &d.successors[if it.int(d.operands[0])? != 0 { 0 } else { 1 }];
    Ok(Flow::Branch(s.block, it.get_all(&s.args)?))
}

fn interp_return(it: &mut Interp<'_>, op: Op) -> Result<Flow, Stop> {
    Ok(Flow::Exit(it.get_all(&it.m.op(op).operands)?))
}

fn interp_assert(it: &mut Interp<'_>, op: Op) -> Result<Flow, Stop> {
    if it.int(it.m.op(op).operands[0])? != 0 {
        return Ok(Flow::Next);
    }
    Err(match it.m.attr(op, "msg").and_then(Attribute::as_str) {
        Some(msg) => it.trap_with(op, crate::runtime::TrapKind::AssertFailed, msg.to_string()),
        None => it.trap(op, crate::runtime::TrapKind::AssertFailed),
    })
}

fn interp_call(it: &mut Interp<'_>, op: Op) -> Result<Flow, Stop> {
    let m = it.m;
    let callee = m.attr(op, "callee").and_then(Attribute::as_symbol).unwrap_or("");
    let args = it.get_all(&m.op(op).operands)?;
    let rs = it.call(callee, args)?;
    it.set_results(op, rs);
    Ok(Flow::Next)
}

fn interp_call_indirect(it: &mut Interp<'_>, op: Op) -> Result<Flow, Stop> {
    let m = it.m;
    let d = m.op(op);
    let IVal::Func(callee) = it.get(d.operands[0])? else {
        return Err(Stop::Unsupported("call_indirect of a value that is not a function".into()));
    };
    let args = it.get_all(&d.operands[1..])?;
    let rs = it.call(&callee, args)?;
    it.set_results(op, rs);
    Ok(Flow::Next)
}
