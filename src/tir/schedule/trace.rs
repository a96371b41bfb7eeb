//! The trace: every primitive applied and its decisions, printed as the Python TVM prints for
//! `sch.trace`, and read back to replay on a function.

use std::fmt::Write as _;

use rustc_hash::FxHashMap as HashMap;

use super::{
    AnnValue, BlockOrLoop, BlockRV, ComputeAtOptions, ExprRV, Factor, IndexMap, LoopRV, Schedule, ScheduleError,
    SplitOptions,
};
use crate::ir::Span;
use crate::tir::ast::{AttrValue, PrimFunc, StmtKind, Var};
use crate::tir::script::py::{self, E, Expr, S, Stmt};

/// One applied primitive with its inputs, decisions and outputs.
#[derive(Clone, Debug)]
pub enum Instruction {
    /// `b = sch.get_sblock(name=..)`.
    GetBlock {
        /// The block's name.
        name: String,
        /// The handle made.
        out: BlockRV,
    },
    /// `l.. = sch.get_loops(block=..)`.
    GetLoops {
        /// The block.
        block: BlockRV,
        /// The handles made.
        outs: Vec<LoopRV>,
    },
    /// `b.. = sch.get_child_blocks(..)`.
    GetChildBlocks {
        /// The parent.
        parent: BlockOrLoop,
        /// The handles made.
        outs: Vec<BlockRV>,
    },
    /// `l.. = sch.split(loop=.., factors=[..])`.
    Split {
        /// The loop split.
        l: LoopRV,
        /// The factors as given.
        factors: Vec<Factor>,
        /// TVM's `preserve_unit_iters` and `disable_predication`.
        opts: SplitOptions,
        /// The new loops.
        outs: Vec<LoopRV>,
    },
    /// `l.. = sch.loop_partition(loop=.., factors=[..])`.
    LoopPartition {
        /// The loop cut.
        l: LoopRV,
        /// The factors as given.
        factors: Vec<Factor>,
        /// TVM's `preserve_unit_iters`.
        preserve_unit_iters: bool,
        /// The new loops.
        outs: Vec<LoopRV>,
    },
    /// `l = sch.fuse(..)`.
    Fuse {
        /// The loops fused.
        loops: Vec<LoopRV>,
        /// The fused loop.
        out: LoopRV,
    },
    /// `l = sch.merge(..)`.
    Merge {
        /// The loops merged.
        loops: Vec<LoopRV>,
        /// The merged loop at their depth.
        out: LoopRV,
    },
    /// `sch.reorder(..)`.
    Reorder {
        /// The loops in their new order.
        loops: Vec<LoopRV>,
    },
    /// `sch.parallel(loop=..)`.
    Parallel(LoopRV),
    /// `sch.vectorize(loop=..)`.
    Vectorize(LoopRV),
    /// `sch.unroll(loop=..)`.
    Unroll(LoopRV),
    /// `b = sch.cache_write(block=.., write_buffer_index=.., storage_scope=..)`.
    CacheWrite {
        /// The block.
        block: BlockRV,
        /// Which of its written buffers.
        write_index: usize,
        /// The cache's storage scope.
        scope: String,
        /// The readers that read the cache directly (TVM's `consumer_blocks`).
        consumers: Vec<BlockRV>,
        /// The copy block made.
        out: BlockRV,
    },
    /// `b = sch.cache_read(block=.., read_buffer_index=.., storage_scope=..)`.
    CacheRead {
        /// The block.
        block: BlockRV,
        /// Which of its read buffers.
        read_index: usize,
        /// The cache's storage scope.
        scope: String,
        /// TVM's `consumer_blocks` (empty: every reader).
        consumers: Vec<BlockRV>,
        /// The copy block made.
        out: BlockRV,
    },
    /// `b1, b2 = sch.cache_index(block=.., storage_scope=.., cse_thresh=..)`.
    CacheIndex {
        /// The block.
        block: BlockRV,
        /// The index buffers' storage scope.
        scope: String,
        /// The repeat threshold (0: every index computation).
        cse_thresh: i64,
        /// The blocks made, one per index buffer.
        outs: Vec<BlockRV>,
    },
    /// `b1, b2 = sch.cache_inplace(block=.., read_buffer_index=.., storage_scope=..)`.
    CacheInplace {
        /// The block.
        block: BlockRV,
        /// Which of its read buffers (one it also writes).
        read_index: usize,
        /// The copy's storage scope.
        scope: String,
        /// The copy blocks made: the one filling the copy, the one writing it back.
        outs: [BlockRV; 2],
    },
    /// `sch.tensorize(block_or_loop=.., tensor_intrin=.., preserve_unit_iters=True)`.
    Tensorize {
        /// The block, or the loop blockized first.
        target: BlockOrLoop,
        /// The registered intrinsic's name.
        intrin: String,
    },
    /// `b = sch.blockize(target=[b1, b2, ..], preserve_unit_iters=..)`.
    BlockizeBlocks {
        /// The blocks, in the order they run.
        blocks: Vec<BlockRV>,
        /// TVM's `preserve_unit_iters`.
        preserve_unit_iters: bool,
        /// The outer block made.
        out: BlockRV,
    },
    /// `b = sch.blockize(target=.., preserve_unit_iters=..)`.
    Blockize {
        /// The loop blockized.
        l: LoopRV,
        /// TVM's `preserve_unit_iters`.
        preserve_unit_iters: bool,
        /// The outer block made.
        out: BlockRV,
    },
    /// `sch.reverse_compute_at(block=.., loop=.., preserve_unit_loops=.., index=..)`.
    ReverseComputeAt {
        /// The consumer block moved.
        block: BlockRV,
        /// The loop it moves under.
        l: LoopRV,
        /// `preserve_unit_loops` and `index`.
        opts: ComputeAtOptions,
    },
    /// `sch.compute_at(block=.., loop=.., preserve_unit_loops=.., index=..)`.
    ComputeAt {
        /// The producer block moved.
        block: BlockRV,
        /// The loop it moves under.
        l: LoopRV,
        /// `preserve_unit_loops` and `index`.
        opts: ComputeAtOptions,
    },
    /// `b = sch.decompose_reduction(block=.., loop=..)`.
    DecomposeReduction {
        /// The reduction block (now its update).
        block: BlockRV,
        /// The loop the init goes before.
        l: LoopRV,
        /// The init block made.
        out: BlockRV,
    },
    /// `b = sch.reindex_cache_read(..)` or `b = sch.reindex_cache_write(..)`.
    ReindexCache {
        /// The block.
        block: BlockRV,
        /// A read (or a write) buffer of the block.
        read: bool,
        /// Which of its read (written) buffers.
        index: usize,
        /// The cache's storage scope.
        scope: String,
        /// The cache's indices over the block's iteration variables.
        map: IndexMap,
        /// The copy block made.
        out: BlockRV,
    },
    /// `sch.pad_einsum(block=.., padding=[..])`.
    PadEinsum {
        /// The block.
        block: BlockRV,
        /// Per iteration variable, the multiple its domain is rounded up to.
        padding: Vec<i64>,
    },
    /// `b = sch.decompose_padding(block=.., loop=..)`.
    DecomposePadding {
        /// The padding block (now its in-bound part).
        block: BlockRV,
        /// The loop the constant fill goes before.
        l: LoopRV,
        /// The constant fill block made.
        out: BlockRV,
    },
    /// `b.. = sch.get_producers(block=..)`.
    GetProducers {
        /// The block.
        block: BlockRV,
        /// The handles made.
        outs: Vec<BlockRV>,
    },
    /// `b.. = sch.get_consumers(block=..)`.
    GetConsumers {
        /// The block.
        block: BlockRV,
        /// The handles made.
        outs: Vec<BlockRV>,
    },
    /// `sch.set_scope(block=.., buffer_index=.., storage_scope=..)`.
    SetScope {
        /// The block.
        block: BlockRV,
        /// Which written buffer.
        buffer_index: usize,
        /// The new scope.
        scope: String,
    },
    /// `sch.storage_align(block=.., buffer_index=.., axis=.., factor=.., offset=..)`.
    StorageAlign {
        /// The block.
        block: BlockRV,
        /// Which written buffer.
        buffer_index: usize,
        /// The dimension (negative: from the end), as given.
        axis: i64,
        /// The stride factor.
        factor: i64,
        /// The stride offset.
        offset: i64,
    },
    /// `sch.bind(loop=.., thread_axis=..)`.
    Bind {
        /// The loop.
        l: LoopRV,
        /// The thread axis.
        thread_axis: String,
    },
    /// `sch.transform_layout(block=.., buffer=("write", 0), index_map=lambda ..: (..), ..)`.
    TransformLayout {
        /// The block whose buffer is named.
        block: BlockRV,
        /// A buffer it reads (or writes).
        read: bool,
        /// Its index among the block's reads (or writes).
        index: usize,
        /// The map.
        map: IndexMap,
        /// The padding's value, when the map pads.
        pad_value: Option<IndexMap>,
        /// TVM's promise that padding is never read.
        assume_injective_transform: bool,
    },
    /// `sch.transform_block_layout(block=.., index_map=lambda ..: (..))`.
    TransformBlockLayout {
        /// The block.
        block: BlockRV,
        /// The map of its iteration variables.
        map: IndexMap,
    },
    /// `b = sch.reindex(block=.., buffer=("read" | "write", i))`.
    Reindex {
        /// The block.
        block: BlockRV,
        /// A buffer it reads (or writes).
        read: bool,
        /// Its index among the block's reads (or writes).
        index: usize,
        /// The copy stage's block.
        out: BlockRV,
    },
    /// `b.. = sch.get_output_blocks(block=..)`.
    GetOutputBlocks {
        /// The scope block.
        scope: BlockRV,
        /// The handles made.
        outs: Vec<BlockRV>,
    },
    /// `l = sch.sample_compute_location(block=.., decision=..)`.
    SampleComputeLocation {
        /// The block.
        block: BlockRV,
        /// -2 inline, -1 root, or the index of a loop of the block's first consumer.
        decision: i64,
        /// The location (a loop, or a mark `compute_at` understands).
        out: LoopRV,
    },
    /// `sch.unsafe_set_dtype(block=.., buffer_index=.., dtype=..)`.
    UnsafeSetDtype {
        /// The block writing the buffer.
        block: BlockRV,
        /// The buffer's index among its writes.
        buffer_index: usize,
        /// The new dtype.
        dtype: String,
    },
    /// `sch.annotate_buffer_access(block=.., buffer_index=.., buf_type=.., gen_new_ranges=lambda ..: [..])`.
    AnnotateBufferAccess {
        /// The block.
        block: BlockRV,
        /// The region's index among its reads (or writes).
        buffer_index: usize,
        /// Its reads (or writes).
        read: bool,
        /// The new region.
        ranges: super::misc::AccessRanges,
    },
    /// `sch.unsafe_hide_buffer_access(block=.., buf_type=.., buf_index_array=[..])`.
    UnsafeHideBufferAccess {
        /// The block.
        block: BlockRV,
        /// Its reads (or writes).
        read: bool,
        /// The regions left out.
        indices: Vec<usize>,
    },
    /// `sch.reorder_block_iter_var(block=.., new_order=[..])`.
    ReorderBlockIterVar {
        /// The block.
        block: BlockRV,
        /// The new order, by old index.
        new_order: Vec<usize>,
    },
    /// `l = sch.add_unit_loop(block_or_loop=..)`.
    AddUnitLoop {
        /// The block or loop wrapped.
        target: BlockOrLoop,
        /// The new loop.
        out: LoopRV,
    },
    /// `sch.enter_postproc()`.
    EnterPostproc,
    /// `sch.unannotate(block_or_loop=.., ann_key=..)`.
    Unannotate {
        /// What is unannotated.
        target: BlockOrLoop,
        /// The key.
        key: String,
    },
    /// `b = sch.rfactor(loop=.., factor_axis=..)`.
    RFactor {
        /// The factored loop.
        l: LoopRV,
        /// Where its dimension goes in the partial-result buffer (negative: from the end).
        factor_axis: i64,
        /// The partial-reduction block made.
        out: BlockRV,
    },
    /// `b = sch.read_at(loop=.., block=.., read_buffer_index=.., storage_scope=..)` (or
    /// `write_at` with `write_buffer_index`).
    ReadWriteAt {
        /// The loop the copy goes in.
        l: LoopRV,
        /// The block whose buffer is copied.
        block: BlockRV,
        /// The buffer's index in its reads (writes).
        index: usize,
        /// The copy's storage scope.
        scope: String,
        /// `read_at` (else `write_at`).
        read: bool,
        /// The copy block.
        out: BlockRV,
    },
    /// `sch.rolling_buffer(block=.., write_buffer_index=..)`.
    RollingBuffer {
        /// The producer.
        block: BlockRV,
        /// The written buffer's index.
        index: usize,
    },
    /// `sch.compute_inline(block=..)`.
    ComputeInline(BlockRV),
    /// `sch.reverse_compute_inline(block=..)`.
    ReverseComputeInline(BlockRV),
    /// `sch.fuse_reduction_epilogue(reduction_block=.., epilogue_block=..)`.
    FuseReductionEpilogue {
        /// The sum.
        reduction: BlockRV,
        /// The elementwise block after it.
        epilogue: BlockRV,
    },
    /// `sch.annotate(block_or_loop=.., ann_key=.., ann_val=..)`.
    Annotate {
        /// What is annotated.
        target: BlockOrLoop,
        /// The key.
        key: String,
        /// The value.
        value: AnnValue,
    },
    /// `v.. = sch.sample_perfect_tile(loop=.., n=.., max_innermost_factor=.., decision=[..])`.
    SamplePerfectTile {
        /// The loop.
        l: LoopRV,
        /// How many factors.
        n: usize,
        /// The innermost factor's bound.
        max_innermost_factor: i64,
        /// The factors drawn.
        decision: Vec<i64>,
        /// The sampled values made.
        outs: Vec<ExprRV>,
    },
    /// `v.. = sch.sample_partitioned_tile(loop=.., n=.., partition_pos=.., innerpart_factor=..,
    /// decision=[..])`.
    SamplePartitionedTile {
        /// The loop.
        l: LoopRV,
        /// How many factors.
        n: usize,
        /// Where the inner part starts.
        partition_pos: usize,
        /// What the inner part's product is a multiple of.
        innerpart_factor: i64,
        /// The factors drawn.
        decision: Vec<i64>,
        /// The sampled values made.
        outs: Vec<ExprRV>,
    },
    /// `v = sch.sample_categorical(candidates=[..], probs=[..], decision=k)`.
    SampleCategorical {
        /// The candidates.
        candidates: Vec<i64>,
        /// Their weights.
        probs: Vec<f64>,
        /// The index drawn.
        decision: usize,
        /// The sampled value made.
        out: ExprRV,
    },
}

