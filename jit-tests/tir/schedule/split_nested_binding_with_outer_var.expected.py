# kernel: kernels/crw_pointer_under_scope.py; TVM 0.27's print of it scheduled by split_nested_binding_with_outer_var.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def access_under_scope(B: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    A = T.sblock_alloc_buffer((128, 128))
    for i0, j0 in T.grid(8, 8):
        with T.sblock("scope"):
            i, j = T.axis.remap("SS", [i0, j0])
            T.reads(A[i * 16:i * 16 + 16, j * 16:j * 16 + 16])
            T.writes(A[i * 16:i * 16 + 16, j * 16:j * 16 + 16], B[i * 16:i * 16 + 16, j * 16:j * 16 + 16])
            for x, y in T.grid(16, 16):
                with T.sblock("A"):
                    vi = T.axis.spatial(128, i * 16 + x)
                    vj = T.axis.spatial(128, j * 16 + y)
                    T.reads()
                    T.writes(A[vi, vj])
                    A[vi, vj] = T.float32(1.0)
            for x_0, x_1, y in T.grid(7, 3, 16):
                with T.sblock("B"):
                    vi = T.axis.spatial(128, x_0 * 3 + x_1 + i * 16)
                    vj = T.axis.spatial(128, y + j * 16)
                    T.where(x_0 * 3 + x_1 < 16)
                    T.reads(A[vi, vj])
                    T.writes(B[vi, vj])
                    T.tvm_access_ptr(T.type_annotation("float32"), A.data, vi * 128 + vj, 1, 1)
                    B[vi, vj] = A[vi, vj] + T.float32(1.0)
    for i, j in T.grid(128, 128):
        with T.sblock("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi, vj])
            T.writes(C[vi, vj])
            C[vi, vj] = A[vi, vj] * T.float32(2.0)
