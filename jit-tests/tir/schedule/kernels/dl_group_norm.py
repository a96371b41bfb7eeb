# A kernel for schedule cases (generate.py): Relax's legalization of a small model (TVM 0.27), as DLight schedules it.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def dl_group_norm(x: T.Buffer((T.int64(2), T.int64(64), T.int64(8), T.int64(8)), "float32"), gn_weight: T.Buffer((T.int64(64),), "float32"), gn_bias: T.Buffer((T.int64(64),), "float32"), T_reshape: T.Buffer((T.int64(2), T.int64(64), T.int64(8), T.int64(8)), "float32")):
    T.func_attr({"op_pattern": 4, "tirx.noalias": True})
    # with T.sblock("root"):
    T_reshape_1 = T.sblock_alloc_buffer((T.int64(2), T.int64(4), T.int64(16), T.int64(8), T.int64(8)))
    x_red_temp_v0 = T.sblock_alloc_buffer((T.int64(2), T.int64(4)))
    x_red_temp_v1 = T.sblock_alloc_buffer((T.int64(2), T.int64(4)))
    T_reshape_2 = T.sblock_alloc_buffer((T.int64(4), T.int64(16)))
    T_reshape_3 = T.sblock_alloc_buffer((T.int64(4), T.int64(16)))
    T_group_norm = T.sblock_alloc_buffer((T.int64(2), T.int64(4), T.int64(16), T.int64(8), T.int64(8)))
    for ax0, ax1, ax2, ax3, ax4 in T.grid(T.int64(2), T.int64(4), T.int64(16), T.int64(8), T.int64(8)):
        with T.sblock("T_reshape"):
            v_ax0, v_ax1, v_ax2, v_ax3, v_ax4 = T.axis.remap("SSSSS", [ax0, ax1, ax2, ax3, ax4])
            T.reads(x[((v_ax1 * T.int64(16) + (v_ax4 // T.int64(8) + v_ax3) // T.int64(8) + v_ax2) // T.int64(64) + v_ax0) % T.int64(2), (v_ax1 * T.int64(16) + (v_ax4 // T.int64(8) + v_ax3) // T.int64(8) + v_ax2) % T.int64(64), (v_ax4 // T.int64(8) + v_ax3) % T.int64(8), v_ax4 % T.int64(8)])
            T.writes(T_reshape_1[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4])
            T_reshape_1[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4] = x[((v_ax1 * T.int64(16) + (v_ax4 // T.int64(8) + v_ax3) // T.int64(8) + v_ax2) // T.int64(64) + v_ax0) % T.int64(2), (v_ax1 * T.int64(16) + (v_ax4 // T.int64(8) + v_ax3) // T.int64(8) + v_ax2) % T.int64(64), (v_ax4 // T.int64(8) + v_ax3) % T.int64(8), v_ax4 % T.int64(8)]
    for ax0, ax1, k2, k3, k4 in T.grid(T.int64(2), T.int64(4), T.int64(16), T.int64(8), T.int64(8)):
        with T.sblock("x_red_temp"):
            v_ax0, v_ax1, v_k2, v_k3, v_k4 = T.axis.remap("SSRRR", [ax0, ax1, k2, k3, k4])
            T.reads(T_reshape_1[v_ax0, v_ax1, v_k2, v_k3, v_k4])
            T.writes(x_red_temp_v0[v_ax0, v_ax1], x_red_temp_v1[v_ax0, v_ax1])
            with T.init():
                x_red_temp_v0[v_ax0, v_ax1] = T.float32(0.0)
                x_red_temp_v1[v_ax0, v_ax1] = T.float32(0.0)
            v_x_red_temp_v0: T.let[T.float32] = x_red_temp_v0[v_ax0, v_ax1] + T_reshape_1[v_ax0, v_ax1, v_k2, v_k3, v_k4]
            v_x_red_temp_v1: T.let[T.float32] = x_red_temp_v1[v_ax0, v_ax1] + T_reshape_1[v_ax0, v_ax1, v_k2, v_k3, v_k4] * T_reshape_1[v_ax0, v_ax1, v_k2, v_k3, v_k4]
            x_red_temp_v0[v_ax0, v_ax1] = v_x_red_temp_v0
            x_red_temp_v1[v_ax0, v_ax1] = v_x_red_temp_v1
    for ax0, ax1 in T.grid(T.int64(4), T.int64(16)):
        with T.sblock("T_reshape_1"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(gn_weight[(v_ax0 * T.int64(16) + v_ax1) % T.int64(64)])
            T.writes(T_reshape_2[v_ax0, v_ax1])
            T_reshape_2[v_ax0, v_ax1] = gn_weight[(v_ax0 * T.int64(16) + v_ax1) % T.int64(64)]
    for ax0, ax1 in T.grid(T.int64(4), T.int64(16)):
        with T.sblock("T_reshape_2"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(gn_bias[(v_ax0 * T.int64(16) + v_ax1) % T.int64(64)])
            T.writes(T_reshape_3[v_ax0, v_ax1])
            T_reshape_3[v_ax0, v_ax1] = gn_bias[(v_ax0 * T.int64(16) + v_ax1) % T.int64(64)]
    for ax0, ax1, ax2, ax3, ax4 in T.grid(T.int64(2), T.int64(4), T.int64(16), T.int64(8), T.int64(8)):
        with T.sblock("T_group_norm"):
            v_ax0, v_ax1, v_ax2, v_ax3, v_ax4 = T.axis.remap("SSSSS", [ax0, ax1, ax2, ax3, ax4])
            T.reads(T_reshape_1[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4], x_red_temp_v0[v_ax0, v_ax1], x_red_temp_v1[v_ax0, v_ax1], T_reshape_2[v_ax1, v_ax2], T_reshape_3[v_ax1, v_ax2])
            T.writes(T_group_norm[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4])
            T_group_norm[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4] = (T_reshape_1[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4] - x_red_temp_v0[v_ax0, v_ax1] / T.float32(1024.0)) * T.rsqrt(x_red_temp_v1[v_ax0, v_ax1] / T.float32(1024.0) - x_red_temp_v0[v_ax0, v_ax1] / T.float32(1024.0) * (x_red_temp_v0[v_ax0, v_ax1] / T.float32(1024.0)) + T.float32(1.0000000000000001e-05)) * T_reshape_2[v_ax1, v_ax2] + T_reshape_3[v_ax1, v_ax2]
    for ax0, ax1, ax2, ax3 in T.grid(T.int64(2), T.int64(64), T.int64(8), T.int64(8)):
        with T.sblock("T_reshape_3"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(T_group_norm[(((v_ax3 // T.int64(8) + v_ax2) // T.int64(8) + v_ax1) // T.int64(64) + v_ax0) % T.int64(2), ((v_ax3 // T.int64(8) + v_ax2) // T.int64(8) + v_ax1) % T.int64(64) // T.int64(16), ((v_ax3 // T.int64(8) + v_ax2) // T.int64(8) + v_ax1) % T.int64(16), (v_ax3 // T.int64(8) + v_ax2) % T.int64(8), v_ax3 % T.int64(8)])
            T.writes(T_reshape[v_ax0, v_ax1, v_ax2, v_ax3])
            T_reshape[v_ax0, v_ax1, v_ax2, v_ax3] = T_group_norm[(((v_ax3 // T.int64(8) + v_ax2) // T.int64(8) + v_ax1) // T.int64(64) + v_ax0) % T.int64(2), ((v_ax3 // T.int64(8) + v_ax2) // T.int64(8) + v_ax1) % T.int64(64) // T.int64(16), ((v_ax3 // T.int64(8) + v_ax2) // T.int64(8) + v_ax1) % T.int64(16), (v_ax3 // T.int64(8) + v_ax2) % T.int64(8), v_ax3 % T.int64(8)]
