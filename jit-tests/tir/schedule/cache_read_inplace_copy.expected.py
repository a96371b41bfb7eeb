# kernel: kernels/crw_inplace_func.py; TVM 0.27's print of it scheduled by cache_read_inplace_copy.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def inplace_func(data_io: T.Buffer((64,), "int32")):
    # with T.sblock("root"):
    data_1d = T.sblock_alloc_buffer((64,), "int32")
    data_io_local = T.sblock_alloc_buffer((64,), "int32", scope="local")
    for ax0 in range(64):
        with T.sblock("data_io_local"):
            v0 = T.axis.spatial(64, ax0)
            T.reads(data_io[v0])
            T.writes(data_io_local[v0])
            data_io_local[v0] = data_io[v0]
    for i0 in range(64):
        with T.sblock("copy_in"):
            v0 = T.axis.spatial(64, i0)
            T.reads(data_io_local[v0])
            T.writes(data_1d[v0])
            data_1d[v0] = data_io_local[v0]
    for i0 in range(1):
        with T.sblock("ext_call"):
            T.reads(data_1d[0:64])
            T.writes(data_1d[0:64])
            T.call_extern("void", "call_impl", data_1d.data)
    for i0 in range(64):
        with T.sblock("copy_out"):
            v0 = T.axis.spatial(64, i0)
            T.reads(data_1d[v0])
            T.writes(data_io[v0])
            data_io[v0] = data_1d[v0]
