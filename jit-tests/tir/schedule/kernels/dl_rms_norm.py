# A kernel for schedule cases (generate.py): Relax's legalization of a small model (TVM 0.27), as DLight schedules it.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def dl_rms_norm(matmul: T.Buffer((T.int64(2), T.int64(32), T.int64(512)), "float32"), norm_weight: T.Buffer((T.int64(512),), "float32"), T_cast: T.Buffer((T.int64(2), T.int64(32), T.int64(512)), "float32")):
    T.func_attr({"op_pattern": 4, "tirx.noalias": True})
    # with T.sblock("root"):
    T_cast_1 = T.sblock_alloc_buffer((T.int64(2), T.int64(32), T.int64(512)))
    T_multiply = T.sblock_alloc_buffer((T.int64(2), T.int64(32), T.int64(512)))
    T_multiply_red = T.sblock_alloc_buffer((T.int64(2), T.int64(32)))
    rsqrt = T.sblock_alloc_buffer((T.int64(2), T.int64(32)))
    T_cast_2 = T.sblock_alloc_buffer((T.int64(512),))
    T_rms_norm = T.sblock_alloc_buffer((T.int64(2), T.int64(32), T.int64(512)))
    for ax0, ax1, ax2 in T.grid(T.int64(2), T.int64(32), T.int64(512)):
        with T.sblock("T_cast"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(matmul[v_ax0, v_ax1, v_ax2])
            T.writes(T_cast_1[v_ax0, v_ax1, v_ax2])
            T_cast_1[v_ax0, v_ax1, v_ax2] = matmul[v_ax0, v_ax1, v_ax2]
    for ax0, ax1, ax2 in T.grid(T.int64(2), T.int64(32), T.int64(512)):
        with T.sblock("T_multiply"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(T_cast_1[v_ax0, v_ax1, v_ax2])
            T.writes(T_multiply[v_ax0, v_ax1, v_ax2])
            T_multiply[v_ax0, v_ax1, v_ax2] = T_cast_1[v_ax0, v_ax1, v_ax2] * T_cast_1[v_ax0, v_ax1, v_ax2]
    for ax0, ax1, k2 in T.grid(T.int64(2), T.int64(32), T.int64(512)):
        with T.sblock("T_multiply_red"):
            v_ax0, v_ax1, v_k2 = T.axis.remap("SSR", [ax0, ax1, k2])
            T.reads(T_multiply[v_ax0, v_ax1, v_k2])
            T.writes(T_multiply_red[v_ax0, v_ax1])
            with T.init():
                T_multiply_red[v_ax0, v_ax1] = T.float32(0.0)
            T_multiply_red[v_ax0, v_ax1] = T_multiply_red[v_ax0, v_ax1] + T_multiply[v_ax0, v_ax1, v_k2]
    for ax0, ax1 in T.grid(T.int64(2), T.int64(32)):
        with T.sblock("rsqrt"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_multiply_red[v_ax0, v_ax1])
            T.writes(rsqrt[v_ax0, v_ax1])
            rsqrt[v_ax0, v_ax1] = T.rsqrt(T_multiply_red[v_ax0, v_ax1] / T.float32(512.0) + T.float32(1.0000000000000001e-05))
    for ax0 in range(T.int64(512)):
        with T.sblock("T_cast_1"):
            v_ax0 = T.axis.spatial(T.int64(512), ax0)
            T.reads(norm_weight[v_ax0])
            T.writes(T_cast_2[v_ax0])
            T_cast_2[v_ax0] = norm_weight[v_ax0]
    for ax0, ax1, ax2 in T.grid(T.int64(2), T.int64(32), T.int64(512)):
        with T.sblock("T_rms_norm"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(rsqrt[v_ax0, v_ax1], T_cast_1[v_ax0, v_ax1, v_ax2], T_cast_2[v_ax2])
            T.writes(T_rms_norm[v_ax0, v_ax1, v_ax2])
            T_rms_norm[v_ax0, v_ax1, v_ax2] = rsqrt[v_ax0, v_ax1] * T_cast_1[v_ax0, v_ax1, v_ax2] * T_cast_2[v_ax2]
    for ax0, ax1, ax2 in T.grid(T.int64(2), T.int64(32), T.int64(512)):
        with T.sblock("T_cast_2"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(T_rms_norm[v_ax0, v_ax1, v_ax2])
            T.writes(T_cast[v_ax0, v_ax1, v_ax2])
            T_cast[v_ax0, v_ax1, v_ax2] = T_rms_norm[v_ax0, v_ax1, v_ax2]
