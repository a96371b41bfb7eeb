//! SSA dominance and function isolation.
//!
//! A use of value `v` by op `u` is valid when, walking up from `u` through the ops that contain
//! it, we reach an op `a` in the region defining `v` without crossing an isolated op (a
//! function), and `v`'s definition dominates `a`: an earlier op of the same block, an argument
//! of that block, or a definition in a block dominating `a`'s block in the region's CFG. Uses in
//! unreachable blocks are not constrained (as in MLIR).

use rustc_hash::FxHashMap as HashMap;

use cranelift_entity::SecondaryMap;

use crate::dialect::registry;
use crate::ir::{Block, Diagnostic, Module, Op, Region, Value, ValueDef};

/// Dominator information of one region: immediate dominators by block, entry first.
struct RegionDoms {
    idom: HashMap<Block, Block>,
    entry: Block,
}

impl RegionDoms {
    fn compute(m: &Module, region: Region) -> Option<RegionDoms> {
        let blocks = &m.region(region).blocks;
        let entry = *blocks.first()?;
        // Reverse post-order from the entry over terminator successors.
        let mut order = Vec::new();
        let mut seen: HashMap<Block, bool> = HashMap::default();
        let mut stack = vec![(entry, 0usize)];
        seen.insert(entry, true);
        while let Some((b, i)) = stack.pop() {
            let succs: Vec<Block> =
                m.terminator(b).map(|t| m.op(t).successors.iter().map(|s| s.block).collect()).unwrap_or_default();
            if i < succs.len() {
                stack.push((b, i + 1));
                let s = succs[i];
                if !seen.contains_key(&s) && m.parent_region(s) == Some(region) {
                    seen.insert(s, true);
                    stack.push((s, 0));
                }
            } else {
                order.push(b);
            }
        }
        order.reverse();
        let rpo: HashMap<Block, usize> = order.iter().enumerate().map(|(i, &b)| (b, i)).collect();
        let mut preds: HashMap<Block, Vec<Block>> = HashMap::default();
        for &b in &order {
            if let Some(t) = m.terminator(b) {
                for s in &m.op(t).successors {
                    if rpo.contains_key(&s.block) {
                        preds.entry(s.block).or_default().push(b);
                    }
                }
            }
        }
        // Cooper, Harvey, Kennedy: "A Simple, Fast Dominance Algorithm".
        let mut idom: HashMap<Block, Block> = HashMap::default();
        idom.insert(entry, entry);
        let mut changed = true;
        while changed {
            changed = false;
            for &b in order.iter().skip(1) {
                let mut new: Option<Block> = None;
                for &p in preds.get(&b).map(Vec::as_slice).unwrap_or(&[]) {
                    if !idom.contains_key(&p) {
                        continue;
                    }
                    new = Some(match new {
                        None => p,
                        Some(mut a) => {
                            let mut c = p;
                            while a != c {
                                while rpo[&a] > rpo[&c] {
                                    a = idom[&a];
                                }
                                while rpo[&c] > rpo[&a] {
                                    c = idom[&c];
                                }
                            }
                            a
                        }
                    });
                }
                if let Some(n) = new
                    && idom.get(&b) != Some(&n)
                {
                    idom.insert(b, n);
                    changed = true;
                }
            }
        }
        Some(RegionDoms { idom, entry })
    }

    fn reachable(&self, b: Block) -> bool {
        self.idom.contains_key(&b)
    }

    /// Whether `a` dominates `b` (both reachable).
    fn dominates(&self, a: Block, mut b: Block) -> bool {
        loop {
            if a == b {
                return true;
            }
            if b == self.entry {
                return false;
            }
            match self.idom.get(&b) {
                Some(&p) => b = p,
                None => return false,
            }
        }
    }
}

pub(super) fn check(m: &Module, stop_at_first: bool) -> Vec<Diagnostic> {
    let mut cx = Checker::new(m, stop_at_first);
    for &r in &m.op(m.top()).regions {
        cx.region(r);
    }
    cx.diags
}

/// Dominance in the top-level ops `ops` of a module whose body is one block (see
/// `structure::top_is_sliceable`), as [`check`] checks them.
pub(super) fn check_slice(m: &Module, ops: &[Op], stop_at_first: bool) -> Vec<Diagnostic> {
    let mut cx = Checker::new(m, stop_at_first);
    for (i, &o) in m.block(m.top_block()).ops.iter().enumerate() {
        cx.position[o] = i as u32;
    }
    for &op in ops {
        if cx.done() {
            break;
        }
        cx.op_and_regions(op);
    }
    cx.diags
}

struct Checker<'m> {
    m: &'m Module,
    position: SecondaryMap<Op, u32>,
    doms: HashMap<Region, Option<RegionDoms>>,
    diags: Vec<Diagnostic>,
    stop_at_first: bool,
    /// The fast path: a value defined earlier in the block being walked or in a block holding
    /// it is marked with the isolation scope it was defined in; a use of a value marked with the
    /// current scope is valid. Other uses (across the blocks of a CFG, or errors) take the full
    /// check.
    defined: SecondaryMap<Value, u32>,
    scope: u32,
    scopes: u32,
}

