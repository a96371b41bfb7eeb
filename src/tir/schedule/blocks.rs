//! Block primitives: `cache_read`, `cache_write`, `decompose_reduction`, with TVM's results
//! (`src/s_tir/schedule/primitive/cache_read_write.cc`, `reduction.cc` in TVM 0.27); the
//! caches for blocks in the function's root block.

use rustc_hash::FxHashMap as HashMap;

use super::tree::{self, ForParts};
use super::{BlockRV, Instruction, LoopRV, Rv, Schedule, ScheduleError, err};
use crate::tir::DataType;
use crate::tir::arith::simplify;
use crate::tir::ast::*;
use crate::tir::mutate::{Mutator, Substitute, default_expr, default_stmt};
use crate::tir::region::{coefficient, uses_var};

impl Schedule {
    /// Write a block's output into a new buffer of `scope` (`"local"`, `"global"`), copied
    /// to the original by a new block right after the block's loop nest; the new block.
    ///
    /// # Errors
    /// No write buffer at that index, a block outside the root block, or a stale handle.
    pub fn cache_write(&mut self, block: BlockRV, write_index: usize, scope: &str) -> Result<BlockRV, ScheduleError> {
        let out = self.cache(block, write_index, scope, false)?;
        self.trace.push(Instruction::CacheWrite { block, write_index, scope: scope.to_string(), out });
        Ok(out)
    }

    /// Read a block's input (at `read_index`) from a new buffer of `scope`, filled from the
    /// original by a new block right before the block's loop nest; the new block.
    ///
    /// # Errors
    /// No read buffer at that index, a block outside the root block, or a stale handle.
    pub fn cache_read(&mut self, block: BlockRV, read_index: usize, scope: &str) -> Result<BlockRV, ScheduleError> {
        let out = self.cache(block, read_index, scope, true)?;
        self.trace.push(Instruction::CacheRead { block, read_index, scope: scope.to_string(), out });
        Ok(out)
    }

    /// `cache_read` (`read`) or `cache_write`: the block accesses a new buffer of `scope`, and a
    /// copy block over the region it accesses (relaxed over its loops) fills it before the
    /// block's loop nest, or copies it back after.
    fn cache(&mut self, block: BlockRV, index: usize, scope: &str, read: bool) -> Result<BlockRV, ScheduleError> {
        let p: &'static str = if read { "cache_read" } else { "cache_write" };
        let site = self.block_site(block, p)?;
        let StmtKind::BlockRealize { block: blk, .. } = site.realize.kind() else { unreachable!("a block site") };
        let regions = if read { &blk.reads } else { &blk.writes };
        let Some(original) = regions.get(index).map(|r| r.buffer.clone()) else {
            let what = if read { "read" } else { "write" };
            return Err(err(p, format!("block {} has no {what} buffer at index {index}", blk.name)));
        };
        let (root_block, children, at) = self.root_child_of(&site.realize, p)?;
        // The region the block accesses, over every loop of its nest: the copy's domain.
        let region = relaxed_region(&site, &regions[index], &site.loops).ok_or_else(|| {
            err(p, format!("the region block {} accesses is not a constant box (not supported yet)", blk.name))
        })?;
        let mut spec =
            BufferSpec::new(&format!("{}_{scope}", original.name()), original.dtype(), original.shape().to_vec());
        spec.scope = scope.to_string();
        let cache = spec.build();
        // The block now accesses the cache.
        let renamed = replace_buffer_in_block(&site.realize, &original, &cache);
        let new_child = replace_stmt(&children[at], &site.realize, &renamed);
        // The copy: for ax.. : with block(name_scope): v.. = ax..; dst[v..] = src[v..]
        let (src, dst) = if read { (&original, &cache) } else { (&cache, &original) };
        let dt = original.shape().first().map_or(DataType::INT32, PrimExpr::dtype);
        let n = region.len();
        let loop_vars: Vec<Var> = (0..n).map(|d| Var::new(&format!("ax{d}"), dt)).collect();
        let iter_vars: Vec<IterVar> = region
            .iter()
            .enumerate()
            .map(|(d, (min, ext))| IterVar {
                dom: Some(Range::new(PrimExpr::int_of(*min, dt), PrimExpr::int_of(*ext, dt))),
                var: Var::new(&format!("v{d}"), dt),
                iter_type: IterType::DataPar,
                thread_tag: String::new(),
            })
            .collect();
        let point: Vec<PrimExpr> = iter_vars.iter().map(|iv| PrimExpr::var(&iv.var)).collect();
        let unit = |b: &Buffer| BufferRegion {
            buffer: b.clone(),
            region: point.iter().map(|p| Range::new(p.clone(), PrimExpr::int_of(1, dt))).collect(),
        };
        let copy = Block {
            iter_vars: iter_vars.clone(),
            reads: vec![unit(src)],
            writes: vec![unit(dst)],
            ..Block::new(&format!("{}_{scope}", original.name()), dst.store(point.clone(), src.load(point.clone())))
        };
        let values: Vec<PrimExpr> = loop_vars
            .iter()
            .zip(&region)
            .map(|(v, (min, _))| simplify(&PrimExpr::binary(BinOp::Add, PrimExpr::var(v), PrimExpr::int_of(*min, dt))))
            .collect();
        let mut nest = Stmt::block(values, copy);
        for (v, (_, ext)) in loop_vars.iter().zip(&region).rev() {
            nest = Stmt::for_range(v, PrimExpr::int_of(0, dt), PrimExpr::int_of(*ext, dt), nest);
        }
        let mut kids = children;
        kids[at] = new_child;
        kids.insert(if read { at } else { at + 1 }, nest);
        let mut root = root_block;
        root.alloc_buffers.push(cache.clone());
        root.body = Stmt::seq(kids);
        self.set_root(root);
        Ok(self.new_block_rv(&format!("{}_{scope}", original.name())))
    }

