# A kernel for schedule cases (generate.py): Relax's legalization of a small model (TVM 0.27), as DLight schedules it.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def dl_sum(group_norm: T.Buffer((T.int64(2), T.int64(64), T.int64(8), T.int64(8)), "float32"), group_norm_red: T.Buffer((T.int64(2), T.int64(64)), "float32")):
    T.func_attr({"op_pattern": 3, "tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1, k2, k3 in T.grid(T.int64(2), T.int64(64), T.int64(8), T.int64(8)):
        with T.sblock("group_norm_red"):
            v_ax0, v_ax1, v_k2, v_k3 = T.axis.remap("SSRR", [ax0, ax1, k2, k3])
            T.reads(group_norm[v_ax0, v_ax1, v_k2, v_k3])
            T.writes(group_norm_red[v_ax0, v_ax1])
            with T.init():
                group_norm_red[v_ax0, v_ax1] = T.float32(0.0)
            group_norm_red[v_ax0, v_ax1] = group_norm_red[v_ax0, v_ax1] + group_norm[v_ax0, v_ax1, v_k2, v_k3]
