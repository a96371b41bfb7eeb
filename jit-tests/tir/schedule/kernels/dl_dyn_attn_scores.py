# A kernel for schedule cases (generate.py): Relax's legalization of a small model with a symbolic dimension (TVM 0.27), as DLight schedules it.
# from typing import TypeVar
# from tvm.script import tirx as T

n = TypeVar("n")
@T.prim_func(s_tir=True)
def dl_dyn_attn_scores(q: T.Buffer((T.int64(1), T.int64(4), n, T.int64(16)), "float32"), permute_dims: T.Buffer((T.int64(1), T.int64(4), T.int64(16), n), "float32"), T_multiply_intermediate: T.Buffer((T.int64(1), T.int64(4), n, n), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    matmul_intermediate = T.sblock_alloc_buffer((T.int64(1), T.int64(4), n, n))
    for i0, i1, i2, i3, k in T.grid(T.int64(1), T.int64(4), n, n, T.int64(16)):
        with T.sblock("matmul"):
            v_i0, v_i1, v_i2, v_i3, v_k = T.axis.remap("SSSSR", [i0, i1, i2, i3, k])
            T.reads(q[v_i0, v_i1, v_i2, v_k], permute_dims[v_i0, v_i1, v_k, v_i3])
            T.writes(matmul_intermediate[v_i0, v_i1, v_i2, v_i3])
            with T.init():
                matmul_intermediate[v_i0, v_i1, v_i2, v_i3] = T.float32(0.0)
            matmul_intermediate[v_i0, v_i1, v_i2, v_i3] = matmul_intermediate[v_i0, v_i1, v_i2, v_i3] + q[v_i0, v_i1, v_i2, v_k] * permute_dims[v_i0, v_i1, v_k, v_i3]
    for ax0, ax1, ax2, ax3 in T.grid(T.int64(1), T.int64(4), n, n):
        with T.sblock("T_multiply"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(matmul_intermediate[v_ax0, v_ax1, v_ax2, v_ax3])
            T.writes(T_multiply_intermediate[v_ax0, v_ax1, v_ax2, v_ax3])
            T_multiply_intermediate[v_ax0, v_ax1, v_ax2, v_ax3] = matmul_intermediate[v_ax0, v_ax1, v_ax2, v_ax3] * T.float32(0.125)
