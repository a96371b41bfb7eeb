//! Schedules: TVM's scheduling primitives on a PrimFunc, with a trace that prints as the Python
//! a TVM user writes and replays in Strata ([`Schedule::replay`]) and in TVM.
//!
//! A [`Schedule`] owns the function it transforms and hands out handles that stay valid across
//! primitives, as TVM's random variables do: a [`BlockRV`] names a block (blocks keep their
//! names), a [`LoopRV`] a loop (by its variable, which every primitive that keeps the loop keeps;
//! a loop a primitive replaces, such as a split one, is gone and its handle is refused).
//! Primitives check TVM's legality rules and return a [`ScheduleError`] naming the rule and the
//! loop or block; they never produce a wrong kernel silently.
//!
//! ```
//! use strata::tir::schedule::Schedule;
//! let m = strata::tir::parse_script(include_str!("../../../jit-tests/tir/script/matmul256.py"))?;
//! let mut sch = Schedule::new(m.funcs[0].clone());
//! let c = sch.get_block("C")?;
//! let [i, j, _k] = sch.get_loops(c)?[..] else { unreachable!() };
//! let ij = sch.fuse(&[i, j])?;
//! sch.parallel(ij)?;
//! assert!(sch.trace().contains("l4 = sch.fuse(l1, l2, preserve_unit_iters=True)"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Implemented so far: `get_block` (`get_sblock`), `get_loops`, `get_child_blocks`,
//! `get_producers`, `get_consumers`, `get_output_blocks`, `split`
//! (with TVM's `T.where` predicate for factors that do not divide, unless
//! `disable_predication`), `fuse`, `reorder`, `merge`, `loop_partition`,
//! `parallel`, `vectorize`, `unroll`, `bind`, `annotate`, `unannotate`, `set_scope`,
//! `storage_align`, `compute_at` and `reverse_compute_at` (with `preserve_unit_loops` and
//! `index`, regions united over the blocks under the loop and clipped to the block's domain
//! by a predicate, from any scope block), `blockize`, `compute_inline`,
//! `reverse_compute_inline`, `decompose_reduction`, `decompose_padding` (and
//! `can_decompose_padding`), `pad_einsum`, `cache_read` and `cache_write` (placed as
//! TVM places them, in the block's scope, compacted in a nested one), `transform_layout` and
//! `transform_block_layout` (bijective affine maps), `reindex_cache_read`,
//! `reindex_cache_write` (any scope block), `annotate_buffer_access`,
//! `unsafe_hide_buffer_access`, `add_unit_loop`,
//! `rfactor` and `reindex` (in the block's scope: the root or the block it is nested in),
//! `cache_index`, `cache_inplace`, `tensorize` (with [`TensorIntrin`]s
//! registered on the schedule); the sampling primitives `sample_perfect_tile`,
//! `sample_categorical` and `sample_compute_location`
//! (seeded, decisions in the trace). Blocks carry their regions (`T.reads`/`T.writes`),
//! inferred by the reader where a script leaves them out ([`crate::tir::region`]). A
//! function whose body is one block without iteration variables has that block as its root
//! (as TVM's parser takes it); any other function with blocks gets a root block `root`.

mod affine_binding;
mod blockize;
mod blocks;
mod cache_index;
mod cache_inplace;
mod compute_at;
mod epilogue;
mod index_dtype;
mod inline;
mod iter_map;
mod layout;
mod layout_padding;
mod loops;
mod misc;
mod pad_einsum;
mod padding;
mod partition;
mod radix;
mod read_write_at;
mod reindex;
mod reindex_cache;
mod rfactor;
mod rolling_buffer;
mod sample;
mod stage_pipeline;
mod tensorize;
mod trace;
mod tree;

use crate::tir::ast::*;
pub use compute_at::ComputeAtOptions;
pub use layout::{IndexMap, LayoutPadding};
pub use loops::SplitOptions;
pub use misc::AccessRanges;
pub use sample::SplitMix;
pub use tensorize::TensorIntrin;
pub use trace::{Instruction, ReplayError};
pub(crate) use tree::walk_blocks;

