# kernel: kernels/matmul.py; TVM 0.27's print of it scheduled by read_write_at_tiled.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def matmul(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    A_global = T.sblock_alloc_buffer((128, 128))
    B_local = T.sblock_alloc_buffer((128, 128), scope="local")
    C_local = T.sblock_alloc_buffer((128, 128), scope="local")
    for i_0 in T.parallel(8):
        for j_0 in range(8):
            for k_0 in range(16):
                with T.sblock("A_global"):
                    v0, v1 = T.axis.remap("SS", [i_0, k_0])
                    T.reads(A[v0 * 16:v0 * 16 + 16, v1 * 8:v1 * 8 + 8])
                    T.writes(A_global[v0 * 16:v0 * 16 + 16, v1 * 8:v1 * 8 + 8])
                    T.sblock_attr({"auto_copy": True})
                    for ax0, ax1 in T.grid(16, 8):
                        A_global[v0 * 16 + ax0, v1 * 8 + ax1] = A[v0 * 16 + ax0, v1 * 8 + ax1]
                with T.sblock("B_local"):
                    v0, v1 = T.axis.remap("SS", [k_0, j_0])
                    T.reads(B[v0 * 8:v0 * 8 + 8, v1 * 16:v1 * 16 + 16])
                    T.writes(B_local[v0 * 8:v0 * 8 + 8, v1 * 16:v1 * 16 + 16])
                    T.sblock_attr({"auto_copy": True})
                    for ax0, ax1 in T.grid(8, 16):
                        B_local[v0 * 8 + ax0, v1 * 16 + ax1] = B[v0 * 8 + ax0, v1 * 16 + ax1]
                for i_1, k_1, j_1 in T.grid(16, 8, 16):
                    with T.sblock("C"):
                        vi = T.axis.spatial(128, i_0 * 16 + i_1)
                        vj = T.axis.spatial(128, j_0 * 16 + j_1)
                        vk = T.axis.reduce(128, k_0 * 8 + k_1)
                        T.reads(A_global[vi, vk], B_local[vk, vj])
                        T.writes(C_local[vi, vj])
                        with T.init():
                            C_local[vi, vj] = T.float32(0.0)
                        C_local[vi, vj] = C_local[vi, vj] + A_global[vi, vk] * B_local[vk, vj]
            with T.sblock("C_local"):
                v0, v1 = T.axis.remap("SS", [i_0, j_0])
                T.reads(C_local[v0 * 16:v0 * 16 + 16, v1 * 16:v1 * 16 + 16])
                T.writes(C[v0 * 16:v0 * 16 + 16, v1 * 16:v1 * 16 + 16])
                T.sblock_attr({"auto_copy": True})
                for ax0, ax1 in T.grid(16, 16):
                    C[v0 * 16 + ax0, v1 * 16 + ax1] = C_local[v0 * 16 + ax0, v1 * 16 + ax1]