impl Instruction {
    /// Whether the instruction made a random decision (what a tuner mutates).
    pub fn is_sampling(&self) -> bool {
        matches!(
            self,
            Instruction::SamplePerfectTile { .. }
                | Instruction::SamplePartitionedTile { .. }
                | Instruction::SampleCategorical { .. }
        )
    }
}

fn b(x: BlockRV) -> String {
    format!("b{}", x.0)
}

fn l(x: LoopRV) -> String {
    format!("l{}", x.0)
}

fn v(x: ExprRV) -> String {
    format!("v{}", x.0)
}

fn bl(x: BlockOrLoop) -> String {
    match x {
        BlockOrLoop::Block(x) => b(x),
        BlockOrLoop::Loop(x) => l(x),
    }
}

fn list<T: Copy>(xs: &[T], f: fn(T) -> String) -> String {
    xs.iter().map(|&x| f(x)).collect::<Vec<_>>().join(", ")
}

fn py_value(v: &AttrValue) -> String {
    match v {
        AttrValue::Bool(x) => if *x { "True" } else { "False" }.to_string(),
        AttrValue::Int(i) => i.to_string(),
        AttrValue::Float(f) => crate::tir::script::g17(*f),
        AttrValue::Str(s) => format!("{s:?}"),
        AttrValue::List(xs) => format!("[{}]", xs.iter().map(py_value).collect::<Vec<_>>().join(", ")),
        AttrValue::Dict(kv) => {
            format!("{{{}}}", kv.iter().map(|(k, v)| format!("{k:?}: {}", py_value(v))).collect::<Vec<_>>().join(", "))
        }
        AttrValue::Target(kv) => format!("T.target({})", py_value(&AttrValue::Dict(kv.clone()))),
        AttrValue::Expr(e) => crate::tir::script::print_expr(e),
    }
}

/// An index map as TVM prints it in a trace: `lambda i, j: (j, i,)`.
fn lambda(map: &IndexMap) -> String {
    let params: Vec<&str> = map.params.iter().map(Var::name).collect();
    let results: String = map.results.iter().map(|r| format!("{}, ", crate::tir::script::print_expr(r))).collect();
    format!("lambda {}: ({},)", params.join(", "), results.trim_end_matches(", "))
}

