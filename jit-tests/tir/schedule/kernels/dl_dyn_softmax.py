# A kernel for schedule cases (generate.py): Relax's legalization of a small model with a symbolic dimension (TVM 0.27), as DLight schedules it.
# from typing import TypeVar
# from tvm.script import tirx as T

n = TypeVar("n")
@T.prim_func(s_tir=True)
def dl_dyn_softmax(rms_norm: T.Buffer((T.int64(1), n, T.int64(128)), "float32"), T_softmax_norm: T.Buffer((T.int64(1), n, T.int64(128)), "float32")):
    T.func_attr({"op_pattern": 4, "tirx.noalias": True})
    # with T.sblock("root"):
    T_softmax_maxelem = T.sblock_alloc_buffer((T.int64(1), n))
    T_softmax_exp = T.sblock_alloc_buffer((T.int64(1), n, T.int64(128)))
    T_softmax_expsum = T.sblock_alloc_buffer((T.int64(1), n))
    for i0, i1, k in T.grid(T.int64(1), n, T.int64(128)):
        with T.sblock("T_softmax_maxelem"):
            v_i0, v_i1, v_k = T.axis.remap("SSR", [i0, i1, k])
            T.reads(rms_norm[v_i0, v_i1, v_k])
            T.writes(T_softmax_maxelem[v_i0, v_i1])
            with T.init():
                T_softmax_maxelem[v_i0, v_i1] = T.float32(-340282346638528859811704183484516925440.0)
            T_softmax_maxelem[v_i0, v_i1] = T.max(T_softmax_maxelem[v_i0, v_i1], rms_norm[v_i0, v_i1, v_k])
    for i0, i1, i2 in T.grid(T.int64(1), n, T.int64(128)):
        with T.sblock("T_softmax_exp"):
            v_i0, v_i1, v_i2 = T.axis.remap("SSS", [i0, i1, i2])
            T.reads(rms_norm[v_i0, v_i1, v_i2], T_softmax_maxelem[v_i0, v_i1])
            T.writes(T_softmax_exp[v_i0, v_i1, v_i2])
            T_softmax_exp[v_i0, v_i1, v_i2] = T.exp(rms_norm[v_i0, v_i1, v_i2] - T_softmax_maxelem[v_i0, v_i1])
    for i0, i1, k in T.grid(T.int64(1), n, T.int64(128)):
        with T.sblock("T_softmax_expsum"):
            v_i0, v_i1, v_k = T.axis.remap("SSR", [i0, i1, k])
            T.reads(T_softmax_exp[v_i0, v_i1, v_k])
            T.writes(T_softmax_expsum[v_i0, v_i1])
            with T.init():
                T_softmax_expsum[v_i0, v_i1] = T.float32(0.0)
            T_softmax_expsum[v_i0, v_i1] = T_softmax_expsum[v_i0, v_i1] + T_softmax_exp[v_i0, v_i1, v_k]
    for i0, i1, i2 in T.grid(T.int64(1), n, T.int64(128)):
        with T.sblock("T_softmax_norm"):
            v_i0, v_i1, v_i2 = T.axis.remap("SSS", [i0, i1, i2])
            T.reads(T_softmax_exp[v_i0, v_i1, v_i2], T_softmax_expsum[v_i0, v_i1])
            T.writes(T_softmax_norm[v_i0, v_i1, v_i2])
            T.sblock_attr({"axis": 2})
            T_softmax_norm[v_i0, v_i1, v_i2] = T_softmax_exp[v_i0, v_i1, v_i2] / T_softmax_expsum[v_i0, v_i1]
