# kernel: kernels/three_stage.py; TVM 0.27's print of it scheduled by merge_three.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def three_stage(A: T.Buffer((128, 128), "float32"), D: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((128, 128))
    C = T.sblock_alloc_buffer((128, 128))
    for i_m in range(128):
        for j in range(128):
            with T.sblock("B"):
                vi, vj = T.axis.remap("SS", [i_m, j])
                T.reads(A[vi, vj])
                T.writes(B[vi, vj])
                B[vi, vj] = A[vi, vj] * T.float32(2.0)
        for j in range(128):
            with T.sblock("C"):
                vi, vj = T.axis.remap("SS", [i_m, j])
                T.reads(B[vi, vj])
                T.writes(C[vi, vj])
                C[vi, vj] = B[vi, vj] + T.float32(1.0)
        for j in range(128):
            with T.sblock("D"):
                vi, vj = T.axis.remap("SS", [i_m, j])
                T.reads(C[vi, vj])
                T.writes(D[vi, vj])
                D[vi, vj] = C[vi, vj] * C[vi, vj]