/// A handle to a block of a schedule's function (TVM's `BlockRV`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BlockRV(usize);

/// A handle to a loop of a schedule's function (TVM's `LoopRV`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LoopRV(usize);

/// A handle to a sampled integer (TVM's `ExprRV`, from `sample_perfect_tile` or
/// `sample_categorical`): usable as a split factor or an annotation value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ExprRV(usize);

/// A split factor: a constant, the one inferred factor (`None` in TVM), or a sampled value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Factor {
    /// Inferred from the extent and the other factors.
    Inferred,
    /// A constant.
    Const(i64),
    /// A sampled value.
    Sampled(ExprRV),
}

impl From<Option<i64>> for Factor {
    fn from(f: Option<i64>) -> Factor {
        f.map_or(Factor::Inferred, Factor::Const)
    }
}

impl From<ExprRV> for Factor {
    fn from(v: ExprRV) -> Factor {
        Factor::Sampled(v)
    }
}

/// An annotation value: a constant or a sampled value.
#[derive(Clone, Debug)]
pub enum AnnValue {
    /// A constant.
    Const(AttrValue),
    /// A sampled integer.
    Sampled(ExprRV),
}

/// A block or a loop (what `annotate` takes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BlockOrLoop {
    /// A block.
    Block(BlockRV),
    /// A loop.
    Loop(LoopRV),
}

/// A primitive that cannot be applied: which primitive, and which rule fails.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{primitive}: {message}")]
pub struct ScheduleError {
    /// The primitive (`split`, `fuse`, ...).
    pub primitive: &'static str,
    /// The rule that fails, naming the block or loop.
    pub message: String,
}

fn err(primitive: &'static str, message: impl Into<String>) -> ScheduleError {
    ScheduleError { primitive, message: message.into() }
}

/// What a handle refers to.
#[derive(Clone, Debug)]
enum Rv {
    /// A block by its name; where a primitive made several blocks of that name (TVM's
    /// `cache_inplace` names both of its copies after the cache), also by its place among them
    /// in program order; and the id of one of its iteration variables when it was the only
    /// block of its name, which tells it apart from a later block of the same name (a second
    /// `rfactor` of one block makes a second `NAME_rf`).
    Block(String, Option<usize>, Option<u64>),
    /// The loop's variable id, or `None` once a primitive replaced the loop.
    Loop(Option<u64>),
    /// `sample_compute_location`'s "compute at the root" (`compute_at` leaves the block).
    RootMark,
    /// `sample_compute_location`'s "inline" (`compute_at` inlines the block).
    InlineMark,
    /// A sampled integer.
    Int(i64),
}

/// A PrimFunc being scheduled, the handles given out, and the trace of what was applied.
#[derive(Clone, Debug)]
pub struct Schedule {
    func: PrimFunc,
    rvs: Vec<Rv>,
    trace: Vec<Instruction>,
    rng: sample::SplitMix,
    /// Decisions the sampling primitives take in turn instead of drawing (a tuner's mutation
    /// re-applies a template with its parent's decisions but one).
    forced: std::collections::VecDeque<Option<Decision>>,
    /// The tensor intrinsics `tensorize` may name.
    intrins: Vec<(String, std::sync::Arc<TensorIntrin>)>,
    /// The data of the buffers `rolling_buffer` made: shared by every iteration of the loops
    /// above their writers, so those loops must not run their iterations at once.
    rolled: Vec<Var>,
}

/// The id of the first iteration variable of the block at `site`, if it has one.
fn first_iter_var(site: &tree::BlockSite) -> Option<u64> {
    match site.realize.kind() {
        StmtKind::BlockRealize { block, .. } => block.iter_vars.first().map(|iv| iv.var.id()),
        _ => None,
    }
}

/// A sampling primitive's decision: a tiling or a candidate's index.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Decision {
    /// The factors of `sample_perfect_tile`.
    Tile(Vec<i64>),
    /// The index `sample_categorical` picked.
    Category(usize),
    /// The place `sample_compute_location` picked (`-2` inlined, `-1` the root, `i` the `i`-th
    /// loop of the first consumer).
    Location(i64),
}

