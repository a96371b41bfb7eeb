# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_cache_read_write.py (inplace_func).
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def inplace_func(data_io: T.Buffer((64), "int32")):
    data_1d = T.sblock_alloc_buffer([64], dtype="int32")
    for i0 in T.serial(64):
        with T.sblock("copy_in"):
            v0 = T.axis.remap("S", [i0])
            data_1d[v0] = data_io[v0]
    for i0 in T.serial(1):
        with T.sblock("ext_call"):
            T.reads(data_1d[:64])
            T.writes(data_1d[:64])
            T.evaluate(T.call_extern("call_impl", data_1d.data, dtype=""))
    for i0 in T.serial(64):
        with T.sblock("copy_out"):
            v0 = T.axis.remap("S", [i0])
            data_io[v0] = data_1d[v0]
