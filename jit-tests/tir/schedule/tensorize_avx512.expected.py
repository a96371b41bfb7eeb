# kernel: kernels/tensorize_x86.py; TVM 0.27's print of it scheduled by tensorize_avx512.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(X: T.Buffer((128, 128), "uint8"), W: T.Buffer((8, 32, 16, 4), "int8"), compute: T.Buffer((128, 128), "int32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for i, j_0 in T.grid(128, 8):
        for j_1_init in range(16):
            with T.sblock("compute_init"):
                v_i = T.axis.spatial(128, i)
                v_j = T.axis.spatial(128, j_0 * 16 + j_1_init)
                T.reads()
                T.writes(compute[v_i, v_j])
                compute[v_i, v_j] = 0
        for k_0 in range(32):
            with T.sblock("compute_update_o"):
                v_i_o, v_j_o, v_k_o = T.axis.remap("SSR", [i, j_0, k_0])
                T.reads(compute[v_i_o, v_j_o * 16:v_j_o * 16 + 16], X[v_i_o, v_k_o * 4:v_k_o * 4 + 4], W[v_j_o, v_k_o, 0:16, 0:4])
                T.writes(compute[v_i_o, v_j_o * 16:v_j_o * 16 + 16])
                A = T.match_buffer(X[v_i_o, v_k_o * 4:v_k_o * 4 + 4], (4,), "uint8", offset_factor=1)
                B = T.match_buffer(W[v_j_o, v_k_o, 0:16, 0:4], (16, 4), "int8", offset_factor=1)
                C = T.match_buffer(compute[v_i_o, v_j_o * 16:v_j_o * 16 + 16], (16,), "int32", offset_factor=1)
                A_u8x4: T.uint8x4 = A[T.Ramp(0, 1, 4)]
                A_i32: T.int32 = T.reinterpret("int32", A_u8x4)
                A_brdcst: T.int32x16 = T.Broadcast(A_i32, 16)
                A_u8x64: T.uint8x64 = T.reinterpret("uint8x64", A_brdcst)
                B_i8x64: T.int8x64 = B[0, T.Ramp(0, 1, 64)]
                Red: T.int16x32 = T.call_llvm_pure_intrin("int16x32", "llvm.x86.avx512.pmaddubs.w.512", A_u8x64, B_i8x64)
                C[0:16] = C[T.Ramp(0, 1, 16)] + T.call_llvm_pure_intrin("int32x16", "llvm.x86.avx512.pmaddw.d.512", Red, T.Broadcast(T.int16(1), 32))