impl Schedule {
    /// A schedule of `func` (nothing applied yet).
    pub fn new(mut func: PrimFunc) -> Schedule {
        // TVM gives every function with blocks a root block (the reader makes one only when it
        // allocates buffers): primitives that add buffers or statements at the root need it. A
        // body that is one block without iteration variables already is the root, whatever its
        // name (as TVM's parser takes it).
        let mut has_blocks = false;
        crate::tir::visit::walk_stmts(&func.body, &mut |s| {
            has_blocks |= matches!(s.kind(), StmtKind::BlockRealize { .. })
        });
        let is_root = matches!(func.body.kind(), StmtKind::BlockRealize { values, predicate, block }
            if values.is_empty() && block.iter_vars.is_empty() && predicate.as_int() == Some(1));
        if has_blocks && !is_root {
            func.body = Stmt::root_block(Vec::new(), func.body.clone());
        }
        Schedule {
            func,
            rvs: Vec::new(),
            trace: Vec::new(),
            rng: sample::SplitMix::new(0),
            forced: Default::default(),
            intrins: Vec::new(),
            rolled: Vec::new(),
        }
    }

    /// A schedule of the function `name` of `module`, with the module's tensor intrinsics
    /// (`NAME_desc`/`NAME_impl` pairs, [`TensorIntrin::from_module`]) registered.
    ///
    /// ```
    /// let module = strata::tir::parse_script(
    ///     "@T.prim_func\ndef add(A: T.Buffer((8,), \"float32\"), B: T.Buffer((8,), \"float32\")):\n    for i in range(8):\n        with T.sblock(\"B\"):\n            vi = T.axis.remap(\"S\", [i])\n            B[vi] = A[vi] + T.float32(1)\n",
    /// )
    /// .unwrap();
    /// let mut sch = strata::tir::schedule::Schedule::from_module(&module, "add").unwrap();
    /// let b = sch.get_block("B").unwrap();
    /// assert_eq!(sch.get_loops(b).unwrap().len(), 1);
    /// let e = strata::tir::schedule::Schedule::from_module(&module, "main").err().unwrap();
    /// assert_eq!(e.to_string(), "get_function: the module has no function named main (it has: add)");
    /// ```
    ///
    /// # Errors
    /// The module has no function of that name.
    pub fn from_module(module: &IRModule, name: &str) -> Result<Schedule, ScheduleError> {
        let func = module.func_or_why(name).map_err(|why| err("get_function", why))?;
        let mut sch = Schedule::new(func.clone());
        for (n, intrin) in TensorIntrin::from_module(module) {
            sch.register_tensor_intrin(&n, intrin);
        }
        Ok(sch)
    }

    /// A schedule of `func` whose sampling primitives draw from a generator seeded with `seed`.
    pub fn with_seed(func: PrimFunc, seed: u64) -> Schedule {
        Schedule { rng: sample::SplitMix::new(seed), ..Schedule::new(func) }
    }

    /// A schedule whose sampling primitives take `decisions` in turn (`None`, or one that does
    /// not fit the request: drawn from the generator seeded with `seed`).
    pub fn with_decisions(func: PrimFunc, seed: u64, decisions: Vec<Option<Decision>>) -> Schedule {
        Schedule { forced: decisions.into(), ..Schedule::with_seed(func, seed) }
    }

    /// The decisions of the sampling primitives applied so far, in order.
    pub fn decisions(&self) -> Vec<Decision> {
        self.trace
            .iter()
            .filter_map(|i| match i {
                Instruction::SamplePerfectTile { decision, .. }
                | Instruction::SamplePartitionedTile { decision, .. } => Some(Decision::Tile(decision.clone())),
                Instruction::SampleCategorical { decision, .. } => Some(Decision::Category(*decision)),
                Instruction::SampleComputeLocation { decision, .. } => Some(Decision::Location(*decision)),
                _ => None,
            })
            .collect()
    }

