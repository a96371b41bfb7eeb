//! `rolling_buffer`: a tiled producer's buffer shrunk along one dimension to the window a
//! tile needs, indexed modulo that window, with the rows consecutive tiles share computed
//! once (TVM 0.27's `rolling_buffer.cc`).
//!
//! The write region of the block, relaxed over the loops below the lowest loop holding it and
//! its consumers, must have a dimension whose start is `v * stride` (or `v * stride // d`) of
//! an outer loop variable `v` with a window larger than the stride: the first such variable
//! in loop order picks the rolling dimension. Every access to the buffer then goes modulo the
//! window along it, every block's iteration variable at that position becomes opaque (as TVM
//! does, by position), and the writer gets the predicate `v < 1 or overlap <= inner` per
//! overlapping dimension, so that a tile after the first computes only its new rows.

use rustc_hash::FxHashMap as HashMap;

use super::tree::{self, BlockSite, ForParts};
use super::{BlockRV, Instruction, Schedule, ScheduleError, err};
use crate::tir::arith::simplify;
use crate::tir::ast::*;
use crate::tir::mutate::{Mutator, Substitute, default_expr, default_stmt};

const P: &str = "rolling_buffer";

impl Schedule {
    /// Make the buffer `block` writes at `write_buffer_index` a rolling buffer.
    ///
    /// # Errors
    /// An output block, a block with other than read-after-write dependencies, a block and
    /// consumers whose lowest common ancestor is not a loop (not tiled together), a region
    /// with no dimension that rolls, or a stale handle.
    pub fn rolling_buffer(&mut self, block: BlockRV, write_buffer_index: usize) -> Result<(), ScheduleError> {
        self.roll(block, write_buffer_index)?;
        self.trace.push(Instruction::RollingBuffer { block, index: write_buffer_index });
        Ok(())
    }

