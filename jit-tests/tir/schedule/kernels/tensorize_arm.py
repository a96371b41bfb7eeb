# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_tensorize.py
# (test_tensorize_arm_dot): its i8 x i8 matmul and TVM 0.27's Arm tensor intrinsic
# dot_4x4_i8i8s32_sdot, as TVM prints it (TensorIntrin.get(..).desc/.impl). (Its NEON variant's
# print does not read back in TVM 0.27: T.int32x2 has no annotation there.)
# from tvm.script import ir as I
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@I.ir_module
class Module:
    @T.prim_func(s_tir=True)
    def dot_4x4_i8i8s32_sdot_desc(A: T.Buffer((4,), "int8", offset_factor=1), B: T.Buffer((4, 4), "int8", offset_factor=1), C: T.Buffer((4,), "int32", offset_factor=1)):
        T.func_attr({"global_symbol": "dot_prod_desc"})
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
    def dot_4x4_i8i8s32_sdot_impl(A: T.Buffer((4,), "int8", offset_factor=1), B: T.Buffer((4, 4), "int8", offset_factor=1), C: T.Buffer((4,), "int32", offset_factor=1)):
        T.func_attr({"global_symbol": "dot_prod_impl"})
        with T.sblock("root"):
            T.reads(C[0:4], A[0:4], B[0:4, 0:4])
            T.writes(C[0:4])
            A_i8x4: T.int8x4 = A[T.Ramp(0, 1, 4)]
            A_i32: T.int32 = T.reinterpret("int32", A_i8x4)
            vec_ai32: T.int32x4 = T.Broadcast(A_i32, 4)
            vec_a: T.int8x16 = T.reinterpret("int8x16", vec_ai32)
            vec_b: T.int8x16 = B[0, T.Ramp(0, 1, 16)]
            vec_c: T.int32x4 = C[T.Ramp(0, 1, 4)]
            C[0:4] = T.call_llvm_pure_intrin("int32x4", "llvm.aarch64.neon.sdot", vec_c, vec_a, vec_b)

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