    /// The function as scheduled so far.
    pub fn func(&self) -> &PrimFunc {
        &self.func
    }

    /// The function, ending the schedule.
    pub fn into_func(self) -> PrimFunc {
        self.func
    }

    /// The instructions applied so far.
    pub fn instructions(&self) -> &[Instruction] {
        &self.trace
    }

    /// The trace as the Python TVM prints for `sch.trace` (`b0 = sch.get_sblock(...)`, ...).
    pub fn trace(&self) -> String {
        trace::print(&self.trace)
    }

    fn new_block_rv(&mut self, name: &str) -> BlockRV {
        let sites = tree::find_blocks(&self.func.body, name);
        let anchor = match sites.as_slice() {
            [one] => first_iter_var(one),
            _ => None,
        };
        self.rvs.push(Rv::Block(name.to_string(), None, anchor));
        BlockRV(self.rvs.len() - 1)
    }

    /// A handle to the block `realize` (a lookup's result): by name where the name is its
    /// alone, else by one of its iteration variables, else by its place among the blocks of
    /// its name (three caches of `A` in one function are all `A_shared`).
    fn block_rv_of(&mut self, name: &str, realize: &Stmt) -> BlockRV {
        let sites = tree::find_blocks(&self.func.body, name);
        if sites.len() > 1 {
            let site = sites.iter().position(|s| s.realize.same_node(realize));
            if let Some(k) = site {
                if let Some(var) = first_iter_var(&sites[k]) {
                    return self.new_block_rv_with_var(name, var);
                }
                self.rvs.push(Rv::Block(name.to_string(), Some(k), None));
                return BlockRV(self.rvs.len() - 1);
            }
        }
        self.new_block_rv(name)
    }

    /// A handle to a block a primitive just made, which has the iteration variable `var`
    /// (other blocks may have its name).
    fn new_block_rv_with_var(&mut self, name: &str, var: u64) -> BlockRV {
        self.rvs.push(Rv::Block(name.to_string(), None, Some(var)));
        BlockRV(self.rvs.len() - 1)
    }

    /// A handle to the block a primitive just made, named `name` and the first such block
    /// `is_new` picks in program order. When other blocks have that name (TVM names copies
    /// after their buffer, so a second copy of one buffer repeats a name), handles tell them
    /// apart by their place among them, and the handles already given out move along.
    fn new_block_rv_matching(&mut self, name: &str, is_new: impl Fn(&Block) -> bool) -> BlockRV {
        let sites = tree::find_blocks(&self.func.body, name);
        let is_new_site =
            |s: &tree::BlockSite| matches!(s.realize.kind(), StmtKind::BlockRealize { block, .. } if is_new(block));
        let at = match sites.iter().position(is_new_site) {
            Some(k) if sites.len() > 1 => k,
            _ => return self.new_block_rv(name),
        };
        for rv in &mut self.rvs {
            if let Rv::Block(n, k, _) = rv
                && n == name
            {
                *k = match *k {
                    // The block was the only one of its name: it is the other one of the two.
                    None => Some(usize::from(at == 0)),
                    Some(j) => Some(if j >= at { j + 1 } else { j }),
                };
            }
        }
        self.rvs.push(Rv::Block(name.to_string(), Some(at), None));
        BlockRV(self.rvs.len() - 1)
    }

    fn new_loop_rv(&mut self, var: &Var) -> LoopRV {
        self.rvs.push(Rv::Loop(Some(var.id())));
        LoopRV(self.rvs.len() - 1)
    }

    /// The name of the block a handle refers to.
    fn block_name(&self, b: BlockRV, primitive: &'static str) -> Result<String, ScheduleError> {
        match self.rvs.get(b.0) {
            Some(Rv::Block(n, ..)) => Ok(n.clone()),
            _ => Err(err(primitive, format!("b{} is not a block of this schedule", b.0))),
        }
    }