    fn roll(&mut self, block: BlockRV, index: usize) -> Result<(), ScheduleError> {
        let site = self.block_site(block, P)?;
        let StmtKind::BlockRealize { block: blk, values, .. } = site.realize.kind() else {
            unreachable!("a block site")
        };
        let name = &blk.name;
        let region = tree::region_at(blk, false, index, P)?.clone();
        let buffer = region.buffer.clone();
        if blk.writes.iter().any(|w| self.func.buffer_map.iter().any(|(_, b)| *b == w.buffer)) {
            return Err(err(P, format!("The block {name} is an output block")));
        }
        // The block's scope: the function's root or a block it is nested in (TVM's scope root).
        let Some(scope) = tree::scope_of(&self.func.body, &site.realize) else {
            return Err(err(P, format!("block {name} is not in a block scope")));
        };
        // Every reader must be in the scope: the buffer is the scope's own (the root's buffers
        // are the function's, and an output is refused above).
        if let StmtKind::BlockRealize { block: sb, .. } = scope.kind()
            && !scope.same_node(&self.func.body)
            && !sb.alloc_buffers.contains(&buffer)
        {
            return Err(err(
                P,
                format!(
                    "The block {name} is an output block (its scope block {} does not allocate {})",
                    sb.name,
                    buffer.name()
                ),
            ));
        }
        // Only read-after-write dependencies: nobody else in the scope writes what it writes,
        // nobody before it reads what it writes, nobody after it writes what it reads.
        let mut order: Vec<(Vec<Stmt>, Stmt, Block)> = Vec::new();
        tree::walk_blocks(&scope, &mut Vec::new(), &mut |loops, realize, b| {
            if !realize.same_node(&scope) {
                order.push((loops.to_vec(), realize.clone(), b.clone()));
            }
        });
        let Some(me) = order.iter().position(|(_, r, _)| r.same_node(&site.realize)) else {
            unreachable!("the block is in its scope")
        };
        // The loops between the scope and the block (those above the scope are not tiles).
        let my_loops = order[me].0.clone();
        let touches =
            |list: &[BufferRegion], of: &[BufferRegion]| list.iter().any(|x| of.iter().any(|y| y.buffer == x.buffer));
        for (k, (_, _, b)) in order.iter().enumerate() {
            if k == me {
                continue;
            }
            let waw = touches(&b.writes, &blk.writes);
            let war = (k < me && touches(&b.reads, &blk.writes)) || (k > me && touches(&b.writes, &blk.reads));
            if waw || war {
                return Err(err(P, format!("The target block {name} is required to have only RAW dependencies")));
            }
        }
        // The lowest loop holding the block and the blocks reading its buffer.
        let mut common: Vec<u64> = my_loops.iter().filter_map(ForParts::of).map(|f| f.var.id()).collect();
        for (loops, _, b) in &order {
            if b.reads.iter().any(|r| r.buffer == buffer) {
                let ids: Vec<u64> = loops.iter().filter_map(ForParts::of).map(|f| f.var.id()).collect();
                let n = common.iter().zip(&ids).take_while(|(a, b)| a == b).count();
                common.truncate(n);
            }
        }
        if common.is_empty() {
            return Err(err(
                P,
                format!(
                    "rolling_buffer injection is invalid. The block {name} should be tiled so that the lca of the access location of the target buffer {} is a for loop. ",
                    buffer.name()
                ),
            ));
        }
        let below: Vec<Stmt> = my_loops[common.len()..].to_vec();
        let at = BlockSite { loops: site.loops.clone(), realize: site.realize.clone() };
        let no_match = || {
            err(
                P,
                format!(
                    "The target buffer {} of block {name} should have at least one dimension range that matches a rolling pattern such as hh.outer * stride + hh.inner",
                    buffer.name()
                ),
            )
        };
        let relaxed = super::blocks::symbolic_region(&at, &region, &below, &[], None).ok_or_else(no_match)?;
        // Per dimension: the outer variable it rolls with and the overlap of consecutive tiles.
        let mut rolls: Vec<Option<(Var, i64)>> = Vec::new();
        for (min, extent) in &relaxed {
            let (var, stride) = match min.kind() {
                ExprKind::Var(v) => (Some(v.clone()), 1),
                ExprKind::Binary(BinOp::Mul, a, s) => match (a.as_var(), s.as_int()) {
                    (Some(v), Some(s)) => (Some(v.clone()), s),
                    _ => return Err(no_match()),
                },
                ExprKind::Binary(BinOp::FloorDiv, m, d) => match (m.kind(), d.as_int()) {
                    (ExprKind::Binary(BinOp::Mul, a, s), Some(d)) if d > 0 => match (a.as_var(), s.as_int()) {
                        (Some(v), Some(s)) => (Some(v.clone()), s.saturating_add(d - 1).div_euclid(d)),
                        _ => return Err(no_match()),
                    },
                    _ => return Err(no_match()),
                },
                ExprKind::IntImm(_) => (None, 0),
                _ => return Err(no_match()),
            };
            // Tiles must move forward: a stride below 1 has no new rows for the predicate to keep.
            let overlap = extent.saturating_sub(stride);
            rolls.push(var.filter(|_| overlap > 0 && stride >= 1).map(|v| (v, overlap)));
        }
        let loops: Vec<ForParts> = my_loops.iter().filter_map(ForParts::of).collect();
        // Each tile reuses rows the previous one computed: its loop must run in order.
        for f in &loops {
            if rolls.iter().flatten().any(|(v, _)| *v == f.var)
                && !matches!(f.kind, ForKind::Serial | ForKind::Unrolled)
            {
                return Err(err(
                    P,
                    format!(
                        "loop {} does not run its iterations in order: a rolling buffer reuses what the previous tile computed",
                        f.var.name()
                    ),
                ));
            }
        }
        let axis = loops
            .iter()
            .find_map(|f| rolls.iter().position(|r| r.as_ref().is_some_and(|(v, _)| *v == f.var)))
            .ok_or_else(no_match)?;
        let window = relaxed[axis].1;
        let mut shape = buffer.shape().to_vec();
        let dt = shape[axis].dtype();
        shape[axis] = PrimExpr::int_of(window, dt);
        let mut spec = BufferSpec::new(buffer.name(), buffer.dtype(), shape);
        spec.scope = buffer.scope().to_string();
        spec.span = buffer.span();
        let new = spec.build();
        // The writer computes only what the previous tile did not.
        let StmtKind::BlockRealize { predicate, .. } = site.realize.kind() else { unreachable!("a realize") };
        let mut pred = predicate.clone();
        for (i, r) in rolls.iter().enumerate() {
            let (Some((v, overlap)), Some(value)) = (r, values.get(i)) else { continue };
            let zero: HashMap<u64, PrimExpr> = HashMap::from_iter([(v.id(), PrimExpr::int_of(0, v.dtype()))]);
            let inner = simplify(&Substitute { map: &zero }.expr(value));
            let cond = PrimExpr::or(
                PrimExpr::cmp(CmpOp::Lt, PrimExpr::var(v), PrimExpr::int_of(1, v.dtype())),
                PrimExpr::cmp(CmpOp::Le, PrimExpr::int_of(*overlap, inner.dtype()), inner),
            );
            pred = if pred.as_int() == Some(1) { cond } else { PrimExpr::and(pred, cond) };
        }
        let writer = Stmt::at(
            StmtKind::BlockRealize { values: values.clone(), predicate: pred, block: blk.clone() },
            site.realize.span(),
        );
        let body = super::blocks::replace_stmt(&self.func.body, &site.realize, &writer);
        let mut roll = Roll { old: &buffer, new: &new, axis, window: PrimExpr::int_of(window, dt), root: true };
        let before = std::mem::replace(&mut self.func.body, roll.stmt(&body));
        self.rolled.push(new.data().clone());
        // A loop made parallel before (another overlapping tile loop) now shares the buffer.
        let mut racing = None;
        crate::tir::visit::walk_stmts(&self.func.body, &mut |s| {
            if let Some(f) = ForParts::of(s)
                && !matches!(f.kind, ForKind::Serial | ForKind::Unrolled)
                && racing.is_none()
            {
                racing =
                    self.shared_rolling_write(&f.var, f.extent.as_int(), &f.body).map(|_| f.var.name().to_string());
            }
        });
        if let Some(l) = racing {
            self.func.body = before;
            self.rolled.pop();
            return Err(err(
                P,
                format!(
                    "loop {l} runs its iterations at once, and they would share the elements of the rolling buffer {}",
                    buffer.name()
                ),
            ));
        }
        Ok(())
    }

