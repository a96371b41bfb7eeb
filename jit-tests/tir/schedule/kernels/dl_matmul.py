# A kernel for schedule cases (generate.py): Relax's legalization of a small model (TVM 0.27), as DLight schedules it.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def dl_matmul(x: T.Buffer((T.int64(2), T.int64(32), T.int64(256)), "float32"), permute_dims: T.Buffer((T.int64(256), T.int64(512)), "float32"), matmul: T.Buffer((T.int64(2), T.int64(32), T.int64(512)), "float32")):
    T.func_attr({"op_pattern": 4, "tirx.noalias": True})
    # with T.sblock("root"):
    for i0, i1, i2, k in T.grid(T.int64(2), T.int64(32), T.int64(512), T.int64(256)):
        with T.sblock("matmul"):
            v_i0, v_i1, v_i2, v_k = T.axis.remap("SSSR", [i0, i1, i2, k])
            T.reads(x[v_i0, v_i1, v_k], permute_dims[v_k, v_i2])
            T.writes(matmul[v_i0, v_i1, v_i2])
            with T.init():
                matmul[v_i0, v_i1, v_i2] = T.float32(0.0)
            matmul[v_i0, v_i1, v_i2] = matmul[v_i0, v_i1, v_i2] + x[v_i0, v_i1, v_k] * permute_dims[v_k, v_i2]
