# A kernel for schedule cases (generate.py): TVM's cache_inplace test kernel (test_tir_schedule_cache_read_write.py), with a TIR loop in place of its external call.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def inplace_1d(data_io: T.Buffer((64,), "int32")):
    for i0 in T.serial(1):
        with T.sblock("ext_call"):
            T.reads(data_io[0:64])
            T.writes(data_io[0:64])
            for k in range(64):
                data_io[k] = data_io[k] * 2 + 1
