# kernel: ../script/add.py; TVM 0.27's print of it scheduled by add_vectorized.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def add(A: T.Buffer((1048576,), "float32"), B: T.Buffer((1048576,), "float32"), C: T.Buffer((1048576,), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for i_0 in T.parallel(2):
        for i_1 in T.unroll(131072):
            for i_2 in T.vectorized(4):
                with T.sblock("C"):
                    vi = T.axis.spatial(1048576, i_0 * 524288 + i_1 * 4 + i_2)
                    T.reads(A[vi], B[vi])
                    T.writes(C[vi])
                    C[vi] = A[vi] + B[vi]
