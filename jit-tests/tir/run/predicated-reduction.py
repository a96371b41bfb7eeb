# A reduction whose loops were split with factors that do not divide them: T.where guards the
# tail (tir-spec.md statement semantics 14, BlockRealize predicate). The accumulator promotion of
# -O1/-O2 must not read or write C[vi] where the predicate is false (it did: vi = 12..15 read and
# wrote past C).

@T.prim_func(s_tir=True)
def rowsum(A: T.Buffer((10, 3), "float32"), C: T.Buffer((10,), "float32")):
    for i_0, i_1, k_0, k_1 in T.grid(3, 4, 2, 2):
        with T.sblock("C"):
            vi = T.axis.spatial(10, i_0 * 4 + i_1)
            vk = T.axis.reduce(3, k_0 * 2 + k_1)
            T.where(i_0 * 4 + i_1 < 10 and k_0 * 2 + k_1 < 3)
            T.reads(A[vi, vk])
            T.writes(C[vi])
            with T.init():
                C[vi] = T.float32(0.0)
            C[vi] = C[vi] + A[vi, vk]
# run: @rowsum([[1.0, 2.0, 3.0], [1.0, 1.0, 1.0], [0.0, 0.0, 1.0], [2.0, 2.0, 2.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [5.0, 5.0, 5.0], [1.0, 2.0, 1.0], [3.0, 0.0, 3.0], [0.5, 0.5, 0.5]], zeros(10xf32)); %1 == [6.0, 3.0, 1.0, 6.0, 1.0, 1.0, 15.0, 4.0, 6.0, 1.5]