    /// Split a reduction block into an init block (`NAME_init`, before loop `l`, under copies
    /// of the loops between `l` and the block that its spatial variables use) and an update
    /// block (`NAME_update`, the block without its init); the init block.
    ///
    /// # Errors
    /// A block without init, a loop that is not above the block, a predicated block, or stale
    /// handles.
    pub fn decompose_reduction(&mut self, block: BlockRV, l: LoopRV) -> Result<BlockRV, ScheduleError> {
        const P: &str = "decompose_reduction";
        let site = self.block_site(block, P)?;
        let StmtKind::BlockRealize { values, predicate, block: blk } = site.realize.kind() else {
            unreachable!("a block site")
        };
        let Some(init) = blk.init.clone() else {
            return Err(err(P, format!("block {} has no init: it is not a reduction block", blk.name)));
        };
        if predicate.as_int() != Some(1) {
            return Err(err(P, format!("block {} has a predicate (not supported yet)", blk.name)));
        }
        let (_, loop_stmt) = self.loop_site(l, P)?;
        let lp = ForParts::of(&loop_stmt).ok_or_else(|| err(P, "not a loop"))?;
        let Some(pos) = site.loops.iter().position(|s| ForParts::of(s).is_some_and(|p| p.var.id() == lp.var.id()))
        else {
            return Err(err(P, format!("loop {} is not above block {}", lp.var.name(), blk.name)));
        };
        // Loops from `l` down that spatial bindings use get an `_init` copy.
        let spatial: Vec<(usize, &IterVar)> =
            blk.iter_vars.iter().enumerate().filter(|(_, iv)| iv.iter_type == IterType::DataPar).collect();
        let mut copies: Vec<ForParts> = Vec::new();
        let mut map: HashMap<u64, PrimExpr> = HashMap::default();
        for s in &site.loops[pos..] {
            let p = ForParts::of(s).ok_or_else(|| err(P, "not a loop"))?;
            let used = spatial.iter().any(|(k, _)| uses_var(&values[*k], p.var.id()));
            let reduce_used = blk
                .iter_vars
                .iter()
                .zip(values)
                .any(|(iv, v)| iv.iter_type != IterType::DataPar && uses_var(v, p.var.id()));
            if used && !reduce_used {
                let v = Var::at(&format!("{}_init", p.var.name()), p.var.ty().clone(), p.var.span());
                map.insert(p.var.id(), PrimExpr::var(&v));
                copies.push(ForParts { var: v, ..p });
            }
        }
        // The init block: fresh spatial variables, bindings over the copies.
        let mut iv_map: HashMap<u64, PrimExpr> = HashMap::default();
        let mut init_ivs = Vec::new();
        let mut init_values = Vec::new();
        for (k, iv) in &spatial {
            let v = Var::at(iv.var.name(), iv.var.ty().clone(), iv.var.span());
            iv_map.insert(iv.var.id(), PrimExpr::var(&v));
            init_ivs.push(IterVar { var: v, ..(*iv).clone() });
            init_values.push(simplify(&Substitute { map: &map }.expr(&values[*k])));
        }
        let init_body = Substitute { map: &iv_map }.stmt(&init);
        let init_writes: Vec<BufferRegion> = blk.writes.iter().map(|r| substitute_region(r, &iv_map)).collect();
        let init_name = format!("{}_init", blk.name);
        let init_block =
            Block { iter_vars: init_ivs, reads: Vec::new(), writes: init_writes, ..Block::new(&init_name, init_body) };
        let mut init_nest = Stmt::block(init_values, init_block);
        for mut c in copies.into_iter().rev() {
            c.body = init_nest;
            c.annotations = Vec::new();
            init_nest = c.build();
        }
        // The update block: no init; it reads what it writes.
        let update_name = format!("{}_update", blk.name);
        let mut reads = blk.writes.clone();
        reads.extend(blk.reads.iter().filter(|r| !blk.writes.iter().any(|w| same_region(w, r))).cloned());
        let update = Block { name: update_name.clone(), init: None, reads, ..(**blk).clone() };
        let update_realize = Stmt::at(
            StmtKind::BlockRealize { values: values.clone(), predicate: predicate.clone(), block: Box::new(update) },
            site.realize.span(),
        );
        let body = replace_stmt(&self.func.body, &site.realize, &update_realize);
        // The init nest goes right before loop `l`.
        let (_, new_loop) = tree::find_loop(&body, lp.var.id()).ok_or_else(|| err(P, "loop not found"))?;
        let pair = Stmt::seq(vec![init_nest, new_loop.clone()]);
        self.func.body = insert_before(&body, &new_loop, pair);
        let old = blk.name.clone();
        for rv in &mut self.rvs {
            if matches!(rv, Rv::Block(n) if *n == old) {
                *rv = Rv::Block(update_name.clone());
            }
        }
        let out = self.new_block_rv(&init_name);
        self.trace.push(Instruction::DecomposeReduction { block, l, out });
        Ok(out)
    }

