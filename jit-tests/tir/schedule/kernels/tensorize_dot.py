# An int8 dense layer (uint8 activations, int8 weights, int32 sums) and TVM's x86 dot-product
# intrinsic's description (`dot_product_16x4_u8i8i32_desc` of tvm.s_tir.tensor_intrin.x86) with a
# plain TIR implementation in place of its VNNI instruction: 16 sums of 4 products each.
# from tvm.script import ir as I
# from tvm.script import tirx as T

@I.ir_module
class Module:
    @T.prim_func(s_tir=True)
    def main(A: T.Buffer((8, 64), "uint8"), B: T.Buffer((32, 64), "int8"), C: T.Buffer((8, 32), "int32")):
        for i, j, k in T.grid(8, 32, 64):
            with T.sblock("C"):
                vi, vj, vk = T.axis.remap("SSR", [i, j, k])
                with T.init():
                    C[vi, vj] = 0
                C[vi, vj] = C[vi, vj] + T.Cast("int32", A[vi, vk]) * T.Cast("int32", B[vj, vk])

    @T.prim_func(s_tir=True)
    def dot16x4_desc(A: T.Buffer((4,), "uint8", offset_factor=1), B: T.Buffer((16, 4), "int8", offset_factor=1), C: T.Buffer((16,), "int32", offset_factor=1)):
        with T.sblock("root"):
            T.reads(C[0:16], A[0:4], B[0:16, 0:4])
            T.writes(C[0:16])
            for i in range(16):
                for k in range(4):
                    with T.sblock("update"):
                        vi, vk = T.axis.remap("SR", [i, k])
                        C[vi] = C[vi] + T.Cast("int32", A[vk]) * T.Cast("int32", B[vi, vk])

    @T.prim_func(s_tir=True)
    def dot16x4_impl(A: T.Buffer((4,), "uint8", offset_factor=1), B: T.Buffer((16, 4), "int8", strides=("sb", 1), offset_factor=1), C: T.Buffer((16,), "int32", offset_factor=1)):
        with T.sblock("root"):
            T.reads(C[0:16], A[0:4], B[0:16, 0:4])
            T.writes(C[0:16])
            for k in T.unroll(4):
                for i in T.vectorized(16):
                    C[i] = C[i] + T.Cast("int32", A[k]) * T.Cast("int32", B[i, k])
