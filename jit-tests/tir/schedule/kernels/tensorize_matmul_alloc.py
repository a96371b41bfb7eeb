# tensorize_matmul.py with an implementation that accumulates in a local buffer its root block
# allocates (TVM 0.27 drops that allocation when it tensorizes and cannot build the result, so
# there is no TVM case of it; tests/schedule.rs checks Strata's result against the untensorized
# kernel). The original header:
# A 64x64x64 matmul and a 4x4x4 tensor intrinsic (`mm4`: its description `mm4_desc`, its
# implementation `mm4_impl`, a vectorized micro-kernel over windows with any row stride), as
# TVM's tensorize tests write them.
# from tvm.script import ir as I
# from tvm.script import tirx as T

@I.ir_module
class Module:
    @T.prim_func(s_tir=True)
    def main(A: T.Buffer((64, 64), "float32"), B: T.Buffer((64, 64), "float32"), C: T.Buffer((64, 64), "float32")):
        for i, j, k in T.grid(64, 64, 64):
            with T.sblock("C"):
                vi, vj, vk = T.axis.remap("SSR", [i, j, k])
                with T.init():
                    C[vi, vj] = T.float32(0.0)
                C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]

    @T.prim_func(s_tir=True)
    def mm4_desc(A: T.Buffer((4, 4), "float32", offset_factor=1), B: T.Buffer((4, 4), "float32", offset_factor=1), C: T.Buffer((4, 4), "float32", offset_factor=1)):
        with T.sblock("root"):
            T.reads(C[0:4, 0:4], A[0:4, 0:4], B[0:4, 0:4])
            T.writes(C[0:4, 0:4])
            for i, j, k in T.grid(4, 4, 4):
                with T.sblock("update"):
                    vi, vj, vk = T.axis.remap("SSR", [i, j, k])
                    C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]

    @T.prim_func(s_tir=True)
    def mm4_impl(A: T.Buffer((4, 4), "float32", strides=("sa", 1), offset_factor=1), B: T.Buffer((4, 4), "float32", strides=("sb", 1), offset_factor=1), C: T.Buffer((4, 4), "float32", strides=("sc", 1), offset_factor=1)):
        with T.sblock("root"):
            T.reads(C[0:4, 0:4], A[0:4, 0:4], B[0:4, 0:4])
            T.writes(C[0:4, 0:4])
            acc = T.sblock_alloc_buffer((4,), scope="local")
            for i in range(4):
                for j in T.vectorized(4):
                    acc[j] = C[i, j]
                for k in range(4):
                    for j in T.vectorized(4):
                        acc[j] = acc[j] + A[i, k] * B[k, j]
                for j in T.vectorized(4):
                    C[i, j] = acc[j]