    /// A block under loop `l` (of `extent` iterations) writing a rolling buffer that two
    /// iterations of `l` would both write, were they run at once: the block's and the buffer's
    /// names. Iterations may run at once only when each writes its own slice of the buffer (a
    /// dimension its variable moves by at least the region's extent, a channel say); the rolling
    /// dimension, indexed modulo the window, and overlapping tiles never give one.
    pub(super) fn shared_rolling_write(&self, l: &Var, extent: Option<i64>, body: &Stmt) -> Option<(String, String)> {
        if self.rolled.is_empty() || extent == Some(1) {
            return None;
        }
        let mut found = None;
        let outer = tree::outer_blocks(body);
        tree::walk_blocks(body, &mut Vec::new(), &mut |loops, realize, block| {
            let StmtKind::BlockRealize { values, .. } = realize.kind() else { return };
            let bindings: HashMap<u64, PrimExpr> =
                block.iter_vars.iter().zip(values).map(|(iv, v)| (iv.var.id(), v.clone())).collect();
            // The loops between `l` and the block, each iteration of `l` runs all of them (a
            // block in between hides some: then no slice is known to be its own).
            let inner: Vec<ForParts> = loops.iter().filter_map(ForParts::of).collect();
            let direct = outer.iter().any(|(_, r, _)| r.same_node(realize));
            for w in &block.writes {
                if found.is_some() || !self.rolled.iter().any(|d| d == w.buffer.data()) {
                    continue;
                }
                // One iteration of `l` writes, along a dimension, `extent` elements from
                // `a * l + ...`: its own slice when the next iteration starts past them.
                let own_slice = direct
                    && w.region.iter().any(|r| {
                        let min = simplify(&Substitute { map: &bindings }.expr(&r.min));
                        let Some(a) = crate::tir::region::coefficient(&min, l.id()) else { return false };
                        let mut span = r.extent.as_int().map(i128::from);
                        for f in &inner {
                            let step = crate::tir::region::coefficient(&min, f.var.id()).map(i128::from);
                            span = match (span, step, f.extent.as_int()) {
                                // Checked: huge extents and strides make no known slice.
                                (Some(s), Some(c), Some(n)) => {
                                    c.abs().checked_mul(i128::from(n.max(1)) - 1).and_then(|d| s.checked_add(d))
                                }
                                _ => None,
                            };
                        }
                        span.is_some_and(|e| a != 0 && i128::from(a).abs() >= e)
                    });
                if !own_slice {
                    found = Some((block.name.clone(), w.buffer.name().to_string()));
                }
            }
        });
        found
    }
}

