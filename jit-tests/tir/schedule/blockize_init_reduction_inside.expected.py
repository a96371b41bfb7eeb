# kernel: kernels/fk_block_inside_init.py; TVM 0.27's print of it scheduled by blockize_init_reduction_inside.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def fk_block_inside_init(A: T.Buffer((128, 128, 128), "float32"), B: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    with T.sblock("outer_o"):
        vi_o = T.axis.spatial(1, 0)
        T.reads(A[0:128, 0:128, 0:128])
        T.writes(B[0:128, 0:128])
        with T.init():
            for i in range(128):
                with T.sblock("outer_init"):
                    vi_i_init = T.axis.spatial(128, i)
                    T.reads()
                    T.writes(B[vi_i_init, 0:128])
                    for j in range(128):
                        with T.sblock("init"):
                            vj = T.axis.spatial(128, j)
                            T.reads()
                            T.writes(B[vi_i_init, vj])
                            B[vi_i_init, vj] = T.float32(0.0)
        for i in range(128):
            with T.sblock("outer"):
                vi_i = T.axis.spatial(128, i)
                T.reads(A[vi_i, 0:128, 0:128])
                T.writes(B[vi_i, 0:128])
                for k, j in T.grid(128, 128):
                    with T.sblock("inner"):
                        vj, vk = T.axis.remap("SR", [j, k])
                        T.reads(B[vi_i, vj], A[vi_i, vj, vk])
                        T.writes(B[vi_i, vj])
                        B[vi_i, vj] = B[vi_i, vj] + A[vi_i, vj, vk]
