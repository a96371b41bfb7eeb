# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_compute_inline.py.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def exp_exp_opaque_access_with_tvm_access_ptr(
    lookup_table: T.Buffer((1024,), "int8"),
    x: T.Buffer((16,), "float16"),
    compute: T.Buffer((16,), "float16"),
) -> None:
    compute_1 = T.sblock_alloc_buffer([16], dtype="float16")
    for i0 in T.serial(16):
        with T.sblock("compute"):
            i0_1 = T.axis.spatial(16, i0)
            T.reads(x[i0_1])
            T.writes(compute_1[i0_1])
            compute_1[i0_1] = T.exp(x[i0_1], dtype="float16")
    for i0 in T.serial(16):
        with T.sblock("compute_1"):
            i0_2 = T.axis.spatial(16, i0)
            T.reads(lookup_table[0:1024], compute_1[i0_2])
            T.writes(compute[i0_2])
            T.evaluate(lookup_table.access_ptr("r"))
            compute[i0_2] = T.exp(
                compute_1[i0_2],
                dtype="float16",
            )