    /// The function's root block, the statements of its body, and which of them holds
    /// `realize`.
    pub(super) fn root_child_of(
        &self,
        realize: &Stmt,
        primitive: &'static str,
    ) -> Result<(Block, Vec<Stmt>, usize), ScheduleError> {
        let StmtKind::BlockRealize { block: root, .. } = self.func.body.kind() else {
            return Err(err(primitive, "the function has no root block (not in block form)"));
        };
        let children = match root.body.kind() {
            StmtKind::Seq(v) => v.clone(),
            _ => vec![root.body.clone()],
        };
        let at = children
            .iter()
            .position(|c| {
                let mut found = false;
                crate::tir::visit::walk_stmts(c, &mut |s| found |= s.same_node(realize));
                found
            })
            .ok_or_else(|| err(primitive, "the block is not in the function's root block (not supported yet)"))?;
        // A block inside another block than the root is not supported.
        let mut nested = false;
        tree::walk_blocks(&children[at], &mut Vec::new(), &mut |_, r, _| {
            if !r.same_node(realize) && {
                let mut inside = false;
                crate::tir::visit::walk_stmts(r, &mut |s| inside |= s.same_node(realize));
                inside
            } {
                nested = true;
            }
        });
        if nested {
            return Err(err(primitive, "the block is nested in another block than the root (not supported yet)"));
        }
        Ok(((**root).clone(), children, at))
    }

