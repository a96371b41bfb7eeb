# kernel: kernels/inplace_1d.py; TVM 0.27's print of it scheduled by annotate_twice_keeps_first.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def inplace_1d(data_io: T.Buffer((64,), "int32")):
    # with T.sblock("root"):
    for i0 in T.serial(1, annotations={"pragma_auto_unroll_max_step": 16}):
        with T.sblock("ext_call"):
            T.reads(data_io[0:64])
            T.writes(data_io[0:64])
            T.sblock_attr({"k": 3})
            for k in range(64):
                data_io[k] = data_io[k] * 2 + 1
