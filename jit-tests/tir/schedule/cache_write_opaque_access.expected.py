# kernel: kernels/crw_opaque_access.py; TVM 0.27's print of it scheduled by cache_write_opaque_access.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def opaque_access(A: T.Buffer((128, 128), "float16"), B: T.Buffer((128, 128), "float16"), C: T.Buffer((128, 128), "float16"), D: T.Buffer((128, 128), "float16")):
    # with T.sblock("root"):
    D_global = T.sblock_alloc_buffer((128, 128), "float16")
    B_global = T.sblock_alloc_buffer((128, 128), "float16")
    C_global = T.sblock_alloc_buffer((128, 128), "float16")
    for i, j in T.grid(128, 128):
        with T.sblock("load_store"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi, vj])
            T.writes(D_global[vi, vj])
            D_global[vi, vj] = A[vi, vj]
    for i, j in T.grid(8, 8):
        with T.sblock("opaque"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi * 16:vi * 16 + 16, vj * 16:vj * 16 + 16])
            T.writes(B_global[vi * 16:vi * 16 + 16, vj * 16:vj * 16 + 16])
            T.tvm_load_matrix_sync(B_global.data, 16, 16, 16, vi * 8 + vj, T.tvm_access_ptr(T.type_annotation("float16"), A.data, vi * 2048 + vj * 16, 128, 1), 128, "row_major")
    for i, j in T.grid(8, 8):
        with T.sblock("match_buffer"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi * 16:vi * 16 + 16, vj * 16:vj * 16 + 16])
            T.writes(C_global[vi * 16:vi * 16 + 16, vj * 16:vj * 16 + 16])
            A0 = T.match_buffer(A[vi * 16:vi * 16 + 16, vj * 16:vj * 16 + 16], (16, 16), "float16", strides=(128, 1), offset_factor=1)
            C0 = T.match_buffer(C_global[vi * 16:vi * 16 + 16, vj * 16:vj * 16 + 16], (16, 16), "float16", strides=(128, 1), offset_factor=1)
            T.tvm_load_matrix_sync(C0.data, 16, 16, 16, vi * 8 + vj, T.tvm_access_ptr(T.type_annotation("float16"), A0.data, A0.elem_offset, 128, 1), 128, "row_major")
    for ax0, ax1 in T.grid(128, 128):
        with T.sblock("D_global"):
            v0, v1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(D_global[v0, v1])
            T.writes(D[v0, v1])
            D[v0, v1] = D_global[v0, v1]
    for ax0, ax1 in T.grid(128, 128):
        with T.sblock("B_global"):
            v0, v1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(B_global[v0, v1])
            T.writes(B[v0, v1])
            B[v0, v1] = B_global[v0, v1]
    for ax0, ax1 in T.grid(128, 128):
        with T.sblock("C_global"):
            v0, v1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(C_global[v0, v1])
            T.writes(C[v0, v1])
            C[v0, v1] = C_global[v0, v1]
