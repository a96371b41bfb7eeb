# kernel: kernels/ci_bijective_tiled_load.py; TVM 0.27's print of it scheduled by ca_region_simplified_in_loop_ranges.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def ci_bijective_tiled_load(A: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((8, 8, 16, 16))
    for i_0, i_1 in T.grid(8, 16):
        for ax0, ax1 in T.grid(8, 16):
            with T.sblock("B"):
                vi, vj, vm, vn = T.axis.remap("SSSS", [i_0, ax0, i_1, ax1])
                T.reads(A[vi * 16 + vm, vj * 16 + vn])
                T.writes(B[vi, vj, vm, vn])
                B[vi, vj, vm, vn] = A[vi * 16 + vm, vj * 16 + vn] * T.float32(2.0)
        for j in range(128):
            with T.sblock("C"):
                cvi = T.axis.spatial(128, i_0 * 16 + i_1)
                cvj = T.axis.spatial(128, j)
                T.reads(B[cvi // 16, cvj // 16, cvi % 16, cvj % 16])
                T.writes(C[cvi, cvj])
                C[cvi, cvj] = B[cvi // 16, cvj // 16, cvi % 16, cvj % 16] + T.float32(1.0)