    pub(super) fn set_root(&mut self, root: Block) {
        let StmtKind::BlockRealize { values, predicate, .. } = self.func.body.kind() else { return };
        self.func.body = Stmt::at(
            StmtKind::BlockRealize { values: values.clone(), predicate: predicate.clone(), block: Box::new(root) },
            self.func.body.span(),
        );
    }
}

/// The box a block's region covers as its loops (`loops`) run: per dimension, a constant
/// minimum and extent.
fn relaxed_region(site: &tree::BlockSite, region: &BufferRegion, loops: &[Stmt]) -> Option<Vec<(i64, i64)>> {
    symbolic_region(site, region, loops, &[])?.into_iter().map(|(min, ext)| Some((min.as_int()?, ext))).collect()
}

/// The box a block's region covers as `loops` run (the `outer` loops stay symbolic, except
/// that one of extent 1 is its minimum, as TVM's analyzer knows): per dimension, a minimum
/// expression and a constant extent.
pub(super) fn symbolic_region(
    site: &tree::BlockSite,
    region: &BufferRegion,
    loops: &[Stmt],
    outer: &[ForParts],
) -> Option<Vec<(PrimExpr, i64)>> {
    let StmtKind::BlockRealize { values, block, .. } = site.realize.kind() else { return None };
    let bind: HashMap<u64, PrimExpr> =
        block.iter_vars.iter().zip(values).map(|(iv, v)| (iv.var.id(), v.clone())).collect();
    let relaxed: Vec<ForParts> = loops.iter().filter_map(ForParts::of).collect();
    let unit: HashMap<u64, PrimExpr> =
        outer.iter().filter(|p| p.extent.as_int() == Some(1)).map(|p| (p.var.id(), p.min.clone())).collect();
    region
        .region
        .iter()
        .map(|r| {
            let ext_r = r.extent.as_int()?;
            let e = Substitute { map: &unit }.expr(&Substitute { map: &bind }.expr(&r.min));
            let mut lo = HashMap::default();
            let mut extent = ext_r;
            for p in &relaxed {
                let c = coefficient(&e, p.var.id())?;
                let (min, n) = (p.min.as_int()?, p.extent.as_int().filter(|&n| n >= 1)?);
                let last = min.checked_add(n - 1)?;
                lo.insert(p.var.id(), PrimExpr::int_of(if c >= 0 { min } else { last }, p.var.dtype()));
                extent = extent.checked_add(c.checked_abs()?.checked_mul(n - 1)?)?;
            }
            Some((simplify(&Substitute { map: &lo }.expr(&e)), extent))
        })
        .collect()
}

fn substitute_region(r: &BufferRegion, map: &HashMap<u64, PrimExpr>) -> BufferRegion {
    BufferRegion {
        buffer: r.buffer.clone(),
        region: r
            .region
            .iter()
            .map(|x| Range::new(Substitute { map }.expr(&x.min), Substitute { map }.expr(&x.extent)))
            .collect(),
    }
}

pub(super) fn same_region(a: &BufferRegion, b: &BufferRegion) -> bool {
    let print = crate::tir::script::print_expr;
    a.buffer == b.buffer
        && a.region.len() == b.region.len()
        && a.region
            .iter()
            .zip(&b.region)
            .all(|(x, y)| print(&x.min) == print(&y.min) && print(&x.extent) == print(&y.extent))
}

