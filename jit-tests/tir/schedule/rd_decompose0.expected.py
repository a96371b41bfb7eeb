# kernel: kernels/rd_matmul.py; TVM 0.27's print of it scheduled by rd_decompose0.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def rd_matmul(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    for i_init, j_init in T.grid(128, 128):
        with T.sblock("update_init"):
            vi, vj = T.axis.remap("SS", [i_init, j_init])
            T.reads()
            T.writes(C[vi, vj])
            C[vi, vj] = T.float32(0.0)
    for i, j, k in T.grid(128, 128, 128):
        with T.sblock("update_update"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            T.reads(C[vi, vj], A[vi, vk], B[vj, vk])
            T.writes(C[vi, vj])
            C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vj, vk]
