//! Structure and per-op rules, in mlir-opt's order: an op's own rules, then each of its regions
//! (entry block predecessors, then each block: its ops in order, recursively, then its
//! terminator and successors).

use rustc_hash::FxHashMap;

use crate::dialect::{OpDef, VerifyCx, registry};
use crate::ir::{Block, Diagnostic, Module, Op, Region};

/// Dialect namespaces whose ops must all be registered.
const CLOSED_DIALECTS: [&str; 3] = ["std", "affine", "vector"];

struct Walk<'m> {
    cx: VerifyCx<'m>,
    stop_at_first: bool,
    /// Op definitions by the address of an op's name: ops read from one file share their
    /// names' strings, so most lookups compare an address instead of hashing a name.
    defs: FxHashMap<usize, Option<&'static OpDef>>,
}

impl<'m> Walk<'m> {
    fn new(cx: VerifyCx<'m>, stop_at_first: bool) -> Walk<'m> {
        Walk { cx, stop_at_first, defs: FxHashMap::default() }
    }

    fn done(&self) -> bool {
        self.stop_at_first && !self.cx.diags.is_empty()
    }

    /// The registered definition of `op`.
    fn def(&mut self, op: Op) -> Option<&'static OpDef> {
        let name = &self.cx.m.op(op).name;
        // The address is the key while the module (which keeps the name alive) is borrowed.
        *self.defs.entry(name.as_ptr() as usize).or_insert_with(|| registry().get(name))
    }
}

pub(super) fn check(m: &Module, stop_at_first: bool) -> Vec<Diagnostic> {
    let mut w = Walk::new(VerifyCx::new(m), stop_at_first);
    verify_op_tree(&mut w, m.top());
    let mut diags = w.cx.diags;
    if stop_at_first {
        diags.truncate(1);
    }
    diags
}

/// The top op's own rules (among them, unique symbols); the context, holding the symbol table
/// the slices of [`check_slice`] share.
pub(super) fn check_top_op(m: &Module) -> VerifyCx<'_> {
    let mut cx = VerifyCx::new(m);
    let def = registry().get(m.op_name(m.top()));
    verify_op(&mut cx, m.top(), def);
    cx
}

/// Whether the top op's body is one block that needs no terminator and whose ops have no
/// successors: each of its ops is then checked on its own, so slices of them can be checked
/// apart ([`check_slice`]) with the diagnostics of one walk over all of them.
pub(super) fn top_is_sliceable(m: &Module) -> bool {
    let top = m.top();
    let regions = &m.op(top).regions;
    regions.len() == 1
        && m.region(regions[0]).blocks.len() == 1
        && registry().get(m.op_name(top)).is_some_and(|d| d.traits.no_terminator)
        && m.block(m.top_block()).ops.iter().all(|&o| m.op(o).successors.is_empty())
}

/// The structure rules of `ops`, top-level ops of a module [`top_is_sliceable`] accepts, as
/// [`check`] checks them.
pub(super) fn check_slice(cx: VerifyCx<'_>, ops: &[Op], stop_at_first: bool) -> Vec<Diagnostic> {
    let mut w = Walk::new(cx, stop_at_first);
    for &op in ops {
        verify_op_tree(&mut w, op);
        if w.done() {
            break;
        }
    }
    let mut diags = w.cx.diags;
    if stop_at_first {
        diags.truncate(1);
    }
    diags
}

/// An op, then its regions. Deep nesting grows the stack on demand.
fn verify_op_tree(w: &mut Walk<'_>, op: Op) {
    let before = w.cx.diags.len();
    let def = w.def(op);
    verify_op(&mut w.cx, op, def);
    let m = w.cx.m;
    // Like mlir-opt, an op whose own rules fail is not descended into.
    if m.op(op).regions.is_empty() || w.cx.diags.len() > before {
        return;
    }
    stacker::maybe_grow(64 * 1024, 2 * 1024 * 1024, || {
        for &r in &m.op(op).regions {
            if w.done() {
                return;
            }
            verify_region(w, op, r);
        }
    });
}

fn verify_op(cx: &mut VerifyCx<'_>, op: Op, def: Option<&'static OpDef>) {
    let m = cx.m;
    let name = m.op_name(op);
    let Some(def) = def else {
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

fn verify_region(w: &mut Walk<'_>, parent: Op, region: Region) {
    let m = w.cx.m;
    let blocks = &m.region(region).blocks;
    let Some(&entry) = blocks.first() else { return };
    let has_preds = blocks
        .iter()
        .any(|&b| m.block(b).ops.last().is_some_and(|&t| m.op(t).successors.iter().any(|s| s.block == entry)));
    if has_preds {
        w.cx.push(Diagnostic::error(m.op_span(parent), "entry block of region may not have predecessors"));
        return;
    }
    let no_terminator = w.def(parent).is_some_and(|d| d.traits.no_terminator);
    for &b in blocks {
        verify_block(w, parent, region, b, no_terminator);
        if w.done() {
            return;
        }
    }
}

fn verify_block(w: &mut Walk<'_>, parent: Op, region: Region, b: Block, no_terminator: bool) {
    let m = w.cx.m;
    let ops = &m.block(b).ops;
    let Some(&last) = ops.last() else {
        if !no_terminator {
            // An empty block has no location of its own: report at the op owning it.
            w.cx.push(Diagnostic::error(m.op_span(parent), "block with no terminator"));
        }
        return;
    };
    for &op in &ops[..ops.len() - 1] {
        if !m.op(op).successors.is_empty() {
            w.cx.push(Diagnostic::error(
                m.op_span(op),
                "operation with block successors must terminate its parent block",
            ));
            return;
        }
        verify_op_tree(w, op);
        if w.done() {
            return;
        }
    }
    verify_op_tree(w, last);
    if w.done() || no_terminator {
        return;
    }
    if w.def(last).is_some_and(|d| !d.traits.terminator) {
        // mlir-opt reports a block's own errors at its first operation.
        w.cx.push(Diagnostic::error(m.op_span(ops[0]), "block with no terminator"));
        return;
    }
    verify_successors(&mut w.cx, region, last);
}

fn verify_successors(cx: &mut VerifyCx<'_>, region: Region, last: Op) {
    let m = cx.m;
    for (i, s) in m.op(last).successors.iter().enumerate() {
        if m.parent_region(s.block) != Some(region) {
            cx.error(
                last,
                format!(
                    "successor #{i} is a block of a different region (branching into or out of a region is not allowed)"
                ),
            );
            return;
        }
        let params = &m.block(s.block).args;
        if params.len() != s.args.len() {
            let which = if m.op(last).successors.len() > 1 { format!(" for successor #{i}") } else { String::new() };
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
