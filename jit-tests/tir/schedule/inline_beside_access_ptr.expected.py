# kernel: kernels/inline_access_ptr.py; TVM 0.27's print of it scheduled by inline_beside_access_ptr.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def access_opaque_ptr_then_elemwise(A: T.Buffer((1024,), "float32"), B: T.Buffer((1024,), "float32")):
    # with T.sblock("root"):
    A_cache = T.sblock_alloc_buffer((1024,))
    with T.sblock("opaque"):
        T.reads(A[0:512])
        T.writes(A_cache[0:512])
        T.tvm_access_ptr(T.type_annotation("float32"), A.data, 0, 512, 1)
        T.tvm_access_ptr(T.type_annotation("float32"), A_cache.data, 0, 512, 2)
    for i in range(512):
        with T.sblock("B"):
            vi = T.axis.spatial(512, i)
            T.reads(A_cache[vi])
            T.writes(B[vi])
            B[vi] = A_cache[vi] * T.float32(2.0) + T.float32(1.0)
