//! The builtin dialect: `module` and `func` (mlir-langref-late.md "Module", "Functions").
//!
//! Their textual forms are part of the language itself and live in `syntax/builtin.rs`; their
//! rules are here:
//! - `module`: one region with one block without arguments; symbol names unique within it.
//! - `func`: a string `sym_name`, a function-type `type`, an `arg_attrs` array of dictionaries
//!   (one per argument) if present; one region, empty for an external declaration, otherwise
//!   with entry block arguments of the argument types.

use rustc_hash::FxHashMap as HashMap;

use super::{OpDef, Traits, VerifyCx};
use crate::ir::{Attribute, Diagnostic, Op};

/// The builtin ops.
pub(crate) static OPS: &[&OpDef] = &[&MODULE, &FUNC];

/// `module`.
pub static MODULE: OpDef = OpDef {
    name: "module",
    keyword: "",
    parse: None,
    print: None,
    verify: verify_module,
    fold: None,
    lower: None,
    interp: None,
    traits: Traits { isolated: true, no_terminator: true, ..Traits::NONE },
    summary: "a container of functions and other operations",
};

/// `func`.
pub static FUNC: OpDef = OpDef {
    name: "func",
    keyword: "",
    parse: None,
    print: None,
    verify: verify_func,
    fold: None,
    lower: None,
    interp: None,
    traits: Traits { isolated: true, symbol: true, ..Traits::NONE },
    summary: "a function: a symbol with a signature and a body region (or none)",
};

fn verify_module(cx: &mut VerifyCx<'_>, op: Op) {
    if !cx.counts(op, Some(0), Some(0), 1, 0) {
        return;
    }
    let m = cx.m;
    let r = m.op(op).regions[0];
    let blocks = &m.region(r).blocks;
    if blocks.len() != 1 {
        cx.error(op, "expects a body of exactly one block");
        return;
    }
    if !m.block(blocks[0]).args.is_empty() {
        cx.error(op, "expects a body block without arguments");
    }
    // The top module's symbol table is the context's (the first definition of each name).
    let mut own: HashMap<&str, Op> = HashMap::default();
    let top = op == m.top();
    for &inner in &m.block(blocks[0]).ops {
        if let Some(name) = m.attr(inner, "sym_name").and_then(Attribute::as_str) {
            let first = if top { cx.symbols.get(name).copied() } else { own.get(name).copied() };
            if let Some(first) = first.filter(|&f| f != inner) {
                let d = Diagnostic::error(m.op_span(inner), format!("redefinition of symbol named '{name}'"))
                    .with_note(Diagnostic::note(m.op_span(first), "see existing symbol definition here"));
                cx.push(d);
            } else if !top {
                own.insert(name, inner);
            }
        }
    }
}

fn verify_func(cx: &mut VerifyCx<'_>, op: Op) {
    if !cx.counts(op, Some(0), Some(0), 1, 0) {
        return;
    }
    let m = cx.m;
    match m.attr(op, "sym_name") {
        Some(Attribute::String(_)) => {}
        _ => cx.error(op, "requires a string attribute 'sym_name'"),
    }
    let Some(fty) = m.attr(op, "type").and_then(Attribute::as_type).and_then(|t| t.as_function()) else {
        cx.error(op, "requires a function type attribute 'type'");
        return;
    };
    if let Some(a) = m.attr(op, "arg_attrs") {
        match a.as_array() {
            Some(items)
                if items.len() == fty.inputs.len() && items.iter().all(|x| matches!(x, Attribute::Dictionary(_))) => {}
            _ => cx.error(op, "expects 'arg_attrs' to be an array of one dictionary per argument"),
        }
        // spec: mlir-langref-mid.md, Function and Argument Attributes — only dialect attributes.
        for (i, d) in a.as_array().unwrap_or_default().iter().enumerate() {
            if let Attribute::Dictionary(d) = d
                && let Some(bad) = d.entries().iter().find(|e| !e.name.contains('.'))
            {
                cx.error(
                    op,
                    format!(
                        "arguments may only have dialect attributes: '{}' on argument #{i} names no dialect (write 'dialect.{}')",
                        bad.name, bad.name
                    ),
                );
            }
        }
    }
    let r = m.op(op).regions[0];
    let Some(entry) = m.entry_block(r) else { return };
    let args = &m.block(entry).args;
    if args.len() != fty.inputs.len() {
        // spec: mlir-langref-late.md, Functions — mlir-opt's words, at the function.
        cx.error(op, format!("entry block must have {} arguments to match function signature", fty.inputs.len()));
        return;
    }
    for (i, (&a, t)) in args.iter().zip(&fty.inputs).enumerate() {
        if m.value_type(a) != t {
            cx.error(
                op,
                format!(
                    "type of entry block argument #{i}({}) must match the type of the corresponding argument in function signature({t})",
                    m.value_type(a)
                ),
            );
        }
    }
}
