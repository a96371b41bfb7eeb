# A kernel for schedule cases (generate.py): Relax's legalization of a small model with a symbolic dimension (TVM 0.27), as DLight schedules it.
# from typing import TypeVar
# from tvm.script import tirx as T

n = TypeVar("n")
@T.prim_func(s_tir=True)
def dl_dyn_gemv_relu(x: T.Buffer((n, T.int64(128)), "float32"), permute_dims: T.Buffer((T.int64(128), T.int64(256)), "float32"), fc1_bias: T.Buffer((T.int64(256),), "float32"), compute_intermediate: T.Buffer((n, T.int64(256)), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    matmul_intermediate = T.sblock_alloc_buffer((n, T.int64(256)))
    T_add_intermediate = T.sblock_alloc_buffer((n, T.int64(256)))
    for i0, i1, k in T.grid(n, T.int64(256), T.int64(128)):
        with T.sblock("matmul"):
            v_i0, v_i1, v_k = T.axis.remap("SSR", [i0, i1, k])
            T.reads(x[v_i0, v_k], permute_dims[v_k, v_i1])
            T.writes(matmul_intermediate[v_i0, v_i1])
            with T.init():
                matmul_intermediate[v_i0, v_i1] = T.float32(0.0)
            matmul_intermediate[v_i0, v_i1] = matmul_intermediate[v_i0, v_i1] + x[v_i0, v_k] * permute_dims[v_k, v_i1]
    for ax0, ax1 in T.grid(n, T.int64(256)):
        with T.sblock("T_add"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(matmul_intermediate[v_ax0, v_ax1], fc1_bias[v_ax1])
            T.writes(T_add_intermediate[v_ax0, v_ax1])
            T_add_intermediate[v_ax0, v_ax1] = matmul_intermediate[v_ax0, v_ax1] + fc1_bias[v_ax1]
    for i0, i1 in T.grid(n, T.int64(256)):
        with T.sblock("compute"):
            v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
            T.reads(T_add_intermediate[v_i0, v_i1])
            T.writes(compute_intermediate[v_i0, v_i1])
            compute_intermediate[v_i0, v_i1] = T.max(T_add_intermediate[v_i0, v_i1], T.float32(0.0))