pub(super) fn print(trace: &[Instruction]) -> String {
    let mut s = String::from("# from tvm import s_tir\ndef apply_trace(sch: s_tir.Schedule) -> None:\n");
    if trace.is_empty() {
        s.push_str("  pass\n");
    }
    for inst in trace {
        let line = match inst {
            Instruction::GetBlock { name, out } => {
                format!("{} = sch.get_sblock(name={name:?}, func_name=\"main\")", b(*out))
            }
            Instruction::GetLoops { block, outs } => {
                format!("{} = sch.get_loops(block={})", targets(outs, l), b(*block))
            }
            Instruction::GetChildBlocks { parent, outs } => {
                format!("{} = sch.get_child_blocks({})", targets(outs, b), bl(*parent))
            }
            Instruction::Split { l: lp, factors, opts, outs } => {
                let f: Vec<String> = factors.iter().map(|f| factor(f, &v)).collect();
                format!(
                    "{} = sch.split(loop={}, factors=[{}], preserve_unit_iters={}, disable_predication={})",
                    targets(outs, l),
                    l(*lp),
                    f.join(", "),
                    if opts.preserve_unit_iters { "True" } else { "False" },
                    if opts.disable_predication { "True" } else { "False" }
                )
            }
            Instruction::LoopPartition { l: lp, factors, preserve_unit_iters, outs } => {
                let f: Vec<String> = factors.iter().map(|f| factor(f, &v)).collect();
                format!(
                    "{} = sch.loop_partition(loop={}, factors=[{}], preserve_unit_iters={})",
                    targets(outs, l),
                    l(*lp),
                    f.join(", "),
                    if *preserve_unit_iters { "True" } else { "False" },
                )
            }
            Instruction::Fuse { loops, out } => {
                format!("{} = sch.fuse({}, preserve_unit_iters=True)", l(*out), list(loops, l))
            }
            Instruction::Reorder { loops } => format!("sch.reorder({})", list(loops, l)),
            Instruction::Merge { loops, out } => format!("{} = sch.merge({})", l(*out), list(loops, l)),
            Instruction::Parallel(x) => format!("sch.parallel(loop={})", l(*x)),
            Instruction::Vectorize(x) => format!("sch.vectorize(loop={})", l(*x)),
            Instruction::Unroll(x) => format!("sch.unroll(loop={})", l(*x)),
            Instruction::CacheWrite { block, write_index, scope, consumers, out } => {
                let for_consumers = if consumers.is_empty() {
                    String::new()
                } else {
                    format!(", consumer_blocks=[{}]", list(consumers, b))
                };
                format!(
                    "{} = sch.cache_write(block={}, write_buffer_index={write_index}, storage_scope={scope:?}{for_consumers})",
                    b(*out),
                    b(*block)
                )
            }
            Instruction::CacheRead { block, read_index, scope, consumers, out } => {
                // TVM writes the consumers only when some were given.
                let for_consumers = if consumers.is_empty() {
                    String::new()
                } else {
                    format!(", consumer_blocks=[{}]", list(consumers, b))
                };
                format!(
                    "{} = sch.cache_read(block={}, read_buffer_index={read_index}, storage_scope={scope:?}{for_consumers})",
                    b(*out),
                    b(*block)
                )
            }
            Instruction::CacheIndex { block, scope, cse_thresh, outs } => {
                let call =
                    format!("sch.cache_index(block={}, storage_scope={scope:?}, cse_thresh={cse_thresh})", b(*block));
                if outs.is_empty() { call } else { format!("{} = {call}", targets(outs, b)) }
            }
            Instruction::CacheInplace { block, read_index, scope, outs } => format!(
                "{} = sch.cache_inplace(block={}, read_buffer_index={read_index}, storage_scope={scope:?})",
                targets(outs, b),
                b(*block)
            ),
            Instruction::ReverseComputeAt { block, l: lp, opts } | Instruction::ComputeAt { block, l: lp, opts } => {
                let name =
                    if matches!(inst, Instruction::ComputeAt { .. }) { "compute_at" } else { "reverse_compute_at" };
                format!(
                    "sch.{name}(block={}, loop={}, preserve_unit_loops={}, index={})",
                    b(*block),
                    l(*lp),
                    if opts.preserve_unit_loops { "True" } else { "False" },
                    opts.index
                )
            }
            Instruction::Tensorize { target, intrin } => format!(
                "sch.tensorize(block_or_loop={}, tensor_intrin={intrin:?}, preserve_unit_iters=True)",
                bl(*target)
            ),
            Instruction::BlockizeBlocks { blocks, preserve_unit_iters, out } => format!(
                "{} = sch.blockize(target=[{}], preserve_unit_iters={})",
                b(*out),
                blocks.iter().map(|x| b(*x)).collect::<Vec<_>>().join(", "),
                if *preserve_unit_iters { "True" } else { "False" }
            ),
            Instruction::Blockize { l: lp, preserve_unit_iters, out } => format!(
                "{} = sch.blockize(target={}, preserve_unit_iters={})",
                b(*out),
                l(*lp),
                if *preserve_unit_iters { "True" } else { "False" }
            ),
            Instruction::DecomposeReduction { block, l: lp, out } => {
                format!("{} = sch.decompose_reduction(block={}, loop={})", b(*out), b(*block), l(*lp))
            }
            Instruction::ReindexCache { block, read, index, scope, map, out } => {
                let (kind, which) = if *read { ("read", "read") } else { ("write", "write") };
                format!(
                    "{} = sch.reindex_cache_{kind}(block={}, {which}_buffer_index={index}, storage_scope={scope:?}, index_map={})",
                    b(*out),
                    b(*block),
                    lambda(map)
                )
            }
            Instruction::PadEinsum { block, padding } => {
                let p: Vec<String> = padding.iter().map(i64::to_string).collect();
                format!("sch.pad_einsum(block={}, padding=[{}])", b(*block), p.join(", "))
            }
            Instruction::DecomposePadding { block, l: lp, out } => {
                format!("{} = sch.decompose_padding(block={}, loop={})", b(*out), b(*block), l(*lp))
            }
            Instruction::ReadWriteAt { l: lp, block, index, scope, read, out } => {
                let (method, what) = if *read { ("read_at", "read") } else { ("write_at", "write") };
                format!(
                    "{} = sch.{method}(loop={}, block={}, {what}_buffer_index={index}, storage_scope={scope:?})",
                    b(*out),
                    l(*lp),
                    b(*block)
                )
            }
            Instruction::RollingBuffer { block, index } => {
                format!("sch.rolling_buffer(block={}, write_buffer_index={index})", b(*block))
            }
            Instruction::ComputeInline(x) => format!("sch.compute_inline(block={})", b(*x)),
            Instruction::ReverseComputeInline(x) => format!("sch.reverse_compute_inline(block={})", b(*x)),
            Instruction::FuseReductionEpilogue { reduction, epilogue } => format!(
                "sch.fuse_reduction_epilogue(reduction_block={}, epilogue_block={})",
                b(*reduction),
                b(*epilogue)
            ),
            Instruction::RFactor { l: lp, factor_axis, out } => {
                format!("{} = sch.rfactor(loop={}, factor_axis={factor_axis})", b(*out), l(*lp))
            }
            Instruction::GetProducers { block, outs } => {
                format!("{} = sch.get_producers(block={})", targets(outs, b), b(*block))
            }
            Instruction::GetConsumers { block, outs } => {
                format!("{} = sch.get_consumers(block={})", targets(outs, b), b(*block))
            }
            Instruction::SetScope { block, buffer_index, scope } => {
                format!("sch.set_scope(block={}, buffer_index={buffer_index}, storage_scope={scope:?})", b(*block))
            }
            Instruction::StorageAlign { block, buffer_index, axis, factor, offset } => format!(
                "sch.storage_align(block={}, buffer_index={buffer_index}, axis={axis}, factor={factor}, offset={offset})",
                b(*block)
            ),
            Instruction::Bind { l: lp, thread_axis } => {
                format!("sch.bind(loop={}, thread_axis={thread_axis:?})", l(*lp))
            }
            Instruction::AddUnitLoop { target, out } => {
                format!("{} = sch.add_unit_loop(block_or_loop={})", l(*out), bl(*target))
            }
            Instruction::EnterPostproc => "sch.enter_postproc()".to_string(),
            Instruction::UnsafeSetDtype { block, buffer_index, dtype } => {
                format!("sch.unsafe_set_dtype(block={}, buffer_index={buffer_index}, dtype={dtype:?})", b(*block))
            }
            Instruction::AnnotateBufferAccess { block, buffer_index, read, ranges } => {
                let params: Vec<&str> = ranges.params.iter().map(Var::name).collect();
                let pairs: Vec<String> = ranges
                    .ranges
                    .iter()
                    .map(|(a, e)| {
                        format!("({}, {})", crate::tir::script::print_expr(a), crate::tir::script::print_expr(e))
                    })
                    .collect();
                format!(
                    "sch.annotate_buffer_access(block={}, buffer_index={buffer_index}, buf_type=\"{}\", gen_new_ranges=lambda {}: [{}])",
                    b(*block),
                    if *read { "read" } else { "write" },
                    params.join(", "),
                    pairs.join(", ")
                )
            }
            Instruction::UnsafeHideBufferAccess { block, read, indices } => {
                let list: Vec<String> = indices.iter().map(ToString::to_string).collect();
                format!(
                    "sch.unsafe_hide_buffer_access(block={}, buf_type=\"{}\", buf_index_array=[{}])",
                    b(*block),
                    if *read { "read" } else { "write" },
                    list.join(", ")
                )
            }
            Instruction::SampleComputeLocation { block, decision, out } => {
                format!("{} = sch.sample_compute_location(block={}, decision={decision})", l(*out), b(*block))
            }
            Instruction::ReorderBlockIterVar { block, new_order } => {
                let order: Vec<String> = new_order.iter().map(usize::to_string).collect();
                format!("sch.reorder_block_iter_var(block={}, new_order=[{}])", b(*block), order.join(", "))
            }
            Instruction::TransformLayout { block, read, index, map, pad_value, assume_injective_transform } => {
                // TVM prints the pad value as a lambda over the new indices.
                let pad = match pad_value {
                    None => "None".to_string(),
                    Some(v) if v.params.is_empty() => {
                        let params: Vec<String> = (0..map.results.len()).map(|k| format!("indices_{k}")).collect();
                        let results: Vec<String> = v.results.iter().map(crate::tir::script::print_expr).collect();
                        format!("lambda {}: ({},)", params.join(", "), results.join(", "))
                    }
                    Some(v) => lambda(v),
                };
                format!(
                    "sch.transform_layout(block={}, buffer=(\"{}\", {index}), index_map={}, pad_value={pad}, assume_injective_transform={})",
                    b(*block),
                    if *read { "read" } else { "write" },
                    lambda(map),
                    if *assume_injective_transform { "True" } else { "False" }
                )
            }
            Instruction::TransformBlockLayout { block, map } => {
                format!("sch.transform_block_layout(block={}, index_map={})", b(*block), lambda(map))
            }
            Instruction::Reindex { block, read, index, out } => format!(
                "{} = sch.reindex(block={}, buffer=(\"{}\", {index}))",
                b(*out),
                b(*block),
                if *read { "read" } else { "write" }
            ),
            Instruction::GetOutputBlocks { scope, outs } => {
                format!("{} = sch.get_output_blocks(block={})", targets(outs, b), b(*scope))
            }
            Instruction::Unannotate { target, key } => {
                format!("sch.unannotate(block_or_loop={}, ann_key={key:?})", bl(*target))
            }
            Instruction::Annotate { target, key, value } => {
                let value = match value {
                    AnnValue::Const(c) => py_value(c),
                    AnnValue::Sampled(x) => v(*x),
                };
                format!("sch.annotate(block_or_loop={}, ann_key={key:?}, ann_val={value})", bl(*target))
            }
            Instruction::SamplePerfectTile { l: lp, n, max_innermost_factor, decision, outs } => format!(
                "{} = sch.sample_perfect_tile(loop={}, n={n}, max_innermost_factor={max_innermost_factor}, decision=[{}])",
                list(outs, v),
                l(*lp),
                decision.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")
            ),
            Instruction::SamplePartitionedTile { l: lp, n, partition_pos, innerpart_factor, decision, outs } => {
                format!(
                    "{} = sch.sample_partitioned_tile(loop={}, n={n}, partition_pos={partition_pos}, innerpart_factor={innerpart_factor}, decision=[{}])",
                    list(outs, v),
                    l(*lp),
                    decision.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")
                )
            }
            Instruction::SampleCategorical { candidates, probs, decision, out } => format!(
                "{} = sch.sample_categorical(candidates=[{}], probs=[{}], decision={decision})",
                v(*out),
                candidates.iter().map(ToString::to_string).collect::<Vec<_>>().join(", "),
                probs.iter().map(|p| crate::tir::script::g17(*p)).collect::<Vec<_>>().join(", ")
            ),
        };
        // A lookup that found nothing is the call alone, as TVM prints it
        // (`sch.get_producers(block=b78)`).
        let line = line.strip_prefix("_ = ").unwrap_or(&line);
        let _ = writeln!(s, "  {line}");
    }
    s
}

/// A split or partition factor as TVM prints it.
fn factor(f: &Factor, sampled: &dyn Fn(ExprRV) -> String) -> String {
    match f {
        Factor::Inferred => "None".to_string(),
        Factor::Const(c) => c.to_string(),
        Factor::Sampled(x) => sampled(*x),
    }
}

/// The targets of a primitive that returns a list: `a, b, c`, `a,` for one (TVM unpacks lists),
/// `_` for none ([`print`] leaves the call alone then).
fn targets<T: Copy>(xs: &[T], f: fn(T) -> String) -> String {
    match xs.len() {
        0 => "_".to_string(),
        1 => format!("{},", list(xs, f)),
        _ => list(xs, f),
    }
}

