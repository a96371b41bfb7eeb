# kernel: kernels/inline_tvm_access_ptr.py; TVM 0.27's print of it scheduled by inline_under_tvm_access_ptr.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def exp_exp_opaque_access_with_tvm_access_ptr(lookup_table: T.Buffer((1024,), "int8"), x: T.Buffer((16,), "float16"), compute: T.Buffer((16,), "float16")):
    # with T.sblock("root"):
    for i0 in range(16):
        with T.sblock("compute_1"):
            i0_2 = T.axis.spatial(16, i0)
            T.reads(lookup_table[0:1024], x[i0_2])
            T.writes(compute[i0_2])
            T.tvm_access_ptr(T.type_annotation("int8"), lookup_table.data, 0, 1024, 1)
            compute[i0_2] = T.exp(T.exp(x[i0_2]))
