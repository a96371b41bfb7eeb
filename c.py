
# from tvm.script import ir as I
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@I.ir_module
class Module:
    @T.prim_func(s_tir=True)
    def unary_math(X: T.Buffer((3, 5), "float32"), compute: T.Buffer((3, 5), "float32"), compute_1: T.Buffer((3, 5), "float32"), compute_2: T.Buffer((3, 5), "float32"), compute_3: T.Buffer((3, 5), "float32"), compute_4: T.Buffer((3, 5), "float32"), compute_5: T.Buffer((3, 5), "float32"), compute_6: T.Buffer((3, 5), "float32"), compute_7: T.Buffer((3, 5), "float32"), compute_8: T.Buffer((3, 5), "float32"), compute_9: T.Buffer((3, 5), "float32"), compute_10: T.Buffer((3, 5), "float32"), compute_11: T.Buffer((3, 5), "float32"), compute_12: T.Buffer((3, 5), "float32"), T_sign: T.Buffer((3, 5), "float32"), compute_13: T.Buffer((3, 5), "bool"), compute_14: T.Buffer((3, 5), "bool")):
        T.func_attr({"tirx.noalias": True})
        # with T.sblock("root"):
        compute_15 = T.sblock_alloc_buffer((3, 5))
        T_add = T.sblock_alloc_buffer((3, 5))
        compute_16 = T.sblock_alloc_buffer((3, 5))
        T_add_1 = T.sblock_alloc_buffer((3, 5))
        compute_17 = T.sblock_alloc_buffer((3, 5))
        T_add_2 = T.sblock_alloc_buffer((3, 5))
        compute_18 = T.sblock_alloc_buffer((3, 5))
        compute_19 = T.sblock_alloc_buffer((3, 5))
        for i0, i1 in T.grid(3, 5):
            with T.sblock("compute"):
                v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
                T.reads(X[v_i0, v_i1])
                T.writes(compute[v_i0, v_i1])
                compute[v_i0, v_i1] = T.sin(X[v_i0, v_i1])
        for i0, i1 in T.grid(3, 5):
            with T.sblock("compute_1"):
                v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
                T.reads(X[v_i0, v_i1])
                T.writes(compute_1[v_i0, v_i1])
                compute_1[v_i0, v_i1] = T.cos(X[v_i0, v_i1])
        for i0, i1 in T.grid(3, 5):
            with T.sblock("compute_2"):
                v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
                T.reads(X[v_i0, v_i1])
                T.writes(compute_2[v_i0, v_i1])
                compute_2[v_i0, v_i1] = T.tan(X[v_i0, v_i1])
        for i0, i1 in T.grid(3, 5):
            with T.sblock("compute_3"):
                v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
                T.reads(X[v_i0, v_i1])
                T.writes(compute_15[v_i0, v_i1])
                compute_15[v_i0, v_i1] = T.fabs(X[v_i0, v_i1])
        for ax0, ax1 in T.grid(3, 5):
            with T.sblock("T_add"):
                v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
                T.reads(compute_15[v_ax0, v_ax1])
                T.writes(T_add[v_ax0, v_ax1])
                T_add[v_ax0, v_ax1] = compute_15[v_ax0, v_ax1] + T.float32(1.0)
        for i0, i1 in T.grid(3, 5):
            with T.sblock("compute_4"):
                v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
                T.reads(T_add[v_i0, v_i1])
                T.writes(compute_3[v_i0, v_i1])
                compute_3[v_i0, v_i1] = T.log2(T_add[v_i0, v_i1])
        for i0, i1 in T.grid(3, 5):
            with T.sblock("compute_5"):
                v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
                T.reads(X[v_i0, v_i1])
                T.writes(compute_16[v_i0, v_i1])
                compute_16[v_i0, v_i1] = T.fabs(X[v_i0, v_i1])
        for ax0, ax1 in T.grid(3, 5):
            with T.sblock("T_add_1"):
                v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
                T.reads(compute_16[v_ax0, v_ax1])
                T.writes(T_add_1[v_ax0, v_ax1])
                T_add_1[v_ax0, v_ax1] = compute_16[v_ax0, v_ax1] + T.float32(1.0)
        for i0, i1 in T.grid(3, 5):
            with T.sblock("compute_6"):
                v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
                T.reads(T_add_1[v_i0, v_i1])
                T.writes(compute_4[v_i0, v_i1])
                compute_4[v_i0, v_i1] = T.log10(T_add_1[v_i0, v_i1])
        for i0, i1 in T.grid(3, 5):
            with T.sblock("compute_7"):
                v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
                T.reads(X[v_i0, v_i1])
                T.writes(compute_17[v_i0, v_i1])
                compute_17[v_i0, v_i1] = T.fabs(X[v_i0, v_i1])
        for ax0, ax1 in T.grid(3, 5):
            with T.sblock("T_add_2"):
                v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
                T.reads(compute_17[v_ax0, v_ax1])
                T.writes(T_add_2[v_ax0, v_ax1])
                T_add_2[v_ax0, v_ax1] = compute_17[v_ax0, v_ax1] + T.float32(1.0)
        for i0, i1 in T.grid(3, 5):
            with T.sblock("compute_8"):
                v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
                T.reads(T_add_2[v_i0, v_i1])
                T.writes(compute_5[v_i0, v_i1])
                compute_5[v_i0, v_i1] = T.rsqrt(T_add_2[v_i0, v_i1])
        for i0, i1 in T.grid(3, 5):
            with T.sblock("compute_9"):
                v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
                T.reads(X[v_i0, v_i1])
                T.writes(compute_6[v_i0, v_i1])
                compute_6[v_i0, v_i1] = T.sinh(X[v_i0, v_i1])
        for i0, i1 in T.grid(3, 5):
            with T.sblock("compute_10"):
                v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
                T.reads(X[v_i0, v_i1])
                T.writes(compute_7[v_i0, v_i1])
                compute_7[v_i0, v_i1] = T.cosh(X[v_i0, v_i1])
        for i0, i1 in T.grid(3, 5):
            with T.sblock("compute_11"):
                v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
                T.reads(X[v_i0, v_i1])
                T.writes(compute_8[v_i0, v_i1])
                compute_8[v_i0, v_i1] = T.atan(X[v_i0, v_i1])
        for i0, i1 in T.grid(3, 5):
            with T.sblock("compute_12"):
                v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
                T.reads(X[v_i0, v_i1])
                T.writes(compute_18[v_i0, v_i1])
                compute_18[v_i0, v_i1] = T.max(T.min(X[v_i0, v_i1], T.float32(1.0)), T.float32(-1.0))
        for i0, i1 in T.grid(3, 5):
            with T.sblock("compute_13"):
                v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
                T.reads(compute_18[v_i0, v_i1])
                T.writes(compute_9[v_i0, v_i1])
                compute_9[v_i0, v_i1] = T.asin(compute_18[v_i0, v_i1])
        for i0, i1 in T.grid(3, 5):
            with T.sblock("compute_14"):
                v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
                T.reads(X[v_i0, v_i1])
                T.writes(compute_19[v_i0, v_i1])
                compute_19[v_i0, v_i1] = T.max(T.min(X[v_i0, v_i1], T.float32(1.0)), T.float32(-1.0))
        for i0, i1 in T.grid(3, 5):
            with T.sblock("compute_15"):
                v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
                T.reads(compute_19[v_i0, v_i1])
                T.writes(compute_10[v_i0, v_i1])
                compute_10[v_i0, v_i1] = T.acos(compute_19[v_i0, v_i1])
        for i0, i1 in T.grid(3, 5):
            with T.sblock("compute_16"):
                v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
                T.reads(X[v_i0, v_i1])
                T.writes(compute_11[v_i0, v_i1])
                compute_11[v_i0, v_i1] = T.trunc(X[v_i0, v_i1])
        for i0, i1 in T.grid(3, 5):
            with T.sblock("compute_17"):
                v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
                T.reads(X[v_i0, v_i1])
                T.writes(compute_12[v_i0, v_i1])
                compute_12[v_i0, v_i1] = X[v_i0, v_i1] * T.float32(-1.0)
        for ax0, ax1 in T.grid(3, 5):
            with T.sblock("T_sign"):
                v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
                T.reads(X[v_ax0, v_ax1])
                T.writes(T_sign[v_ax0, v_ax1])
                T_sign[v_ax0, v_ax1] = T.Select(T.float32(0.0) < X[v_ax0, v_ax1], T.float32(1.0), T.Select(X[v_ax0, v_ax1] < T.float32(0.0), T.float32(-1.0), T.float32(0.0)))
        for i0, i1 in T.grid(3, 5):
            with T.sblock("compute_18"):
                v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
                T.reads(X[v_i0, v_i1])
                T.writes(compute_13[v_i0, v_i1])
                compute_13[v_i0, v_i1] = T.fabs(X[v_i0, v_i1]) == T.float32("inf") and not T.isnan(X[v_i0, v_i1])
        for i0, i1 in T.grid(3, 5):
            with T.sblock("compute_19"):
                v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
                T.reads(X[v_i0, v_i1])
                T.writes(compute_14[v_i0, v_i1])
                compute_14[v_i0, v_i1] = (T.fabs(X[v_i0, v_i1]) != T.float32("inf") or T.isnan(X[v_i0, v_i1])) and not T.isnan(X[v_i0, v_i1])
