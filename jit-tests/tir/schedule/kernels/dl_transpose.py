# A kernel for schedule cases (generate.py): Relax's legalization of a small model (TVM 0.27), as DLight schedules it.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def dl_transpose(fc1_weight: T.Buffer((T.int64(512), T.int64(256)), "float32"), T_transpose: T.Buffer((T.int64(256), T.int64(512)), "float32")):
    T.func_attr({"op_pattern": 2, "tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1 in T.grid(T.int64(256), T.int64(512)):
        with T.sblock("T_transpose"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(fc1_weight[v_ax1, v_ax0])
            T.writes(T_transpose[v_ax0, v_ax1])
            T_transpose[v_ax0, v_ax1] = fc1_weight[v_ax1, v_ax0]
