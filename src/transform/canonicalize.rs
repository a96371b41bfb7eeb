//! Canonicalization: fold what each op's folder can fold (constants, `dim` of a static
//! dimension, `affine.apply` of constants, identities such as `x + 0`), materialize folded
//! constants as `std.constant` ops, and remove side-effect-free ops whose results are unused.
//! Repeats until nothing changes.

use crate::dialect::standard::CONSTANT;
use std::collections::HashMap;

use crate::dialect::{FoldResult, registry};
use crate::ir::{Attribute, Module, Op, Value};

/// Canonicalize `m` in place; returns the number of ops folded or removed.
pub fn canonicalize(m: &mut Module) -> usize {
    let mut total = 0;
    for _ in 0..16 {
        let changed = fold_pass(m) + dce_pass(m);
        total += changed;
        if changed == 0 {
            break;
        }
    }
    total
}

fn all_ops(m: &Module) -> Vec<Op> {
    let mut ops = Vec::new();
    m.walk(m.top(), |op| ops.push(op));
    ops
}

fn fold_pass(m: &mut Module) -> usize {
    let reg = registry();
    let mut consts: HashMap<Value, Attribute> = HashMap::new();
    let mut replace: HashMap<Value, Value> = HashMap::new();
    let mut folded = 0;
    for op in all_ops(m) {
        if m.parent_block(op).is_none() {
            continue;
        }
        let name = m.op_name(op).to_string();
        let Some(fold) = reg.get(&name).and_then(|d| d.fold) else { continue };
        let operands: Vec<Option<Attribute>> = m
            .op(op)
            .operands
            .iter()
            .map(|v| {
                let v = replace.get(v).copied().unwrap_or(*v);
                consts.get(&v).cloned()
            })
            .collect();
        let Some(results) = fold(m, op, &operands) else { continue };
        if CONSTANT.is(m, op) {
            if let (Some(FoldResult::Attr(a)), Some(&r)) = (results.first(), m.op(op).results.first()) {
                consts.insert(r, a.clone());
            }
            continue;
        }
        let old_results = m.op(op).results.clone();
        if results.len() != old_results.len() {
            continue;
        }
        for (r, fr) in old_results.into_iter().zip(results) {
            match fr {
                FoldResult::Value(v) => {
                    let v = replace.get(&v).copied().unwrap_or(v);
                    if m.value_type(v) == m.value_type(r) {
                        replace.insert(r, v);
                    }
                }
                FoldResult::Attr(a) => {
                    let ty = m.value_type(r).clone();
                    if a.value_type().is_some_and(|t| *t != ty) {
                        continue;
                    }
                    let Some(block) = m.parent_block(op) else { continue };
                    let index = m.block(block).ops.iter().position(|&o| o == op).unwrap_or(0);
                    let mut st = CONSTANT.state().result(ty).attr("value", a.clone());
                    st.span = m.op_span(op);
                    let c = m.create_op(st);
                    m.insert_op_at(block, index, c);
                    let cv = m.op(c).results[0];
                    consts.insert(cv, a);
                    replace.insert(r, cv);
                }
            }
        }
        folded += 1;
    }
    if !replace.is_empty() {
        for op in all_ops(m) {
            let d = m.op_mut(op);
            for v in d.operands.iter_mut().chain(d.successors.iter_mut().flat_map(|s| s.args.iter_mut())) {
                while let Some(&r) = replace.get(v) {
                    if r == *v {
                        break;
                    }
                    *v = r;
                }
            }
        }
    }
    folded
}

fn dce_pass(m: &mut Module) -> usize {
    let reg = registry();
    let ops = all_ops(m);
    let mut uses: HashMap<Value, usize> = HashMap::new();
    for &op in &ops {
        let d = m.op(op);
        for &v in d.operands.iter().chain(d.successors.iter().flat_map(|s| s.args.iter())) {
            *uses.entry(v).or_default() += 1;
        }
    }
    let mut removed = 0;
    // Reverse order: removing a user may make its operands' definers dead in the same pass.
    for &op in ops.iter().rev() {
        let d = m.op(op);
        let pure = reg.get(&d.name).is_some_and(|def| def.traits.pure);
        if !pure || !d.regions.is_empty() || d.results.iter().any(|r| uses.get(r).copied().unwrap_or(0) > 0) {
            continue;
        }
        for &v in &d.operands {
            if let Some(n) = uses.get_mut(&v) {
                *n = n.saturating_sub(1);
            }
        }
        m.erase_op(op);
        removed += 1;
    }
    removed
}
