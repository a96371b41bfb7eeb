# kernel: kernels/inline_access_ptr.py; TVM 0.27's print of it scheduled by cache_read_partial_region.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def access_opaque_ptr_then_elemwise(A: T.Buffer((1024,), "float32"), B: T.Buffer((1024,), "float32")):
    # with T.sblock("root"):
    A_cache = T.sblock_alloc_buffer((1024,))
    BB = T.sblock_alloc_buffer((1024,))
    A_cache_global = T.sblock_alloc_buffer((512,))
    with T.sblock("opaque"):
        T.reads(A[0:512])
        T.writes(A_cache[0:512])
        T.tvm_access_ptr(T.type_annotation("float32"), A.data, 0, 512, 1)
        T.tvm_access_ptr(T.type_annotation("float32"), A_cache.data, 0, 512, 2)
    for ax0 in range(512):
        with T.sblock("A_cache_global"):
            v0 = T.axis.spatial(512, ax0)
            T.reads(A_cache[v0])
            T.writes(A_cache_global[v0])
            A_cache_global[v0] = A_cache[v0]
    with T.sblock("BB_o"):
        vi_o = T.axis.spatial(1, 0)
        T.reads(A_cache_global[0:512])
        T.writes(BB[0:512])
        for i_0, i_1, i_2 in T.grid(8, 16, 4):
            with T.sblock("BB"):
                vi_i = T.axis.spatial(512, i_0 * 64 + i_1 * 4 + i_2)
                T.reads(A_cache_global[vi_i])
                T.writes(BB[vi_i])
                BB[vi_i] = A_cache_global[vi_i] * T.float32(2.0)
    for i_0, i_1 in T.grid(256, 2):
        with T.sblock("B"):
            vi = T.axis.spatial(512, i_0 * 2 + i_1)
            T.reads(BB[vi])
            T.writes(B[vi])
            B[vi] = BB[vi] + T.float32(1.0)
