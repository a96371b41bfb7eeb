# A kernel for schedule cases (generate.py): TVM's read_write_at test kernel (cuda_matmul),
# at 128 x 128 (2 thread blocks a side) instead of 2048.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def gpu_matmul(a: T.handle, b: T.handle, c: T.handle) -> None:
    A = T.match_buffer(a, [128, 128], "float32")
    B = T.match_buffer(b, [128, 128], "float32")
    C = T.match_buffer(c, [128, 128], "float32")
    for by in T.thread_binding(0, 2, thread = "blockIdx.y"):
        for bx in T.thread_binding(0, 2, thread = "blockIdx.x"):
            for vy in T.thread_binding(0, 2, thread = "vthread.y"):
                for vx in T.thread_binding(0, 2, thread = "vthread.x"):
                    for ty in T.thread_binding(0, 8, thread = "threadIdx.y"):
                        for tx in T.thread_binding(0, 8, thread = "threadIdx.x"):
                            for k0 in T.serial(0, 16):
                                for k1 in T.unroll(0, 8):
                                    for _, i, j in T.grid(1, 4, 4):
                                        with T.sblock("C"):
                                            vi = T.axis.S(128, by * 64 + vy * 32 + ty * 4 + i)
                                            vj = T.axis.S(128, bx * 64 + vx * 32 + tx * 4 + j)
                                            vk = T.axis.R(128, k0 * 8 + k1)
                                            T.reads([C[vi, vj], A[vi, vk], B[vk, vj]])
                                            T.writes([C[vi, vj]])
                                            with T.init():
                                                C[vi, vj] = 0.0
                                            C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]