/// `realize` (or any statement) with every access to `from` (loads, stores, regions,
/// allocations) made to `to`.
pub(super) fn replace_buffer_in_block(realize: &Stmt, from: &Buffer, to: &Buffer) -> Stmt {
    struct R<'a> {
        from: &'a Buffer,
        to: &'a Buffer,
    }
    impl Mutator for R<'_> {
        fn expr(&mut self, e: &PrimExpr) -> PrimExpr {
            let e = default_expr(self, e);
            match e.kind() {
                ExprKind::BufferLoad(b, idx) if b == self.from => self.to.load(idx.clone()),
                _ => e,
            }
        }
        fn stmt(&mut self, s: &Stmt) -> Stmt {
            let s = default_stmt(self, s);
            match s.kind() {
                StmtKind::BufferStore { buffer, value, indices } if buffer == self.from => Stmt::at(
                    StmtKind::BufferStore { buffer: self.to.clone(), value: value.clone(), indices: indices.clone() },
                    s.span(),
                ),
                StmtKind::BlockRealize { values, predicate, block } => {
                    let fix = |rs: &[BufferRegion]| -> Vec<BufferRegion> {
                        rs.iter()
                            .map(|r| {
                                if &r.buffer == self.from {
                                    BufferRegion { buffer: self.to.clone(), ..r.clone() }
                                } else {
                                    r.clone()
                                }
                            })
                            .collect()
                    };
                    let allocs = block
                        .alloc_buffers
                        .iter()
                        .map(|b| if b == self.from { self.to.clone() } else { b.clone() })
                        .collect();
                    let b = Block {
                        reads: fix(&block.reads),
                        writes: fix(&block.writes),
                        alloc_buffers: allocs,
                        ..(**block).clone()
                    };
                    Stmt::at(
                        StmtKind::BlockRealize {
                            values: values.clone(),
                            predicate: predicate.clone(),
                            block: Box::new(b),
                        },
                        s.span(),
                    )
                }
                _ => s,
            }
        }
    }
    R { from, to }.stmt(realize)
}

/// `root` with the statement `old` (by identity) replaced by `new`.
pub(super) fn replace_stmt(root: &Stmt, old: &Stmt, new: &Stmt) -> Stmt {
    struct R<'a> {
        old: &'a Stmt,
        new: &'a Stmt,
    }
    impl Mutator for R<'_> {
        fn expr(&mut self, e: &PrimExpr) -> PrimExpr {
            e.clone()
        }
        fn stmt(&mut self, s: &Stmt) -> Stmt {
            if s.same_node(self.old) {
                return self.new.clone();
            }
            stacker::maybe_grow(64 * 1024, 1024 * 1024, || default_stmt(self, s))
        }
    }
    R { old, new }.stmt(root)
}

/// `root` with `target` replaced by `with` (which holds `target`), flattening it into the
/// enclosing statement list when there is one.
fn insert_before(root: &Stmt, target: &Stmt, with: Stmt) -> Stmt {
    struct R<'a> {
        target: &'a Stmt,
        with: Option<Stmt>,
    }
    impl Mutator for R<'_> {
        fn expr(&mut self, e: &PrimExpr) -> PrimExpr {
            e.clone()
        }
        fn stmt(&mut self, s: &Stmt) -> Stmt {
            if let StmtKind::Seq(items) = s.kind()
                && let Some(i) = items.iter().position(|x| x.same_node(self.target))
                && let Some(w) = self.with.take()
            {
                let mut out = items[..i].to_vec();
                match w.kind() {
                    StmtKind::Seq(v) => out.extend(v.iter().cloned()),
                    _ => out.push(w),
                }
                out.extend(items[i + 1..].iter().cloned());
                return Stmt::at(StmtKind::Seq(out), s.span());
            }
            if s.same_node(self.target) {
                return self.with.take().unwrap_or_else(|| s.clone());
            }
            stacker::maybe_grow(64 * 1024, 1024 * 1024, || default_stmt(self, s))
        }
    }
    R { target, with: Some(with) }.stmt(root)
}
