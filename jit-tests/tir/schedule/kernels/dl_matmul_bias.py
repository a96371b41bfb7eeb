# A kernel for schedule cases (generate.py): Relax's legalization of a small model (TVM 0.27), as DLight schedules it.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def dl_matmul_bias(softmax: T.Buffer((T.int64(2), T.int64(32), T.int64(512)), "float32"), permute_dims1: T.Buffer((T.int64(512), T.int64(128)), "float32"), fc2_bias: T.Buffer((T.int64(128),), "float32"), T_add_intermediate: T.Buffer((T.int64(2), T.int64(32), T.int64(128)), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    matmul_intermediate = T.sblock_alloc_buffer((T.int64(2), T.int64(32), T.int64(128)))
    for i0, i1, i2, k in T.grid(T.int64(2), T.int64(32), T.int64(128), T.int64(512)):
        with T.sblock("matmul"):
            v_i0, v_i1, v_i2, v_k = T.axis.remap("SSSR", [i0, i1, i2, k])
            T.reads(softmax[v_i0, v_i1, v_k], permute_dims1[v_k, v_i2])
            T.writes(matmul_intermediate[v_i0, v_i1, v_i2])
            with T.init():
                matmul_intermediate[v_i0, v_i1, v_i2] = T.float32(0.0)
            matmul_intermediate[v_i0, v_i1, v_i2] = matmul_intermediate[v_i0, v_i1, v_i2] + softmax[v_i0, v_i1, v_k] * permute_dims1[v_k, v_i2]
    for ax0, ax1, ax2 in T.grid(T.int64(2), T.int64(32), T.int64(128)):
        with T.sblock("T_add"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(matmul_intermediate[v_ax0, v_ax1, v_ax2], fc2_bias[v_ax2])
            T.writes(T_add_intermediate[v_ax0, v_ax1, v_ax2])
            T_add_intermediate[v_ax0, v_ax1, v_ax2] = matmul_intermediate[v_ax0, v_ax1, v_ax2] + fc2_bias[v_ax2]
