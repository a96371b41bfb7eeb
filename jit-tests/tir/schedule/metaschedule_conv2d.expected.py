# kernel: ../script/conv2d.py; TVM 0.27's print of it scheduled by metaschedule_conv2d.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def conv2d(X: T.Buffer((1, 64, 56, 56), "float32"), W: T.Buffer((64, 64, 3, 3), "float32"), Y: T.Buffer((1, 64, 56, 56), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    Xp = T.sblock_alloc_buffer((1, 64, 58, 58))
    Y_global = T.sblock_alloc_buffer((1, 64, 56, 56))
    for n_0_f_0_h_0_fused_fused_fused in T.parallel(2):
        for ax0, ax1, ax2 in T.grid(1, 64, 30):
            for ax3_fused in T.vectorized(58):
                with T.sblock("pad"):
                    vn, vc = T.axis.remap("SS", [ax0, ax1])
                    vh = T.axis.spatial(58, n_0_f_0_h_0_fused_fused_fused * 28 + ax2)
                    vw = T.axis.spatial(58, ax3_fused)
                    T.reads(X[vn, vc, vh - 1, vw - 1])
                    T.writes(Xp[vn, vc, vh, vw])
                    Xp[vn, vc, vh, vw] = T.if_then_else(1 <= vh and vh < 57 and 1 <= vw and vw < 57, X[vn, vc, vh - 1, vw - 1], T.float32(0.0))
        for w_0 in range(1):
            for n_1, f_1, h_1, w_1 in T.grid(1, 32, 4, 7):
                for n_2_init, f_2_init, h_2_init, w_2_init, n_3_init, f_3_init, h_3_init in T.grid(1, 1, 7, 2, 1, 2, 1):
                    for w_3_fused_init in T.vectorized(4):
                        with T.sblock("conv_init"):
                            vn = T.axis.spatial(1, n_1 + n_2_init + n_3_init)
                            vf = T.axis.spatial(64, f_1 * 2 + f_2_init * 2 + f_3_init)
                            vh = T.axis.spatial(56, n_0_f_0_h_0_fused_fused_fused * 28 + h_1 * 7 + h_2_init + h_3_init)
                            vw = T.axis.spatial(56, w_0 * 56 + w_1 * 8 + w_2_init * 4 + w_3_fused_init)
                            T.reads()
                            T.writes(Y_global[vn, vf, vh, vw])
                            T.sblock_attr({"meta_schedule.tiling_structure": "SSRSRS"})
                            Y_global[vn, vf, vh, vw] = T.float32(0.0)
                for c_0, r_0, s_0, n_2, f_2, h_2, w_2, c_1, r_1, s_1, n_3, f_3, h_3 in T.grid(16, 3, 3, 1, 1, 7, 2, 4, 1, 1, 1, 2, 1):
                    for w_3_fused in T.vectorized(4):
                        with T.sblock("conv_update"):
                            vn = T.axis.spatial(1, n_1 + n_2 + n_3)
                            vf = T.axis.spatial(64, f_1 * 2 + f_2 * 2 + f_3)
                            vh = T.axis.spatial(56, n_0_f_0_h_0_fused_fused_fused * 28 + h_1 * 7 + h_2 + h_3)
                            vw = T.axis.spatial(56, w_0 * 56 + w_1 * 8 + w_2 * 4 + w_3_fused)
                            vc = T.axis.reduce(64, c_0 * 4 + c_1)
                            vr = T.axis.reduce(3, r_0 + r_1)
                            vs = T.axis.reduce(3, s_0 + s_1)
                            T.reads(Y_global[vn, vf, vh, vw], Xp[vn, vc, vh + vr, vw + vs], W[vf, vc, vr, vs])
                            T.writes(Y_global[vn, vf, vh, vw])
                            T.sblock_attr({"meta_schedule.tiling_structure": "SSRSRS"})
                            Y_global[vn, vf, vh, vw] = Y_global[vn, vf, vh, vw] + Xp[vn, vc, vh + vr, vw + vs] * W[vf, vc, vr, vs]
            for ax0, ax1, ax2 in T.grid(1, 64, 28):
                for ax3_fused in T.vectorized(56):
                    with T.sblock("Y_global"):
                        v0, v1 = T.axis.remap("SS", [ax0, ax1])
                        v2 = T.axis.spatial(56, n_0_f_0_h_0_fused_fused_fused * 28 + ax2)
                        v3 = T.axis.spatial(56, ax3_fused)
                        T.reads(Y_global[v0, v1, v2, v3])
                        T.writes(Y[v0, v1, v2, v3])
                        Y[v0, v1, v2, v3] = Y_global[v0, v1, v2, v3]
