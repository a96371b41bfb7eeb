# A kernel for schedule cases (generate.py): a block whose binding already sums two loops
# (`i * 8 + j`), as a kernel after a split or fuse has it.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def split_inner_binding(A: T.Buffer((128,), "float32"), B: T.Buffer((128,), "float32")):
    for i, j in T.grid(16, 8):
        with T.sblock("consumer"):
            ax = T.axis.spatial(128, i * 8 + j)
            B[ax] = A[ax] + T.float32(1.0)
