# kernel: kernels/ca_floordiv_floormod.py; TVM 0.27's print of it scheduled by blockize_sum_reordered.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def floordiv_and_floormod_indices(X: T.Buffer((16, 16), "float32"), Y: T.Buffer((256,), "float32")):
    # with T.sblock("root"):
    X_local = T.sblock_alloc_buffer((16, 16), scope="local")
    for ax0, ax1 in T.grid(16, 16):
        with T.sblock("X_local"):
            v0, v1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(X[v0, v1])
            T.writes(X_local[v0, v1])
            X_local[v0, v1] = X[v0, v1]
    with T.sblock("A_o"):
        v_i_o = T.axis.spatial(1, 0)
        v_j_o = T.axis.spatial(1, 0)
        T.reads(X_local[0:16, 0:16])
        T.writes(Y[0:256])
        for j in range(16):
            for i in T.unroll(16):
                with T.sblock("A"):
                    v_i_i, v_j_i = T.axis.remap("SS", [i, j])
                    T.reads(X_local[v_j_i, v_i_i])
                    T.writes(Y[v_i_i * 16 + v_j_i])
                    Y[v_i_i * 16 + v_j_i] = X_local[v_j_i, v_i_i] + T.float32(1.0)