    /// The one realize of the block a handle refers to.
    fn block_site(&self, b: BlockRV, primitive: &'static str) -> Result<tree::BlockSite, ScheduleError> {
        let name = self.block_name(b, primitive)?;
        let mut sites = tree::find_blocks(&self.func.body, &name);
        let nth = match self.rvs.get(b.0) {
            Some(Rv::Block(_, Some(k), _)) if *k < sites.len() => Some(*k),
            // Several of its name: the one with its iteration variable, if one alone has it.
            Some(Rv::Block(_, None, Some(var))) if sites.len() > 1 => {
                let mut with = (0..sites.len()).filter(|&k| {
                    matches!(sites[k].realize.kind(), StmtKind::BlockRealize { block, .. }
                        if block.iter_vars.iter().any(|iv| iv.var.id() == *var))
                });
                match (with.next(), with.next()) {
                    (Some(k), None) => Some(k),
                    _ => None,
                }
            }
            _ => None,
        };
        match (sites.len(), nth) {
            (1, _) | (_, Some(_)) => {
                let site = sites.remove(nth.unwrap_or(0));
                // Primitives pair each iteration variable with its value.
                if let StmtKind::BlockRealize { values, block, .. } = site.realize.kind()
                    && values.len() != block.iter_vars.len()
                {
                    return Err(err(
                        primitive,
                        format!(
                            "block {name} binds {} values to {} iteration variables",
                            values.len(),
                            block.iter_vars.len()
                        ),
                    ));
                }
                Ok(site)
            }
            (0, _) => Err(err(primitive, format!("the block \"{name}\" no longer exists in the function"))),
            (n, None) => Err(err(primitive, format!("{n} blocks are named \"{name}\": block names must be unique"))),
        }
    }

    /// The loop a handle refers to, and the loops above it (up to the closest block).
    fn loop_site(&self, l: LoopRV, primitive: &'static str) -> Result<(Vec<Stmt>, Stmt), ScheduleError> {
        let id = match self.rvs.get(l.0) {
            Some(Rv::Loop(Some(id))) => *id,
            Some(Rv::Loop(None)) => {
                return Err(err(primitive, format!("the loop l{} no longer exists in the function", l.0)));
            }
            _ => return Err(err(primitive, format!("l{} is not a loop of this schedule", l.0))),
        };
        let site = tree::find_loop(&self.func.body, id)
            .ok_or_else(|| err(primitive, format!("the loop l{} no longer exists in the function", l.0)))?;
        // Splitting, fusing, reordering or re-kinding a loop would change which loop a
        // `T.break_loop()`/`T.continue_loop()` under it leaves: refused, never a wrong kernel.
        if !matches!(primitive, "annotate" | "unannotate")
            && let StmtKind::For { var, body, .. } = site.1.kind()
            && body.has_loop_exit()
        {
            return Err(err(
                primitive,
                format!(
                    "loop {} contains T.break_loop() or T.continue_loop(), which schedules do not move",
                    var.name()
                ),
            ));
        }
        Ok(site)
    }

    /// The block named `name` (TVM's `get_sblock`).
    ///
    /// # Errors
    /// No block, or several blocks, have that name.
    pub fn get_block(&mut self, name: &str) -> Result<BlockRV, ScheduleError> {
        let n = tree::find_blocks(&self.func.body, name).len();
        if n == 0 {
            return Err(err("get_sblock", format!("Cannot find a block with the name: {name}")));
        }
        if n > 1 {
            // TVM 0.27's message, spacing included.
            return Err(err("get_sblock", format!("Found  {n} blocks with the name: {name}")));
        }
        let b = self.new_block_rv(name);
        self.trace.push(Instruction::GetBlock { name: name.to_string(), out: b });
        Ok(b)
    }

    /// The loops above a block, outermost first, up to the closest enclosing block.
    ///
    /// # Errors
    /// A stale handle.
    pub fn get_loops(&mut self, block: BlockRV) -> Result<Vec<LoopRV>, ScheduleError> {
        let site = self.block_site(block, "get_loops")?;
        let outs: Vec<LoopRV> = site
            .loops
            .iter()
            .filter_map(|s| match s.kind() {
                StmtKind::For { var, .. } => Some(var.clone()),
                _ => None,
            })
            .map(|v| self.new_loop_rv(&v))
            .collect();
        self.trace.push(Instruction::GetLoops { block, outs: outs.clone() });
        Ok(outs)
    }

