# kernel: kernels/tensorize_arm_neon.py; TVM 0.27's print of it scheduled by tensorize_arm_neon.trace (test_tensorize_arm_dot)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(X: T.Buffer((128, 128), "int8"), W: T.Buffer((32, 32, 4, 4), "int8"), compute: T.Buffer((128, 128), "int32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for i, j_0 in T.grid(128, 32):
        for j_1_init in range(4):
            with T.sblock("compute_init"):
                v_i = T.axis.spatial(128, i)
                v_j = T.axis.spatial(128, j_0 * 4 + j_1_init)
                T.reads()
                T.writes(compute[v_i, v_j])
                compute[v_i, v_j] = 0
        for k_0 in range(32):
            with T.sblock("compute_update_o"):
                v_i_o, v_j_o, v_k_o = T.axis.remap("SSR", [i, j_0, k_0])
                T.reads(compute[v_i_o, v_j_o * 4:v_j_o * 4 + 4], X[v_i_o, v_k_o * 4:v_k_o * 4 + 4], W[v_j_o, v_k_o, 0:4, 0:4])
                T.writes(compute[v_i_o, v_j_o * 4:v_j_o * 4 + 4])
                A = T.match_buffer(X[v_i_o, v_k_o * 4:v_k_o * 4 + 4], (4,), "int8", offset_factor=1)
                B = T.match_buffer(W[v_j_o, v_k_o, 0:4, 0:4], (4, 4), "int8", offset_factor=1)
                C = T.match_buffer(compute[v_i_o, v_j_o * 4:v_j_o * 4 + 4], (4,), "int32", offset_factor=1)
                A_int8: T.int8x4 = A[T.Ramp(0, 1, 4)]
                re_int32: T.int32 = T.reinterpret("int32", A_int8)
                vec_ai32: T.int32x2 = T.Broadcast(re_int32, 2)
                vec_a: T.int8x8 = T.reinterpret("int8x8", vec_ai32)
                vec_b: T.int8x16 = B[0, T.Ramp(0, 1, 16)]
                vec_b_low: T.int8x8 = T.vectorlow("int8x8", vec_b)
                multiply_low: T.int16x8 = T.call_llvm_pure_intrin("int16x8", "llvm.aarch64.neon.smull", vec_a, vec_b_low)
                pairwise_reduction_low: T.int32x4 = T.call_llvm_pure_intrin("int32x4", "llvm.aarch64.neon.saddlp", multiply_low)
                vec_b_high: T.int8x8 = T.vectorhigh("int8x8", vec_b)
                multiply_high: T.int16x8 = T.call_llvm_pure_intrin("int16x8", "llvm.aarch64.neon.smull", vec_a, vec_b_high)
                pairwise_reduction_high: T.int32x4 = T.call_llvm_pure_intrin("int32x4", "llvm.aarch64.neon.saddlp", multiply_high)
                C[0:4] = C[T.Ramp(0, 1, 4)] + T.call_llvm_pure_intrin("int32x4", "llvm.aarch64.neon.addp", pairwise_reduction_low, pairwise_reduction_high)
