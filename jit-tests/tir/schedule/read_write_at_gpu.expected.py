# kernel: kernels/gpu_matmul.py; TVM 0.27's print of it scheduled by read_write_at_gpu.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def gpu_matmul(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    A_shared = T.sblock_alloc_buffer((128, 128), scope="shared")
    B_shared = T.sblock_alloc_buffer((128, 128), scope="shared")
    C_shared = T.sblock_alloc_buffer((128, 128), scope="shared")
    for by in T.thread_binding(2, thread="blockIdx.y"):
        for bx in T.thread_binding(2, thread="blockIdx.x"):
            for vy in T.thread_binding(2, thread="vthread.y"):
                for vx in T.thread_binding(2, thread="vthread.x"):
                    for ty in T.thread_binding(8, thread="threadIdx.y"):
                        for tx in T.thread_binding(8, thread="threadIdx.x"):
                            for k0 in range(16):
                                with T.sblock("A_shared"):
                                    v0, v1 = T.axis.remap("SS", [by, k0])
                                    T.reads(A[v0 * 64:v0 * 64 + 64, v1 * 8:v1 * 8 + 8])
                                    T.writes(A_shared[v0 * 64:v0 * 64 + 64, v1 * 8:v1 * 8 + 8])
                                    T.sblock_attr({"auto_copy": True})
                                    for ax0, ax1 in T.grid(64, 8):
                                        A_shared[v0 * 64 + ax0, v1 * 8 + ax1] = A[v0 * 64 + ax0, v1 * 8 + ax1]
                                with T.sblock("B_shared"):
                                    v0, v1 = T.axis.remap("SS", [k0, bx])
                                    T.reads(B[v0 * 8:v0 * 8 + 8, v1 * 64:v1 * 64 + 64])
                                    T.writes(B_shared[v0 * 8:v0 * 8 + 8, v1 * 64:v1 * 64 + 64])
                                    T.sblock_attr({"auto_copy": True})
                                    for ax0, ax1 in T.grid(8, 64):
                                        B_shared[v0 * 8 + ax0, v1 * 64 + ax1] = B[v0 * 8 + ax0, v1 * 64 + ax1]
                                for k1 in T.unroll(8):
                                    for _, i, j in T.grid(1, 4, 4):
                                        with T.sblock("C"):
                                            vi = T.axis.spatial(128, by * 64 + vy * 32 + ty * 4 + i)
                                            vj = T.axis.spatial(128, bx * 64 + vx * 32 + tx * 4 + j)
                                            vk = T.axis.reduce(128, k0 * 8 + k1)
                                            T.reads(C_shared[vi, vj], A_shared[vi, vk], B_shared[vk, vj])
                                            T.writes(C_shared[vi, vj])
                                            with T.init():
                                                C_shared[vi, vj] = T.float32(0.0)
                                            C_shared[vi, vj] = C_shared[vi, vj] + A_shared[vi, vk] * B_shared[vk, vj]
                            with T.sblock("C_shared"):
                                v0, v1 = T.axis.remap("SS", [by, bx])
                                T.reads(C_shared[v0 * 64:v0 * 64 + 64, v1 * 64:v1 * 64 + 64])
                                T.writes(C[v0 * 64:v0 * 64 + 64, v1 * 64:v1 * 64 + 64])
                                T.sblock_attr({"auto_copy": True})
                                for ax0, ax1 in T.grid(64, 64):
                                    C[v0 * 64 + ax0, v1 * 64 + ax1] = C_shared[v0 * 64 + ax0, v1 * 64 + ax1]
