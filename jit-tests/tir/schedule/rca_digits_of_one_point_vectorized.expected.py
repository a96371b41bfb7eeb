# kernel: kernels/ca_floordiv_floormod.py; TVM 0.27's print of it scheduled by rca_digits_of_one_point_vectorized.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def floordiv_and_floormod_indices(X: T.Buffer((16, 16), "float32"), Y: T.Buffer((256,), "float32")):
    # with T.sblock("root"):
    temp = T.sblock_alloc_buffer((16, 16))
    for i in T.vectorized(16):
        for j in range(16):
            with T.sblock("A"):
                v_i, v_j = T.axis.remap("SS", [i, j])
                T.reads(X[v_j, v_i])
                T.writes(temp[v_i, v_j])
                temp[v_i, v_j] = X[v_j, v_i] + T.float32(1.0)
            for ax0 in range(1):
                with T.sblock("B"):
                    v_i = T.axis.spatial(256, i * 16 + j + ax0)
                    T.reads(temp[v_i // 16, v_i % 16])
                    T.writes(Y[v_i])
                    Y[v_i] = temp[v_i // 16, v_i % 16]
