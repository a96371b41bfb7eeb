# The instructions TVM's x86 and Arm tensor intrinsics call (T.call_llvm_pure_intrin), computed
# as the instructions do on any CPU, and the lane-changing T.reinterpret and T.vectorlow/high
# they use.
# spec: tir-spec.md, expression semantics 11 (builtins); Intel's vpdpbusd/pmaddubsw/pmaddwd and
# Arm's sdot/smull/saddlp/addp.

@T.prim_func
def lanes(A: T.Buffer((8,), "uint8"), S: T.Buffer((1,), "int32"), O: T.Buffer((2,), "int32"), P: T.Buffer((8,), "uint8"), H: T.Buffer((4,), "uint8")):
    S[0] = T.reinterpret("int32", A[T.Ramp(0, 1, 4)])
    O[T.Ramp(0, 1, 2)] = T.reinterpret("int32x2", A[T.Ramp(0, 1, 8)])
    P[T.Ramp(0, 1, 8)] = T.reinterpret("uint8x8", O[T.Ramp(0, 1, 2)])
    H[T.Ramp(0, 1, 4)] = T.vectorhigh("uint8x4", A[T.Ramp(0, 1, 8)])
# Little-endian bytes: 0x04030201 and 0x08070605, and back.
# run: @lanes([1, 2, 3, 4, 5, 6, 7, 8], [0], [0, 0], [0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0]); %1 == [67305985]; %2 == [67305985, 134678021]; %3 == [1, 2, 3, 4, 5, 6, 7, 8]; %4 == [5, 6, 7, 8]

# -----

# Four lanes of u8 x i8 products summed into each int32 lane, onto the accumulator (vpdpbusd);
# pairs summed and saturated to int16 (pmaddubsw), then pairs of int16 products (pmaddwd).
@T.prim_func
def x86(A: T.Buffer((16,), "uint8"), B: T.Buffer((16,), "int8"), C: T.Buffer((4,), "int32"), D: T.Buffer((4,), "int32")):
    a: T.int32x4 = T.reinterpret("int32x4", A[T.Ramp(0, 1, 16)])
    b: T.int32x4 = T.reinterpret("int32x4", B[T.Ramp(0, 1, 16)])
    C[T.Ramp(0, 1, 4)] = T.call_llvm_pure_intrin("int32x4", "llvm.x86.avx512.vpdpbusd.128", C[T.Ramp(0, 1, 4)], a, b)
    red: T.int16x8 = T.call_llvm_pure_intrin("int16x8", "llvm.x86.ssse3.pmadd.ub.sw.128", A[T.Ramp(0, 1, 16)], B[T.Ramp(0, 1, 16)])
    D[T.Ramp(0, 1, 4)] = T.call_llvm_pure_intrin("int32x4", "llvm.x86.sse2.pmadd.wd", red, T.Broadcast(T.int16(1), 8))
# Lane 0: 1*1 + 2*2 + 3*3 + 4*4 = 30, plus 100; lane 1: 255*127 four times (pmaddubsw saturates
# each pair 64770 to 32767); lane 2: 255 * -128 * 4; lane 3: 0.
# run: @x86([1, 2, 3, 4, 255, 255, 255, 255, 255, 255, 255, 255, 0, 0, 0, 0], [1, 2, 3, 4, 127, 127, 127, 127, -128, -128, -128, -128, 5, 5, 5, 5], [100, 0, 0, 0], [0, 0, 0, 0]); %2 == [130, 129540, -130560, 0]; %3 == [30, 65534, -65536, 0]

# -----

# Arm: sdot (four i8 x i8 products per int32 lane onto the accumulator); smull, saddlp and addp
# (the NEON form of the same dot product).
@T.prim_func
def arm(A: T.Buffer((16,), "int8"), B: T.Buffer((16,), "int8"), C: T.Buffer((4,), "int32"), D: T.Buffer((4,), "int32")):
    C[T.Ramp(0, 1, 4)] = T.call_llvm_pure_intrin("int32x4", "llvm.aarch64.neon.sdot", C[T.Ramp(0, 1, 4)], A[T.Ramp(0, 1, 16)], B[T.Ramp(0, 1, 16)])
    lo: T.int16x8 = T.call_llvm_pure_intrin("int16x8", "llvm.aarch64.neon.smull", T.vectorlow("int8x8", A[T.Ramp(0, 1, 16)]), T.vectorlow("int8x8", B[T.Ramp(0, 1, 16)]))
    hi: T.int16x8 = T.call_llvm_pure_intrin("int16x8", "llvm.aarch64.neon.smull", T.vectorhigh("int8x8", A[T.Ramp(0, 1, 16)]), T.vectorhigh("int8x8", B[T.Ramp(0, 1, 16)]))
    D[T.Ramp(0, 1, 4)] = T.call_llvm_pure_intrin("int32x4", "llvm.aarch64.neon.addp", T.call_llvm_pure_intrin("int32x4", "llvm.aarch64.neon.saddlp", lo), T.call_llvm_pure_intrin("int32x4", "llvm.aarch64.neon.saddlp", hi))
# run: @arm([1, 2, 3, 4, -1, -1, -1, -1, 127, 127, 127, 127, -128, -128, -128, -128], [1, 2, 3, 4, 1, 1, 1, 1, 127, 127, 127, 127, -128, -128, -128, -128], [100, 0, 0, 0], [0, 0, 0, 0]); %2 == [130, -4, 64516, 65536]; %3 == [30, -4, 64516, 65536]
