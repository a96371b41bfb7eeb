# blocks without T.reads/T.writes; TVM's print with the regions it infers: pointers.expected.py
@T.prim_func(s_tir=True)
def pointers(A: T.Buffer((16,), "float32"), B: T.Buffer((4, 4), "float32"), C: T.Buffer((16,), "float32")):
    for i in range(16):
        with T.sblock("p"):
            vi = T.axis.spatial(16, i)
            D = T.sblock_alloc_buffer((16,))
            T.evaluate(T.call_extern("int32", "f", T.tvm_access_ptr(T.type_annotation("float32"), B.data, vi, 4, 1), T.tvm_access_ptr(T.type_annotation("float32"), C.data, 0, 16, 2), T.tvm_access_ptr(T.type_annotation("float32"), A.data, 0, 16, 0), D.data))
            T.evaluate(T.call_extern("int32", "g", T.address_of(B[vi // 4, vi % 4])))
            A[vi] = T.float32(1)
