# kernel: kernels/bz_rowsum.py; TVM 0.27's print of it scheduled by bz_init_loops.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def bz_rowsum(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128,), "float32")):
    # with T.sblock("root"):
    with T.sblock("B_o"):
        vk_o = T.axis.reduce(1, 0)
        vi_o = T.axis.spatial(1, 0)
        T.reads(A[0:128, 0:128])
        T.writes(B[0:128])
        with T.init():
            for i in range(128):
                with T.sblock("B_init"):
                    vi_i_init = T.axis.spatial(128, i)
                    T.reads()
                    T.writes(B[vi_i_init])
                    B[vi_i_init] = T.float32(0.0)
        for k, i in T.grid(128, 128):
            with T.sblock("B"):
                vk_i, vi_i = T.axis.remap("RS", [k, i])
                T.reads(B[vi_i], A[vi_i, vk_i])
                T.writes(B[vi_i])
                B[vi_i] = B[vi_i] + A[vi_i, vk_i]