impl Checker<'_> {
    fn new(m: &Module, stop_at_first: bool) -> Checker<'_> {
        Checker {
            m,
            position: SecondaryMap::new(),
            doms: HashMap::default(),
            diags: Vec::new(),
            stop_at_first,
            defined: SecondaryMap::new(),
            scope: 1,
            scopes: 1,
        }
    }

    fn done(&self) -> bool {
        self.stop_at_first && !self.diags.is_empty()
    }

    /// Check a region: number the ops of each block, then check each op's uses, depth first.
    fn region(&mut self, r: Region) {
        stacker::maybe_grow(64 * 1024, 2 * 1024 * 1024, || {
            let m = self.m;
            if m.region(r).blocks.len() > 1 {
                self.doms.insert(r, RegionDoms::compute(m, r));
            }
            for &b in &m.region(r).blocks {
                for (i, &o) in m.block(b).ops.iter().enumerate() {
                    self.position[o] = i as u32;
                }
            }
            for &b in &m.region(r).blocks {
                for &a in &m.block(b).args {
                    self.defined[a] = self.scope;
                }
                for &op in &m.block(b).ops {
                    if self.done() {
                        return;
                    }
                    self.op_and_regions(op);
                }
                // Leaving the block: its values are no longer known to dominate.
                for &a in &m.block(b).args {
                    self.defined[a] = 0;
                }
                for &op in &m.block(b).ops {
                    for &v in &m.op(op).results {
                        self.defined[v] = 0;
                    }
                }
            }
        });
    }

    /// An op's uses, then its regions (in a new scope if the op is isolated); then its results
    /// are defined (an op's results are not visible in its own regions).
    fn op_and_regions(&mut self, op: Op) {
        let m = self.m;
        self.op(op);
        let regions = &m.op(op).regions;
        if !regions.is_empty() {
            let outer = self.scope;
            if registry().get(m.op_name(op)).is_some_and(|d| d.traits.isolated) {
                self.scopes += 1;
                self.scope = self.scopes;
            }
            for &inner in regions {
                self.region(inner);
            }
            self.scope = outer;
        }
        for &v in &m.op(op).results {
            self.defined[v] = self.scope;
        }
    }

    fn op(&mut self, op: Op) {
        let m = self.m;
        let d = m.op(op);
        let uses = d.operands.iter().chain(d.successors.iter().flat_map(|s| s.args.iter()));
        for (i, &v) in uses.enumerate() {
            if self.defined[v] == self.scope {
                continue;
            }
            if let Some(msg) = check_use(m, &self.position, &self.doms, v, op) {
                let mut diag = Diagnostic::error(m.op_span(op), format!("operand #{i} {msg}"));
                if let Some(s) = m.value_span(v) {
                    diag = diag.with_note(Diagnostic::note(s, "operand defined here"));
                }
                self.diags.push(diag);
                if self.stop_at_first {
                    return;
                }
            }
        }
    }
}

/// Why the use of `v` by `user` is invalid, if it is.
fn check_use(
    m: &Module,
    position: &SecondaryMap<Op, u32>,
    doms: &HashMap<Region, Option<RegionDoms>>,
    v: Value,
    user: Op,
) -> Option<String> {
    let (def_block, def_pos) = match m.value(v).def {
        ValueDef::Result(d, _) => (m.parent_block(d)?, Some(position[d])),
        ValueDef::Arg(b, _) => (b, None),
        ValueDef::Detached => return Some("uses a value that is not defined by any operation or block".into()),
    };
    // The common case: a use in the defining block.
    if m.parent_block(user) == Some(def_block) {
        return match def_pos {
            Some(p) if p >= position[user] => Some("does not dominate this use".into()),
            _ => None,
        };
    }
    let def_region = m.parent_region(def_block)?;
    // Walk up from the user to the op that sits in the defining region.
    let mut a = user;
    loop {
        let b = m.parent_block(a)?;
        if m.parent_region(b) == Some(def_region) {
            break;
        }
        let parent = m.parent_op(a)?;
        if registry().get(m.op_name(parent)).is_some_and(|d| d.traits.isolated) {
            return Some(format!("uses a value defined outside of the isolated region of '{}'", m.op_name(parent)));
        }
        a = parent;
    }
    let use_block = m.parent_block(a)?;
    if use_block == def_block {
        return match def_pos {
            Some(p) if p >= position[a] => Some("does not dominate this use".into()),
            _ => None,
        };
    }
    let Some(Some(rd)) = doms.get(&def_region) else { return None };
    if !rd.reachable(use_block) {
        return None;
    }
    if rd.reachable(def_block) && rd.dominates(def_block, use_block) {
        None
    } else {
        Some("does not dominate this use".into())
    }
}