/// A trace that cannot be replayed: where, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}: {message}", line.map_or(String::from("trace"), |l| format!("trace line {l}")))]
pub struct ReplayError {
    /// The 1-based line of the trace, when known.
    pub line: Option<usize>,
    /// What went wrong (a syntax error, an unknown name, or the primitive's own error).
    pub message: String,
}

/// The name a line gives a new schedule (`s = tvm.s_tir.Schedule(mod, debug_mask="all")`).
fn schedule_made(outs: &Targets, value: &E) -> Option<String> {
    let Expr::Call(f, ..) = &value.e else { return None };
    let made = match &f.e {
        Expr::Name(n) => n == "Schedule",
        Expr::Attr(_, n) => n == "Schedule",
        _ => false,
    };
    match outs.names.as_slice() {
        [name] if made && !outs.unpack => Some(name.clone()),
        _ => None,
    }
}

/// Whether a statement only shows something (`sch.mod.show()`, `sch.trace.show()`,
/// `sch.show()`, `print(sch.mod)`): no step of the schedule. A primitive called inside
/// `print(..)` is an error rather than a step silently left out.
fn is_display(value: &E, receiver: &str) -> Result<bool, String> {
    let Expr::Call(f, args, kwargs) = &value.e else { return Ok(false) };
    Ok(match &f.e {
        Expr::Name(n) if n == "print" => {
            if args.iter().chain(kwargs.iter().map(|(_, x)| x)).any(|x| calls_receiver(x, receiver)) {
                return Err(format!(
                    "a call of `{receiver}` inside print(..) is not replayed: make it a line of its own"
                ));
            }
            true
        }
        Expr::Attr(base, m) if m == "show" => {
            let mut b = &**base;
            loop {
                match &b.e {
                    Expr::Attr(x, _) | Expr::Subscript(x, _) => b = x,
                    Expr::Name(n) => return Ok(n == receiver),
                    _ => return Ok(false),
                }
            }
        }
        _ => false,
    })
}

/// Whether `e` calls a method of the schedule (`sch.get_loops(b)` anywhere in it).
fn calls_receiver(e: &E, receiver: &str) -> bool {
    stacker::maybe_grow(64 * 1024, 1024 * 1024, || {
        let any = |xs: &[E]| xs.iter().any(|x| calls_receiver(x, receiver));
        match &e.e {
            Expr::Call(f, args, kwargs) => {
                // (`sch.<method>(..)` itself; `sch.mod.script()` only shows.)
                matches!(&f.e, Expr::Attr(x, _) if matches!(&x.e, Expr::Name(n) if n == receiver))
                    || calls_receiver(f, receiver)
                    || any(args)
                    || kwargs.iter().any(|(_, x)| calls_receiver(x, receiver))
            }
            Expr::Attr(x, _) | Expr::Unary(_, x) => calls_receiver(x, receiver),
            Expr::Subscript(x, xs) => calls_receiver(x, receiver) || any(xs),
            Expr::Tuple(xs) | Expr::List(xs) | Expr::BoolOp(_, xs) => any(xs),
            Expr::Bin(_, a, b) => calls_receiver(a, receiver) || calls_receiver(b, receiver),
            Expr::Compare(a, rest) => {
                calls_receiver(a, receiver) || rest.iter().any(|(_, x)| calls_receiver(x, receiver))
            }
            Expr::IfExp(a, b, c) => [a, b, c].iter().any(|x| calls_receiver(x, receiver)),
            Expr::Dict(kv) => kv.iter().any(|(k, v)| calls_receiver(k, receiver) || calls_receiver(v, receiver)),
            _ => false,
        }
    })
}

/// A handle named in the trace text.
#[derive(Clone, Copy)]
enum Named {
    Block(BlockRV),
    Loop(LoopRV),
    Int(ExprRV),
}

impl Schedule {
    /// Apply a trace (as [`Schedule::trace`] or TVM prints it, or the bare `sch.` lines a user
    /// writes, positional or keyword arguments) to `func`.
    ///
    /// # Errors
    /// A line that is not a known primitive, a name used before it is assigned, or a primitive
    /// that fails (its error, with the line).
    pub fn replay(func: PrimFunc, text: &str) -> Result<Schedule, ReplayError> {
        Schedule::new(func).replay_more(text)
    }

    /// Apply a trace to this schedule, after what it holds (a schedule with tensor intrinsics
    /// registered, say): as [`Schedule::replay`].
    ///
    /// # Errors
    /// As [`Schedule::replay`].
    pub fn replay_more(self, text: &str) -> Result<Schedule, ReplayError> {
        let at = |span: Span| Some(text[..(span.start as usize).min(text.len())].matches('\n').count() + 1);
        let toks = py::tokenize(text).map_err(|e| ReplayError { line: at(e.span), message: e.message })?;
        let stmts = py::Parser::new(toks).file().map_err(|e| ReplayError { line: at(e.span), message: e.message })?;
        // A whole file as TVM users keep one (`from tvm import s_tir` above `def apply_trace`):
        // the imports are skipped and the one function's body is the trace.
        let is_import = |st: &&S| matches!(st.s, Stmt::Import { .. } | Stmt::Pass);
        let body: Vec<S> = match stmts.iter().filter(|st| !is_import(st)).collect::<Vec<_>>().as_slice() {
            [S { s: Stmt::Def { body, .. }, .. }] => body.clone(),
            _ => stmts,
        };
        let mut sch = self;
        let mut scope = Scope::default();
        for st in &body {
            let line = at(st.span);
            let fail = |message: String| ReplayError { line, message };
            let (outs, value) = match &st.s {
                Stmt::Pass | Stmt::Import { .. } => continue,
                Stmt::Expr(e) => (Targets::default(), e),
                Stmt::Assign { targets, value } if targets.len() == 1 => {
                    (target_names(&targets[0]).map_err(fail)?, value)
                }
                Stmt::Def { .. } => {
                    return Err(fail(
                        "a trace is one `def apply_trace(sch)` or bare `sch.<primitive>(...)` lines, not both".into(),
                    ));
                }
                _ => return Err(fail("expected `sch.<primitive>(...)` or `names = sch.<primitive>(...)`".into())),
            };
            // The lines of a tutorial around the primitives: the schedule made over the kernel
            // (`sch = tvm.s_tir.Schedule(MyModule)`, which names it), and what it shows.
            if let Some(name) = schedule_made(&outs, value) {
                if scope.receiver.is_some() {
                    return Err(fail("a trace schedules one function: a second `Schedule(...)`".into()));
                }
                scope.receiver = Some(name);
                continue;
            }
            if outs.names.is_empty() && is_display(value, scope.receiver()).map_err(fail)? {
                continue;
            }
            let made = match (&value.e, outs.names.is_empty()) {
                // A statement of its own is a primitive; an assigned value may also be a handle
                // picked from a list (`l = loops[0]`).
                (Expr::Call(..), _) | (_, true) => sch.replay_call(value, &mut scope),
                _ => sch.resolve(value, &mut scope).and_then(|e| scope.value(&e)),
            }
            .map_err(fail)?;
            scope.bind(&outs, made).map_err(fail)?;
        }
        Ok(sch)
    }

    /// Apply one `sch.<primitive>(...)` (its arguments' own calls first, in order, as Python
    /// does); the handles it made.
    fn replay_call(&mut self, call: &E, scope: &mut Scope) -> Result<Made, String> {
        let Expr::Call(f, args, kwargs) = &call.e else { return Err("expected a call of a schedule primitive".into()) };
        let Expr::Attr(base, method) = &f.e else { return Err("expected `sch.<primitive>(...)`".into()) };
        if !matches!(&base.e, Expr::Name(n) if n == scope.receiver()) {
            return Err(format!("expected `{}.<primitive>(...)`", scope.receiver()));
        }
        let mut args = args.iter().map(|x| self.resolve(x, scope)).collect::<Result<Vec<_>, _>>()?;
        let mut kwargs =
            kwargs.iter().map(|(k, x)| Ok((k.clone(), self.resolve(x, scope)?))).collect::<Result<Vec<_>, String>>()?;
        // A block given by its name is looked up first, as TVM's Python API does (and records).
        for &(pos, key) in block_name_args(method) {
            let arg = match kwargs.iter_mut().find(|(k, _)| k == key) {
                Some((_, v)) => Some(v),
                None => args.get_mut(pos),
            };
            let Some(arg) = arg else { continue };
            let names: Vec<&mut E> = match &mut arg.e {
                Expr::List(xs) | Expr::Tuple(xs) => xs.iter_mut().collect(),
                _ => vec![arg],
            };
            for x in names {
                if let Expr::Str(name) = &x.e {
                    let rv = se(self.get_block(name))?;
                    x.e = Expr::Name(scope.fresh(Named::Block(rv)));
                }
            }
        }
        let a = Args { positional: &args, keywords: &kwargs, names: &scope.names, asked: Default::default() };
        let made = self.apply_call(method, &a)?;
        // An argument the primitive did not read would be a silently different schedule.
        if let Some(e) = a.unread() {
            return Err(format!("sch.{method}: {e}"));
        }
        Ok(if returns_list(method) { Made::List(made) } else { Made::Handles(made) })
    }

