# kernel: kernels/sf_zero_dim_loop.py; TVM 0.27's print of it scheduled by sf_add_unit_loop_loop.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def sf_zero_dim_loop(A: T.Buffer((), "int32"), B: T.Buffer((), "int32"), C: T.Buffer((), "int32")):
    # with T.sblock("root"):
    for u, u_1 in T.grid(1, 1):
        with T.sblock("C"):
            vi = T.axis.spatial(1, 0)
            T.reads(A[()], B[()])
            T.writes(C[()])
            C[()] = A[()] + B[()]
