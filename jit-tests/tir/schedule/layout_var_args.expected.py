# kernel: kernels/tl_sum3d.py; TVM 0.27's print of it scheduled by layout_var_args.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def tl_sum3d(A: T.Buffer((64, 64, 8, 4), "float32"), B: T.Buffer((1,), "float32")):
    # with T.sblock("root"):
    B[0] = T.float32(0.0)
    for i, j, k in T.grid(64, 64, 32):
        with T.sblock("compute"):
            vi, vj, vk = T.axis.remap("SSS", [i, j, k])
            T.reads(B[0], A[vi, vj, vk // 4, vk % 4])
            T.writes(B[0])
            B[0] = B[0] + A[vi, vj, vk // 4, vk % 4]
