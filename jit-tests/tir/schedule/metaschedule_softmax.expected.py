# kernel: ../script/softmax.py; TVM 0.27's print of it scheduled by metaschedule_softmax.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def softmax(A: T.Buffer((256, 1024), "float32"), S: T.Buffer((256, 1024), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    M = T.sblock_alloc_buffer((256,))
    E = T.sblock_alloc_buffer((256, 1024))
    Z = T.sblock_alloc_buffer((256,))
    Z_rf = T.sblock_alloc_buffer((256, 16))
    M_rf = T.sblock_alloc_buffer((256, 32))
    for i_fused in T.parallel(256, annotations={"pragma_auto_unroll_max_step": 64, "pragma_unroll_explicit": 1}):
        for k_0 in range(32):
            with T.sblock("maxelem_rf_init"):
                vk_0, vi = T.axis.remap("SS", [k_0, i_fused])
                T.reads()
                T.writes(M_rf[vi, vk_0])
                M_rf[vi, vk_0] = T.float32(-340282346638528859811704183484516925440.0)
            for k_1 in range(32):
                with T.sblock("maxelem_rf_update"):
                    vk_0, vi, vk_1 = T.axis.remap("SSR", [k_0, i_fused, k_1])
                    T.reads(M_rf[vi, vk_0], A[vi, vk_0 * 32 + vk_1])
                    T.writes(M_rf[vi, vk_0])
                    M_rf[vi, vk_0] = T.max(M_rf[vi, vk_0], A[vi, vk_0 * 32 + vk_1])
    for i_fused in T.parallel(256, annotations={"pragma_auto_unroll_max_step": 64, "pragma_unroll_explicit": 1}):
        with T.sblock("maxelem_init"):
            vi = T.axis.spatial(256, i_fused)
            T.reads()
            T.writes(M[vi])
            M[vi] = T.float32(-340282346638528859811704183484516925440.0)
        for k_0 in range(32):
            with T.sblock("maxelem_update"):
                vk_0, vi = T.axis.remap("RS", [k_0, i_fused])
                T.reads(M[vi], M_rf[vi, vk_0])
                T.writes(M[vi])
                M[vi] = T.max(M[vi], M_rf[vi, vk_0])
    for i_k_fused_0 in T.parallel(4096):
        for i_k_fused_1 in T.vectorized(64):
            with T.sblock("exp"):
                vi = T.axis.spatial(256, (i_k_fused_0 * 64 + i_k_fused_1) // 1024)
                vk = T.axis.spatial(1024, (i_k_fused_0 * 64 + i_k_fused_1) % 1024)
                T.reads(A[vi, vk], M[vi])
                T.writes(E[vi, vk])
                E[vi, vk] = T.exp(A[vi, vk] - M[vi])
    for i_fused in T.parallel(256, annotations={"pragma_auto_unroll_max_step": 64, "pragma_unroll_explicit": 1}):
        for ax0, ax1 in T.grid(16, 1):
            with T.sblock("expsum_rf_init"):
                vk_0 = T.axis.spatial(16, ax0)
                vi = T.axis.spatial(256, i_fused + ax1)
                T.reads()
                T.writes(Z_rf[vi, vk_0])
                Z_rf[vi, vk_0] = T.float32(0.0)
            for ax2 in range(64):
                with T.sblock("expsum_rf_update"):
                    vk_0 = T.axis.spatial(16, ax0)
                    vi = T.axis.spatial(256, i_fused + ax1)
                    vk_1 = T.axis.reduce(64, ax2)
                    T.reads(Z_rf[vi, vk_0], E[vi, vk_0 * 64 + vk_1])
                    T.writes(Z_rf[vi, vk_0])
                    Z_rf[vi, vk_0] = Z_rf[vi, vk_0] + E[vi, vk_0 * 64 + vk_1]
        for k in range(1024):
            for ax1_init in range(1):
                with T.sblock("expsum_init"):
                    vi = T.axis.spatial(256, i_fused + ax1_init)
                    T.reads()
                    T.writes(Z[vi])
                    Z[vi] = T.float32(0.0)
            for ax0, ax1 in T.grid(16, 1):
                with T.sblock("expsum_update"):
                    vk_0 = T.axis.reduce(16, ax0)
                    vi = T.axis.spatial(256, i_fused + ax1)
                    T.reads(Z[vi], Z_rf[vi, vk_0])
                    T.writes(Z[vi])
                    Z[vi] = Z[vi] + Z_rf[vi, vk_0]
            with T.sblock("norm"):
                vi, vk = T.axis.remap("SS", [i_fused, k])
                T.reads(E[vi, vk], Z[vi])
                T.writes(S[vi, vk])
                S[vi, vk] = E[vi, vk] / Z[vi]
