# kernel: kernels/dl_reshape.py; TVM 0.27's print of it scheduled by dlight_reshape.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def dl_reshape(ids: T.Buffer((T.int64(2), T.int64(8)), "int32"), T_reshape: T.Buffer((T.int64(16),), "int32")):
    T.func_attr({"op_pattern": 2, "tirx.noalias": True})
    # with T.sblock("root"):
    for ax0_fused_0 in T.thread_binding(T.int64(1), thread="blockIdx.x"):
        for ax0_fused_1 in T.thread_binding(T.int64(1024), thread="threadIdx.x"):
            with T.sblock("T_reshape"):
                v0 = T.axis.spatial(T.int64(16), ax0_fused_0 * T.int64(1024) + ax0_fused_1)
                T.where(ax0_fused_0 * T.int64(1024) + ax0_fused_1 < T.int64(16))
                T.reads(ids[v0 // T.int64(8), v0 % T.int64(8)])
                T.writes(T_reshape[v0])
                T_reshape[v0] = ids[v0 // T.int64(8), v0 % T.int64(8)]
