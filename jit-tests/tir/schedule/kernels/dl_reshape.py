# A kernel for schedule cases (generate.py): Relax's legalization of a small model (TVM 0.27), as DLight schedules it.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def dl_reshape(ids: T.Buffer((T.int64(2), T.int64(8)), "int32"), T_reshape: T.Buffer((T.int64(16),), "int32")):
    T.func_attr({"op_pattern": 2, "tirx.noalias": True})
    # with T.sblock("root"):
    for ax0 in range(T.int64(16)):
        with T.sblock("T_reshape"):
            v_ax0 = T.axis.spatial(T.int64(16), ax0)
            T.reads(ids[v_ax0 % T.int64(16) // T.int64(8), v_ax0 % T.int64(8)])
            T.writes(T_reshape[v_ax0])
            T_reshape[v_ax0] = ids[v_ax0 % T.int64(16) // T.int64(8), v_ax0 % T.int64(8)]
