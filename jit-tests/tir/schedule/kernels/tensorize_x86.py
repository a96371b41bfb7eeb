# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_tensorize.py
# (test_tensorize_vnni, test_tensorize_avx512): its u8 x i8 matmul and TVM 0.27's x86 tensor
# intrinsics dot_16x4_vnni and dot_16x4_avx512, as TVM prints them (TensorIntrin.get(..).desc/.impl).
# from tvm.script import ir as I
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@I.ir_module
class Module:
    @T.prim_func(s_tir=True)
    def dot_16x4_avx512_desc(A: T.Buffer((4,), "uint8", offset_factor=1), B: T.Buffer((16, 4), "int8", offset_factor=1), C: T.Buffer((16,), "int32", offset_factor=1)):
        T.func_attr({"global_symbol": "dot_product_16x4_u8i8i32_desc"})
        with T.sblock("root"):
            T.reads(C[0:16], A[0:4], B[0:16, 0:4])
            T.writes(C[0:16])
            for i, k in T.grid(16, 4):
                with T.sblock("update"):
                    vi, vk = T.axis.remap("SR", [i, k])
                    T.reads(C[vi], A[vk], B[vi, vk])
                    T.writes(C[vi])
                    C[vi] = C[vi] + T.Cast("int32", A[vk]) * T.Cast("int32", B[vi, vk])

    @T.prim_func(s_tir=True)
    def dot_16x4_avx512_impl(A: T.Buffer((4,), "uint8", offset_factor=1), B: T.Buffer((16, 4), "int8", offset_factor=1), C: T.Buffer((16,), "int32", offset_factor=1)):
        T.func_attr({"global_symbol": "dot_product_16x4_u8i8i32_avx512"})
        with T.sblock("root"):
            T.reads(C[0:16], A[0:4], B[0:16, 0:4])
            T.writes(C[0:16])
            A_u8x4: T.uint8x4 = A[T.Ramp(0, 1, 4)]
            A_i32: T.int32 = T.reinterpret("int32", A_u8x4)
            A_brdcst: T.int32x16 = T.Broadcast(A_i32, 16)
            A_u8x64: T.uint8x64 = T.reinterpret("uint8x64", A_brdcst)
            B_i8x64: T.int8x64 = B[0, T.Ramp(0, 1, 64)]
            Red: T.int16x32 = T.call_llvm_pure_intrin("int16x32", "llvm.x86.avx512.pmaddubs.w.512", A_u8x64, B_i8x64)
            C[0:16] = C[T.Ramp(0, 1, 16)] + T.call_llvm_pure_intrin("int32x16", "llvm.x86.avx512.pmaddw.d.512", Red, T.Broadcast(T.int16(1), 32))

    @T.prim_func(s_tir=True)
    def dot_16x4_vnni_desc(A: T.Buffer((4,), "uint8", offset_factor=1), B: T.Buffer((16, 4), "int8", offset_factor=1), C: T.Buffer((16,), "int32", offset_factor=1)):
        T.func_attr({"global_symbol": "dot_product_16x4_u8i8i32_desc"})
        with T.sblock("root"):
            T.reads(C[0:16], A[0:4], B[0:16, 0:4])
            T.writes(C[0:16])
            for i, k in T.grid(16, 4):
                with T.sblock("update"):
                    vi, vk = T.axis.remap("SR", [i, k])
                    T.reads(C[vi], A[vk], B[vi, vk])
                    T.writes(C[vi])
                    C[vi] = C[vi] + T.Cast("int32", A[vk]) * T.Cast("int32", B[vi, vk])

    @T.prim_func(s_tir=True)
    def dot_16x4_vnni_impl(A: T.Buffer((4,), "uint8", offset_factor=1), B: T.Buffer((16, 4), "int8", offset_factor=1), C: T.Buffer((16,), "int32", offset_factor=1)):
        T.func_attr({"global_symbol": "dot_product_16x4_u8i8i32_vnni"})
        with T.sblock("root"):
            T.reads(C[0:16], A[0:4], B[0:16, 0:4])
            T.writes(C[0:16])
            A_u8x4: T.uint8x4 = A[T.Ramp(0, 1, 4)]
            A_i32: T.int32 = T.reinterpret("int32", A_u8x4)
            B_i8x64: T.int8x64 = B[0, T.Ramp(0, 1, 64)]
            B_i32x16: T.int32x16 = T.reinterpret("int32x16", B_i8x64)
            C_i32x16: T.int32x16 = C[T.Ramp(0, 1, 16)]
            C[0:16] = T.call_llvm_pure_intrin("int32x16", "llvm.x86.avx512.vpdpbusd.512", C_i32x16, T.Broadcast(A_i32, 16), B_i32x16)

    @T.prim_func(s_tir=True)
    def main(X: T.Buffer((128, 128), "uint8"), W: T.Buffer((128, 128), "int8"), compute: T.Buffer((128, 128), "int32")):
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
