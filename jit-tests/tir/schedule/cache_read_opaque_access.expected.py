# kernel: kernels/crw_opaque_access.py; TVM 0.27's print of it scheduled by cache_read_opaque_access.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def opaque_access(A: T.Buffer((128, 128), "float16"), B: T.Buffer((128, 128), "float16"), C: T.Buffer((128, 128), "float16"), D: T.Buffer((128, 128), "float16")):
    # with T.sblock("root"):
    A_global = T.sblock_alloc_buffer((128, 128), "float16")
    A_global_global = T.sblock_alloc_buffer((128, 128), "float16")
    A_global_global_global = T.sblock_alloc_buffer((128, 128), "float16")
    for ax0, ax1 in T.grid(128, 128):
        with T.sblock("A_global"):
            v0, v1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(A[v0, v1])
            T.writes(A_global[v0, v1])
            A_global[v0, v1] = A[v0, v1]
    for ax0, ax1 in T.grid(128, 128):
        with T.sblock("A_global_global"):
            v0, v1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(A_global[v0, v1])
            T.writes(A_global_global[v0, v1])
            A_global_global[v0, v1] = A_global[v0, v1]
    for ax0, ax1 in T.grid(128, 128):
        with T.sblock("A_global_global_global"):
            v0, v1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(A_global_global[v0, v1])
            T.writes(A_global_global_global[v0, v1])
            A_global_global_global[v0, v1] = A_global_global[v0, v1]
    for i, j in T.grid(128, 128):
        with T.sblock("load_store"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A_global_global_global[vi, vj])
            T.writes(D[vi, vj])
            D[vi, vj] = A_global_global_global[vi, vj]
    for i, j in T.grid(8, 8):
        with T.sblock("opaque"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A_global_global_global[vi * 16:vi * 16 + 16, vj * 16:vj * 16 + 16])
            T.writes(B[vi * 16:vi * 16 + 16, vj * 16:vj * 16 + 16])
            T.tvm_load_matrix_sync(B.data, 16, 16, 16, vi * 8 + vj, T.tvm_access_ptr(T.type_annotation("float16"), A_global_global_global.data, vi * 2048 + vj * 16, 128, 1), 128, "row_major")
    for i, j in T.grid(8, 8):
        with T.sblock("match_buffer"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A_global_global_global[vi * 16:vi * 16 + 16, vj * 16:vj * 16 + 16])
            T.writes(C[vi * 16:vi * 16 + 16, vj * 16:vj * 16 + 16])
            A0 = T.match_buffer(A_global_global_global[vi * 16:vi * 16 + 16, vj * 16:vj * 16 + 16], (16, 16), "float16", strides=(128, 1), offset_factor=1)
            C0 = T.match_buffer(C[vi * 16:vi * 16 + 16, vj * 16:vj * 16 + 16], (16, 16), "float16", strides=(128, 1), offset_factor=1)
            T.tvm_load_matrix_sync(C0.data, 16, 16, 16, vi * 8 + vj, T.tvm_access_ptr(T.type_annotation("float16"), A0.data, A0.elem_offset, 128, 1), 128, "row_major")
