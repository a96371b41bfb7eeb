# A kernel for schedule cases (generate.py): Relax's legalization of a small model with a symbolic dimension (TVM 0.27), as DLight schedules it.
# from typing import TypeVar
# from tvm.script import tirx as T

n = TypeVar("n")
@T.prim_func(s_tir=True)
def dl_dyn_decode_matmul(x: T.Buffer((T.int64(1), n, T.int64(64)), "float32"), permute_dims: T.Buffer((T.int64(64), T.int64(128)), "float32"), matmul: T.Buffer((T.int64(1), n, T.int64(128)), "float32")):
    T.func_attr({"op_pattern": 4, "tirx.noalias": True})
    # with T.sblock("root"):
    for i0, i1, i2, k in T.grid(T.int64(1), n, T.int64(128), T.int64(64)):
        with T.sblock("matmul"):
            v_i0, v_i1, v_i2, v_k = T.axis.remap("SSSR", [i0, i1, i2, k])
            T.reads(x[v_i0, v_i1, v_k], permute_dims[v_k, v_i2])
            T.writes(matmul[v_i0, v_i1, v_i2])
            with T.init():
                matmul[v_i0, v_i1, v_i2] = T.float32(0.0)
            matmul[v_i0, v_i1, v_i2] = matmul[v_i0, v_i1, v_i2] + x[v_i0, v_i1, v_k] * permute_dims[v_k, v_i2]
