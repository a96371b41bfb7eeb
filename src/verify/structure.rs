//! Structure and per-op rules, in pre-order: each op's own rules, then the blocks of its regions
//! (terminators, successors, branch operands).

use crate::dialect::{VerifyCx, registry};
use crate::ir::{Diagnostic, Module, Op, Region};

/// Dialect namespaces whose ops must all be registered.
const CLOSED_DIALECTS: [&str; 3] = ["std", "affine", "vector"];

pub(super) fn check(m: &Module, stop_at_first: bool) -> Vec<Diagnostic> {
    let mut cx = VerifyCx::new(m);
    let mut done = false;
    // One pass, visiting each op once while it is in cache.
    m.walk(m.top(), |op| {
        if done {
            return;
        }
        verify_op(&mut cx, op);
        if !stop_at_first || cx.diags.is_empty() {
            for &r in &m.op(op).regions {
                verify_region(&mut cx, op, r);
            }
        }
        done = stop_at_first && !cx.diags.is_empty();
    });
    if stop_at_first {
        cx.diags.truncate(1);
    }
    cx.diags
}
fn verify_op(cx: &mut VerifyCx<'_>, op: Op) {
    let m = cx.m;
    let name = m.op_name(op);
    let Some(def) = registry().get(name) else {
        if let Some((ns, _)) = name.split_once('.')
            && CLOSED_DIALECTS.contains(&ns)
        {
            cx.push(Diagnostic::error(
                m.op_span(op),
                format!(
                    "unregistered operation '{name}' found in dialect ('{ns}') that does not allow unknown operations"
                ),
            ));
        }
        return;
    };
    if def.traits.terminator
        && let Some(b) = m.parent_block(op)
        && m.block(b).ops.last() != Some(&op)
    {
        cx.error(op, "must be the last operation in the parent block");
        return;
    }
    (def.verify)(cx, op);
}

fn verify_region(cx: &mut VerifyCx<'_>, parent: Op, region: Region) {
    let m = cx.m;
    let no_terminator = registry().get(m.op_name(parent)).is_some_and(|d| d.traits.no_terminator);
    let blocks = &m.region(region).blocks;
    let entry = blocks.first().copied();
    for &b in blocks {
        let ops = &m.block(b).ops;
        let Some(&last) = ops.last() else {
            if !no_terminator {
                // An empty block has no location of its own: report at the op owning it.
                cx.push(Diagnostic::error(m.op_span(parent), "block with no terminator"));
                return;
            }
            continue;
        };
        for &op in &ops[..ops.len() - 1] {
            if !m.op(op).successors.is_empty() {
                cx.push(Diagnostic::error(
                    m.op_span(op),
                    "operation with block successors must terminate its parent block",
                ));
                return;
            }
        }
        let known_non_terminator = registry().get(m.op_name(last)).is_some_and(|d| !d.traits.terminator);
        if !no_terminator && known_non_terminator {
            cx.push(Diagnostic::error(m.op_span(last), "block with no terminator"));
            return;
        }
        for (i, s) in m.op(last).successors.iter().enumerate() {
            if m.parent_region(s.block) != Some(region) {
                cx.error(last, format!("successor #{i} is a block of a different region (branching into or out of a region is not allowed)"));
                return;
            }
            if Some(s.block) == entry {
                cx.push(Diagnostic::error(m.op_span(parent), "entry block of region may not have predecessors"));
                return;
            }
            let params = &m.block(s.block).args;
            if params.len() != s.args.len() {
                let which =
                    if m.op(last).successors.len() > 1 { format!(" for successor #{i}") } else { String::new() };
                cx.error(
                    last,
                    format!("branch has {} operands{which}, but target block has {}", s.args.len(), params.len()),
                );
                return;
            }
            for (j, (&a, &p)) in s.args.iter().zip(params).enumerate() {
                let (at, pt) = (m.value_type(a), m.value_type(p));
                if at != pt {
                    cx.error(
                        last,
                        format!("type mismatch for bb argument #{j} of successor #{i}: '{at}' passed, '{pt}' expected"),
                    );
                    return;
                }
            }
        }
    }
}
