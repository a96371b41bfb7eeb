# A kernel for schedule cases (generate.py), in the form of TVM's test_tir_schedule_transform_layout.py.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def tl_sum3d(A: T.Buffer((64, 64, 32), "float32"), B: T.Buffer((1,), "float32")):
    B[0] = T.float32(0)
    for i, j, k in T.grid(64, 64, 32):
        with T.sblock("compute"):
            vi, vj, vk = T.axis.remap("SSS", [i, j, k])
            B[0] = B[0] + A[vi, vj, vk]
