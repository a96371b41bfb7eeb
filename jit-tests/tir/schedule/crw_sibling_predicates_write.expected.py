# kernel: kernels/sibling_block_predicates.py; TVM 0.27's print of it scheduled by crw_sibling_predicates_write.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def sibling_pred(A_buf: T.Buffer((12, 24), "float32"), C_buf: T.Buffer((12, 24), "float32")):
    # with T.sblock("root"):
    C_buf_local = T.sblock_alloc_buffer((12, 24), scope="local")
    for i, j in T.grid(12, 24):
        with T.sblock("compute"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A_buf[vi, vj])
            T.writes(C_buf_local[vi, vj])
            with T.sblock("left"):
                T.where(vi < 8)
                T.reads(A_buf[vi, vj])
                T.writes(C_buf_local[vi, vj])
                C_buf_local[vi, vj] = A_buf[vi, vj] * T.float32(2.0)
            with T.sblock("top"):
                T.where(vj < 16)
                T.reads(A_buf[vi, vj])
                T.writes(C_buf_local[vi, vj])
                C_buf_local[vi, vj] = A_buf[vi, vj] * T.float32(3.0)
    for ax0, ax1 in T.grid(12, 24):
        with T.sblock("C_buf_local"):
            v0, v1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(C_buf_local[v0, v1])
            T.writes(C_buf[v0, v1])
            C_buf[v0, v1] = C_buf_local[v0, v1]