/// Accesses of the buffer made modulo the window, the buffer swapped, blocks' iteration
/// variables at the rolling position made opaque and their regions of it inferred again.
struct Roll<'a> {
    old: &'a Buffer,
    new: &'a Buffer,
    axis: usize,
    window: PrimExpr,
    /// The next block met is the root.
    root: bool,
}

impl Roll<'_> {
    fn indices(&self, idx: &[PrimExpr]) -> Vec<PrimExpr> {
        idx.iter()
            .enumerate()
            .map(|(k, i)| {
                if k == self.axis {
                    PrimExpr::binary(BinOp::FloorMod, i.clone(), self.window.clone())
                } else {
                    i.clone()
                }
            })
            .collect()
    }
}

impl Mutator for Roll<'_> {
    fn expr(&mut self, e: &PrimExpr) -> PrimExpr {
        let e = default_expr(self, e);
        match e.kind() {
            ExprKind::BufferLoad(b, idx) if b == self.old => self.new.load(self.indices(idx)),
            _ => e,
        }
    }

    fn stmt(&mut self, s: &Stmt) -> Stmt {
        let is_root = self.root && matches!(s.kind(), StmtKind::BlockRealize { .. });
        if is_root {
            self.root = false;
        }
        let s = stacker::maybe_grow(64 * 1024, 1024 * 1024, || default_stmt(self, s));
        match s.kind() {
            StmtKind::BufferStore { buffer, value, indices } if buffer == self.old => Stmt::at(
                StmtKind::BufferStore {
                    buffer: self.new.clone(),
                    value: value.clone(),
                    indices: self.indices(indices),
                },
                s.span(),
            ),
            StmtKind::BlockRealize { values, predicate, block } => {
                let mut b = (**block).clone();
                b.alloc_buffers =
                    b.alloc_buffers.iter().map(|x| if x == self.old { self.new.clone() } else { x.clone() }).collect();
                if !is_root {
                    if let Some(iv) = b.iter_vars.get_mut(self.axis) {
                        iv.iter_type = IterType::Opaque;
                    }
                    let (reads, writes) = crate::tir::region::infer_regions(&b);
                    let fix = |list: &[BufferRegion], inferred: &[BufferRegion]| -> Vec<BufferRegion> {
                        list.iter()
                            .map(|r| {
                                if &r.buffer == self.old {
                                    inferred
                                        .iter()
                                        .find(|x| &x.buffer == self.new)
                                        .cloned()
                                        .unwrap_or_else(|| r.clone())
                                } else {
                                    r.clone()
                                }
                            })
                            .collect()
                    };
                    b.reads = fix(&b.reads, &reads);
                    b.writes = fix(&b.writes, &writes);
                }
                Stmt::at(
                    StmtKind::BlockRealize { values: values.clone(), predicate: predicate.clone(), block: Box::new(b) },
                    s.span(),
                )
            }
            _ => s,
        }
    }
}