    /// The blocks directly under a block or loop (not inside another block), in program order.
    ///
    /// # Errors
    /// A stale handle.
    pub fn get_child_blocks(&mut self, parent: BlockOrLoop) -> Result<Vec<BlockRV>, ScheduleError> {
        let body = match parent {
            BlockOrLoop::Block(b) => {
                let site = self.block_site(b, "get_child_blocks")?;
                let StmtKind::BlockRealize { block, .. } = site.realize.kind() else { unreachable!("a block site") };
                block.body.clone()
            }
            BlockOrLoop::Loop(l) => {
                let (_, s) = self.loop_site(l, "get_child_blocks")?;
                tree::ForParts::of(&s).map(|p| p.body).unwrap_or_else(Stmt::empty)
            }
        };
        let mut names = Vec::new();
        tree::walk_blocks(&body, &mut Vec::new(), &mut |_, realize, block| {
            // Only the outermost: a block inside another is not a child.
            if !names.iter().any(|(_, r): &(String, Stmt)| tree::contains(r, realize)) {
                names.push((block.name.clone(), realize.clone()));
            }
        });
        let outs: Vec<BlockRV> = names.iter().map(|(n, r)| self.block_rv_of(n, r)).collect();
        self.trace.push(Instruction::GetChildBlocks { parent, outs: outs.clone() });
        Ok(outs)
    }

    /// Annotate a block or loop with `key = value` (`pragma_auto_unroll_max_step`, ...); a key
    /// it already has keeps its value, as in TVM 0.27 (`unannotate` it first to change it).
    ///
    /// # Errors
    /// A stale handle.
    pub fn annotate(&mut self, target: BlockOrLoop, key: &str, value: AttrValue) -> Result<(), ScheduleError> {
        self.annotate_with(target, key, AnnValue::Const(value))
    }

    /// Annotate with a constant or a sampled value.
    ///
    /// # Errors
    /// A stale handle.
    pub fn annotate_with(&mut self, target: BlockOrLoop, key: &str, ann: AnnValue) -> Result<(), ScheduleError> {
        let value = match &ann {
            AnnValue::Const(v) => v.clone(),
            AnnValue::Sampled(v) => AttrValue::Int(self.get(*v)?),
        };
        // A key already there keeps its value: TVM 0.27's annotate does not replace it (measured:
        // annotating 16 then 64 leaves 16).
        let set = |anns: &mut Vec<(String, AttrValue)>| {
            if !anns.iter().any(|(k, _)| k == key) {
                anns.push((key.to_string(), value.clone()));
            }
        };
        match target {
            BlockOrLoop::Loop(l) => {
                let (_, s) = self.loop_site(l, "annotate")?;
                let mut p = tree::ForParts::of(&s).ok_or_else(|| err("annotate", "not a loop"))?;
                set(&mut p.annotations);
                let id = p.var.id();
                self.func.body = tree::replace_loops(&self.func.body, [(id, p.build())].into_iter().collect());
            }
            BlockOrLoop::Block(b) => {
                let site = self.block_site(b, "annotate")?;
                self.func.body = map_block(&self.func.body, &site.realize, &mut |blk| set(&mut blk.annotations));
            }
        }
        self.trace.push(Instruction::Annotate { target, key: key.to_string(), value: ann });
        Ok(())
    }
}

/// `s` with the block of `realize` (by identity: blocks may share a name) changed by `f`.
fn map_block(s: &Stmt, realize: &Stmt, f: &mut dyn FnMut(&mut Block)) -> Stmt {
    let StmtKind::BlockRealize { block, .. } = realize.kind() else { return s.clone() };
    let mut b = (**block).clone();
    f(&mut b);
    blocks::replace_stmt(s, realize, &tree::with_block(realize, b))
}
