# kernel: kernels/rolling_1d_nested.py; TVM 0.27's print of it scheduled by cache_read_under_loop_of_nested_scope.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def rolling_1d(A: T.Buffer((4, 12), "int32"), C: T.Buffer((4, 8), "int32")):
    # with T.sblock("root"):
    for u in range(1):
        with T.sblock("outer"):
            T.reads(A[0:4, 0:12])
            T.writes(C[0:4, 0:8])
            B = T.sblock_alloc_buffer((4, 10), "int32")
            B_global = T.sblock_alloc_buffer((4, 10), "int32")
            for c in range(4):
                for ax0 in range(1):
                    for ax0_1, ax1 in T.grid(10, 3):
                        with T.sblock("B"):
                            cc, vi, vk = T.axis.remap("SSR", [c, ax0_1, ax1])
                            T.reads(A[cc, vi + vk])
                            T.writes(B[cc, vi])
                            with T.init():
                                B[cc, vi] = 0
                            B[cc, vi] = B[cc, vi] + A[cc, vi + vk]
                    for ax1 in range(10):
                        with T.sblock("B_global"):
                            v0 = T.axis.spatial(4, c + ax0)
                            v1 = T.axis.spatial(10, ax1)
                            T.reads(B[v0, v1])
                            T.writes(B_global[v0, v1])
                            B_global[v0, v1] = B[v0, v1]
                for i, k in T.grid(8, 3):
                    with T.sblock("C"):
                        cc, vi, vk = T.axis.remap("SSR", [c, i, k])
                        T.reads(B_global[cc, vi + vk])
                        T.writes(C[cc, vi])
                        with T.init():
                            C[cc, vi] = 0
                        C[cc, vi] = C[cc, vi] + B_global[cc, vi + vk]
