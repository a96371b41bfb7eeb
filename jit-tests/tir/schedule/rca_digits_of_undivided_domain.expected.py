# kernel: kernels/ci_overcomputed_injective.py; TVM 0.27's print of it scheduled by rca_digits_of_undivided_domain.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def ci_overcomputed_injective_load(A: T.Buffer((128, 128), "float32"), C: T.Buffer((127, 127), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((8, 8, 16, 16))
    for i0, j0, i1, j1 in T.grid(8, 8, 16, 16):
        with T.sblock("B"):
            vi, vj, vm, vn = T.axis.remap("SSSS", [i0, j0, i1, j1])
            T.reads(A[vi * 16 + vm, vj * 16 + vn])
            T.writes(B[vi, vj, vm, vn])
            B[vi, vj, vm, vn] = A[vi * 16 + vm, vj * 16 + vn] * T.float32(2.0)
        for ax0, ax1 in T.grid(16, 16):
            with T.sblock("C"):
                cvi = T.axis.spatial(127, i0 * 16 + ax0)
                cvj = T.axis.spatial(127, j0 * 16 + ax1)
                T.where(i0 * 16 + ax0 < 127 and j0 * 16 + ax1 < 127)
                T.reads(B[cvi // 16, cvj // 16, cvi % 16, cvj % 16])
                T.writes(C[cvi, cvj])
                C[cvi, cvj] = B[cvi // 16, cvj // 16, cvi % 16, cvj % 16] + T.float32(1.0)