    /// `e` with the calls and list lookups in it done: `sch.get_loops(b)[0]` becomes the name of
    /// that loop, `loops` (a list the trace named) the list of its handles' names.
    fn resolve(&mut self, e: &E, scope: &mut Scope) -> Result<E, String> {
        // Nesting is bounded by the reader's depth limit; calls nest two frames a level.
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || self.resolve_in(e, scope))
    }

    fn resolve_in(&mut self, e: &E, scope: &mut Scope) -> Result<E, String> {
        let at = |x: Expr| E { e: x, span: e.span };
        Ok(match &e.e {
            Expr::Call(f, ..) if matches!(&f.e, Expr::Attr(base, _) if matches!(&base.e, Expr::Name(n) if n == scope.receiver())) =>
            {
                let made = self.replay_call(e, scope)?;
                match made {
                    Made::Handles(h) if h.len() == 1 => at(Expr::Name(scope.fresh(h[0]))),
                    Made::Handles(h) | Made::List(h) => at(Expr::List(scope.names_of(h, e.span))),
                }
            }
            Expr::Name(n) if !scope.names.contains_key(n) && scope.lists.contains_key(n) => {
                at(Expr::List(scope.names_of(scope.lists[n].clone(), e.span)))
            }
            Expr::Subscript(base, index) => {
                let items = match &base.e {
                    Expr::Name(n) if scope.lists.contains_key(n) => scope.names_of(scope.lists[n].clone(), e.span),
                    _ => match self.resolve(base, scope)?.e {
                        Expr::List(items) => items,
                        _ => return Err("only a list of handles is indexed in a trace".into()),
                    },
                };
                match index.as_slice() {
                    [i] => match (&i.e, int_literal(i)) {
                        (_, Some(Ok(k))) => {
                            let n = items.len() as i64;
                            let k = if k < 0 { k + n } else { k };
                            usize::try_from(k)
                                .ok()
                                .and_then(|k| items.get(k).cloned())
                                .ok_or_else(|| format!("list index {k} out of range (the list has {n})"))?
                        }
                        (Expr::Slice(lo, hi, None), _) => {
                            let n = items.len() as i64;
                            let bound = |b: &Option<Box<E>>, dflt: i64| -> Result<usize, String> {
                                let k = match b {
                                    None => dflt,
                                    Some(b) => match int_literal(b) {
                                        Some(Ok(k)) => k,
                                        _ => return Err("a list slice takes integer bounds".into()),
                                    },
                                };
                                let k = if k < 0 { k + n } else { k };
                                Ok(k.clamp(0, n) as usize)
                            };
                            let (lo, hi) = (bound(lo, 0)?, bound(hi, n)?);
                            at(Expr::List(items.get(lo..hi.max(lo)).unwrap_or_default().to_vec()))
                        }
                        _ => return Err("a list is indexed by an integer or a slice".into()),
                    },
                    _ => return Err("a list is indexed by one integer or slice".into()),
                }
            }
            Expr::List(xs) => at(Expr::List(xs.iter().map(|x| self.resolve(x, scope)).collect::<Result<_, _>>()?)),
            Expr::Tuple(xs) => at(Expr::Tuple(xs.iter().map(|x| self.resolve(x, scope)).collect::<Result<_, _>>()?)),
            _ => e.clone(),
        })
    }

    /// Apply one call; the handles it made.
    fn apply_call(&mut self, method: &str, a: &Args<'_>) -> Result<Vec<Named>, String> {
        let loops_made = |ls: &[LoopRV]| Ok(ls.iter().map(|&x| Named::Loop(x)).collect());
        match method {
            "get_sblock" | "get_block" => {
                let name = a.string(0, "name")?;
                // A schedule works on one function: TVM prints it as "main".
                if a.optional(1, "func_name").is_some() {
                    let f = a.string(1, "func_name")?;
                    if f != "main" && f != self.func.name {
                        return Err(format!("func_name '{f}': this schedule works on function '{}'", self.func.name));
                    }
                }
                let rv = se(self.get_block(&name))?;
                Ok(vec![Named::Block(rv)])
            }
            "get_loops" => {
                let blk = a.block(0, "block")?;
                let ls = se(self.get_loops(blk))?;
                loops_made(&ls)
            }
            "get_child_blocks" => {
                let parent = a.block_or_loop(0, "block_or_loop")?;
                let bs = se(self.get_child_blocks(parent))?;
                Ok(bs.iter().map(|&x| Named::Block(x)).collect())
            }
            "split" => {
                let lp = a.loop_(0, "loop")?;
                let factors = a.factors(1, "factors")?;
                let opts = SplitOptions {
                    preserve_unit_iters: a.optional_flag(2, "preserve_unit_iters")?.unwrap_or(true),
                    disable_predication: a.optional_flag(3, "disable_predication")?.unwrap_or(false),
                };
                let ls = se(self.split_with(lp, &factors, opts))?;
                loops_made(&ls)
            }
            "loop_partition" => {
                let lp = a.loop_(0, "loop")?;
                let factors = a.factors(1, "factors")?;
                let preserve = a.optional_flag(2, "preserve_unit_iters")?.unwrap_or(true);
                let ls = se(self.loop_partition(lp, &factors, preserve))?;
                loops_made(&ls)
            }
            "sample_perfect_tile" => {
                let lp = a.loop_(0, "loop")?;
                let n = usize::try_from(a.int(1, "n")?).map_err(|_| "'n' must not be negative")?;
                let max = a.optional_int(2, "max_innermost_factor")?.unwrap_or(16);
                let decision = a.optional_ints(3, "decision")?;
                let vs = se(self.sample_perfect_tile(lp, n, max, decision.as_deref()))?;
                Ok(vs.iter().map(|&x| Named::Int(x)).collect())
            }
            "sample_partitioned_tile" => {
                let lp = a.loop_(0, "loop")?;
                let n = usize::try_from(a.int(1, "n")?).map_err(|_| "'n' must not be negative")?;
                let pos = a.optional_int(2, "partition_pos")?.unwrap_or(0);
                let pos = usize::try_from(pos).map_err(|_| "'partition_pos' must not be negative")?;
                let factor = a.optional_int(3, "innerpart_factor")?.unwrap_or(1);
                let decision = a.optional_ints(4, "decision")?;
                let vs = se(self.sample_partitioned_tile(lp, n, pos, factor, decision.as_deref()))?;
                Ok(vs.iter().map(|&x| Named::Int(x)).collect())
            }
            "sample_categorical" => {
                let candidates = a.optional_ints(0, "candidates")?.ok_or("missing argument 'candidates'")?;
                let probs = a.floats(1, "probs")?;
                let decision =
                    a.optional_int(2, "decision")?.map(usize::try_from).transpose().map_err(|_| "negative decision")?;
                let out = se(self.sample_categorical(&candidates, &probs, decision))?;
                Ok(vec![Named::Int(out)])
            }
            "fuse" => {
                let ls = a.loops()?;
                // Keyword-only after the loops.
                a.expect_flag(usize::MAX, "preserve_unit_iters", true)?;
                let f = se(self.fuse(&ls))?;
                loops_made(&[f])
            }
            "merge" => {
                let ls = a.loops()?;
                let m = se(self.merge(&ls))?;
                loops_made(&[m])
            }
            "reorder" => {
                let ls = a.loops()?;
                se(self.reorder(&ls))?;
                Ok(Vec::new())
            }
            "parallel" | "vectorize" | "unroll" => {
                let lp = a.loop_(0, "loop")?;
                se(match method {
                    "parallel" => self.parallel(lp),
                    "vectorize" => self.vectorize(lp),
                    _ => self.unroll(lp),
                })?;
                Ok(Vec::new())
            }
            "cache_write" => {
                let blk = a.block(0, "block")?;
                let index = a.int(1, "write_buffer_index")?;
                let scope = a.string(2, "storage_scope")?;
                let consumers = a.optional_blocks(3, "consumer_blocks")?;
                let out = se(self.cache_write_for(
                    blk,
                    usize::try_from(index).map_err(|_| "negative write_buffer_index")?,
                    &scope,
                    &consumers,
                ))?;
                Ok(vec![Named::Block(out)])
            }
            "cache_read" => {
                let blk = a.block(0, "block")?;
                let index = a.int(1, "read_buffer_index")?;
                let scope = a.string(2, "storage_scope")?;
                let consumers = a.optional_blocks(3, "consumer_blocks")?;
                let out = se(self.cache_read_for(
                    blk,
                    usize::try_from(index).map_err(|_| "negative read_buffer_index")?,
                    &scope,
                    &consumers,
                ))?;
                Ok(vec![Named::Block(out)])
            }
            "cache_index" => {
                let blk = a.block(0, "block")?;
                let scope = a.string(1, "storage_scope")?;
                let thresh = a.optional_int(2, "cse_thresh")?.unwrap_or(0);
                let outs = se(self.cache_index(blk, &scope, thresh))?;
                Ok(outs.into_iter().map(Named::Block).collect())
            }
            "cache_inplace" => {
                let blk = a.block(0, "block")?;
                let index =
                    usize::try_from(a.int(1, "read_buffer_index")?).map_err(|_| "negative read_buffer_index")?;
                let scope = a.string(2, "storage_scope")?;
                let (fill, write_back) = se(self.cache_inplace(blk, index, &scope))?;
                Ok(vec![Named::Block(fill), Named::Block(write_back)])
            }
            "reverse_compute_at" | "compute_at" => {
                let blk = a.block(0, "block")?;
                let lp = a.loop_(1, "loop")?;
                let opts = ComputeAtOptions {
                    preserve_unit_loops: a.optional_flag(2, "preserve_unit_loops")?.unwrap_or(false),
                    index: a.optional_int(3, "index")?.unwrap_or(-1),
                };
                se(if method == "compute_at" {
                    self.compute_at_with(blk, lp, opts)
                } else {
                    self.reverse_compute_at_with(blk, lp, opts)
                })?;
                Ok(Vec::new())
            }
            "tensorize" => {
                let target = a.block_or_loop(0, "block_or_loop")?;
                let intrin = a.string(1, "tensor_intrin")?;
                a.expect_flag(2, "preserve_unit_iters", true)?;
                se(self.tensorize(target, &intrin))?;
                Ok(Vec::new())
            }
            "blockize" => {
                let preserve = a.optional_flag(1, "preserve_unit_iters")?.unwrap_or(true);
                let out = if a.is_list(0, "target") {
                    let blocks = a.optional_blocks(0, "target")?;
                    se(self.blockize_blocks(&blocks, preserve))?
                } else {
                    let lp = a.loop_(0, "target")?;
                    se(self.blockize_with(lp, preserve))?
                };
                Ok(vec![Named::Block(out)])
            }
            "decompose_reduction" => {
                let blk = a.block(0, "block")?;
                let lp = a.loop_(1, "loop")?;
                let out = se(self.decompose_reduction(blk, lp))?;
                Ok(vec![Named::Block(out)])
            }
            "reindex_cache_read" | "reindex_cache_write" => {
                let blk = a.block(0, "block")?;
                let read = method == "reindex_cache_read";
                let key = if read { "read_buffer_index" } else { "write_buffer_index" };
                let index = usize::try_from(a.int(1, key)?).map_err(|_| format!("negative {key}"))?;
                let scope = a.string(2, "storage_scope")?;
                let map = a.index_map(3, "index_map", self)?;
                let out = se(if read {
                    self.reindex_cache_read(blk, index, &scope, &map)
                } else {
                    self.reindex_cache_write(blk, index, &scope, &map)
                })?;
                Ok(vec![Named::Block(out)])
            }
            "pad_einsum" => {
                let blk = a.block(0, "block")?;
                let padding = a.optional_ints(1, "padding")?.ok_or("'padding' is required")?;
                se(self.pad_einsum(blk, &padding))?;
                Ok(Vec::new())
            }
            "decompose_padding" => {
                let blk = a.block(0, "block")?;
                let lp = a.loop_(1, "loop")?;
                let out = se(self.decompose_padding(blk, lp))?;
                Ok(vec![Named::Block(out)])
            }
            "get_producers" | "get_consumers" => {
                let blk = a.block(0, "block")?;
                let bs = se(if method == "get_producers" { self.get_producers(blk) } else { self.get_consumers(blk) })?;
                Ok(bs.iter().map(|&x| Named::Block(x)).collect())
            }
            "set_scope" => {
                let blk = a.block(0, "block")?;
                let index = usize::try_from(a.int(1, "buffer_index")?).map_err(|_| "negative buffer_index")?;
                let scope = a.string(2, "storage_scope")?;
                se(self.set_scope(blk, index, &scope))?;
                Ok(Vec::new())
            }
            "storage_align" => {
                let blk = a.block(0, "block")?;
                let index = usize::try_from(a.int(1, "buffer_index")?).map_err(|_| "negative buffer_index")?;
                se(self.storage_align(blk, index, a.int(2, "axis")?, a.int(3, "factor")?, a.int(4, "offset")?))?;
                Ok(Vec::new())
            }
            "bind" => {
                let lp = a.loop_(0, "loop")?;
                let axis = a.string(1, "thread_axis")?;
                se(self.bind(lp, &axis))?;
                Ok(Vec::new())
            }
            "add_unit_loop" => {
                let target = a.block_or_loop(0, "block_or_loop")?;
                let out = se(self.add_unit_loop(target))?;
                loops_made(&[out])
            }
            "transform_layout" => {
                let blk = a.block(0, "block")?;
                let (read, index) = a.buffer_index(1, "buffer", blk, self)?;
                let map = a.index_map(2, "index_map", self)?;
                let pad_value = match a.optional(3, "pad_value").map(|e| &e.e) {
                    None | Some(Expr::None) => None,
                    // A number, as Python's ints and floats convert (int32, float32).
                    Some(Expr::Int(_) | Expr::Float(_) | Expr::Unary("-", _)) => {
                        let v = match a.value(3, "pad_value")? {
                            AttrValue::Int(i) => crate::tir::ast::PrimExpr::int_of(i, crate::tir::DataType::INT32),
                            AttrValue::Float(f) => {
                                crate::tir::ast::PrimExpr::float_of(f, crate::tir::DataType::FLOAT32)
                            }
                            _ => return Err("'pad_value' must be a number or a lambda".into()),
                        };
                        Some(IndexMap { params: Vec::new(), results: vec![v] })
                    }
                    Some(_) => Some(a.index_map(3, "pad_value", self)?),
                };
                let assume_injective_transform = a.optional_flag(4, "assume_injective_transform")?.unwrap_or(false);
                let padding = super::LayoutPadding { pad_value, assume_injective_transform };
                se(self.transform_layout_with(blk, read, index, &map, &padding))?;
                Ok(Vec::new())
            }
            "transform_block_layout" => {
                let blk = a.block(0, "block")?;
                let map = a.index_map(1, "index_map", self)?;
                se(self.transform_block_layout(blk, &map))?;
                Ok(Vec::new())
            }
            "reindex" => {
                let blk = a.block(0, "block")?;
                let (read, index) = a.buffer_index(1, "buffer", blk, self)?;
                let out = se(self.reindex(blk, read, index))?;
                Ok(vec![Named::Block(out)])
            }
            "get_output_blocks" => {
                // The trace's keyword is `block`; the Python API's, `scope_block`.
                let key = if a.keywords.iter().any(|(k, _)| k == "scope_block") { "scope_block" } else { "block" };
                let scope = a.block(0, key)?;
                let bs = se(self.get_output_blocks(scope))?;
                Ok(bs.iter().map(|&x| Named::Block(x)).collect())
            }
            "sample_compute_location" => {
                let blk = a.block(0, "block")?;
                let decision = a.optional_int(1, "decision")?;
                let out = se(self.sample_compute_location(blk, decision))?;
                loops_made(&[out])
            }
            "unsafe_set_dtype" => {
                let blk = a.block(0, "block")?;
                let index = usize::try_from(a.int(1, "buffer_index")?).map_err(|_| "negative buffer_index")?;
                let dtype = a.string(2, "dtype")?;
                se(self.unsafe_set_dtype(blk, index, &dtype))?;
                Ok(Vec::new())
            }
            "annotate_buffer_access" => {
                let blk = a.block(0, "block")?;
                let index =
                    usize::try_from(a.int(1, "buffer_index")?).map_err(|_| "negative buffer_index".to_string())?;
                let read = a.buf_type(2, method)?;
                let ranges = a.access_ranges(3, "gen_new_ranges", self)?;
                se(self.annotate_buffer_access(blk, index, read, &ranges))?;
                Ok(Vec::new())
            }
            "unsafe_hide_buffer_access" => {
                let blk = a.block(0, "block")?;
                let read = a.buf_type(1, method)?;
                let indices = a.optional_ints(2, "buf_index_array")?.ok_or("missing argument 'buf_index_array'")?;
                let indices: Vec<usize> = indices
                    .iter()
                    .map(|&i| usize::try_from(i).map_err(|_| format!("unsafe_hide_buffer_access: negative index {i}")))
                    .collect::<Result<_, _>>()?;
                se(self.unsafe_hide_buffer_access(blk, read, &indices))?;
                Ok(Vec::new())
            }
            "reorder_block_iter_var" => {
                let blk = a.block(0, "block")?;
                let order = a.optional_ints(1, "new_order")?.ok_or("missing argument 'new_order'")?;
                let order: Vec<usize> = order
                    .iter()
                    .map(|&i| usize::try_from(i))
                    .collect::<Result<_, _>>()
                    .map_err(|_| "negative index in 'new_order'")?;
                se(self.reorder_block_iter_var(blk, &order))?;
                Ok(Vec::new())
            }
            "enter_postproc" => {
                self.enter_postproc();
                Ok(Vec::new())
            }
            "unannotate" => {
                let target = a.block_or_loop(0, "block_or_loop")?;
                let key = a.string(1, "ann_key")?;
                se(self.unannotate(target, &key))?;
                Ok(Vec::new())
            }
            "rfactor" => {
                let lp = a.loop_(0, "loop")?;
                let axis = a.int(1, "factor_axis")?;
                let out = se(self.rfactor(lp, axis))?;
                Ok(vec![Named::Block(out)])
            }
            "compute_inline" | "reverse_compute_inline" => {
                let blk = a.block(0, "block")?;
                se(if method == "compute_inline" {
                    self.compute_inline(blk)
                } else {
                    self.reverse_compute_inline(blk)
                })?;
                Ok(Vec::new())
            }
            "read_at" | "write_at" => {
                let lp = a.loop_(0, "loop")?;
                let blk = a.block(1, "block")?;
                let key = if method == "read_at" { "read_buffer_index" } else { "write_buffer_index" };
                let index = usize::try_from(a.int(2, key)?).map_err(|_| format!("negative {key}"))?;
                let scope = a.string(3, "storage_scope")?;
                let out = se(if method == "read_at" {
                    self.read_at(lp, blk, index, &scope)
                } else {
                    self.write_at(lp, blk, index, &scope)
                })?;
                Ok(vec![Named::Block(out)])
            }
            "rolling_buffer" => {
                let blk = a.block(0, "block")?;
                let index =
                    usize::try_from(a.int(1, "write_buffer_index")?).map_err(|_| "negative write_buffer_index")?;
                se(self.rolling_buffer(blk, index))?;
                Ok(Vec::new())
            }
            "fuse_reduction_epilogue" => {
                let (red, epi) = (a.block(0, "reduction_block")?, a.block(1, "epilogue_block")?);
                se(self.fuse_reduction_epilogue(red, epi))?;
                Ok(Vec::new())
            }
            "annotate" => {
                let target = a.block_or_loop(0, "block_or_loop")?;
                let key = a.string(1, "ann_key")?;
                let value = match &a.get(2, "ann_val")?.e {
                    Expr::Name(n) if n != "True" && n != "False" => match a.named(a.get(2, "ann_val")?)? {
                        Named::Int(x) => AnnValue::Sampled(x),
                        _ => return Err("'ann_val' must be a value".into()),
                    },
                    _ => AnnValue::Const(a.value(2, "ann_val")?),
                };
                se(self.annotate_with(target, &key, value))?;
                Ok(Vec::new())
            }
            other => Err(format!("unknown or unsupported schedule primitive 'sch.{other}'")),
        }
    }
}

