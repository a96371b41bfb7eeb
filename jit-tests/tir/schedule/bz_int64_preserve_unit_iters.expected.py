# kernel: kernels/bz_int64.py; TVM 0.27's print of it scheduled by bz_int64_preserve_unit_iters.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def bz_int64(A: T.Buffer((T.int64(16), T.int64(128)), "float32"), B: T.Buffer((T.int64(16), T.int64(128)), "float32")):
    # with T.sblock("root"):
    for i0, j0 in T.grid(T.int64(1), T.int64(8)):
        with T.sblock("B_o"):
            vi_o, vj_o = T.axis.remap("SS", [i0, j0])
            T.reads(A[T.int64(0):T.int64(16), vj_o * T.int64(16):vj_o * T.int64(16) + T.int64(16)])
            T.writes(B[T.int64(0):T.int64(16), vj_o * T.int64(16):vj_o * T.int64(16) + T.int64(16)])
            for i1, j1 in T.grid(T.int64(16), T.int64(16)):
                with T.sblock("B"):
                    vi_i, vj_i = T.axis.remap("SS", [i1, j1])
                    T.reads(A[vi_i, vj_o * T.int64(16) + vj_i])
                    T.writes(B[vi_i, vj_o * T.int64(16) + vj_i])
                    B[vi_i, vj_o * T.int64(16) + vj_i] = A[vi_i, vj_o * T.int64(16) + vj_i] + T.float32(1.0)
