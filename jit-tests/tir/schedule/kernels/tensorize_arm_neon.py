# A kernel for schedule cases, from TVM's test_tir_schedule_tensorize.py (test_tensorize_arm_dot):
# its i8 x i8 matmul and TVM 0.27's Arm tensor intrinsic dot_4x4_i8i8s32_neon as TVM prints it.
# TVM 0.27 does not read this print back (T.int32x2 has no annotation there), so generate.py
# does not use it: tensorize_arm_neon.trace and .expected.py were made by TVM from the registered
# intrinsic directly.
# from tvm.script import ir as I
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@I.ir_module
class Module:
    @T.prim_func(s_tir=True)
    def dot_4x4_i8i8s32_neon_desc(A: T.Buffer((4,), "int8", offset_factor=1), B: T.Buffer((4, 4), "int8", offset_factor=1), C: T.Buffer((4,), "int32", offset_factor=1)):
        T.func_attr({"global_symbol": "neon_4x4_i8i8i32_desc"})
        with T.sblock("root"):
            T.reads(C[0:4], A[0:4], B[0:4, 0:4])
            T.writes(C[0:4])
            for i, k in T.grid(4, 4):
                with T.sblock("update"):
                    vi, vk = T.axis.remap("SR", [i, k])
                    T.reads(C[vi], A[vk], B[vi, vk])
                    T.writes(C[vi])
                    C[vi] = C[vi] + T.Cast("int32", A[vk]) * T.Cast("int32", B[vi, vk])

    @T.prim_func(s_tir=True)
    def dot_4x4_i8i8s32_neon_impl(A: T.Buffer((4,), "int8", offset_factor=1), B: T.Buffer((4, 4), "int8", offset_factor=1), C: T.Buffer((4,), "int32", offset_factor=1)):
        T.func_attr({"global_symbol": "neon_4x4_i8i8i32_impl"})
        with T.sblock("root"):
            T.reads(C[0:4], A[0:4], B[0:4, 0:4])
            T.writes(C[0:4])
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

    @T.prim_func(s_tir=True)
    def main(X: T.Buffer((128, 128), "int8"), W: T.Buffer((128, 128), "int8"), compute: T.Buffer((128, 128), "int32")):
        T.func_attr({"tirx.noalias": True})
        # with T.sblock("root"):
        for i, j, k in T.grid(128, 128, 128):
            with T.sblock("compute"):
                v_i, v_j, v_k = T.axis.remap("SSR", [i, j, k])
                T.reads(X[v_i, v_k], W[v_j, v_k])
                T.writes(compute[v_i, v_j])
                with T.init():
                    compute[v_i, v_j] = 0
                compute[v_i, v_j] = compute[v_i, v_j] + T.Cast("int32", X[v_i, v_k]) * T.Cast("int32", W[v_j, v_k])