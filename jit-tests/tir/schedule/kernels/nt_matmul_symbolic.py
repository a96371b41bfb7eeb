# TVM's test_transform_layout_with_symbolic_bound kernel (test_tir_schedule_transform_layout.py): an
# NT matmul whose output C is relaid to one index over y * n + w, a symbolic stride.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def nt_matmul_symbolic(a: T.handle, b: T.handle, c: T.handle):
    T.func_attr({"tir.noalias": True})
    n = T.int64()
    A = T.match_buffer(a, (T.int64(1), T.int64(32), T.int64(1), T.int64(128)), "float16")
    B = T.match_buffer(b, (T.int64(1), T.int64(32), n, T.int64(128)), "float16")
    C = T.match_buffer(c, (T.int64(1), T.int64(32), T.int64(1), n), "float16")
    for i0, i1, i2, i3, k in T.grid(T.int64(1), T.int64(32), T.int64(1), n, T.int64(128)):
        with T.sblock("NT_matmul"):
            v_i0, v_i1, v_i2, v_i3, v_k = T.axis.remap("SSSSR", [i0, i1, i2, i3, k])
            T.reads(A[v_i0, v_i1, v_i2, v_k], B[v_i0, v_i1, v_i3, v_k])
            T.writes(C[v_i0, v_i1, v_i2, v_i3])
            with T.init():
                C[v_i0, v_i1, v_i2, v_i3] = T.float16(0)
            C[v_i0, v_i1, v_i2, v_i3] = C[v_i0, v_i1, v_i2, v_i3] + A[v_i0, v_i1, v_i2, v_k] * B[v_i0, v_i1, v_i3, v_k]
