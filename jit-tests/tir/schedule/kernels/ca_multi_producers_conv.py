# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_compute_at.py.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def ca_multi_producers_conv(data: T.Buffer((1, 3, 224, 224), "int8"), w: T.Buffer((16, 3, 7, 7), "int8"), conv: T.Buffer((1, 16, 112, 112), "int32")) -> None:
    pad = T.sblock_alloc_buffer([1, 3, 230, 230], dtype="int8")
    wbuf = T.sblock_alloc_buffer([16, 3, 7, 7], dtype="int8")
    for i0, i1, i2, i3 in T.grid(1, 3, 230, 230):
        with T.sblock("pad"):
            i0_1, i1_1, i2_1, i3_1 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(data[i0_1, i1_1, i2_1 - 3, i3_1 - 3])
            T.writes(pad[i0_1, i1_1, i2_1, i3_1])
            pad[i0_1, i1_1, i2_1, i3_1] = T.if_then_else(3 <= i2_1 and i2_1 < 227 and 3 <= i3_1 and i3_1 < 227, data[i0_1, i1_1, i2_1 - 3, i3_1 - 3], T.int8(0), dtype="int8")
    for i0 in T.serial(1):
        for ax0, ax1, ax2, ax3 in T.grid(16, 3, 7, 7):
            with T.sblock("wbuf"):
                v0, v1, v2, v3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
                T.reads(w[v0, v1, v2, v3])
                T.writes(wbuf[v0, v1, v2, v3])
                wbuf[v0, v1, v2, v3] = w[v0, v1, v2, v3]
        for i1, i2, i3, i4, i5, i6 in T.grid(16, 112, 112, 3, 7, 7):
            with T.sblock("conv"):
                nn, ff, yy, xx, rc, ry, rx = T.axis.remap("SSSSRRR", [i0, i1, i2, i3, i4, i5, i6])
                T.reads(pad[nn, rc, yy * 2 + ry, xx * 2 + rx], wbuf[ff, rc, ry, rx])
                T.writes(conv[nn, ff, yy, xx])
                with T.init():
                    conv[nn, ff, yy, xx] = 0
                conv[nn, ff, yy, xx] = conv[nn, ff, yy, xx] + T.cast(pad[nn, rc, yy * 2 + ry, xx * 2 + rx], "int32") * T.cast(wbuf[ff, rc, ry, rx], "int32")
