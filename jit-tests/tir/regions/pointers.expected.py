# TVM 0.27's print of pointers.py (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def pointers(A: T.Buffer((16,), "float32"), B: T.Buffer((4, 4), "float32"), C: T.Buffer((16,), "float32")):
    # with T.sblock("root"):
    for i in range(16):
        with T.sblock("p"):
            vi = T.axis.spatial(16, i)
            T.reads(B[T.min(0, vi // 4):T.min(0, vi // 4) + (T.max(3, vi // 4) + 1 - T.min(0, vi // 4)), 0:4])
            T.writes(C[0:16], A[vi])
            D = T.sblock_alloc_buffer((16,))
            T.call_extern("int32", "f", T.tvm_access_ptr(T.type_annotation("float32"), B.data, vi, 4, 1), T.tvm_access_ptr(T.type_annotation("float32"), C.data, 0, 16, 2), T.tvm_access_ptr(T.type_annotation("float32"), A.data, 0, 16, 0), D.data)
            T.call_extern("int32", "g", T.address_of(B[vi // 4, vi % 4]))
            A[vi] = T.float32(1.0)