/// An integer literal, possibly negated (`Some(Err)`: out of `i64`'s range; `None`: not one).
fn int_literal(e: &E) -> Option<Result<i64, ()>> {
    match &e.e {
        // A typed constant as a user writes one (`T.int64(1)`).
        Expr::Call(f, args, kw) if kw.is_empty() && args.len() == 1 => match &f.e {
            Expr::Attr(t, ty)
                if matches!(&t.e, Expr::Name(n) if n == "T")
                    && crate::tir::dtype::DataType::parse(ty).is_some_and(|d| d.is_int() || d.is_uint()) =>
            {
                int_literal(&args[0])
            }
            _ => None,
        },
        Expr::Int(i) => Some(i64::try_from(*i).map_err(|_| ())),
        Expr::Unary("-", x) => match &x.e {
            Expr::Int(i) => Some(i64::try_from(-*i).map_err(|_| ())),
            _ => None,
        },
        _ => None,
    }
}

/// A primitive's error as a replay message.
fn se<T>(r: Result<T, ScheduleError>) -> Result<T, String> {
    r.map_err(|e| e.to_string())
}

/// The names a statement assigns (`b0`, `l1, l2, l3`, `_`), and whether they were a tuple
/// (`b1, = ...` unpacks a list of one).
#[derive(Default)]
struct Targets {
    names: Vec<String>,
    unpack: bool,
}

