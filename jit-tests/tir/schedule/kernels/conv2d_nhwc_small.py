# A kernel for schedule cases (generate.py): TVM's reindex test conv2d, smaller (its
# `co // 8 * 3 + rc` is `rc` once the analyzer knows co < 8).
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def conv2d_nhwc_small(Input: T.Buffer((1, 16, 16, 3), "float32"), Weight: T.Buffer((3, 3, 3, 8), "float32"), Conv2d_nhwc: T.Buffer((1, 8, 8, 8), "float32")):
    PadInput = T.sblock_alloc_buffer((1, 18, 18, 3))
    for i0, i1, i2, i3 in T.grid(1, 18, 18, 3):
        with T.sblock("PadInput"):
            i0_1, i1_1, i2_1, i3_1 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            PadInput[i0_1, i1_1, i2_1, i3_1] = T.if_then_else(1 <= i1_1 and i1_1 < 17 and 1 <= i2_1 and i2_1 < 17, Input[i0_1, i1_1 - 1, i2_1 - 1, i3_1], T.float32(0.0))
    for i0, i1, i2, i3, i4, i5, i6 in T.grid(1, 8, 8, 8, 3, 3, 3):
        with T.sblock("conv2d_nhwc"):
            n, h, w, co, rh, rw, rc = T.axis.remap("SSSSRRR", [i0, i1, i2, i3, i4, i5, i6])
            with T.init():
                Conv2d_nhwc[n, h, w, co] = T.float32(0.0)
            Conv2d_nhwc[n, h, w, co] = Conv2d_nhwc[n, h, w, co] + PadInput[n, h * 2 + rh, w * 2 + rw, co // 8 * 3 + rc] * Weight[rh, rw, rc, co]
