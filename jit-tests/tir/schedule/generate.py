# Generates the schedule references with a real TVM 0.27 (not needed by `cargo test`):
#   python3 -m venv venv && venv/bin/pip install apache-tvm==0.27.0.post1 apache-tvm-ffi==0.1.14.post1
#   (apache-tvm-ffi 0.1.15, what pip picks by default, crashes MetaSchedule; the schedule
#   primitives run either way)
#   venv/bin/python jit-tests/tir/schedule/generate.py
# For each case it writes CASE.trace (TVM's `sch.trace`) and CASE.expected.py (TVM's print of the
# scheduled function, under the kernel's own name; its first line names the input kernel).
# tests/schedule.rs replays each trace in Strata and compares both texts and the results.
import os
import sys
import tvm
from tvm.script import tirx as T  # noqa: F401

HERE = os.path.dirname(os.path.abspath(__file__))
KERNELS = os.path.join(HERE, "..", "script")


def kernel_path(name):
    # `NAME`: ../script/NAME.py (TVM's prints of the benchmark kernels); `kernels/NAME`: the
    # small kernels here, written in the form of TVM's own schedule tests.
    return ("%s.py" % name) if "/" in name else "../script/%s.py" % name


def kernel(name):
    with open(os.path.join(HERE, kernel_path(name))) as f:
        return f.read()


def loops(sch, block):
    return sch.get_loops(sch.get_sblock(block))


def matmul_tiled(sch):
    b0 = sch.get_sblock("C")
    i, j, k = sch.get_loops(b0)
    i0, i1 = sch.split(i, factors=[None, 8])
    j0, j1 = sch.split(j, factors=[None, 64])
    sch.reorder(i0, j0, i1, k, j1)
    f = sch.fuse(i0, j0)
    sch.parallel(f)
    sch.vectorize(j1)
    sch.unroll(i1)


def matmul_predicated(sch):
    i, j, k = loops(sch, "C")
    sch.split(k, factors=[None, 3])
    sch.split(i, factors=[100, 8])


def matmul_three_way(sch):
    i, j, k = loops(sch, "C")
    a, b, c = sch.split(i, factors=[4, None, 8])
    sch.reorder(k, b)
    x = sch.fuse(a, k)
    sch.annotate(x, "pragma_auto_unroll_max_step", 16)
    sch.annotate(sch.get_sblock("C"), "meta_schedule.parallel", 64)


def matmul_fuse_all(sch):
    f = sch.fuse(*loops(sch, "C"))
    sch.split(f, factors=[None, 1, 256])


def add_vectorized(sch):
    (i,) = loops(sch, "C")
    o, p, v = sch.split(i, factors=[2, None, 4])
    sch.parallel(o)
    sch.vectorize(v)
    sch.unroll(p)


def conv2d_reordered(sch):
    n, f, y, x, c, r, s = loops(sch, "conv")
    sch.reorder(f, c, y, x)
    yo, yi = sch.split(y, factors=[None, 7])
    sch.parallel(f)
    sch.unroll(s)
    p = sch.get_child_blocks(sch.get_sblock("root"))
    pn, pc, ph, pw = sch.get_loops(p[0])
    sch.vectorize(pw)


def matmul512_readme(sch):
    # The schedule of ../shared/tir-examples/README.md (matmul512_sched.py).
    b0 = sch.get_sblock("C")
    i, j, k = sch.get_loops(b0)
    i0, i1 = sch.split(i, factors=[None, 8])
    j0, j1 = sch.split(j, factors=[None, 64])
    k0, k1 = sch.split(k, factors=[None, 4])
    sch.reorder(i0, j0, k0, k1, i1, j1)
    cw = sch.cache_write(b0, 0, "local")
    sch.reverse_compute_at(cw, j0)
    f0 = sch.fuse(i0, j0)
    sch.parallel(f0)
    sch.unroll(k1)
    sch.vectorize(j1)
    l = sch.get_loops(cw)
    sch.vectorize(l[-1])
    sch.decompose_reduction(b0, k0)


def matmul_cache_write(sch):
    b0 = sch.get_sblock("C")
    i, j, k = sch.get_loops(b0)
    cw = sch.cache_write(b0, 0, "local")
    i0, i1 = sch.split(i, factors=[None, 8])
    sch.reverse_compute_at(cw, i0)
    sch.decompose_reduction(b0, k)


def matmul_sampled(sch):
    # Sampled tiles and an unroll step: the trace records the decisions TVM drew (seed 7).
    b0 = sch.get_sblock("C")
    i, j, k = sch.get_loops(b0)
    vi = sch.sample_perfect_tile(i, n=3, max_innermost_factor=16)
    vj = sch.sample_perfect_tile(j, n=2, max_innermost_factor=64)
    i0, i1, i2 = sch.split(i, factors=vi)
    j0, j1 = sch.split(j, factors=vj)
    sch.reorder(i0, j0, i1, k, i2, j1)
    u = sch.sample_categorical([0, 16, 64, 512], [0.25, 0.25, 0.25, 0.25])
    sch.annotate(i0, "pragma_auto_unroll_max_step", u)
    sch.vectorize(j1)


def conv2d_inline_pad(sch):
    sch.compute_inline(sch.get_sblock("pad"))
    n, f, y, x, c, r, s = sch.get_loops(sch.get_sblock("conv"))
    sch.parallel(f)


def softmax_inline(sch):
    sch.compute_inline(sch.get_sblock("exp"))
    i, k = sch.get_loops(sch.get_sblock("norm"))
    sch.vectorize(k)


def conv2d_compute_at(sch):
    # Padding computed per output row: compute_at of the pad block under the conv's h loop.
    n, f, h, w, c, r, s = sch.get_loops(sch.get_sblock("conv"))
    sch.compute_at(sch.get_sblock("pad"), h)
    sch.parallel(f)


def softmax_misc(sch):
    b = sch.get_sblock("exp")
    sch.get_producers(b)
    sch.get_consumers(b)
    sch.set_scope(b, 0, "local")
    sch.storage_align(b, 0, 0, 32, 8)
    i, k = sch.get_loops(b)
    sch.bind(i, "blockIdx.x")
    sch.annotate(k, "x", 1)
    sch.unannotate(k, "x")


def matmul_cache_read(sch):
    b = sch.get_sblock("C")
    i, j, k = sch.get_loops(b)
    a = sch.cache_read(b, 0, "local")
    sch.compute_at(a, k)
    bb = sch.cache_read(b, 1, "global")
    sch.compute_at(bb, j)


def sum_rfactor(sch):
    b = sch.get_sblock("S")
    (k,) = sch.get_loops(b)
    k0, k1 = sch.split(k, factors=[None, 4])
    rf = sch.rfactor(k1, 0)
    sch.vectorize(sch.get_loops(rf)[1])


def softmax_rfactor(sch):
    b = sch.get_sblock("maxelem")
    i, k = sch.get_loops(b)
    k0, k1 = sch.split(k, factors=[None, 8])
    sch.rfactor(k0, 1)


def matmul_rfactor(sch):
    b = sch.get_sblock("C")
    i, j, k = sch.get_loops(b)
    k0, k1 = sch.split(k, factors=[4, None])
    rf = sch.rfactor(k0, 2)
    sch.parallel(sch.get_loops(rf)[0])


def bias_relu_inline(sch):
    sch.reverse_compute_inline(sch.get_sblock("relu"))
    i, j = sch.get_loops(sch.get_sblock("bias"))
    sch.parallel(i)
    sch.vectorize(j)



# compute_at / reverse_compute_at as TVM's tests use them: preserve_unit_loops, index, moving a
# block again, regions united over consumers, clipped to the block's domain by a predicate,
# consumers that are blocks with blocks inside, reduction producers.
def ca_preserve_unit_loops(sch):
    sch.compute_at(sch.get_sblock("B"), loops(sch, "C")[0], preserve_unit_loops=True)


def rca_preserve_unit_loops(sch):
    sch.reverse_compute_at(sch.get_sblock("C"), loops(sch, "B")[1], preserve_unit_loops=True)


def ca_twice(sch):
    sch.compute_at(sch.get_sblock("B"), loops(sch, "C")[0])
    sch.compute_at(sch.get_sblock("B"), loops(sch, "C")[1])


def ca_chain(sch):
    sch.compute_at(sch.get_sblock("C"), loops(sch, "D")[0])
    sch.compute_at(sch.get_sblock("B"), loops(sch, "C")[1])


def rca_chain(sch):
    sch.reverse_compute_at(sch.get_sblock("C"), loops(sch, "B")[0])
    sch.reverse_compute_at(sch.get_sblock("D"), loops(sch, "C")[0])


def ca_blockized(sch):
    sch.compute_at(sch.get_sblock("B"), loops(sch, "C_outer")[1])


def ca_tutorial(sch):
    # The transformation tutorial of TVM's TensorIR docs (mm_relu).
    block_y = sch.get_sblock("Y", func_name="main")
    i, j, k = sch.get_loops(block_y)
    j0, j1 = sch.split(j, factors=[None, 8])
    sch.reorder(j0, k, j1)
    sch.reverse_compute_at(sch.get_sblock("C", "main"), j0)
    sch.decompose_reduction(block_y, k)


def ca_metaschedule_cache(sch):
    b0 = sch.get_sblock("C")
    b1 = sch.cache_write(b0, 0, "global")
    i, j, k = sch.get_loops(b0)
    i0, i1 = sch.split(i, [None, 16])
    j0, j1 = sch.split(j, [None, 16])
    sch.reorder(i0, j0, k, i1, j1)
    sch.reverse_compute_at(b1, j0, preserve_unit_loops=True, index=-1)


def ca_padded_conv(sch):
    (i, r) = loops(sch, "conv")
    io, ii = sch.split(i, [None, 8])
    sch.compute_at(sch.get_sblock("pad"), io)


def ca_clipped_stencil(sch):
    (i,) = loops(sch, "C")
    io, ii = sch.split(i, [None, 8])
    sch.compute_at(sch.get_sblock("B"), io)


def ca_clipped_odd(sch):
    i, j = loops(sch, "C")
    io, ii = sch.split(i, [None, 8])
    sch.compute_at(sch.get_sblock("B"), io)


def rca_clipped_odd(sch):
    i, j = loops(sch, "B")
    io, ii = sch.split(i, [None, 8])
    sch.reverse_compute_at(sch.get_sblock("C"), io)


def ca_shifted_union(sch):
    i, j = loops(sch, "C")
    io, ii = sch.split(i, [None, 8])
    jo, ji = sch.split(j, [None, 8])
    sch.reorder(io, jo, ii, ji)
    sch.compute_at(sch.get_sblock("B"), jo)


def ca_shifted_point(sch):
    i, j = loops(sch, "C")
    sch.compute_at(sch.get_sblock("B"), j)


def ca_reduction_producer(sch):
    i, j = loops(sch, "C")
    jo, ji = sch.split(j, [None, 8])
    sch.compute_at(sch.get_sblock("Y"), jo)
    sch.decompose_reduction(sch.get_sblock("Y"), loops(sch, "Y")[2])


def ca_index_first(sch):
    sch.compute_at(sch.get_sblock("B"), loops(sch, "C")[0])
    sch.compute_at(sch.get_sblock("X"), loops(sch, "C")[0], index=-2)


def ca_index_last(sch):
    sch.compute_at(sch.get_sblock("B"), loops(sch, "C")[0])
    sch.compute_at(sch.get_sblock("X"), loops(sch, "C")[0], index=1)


# blockize: the loops from a loop down become an outer block (`NAME_o`), a reduction's init
# moving to it.
def blockize_tile(sch):
    i, j, k = loops(sch, "C")
    i0, i1 = sch.split(i, [None, 4])
    j0, j1 = sch.split(j, [None, 4])
    sch.reorder(i0, j0, k, i1, j1)
    sch.blockize(i1)


def blockize_elementwise(sch):
    i, j = loops(sch, "C")
    j0, j1 = sch.split(j, [None, 16])
    sch.blockize(j1)


def blockize_whole_nest(sch):
    i, j = loops(sch, "C")
    sch.blockize(i)


def blockize_reduction_only(sch):
    i, j, k = loops(sch, "C")
    k0, k1 = sch.split(k, [None, 4])
    sch.blockize(k1)


def blockize_then_decompose(sch):
    i, j, k = loops(sch, "Y")
    i0, i1 = sch.split(i, [None, 4])
    j0, j1 = sch.split(j, [None, 4])
    k0, k1 = sch.split(k, [None, 4])
    sch.reorder(i0, j0, k0, i1, j1, k1)
    b = sch.blockize(i1)
    sch.decompose_reduction(b, k0)


def split_without_unit_iters(sch):
    i, j, k = loops(sch, "C")
    sch.split(i, [1, None, 8], preserve_unit_iters=False)


def split_without_predicate(sch):
    # The factors divide here, as TVM asks of disable_predication; the trace keeps the flag.
    i, j, k = loops(sch, "C")
    sch.split(k, [None, 16], disable_predication=True)


# The inlines on blocks that share their loops with others (after compute_at).
def inline_in_shared_nest(sch):
    sch.compute_at(sch.get_sblock("B"), loops(sch, "C")[1])
    sch.compute_inline(sch.get_sblock("B"))


def inline_into_window(sch):
    # The consumer is a block with a block inside: its region of B is a window.
    sch.compute_inline(sch.get_sblock("B"))


def reverse_inline_in_shared_nest(sch):
    sch.reverse_compute_at(sch.get_sblock("C"), loops(sch, "B")[0])
    sch.reverse_compute_inline(sch.get_sblock("C"))


def unit_loops(sch):
    sch.add_unit_loop(sch.get_sblock("C"))
    i, j = loops(sch, "B")
    sch.add_unit_loop(j)
    sch.enter_postproc()


# Caches where TVM puts them: after the writer of an intermediate buffer, every reader of an
# input reading the cache, inside a loop shared by the writer and its reader.
def cache_read_intermediate(sch):
    sch.cache_read(sch.get_sblock("exp"), 1, "local")


def cache_read_shared_input(sch):
    sch.cache_read(sch.get_sblock("exp"), 0, "global")


def cache_write_in_shared_loop(sch):
    sch.compute_at(sch.get_sblock("C"), loops(sch, "D")[0])
    sch.cache_write(sch.get_sblock("C"), 0, "local")


def cache_read_in_shared_loop(sch):
    sch.compute_at(sch.get_sblock("C"), loops(sch, "D")[0])
    sch.cache_read(sch.get_sblock("D"), 0, "local")


