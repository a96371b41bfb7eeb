# kernel: kernels/rd_thread_binding.py; TVM 0.27's print of it scheduled by decompose_reduction_keeps_annotations.trace (generate.py)
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def rd_thread_binding(A: T.Buffer((32, 16), "float32"), B: T.Buffer((32,), "float32")):
    # with T.sblock("root"):
    for t_init in T.thread_binding(32, thread="threadIdx.x", annotations={"pragma_auto_unroll_max_step": 16}):
        with T.sblock("B_init"):
            vi = T.axis.spatial(32, t_init)
            T.reads()
            T.writes(B[vi])
            B[vi] = T.float32(0.0)
    for t in T.thread_binding(32, thread="threadIdx.x", annotations={"pragma_auto_unroll_max_step": 16}):
        for r in T.serial(16, annotations={"pragma_unroll_explicit": 1}):
            with T.sblock("B_update"):
                vi, vr = T.axis.remap("SR", [t, r])
                T.reads(B[vi], A[vi, vr])
                T.writes(B[vi])
                B[vi] = B[vi] + A[vi, vr]
