//! Parallel loops: `parallel_for` and the `yield` that ends each iteration, the op TIR's
//! parallel, thread-bound and thread-extent loops lower to.
//!
//! ```mlir
//! parallel_for %i = %lb to %ub {
//!   ...
//!   yield
//! }
//! ```
//!
//! The body runs once for every `%i` in `[%lb, %ub)`, in any order and possibly at the same
//! time on several threads (the engine's `Options::threads`). Its region may hold several blocks
//! (branches and loops); every path ends in `yield`. When an iteration fails, no iteration
//! starts after it and the loop's error is the first one recorded.

use crate::codegen::CodegenRole;
use crate::dialect::{OpDef, Traits, VerifyCx};
use crate::ir::{Op, OperationState, Span, Type, Values};
use crate::syntax::{PResult, Parser, Printer, RegionArg, TokKind};

/// Ops of this file.
pub static OPS: &[&OpDef] = &[&PARALLEL_FOR, &YIELD];

/// `std.parallel_for`.
pub static PARALLEL_FOR: OpDef = OpDef {
    name: "std.parallel_for",
    keyword: "parallel_for",
    parse: Some(parse_parallel_for),
    print: Some(print_parallel_for),
    verify: verify_parallel_for,
    fold: None,
    lower: Some(lower_parallel_for),
    interp: Some(interp_parallel_for),
    traits: Traits { codegen: CodegenRole::OutlinedBody, ..Traits::NONE },
    summary: "run the body for every index in [lb, ub), iterations in parallel",
};

/// `std.yield`.
pub static YIELD: OpDef = OpDef {
    name: "std.yield",
    keyword: "yield",
    parse: Some(parse_yield),
    print: Some(print_yield),
    verify: verify_yield,
    fold: None,
    lower: Some(lower_yield),
    interp: Some(interp_yield),
    traits: Traits::TERMINATOR,
    summary: "end an iteration of the enclosing parallel_for",
};

fn parse_parallel_for(p: &mut Parser<'_>, span: Span) -> PResult<Values> {
    let iv = p.parse_operand()?;
    p.expect(TokKind::Equal, "'='")?;
    let lb = p.parse_operand()?;
    p.expect_keyword_msg("to", "expected 'to' between bounds")?;
    let ub = p.parse_operand()?;
    let lb = p.resolve_operand(&lb, &Type::Index)?;
    let ub = p.resolve_operand(&ub, &Type::Index)?;
    let region =
        p.parse_region(Some(vec![RegionArg { name: iv.name, ty: Type::Index, span: iv.span }]), false, None)?;
    let attrs = p.parse_optional_attr_dict()?;
    let mut st = OperationState::new(p.intern("std.parallel_for")).operand(lb).operand(ub).region(region).at(span);
    st.attrs.extend(attrs);
    Ok(p.finish_op(st))
}

fn print_parallel_for(p: &mut Printer<'_>, op: Op) -> Option<()> {
    let m = p.module();
    let d = m.op(op);
    let ([lb, ub], [r]) = (d.operands.as_slice(), d.regions.as_slice()) else { return None };
    let entry = *m.region(*r).blocks.first()?;
    let [iv] = m.block(entry).args.as_slice() else { return None };
    if !d.results.is_empty() || !m.value_type(*lb).is_index() || !m.value_type(*ub).is_index() {
        return None;
    }
    p.w("parallel_for ");
    p.print_value(*iv);
    p.w(" = ");
    p.print_value(*lb);
    p.w(" to ");
    p.print_value(*ub);
    p.w(" ");
    p.print_region(*r, false, true);
    p.print_attr_dict(op, &[]);
    Some(())
}

fn verify_parallel_for(cx: &mut VerifyCx<'_>, op: Op) {
    if !cx.counts(op, Some(2), Some(0), 1, 0) || !cx.index_operands(op, 0, "bound") {
        return;
    }
    let m = cx.m;
    let r = m.op(op).regions[0];
    let Some(&entry) = m.region(r).blocks.first() else {
        cx.error(op, "expects a non-empty body region");
        return;
    };
    let args = &m.block(entry).args;
    if args.len() != 1 || !m.value_type(args[0]).is_index() {
        cx.error(op, "expects the body to take a single index argument, the induction variable");
        return;
    }
    for &b in &m.region(r).blocks {
        match m.terminator(b) {
            Some(t) if matches!(m.op_name(t), "std.yield" | "std.br" | "std.cond_br") => {}
            Some(t) => cx.error(
                op,
                format!("expects every block of its body to end with 'yield' or a branch, not '{}'", m.op_name(t)),
            ),
            None => cx.error(op, "expects every block of its body to end with 'yield' or a branch"),
        }
    }
}

fn parse_yield(p: &mut Parser<'_>, span: Span) -> PResult<Values> {
    let attrs = p.parse_optional_attr_dict()?;
    let mut st = OperationState::new(p.intern("std.yield")).at(span);
    st.attrs.extend(attrs);
    Ok(p.finish_op(st))
}

fn print_yield(p: &mut Printer<'_>, op: Op) -> Option<()> {
    let d = p.module().op(op);
    if !d.operands.is_empty() || !d.results.is_empty() {
        return None;
    }
    p.w("yield");
    p.print_attr_dict(op, &[]);
    Some(())
}

fn verify_yield(cx: &mut VerifyCx<'_>, op: Op) {
    if !cx.counts(op, Some(0), Some(0), 0, 0) {
        return;
    }
    let m = cx.m;
    if m.parent_op(op).is_none_or(|p| m.op_name(p) != "std.parallel_for") {
        cx.error(op, "expects parent op 'std.parallel_for'");
    }
}

// ---- lowering

use crate::codegen::{CodegenError, FnLowerer};
use crate::runtime::parallel::strata_parallel_for;
use cranelift_codegen::ir::{InstBuilder, types};

fn lower_parallel_for(lw: &mut FnLowerer<'_, '_>, op: Op) -> Result<(), CodegenError> {
    let d = lw.m.op(op);
    let (lb, ub) = (lw.scalar(d.operands[0])?, lw.scalar(d.operands[1])?);
    let region = d.regions[0];
    let (body, env) = lw.outline_loop_body(op, region)?;
    let ctx = lw.ctx();
    let status = lw.call_host(
        strata_parallel_for as *const () as usize,
        &[types::I64; 5],
        &[types::I32],
        &[ctx, body, env, lb, ub],
    )[0];
    lw.propagate(status);
    Ok(())
}

fn lower_yield(lw: &mut FnLowerer<'_, '_>, op: Op) -> Result<(), CodegenError> {
    let target = lw.yield_target().ok_or_else(|| lw.err(op, "yield outside a parallel_for body"))?;
    lw.b.ins().jump(target, &[]);
    Ok(())
}

// ---- interpretation ---------------------------------------------------------------------------

use crate::interp::{Flow, IVal, Interp, Stop};

/// Iterations one after another, in order (one of the orders the op allows).
fn interp_parallel_for(it: &mut Interp<'_>, op: Op) -> Result<Flow, Stop> {
    let d = it.m.op(op);
    let (lb, ub) = (it.int(d.operands[0])?, it.int(d.operands[1])?);
    let body = d.regions[0];
    for i in lb..ub.max(lb) {
        it.run_region(body, vec![IVal::Int(i)])?;
    }
    Ok(Flow::Next)
}

fn interp_yield(_: &mut Interp<'_>, _: Op) -> Result<Flow, Stop> {
    Ok(Flow::Exit(Vec::new()))
}