# transform_layout: an intermediate buffer tiled; a cached matmul operand packed.
def layout_tiled(sch):
    sch.transform_layout(sch.get_sblock("B"), ("write", 0), lambda i, j: (i // 16, j // 16, i % 16, j % 16))


def layout_packed_operand(sch):
    b0 = sch.get_sblock("C")
    b1 = sch.cache_read(b0, 1, "global")
    sch.transform_layout(b1, ("write", 0), lambda k, j: (j // 16, k, j % 16))
    i, j, k = sch.get_loops(b0)
    j0, j1 = sch.split(j, [None, 16])
    sch.reorder(i, j0, k, j1)
    sch.vectorize(j1)


def layout_by_name(sch):
    sch.transform_layout(sch.get_sblock("C"), "B", lambda i, j: (j, i))


def block_iter_order(sch):
    sch.reorder_block_iter_var(sch.get_sblock("C"), [2, 0, 1])


# sample_compute_location as MetaSchedule uses it: the sampled place goes to compute_at (the
# root mark leaves the block, the inline mark inlines it).
def compute_location(decision, block="B"):
    def apply(sch):
        b = sch.get_sblock(block)
        loc = sch.sample_compute_location(b, decision=decision)
        sch.compute_at(b, loc, preserve_unit_loops=True, index=-1)
    return apply


def narrower_intermediate(sch):
    sch.unsafe_set_dtype(sch.get_sblock("B"), 0, "float16")


def block_layout(index_map, block="C"):
    def apply(sch):
        sch.transform_block_layout(sch.get_sblock(block), index_map)
    return apply


def output_blocks(sch):
    # The blocks writing what leaves the root scope, then those of a nested scope.
    outs = sch.get_output_blocks(sch.get_sblock("root"))
    sch.parallel(sch.get_loops(outs[0])[0])


def output_blocks_nested(sch):
    outs = sch.get_output_blocks(sch.get_sblock("C_outer"))
    sch.vectorize(sch.get_loops(outs[0])[-1])


def reindex(kind, index, block="C"):
    def apply(sch):
        sch.reindex(sch.get_sblock(block), (kind, index))
    return apply


def reindex_then_layout(sch):
    # MetaSchedule's use: reindex a matmul's operands, then lay the copies out.
    c = sch.get_sblock("C")
    sch.reindex(c, ("write", 0))
    b = sch.reindex(c, ("read", 1))
    sch.transform_layout(b, ("write", 0), lambda j, k: (k, j))
    sch.transform_block_layout(b, lambda j, k: (k, j))


def hide_access(sch):
    # The matmul's read of B hidden from later primitives (the kernel still reads it).
    sch.unsafe_hide_buffer_access(sch.get_sblock("C"), "read", [1])
    i, j, k = loops(sch, "C")
    sch.split(j, factors=[None, 16])


def merge(level):
    def apply(sch):
        sch.merge(loops(sch, "B")[level], loops(sch, "C")[level])
    return apply


def merge_three(sch):
    # Three nests at once; the merged nest takes the place of the last one given.
    sch.merge(loops(sch, "B")[0], loops(sch, "C")[0], loops(sch, "D")[0])


def split_in_nested_block(sch):
    # Bindings keep TVM's order: the loop terms first, the outer block's variable after.
    sch.split(loops(sch, "C_inner")[-1], factors=[None, 4])


def fuse_in_nested_block(sch):
    sch.fuse(*loops(sch, "C_inner"))


def annotate_access_halo(sch):
    sch.annotate_buffer_access(sch.get_sblock("C"), 0, "read", lambda vi, vj: ((vi - 1, vi + 1), (vj - 1, vj + 1)))


def annotate_access_then_compute_at(sch):
    # The explicit (wider) region decides what compute_at computes of B.
    c = sch.get_sblock("C")
    sch.annotate_buffer_access(c, 0, "read", lambda vi, vj: ((vi, vi + 1), (0, 128)))
    sch.compute_at(sch.get_sblock("B"), sch.get_loops(c)[0])
    sch.annotate_buffer_access(sch.get_sblock("B"), 0, "write", lambda vi, vj: (vi, vj))


def cache_read_for_one_consumer(sch):
    # Only D reads the cache; C keeps reading B.
    d = sch.get_sblock("D")
    sch.cache_read(d, 0, "local", consumer_blocks=[d])


def decompose_padding_direct(block, at):
    def f(sch):
        b = sch.get_sblock(block)
        sch.decompose_padding(b, sch.get_loops(b)[at])
    return f


def pool_padding_tiled(factor, at):
    # TVM's test_decompose_hw_padding_tiled* cases: tile the pooling, compute the padding at
    # the tile, then decompose it at a loop of its nest.
    def f(sch):
        block = sch.get_sblock("tensor")
        pad = sch.get_sblock("pad_temp")
        n, c, h, w, kh, kw = sch.get_loops(block)
        ho, hi = sch.split(h, [3, factor])
        wo, wi = sch.split(w, [3, factor])
        sch.reorder(n, ho, wo, c, hi, wi, kh, kw)
        sch.compute_at(pad, wo)
        sch.decompose_padding(pad, sch.get_loops(pad)[at])
    return f


def conv1d_padding_after_compute_at(sch):
    pad = sch.get_sblock("pad")
    i, r = sch.get_loops(sch.get_sblock("conv"))
    io, ii = sch.split(i, [None, 16])
    sch.compute_at(pad, io)
    sch.decompose_padding(pad, sch.get_loops(pad)[1])


def trace_text(sch):
    text = str(sch.trace)
    if not text.startswith("Trace("):
        return text
    # TVM 0.27 cannot print a trace with decompose_padding (its printer is declared with a
    # LoopRV where it is given the loop's name): print the instructions before it with TVM's
    # printer and write that last one as the printer is meant to.
    insts = list(sch.trace.insts)
    last = insts[-1]
    assert last.kind.name == "DecomposePadding", last.kind.name
    head = tvm.s_tir.schedule.Trace(insts[:-1], {k: v for k, v in sch.trace.decisions.items() if k in insts[:-1]})
    order = []  # (rv, name) in the printer's numbering: one counter over all outputs
    for inst in insts[:-1]:
        for out in inst.outputs:
            kind = "b" if isinstance(out, tvm.s_tir.schedule.SBlockRV) else "l" if isinstance(out, tvm.s_tir.schedule.LoopRV) else "v"
            order.append((out, "%s%d" % (kind, len(order))))

    def name(rv):
        return [n for o, n in order if o.same_as(rv)][0]

    block, loop = last.inputs
    return "%s\n  b%d = sch.decompose_padding(block=%s, loop=%s)" % (
        str(head), len(order), name(block), name(loop))


def check_trace(kname, text, expected):
    # The trace, run by TVM on the kernel, gives the function TVM scheduled.
    func = tvm.script.from_source(kernel(kname))
    sch = tvm.s_tir.Schedule(func)
    scope = {}
    exec(text.replace("# from tvm import s_tir", "from tvm import s_tir"), scope)
    scope["apply_trace"](sch)
    tvm.ir.assert_structural_equal(sch.mod["main"], expected)


def partition(block, at, factors, then=None):
    def f(sch):
        ls = loops(sch, block)
        sch.loop_partition(ls[at], factors=factors)
        if then:
            then(sch)
    return f


def matmul_partitions(sch):
    # Partitions nest: a spatial loop, then a loop above the first partition's blocks. (A
    # reduction loop is refused: TVM 0.27 partitions it into a kernel that computes something
    # else, each part running the init again.)
    i, j, k = loops(sch, "C")
    io, ii = sch.split(i, [None, 16])
    sch.loop_partition(j, factors=[2, None])
    sch.loop_partition(ii, factors=[1, None], preserve_unit_iters=False)


def partition_then_schedule(sch):
    i, j = loops(sch, "B")
    a, b = sch.loop_partition(i, factors=[None, 30])
    ls = sch.get_loops(sch.get_sblock("B_i0"))
    sch.vectorize(ls[-1])
    sch.parallel(b)


def pad_einsum(block, padding, before=None):
    def f(sch):
        if before:
            before(sch)
        sch.pad_einsum(sch.get_sblock(block), padding)
    return f


def split_rows(sch):
    sch.split(loops(sch, "C")[0], [None, 4])


def pad_then_tile(sch):
    # The padded matmul tiles without a predicate: what pad_einsum is for.
    sch.pad_einsum(sch.get_sblock("C"), [32, 32, 32])
    i, j, k = loops(sch, "C")
    i0, i1 = sch.split(i, [None, 32])
    j0, j1 = sch.split(j, [None, 32])
    sch.reorder(i0, j0, k, i1, j1)
    sch.vectorize(j1)


def cache(kind, block, scope, consumers=(), then=None):
    # TVM's test_tir_schedule_cache_read_write.py cases: a cache of `block`'s buffer 0, read by
    # `consumers` only when given.
    def f(sch):
        b = sch.get_sblock(block)
        named = [sch.get_sblock(c) for c in consumers]
        call = sch.cache_read if kind == "read" else sch.cache_write
        if named:
            call(b, 0, scope, consumer_blocks=named)
        else:
            call(b, 0, scope)
        if then:
            then(sch)
    return f


def reindex_cache(kind, block, scope, index_map):
    def f(sch):
        call = sch.reindex_cache_read if kind == "read" else sch.reindex_cache_write
        call(sch.get_sblock(block), 0, scope, index_map)
    return f


def reindex_cache_reduce(sch):
    sch.reindex_cache_write(sch.get_sblock("B"), 0, "shared", lambda i, j, k, l: (j, i, k))
    sch.reindex_cache_write(sch.get_sblock("C"), 0, "shared", lambda i, j, k: [j, i])


def caches_under_scope(kind):
    # TVM's test_cache_read_under_scope / test_cache_write_under_scope: caches of blocks inside
    # another block (compacted to their region there), then of the scope block itself.
    def f(sch):
        call = sch.cache_read if kind == "read" else sch.cache_write
        if kind == "read":
            call(sch.get_sblock("B"), 0, "local")
            call(sch.get_sblock("C"), 0, "global")
        else:
            call(sch.get_sblock("A"), 0, "local")
            call(sch.get_sblock("B"), 0, "global")
        call(sch.get_sblock("scope"), 0, "global")
    return f


def caches_in_blockized_matmul(sch):
    # Caches of the inner block of a blockized tile: compacted to the tile in the outer block
    # (the input's region is the one the outer block reads). (A write cache of that block is
    # refused: its init is the outer block's, and TVM's kernel reads an unfilled cache.)
    b = sch.get_sblock("C")
    i, j, k = sch.get_loops(b)
    i0, i1 = sch.split(i, [None, 16])
    j0, j1 = sch.split(j, [None, 16])
    k0, k1 = sch.split(k, [None, 16])
    sch.reorder(i0, j0, k0, i1, j1, k1)
    sch.blockize(i1)
    sch.cache_read(b, 1, "local")
    sch.cache_read(b, 2, "local")


def rfactor_at(block, at, axis=0):
    # TVM's test_tir_schedule_rfactor.py cases: rfactor of the block's loop `at`.
    def f(sch):
        sch.rfactor(loops(sch, block)[at], axis)
    return f


def rfactor_inner_split(sch):
    ls = loops(sch, "B")
    ko, ki = sch.split(ls[1], [None, 4])
    sch.rfactor(ki, 0)


def rfactor_argmax_topi(sch):
    ax0, k1 = loops(sch, "A_red_temp")
    k1_0, k1_1 = sch.split(k1, [None, 4])
    sch.rfactor(k1_1, 0)


def rfactor_sum_pair(sch):
    i, k = loops(sch, "sums")
    k0, k1 = sch.split(k, [None, 8])
    rf = sch.rfactor(k0, 1)
    sch.compute_at(rf, i)


def inline(block, reverse=False):
    # TVM's test_tir_schedule_compute_inline.py cases.
    def f(sch):
        b = sch.get_sblock(block)
        if reverse:
            sch.reverse_compute_inline(b)
        else:
            sch.compute_inline(b)
    return f



def dlight(rule, target="cuda"):
    # DLight's rule (TVM's default GPU schedules, `ApplyDefaultSchedule`; its CPU rules for
    # "llvm") applied to the kernel as it schedules a model's functions: its trace replayed on
    # the case's schedule.
    def apply(sch):
        from tvm.s_tir import dlight as dl

        tgt = tvm.target.Target(target)
        with tgt:
            done = getattr(dl.gpu if tgt.kind.name == "cuda" else dl.cpu, rule)().apply(sch.mod["main"], tgt, False)
        done.trace.apply_to_schedule(sch, remove_postproc=False)

    return apply


def design_space(target, seed, index=0):
    # MetaSchedule's design space for the target (post-order-apply with its default rules, as
    # `ms.tune_tir` starts from), sampled with the seed, and its postprocessors applied: the
    # trace a tuner measures, replayed on the case's schedule.
    def apply(sch):
        from tvm.s_tir import meta_schedule as ms

        if target == "cuda":
            tgt = tvm.target.Target({"kind": "cuda", "arch": "sm_86", "max_threads_per_block": 1024,
                                     "max_shared_memory_per_block": 49152, "thread_warp_size": 32,
                                     "registers_per_block": 65536, "max_num_threads": 1024})
        else:
            tgt = tvm.target.Target({"kind": "llvm", "num-cores": 2})
        ctx = ms.TuneContext(mod=sch.mod, target=tgt, space_generator="post-order-apply",
                             search_strategy="replay-trace", task_name="t", rand_state=seed)
        space = ctx.generate_design_space()[index].copy()
        for p in ctx.space_generator.postprocs:
            assert p.apply(space), "postprocessor %s refused the design space" % p
        space.trace.apply_to_schedule(sch, remove_postproc=False)

    return apply


CASES = [
    ("bias_relu_inline", "bias_relu", bias_relu_inline),
    ("sum_rfactor", "sum", sum_rfactor),
    ("softmax_rfactor", "softmax", softmax_rfactor),
    ("matmul_rfactor", "matmul256", matmul_rfactor),
    ("matmul_cache_read", "matmul256", matmul_cache_read),
    ("softmax_misc", "softmax", softmax_misc),
    ("conv2d_compute_at", "conv2d", conv2d_compute_at),
    ("conv2d_inline_pad", "conv2d", conv2d_inline_pad),
    ("softmax_inline", "softmax", softmax_inline),
    ("matmul_sampled", "matmul256", matmul_sampled),
    ("matmul512_readme", "matmul512", matmul512_readme),
    ("matmul_cache_write", "matmul256", matmul_cache_write),
    ("matmul_tiled", "matmul256", matmul_tiled),
    ("matmul_predicated", "matmul256", matmul_predicated),
    ("matmul_three_way", "matmul256", matmul_three_way),
    ("matmul_fuse_all", "matmul256", matmul_fuse_all),
    ("add_vectorized", "add", add_vectorized),
    ("conv2d_reordered", "conv2d", conv2d_reordered),
    ("ca_preserve_unit_loops", "kernels/two_elementwise", ca_preserve_unit_loops),
    ("rca_preserve_unit_loops", "kernels/two_elementwise", rca_preserve_unit_loops),
    ("ca_twice", "kernels/two_elementwise", ca_twice),
    ("ca_chain", "kernels/three_stage", ca_chain),
    ("rca_chain", "kernels/three_stage", rca_chain),
    ("ca_blockized", "kernels/blockized_1", ca_blockized),
    ("ca_tutorial", "kernels/mm_relu", ca_tutorial),
    ("ca_metaschedule_cache", "kernels/matmul", ca_metaschedule_cache),
    ("ca_padded_conv", "kernels/conv1d_pad", ca_padded_conv),
    ("ca_clipped_stencil", "kernels/stencil", ca_clipped_stencil),
    ("ca_clipped_odd", "kernels/ew_odd", ca_clipped_odd),
    ("rca_clipped_odd", "kernels/ew_odd", rca_clipped_odd),
    ("ca_shifted_union", "kernels/shift_read", ca_shifted_union),
    ("ca_shifted_point", "kernels/shift_read", ca_shifted_point),
    ("ca_reduction_producer", "kernels/mm_relu", ca_reduction_producer),
    ("ca_index_first", "kernels/two_producers", ca_index_first),
    ("ca_index_last", "kernels/two_producers", ca_index_last),
    ("blockize_tile", "kernels/matmul", blockize_tile),
    ("blockize_elementwise", "kernels/two_elementwise", blockize_elementwise),
    ("blockize_whole_nest", "kernels/two_elementwise", blockize_whole_nest),
    ("blockize_reduction_only", "kernels/matmul", blockize_reduction_only),
    ("blockize_then_decompose", "kernels/mm_relu", blockize_then_decompose),
    ("split_without_unit_iters", "kernels/matmul", split_without_unit_iters),
    ("split_without_predicate", "kernels/matmul", split_without_predicate),
    ("inline_in_shared_nest", "kernels/three_stage", inline_in_shared_nest),
    ("reverse_inline_in_shared_nest", "kernels/two_elementwise", reverse_inline_in_shared_nest),
    ("inline_into_window", "kernels/blockized_1", inline_into_window),
    ("unit_loops", "kernels/two_elementwise", unit_loops),
    ("block_iter_order", "kernels/matmul", block_iter_order),
    ("narrower_intermediate", "kernels/three_stage", narrower_intermediate),
    ("compute_location_root", "kernels/three_stage", compute_location(-1)),
    ("compute_location_inline", "kernels/three_stage", compute_location(-2)),
    ("compute_location_outer", "kernels/three_stage", compute_location(0)),
    ("compute_location_inner", "kernels/three_stage", compute_location(1)),
    ("compute_location_sampled", "kernels/conv1d_pad", compute_location(None, "pad")),
    ("cache_read_intermediate", "softmax", cache_read_intermediate),
    ("cache_read_shared_input", "softmax", cache_read_shared_input),
    ("cache_write_in_shared_loop", "kernels/three_stage", cache_write_in_shared_loop),
    ("cache_read_in_shared_loop", "kernels/three_stage", cache_read_in_shared_loop),
    ("layout_tiled", "kernels/two_elementwise", layout_tiled),
    ("layout_packed_operand", "kernels/matmul", layout_packed_operand),
    ("layout_by_name", "kernels/two_elementwise", layout_by_name),
    ("block_layout_transposed", "kernels/two_elementwise", block_layout(lambda i, j: (j, i))),
    ("block_layout_fused", "kernels/two_elementwise", block_layout(lambda i, j: (i * 128 + j,))),
    ("block_layout_split", "kernels/two_elementwise", block_layout(lambda i, j: (i // 16, j, i % 16))),
    ("block_layout_tiled", "kernels/two_elementwise", block_layout(lambda i, j: (i // 16, j // 16, i % 16, j % 16))),
    ("block_layout_reduction", "kernels/matmul", block_layout(lambda i, j, k: (k // 8, i, j, k % 8))),
    ("output_blocks", "kernels/two_elementwise", output_blocks),
    ("reindex_read", "kernels/matmul", reindex("read", 0)),
    ("hide_buffer_access", "kernels/matmul", hide_access),
    ("cache_read_for_one_consumer", "kernels/two_consumers", cache_read_for_one_consumer),
    ("annotate_access_halo", "kernels/two_elementwise", annotate_access_halo),
    ("annotate_access_then_compute_at", "kernels/two_elementwise", annotate_access_then_compute_at),
    ("merge_outer", "kernels/two_elementwise", merge(0)),
    ("split_in_nested_block", "kernels/blockized_1", split_in_nested_block),
    ("fuse_in_nested_block", "kernels/blockized_1", fuse_in_nested_block),
    ("merge_inner", "kernels/two_elementwise", merge(1)),
    ("merge_three", "kernels/three_stage", merge_three),
    ("reindex_read_transposed", "kernels/matmul", reindex("read", 1)),
    ("reindex_write", "kernels/matmul", reindex("write", 0)),
    ("reindex_intermediate", "kernels/two_elementwise", reindex("write", 0, "B")),
    ("reindex_then_layout", "kernels/matmul", reindex_then_layout),
    ("reindex_conv_data", "kernels/conv2d_nhwc_small", reindex("read", 0, "conv2d_nhwc")),
    ("reindex_conv_weight", "kernels/conv2d_nhwc_small", reindex("read", 1, "conv2d_nhwc")),
    ("reindex_mixed_widths", "kernels/matmul_int64_rows", reindex("write", 0, "T_matmul_NT")),
    ("output_blocks_nested", "kernels/blockized_1", output_blocks_nested),
    ("decompose_padding_pool", "kernels/sum_pool_2d", decompose_padding_direct("pad_temp", 0)),
    ("decompose_padding_pool_tiled", "kernels/sum_pool_2d", pool_padding_tiled(75, 3)),
    ("decompose_padding_pool_lifted", "kernels/sum_pool_2d", pool_padding_tiled(75, 0)),
    ("decompose_padding_pool_uneven", "kernels/sum_pool_2d", pool_padding_tiled(80, 3)),
    ("decompose_padding_1d", "kernels/pad_1d", decompose_padding_direct("block", 0)),
    ("decompose_padding_int64", "kernels/pad_batch_int64", decompose_padding_direct("block", 2)),
    ("decompose_padding_conv1d", "kernels/conv1d_pad", conv1d_padding_after_compute_at),
    ("partition_inner", "kernels/two_elementwise", partition("B", 1, [3, None, 50])),
    ("partition_remainder", "kernels/two_elementwise", partition("B", 1, [64, 32])),
    ("partition_outer", "kernels/three_stage", partition("B", 0, [None, 30])),
    ("partition_matmul_nested", "kernels/matmul", matmul_partitions),
    ("partition_then_schedule", "kernels/two_elementwise", partition_then_schedule),
    ("pad_einsum_matmul", "kernels/mm127", pad_einsum("C", [32, 16, 8])),
    ("pad_einsum_reduction_only", "kernels/mm127", pad_einsum("C", [1, 1, 16])),
    ("pad_einsum_after_split", "kernels/mm127", pad_einsum("C", [32, 32, 32], split_rows)),
    ("pad_einsum_constant_index", "kernels/ew_pad", pad_einsum("C", [16, 1])),
    ("pad_einsum_then_tile", "kernels/mm127", pad_then_tile),
    ("cache_read_for_consumer_in_loop", "kernels/multi_consumer", cache("read", "B", "global", ["B"])),
    ("cache_read_for_consumer_at_root", "kernels/multi_consumer", cache("read", "C", "global", ["C"])),
    ("cache_read_for_both_consumers", "kernels/multi_consumer", cache("read", "B", "global", ["B", "C"])),
    ("cache_write_multi_consumer", "kernels/multi_consumer", cache("write", "A", "global")),
    ("cache_write_for_consumer_in_loop", "kernels/multi_consumer", cache("write", "A", "global", ["B"])),
    ("cache_write_for_consumer_at_root", "kernels/multi_consumer", cache("write", "A", "global", ["C"])),
    ("cache_write_for_both_consumers", "kernels/multi_consumer", cache("write", "A", "global", ["B", "C"])),
    ("cache_read_predicated", "kernels/block_predicate", cache("read", "consumer", "shared")),
    ("cache_write_predicated_intermediate", "kernels/block_predicate", cache("write", "producer", "shared")),
    ("cache_write_predicated_output", "kernels/block_predicate", cache("write", "consumer", "shared")),
    ("cache_read_int64_shape", "kernels/elementwise_int64", cache("read", "B", "global")),
    ("cache_read_nested_seq", "kernels/nested_seq", cache("read", "C", "global", ["C"])),
    ("cache_read_twice", "kernels/two_elementwise", cache("read", "C", "shared", then=cache("read", "C", "local"))),
    ("cache_write_twice", "kernels/two_elementwise", cache("write", "B", "shared", then=cache("write", "B", "local"))),
    ("reindex_cache_read_split", "kernels/two_elementwise", reindex_cache("read", "C", "shared", lambda i, j: (j, i // 2, i % 2))),
    ("reindex_cache_read_in_loop", "kernels/multi_consumer", reindex_cache("read", "B", "shared", lambda i: (i // 32, i % 32))),
    ("reindex_cache_write_transposed", "kernels/two_elementwise", reindex_cache("write", "B", "shared", lambda i, j: (j, i))),
    ("reindex_cache_write_reductions", "kernels/reduce4", reindex_cache_reduce),
    ("cache_reads_under_scope", "kernels/access_under_scope", caches_under_scope("read")),
    ("cache_writes_under_scope", "kernels/access_under_scope", caches_under_scope("write")),
    ("caches_in_blockized_matmul", "kernels/matmul", caches_in_blockized_matmul),
    ("rfactor_split_reduction", "kernels/rf_matmul", rfactor_at("update", 4)),
    ("rfactor_kept_reduction", "kernels/square_sum", rfactor_at("C", 2)),
    ("rfactor_axis_1", "kernels/square_sum", rfactor_at("C", 2, 1)),
    ("rfactor_unit_loop", "kernels/square_sum_sqrt", rfactor_at("C", 2)),
    ("rfactor_unit_outer_loop", "kernels/square_sum_sqrt_unit_outer", rfactor_at("C", 1)),
    ("rfactor_annotated", "kernels/square_sum_annotated", rfactor_at("C", 2)),
    ("rfactor_whole_reduction", "kernels/rowsum", rfactor_at("B", 1)),
    ("rfactor_inner_split", "kernels/rowsum", rfactor_inner_split),
    ("rfactor_zero_dim", "kernels/rowsum_zero_dim", rfactor_at("B", 0)),
    ("rfactor_negative_axis", "kernels/rf_matmul", rfactor_at("update", 4, -3)),
    ("rfactor_in_shared_loops", "kernels/reduction_chain", rfactor_at("C", 2, 2)),
    ("rfactor_with_unit_loops", "kernels/pool_acc", rfactor_at("acc", 4, 4)),
    ("rfactor_argmax", "kernels/argmax_split", rfactor_at("argmax", 2)),
    ("rfactor_argmax_outer", "kernels/argmax_split", rfactor_at("argmax", 1, 1)),
    ("rfactor_argmin_init_reordered", "kernels/argmin_init_reordered", rfactor_at("argmin", 2)),
    ("rfactor_argmax_topi", "kernels/argmax_topi", rfactor_argmax_topi),
    ("rfactor_sum_pair", "kernels/sum_pair", rfactor_sum_pair),
    ("inline_into_two_consumers", "kernels/inline_multi_consumer", inline("B")),
    ("inline_unread_block", "kernels/inline_standalone", inline("B")),
    ("inline_under_shared_loop", "kernels/inline_under_loop", inline("B")),
    ("reverse_inline_under_shared_loop", "kernels/inline_under_loop", inline("C", True)),
    ("reverse_inline_two_loads", "kernels/inline_multi_reverse_loads", inline("C", True)),
    ("reverse_inline_affine_load", "kernels/reverse_affine_load", inline("C", True)),
    ("reverse_inline_reshape_1d", "kernels/reverse_reshape_1d", inline("C", True)),
    ("reverse_inline_partial", "kernels/reverse_partial", inline("C", True)),
    ("reverse_inline_bias_transposed", "kernels/reverse_bias_transposed", inline("C", True)),
    ("inline_into_predicate", "kernels/inline_predicate", inline("B")),
    # Each independent part of the load inverted alone (TVM's InverseAffineIterMap).
    ("reverse_inline_unit_iter", "kernels/reverse_unit_iter", inline("C", True)),
    ("reverse_inline_unit_iter_simplified", "kernels/reverse_unit_iter_simplified", inline("C", True)),
    ("reverse_inline_multi_affine_load", "kernels/reverse_multi_affine_load", inline("C", True)),
    ("reverse_inline_chain", "kernels/reverse_affine_chain", "sch.reverse_compute_inline(sch.get_sblock(\"C\"))\nsch.reverse_compute_inline(sch.get_sblock(\"D\"))\n"),
    ("reverse_inline_chain_reversed", "kernels/reverse_affine_chain", "sch.reverse_compute_inline(sch.get_sblock(\"D\"))\nsch.reverse_compute_inline(sch.get_sblock(\"C\"))\n"),
    ("reverse_inline_unit_index", "kernels/ca_reverse_unit_loop", inline("D", True)),
    ("inline_beside_access_ptr", "kernels/inline_access_ptr", inline("BB")),
    ("inline_under_tvm_access_ptr", "kernels/inline_tvm_access_ptr", inline("compute")),
    ("reverse_inline_into_spatial_init", "kernels/reverse_into_spatial_init", inline("transpose", True)),
    # A cache takes over opaque uses of the buffer's data (`A.data`) in the blocks it serves.
    ("cache_read_opaque_access", "kernels/crw_opaque_access", "".join('sch.cache_read(sch.get_sblock("%s"), 0, "global")\n' % b for b in ["load_store", "opaque", "match_buffer"])),
    ("cache_write_opaque_access", "kernels/crw_opaque_access", "".join('sch.cache_write(sch.get_sblock("%s"), 0, "global")\n' % b for b in ["load_store", "opaque", "match_buffer"])),
    # A body that is one block without variables is the root, whatever its name.
    ("sole_block_is_the_root", "kernels/sole_outer_block", "b = sch.get_sblock(\"outer\")\nsch.compute_inline(sch.get_sblock(\"B\"))\n"),
    ("reverse_inline_into_predicated_producer", "kernels/conv2d_int8_tensorcore_predicate", inline("compute_4", True)),
    ("ca_reversed_index", "kernels/ca_rev_iter", "sch.compute_at(sch.get_sblock(\"b0\"), sch.get_loops(sch.get_sblock(\"b1\"))[0])\n"),
    ("rca_reversed_index", "kernels/ca_rev_iter", "sch.reverse_compute_at(sch.get_sblock(\"b1\"), sch.get_loops(sch.get_sblock(\"b0\"))[0])\n"),
    ("rca_mixed_radix_digits", "kernels/ca_recursive_floordiv_floormod", "sch.reverse_compute_at(sch.get_sblock(\"Out\"), sch.get_loops(sch.get_sblock(\"In\"))[2])\n"),
    ("cache_read_inplace_copy", "kernels/crw_inplace_func", "b = sch.get_sblock(\"copy_in\")\nsch.cache_read(b, 0, \"local\", [b])\n"),
    ("reverse_inline_then_cache_write", "kernels/reverse_slice", "sch.reverse_compute_inline(sch.get_sblock(\"T_strided_slice_with_axes\"))\nsch.cache_write(sch.get_sblock(\"T_add\"), 0, \"global\")\n"),
]

def fuse_epilogue(pairs, before=None):
    def f(sch):
        if before:
            before(sch)
        for red, epi in pairs:
            sch.fuse_reduction_epilogue(red, epi)
    return f


def tile_then_fuse(sch):
    # The epilogue moved under the reduction's tile first, then fused: its loops go, the
    # fused block keeps the reduction's tiled loops.
    b = sch.get_sblock("matmul")
    i, j, k = sch.get_loops(b)
    io, ii = sch.split(i, factors=[None, 8])
    sch.reorder(io, j, ii, k)
    sch.reverse_compute_at(sch.get_sblock("bias_relu"), j)
    sch.fuse_reduction_epilogue(b, sch.get_sblock("bias_relu"))
    sch.parallel(io)


def read_write_at_tiled(sch):
    # TVM's read_write_at tests on a CPU tiling: copies of the A and B tiles per k step,
    # the C tile accumulated in a local copy and written back per j tile.
    b = sch.get_sblock("C")
    i, j, k = sch.get_loops(b)
    io, ii = sch.split(i, [None, 16])
    jo, ji = sch.split(j, [None, 16])
    ko, ki = sch.split(k, [None, 8])
    sch.reorder(io, jo, ko, ii, ki, ji)
    sch.read_at(ko, b, 0, "global")
    sch.read_at(ko, b, 1, "local")
    sch.write_at(jo, b, 0, "local")
    sch.parallel(io)


def read_write_at_gpu(sch):
    # TVM's three read_write_at tests in a row: shared copies of the A and B tiles per k0
    # step (relaxed over the threads of a thread block), the C tile written back per thread.
    block = sch.get_sblock("C")
    _by, _bx, _vy, _vx, _ty, tx, k0, _k1, _, _i, _j = sch.get_loops(block)
    sch.read_at(k0, block, 1, "shared")
    sch.read_at(k0, block, 2, "shared")
    sch.write_at(tx, block, 0, "shared")


def tile_nd(sch, tile, block):
    outer, inner = [], []
    ls = sch.get_loops(sch.get_sblock(block))
    for i, size in enumerate(tile):
        o, n = sch.split(ls[i], [None, size])
        outer.append(o)
        inner.append(n)
    sch.reorder(*outer, *inner)
    return outer, inner


def rolling(tile, stages=("B",)):
    # TVM's rolling_buffer tests: C tiled, its producers computed at the innermost outer tile
    # loop, then rolled.
    def f(sch):
        outer, _ = tile_nd(sch, tile, "C")
        for b in reversed(stages):
            sch.compute_at(sch.get_sblock(b), outer[-1])
        for b in stages:
            sch.rolling_buffer(sch.get_sblock(b), 0)
    return f


def rolling_1d(sch):
    _, i, _ = sch.get_loops(sch.get_sblock("C"))
    io, _ = sch.split(i, [2, 4])
    sch.compute_at(sch.get_sblock("B"), io)
    sch.rolling_buffer(sch.get_sblock("B"), 0)


def replay_file(path):
    # A trace TVM printed elsewhere (MetaSchedule's best schedule of a tuning run), applied as
    # TVM applies it.
    def f(sch):
        scope = {}
        with open(os.path.join(HERE, path)) as fh:
            exec(fh.read().replace("# from tvm import s_tir", "from tvm import s_tir"), scope)
        scope["apply_trace"](sch)
    return f


def sample_partitioned(sch):
    # MetaSchedule's tensor-core tiling: the inner two factors' product a multiple of 16.
    block = [x for x in sch.get_child_blocks(sch.get_sblock("root"))][-1]
    i = sch.get_loops(block)[0]
    factors = sch.sample_partitioned_tile(i, n=3, partition_pos=1, innerpart_factor=16)
    sch.split(i, factors=factors)


def read_at_two_readers(sch):
    # Two blocks under the loop read the buffer: the copy covers both regions.
    b = sch.get_sblock("C")
    i, j = sch.get_loops(b)
    sch.compute_at(sch.get_sblock("B"), i)
    sch.read_at(i, b, 1, "local")


# The harness runs these on non-negative inputs, where TVM's per-step T.min/T.max (the fused
# block bounds the running sum at every step) give what the unfused kernel gives; a test in
# tests/schedule.rs checks the per-step semantics on negative inputs.
CASES += [
    ("fuse_epilogue_bias_int8", "kernels/mm_bias_int8", fuse_epilogue([("multiply", "add")])),
    ("fuse_epilogue_three", "kernels/mm_epilogues",
     fuse_epilogue([("matmul", "bias_relu"), ("matmul2", "clip"), ("matmul3", "relu6")])),
    ("fuse_epilogue_tiled", "kernels/mm_epilogues", tile_then_fuse),
    ("fuse_epilogue_clip_scalars", "kernels/mm_clip_scalars",
     fuse_epilogue([("matmul", "clip"), ("matmul2", "clip2"), ("matmul3", "clip3")])),
    # The predicate reads the buffer over the loops: it keeps reading it (fuzzing found the
    # stand-in's indices, block variables, written into the predicate).
    ("read_write_at_tiled", "kernels/matmul", read_write_at_tiled),
    ("read_at_two_readers", "kernels/two_readers", read_at_two_readers),
    ("rolling_1d", "kernels/rolling_1d", rolling_1d),
    ("metaschedule_conv2d", "conv2d", replay_file("traces/metaschedule_conv2d.py")),
    ("metaschedule_softmax", "softmax", replay_file("traces/metaschedule_softmax.py")),
    # A schedule of Strata's tuner with a packed operand (cache_read + transform_layout).
    ("strata_matmul_packed", "kernels/matmul", replay_file("traces/strata_matmul_packed.py")),
    ("rolling_w_tiled", "kernels/cascade_pool", rolling([1, 8, 4, 16])),
    ("rolling_h_tiled", "kernels/cascade_pool", rolling([1, 4, 8, 16])),
    ("rolling_h_w_c_tiled", "kernels/cascade_pool", rolling([1, 4, 4, 8])),
    ("rolling_non_perfect", "kernels/cascade_pool", rolling([1, 6, 6, 16])),
    ("rolling_cascade_stride", "kernels/cascade3_pool", rolling([1, 4, 4, 16], ("B_0", "B_1"))),
    ("layout_pad_if_then_else", "kernels/pad14",
     lambda sch: sch.transform_layout(sch.get_sblock("B"), ("write", 0), lambda i: (i // 4, i % 4), pad_value=0.0)),
    ("layout_pad_reduction", "kernels/pad_rowsum",
     lambda sch: sch.transform_layout(sch.get_sblock("block"), ("write", 0), lambda i: (i // 4, i % 4), pad_value=0)),
    ("layout_pad_assume_injective", "kernels/pad14",
     lambda sch: sch.transform_layout(sch.get_sblock("C"), ("read", 0), lambda i: (i // 4, i % 4), assume_injective_transform=True)),
    ("layout_pad_2d", "kernels/two_readers",
     lambda sch: sch.transform_layout(sch.get_sblock("B"), ("write", 0), lambda i, j: (i // 8, j // 5, i % 8, j % 5), pad_value=1.0)),
    ("sample_partitioned_tile", "kernels/matmul", sample_partitioned),
    ("read_write_at_gpu", "kernels/gpu_matmul", read_write_at_gpu),
    ("reindex_cache_predicate", "kernels/inline_predicate",
     lambda sch: sch.reindex_cache_read(sch.get_sblock("C"), 0, "shared", lambda i, j: (j, i // 2, i % 2))),
]



def tensorize_at(block_first):
    # TVM's tensorize tests' flow: tile by the intrinsic's shape, decompose the reduction, then
    # tensorize the inner tile (a loop, blockized first; or the block blockize made).
    def f(sch):
        b = sch.get_sblock("C")
        i, j, k = sch.get_loops(b)
        i0, i1 = sch.split(i, [None, 4])
        j0, j1 = sch.split(j, [None, 4])
        k0, k1 = sch.split(k, [None, 4])
        sch.reorder(i0, j0, k0, i1, j1, k1)
        sch.decompose_reduction(b, k0)
        if block_first:
            sch.tensorize(sch.blockize(i1), "mm4")
        else:
            sch.tensorize(i1, "mm4")
    return f


def tensorize_dot(sch):
    # An intrinsic of lower rank than the buffers (A's and C's windows are one row): TVM matches
    # the trailing dimensions and fixes the leading ones.
    b = sch.get_sblock("C")
    i, j, k = sch.get_loops(b)
    j0, j1 = sch.split(j, [None, 16])
    k0, k1 = sch.split(k, [None, 4])
    sch.reorder(i, j0, k0, j1, k1)
    sch.decompose_reduction(b, k0)
    sch.tensorize(j1, "dot16x4")


CASES += [
    ("tensorize_dot", "kernels/tensorize_dot", tensorize_dot),
    ("tensorize_loop", "kernels/tensorize_matmul", tensorize_at(False)),
    ("tensorize_block", "kernels/tensorize_matmul", tensorize_at(True)),
    ("tensorize_int64_kernel", "kernels/tensorize_matmul_int64", tensorize_at(False)),
]

def cache_inplace_then_cache(sch):
    # TVM's test_cache_inplace: the copies then cached themselves, the write-back's block named
    # like the fill's.
    b = sch.get_sblock("ext_call")
    blocks = sch.cache_inplace(b, 0, "local")
    sch.cache_read(blocks[0], 0, "global", [blocks[0]])
    sch.cache_write(blocks[1], 0, "global")


def cache_inplace_handles(sch):
    # The two copies share a name; their handles still tell them apart.
    fill, back = sch.cache_inplace("ext_call", 0, "local")
    sch.annotate(back, "pragma_write_back", 1)
    sch.unroll(sch.get_loops(fill)[-1])
    sch.vectorize(sch.get_loops(back)[-1])


CASES += [
    ("cache_inplace_then_cache", "kernels/inplace_1d", cache_inplace_then_cache),
    ("cache_inplace_global", "kernels/inplace_1d", lambda s: s.cache_inplace("ext_call", 0, "global")),
    ("cache_inplace_at_root", "kernels/inplace_2d", lambda s: s.cache_inplace("scan", 0, "local")),
    ("cache_inplace_handles", "kernels/inplace_1d", cache_inplace_handles),
]

CASES += [
    # TVM's test_tir_schedule_cache_index.py: both of its kernels.
    ("cache_index_resize", "kernels/resize_index", lambda s: s.cache_index(s.get_sblock("A"), "global")),
    ("cache_index_bilinear", "kernels/bilinear_resize", lambda s: s.cache_index(s.get_sblock("resize"), "global")),
    ("cache_index_gather", "kernels/gather_index", lambda s: s.cache_index("B", "global")),
    ("cache_index_gather_thresh", "kernels/gather_index", lambda s: s.cache_index("B", "global", 2)),
]

def sf(block, f):
    def g(sch):
        f(sch, sch.get_loops(sch.get_sblock(block)))
    return g


CASES += [
    # TVM's test_tir_schedule_split_fuse.py: its schedules on its kernels (the refused ones are
    # legality cases in tests/schedule.rs).
    ("sf_fuse", "kernels/sf_elementwise", sf("B", lambda s, l: s.fuse(*l))),
    ("sf_split_no_predication", "kernels/sf_elementwise", sf("B", lambda s, l: [
        s.split(l[0], factors=[2, 1, 64], disable_predication=True),
        s.split(l[1], factors=[4, 32], disable_predication=True),
        s.split(l[2], factors=[16, 8], disable_predication=True)])),
    ("sf_split_inferred", "kernels/sf_elementwise", sf("B", lambda s, l: [
        s.split(l[0], factors=[None, 1, 64]), s.split(l[1], factors=[2, None, 64]),
        s.split(l[2], factors=[2, 1, None])])),
    ("sf_split_dynamic", "kernels/sf_dynamic", sf("B", lambda s, l: [
        s.split(l[0], factors=[None, 16]), s.split(l[1], factors=[4, 32]), s.split(l[2], factors=[16, None])])),
    ("sf_split_predicate", "kernels/sf_elementwise", sf("B", lambda s, l: [
        s.split(l[0], factors=[1000, 2, 3]), s.split(l[1], factors=[None, 129]), s.split(l[2], factors=[3, None])])),
    ("sf_fuse_opaque_block", "kernels/sf_with_opaque_block", sf("opaque", lambda s, l: s.fuse(*l))),
    ("sf_fuse_opaque_access", "kernels/sf_opaque_access", lambda s: [
        s.fuse(*s.get_loops(s.get_sblock("A"))), s.fuse(*s.get_loops(s.get_sblock("B")))]),
    ("sf_split_opaque_block", "kernels/sf_with_opaque_block", sf("opaque", lambda s, l: s.split(l[0], factors=[None, 16]))),
    ("sf_split_opaque_access", "kernels/sf_opaque_access", lambda s: [
        s.split(s.get_loops(s.get_sblock("A"))[1], factors=[None, 4]),
        s.split(s.get_loops(s.get_sblock("B"))[1], factors=[None, 4])]),
    ("sf_fuse_symbolic", "kernels/sf_symbolic", sf("B", lambda s, l: s.fuse(*l))),
    ("sf_split_symbolic", "kernels/sf_symbolic", sf("B", lambda s, l: s.split(l[2], factors=[10, None]))),
    ("sf_split_symbolic_int64_factor", "kernels/sf_symbolic", sf("B", lambda s, l: s.split(l[2], factors=[tvm.tirx.IntImm("int64", 10), None]))),
    ("sf_fuse_not_affine", "kernels/sf_not_affine", sf("B", lambda s, l: s.fuse(l[1], l[2]))),
    ("sf_split_dependent", "kernels/sf_dependent_loops", sf("B", lambda s, l: s.split(l[1], factors=[None, 10]))),
    ("sf_add_unit_loop_block", "kernels/sf_zero_dim", lambda s: s.add_unit_loop(s.get_sblock("C"))),
    ("sf_add_unit_loop_loop", "kernels/sf_zero_dim_loop", lambda s: s.add_unit_loop(s.get_loops(s.get_sblock("C"))[0])),
    ("sf_symbolic_2d_tiling", "kernels/sf_symbolic_2d", sf("B", lambda s, l: (lambda i, j: (
        s.reorder(i[0], j[0], i[1], j[1]), s.fuse(i[0], j[0])))(
        s.split(l[0], factors=[None, 64]), s.split(l[1], factors=[None, 16])))),
]

def ro_cascade(sch):
    p0, p1 = sch.get_sblock("pool_0"), sch.get_sblock("pool_1")
    _, _, h, w, _, _ = sch.get_loops(p1)
    ho, _ = sch.split(h, factors=[None, 4])
    sch.compute_at(p0, ho)
    _, _, _, h_i, w, _, _ = sch.get_loops(p0)
    sch.reorder(w, h_i)


CASES += [
    # TVM's test_tir_schedule_reorder.py (the refused ones are legality cases in
    # tests/schedule.rs).
    ("ro_reorder", "kernels/ro_elementwise", sf("B", lambda s, l: s.reorder(l[3], l[0]))),
    ("ro_reorder2", "kernels/ro_elementwise", sf("B", lambda s, l: s.reorder(l[2], l[0], l[3]))),
    ("ro_overlapped_access", "kernels/ro_overlapped_access", sf("block", lambda s, l: s.reorder(l[0], l[2], l[1]))),
    ("ro_partial_affine", "kernels/ro_partial_affine", sf("block", lambda s, l: s.reorder(l[2], l[1]))),
    ("ro_cascade_tiled", "kernels/ro_cascade_pool", ro_cascade),
]

def lps(sch, block):
    return sch.get_loops(sch.get_sblock(block))


CASES += [
    # TVM's test_tir_schedule_for_kind.py (the refused ones are legality cases in
    # tests/schedule.rs); a reduction bound to threadIdx.x (cross-thread) runs serially here.
    ("fk_parallel", "kernels/fk_element_wise", lambda s: s.parallel(lps(s, "B")[0])),
    ("fk_parallel_predicate", "kernels/fk_split_predicate", lambda s: s.parallel(lps(s, "B")[1])),
    ("fk_vectorize", "kernels/fk_compute_at_split", lambda s: s.vectorize(lps(s, "C")[2])),
    ("fk_vectorize_predicate", "kernels/fk_split_predicate", lambda s: s.vectorize(lps(s, "B")[0])),
    ("fk_unroll", "kernels/fk_rowsum", lambda s: s.unroll(lps(s, "B")[0])),
    ("fk_unroll_after_bind", "kernels/fk_rowsum", lambda s: (s.bind(lps(s, "B")[0], "blockIdx.x"), s.unroll(lps(s, "B")[0]))),
    ("fk_bind", "kernels/fk_element_wise", lambda s: s.bind(lps(s, "B")[0], "threadIdx.x")),
    ("fk_bind_two", "kernels/fk_compute_at_split", lambda s: (s.bind(lps(s, "B")[1], "threadIdx.x"), s.bind(lps(s, "C")[1], "threadIdx.x"))),
    ("fk_bind_cross_thread_reduction", "kernels/fk_rowsum", lambda s: s.bind(lps(s, "B")[1], "threadIdx.x")),
    ("fk_bind_after_bind", "kernels/fk_element_wise", lambda s: (s.bind(lps(s, "B")[0], "blockIdx.x"), s.bind(lps(s, "B")[0], "threadIdx.x"))),
    ("fk_block_inside_init", "kernels/fk_block_inside_init", lambda s: s.bind(lps(s, "outer")[0], "threadIdx.x")),
    ("fk_vectorize_after_decompose", "kernels/fk_decomposed_gemm", lambda s: s.vectorize(lps(s, "C")[-1])),
    ("fk_nested_block_bind", "kernels/fk_nested_block_bind", lambda s: (s.bind(lps(s, "inner")[1], "threadIdx.x"), s.bind(lps(s, "outer")[1], "blockIdx.x"))),
    ("fk_nested_bind_after_cache_read", "kernels/fk_nested_after_cache_read", lambda s: (s.bind(lps(s, "outer")[0], "blockIdx.x"), s.bind(lps(s, "inner")[0], "threadIdx.x"))),
    ("fk_vectorize_init", "kernels/fk_decomposed_gemm", lambda s: s.vectorize(lps(s, "init")[3])),
    ("fk_scatter_parallel", "kernels/fk_scatter_compute", lambda s: (s.parallel(lps(s, "first_half")[0]), s.parallel(lps(s, "last_half")[0]))),
    ("fk_bind_int64", "kernels/fk_int64", lambda s: s.bind(lps(s, "B")[0], "threadIdx.x")),
]

CASES += [
    # TVM's test_tir_schedule_compute_at.py.
    ("ca_to_index", "kernels/ca_multi_producers_conv", lambda s: s.compute_at(s.get_sblock("pad"), lps(s, "conv")[0], index=-2)),
    ("ca_reverse_to_index", "kernels/ca_reverse_to_index", lambda s: s.reverse_compute_at(s.get_sblock("D"), lps(s, "B")[2], index=1)),
    ("ca_reverse_unit_loop", "kernels/ca_reverse_unit_loop", lambda s: s.reverse_compute_at(s.get_sblock("D"), lps(s, "B")[2], preserve_unit_loops=True, index=1)),
    ("ca_shape_var_as_bound", "kernels/ca_shape_var_bound", lambda s: s.reverse_compute_at(s.get_sblock("NT_matmul"), lps(s, "NT_matmul_rf")[0], preserve_unit_loops=True)),
    ("ca_sliced_concatenate", "kernels/ca_sliced_concat", lambda s: (lambda l: (s.compute_at(s.get_sblock("T_concat"), l), s.compute_at(s.get_sblock("compute"), l)))(lps(s, "T_strided_slice")[0])),
]

def rd_decompose4(sch):
    c = sch.get_sblock("update")
    i, j, k = sch.get_loops(c)
    io, ii = sch.split(i, factors=[16, 8])
    ko, ki = sch.split(k, factors=[19, 7])
    sch.decompose_reduction(c, ii)


def rd(block, at):
    return lambda s: s.decompose_reduction(s.get_sblock(block), lps(s, block)[at])


CASES += [
    # TVM's test_tir_schedule_reduction.py (decompose_reduction).
    ("rd_decompose0", "kernels/rd_matmul", rd("update", 0)),
    ("rd_decompose1", "kernels/rd_rowsum_blockized", rd("blockized_B", 0)),
    ("rd_decompose2", "kernels/rd_matmul", rd("update", 2)),
    ("rd_decompose4", "kernels/rd_matmul", rd_decompose4),
    ("rd_decompose_annotation", "kernels/rd_matmul_annotated", rd("update", 0)),
    ("rd_decompose_for_kind", "kernels/rd_colsum_vectorized", rd("B", 0)),
    ("rd_decompose_nested_block", "kernels/rd_nested_block", rd("outer", 1)),
    ("rd_decompose_thread_binding", "kernels/rd_thread_binding", rd("B", 0)),
    ("rd_decompose_spatial_predicate", "kernels/rd_spatial_predicate", rd("B", 0)),
]

def bz_predicated(sch):
    (i,) = sch.get_loops(sch.get_sblock("B"))
    io, _ = sch.split(i, [None, 16])
    sch.blockize(io)


CASES += [
    # TVM's test_tir_schedule_blockize.py.
    ("bz_outer", "kernels/bz_single_elementwise", lambda s: s.blockize(lps(s, "B")[0])),
    ("bz_inner", "kernels/bz_single_elementwise", lambda s: s.blockize(lps(s, "B")[1])),
    ("bz_reverse_compute_at", "kernels/bz_before_rca", lambda s: s.blockize(lps(s, "C")[2])),
    ("bz_compute_at", "kernels/bz_before_compute_at", lambda s: s.blockize(lps(s, "B")[2])),
    ("bz_init_loops", "kernels/bz_rowsum", lambda s: s.blockize(lps(s, "B")[0])),
    ("bz_int64_preserve_unit_iters", "kernels/bz_int64", lambda s: s.blockize(lps(s, "B")[2], preserve_unit_iters=True)),
    ("bz_int64_no_unit_iters", "kernels/bz_int64", lambda s: s.blockize(lps(s, "B")[2], preserve_unit_iters=False)),
    # Blockize of a list of blocks: one outer block `outer_B_C_` over both, the union of their
    # regions (kernels whose blocks read and write one buffer each: TVM orders several by
    # address).
    ("bz_blocks", "kernels/bz_blocks",
     lambda s: s.blockize([s.get_sblock("B"), s.get_sblock("C")], preserve_unit_iters=False)),
    ("bz_blocks_preserve_unit_iters", "kernels/bz_blocks", lambda s: s.blockize([s.get_sblock("B"), s.get_sblock("C")])),
    ("bz_blocks_under_a_loop", "kernels/bz_rows", lambda s: s.blockize([s.get_sblock("B"), s.get_sblock("C")])),
    ("bz_blocks_under_a_loop_no_unit_iters", "kernels/bz_rows",
     lambda s: s.blockize([s.get_sblock("B"), s.get_sblock("C")], preserve_unit_iters=False)),
    ("bz_blocks_at_the_root", "kernels/bz_root", lambda s: s.blockize([s.get_sblock("B"), s.get_sblock("C")])),
    # A predicate over the blockized loops stays on the inner block; the outer block's regions
    # are the inner variables' domains (127, not the 128 the loops span).
    ("bz_predicated", "kernels/bz_pred", bz_predicated),
]

def rf_nested_split(sch):
    # rfactor of a reduction block nested in another block: the factored buffer is allocated
    # by that block, both nests in its body.
    b = sch.get_sblock("B")
    ko, ki = sch.split(sch.get_loops(b)[-1], [None, 16])
    sch.rfactor(ki, 0)


CASES += [
    ("rf_nested_in_a_block", "kernels/rf_nested", rf_nested_split),
    # The function's one top block without variables is its root (TVM's parser takes it so).
    ("rf_nested_in_the_top_block", "kernels/rf_nested2", rf_nested_split),
    ("ri_nested_in_a_block", "kernels/rf_nested", lambda s: s.reindex(s.get_sblock("B"), ("read", 0))),
    ("ri_nested_in_the_top_block", "kernels/rf_nested2", lambda s: s.reindex(s.get_sblock("B"), ("write", 0))),
    ("rc_nested_in_a_block", "kernels/rf_nested",
     lambda s: s.reindex_cache_read(s.get_sblock("B"), 0, "local", lambda vk: (vk,))),
    ("rc_nested_in_the_top_block", "kernels/rf_nested2",
     lambda s: s.reindex_cache_write(s.get_sblock("B"), 0, "local", lambda vi, vk: (vi,))),
]

CASES += [
    # TVM's test_tir_schedule_set_scope.py.
    ("ss_set_scope", "kernels/ss_element_wise", lambda s: s.set_scope(s.get_sblock("B"), 0, "shared")),
    ("ss_set_scope_subregion", "kernels/ss_subregion_match", lambda s: s.set_scope(s.get_sblock("B"), 0, "shared")),
]

CASES += [
    # TVM's test_tir_schedule_storage_align.py.
    ("sa_storage_align", "kernels/sa_element_wise", lambda s: s.storage_align(s.get_sblock("B"), 0, axis=0, factor=128, offset=127)),
    ("sa_storage_align_update", "kernels/sa_element_wise", lambda s: (
        s.storage_align(s.get_sblock("B"), 0, axis=0, factor=128, offset=0),
        s.storage_align(s.get_sblock("B"), 0, axis=0, factor=128, offset=127))),
]

CASES += [
    # TVM's test_tir_schedule_compute_inline.py: overcomputing producers.
    ("ci_overcomputed_producer", "kernels/ci_overcomputed_producer", lambda s: s.reverse_compute_inline(s.get_sblock("C"))),
    ("ci_predicate_producer", "kernels/ci_predicate_producer", lambda s: s.reverse_compute_inline(s.get_sblock("C"))),
    ("ci_overcomputed_simplify", "kernels/ci_overcomputed_simplify", lambda s: s.reverse_compute_inline(s.get_sblock("C"))),
    # Loads `B[cvi // 16, cvj // 16, cvi % 16, cvj % 16]`: injective over 127 (the padding
    # predicated away), bijective over 128; TVM writes the inverse from its lowest part up.
    ("ci_overcomputed_injective", "kernels/ci_overcomputed_injective", lambda s: s.reverse_compute_inline(s.get_sblock("C"))),
    ("ci_bijective_tiled_load", "kernels/ci_bijective_tiled_load", lambda s: s.reverse_compute_inline(s.get_sblock("C"))),
]

CASES += [
    # TVM's test_tir_schedule_cache_read_write.py: symbolic shapes, caches under nested blocks'
    # predicates (TVM relaxes under them; siblings' are or-ed). (Its continuous cache_write is
    # cache_write_twice.)
    ("crw_symbolic_cache_read", "kernels/symbolic_matmul_blocked", lambda s: s.cache_read(s.get_sblock("matmul"), 0, "shared")),
    ("crw_symbolic_cache_write", "kernels/symbolic_matmul_blocked", lambda s: s.cache_write(s.get_sblock("matmul"), 0, "local")),
    ("crw_nested_predicate_write", "kernels/nested_block_predicate", lambda s: s.cache_write(s.get_sblock("compute"), 0, "local")),
    ("crw_nested_predicate_read", "kernels/nested_block_predicate", lambda s: s.cache_read(s.get_sblock("compute"), 0, "local")),
    ("crw_sibling_predicates_write", "kernels/sibling_block_predicates", lambda s: s.cache_write(s.get_sblock("compute"), 0, "local")),
    ("crw_sibling_predicates_read", "kernels/sibling_block_predicates", lambda s: s.cache_read(s.get_sblock("compute"), 0, "local")),
]

CASES += [
    # TVM's test_tir_schedule_compute_at.py: a symbolic int64 extent split by a factor of it
    # (no predicate), a read cache of a symbolic input moved under the split loop.
    ("ca_symbolic_predicate", "kernels/ca_symbolic_predicate", lambda s: (
        s.split(s.get_loops(s.get_sblock("Y"))[1], [None, 32]),
        s.compute_at(s.cache_read(s.get_sblock("Y"), 0, "global"), s.get_loops(s.get_sblock("Y"))[1]))),
    # More of test_tir_schedule_compute_at.py: a reduction under a reduction's loop, a padded
    # pooling's read cache (halo and clipping predicate), a non-uniformly tiled conv (`cc // 16`
    # is 0 there), concat's two producers, a repeat (`(i0_0 * 8 + i0_1) // 16` is `i0_0 // 2`),
    # a unit loop kept.
    ("ca_multi_reduction", "kernels/ca_multi_reduction", lambda s: s.compute_at(s.get_sblock("B"), loops(s, "C")[0])),
    ("ca_tiled_pooling", "kernels/ca_tiled_pooling", lambda s: s.compute_at(s.get_sblock("cache"), loops(s, "compute")[1])),
    ("ca_non_uniform_conv", "kernels/ca_non_uniform_conv", lambda s: s.compute_at(s.get_sblock("cache"), loops(s, "compute")[1])),
    ("ca_concat", "kernels/ca_concat", lambda s: (
        s.compute_at(s.get_sblock("T_add_1"), loops(s, "T_concat")[0]),
        s.compute_at(s.get_sblock("T_add_2"), loops(s, "T_concat")[0]))),
    ("ca_tiled_repeat", "kernels/ca_tiled_repeat", lambda s: s.compute_at(s.get_sblock("T_add"), loops(s, "T_repeat")[0])),
    ("ca_static_bound", "kernels/ca_static_bound", lambda s: s.compute_at(s.get_sblock("B"), loops(s, "C")[0], preserve_unit_loops=True)),
    # reverse_compute_at of consumers that read through a fused index (`(v1 * 8 + v4) // 16`,
    # `.. % 16`): TVM inverts it, the consumer runs only the iterations the loop provides.
    ("ca_reverse_layout_trans", "kernels/ca_layout_trans", lambda s: s.reverse_compute_at(
        s.get_sblock("T_layout_trans"), loops(s, "compute")[1])),
    ("ca_reverse_floordiv_floormod", "kernels/ca_floordiv_floormod", lambda s: s.reverse_compute_at(
        s.get_sblock("B"), loops(s, "A")[0])),
    # A producer read through `cc // 16` moved under the channel group loop: 23 of 45 per group.
    ("ca_grouped_channel", "kernels/ca_grouped_channel", lambda s: s.compute_at(
        s.get_sblock("init"), s.get_loops(s.get_sblock("compute"))[0])),
]

# TVM's transform_layout tests (test_tir_schedule_transform_layout.py): each padding plan.
def layout_blockized_cache(sch):
    i, j = sch.get_loops(sch.get_sblock("C"))
    i, ii = sch.split(i, factors=[None, 16])
    j, ji = sch.split(j, factors=[None, 16])
    sch.reorder(i, j, ii, ji)
    outer = sch.blockize(ii)
    cache = sch.cache_read(outer, 0, "global")
    sch.transform_layout(cache, ("write", 0), lambda i, j: (i // 16, j // 16, i % 16, j % 16))


def layout_sampled_factors(sch):
    b = sch.get_sblock("B")
    j0, j1, j2 = sch.sample_perfect_tile(sch.get_loops(b)[-1], 3, decision=[4, 8, 4])
    sch.transform_layout(b, ("write", 0), lambda i, j: (i, j // (j1 * j2), j % (j1 * j2)))


def pad_by(block, buffer, f, **kw):
    return lambda sch: sch.transform_layout(block, buffer, f, **kw)


CASES += [
    # A write outside any loop: a padding block after it.
    ("layout_pad_no_loop", "kernels/tl_no_loop", pad_by("block", "A", lambda i: [i // 4, i % 4], pad_value=0)),
    # Opaque blocks under plain loops: the loops iterate the padded shape.
    ("layout_pad_opaque_reduction", "kernels/tl_opaque_reduction",
     pad_by("block", ("write", 0), lambda i: [i // 4, i % 4], pad_value=0)),
    # The writer also writes another buffer: a padding block after it.
    ("layout_pad_side_effect", "kernels/tl_side_effect",
     pad_by("block", ("write", 0), lambda i: [i // 4, i % 4], pad_value=0)),
    # An input: a block of T.assume before the rest.
    ("layout_pad_input_assumption", "kernels/tl_copy14", pad_by("block", "A", lambda i: [i // 4, i % 4], pad_value=42)),
    # A pad value that depends on the indices.
    ("layout_pad_value_of_indices", "kernels/tl_copy14",
     pad_by("block", ("write", 0), lambda i: [i // 4, i % 4], pad_value=lambda i, j: i + j)),
    ("layout_pad_int64", "kernels/tl_int64", pad_by("block", "A", lambda h: [h // 8, h % 8], pad_value=0)),
    ("layout_opaque_no_padding", "kernels/tl_opaque16",
     pad_by("block", ("write", 0), lambda i: [i // 4, i % 4], pad_value=42)),
    ("layout_var_args", "kernels/tl_sum3d", pad_by("compute", "A", lambda *indices, k: [*indices, k // 4, k % 4])),
    ("layout_unit_map", "kernels/tl_two_elementwise", pad_by("B", ("write", 0), lambda i, j: (i, j))),
    ("layout_blockized_cache", "kernels/tl_two_elementwise", layout_blockized_cache),
    ("layout_sampled_factors", "kernels/tl_two_elementwise", layout_sampled_factors),
]

# TVM's test_tir_schedule_set_dtype.py: a buffer seen through windows.
CASES += [
    ("set_dtype_subregion", "kernels/ss_subregion_match",
     lambda sch: sch.unsafe_set_dtype(sch.get_sblock("B"), 0, "float16")),
]

# TVM's test_tir_schedule_tensorize.py with its x86 and Arm intrinsics (test_tensorize_vnni,
# _avx512, _arm_dot).
def tensorize_16x4(intrin):
    def schedule(sch):
        block = sch.get_sblock("compute")
        sch.transform_layout(block, "W", lambda i, j: [i // 16, j // 4, i % 16, j % 4])
        _, j, k = sch.get_loops(block)
        _, ji = sch.split(j, factors=[None, 16])
        ko, ki = sch.split(k, factors=[None, 4])
        sch.reorder(ko, ji, ki)
        sch.decompose_reduction(block, ko)
        sch.tensorize(ji, intrin)
    return schedule


def tensorize_4x4(intrin):
    def schedule(sch):
        block = sch.get_sblock("compute")
        sch.transform_layout(block, "W", lambda i, j: [i // 4, j // 4, i % 4, j % 4])
        _, j, k = sch.get_loops(block)
        _, ji = sch.split(j, factors=[None, 4])
        ko, ki = sch.split(k, factors=[None, 4])
        sch.reorder(ko, ji, ki)
        sch.decompose_reduction(block, ko)
        sch.tensorize(ji, intrin)
    return schedule


CASES += [
    ("tensorize_arm_sdot", "kernels/tensorize_arm", tensorize_4x4("dot_4x4_i8i8s32_sdot")),
    ("tensorize_vnni", "kernels/tensorize_x86", tensorize_16x4("dot_16x4_vnni")),
    ("tensorize_avx512", "kernels/tensorize_x86", tensorize_16x4("dot_16x4_avx512")),
]

# Schedules written as TVM users write them in Python (block names for blocks, nested calls,
# lists indexed and sliced): the text is run by TVM and kept as CASE.schedule.py, which the test
# replays too.
CASES += [
    ("alloc_buffer_reverse_compute_at", "kernels/alloc_matmul_relu", """
Y = sch.get_sblock("Y")
C_block = sch.get_sblock("C")
i_loop, j_loop, k_loop = sch.get_loops(Y)
j0, j1 = sch.split(j_loop, factors=[16, 8])
_, j0_new, j1_new, k_new = sch.get_loops(Y)
sch.reorder(sch.get_loops(Y)[0], j0_new, k_new, j1_new)
sch.reverse_compute_at(C_block, j0)
"""),
    ("python_lists", "kernels/matmul", """
loops = sch.get_loops("C")
i, j = loops[:2]
k = loops[-1]
jo, ji = sch.split(j, factors=[None, 16])
sch.reorder(loops[0], jo, k, ji)
sch.vectorize(sch.get_loops(sch.get_sblock("C"))[-1])
sch.parallel(loops[0])
l = sch.get_loops(sch.get_sblock("C"))
sch.split(l[2], factors=sch.sample_perfect_tile(l[2], n=2, decision=[8, 16]))
"""),
    ("python_block_names", "kernels/two_elementwise", """
sch.reindex("C", ("read", 0))
sch.compute_at("B", sch.get_loops("B_reindex_reindex")[0])
sch.cache_write("C", 0, "local")
sch.set_scope("B", 0, "local")
sch.cache_read("C", 0, "local", consumer_blocks=["C"])
sch.get_output_blocks(scope_block="root")
"""),
]

# pad_einsum over symbolic extents (TVM's test_pad_matmul, test_pad_rms).
CASES += [
    ("pad_einsum_symbolic", "kernels/pad_einsum_symbolic", 'sch.pad_einsum(sch.get_sblock("C"), [32, 32, 32])'),
    ("pad_einsum_symbolic_rms", "kernels/pad_einsum_rms", 'sch.pad_einsum(sch.get_sblock("S"), [1, 32, 1])'),
]

# loop_partition as TVM's test_tir_schedule_partition.py applies it: nested partitions, an
# opaque block, opaque accesses, which regions TVM rebuilds and which it keeps as declared.
CASES += [
    ("partition_nested", "kernels/partition_elementwise", """
i, j, k = sch.get_loops("B")
sch.loop_partition(i, factors=[2, 1, 64])
i, j, k = sch.get_loops("B_i0")
loops = sch.loop_partition(j, factors=[4, 32])
"""),
    ("partition_inferred_factor", "kernels/partition_elementwise", """
i, j, k = sch.get_loops("B")
sch.loop_partition(i, factors=[None, 1, 64])
i, j, k = sch.get_loops("B_i1")
sch.loop_partition(k, factors=[1, 64, None])
"""),
    ("partition_opaque_block", "kernels/partition_opaque_block", """
i, _, _ = sch.get_loops("opaque")
sch.loop_partition(i, factors=[None, 16])
"""),
    ("partition_opaque_access", "kernels/partition_opaque_access", """
_, j = sch.get_loops("A")
sch.loop_partition(j, factors=[None, 4])
_, j = sch.get_loops("B")
sch.loop_partition(j, factors=[None, 4])
"""),
    ("partition_regions", "kernels/partition_regions", """
_, j = sch.get_loops("A")
sch.loop_partition(j, factors=[None, 4])
_, j = sch.get_loops("B")
sch.loop_partition(j, factors=[None, 4])
"""),
    ("partition_int64_mixed_factors", "kernels/partition_int64", """
from tvm.script import tirx as T
(i,) = sch.get_loops("B")
sch.loop_partition(i, factors=[T.int64(1), T.int32(51)])
"""),
]

# annotate_buffer_access as TVM's tests use it (a slice of get_loops, gen_new_ranges=).
CASES += [
    ("annotate_access_resize_compute_at", "kernels/resize_with_cache", """
block = sch.get_sblock("resize")
cache_block = sch.get_sblock("cache")
sch.annotate_buffer_access(block, 0, "read", lambda vn, vc, vh, vw: (vn, vc, (vh * 2 - 3, vh * 2 + 3), (vw * 2 - 3, vw * 2 + 3)))
h, w = sch.get_loops(block)[-2:]
ho, hi = sch.split(h, factors=[10, 10])
wo, wi = sch.split(w, factors=[10, 10])
sch.reorder(ho, wo, hi, wi)
sch.compute_at(cache_block, wo)
"""),
    ("annotate_access_resize_ranges", "kernels/resize_nearest_f16", """
block = sch.get_sblock("resize")
sch.annotate_buffer_access(block, 0, "read", gen_new_ranges=lambda v_i0, v_i1, v_i2, v_i3: [v_i0, v_i1, (v_i2 * 2 - 3, v_i2 * 2 + 3), (v_i3 * 2 - 3, v_i3 * 2 + 3)])
"""),
]

# transform_layout over symbolic shapes: a symbolic index keeps an index of its own.
CASES += [
    ("layout_symbolic_transpose", "kernels/layout_symbolic", 'sch.transform_layout("B", ("write", 0), lambda i, j: [j, i])'),
    ("layout_symbolic_transpose_read", "kernels/layout_symbolic", 'sch.transform_layout("B", ("read", 0), lambda i, j: [j, i])'),
    ("layout_symbolic_rows_split", "kernels/layout_symbolic_rows", 'sch.transform_layout("B", ("write", 0), lambda i, j: [j // 8, i, j % 8])'),
    ("layout_symbolic_rows_split_read", "kernels/layout_symbolic_rows", 'sch.transform_layout("B", ("read", 0), lambda i, j: [j // 8, i, j % 8])'),
    # transform_block_layout over a symbolic domain: the same rule for block variables.
    ("block_layout_symbolic_rows", "kernels/layout_symbolic_rows", """
sch.transform_layout("B", ("write", 0), lambda i, j: [j // 8, i, j % 8])
sch.transform_block_layout("B", lambda i, j: (j // 8, i, j % 8))
"""),
    ("block_layout_symbolic_transpose", "kernels/layout_symbolic", 'sch.transform_block_layout("B", lambda i, j: (j, i))'),
    ("block_layout_symbolic_split", "kernels/layout_symbolic_rows", 'sch.transform_block_layout("B", lambda i, j: (i, j // 8, j % 8))'),
    # A symbolic index fused with constant ones: TVM's iter-map detection makes one index of
    # extent n * 64.
    ("layout_symbolic_fuse", "kernels/layout_symbolic_rows", 'sch.transform_layout("B", ("write", 0), lambda i, j: [i * 64 + j])'),
    ("layout_symbolic_fuse_split", "kernels/layout_symbolic_rows", 'sch.transform_layout("B", ("write", 0), lambda i, j: [i * 8 + j // 8, j % 8])'),
    ("block_layout_symbolic_fuse", "kernels/layout_symbolic_rows", 'sch.transform_block_layout("B", lambda i, j: (i * 64 + j,))'),
    ("block_layout_symbolic_fuse_split", "kernels/layout_symbolic_rows", 'sch.transform_block_layout("B", lambda i, j: (i * 8 + j // 8, j % 8))'),
    # A packed layout read through a fused block variable: (v0 % 64) % 8 is v0 % 8.
    ("block_layout_symbolic_fuse_packed", "kernels/layout_symbolic_rows", """
sch.transform_layout("B", ("write", 0), lambda i, j: [j // 8, i, j % 8])
sch.transform_block_layout("B", lambda i, j: (i * 64 + j,))
"""),
]

# A variable of one value is folded inside a computed index (`vi * 128 + vj` is `vj` where vi
# ranges over [0, 1)), not where it is an index alone.
CASES += [
    ("layout_unit_dim_folds", "kernels/two_elementwise_unit_dim", """
sch.transform_layout("C", ("write", 0), lambda i, j: (i * 128 + j,))
sch.transform_layout("B", ("read", 0), lambda i, j: (j // 16, i * 16 + j % 16))
"""),
]

# blockize under a predicate over the outer loops alone (a split that does not divide): the
# predicate moves to the outer block (TVM's outer predicate), with or without an init.
CASES += [
    ("blockize_outer_predicate", "kernels/ew_odd", """
i, j = sch.get_loops("C")
io, ii = sch.split(i, factors=[None, 16])
sch.reorder(ii, j)
sch.blockize(j)
"""),
    ("blockize_outer_predicate_reduction", "kernels/mm127", """
i, j, k = sch.get_loops("C")
io, ii = sch.split(i, factors=[None, 16])
sch.blockize(k)
"""),
    ("blockize_outer_predicate_decomposed", "kernels/mm127", """
i, j, k = sch.get_loops("C")
io, ii = sch.split(i, factors=[None, 16])
sch.blockize(j)
sch.decompose_reduction("C_o", sch.get_loops("C_o")[0])
"""),
]

# rolling_buffer in a block scope other than the root: the dependencies and the tile loops
# are those of the block's own scope.
CASES += [
    ("rolling_nested_scope", "kernels/rolling_1d_nested", rolling_1d),
]

# rfactor in a block scope other than the root: the factored block and its buffer land in
# that scope.
CASES += [
    ("rfactor_nested_scope", "kernels/rowsum_nested", """
i, k = sch.get_loops("B")
ko, ki = sch.split(k, factors=[None, 8])
sch.rfactor(ki, 0)
"""),
]

# compute_at over symbolic extents (TVM's test_compute_at_int64_loop): the region needed is
# `[0, m)`, a loop of symbolic extent.
CASES += [
    ("ca_int64_loop", "kernels/ca_int64_loop", lambda s: s.compute_at(s.get_sblock("C"), loops(s, "D")[0])),
    # A constant tile of a symbolic domain: clipped by `T.where` where it may pass the end.
    ("ca_int64_split_tile", "kernels/ca_int64_loop", """
i, j = sch.get_loops(sch.get_sblock("D"))
jo, ji = sch.split(j, factors=[None, 8])
sch.compute_at(sch.get_sblock("C"), jo)
"""),
    ("ca_int64_split_rows", "kernels/ca_int64_loop", """
i, j = sch.get_loops(sch.get_sblock("D"))
io, ii = sch.split(i, factors=[None, 4])
sch.compute_at(sch.get_sblock("C"), io)
"""),
    ("rca_int64_split", "kernels/ca_int64_loop", """
i, j = sch.get_loops(sch.get_sblock("C"))
jo, ji = sch.split(j, factors=[None, 16])
sch.reverse_compute_at(sch.get_sblock("D"), jo)
"""),
]

# Splits of split loops: a split that needs a predicate leaves the bindings as substituted
# (TVM's iterator maps fail under a predicate of part of a binding), over symbolic extents too
# (TVM's get-started tutorial's vector add), then reordered and fused.
CASES += [
    ("split_of_split_symbolic", "kernels/te_vector_add", """
(i,) = sch.get_loops(sch.get_sblock("C"))
io, ii = sch.split(i, factors=[None, 4])
sch.unroll(ii)
iio, iii = sch.split(io, factors=[2, None])
sch.reorder(iii, iio)
"""),
    ("split_of_split_symbolic_fused", "kernels/te_vector_add", """
(i,) = sch.get_loops(sch.get_sblock("C"))
a, b = sch.split(i, factors=[None, 16])
c, d = sch.split(a, factors=[None, 4])
f = sch.fuse(c, d)
sch.parallel(f)
sch.vectorize(b)
"""),
    ("split_of_split_symbolic_inner", "kernels/te_vector_add", """
(i,) = sch.get_loops(sch.get_sblock("C"))
a, b = sch.split(i, factors=[4, None])
c, d = sch.split(b, factors=[None, 16])
sch.reorder(d, a, c)
"""),
    ("split_of_split_predicated", "kernels/vector_add_100", """
(i,) = sch.get_loops(sch.get_sblock("C"))
a, b, c = sch.split(i, factors=[None, 3, 4])
d, e = sch.split(b, factors=[None, 2])
sch.reorder(e, d, a)
"""),
    ("split_of_split_exact_after_predicated", "kernels/vector_add_100", """
(i,) = sch.get_loops(sch.get_sblock("C"))
a, b = sch.split(i, factors=[None, 8])
c, d = sch.split(a, factors=[None, 13])
sch.reorder(d, c, b)
"""),
    ("split_of_fused_split_reordered", "kernels/copy_10x10", """
i, j = sch.get_loops(sch.get_sblock("C"))
f = sch.fuse(i, j)
a, b = sch.split(f, factors=[None, 8])
c, d = sch.split(a, factors=[None, 3])
sch.reorder(d, c)
"""),
]

# Caches and compute_at on a TE kernel with int64 symbolic shapes: the regions are symbolic
# boxes, each new loop in its dimension's type (int32 for the constant reduction).
CASES += [
    ("te_int64_cache_read", "kernels/te_matmul_relu_int64", 'sch.cache_read(sch.get_sblock("C"), 0, "local")'),
    ("te_int64_cache_write", "kernels/te_matmul_relu_int64", 'sch.cache_write(sch.get_sblock("C"), 0, "local")'),
    ("te_int64_compute_at_reduction", "kernels/te_matmul_relu_int64", """
i, j = sch.get_loops(sch.get_sblock("D"))
sch.compute_at(sch.get_sblock("C"), j)
"""),
    # blockize keeps a wholly outer variable's symbolic domain; a fused symbolic extent's
    # quotient and remainder are affine for parallel's compact-dataflow check.
    ("te_int64_blockize", "kernels/te_matmul_relu_int64", """
i, j, k = sch.get_loops(sch.get_sblock("C"))
sch.blockize(k)
"""),
    ("te_int64_fused_parallel", "kernels/te_matmul_relu_int64", """
i, j, k = sch.get_loops(sch.get_sblock("C"))
f = sch.fuse(i, j)
fo, fi = sch.split(f, factors=[None, 32])
sch.parallel(fo)
"""),
    # Inlining through indices widened to int64 (`T.Cast("int64", v_i1)` beside an int64 row).
    ("te_int64_softmax_inline_exp", "kernels/te_softmax_int64", 'sch.compute_inline(sch.get_sblock("T_softmax_exp"))'),
    ("te_int64_reverse_inline", "kernels/te_elementwise_int64", 'sch.reverse_compute_inline(sch.get_sblock("D"))'),
    ("te_int64_inline_chain", "kernels/te_elementwise_int64", """
sch.compute_inline(sch.get_sblock("B"))
sch.compute_inline(sch.get_sblock("C"))
"""),
    # compute_at of padding over symbolic height and width: the window's int32 loops relax to
    # int64 extents (`w + 2`), constants folded, a clipping T.where over `h + 2`.
    ("te_int64_pad_compute_at_row", "kernels/te_window_sum_int64", """
n, c, y, x, r, s = sch.get_loops(sch.get_sblock("Y"))
sch.compute_at(sch.get_sblock("P"), y)
"""),
    ("te_int64_pad_compute_at_tile", "kernels/te_window_sum_int64", """
n, c, y, x, r, s = sch.get_loops(sch.get_sblock("Y"))
yo, yi = sch.split(y, factors=[None, 4])
sch.reorder(yo, c, yi)
sch.compute_at(sch.get_sblock("P"), yo)
"""),
    # reindex caches over a symbolic domain: a variable from 0 spans its domain; constant
    # dimensions take the map's widest index type.
    ("te_int64_reindex_cache_read", "kernels/te_matmul_relu_int64",
     'sch.reindex_cache_read(sch.get_sblock("C"), 0, "local", lambda vi, vj, vk: (vi, vk))'),
    ("te_int64_reindex_cache_write", "kernels/te_matmul_relu_int64",
     'sch.reindex_cache_write(sch.get_sblock("C"), 0, "local", lambda vi, vj, vk: (vj, vi))'),
    ("te_int64_tiled_cache_write", "kernels/te_matmul_relu_int64", """
c = sch.cache_write(sch.get_sblock("C"), 0, "local")
i, j, k = sch.get_loops(sch.get_sblock("C"))
io, ii = sch.split(i, factors=[None, 4])
jo, ji = sch.split(j, factors=[None, 16])
sch.reorder(io, jo, k, ii, ji)
sch.reverse_compute_at(c, jo)
"""),
    # Found by comparing random schedules with TVM's: a split of a loop a binding sums with
    # another prints flat (`i * 8 + j_0 * 4 + j_1`); a block moved under a loop where nothing
    # produces what it reads is computed whole there (TVM's reverse_compute_at), the loop's
    # later split predicate bounding loops its binding does not use.
    ("split_inner_of_summed_binding", "kernels/split_inner_binding",
     'sch.split(sch.get_loops("consumer")[1], factors=[None, 4])'),
    ("split_inner_of_predicated_binding", "kernels/block_predicate", """
sch.parallel(sch.get_loops("consumer")[1])
sch.split(sch.get_loops("consumer")[1], factors=[None, 4])
"""),
    ("rca_without_producer_under_loop", "kernels/ca_tiled_repeat",
     'sch.reverse_compute_at("T_add", sch.get_loops("T_repeat")[0], preserve_unit_loops=True)'),
    ("rca_unrelated_then_split_reordered", "kernels/sf_opaque_access", """
sch.reverse_compute_at("A", sch.get_loops("B")[0])
sch.split(sch.get_loops("B")[0], factors=[None, 4])
sch.split(sch.get_loops("A")[0], factors=[3, None])
sch.reorder(sch.get_loops("B")[1], sch.get_loops("B")[2], sch.get_loops("B")[0])
"""),
    # Fusing an int64 loop with an int32 one: the fused loop counts in int64 and the int32
    # variable is its value cast back.
    ("fuse_int64_with_int32", "kernels/matmul_int64_rows",
     'sch.fuse(sch.get_loops("T_matmul_NT")[0], sch.get_loops("T_matmul_NT")[1])'),
    ("fuse_symbolic_int64_with_int32", "kernels/te_elementwise_int64", """
sch.compute_at("B", sch.get_loops("C")[1])
sch.fuse(sch.get_loops("B")[0], sch.get_loops("B")[1])
sch.reverse_compute_inline("D")
"""),
    # Fusing loops that a split made merges their digits again (`f // 2048 * 16 + f % 2048 //
    # 128` is `f // 128`).
    ("fuse_split_parts_again", "kernels/rd_matmul_ikj", """
sch.split(sch.get_loops("update")[0], factors=[None, 16])
sch.split(sch.get_loops("update")[3], factors=[None, 4])
sch.parallel(sch.get_loops("update")[1])
sch.fuse(sch.get_loops("update")[0], sch.get_loops("update")[1], sch.get_loops("update")[2])
"""),
    ("fuse_split_parts_then_reindex", "kernels/rf_matmul", """
sch.fuse(sch.get_loops("update")[1], sch.get_loops("update")[2], sch.get_loops("update")[3])
sch.reindex("update", ("read", 0))
"""),
    # A cache placed in its scope block is compacted to the region it caches (TVM 0.27): a
    # block writing 16 of 128 elements gets a 16-element cache; a reader of half a buffer a
    # cache of that half.
    ("cache_write_partial_region", "kernels/partial_write", """
sch.cache_write("B", 0, "global")
sch.vectorize(sch.get_loops("B_global")[0])
"""),
    ("cache_read_partial_region_offset", "kernels/partial_write", 'sch.cache_read("B", 0, "local")'),
    ("cache_read_partial_region", "kernels/inline_access_ptr", """
sch.blockize(sch.get_loops("BB")[0])
sch.split(sch.get_loops("BB")[0], factors=[None, 16, 4])
sch.split(sch.get_loops("B")[0], factors=[None, 2])
sch.cache_read("BB_o", 0, "global")
"""),
    # A flattened index (`B[vi * 64 + vj]`) computed at one point of the producer's loop:
    # inverted to `vi = x // 64`, `vj = x % 64`.
    ("rca_flattened_index_at_point", "kernels/reverse_reshape_1d", """
sch.reverse_compute_at("C", sch.get_loops("B")[0])
sch.split(sch.get_loops("C")[0], factors=[None, 7, 2])
sch.reorder(sch.get_loops("C")[1], sch.get_loops("C")[2])
"""),
    ("rca_flattened_index_unit_iter", "kernels/reverse_unit_iter", """
sch.reverse_compute_at("C", sch.get_loops("B")[1])
sch.split(sch.get_loops("C")[0], factors=[8, None])
sch.unroll(sch.get_loops("C")[2])
"""),
    # blockize of loops whose bindings are quotients and remainders of inner loops alone
    # (a fused inner loop): wholly inner, the outer part one value; `f % 128` relaxes to a box.
    ("blockize_fused_inner_loops", "kernels/partition_elementwise", """
sch.fuse(sch.get_loops("B")[1], sch.get_loops("B")[2])
sch.blockize(sch.get_loops("B")[1])
"""),
    ("blockize_unit_outer_reduction", "kernels/square_sum_sqrt_unit_outer", 'sch.blockize(sch.get_loops("C")[0])'),
    ("blockize_inner_of_several", "kernels/bz_blocks", 'sch.blockize(sch.get_loops("B")[2])'),
    # A split of a loop a predicate names: the predicate takes the loop rebuilt factor by
    # factor (`((j_0_0 * 16 + j_0_1) * 4 + j_0_2) * 10 + j_1 < 64`), the bindings flat.
    ("split_under_predicate_keeps_it_raw", "kernels/bz_blocks", """
sch.split(sch.get_loops("C")[2], factors=[7, None])
sch.split(sch.get_loops("C")[2], factors=[None, 16, 4])
sch.split(sch.get_loops("B")[1], factors=[None, 16])
sch.split(sch.get_loops("C")[0], factors=[None, 8])
"""),
    # compute_at's clipping predicate as TVM's simplifier writes it: `i_0 * 2 + i_1 < 62` is
    # `i_0 < 31`; `i // 128 < 127` is `i < 16256`, tightened by `i % 128 < 127` to 16255.
    ("rca_partial_predicate_on_outer_loop", "kernels/reverse_partial", """
sch.split(sch.get_loops("B")[0], factors=[None, 2])
sch.reverse_compute_at("C", sch.get_loops("B")[1])
"""),
    ("rca_overcomputed_quotient_bound", "kernels/ci_overcomputed_simplify",
     'sch.reverse_compute_at("C", sch.get_loops("B")[0], preserve_unit_loops=True)'),
    # A split among loops whose ranges depend on other loops: no iterator map, the bindings
    # stay as substituted (`(j_0 * 32 + j_1) * 2 + j_2`).
    ("split_dependent_loop_binding_raw", "kernels/sf_dependent_loops",
     'sch.split(sch.get_loops("B")[1], factors=[None, 32, 2])'),
    # A split where the predicate bounds the loop's sum and the binding is that sum plus a
    # constant (`8 + i`): mapped, printed with the constant last.
    ("split_offset_binding_under_predicate", "kernels/fk_scatter_compute", """
sch.split(sch.get_loops("last_half")[0], factors=[16, None])
sch.split(sch.get_loops("first_half")[0], factors=[7, None])
"""),
    # compute_at of an rfactor block over int64 and int32 dimensions: the int32 variable's
    # new loop stays int32 (`j = i1 + ax2`).
    ("rfactor_compute_at_mixed_index_types", "kernels/matmul_int64_rows", """
sch.rfactor(sch.get_loops("T_matmul_NT")[2], 0)
sch.compute_at("T_matmul_NT_rf", sch.get_loops("T_matmul_NT")[1], preserve_unit_loops=True)
sch.unroll(sch.get_loops("T_matmul_NT")[2])
"""),
    # A split in a nested block whose binding adds an outer block's variable (`i * 16 + x`):
    # mapped with the outer part as a constant, printed loops first (`x_0 * 3 + x_1 + i * 16`).
    ("split_nested_binding_with_outer_var", "kernels/crw_pointer_under_scope",
     'sch.split(sch.get_loops("B")[0], factors=[7, None])'),
    # pad_einsum's guard compares an int64 variable with the dimension in its type.
    ("pad_einsum_int64_guard", "kernels/ca_reverse_unit_loop", """
sch.split(sch.get_loops("B")[0], factors=[None, 1])
sch.pad_einsum("D", [2, 1, 2])
"""),
    # A cache of a block under a split's guard: the region stays within what the guard lets
    # the loops reach (16 elements, not the 20 the loops span).
    ("cache_write_region_under_split_guard", "kernels/partial_write", """
sch.parallel(sch.get_loops("B")[0])
sch.split(sch.get_loops("B")[0], factors=[None, 5, 4])
sch.cache_write("B", 0, "global")
"""),
    # A split of a loop a block variable's domain names (`T.axis.S(i, j)`): the domain takes
    # the split loops (`i_0 * 4 + i_1`), as the bindings do.
    ("split_dependent_domain", "kernels/sf_dependent_loops",
     'sch.split(sch.get_loops("B")[0], factors=[32, None])'),
    # compute_at where the consumer reads a flattened index `f // 128`, `f % 128` with
    # `f = (i * 32 + j) * 64 + t`, `t < 64`: one row `i * 16 + j // 2` and the columns from
    # `j % 2 * 64`, as TVM's iterator maps split the digits.
    ("ca_flattened_digits", "kernels/reverse_affine_load", """
sch.split(sch.get_loops("B")[0], factors=[None, 1])
sch.vectorize(sch.get_loops("C")[0])
sch.compute_at("B", sch.get_loops("C")[1])
"""),
    # blockize of loops of symbolic extent: a variable over one such loop is all inner
    # (`vk_o` over 1, `vk_i` over `n`), regions relaxed to `0:n` (random comparison).
    ("blockize_symbolic_inner", "kernels/sf_symbolic",
     'sch.split(sch.get_loops("B")[0], factors=[None, 32])\nsch.blockize(sch.get_loops("B")[3])\n'),
    ("blockize_symbolic_rows", "kernels/pad_einsum_rms", 'sch.blockize(sch.get_loops("R")[1])\n'),
    ("blockize_symbolic_reduction", "kernels/pad_einsum_rms", 'sch.blockize(sch.get_loops("S")[1])\n'),
    # blockize relaxes the inner block's regions over its variables' domains, as TVM does:
    # `P[vi_i + vr_i]` of a fused loop's `f // 3`, `f % 3` (the init copies the fused loop), and
    # a sum of quotients bounded by interval arithmetic (random comparison).
    ("blockize_fused_reduction", "kernels/conv1d_pad",
     'sch.fuse(sch.get_loops("conv")[0], sch.get_loops("conv")[1])\nsch.blockize(sch.get_loops("conv")[0])\n'),
    ("blockize_sum_of_quotients", "kernels/resize_index",
     'l = sch.get_loops("A")\nsch.reorder(l[3], l[2], l[1], l[0])\nsch.blockize(sch.get_loops("A")[0])\n'),
    ("blockize_outer_plus_quotients", "kernels/resize_index", 'sch.blockize(sch.get_loops("A")[3])\n'),
    # decompose_reduction at a loop fused of a spatial and a reduction loop copies it for the
    # init (it was left out, the init naming a loop out of scope).
    ("decompose_fused_spatial_reduction", "kernels/sum_pair",
     'sch.fuse(sch.get_loops("sums")[0], sch.get_loops("sums")[1])\nsch.decompose_reduction("sums", sch.get_loops("sums")[0])\n'),
    # Caches and reindex buffers are TVM's copies of the buffer with a new shape: int32 extents
    # of int32 loops over an int64 buffer, and the buffer's own offset type (`elem_offset=0`).
    ("cache_write_int32_loops_int64_buffer", "kernels/elementwise_int64", 'sch.cache_write("B", 0, "global")\n'),
    ("reindex_int64_domains_int32_buffer", "kernels/ca_reverse_unit_loop",
     'sch.reindex("B", ("read", 0))\nsch.split(sch.get_loops("D")[0], factors=[7, None])\n'),
    # compute_at simplifies the consumers' region in the ranges of the loops down to the
    # target (`(i_0 * 16 + i_1) // 16` is `i_0`), as TVM's analyzer does.
    ("ca_region_simplified_in_loop_ranges", "kernels/ci_bijective_tiled_load",
     'sch.split(sch.get_loops("C")[0], factors=[None, 16])\nsch.compute_at("B", sch.get_loops("C")[1])\n'),
    # A split under a fused loop's guard: bindings that are a quotient or remainder of the
    # guarded sum map, and are simplified flat (random comparison).
    ("split_under_guard_of_fused_quotient", "kernels/ca_int64_loop", """
sch.fuse(sch.get_loops("C")[0], sch.get_loops("C")[1])
sch.split(sch.get_loops("C")[0], factors=[None, 2])
sch.reindex("D", ("read", 0))
sch.split(sch.get_loops("C")[1], factors=[2, None])
"""),
    # pad_einsum leaves a symbolic extent that is a multiple of its padding (`n * 32` by 4).
    ("pad_einsum_symbolic_multiple", "kernels/ca_symbolic_predicate",
     'sch.reorder(sch.get_loops("Y")[1], sch.get_loops("Y")[0])\nsch.pad_einsum("Y", [8, 4])\n'),
    # annotate with a key the loop or block already has keeps the first value (TVM 0.27).
    ("annotate_twice_keeps_first", "kernels/inplace_1d", """
sch.annotate(sch.get_loops("ext_call")[0], "pragma_auto_unroll_max_step", 16)
sch.annotate(sch.get_loops("ext_call")[0], "pragma_auto_unroll_max_step", 64)
sch.annotate(sch.get_sblock("ext_call"), "k", 1)
sch.annotate(sch.get_sblock("ext_call"), "k", 2)
sch.unannotate(sch.get_sblock("ext_call"), "k")
sch.annotate(sch.get_sblock("ext_call"), "k", 3)
"""),
    # reverse_compute_at under a fused loop of symbolic extents: its digits stay in their
    # domains (`f // (m * 128)` of `f < n * m * 128`), no predicate (random comparison).
    ("rca_symbolic_fused_digits", "kernels/te_matmul_relu_int64", """
sch.fuse(sch.get_loops("C")[0], sch.get_loops("C")[1], sch.get_loops("C")[2])
sch.reverse_compute_at("D", sch.get_loops("C")[0])
"""),
    # A read cache placed under a loop of a nested scope keeps the buffer's shape (TVM's
    # cache_full_region where its place is no block), then compute_at (random comparison).
    ("cache_read_under_loop_of_nested_scope", "kernels/rolling_1d_nested",
     'sch.cache_read("C", 0, "global")\nsch.compute_at("B", sch.get_loops("B_global")[1])\n'),
    # blockize over a split of a symbolic loop under its guard: the binding is all inner over
    # the domain `n`, the guard stays on the inner block (random comparison).
    ("blockize_symbolic_split_guard", "kernels/sf_symbolic", """
sch.split(sch.get_loops("B")[2], factors=[3, None])
sch.vectorize(sch.get_loops("B")[1])
sch.blockize(sch.get_loops("B")[0])
sch.unroll(sch.get_loops("B")[1])
sch.reorder(sch.get_loops("B")[3], sch.get_loops("B")[0], sch.get_loops("B")[2], sch.get_loops("B")[1])
"""),
    # compute_at where the consumer reads through a fused loop's quotient (`f // 8`): the
    # region is each index's interval over the loops between, as TVM's interval analysis finds.
    ("ca_interval_of_fused_quotient", "kernels/ca_tiled_pooling", """
l = sch.get_loops("compute")
f = sch.fuse(l[2], l[3])
sch.vectorize(f)
sch.compute_at("cache", l[1])
"""),
    ("blockize_symbolic_then_split", "kernels/sf_dynamic",
     'sch.blockize(sch.get_loops("B")[2])\nsch.split(sch.get_loops("B")[0], factors=[None, 16, 4])\n'),
    # A fused index of symbolic stride (`v_i1 * n + v_i3`, `v_i3 < n`) relaxes to `0:n * 32`,
    # and its copy moved back under the loops needs no predicate (random comparison).
    ("cache_write_symbolic_stride", "kernels/nt_matmul_symbolic_fused", """
sch.unroll(sch.get_loops("NT_matmul")[2])
sch.cache_write("NT_matmul", 0, "global")
sch.unroll(sch.get_loops("NT_matmul")[4])
sch.reverse_compute_at("C_global", sch.get_loops("NT_matmul")[3], preserve_unit_loops=True)
"""),
    # reverse_compute_at under a point of the producer: the consumer's digits of a domain they
    # do not divide (127 by 16) are no iteration map, and TVM bounds each dimension alone.
    ("rca_digits_of_undivided_domain", "kernels/ci_overcomputed_injective",
     'sch.reverse_compute_at("C", sch.get_loops("B")[3])\n'),
    # ... and a layout transform's fused index inverted at a point (`i1 * 2 + i4 // 8`).
    ("rca_layout_trans_point", "kernels/ca_layout_trans",
     'sch.reverse_compute_at("T_layout_trans", sch.get_loops("compute")[4])\n'),
    # reindex keeps an index its simplification would make a constant (`v0 // 8`, v0 < 3).
    ("reindex_keeps_constant_index", "kernels/ca_recursive_floordiv_floormod", 'sch.reindex("Out", ("read", 0))\n'),
    ("ca_layout_trans_digits", "kernels/ca_layout_trans",
     'sch.compute_at("compute", sch.get_loops("T_layout_trans")[3], preserve_unit_loops=True)'),
    # reindex of a write in a loop nest shared with the producer of what it reads: the copy
    # goes after the whole nest.
    ("reindex_after_shared_nest", "kernels/reduce4", """
sch.reindex("C", ("write", 0))
sch.annotate(sch.get_loops("C_reindex")[1], "pragma_auto_unroll_max_step", 64)
"""),
    # A signature dimension computed from an int64 shape variable (a module-level `TypeVar`
    # in TVM's print) is a string: `T.Buffer(("n * T.int64(32)",), ..)`.
    ("type_var_dimension_string", "kernels/nt_matmul_symbolic_fused",
     'sch.parallel(sch.get_loops("NT_matmul")[1])'),
    # A fuse of two loops a binding sums after another term (`i2_outer * 32 + f // 4 * 4 + f %
    # 4`): the pair is `f`.
    ("fuse_pair_after_a_term", "kernels/rf_matmul",
     'sch.fuse(sch.get_loops("update")[3], sch.get_loops("update")[4])'),
    # blockize of a reduction: the init's copies of the inner loops keep their kind and
    # annotations (`T.vectorized`, `T.unroll(.., annotations=..)`).
    ("blockize_init_keeps_loop_kind", "kernels/rd_colsum_vectorized",
     'sch.blockize(sch.get_loops("B")[1])'),
    # reverse_compute_at of a consumer reading `temp[v // 16, v % 16]` under the producer's
    # innermost loop: the point `(i, j)` is `v = i * 16 + j` (it took all 256 values).
    ("rca_digits_of_one_point", "kernels/ca_floordiv_floormod",
     'sch.reverse_compute_at("B", sch.get_loops("A")[1])'),
    ("rca_digits_of_one_point_vectorized", "kernels/ca_floordiv_floormod", """
sch.vectorize(sch.get_loops("A")[0])
sch.reverse_compute_at("B", sch.get_loops("A")[1], preserve_unit_loops=True)
"""),
    # A fuse of symbolic and constant loops: the product's constant last (`N * M * 128`).
    ("fuse_symbolic_product_constant_last", "kernels/sf_dynamic",
     'sch.fuse(sch.get_loops("B")[0], sch.get_loops("B")[1], sch.get_loops("B")[2])'),
    # cache_write of blocks over symbolic loops: a fused loop's `f // m`, `f % m` and a split's
    # guard `i_0 * ((n + 15) // 16) + i_1 < n` bound the region ([0, n), [0, m)).
    ("cache_write_fused_symbolic", "kernels/layout_symbolic", """
sch.fuse(sch.get_loops("B")[0], sch.get_loops("B")[1])
sch.cache_write("B", 0, "global")
"""),
    ("cache_write_split_symbolic_guard", "kernels/te_elementwise_int64", """
sch.cache_write("D", 0, "local")
sch.split(sch.get_loops("B")[0], factors=[16, None])
sch.cache_write("B", 0, "global")
"""),
    ("blockize_init_keeps_annotations", "kernels/rd_colsum_vectorized", """
sch.annotate(sch.get_loops("B")[1], "pragma_auto_unroll_max_step", 16)
sch.unroll(sch.get_loops("B")[1])
sch.blockize(sch.get_loops("B")[1])
"""),
]

# DLight's rule-based schedules of the functions Relax legalizes from small models (a linear
# layer, attention, a conv2d, the norms, softmax, a reshape): unit axes dropped by
# transform_block_layout, inlines of stores at `[0, v]`, shared tiles relaxed over the threads
# of a thread block.
CASES += [
    ("dlight_matmul", "kernels/dl_matmul", dlight("Matmul")),
    ("dlight_matmul_bias", "kernels/dl_matmul_bias", dlight("Matmul")),
    ("dlight_batch_matmul", "kernels/dl_batch_matmul", dlight("Matmul")),
    ("dlight_conv2d", "kernels/dl_conv2d_silu", dlight("Matmul")),
    ("dlight_conv2d_cpu", "kernels/dl_conv2d_silu", dlight("Reduction", "llvm")),
    ("dlight_layer_norm", "kernels/dl_layer_norm", dlight("GeneralReduction")),
    ("dlight_row_fallback", "kernels/dl_row_matmul_relu", dlight("Fallback")),
    ("dlight_softmax_cpu", "kernels/dl_row_softmax", dlight("Reduction", "llvm")),
    ("dlight_rms_norm", "kernels/dl_rms_norm", dlight("RMSNorm")),
    ("dlight_transpose", "kernels/dl_transpose", dlight("Transpose")),
    ("dlight_group_norm", "kernels/dl_group_norm", dlight("GeneralReduction")),
    ("dlight_reshape", "kernels/dl_reshape", dlight("Fallback")),
    ("dlight_sum", "kernels/dl_sum", dlight("Reduction")),
    ("dlight_softmax", "kernels/dl_softmax", dlight("GeneralReduction")),
    # Over a symbolic dimension: the matmul padded to the tile (`(n + 31) // 32 * 32`), its
    # epilogue inlined under `T.where(.. < n)`; stores at `[0, v0, v1]` inlined.
    ("dlight_dyn_matmul", "kernels/dl_dyn_matmul_relu", dlight("Matmul")),
    ("dlight_dyn_softmax", "kernels/dl_dyn_softmax", dlight("GeneralReduction")),
    ("dlight_dyn_rms_norm", "kernels/dl_dyn_rms_norm", dlight("Reduction")),
    # A sum over `n` computed at a thread block's loop: its reduction spans the whole `n`.
    ("dlight_dyn_attn_softmax", "kernels/dl_dyn_attn_softmax", dlight("GeneralReduction")),
    # Two rfactors of one block make two `matmul_rf` blocks; the first handle keeps the first.
    ("dlight_dyn_low_batch_gemv", "kernels/dl_dyn_gemv_relu", dlight("LowBatchGEMV")),
    # Attention scores over `n`: the local cache of a padded reindex under fused blockIdx
    # loops (`f // ((n + 63) // 64)`) covers the buffer.
    ("dlight_dyn_attn_scores", "kernels/dl_dyn_attn_scores", dlight("Matmul")),
    # A decode step's matmul over `n` (64 of 128 reduction lanes used): the split guard's bound
    # names quotients and remainders of a fused loop, which TVM's iterator map fuses (the
    # reorder after the second rfactor was refused; the bindings print flat).
    ("dlight_dyn_decode_matmul", "kernels/dl_dyn_decode_matmul", dlight("LowBatchGEMV")),
    # MetaSchedule's CUDA design space of a matmul: the local cache of the tile under fused
    # thread-bound loops (`f // 2 * 2 + i_3`) bounded by interval arithmetic.
    ("ms_cuda_matmul", "kernels/matmul", design_space("cuda", 1, 0)),
    # Pooling stages computed at a fused thread block: the stage read at `(i1 + ax1) * 2 +
    # f // 3` spans TVM's interval (15 x 65, clipped by T.where), and the fused loop's
    # predicates keep `f % 1024 // 128`.
    ("ms_cuda_cascade_pool", "kernels/cascade3_pool", design_space("cuda", 1, 3)),
    # A conv2d's shared input tile under unit reduction loops (`ry_0 * 3` is 0).
    ("ms_cuda_conv2d", "kernels/dl_conv2d_silu", design_space("cuda", 1, 0)),
    # Three matmuls' caches all named `A_shared` and `B_shared`: the handles the root's
    # `get_child_blocks` gives tell them apart; a tile's region keeps the outer `f % 2 * 4`.
    ("ms_cuda_mm_clip", "kernels/mm_clip_scalars", design_space("cuda", 1, 0)),
    # The CPU rules' rfactor of a pooling stage computed at a fused loop: the write-back's
    # variables print as `ax0_1` where the new loops are `ax0` (they printed as `ax0`).
    ("ms_cpu_cascade_pool", "kernels/cascade3_pool", design_space("llvm", 1, 1)),
    # A 4-bit dequantize-then-GEMV: the caches' indices in TVM's canonical form (`f0 * 32 +
    # F // 4 + f2 // 2`), decompose_reduction of one of two `matmul_rf` blocks, a guard's
    # sum kept grouped in a flat binding.
    ("dlight_q4_gemv", "kernels/dl_q4_gemv", dlight("GEMV")),
    ("dlight_q4_gemv_cpu", "kernels/dl_q4_gemv", dlight("GEMV", "llvm")),
    # A write cache of a tile's halo (compute_at of a padded read): the region is clipped
    # where the block's predicate keeps it inside the buffer, its loops' extents moving with
    # the tile (`225 - T.max(hh_0 * 8, 215) - T.max(1 - hh_0 * 8, 0)`); not clipped, the copy
    # ran from row -1 (random comparison).
    ("cache_write_clipped_halo", "kernels/ca_tiled_pooling", """
sch.split(sch.get_loops("cache")[0], factors=[None, 112])
sch.compute_at("cache", sch.get_loops("compute")[1])
sch.cache_write("cache", 0, "global")
"""),
    ("cache_write_clipped_halo_rows", "kernels/ca_tiled_pooling", """
sch.compute_at("cache", sch.get_loops("compute")[0])
sch.cache_write("cache", 0, "local")
"""),
    ("cache_write_clipped_halo_end", "kernels/pool_halo_end", """
sch.compute_at("cache", sch.get_loops("compute")[1])
sch.cache_write("cache", 0, "global")
"""),
    ("cache_write_clipped_halo_start", "kernels/pool_halo_start", """
sch.compute_at("cache", sch.get_loops("compute")[0])
sch.cache_write("cache", 0, "local")
"""),
    # `(j * 64 + k * 8 + l) // 128` of `k, l < 8` is `j // 2`, and `(x * 8 + y) % 16` of
    # `y < 8` is `x % 2 * 8 + y`, as TVM's simplifier writes a moved block's bindings (random
    # comparison).
    ("ca_binding_divisor_of_divisor", "kernels/reverse_affine_load",
     'sch.compute_at("B", sch.get_loops("C")[3])\n'),
    ("ca_binding_remainder_of_divisor", "kernels/ca_layout_trans", """
sch.split(sch.get_loops("T_layout_trans")[2], factors=[None, 16])
sch.fuse(sch.get_loops("T_layout_trans")[2], sch.get_loops("T_layout_trans")[3])
sch.compute_at("compute", sch.get_loops("T_layout_trans")[4])
"""),
    # A fused loop's digits over a shape variable merge: `f // (m * 2) * 2 + f % (m * 2) // m`
    # is `f // m` (random comparison).
    ("fuse_symbolic_digits_merged", "kernels/ca_int64_loop", """
sch.compute_inline("C")
sch.split(sch.get_loops("D")[0], factors=[None, 32, 2])
sch.fuse(sch.get_loops("D")[1], sch.get_loops("D")[2], sch.get_loops("D")[3])
"""),
    # blockize simplifies the inner body as TVM's does: every comparison written `<`/`<=`
    # (float ones too), `x * 1.0` is `x`, a `T.max` of the inner variables alone folds.
    ("blockize_body_simplified", "kernels/bz_body_simplified", 'sch.blockize(sch.get_loops("B")[0])\n'),
    ("blockize_body_simplified_split", "kernels/bz_body_simplified",
     'l = sch.split(sch.get_loops("B")[0], [None, 8])\nsch.blockize(l[1])\n'),
    ("blockize_argmax_select", "kernels/argmax_split", 'sch.blockize(sch.get_loops("argmax")[2])\n'),
    # A consumer that reads `B[cc // 16]` moves under the producer's loop over B with the 16
    # values of `cc` each step needs, not all 720 (random comparison).
    ("rca_quotient_alone", "kernels/ca_grouped_channel", """
sch.reverse_compute_at("compute", sch.get_loops("init")[0])
sch.split(sch.get_loops("compute")[0], factors=[None, 7])
sch.vectorize(sch.get_loops("init")[1])
"""),
    # blockize writes the inner block's sums in the canonical simplifier's order (`v_i_i * 16
    # + v_j_i`, not the inlined `v_j + v_i * 16`) (random comparison).
    ("blockize_sum_reordered", "kernels/ca_floordiv_floormod", """
sch.unroll(sch.get_loops("A")[0])
sch.reverse_compute_inline("B")
sch.reorder(sch.get_loops("A")[1], sch.get_loops("A")[0])
sch.blockize(sch.get_loops("A")[0])
sch.cache_read("A_o", 0, "local")
"""),
    # A block with an init blockized with its reduction whole inside: the inner block reads
    # what it read (TVM adds the written region only where the outer block reduces too).
    ("blockize_init_reduction_inside", "kernels/fk_block_inside_init", 'sch.blockize(sch.get_loops("outer")[0])\n'),
    # rfactor names the reduction's loops in the order its binding does, not the loops' order
    # after a reorder (random comparison).
    ("rfactor_binding_order", "kernels/bz_rowsum", """
sch.pad_einsum("B", [2, 4])
sch.split(sch.get_loops("B")[0], factors=[None, 4, 2])
sch.split(sch.get_loops("B")[2], factors=[2, None])
sch.reorder(sch.get_loops("B")[3], sch.get_loops("B")[4], sch.get_loops("B")[1])
sch.rfactor(sch.get_loops("B")[0], 0)
"""),
    # compute_inline of a producer that stores reversed (`Y[9 - vi, 9 - vj]`): each variable
    # is `(ph - 9) * -1` of the consumer's index, as TVM inverts it (a design space).
    ("inline_reversed_store", "kernels/ca_rev_iter", 'sch.compute_inline("b0")\n'),
    # blockize keeps a condition's `T.likely` hints (random comparison).
    ("blockize_keeps_likely", "kernels/pool_halo_start", 'sch.blockize(sch.get_loops("compute")[0])\n'),
    # An input's read cache goes first in the list, before a `T.alloc_buffer` statement, as
    # TVM 0.27 keeps the statement in the list (random comparison).
    ("cache_read_before_alloc_statement", "kernels/two_elementwise_unit_dim", """
sch.cache_read("B", 0, "global")
sch.vectorize(sch.get_loops("B")[0])
sch.cache_write("C", 0, "global")
sch.parallel(sch.get_loops("A_global")[1])
"""),
    # compute_at writes the moved block's bindings in canonical order (`f0 // 3 + i1 + ax2`):
    # a CPU design space with rfactor of two cascaded pools, whose later fuse keeps the order.
    ("ms_cpu_cascade_pool_rfactor", "kernels/cascade3_pool", design_space("llvm", 1, 14)),
    ("cache_read_before_alloc_statement_reindexed", "kernels/square_sum_sqrt", """
sch.pad_einsum("D", [8])
sch.reindex("D", ("read", 0))
sch.cache_read("C", 0, "local")
"""),
]

# `generate.py CASE ..` regenerates only those cases.
for case, kname, fn in [c for c in CASES if not sys.argv[1:] or c[0] in sys.argv[1:]]:
    src = kernel(kname)
    func = tvm.script.from_source(src)
    if isinstance(func, tvm.IRModule):
        # A kernel `main` with tensor intrinsics: the function pairs `NAME_desc`/`NAME_impl`.
        for gv in func.get_global_vars():
            stem = gv.name_hint[: -len("_desc")]
            if gv.name_hint.endswith("_desc") and stem + "_impl" in [g.name_hint for g in func.get_global_vars()]:
                tvm.s_tir.TensorIntrin.register(stem, func[gv.name_hint], func[stem + "_impl"], override=True)
        func = func["main"]
        fname = "main"
    else:
        fname = [l for l in src.splitlines() if l.startswith("def ")][0].split("(")[0][4:]
    sch = tvm.s_tir.Schedule(func, seed=7)
    if isinstance(fn, str):
        exec(fn, {"sch": sch})
        with open(os.path.join(HERE, case + ".schedule.py"), "w") as f:
            f.write("# A schedule as a TVM user writes it (generate.py); TVM's trace of it: %s.trace\n" % case)
            f.write(fn.lstrip())
    else:
        fn(sch)
    out = sch.mod["main"].script()
    out = out.replace("def main(", "def %s(" % fname, 1)
    out = out.replace('"global_symbol": "%s", ' % fname, "")
    out = out.replace('T.func_attr({"global_symbol": "%s"})\n    ' % fname, "")
    text = trace_text(sch)
    if text != str(sch.trace):
        check_trace(kname, text, sch.mod["main"])
    with open(os.path.join(HERE, case + ".trace"), "w") as f:
        f.write(text + "\n")
    with open(os.path.join(HERE, case + ".expected.py"), "w") as f:
        f.write("# kernel: %s; TVM 0.27's print of it scheduled by %s.trace (generate.py)\n" % (kernel_path(kname), case))
        f.write(out + "\n")
    print("wrote", case)
