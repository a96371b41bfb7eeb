# A kernel for schedule cases (generate.py), in the form of the pad_einsum example of TVM's docs.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def mm127(A: T.Buffer((127, 127), "float32"), B: T.Buffer((127, 127), "float32"), C: T.Buffer((127, 127), "float32")):
    for i0, i1, i2 in T.grid(127, 127, 127):
        with T.sblock("C"):
            i, j, k = T.axis.remap("SSR", [i0, i1, i2])
            with T.init():
                C[i, j] = T.float32(0)
            C[i, j] = C[i, j] + A[i, k] * B[k, j]
