# A kernel for schedule cases (generate.py): a 4-bit quantized linear layer at batch 1 (weights packed eight to a uint32, a float16 scale per 32), the dequantize-then-GEMV function DLight's GEMV rule schedules in a decoding LLM.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def dl_q4_gemv(lv: T.Buffer((T.int64(512), T.int64(64)), "uint32"), lv1: T.Buffer((T.int64(512), T.int64(16)), "float16"), x: T.Buffer((T.int64(1), T.int64(1), T.int64(512)), "float16"), out: T.Buffer((T.int64(1), T.int64(1), T.int64(512)), "float16")):
    T.func_attr({"tirx.noalias": True})
    decode = T.sblock_alloc_buffer((T.int64(512), T.int64(512)), "float16")
    for i, j in T.grid(T.int64(512), T.int64(512)):
        with T.sblock("decode"):
            v_i, v_j = T.axis.remap("SS", [i, j])
            T.reads(lv[v_i, v_j // T.int64(8)], lv1[v_i, v_j // T.int64(32)])
            T.writes(decode[v_i, v_j])
            decode[v_i, v_j] = (T.Cast("float16", T.bitwise_and(T.shift_right(lv[v_i, v_j // T.int64(8)], T.Cast("uint32", v_j % T.int64(8)) * T.uint32(4)), T.uint32(15))) - T.float16(7)) * lv1[v_i, v_j // T.int64(32)]
    for i0, i1, i2, k in T.grid(T.int64(1), T.int64(1), T.int64(512), T.int64(512)):
        with T.sblock("matmul"):
            v_i0, v_i1, v_i2, v_k = T.axis.remap("SSSR", [i0, i1, i2, k])
            T.reads(x[v_i0, v_i1, v_k], decode[v_i2, v_k])
            T.writes(out[v_i0, v_i1, v_i2])
            with T.init():
                out[v_i0, v_i1, v_i2] = T.float16(0)
            out[v_i0, v_i1, v_i2] = out[v_i0, v_i1, v_i2] + x[v_i0, v_i1, v_k] * decode[v_i2, v_k]
