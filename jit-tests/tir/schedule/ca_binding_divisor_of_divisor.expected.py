# kernel: kernels/reverse_affine_load.py; TVM 0.27's print of it scheduled by ca_binding_divisor_of_divisor.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def reverse_affine_load(A: T.Buffer((128, 128), "float32"), C: T.Buffer((8, 32, 8, 8), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((128, 128))
    for i, j, k, l in T.grid(8, 32, 8, 8):
        with T.sblock("B"):
            vi = T.axis.spatial(128, i * 16 + j // 2)
            vj = T.axis.spatial(128, (j * 64 + k * 8 + l) % 128)
            T.reads(A[vi, vj])
            T.writes(B[vi, vj])
            B[vi, vj] = A[vi, vj] * T.float32(2.0)
        with T.sblock("C"):
            vi, vj, vk, vl = T.axis.remap("SSSS", [i, j, k, l])
            T.reads(B[(((vi * 32 + vj) * 8 + vk) * 8 + vl) // 128, (((vi * 32 + vj) * 8 + vk) * 8 + vl) % 128])
            T.writes(C[vi, vj, vk, vl])
            C[vi, vj, vk, vl] = B[(((vi * 32 + vj) * 8 + vk) * 8 + vl) // 128, (((vi * 32 + vj) * 8 + vk) * 8 + vl) % 128]
