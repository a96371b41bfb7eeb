# kernel: kernels/ca_recursive_floordiv_floormod.py; TVM 0.27's print of it scheduled by reindex_keeps_constant_index.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def recursive_floordiv_floormod(A: T.Buffer((16, 64, 1, 8, 8, 32), "float32"), C: T.Buffer((3, 512, 512), "float32")):
    T.func_attr({"tir.noalias": True})
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((1, 128, 16, 8, 2, 32, 2))
    B_reindex = T.sblock_alloc_buffer((3, 512, 512))
    for axis1, axis2, axis3, axis4, axis5, axis6, axis7 in T.grid(1, 128, 16, 8, 2, 32, 2):
        with T.sblock("In"):
            v_axis1, v_axis2, v_axis3, v_axis4, v_axis5, v_axis6, v_axis7 = T.axis.remap("SSSSSSS", [axis1, axis2, axis3, axis4, axis5, axis6, axis7])
            T.reads(A[(v_axis2 * 4 + v_axis5 * 2 + v_axis7) // 32, (v_axis3 * 32 + v_axis6) // 8, (v_axis1 * 8 + v_axis4) // 8, (v_axis3 * 32 + v_axis6) % 8, v_axis1 * 8 + v_axis4, (v_axis2 * 4 + v_axis5 * 2 + v_axis7) % 32])
            T.writes(B[v_axis1, v_axis2, v_axis3, v_axis4, v_axis5, v_axis6, v_axis7])
            B[v_axis1, v_axis2, v_axis3, v_axis4, v_axis5, v_axis6, v_axis7] = A[(v_axis2 * 4 + v_axis5 * 2 + v_axis7) // 32, (v_axis3 * 32 + v_axis6) // 8, (v_axis1 * 8 + v_axis4) // 8, (v_axis3 * 32 + v_axis6) % 8, v_axis1 * 8 + v_axis4, (v_axis2 * 4 + v_axis5 * 2 + v_axis7) % 32] + T.float32(3.0)
    for ax0, ax1, ax2 in T.grid(3, 512, 512):
        with T.sblock("B_reindex_reindex"):
            v0, v1, v2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(B[v0 // 8, v1 // 4, v2 // 32, v0, v1 % 4 // 2, v2 % 32, v1 % 2])
            T.writes(B_reindex[v0, v1, v2])
            B_reindex[v0, v1, v2] = B[v0 // 8, v1 // 4, v2 // 32, v0, v1 % 4 // 2, v2 % 32, v1 % 2]
    for ax1, ax2, ax3 in T.grid(3, 512, 512):
        with T.sblock("Out"):
            v1, v2, v3 = T.axis.remap("SSS", [ax1, ax2, ax3])
            T.reads(B_reindex[v1, v2, v3])
            T.writes(C[v1, v2, v3])
            C[v1, v2, v3] = B_reindex[v1, v2, v3] * T.float32(2.0)
