# kernel: kernels/rd_colsum_vectorized.py; TVM 0.27's print of it scheduled by blockize_init_keeps_loop_kind.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def rd_colsum_vectorized(A: T.Buffer((128, 32), "float32"), B: T.Buffer((32,), "float32")):
    # with T.sblock("root"):
    for k in range(128):
        with T.sblock("B_o"):
            vk_o = T.axis.reduce(128, k)
            vi_o = T.axis.spatial(1, 0)
            T.reads(A[vk_o, 0:32])
            T.writes(B[0:32])
            with T.init():
                for i in T.vectorized(32):
                    with T.sblock("B_init"):
                        vi_i_init = T.axis.spatial(32, i)
                        T.reads()
                        T.writes(B[vi_i_init])
                        B[vi_i_init] = T.float32(0.0)
            for i in T.vectorized(32):
                with T.sblock("B"):
                    vi_i = T.axis.spatial(32, i)
                    T.reads(B[vi_i], A[vk_o, vi_i])
                    T.writes(B[vi_i])
                    B[vi_i] = B[vi_i] + A[vk_o, vi_i]