fn target_names(t: &E) -> Result<Targets, String> {
    match &t.e {
        Expr::Name(n) => Ok(Targets { names: vec![n.clone()], unpack: false }),
        Expr::Tuple(xs) | Expr::List(xs) => Ok(Targets {
            names: xs
                .iter()
                .map(|x| match &x.e {
                    Expr::Name(n) => Ok(n.clone()),
                    _ => Err("assignment targets must be names".to_string()),
                })
                .collect::<Result<_, _>>()?,
            unpack: true,
        }),
        _ => Err("assignment targets must be names".into()),
    }
}

/// What a primitive made: a list (`get_loops`, `split`: TVM returns a Python list, which a
/// trace may name whole and index) or handles.
enum Made {
    List(Vec<Named>),
    Handles(Vec<Named>),
}

/// The arguments TVM's Python API also takes as a block's name (its `_normalize_block_arg`), in
/// the order it looks them up: position and keyword.
fn block_name_args(method: &str) -> &'static [(usize, &'static str)] {
    match method {
        "get_output_blocks" => &[(0, "scope_block"), (0, "block")],
        "cache_read" | "cache_write" => &[(3, "consumer_blocks"), (0, "block")],
        "fuse_reduction_epilogue" => &[(0, "reduction_block"), (1, "epilogue_block")],
        "sample_compute_location"
        | "get_loops"
        | "get_producers"
        | "get_consumers"
        | "reindex_cache_read"
        | "reindex_cache_write"
        | "cache_inplace"
        | "cache_index"
        | "reindex"
        | "compute_at"
        | "reverse_compute_at"
        | "compute_inline"
        | "reverse_compute_inline"
        | "decompose_reduction"
        | "storage_align"
        | "set_scope"
        | "unsafe_set_dtype"
        | "transform_layout"
        | "transform_block_layout"
        | "decompose_padding"
        | "pad_einsum"
        | "rolling_buffer" => &[(0, "block")],
        _ => &[],
    }
}

/// The primitives that return a list in TVM's Python API.
fn returns_list(method: &str) -> bool {
    matches!(
        method,
        "get_loops"
            | "get_child_blocks"
            | "get_producers"
            | "get_consumers"
            | "get_output_blocks"
            | "split"
            | "loop_partition"
            | "sample_perfect_tile"
            | "sample_partitioned_tile"
    )
}

/// The handles a trace has named so far.
#[derive(Default)]
struct Scope {
    /// The schedule's name when a line made it (`s = tvm.s_tir.Schedule(mod)`); else `sch`.
    receiver: Option<String>,
    names: HashMap<String, Named>,
    /// Lists named whole (`loops = sch.get_loops(b)`).
    lists: HashMap<String, Vec<Named>>,
    /// Names given to handles used without one (`sch.get_loops(b)[0]`).
    fresh: usize,
}

impl Scope {
    /// The name the trace calls the schedule by.
    fn receiver(&self) -> &str {
        self.receiver.as_deref().unwrap_or("sch")
    }

    /// A name for a handle the trace did not name (one no Python name can be).
    fn fresh(&mut self, h: Named) -> String {
        self.fresh += 1;
        let n = format!("%{}", self.fresh);
        self.names.insert(n.clone(), h);
        n
    }

    /// Names for handles (a list the trace did not name, or one it named whole), as
    /// expressions at `span`.
    fn names_of(&mut self, handles: Vec<Named>, span: Span) -> Vec<E> {
        handles.into_iter().map(|h| E { e: Expr::Name(self.fresh(h)), span }).collect()
    }

    /// The handles a resolved expression stands for.
    fn value(&self, e: &E) -> Result<Made, String> {
        let one = |x: &E| match &x.e {
            Expr::Name(n) => self.names.get(n).copied().ok_or_else(|| format!("'{n}' is not defined")),
            _ => Err("expected a schedule primitive, a name or a list of them".to_string()),
        };
        match &e.e {
            Expr::List(xs) | Expr::Tuple(xs) => Ok(Made::List(xs.iter().map(one).collect::<Result<_, _>>()?)),
            _ => Ok(Made::Handles(vec![one(e)?])),
        }
    }

    /// Give what a statement made the names it assigns (as many as it made; `_` or no target
    /// discards them).
    fn bind(&mut self, outs: &Targets, made: Made) -> Result<(), String> {
        let (list, made) = match made {
            Made::List(v) => (true, v),
            Made::Handles(v) => (false, v),
        };
        match (outs.names.as_slice(), made.len()) {
            ([], _) => {}
            ([one], _) if one == "_" => {}
            ([one], n) if !outs.unpack && (list || n != 1) => {
                // A list named whole; a list of one is also its handle (the lenient reading
                // Strata always had: `l = sch.fuse(..)`-style lines of older traces).
                self.names.remove(one);
                if n == 1 {
                    self.names.insert(one.clone(), made[0]);
                }
                self.lists.insert(one.clone(), made);
            }
            (outs, n) if outs.len() == n => {
                for (name, rv) in outs.iter().zip(made) {
                    self.lists.remove(name);
                    self.names.insert(name.clone(), rv);
                }
            }
            (outs, n) => return Err(format!("{} names are assigned but the primitive made {n}", outs.len())),
        }
        Ok(())
    }
}

/// A call's arguments, by position or keyword.
struct Args<'a> {
    positional: &'a [E],
    keywords: &'a [(String, E)],
    names: &'a HashMap<String, Named>,
    /// The keywords and the positions a primitive asked for (what it did not ask for is an
    /// argument it would ignore: an error, not a silently different schedule).
    asked: std::cell::RefCell<Vec<(usize, String)>>,
}

