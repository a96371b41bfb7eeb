# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_reduction.py.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def rd_nested_block(A: T.Buffer((1, 64), "float32"), B: T.Buffer((1,), "float32")):
    for i, ko in T.grid(1, 2):
        with T.sblock("outer"):
            vi, vko = T.axis.remap("SR", [i, ko])
            C = T.sblock_alloc_buffer((32,), dtype="float32")
            with T.init():
                B[vi] = T.float32(0)
            for ki in T.serial(32):
                with T.sblock("inner_1"):
                    vki = T.axis.remap("S", [ki])
                    C[vki] = A[vi, vko * 32 + vki]
            for ki in T.serial(32):
                with T.sblock("inner_2"):
                    vki = T.axis.remap("R", [ki])
                    B[vi] += C[vki]
