# kernel: kernels/inplace_1d.py; TVM 0.27's print of it scheduled by cache_inplace_then_cache.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def inplace_1d(data_io: T.Buffer((64,), "int32")):
    # with T.sblock("root"):
    data_io_local = T.sblock_alloc_buffer((64,), "int32", scope="local")
    data_io_global = T.sblock_alloc_buffer((64,), "int32")
    data_io_global_1 = T.sblock_alloc_buffer((64,), "int32")
    for ax0 in range(64):
        with T.sblock("data_io_global"):
            v0 = T.axis.spatial(64, ax0)
            T.reads(data_io[v0])
            T.writes(data_io_global[v0])
            data_io_global[v0] = data_io[v0]
    for i0 in range(1):
        for ax0 in range(64):
            with T.sblock("data_io_local"):
                v0 = T.axis.spatial(64, ax0)
                T.reads(data_io_global[v0])
                T.writes(data_io_local[v0])
                data_io_local[v0] = data_io_global[v0]
        with T.sblock("ext_call"):
            T.reads(data_io_local[0:64])
            T.writes(data_io_local[0:64])
            for k in range(64):
                data_io_local[k] = data_io_local[k] * 2 + 1
        for ax0 in range(64):
            with T.sblock("data_io_local"):
                v0 = T.axis.spatial(64, ax0)
                T.reads(data_io_local[v0])
                T.writes(data_io_global_1[v0])
                data_io_global_1[v0] = data_io_local[v0]
    for ax0 in range(64):
        with T.sblock("data_io_global"):
            v0 = T.axis.spatial(64, ax0)
            T.reads(data_io_global_1[v0])
            T.writes(data_io[v0])
            data_io[v0] = data_io_global_1[v0]