impl Args<'_> {
    /// An argument given that the primitive did not read.
    fn unread(&self) -> Option<String> {
        let asked = self.asked.borrow();
        if let Some((k, _)) = self.keywords.iter().find(|(k, _)| !asked.iter().any(|(_, a)| a == k)) {
            return Some(format!("unexpected keyword argument '{k}'"));
        }
        // Keyword-only arguments are asked for at position `usize::MAX`.
        let max = asked.iter().filter(|(p, _)| *p != usize::MAX).map(|(p, _)| p + 1).max().unwrap_or(0);
        (self.positional.len() > max)
            .then(|| format!("{} positional arguments given, at most {max} taken", self.positional.len()))
    }

    fn get(&self, pos: usize, key: &str) -> Result<&E, String> {
        self.asked.borrow_mut().push((pos, key.to_string()));
        self.keywords
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v)
            .or_else(|| self.positional.get(pos))
            .ok_or_else(|| format!("missing argument '{key}'"))
    }

    fn named(&self, e: &E) -> Result<Named, String> {
        match &e.e {
            Expr::Name(n) => self.names.get(n).copied().ok_or_else(|| format!("'{n}' is not defined")),
            _ => Err("expected the name of a block or loop".into()),
        }
    }

    fn block(&self, pos: usize, key: &str) -> Result<BlockRV, String> {
        match self.named(self.get(pos, key)?)? {
            Named::Block(x) => Ok(x),
            _ => Err(format!("'{key}' must be a block")),
        }
    }

    fn loop_(&self, pos: usize, key: &str) -> Result<LoopRV, String> {
        match self.named(self.get(pos, key)?)? {
            Named::Loop(x) => Ok(x),
            _ => Err(format!("'{key}' must be a loop")),
        }
    }

    /// `buf_type="read"` (true) or `"write"`, with TVM's message for anything else.
    fn buf_type(&self, pos: usize, primitive: &str) -> Result<bool, String> {
        match self.string(pos, "buf_type")?.as_str() {
            "read" => Ok(true),
            "write" => Ok(false),
            other => Err(format!(
                "{primitive}: The buffer type for {} schedule should either be 'read' or 'write', got {other} instead.",
                primitive.trim_start_matches("unsafe_")
            )),
        }
    }

    /// Whether the argument is a list or tuple (`[b1, b2]`).
    fn is_list(&self, pos: usize, key: &str) -> bool {
        self.optional(pos, key).is_some_and(|e| matches!(e.e, Expr::List(_) | Expr::Tuple(_)))
    }

    /// A list of blocks (`[b1, b2]`), if given.
    fn optional_blocks(&self, pos: usize, key: &str) -> Result<Vec<BlockRV>, String> {
        let Some(e) = self.optional(pos, key) else { return Ok(Vec::new()) };
        let (Expr::List(xs) | Expr::Tuple(xs)) = &e.e else { return Err(format!("'{key}' must be a list of blocks")) };
        xs.iter()
            .map(|x| match self.named(x)? {
                Named::Block(b) => Ok(b),
                _ => Err(format!("'{key}' must be a list of blocks")),
            })
            .collect()
    }

    fn block_or_loop(&self, pos: usize, key: &str) -> Result<BlockOrLoop, String> {
        match self.named(self.get(pos, key)?)? {
            Named::Loop(x) => Ok(BlockOrLoop::Loop(x)),
            Named::Block(x) => Ok(BlockOrLoop::Block(x)),
            Named::Int(_) => Err(format!("'{key}' must be a block or a loop")),
        }
    }

    /// All positional arguments as loops (`fuse(l1, l2)`, `reorder(l1, l2)`).
    fn loops(&self) -> Result<Vec<LoopRV>, String> {
        self.asked.borrow_mut().extend((0..self.positional.len()).map(|p| (p, String::new())));
        // A list among them is spread (`sch.fuse(*loops[:2])`: the reader keeps the list).
        self.positional
            .iter()
            .flat_map(|e| match &e.e {
                Expr::List(xs) | Expr::Tuple(xs) => xs.iter().collect(),
                _ => vec![e],
            })
            .map(|e| match self.named(e)? {
                Named::Loop(x) => Ok(x),
                _ => Err("expected loops".to_string()),
            })
            .collect()
    }

    fn optional_ints(&self, pos: usize, key: &str) -> Result<Option<Vec<i64>>, String> {
        let Some(e) = self.optional(pos, key) else { return Ok(None) };
        let (Expr::List(xs) | Expr::Tuple(xs)) = &e.e else {
            return Err(format!("'{key}' must be a list of integers"));
        };
        xs.iter()
            .map(|x| match int_literal(x) {
                Some(Ok(i)) => Ok(i),
                Some(Err(())) => Err(format!("'{key}' is out of range")),
                None => Err(format!("'{key}' must be a list of integers")),
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Some)
    }

    fn floats(&self, pos: usize, key: &str) -> Result<Vec<f64>, String> {
        let (Expr::List(xs) | Expr::Tuple(xs)) = &self.get(pos, key)?.e else {
            return Err(format!("'{key}' must be a list of numbers"));
        };
        xs.iter()
            .map(|x| match &x.e {
                Expr::Float(f) => Ok(*f),
                Expr::Int(i) => Ok(*i as f64),
                _ => Err(format!("'{key}' must be a list of numbers")),
            })
            .collect()
    }

    fn string(&self, pos: usize, key: &str) -> Result<String, String> {
        match &self.get(pos, key)?.e {
            Expr::Str(s) => Ok(s.clone()),
            _ => Err(format!("'{key}' must be a string")),
        }
    }

    fn optional(&self, pos: usize, key: &str) -> Option<&E> {
        self.asked.borrow_mut().push((pos, key.to_string()));
        self.keywords.iter().find(|(k, _)| k == key).map(|(_, v)| v).or_else(|| self.positional.get(pos))
    }

    fn int(&self, pos: usize, key: &str) -> Result<i64, String> {
        self.optional_int(pos, key)?.ok_or_else(|| format!("missing argument '{key}'"))
    }

    fn optional_int(&self, pos: usize, key: &str) -> Result<Option<i64>, String> {
        let Some(e) = self.optional(pos, key) else { return Ok(None) };
        match int_literal(e) {
            Some(Ok(i)) => Ok(Some(i)),
            Some(Err(())) => Err(format!("'{key}' is out of range")),
            None => Err(format!("'{key}' must be an integer")),
        }
    }

    /// A boolean option that, when given, must have the one value supported.
    /// `("read", 0)` / `("write", 0)`, or a buffer's name (looked up in the block's reads, then
    /// its writes).
    fn buffer_index(&self, pos: usize, key: &str, blk: BlockRV, sch: &Schedule) -> Result<(bool, usize), String> {
        let e = self.get(pos, key)?;
        match &e.e {
            Expr::Tuple(xs) | Expr::List(xs) => {
                let [kind, i] = xs.as_slice() else {
                    return Err(format!("'{key}' must be (\"read\" or \"write\", index)"));
                };
                let read = match &kind.e {
                    Expr::Str(s) if s == "read" => true,
                    Expr::Str(s) if s == "write" => false,
                    _ => return Err(format!("'{key}' must be (\"read\" or \"write\", index)")),
                };
                let index = match int_literal(i) {
                    Some(Ok(v)) => usize::try_from(v).map_err(|_| format!("negative index in '{key}'"))?,
                    _ => return Err(format!("'{key}' must be (\"read\" or \"write\", index)")),
                };
                Ok((read, index))
            }
            Expr::Str(name) => {
                let site = sch.block_site(blk, "transform_layout").map_err(|e| e.to_string())?;
                let StmtKind::BlockRealize { block, .. } = site.realize.kind() else {
                    return Err("not a block".into());
                };
                if let Some(i) = block.reads.iter().position(|r| r.buffer.name() == name) {
                    return Ok((true, i));
                }
                block
                    .writes
                    .iter()
                    .position(|r| r.buffer.name() == name)
                    .map(|i| (false, i))
                    .ok_or_else(|| format!("block {} does not access a buffer named {name}", block.name))
            }
            _ => Err(format!("'{key}' must be (\"read\" or \"write\", index) or a buffer name")),
        }
    }

    /// `lambda vi, vj: [(vi - 1, vi + 1), vj]`: per dimension a `(start, end)` pair, or an
    /// index (a range of one).
    fn access_ranges(&self, pos: usize, key: &str, sch: &Schedule) -> Result<super::misc::AccessRanges, String> {
        let e = self.get(pos, key)?;
        let Expr::Lambda(params, body) = &e.e else { return Err(format!("'{key}' must be a lambda")) };
        let items: Vec<&crate::tir::script::py::E> = match &body.e {
            Expr::Tuple(xs) | Expr::List(xs) => xs.iter().collect(),
            _ => vec![&**body],
        };
        // Read every start and end as one tuple, then pair them up.
        let mut flat = Vec::new();
        let mut pairs = Vec::new();
        for x in items {
            match &x.e {
                Expr::Tuple(se) if se.len() == 2 => {
                    pairs.push(true);
                    flat.extend(se.iter().cloned());
                }
                _ => {
                    pairs.push(false);
                    flat.push(x.clone());
                }
            }
        }
        let all = crate::tir::script::py::E { e: Expr::Tuple(flat), span: body.span };
        let (params, results) = crate::tir::script::read_index_map(
            params,
            &all,
            crate::tir::DataType::INT32,
            &[],
            &super::tree::symbolic_vars(sch.func()),
        )?;
        let mut it = results.into_iter();
        let mut ranges = Vec::new();
        for pair in pairs {
            let start = it.next().ok_or("a range is missing")?;
            let end = if pair {
                it.next().ok_or("a range is missing its end")?
            } else {
                let one = crate::tir::ast::PrimExpr::int_of(1, start.dtype());
                crate::tir::ast::PrimExpr::binary(crate::tir::ast::BinOp::Add, start.clone(), one)
            };
            ranges.push((start, end));
        }
        Ok(super::misc::AccessRanges { params, ranges })
    }

    /// A lambda argument (`lambda i, j: (..)`, or `T.index_map(lambda ..)`); a sampled integer it names (`j // (v4 * v5)`) reads as its value.
    fn index_map(&self, pos: usize, key: &str, sch: &Schedule) -> Result<IndexMap, String> {
        let mut e = self.get(pos, key)?;
        if let Expr::Call(_, args, _) = &e.e
            && let [inner] = args.as_slice()
        {
            e = inner;
        }
        let Expr::Lambda(params, body) = &e.e else { return Err(format!("'{key}' must be a lambda")) };
        let mut used = std::collections::HashSet::new();
        crate::tir::script::collect_names(&body.e, &mut used);
        let mut sampled = Vec::new();
        for name in used {
            if params.iter().any(|(p, _)| *p == name) {
                continue;
            }
            if let Some(Named::Int(rv)) = self.names.get(&name) {
                sampled.push((name, sch.get(*rv).map_err(|e| e.to_string())?));
            }
        }
        let (params, results) = crate::tir::script::read_index_map(
            params,
            body,
            crate::tir::DataType::INT32,
            &sampled,
            &super::tree::symbolic_vars(sch.func()),
        )?;
        let map = IndexMap { params, results };
        // The parameters are of the type the map computes in: `i0 * T.int64(32) + i1` speaks
        // of int64 indices (TVM prints the map of int64 variables so), not of int32 ones
        // widened.
        let int64 = crate::tir::DataType::INT64;
        if map.results.iter().any(|r| r.dtype() == int64)
            && let Some(wide) = map.with_index_type(int64)
        {
            return Ok(wide);
        }
        Ok(map)
    }

    /// A `True`/`False` argument, if given.
    fn optional_flag(&self, pos: usize, key: &str) -> Result<Option<bool>, String> {
        match self.optional(pos, key).map(|e| &e.e) {
            None => Ok(None),
            Some(Expr::Bool(b)) => Ok(Some(*b)),
            Some(Expr::Name(n)) if n == "True" || n == "False" => Ok(Some(n == "True")),
            Some(_) => Err(format!("'{key}' must be True or False")),
        }
    }

    fn expect_flag(&self, pos: usize, key: &str, supported: bool) -> Result<(), String> {
        match self.optional(pos, key).map(|e| &e.e) {
            None => Ok(()),
            Some(Expr::Bool(b)) if *b == supported => Ok(()),
            Some(Expr::Name(n)) if (n == "True") == supported && (n == "True" || n == "False") => Ok(()),
            Some(_) => Err(format!("only {key}={} is supported yet", if supported { "True" } else { "False" })),
        }
    }

    fn factors(&self, pos: usize, key: &str) -> Result<Vec<Factor>, String> {
        let (Expr::List(xs) | Expr::Tuple(xs)) = &self.get(pos, key)?.e else {
            return Err(format!("'{key}' must be a list"));
        };
        xs.iter()
            .map(|x| match &x.e {
                Expr::None => Ok(Factor::Inferred),
                // TVM accepts -1 for "inferred".
                Expr::Unary("-", inner) if matches!(inner.e, Expr::Int(1)) => Ok(Factor::Inferred),
                Expr::Int(_) | Expr::Unary(..) | Expr::Call(..) => match int_literal(x) {
                    Some(Ok(i)) => Ok(Factor::Const(i)),
                    Some(Err(())) => Err("factor out of range".to_string()),
                    None => Err("factors must be integers, None or sampled values".to_string()),
                },
                Expr::Name(_) => match self.named(x)? {
                    Named::Int(v) => Ok(Factor::Sampled(v)),
                    _ => Err("factors must be integers, None or sampled values".to_string()),
                },
                _ => Err("factors must be integers, None or sampled values".to_string()),
            })
            .collect()
    }

    fn value(&self, pos: usize, key: &str) -> Result<AttrValue, String> {
        fn conv(e: &E) -> Result<AttrValue, String> {
            Ok(match &e.e {
                Expr::Int(i) => AttrValue::Int(i64::try_from(*i).map_err(|_| "integer out of range")?),
                Expr::Unary("-", x) => match conv(x)? {
                    AttrValue::Int(i) => AttrValue::Int(-i),
                    AttrValue::Float(f) => AttrValue::Float(-f),
                    _ => return Err("expected a number after '-'".into()),
                },
                Expr::Float(f) => AttrValue::Float(*f),
                Expr::Str(s) => AttrValue::Str(s.clone()),
                Expr::Bool(b) => AttrValue::Bool(*b),
                Expr::Name(n) if n == "True" || n == "False" => AttrValue::Bool(n == "True"),
                Expr::List(xs) | Expr::Tuple(xs) => AttrValue::List(xs.iter().map(conv).collect::<Result<_, _>>()?),
                _ => return Err("annotation values must be numbers, strings, booleans or lists".into()),
            })
        }
        conv(self.get(pos, key)?)
    }
}
