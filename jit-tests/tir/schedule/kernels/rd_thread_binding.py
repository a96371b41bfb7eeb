# A kernel for schedule cases (generate.py), from TVM's test_tir_schedule_reduction.py.
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def rd_thread_binding(A: T.Buffer((32, 16), "float32"), B: T.Buffer((32,), "float32")):
    for t in T.thread_binding(0, 32, thread="threadIdx.x"):
        for r in T.serial(16):
            with T.sblock("B"):
                vi, vr = T.axis.remap("SR", [t, r])
                with T.init():
                    B[vi] = T.float32(0)
                B[vi] += A[vi, vr]
