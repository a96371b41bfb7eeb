# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_for_kind.py.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def fk_nested_block_bind(A: T.Buffer((16, 16, 16, 16), "float32"), B: T.Buffer((16, 16, 16), "float32")):
    for i, j in T.grid(16, 16):
        with T.sblock("outer"):
            vi, vj = T.axis.remap("SS", [i, j])
            for k, l in T.grid(16, 16):
                with T.sblock("inner"):
                    vk, vl = T.axis.remap("SR", [k, l])
                    with T.init():
                        B[vi, vj, vk] = 0.0
                    B[vi, vj, vk] = B[vi, vj, vk] + A[vi, vj, vk, vl]
