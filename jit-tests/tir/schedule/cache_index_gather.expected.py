# kernel: kernels/gather_index.py; TVM 0.27's print of it scheduled by cache_index_gather.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def gather_index(A: T.Buffer((64,), "float32"), B: T.Buffer((16, 8), "float32"), C: T.Buffer((16,), "float32")):
    # with T.sblock("root"):
    index_var_0 = T.sblock_alloc_buffer((16, 8), "int32", strides=(1,))
    index_var_1 = T.sblock_alloc_buffer((16, 8), "int32", strides=(1,))
    index_var_2 = T.sblock_alloc_buffer((8,), "int32", strides=(1,))
    for ax0, ax1 in T.grid(16, 8):
        with T.sblock("index_0"):
            v0, v1 = T.axis.remap("SS", [ax0, ax1])
            T.reads()
            T.writes(index_var_0[v0, v1])
            index_var_0[v0, v1] = v0 * 2 + v1 % 4 + 1
    for ax0, ax1 in T.grid(16, 8):
        with T.sblock("index_1"):
            v0, v1 = T.axis.remap("SS", [ax0, ax1])
            T.reads()
            T.writes(index_var_1[v0, v1])
            index_var_1[v0, v1] = v0 * 2 + v1 % 4
    for ax0 in range(8):
        with T.sblock("index_2"):
            v0 = T.axis.spatial(8, ax0)
            T.reads()
            T.writes(index_var_2[v0])
            index_var_2[v0] = v0 % 4 * 8
    for i, j in T.grid(16, 8):
        with T.sblock("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[T.min(vi * 2 + vj % 4, vj % 4 * 8):T.min(vi * 2 + vj % 4, vj % 4 * 8) + (T.max(vi * 2 + vj % 4 + 1, vj % 4 * 8) + 1 - T.min(vi * 2 + vj % 4, vj % 4 * 8))])
            T.writes(B[vi, vj])
            B[vi, vj] = A[index_var_1[vi, vj]] + A[index_var_0[vi, vj]] * A[index_var_2[vj]]
    for i, k in T.grid(16, 8):
        with T.sblock("C"):
            vi, vk = T.axis.remap("SR", [i, k])
            T.reads(B[vi, vk], A[(vi + vk) % 64])
            T.writes(C[vi])
            with T.init():
                C[vi] = T.float32(0.0)
            C[vi] = C[vi] + B[vi, vk] * A[(vi + vk) % 64]
