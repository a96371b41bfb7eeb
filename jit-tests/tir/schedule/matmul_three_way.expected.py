# kernel: ../script/matmul256.py; TVM 0.27's print of it scheduled by matmul_three_way.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def matmul(A: T.Buffer((256, 256), "float32"), B: T.Buffer((256, 256), "float32"), C: T.Buffer((256, 256), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for i_0_k_fused in T.serial(1024, annotations={"pragma_auto_unroll_max_step": 16}):
        for i_2, j, i_1 in T.grid(8, 256, 8):
            with T.sblock("C"):
                vi = T.axis.spatial(256, i_0_k_fused // 256 * 64 + i_1 * 8 + i_2)
                vj = T.axis.spatial(256, j)
                vk = T.axis.reduce(256, i_0_k_fused % 256)
                T.reads(A[vi, vk], B[vk, vj])
                T.writes(C[vi, vj])
                T.sblock_attr({"meta_schedule.parallel": 64})
                with T.init():
                    C[vi, vj] = T.float32(0.0)
                C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]
