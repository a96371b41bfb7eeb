# kernel: kernels/inplace_1d.py; TVM 0.27's print of it scheduled by cache_inplace_global.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def inplace_1d(data_io: T.Buffer((64,), "int32")):
    # with T.sblock("root"):
    data_io_global = T.sblock_alloc_buffer((64,), "int32")
    for i0 in range(1):
        for ax0 in range(64):
            with T.sblock("data_io_global"):
                v0 = T.axis.spatial(64, ax0)
                T.reads(data_io[v0])
                T.writes(data_io_global[v0])
                data_io_global[v0] = data_io[v0]
        with T.sblock("ext_call"):
            T.reads(data_io_global[0:64])
            T.writes(data_io_global[0:64])
            for k in range(64):
                data_io_global[k] = data_io_global[k] * 2 + 1
        for ax0 in range(64):
            with T.sblock("data_io_global"):
                v0 = T.axis.spatial(64, ax0)
                T.reads(data_io_global[v0])
                T.writes(data_io[v0])
                data_io[v0] = data_io_global[v0]
