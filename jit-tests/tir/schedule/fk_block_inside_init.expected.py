# kernel: kernels/fk_block_inside_init.py; TVM 0.27's print of it scheduled by fk_block_inside_init.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def fk_block_inside_init(A: T.Buffer((128, 128, 128), "float32"), B: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    for i in T.thread_binding(128, thread="threadIdx.x"):
        with T.sblock("outer"):
            vi = T.axis.spatial(128, i)
            T.reads(A[vi, 0:128, 0:128])
            T.writes(B[vi, 0:128])
            with T.init():
                for j in range(128):
                    with T.sblock("init"):
                        vj = T.axis.spatial(128, j)
                        T.reads()
                        T.writes(B[vi, vj])
                        B[vi, vj] = T.float32(0.0)
            for k, j in T.grid(128, 128):
                with T.sblock("inner"):
                    vj, vk = T.axis.remap("SR", [j, k])
                    T.reads(B[vi, vj], A[vi, vj, vk])
                    T.writes(B[vi, vj])
                    B[vi, vj] = B[vi, vj] + A[vi, vj, vk]
