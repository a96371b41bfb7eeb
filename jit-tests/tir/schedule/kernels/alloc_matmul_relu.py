# A kernel for schedule cases (generate.py), in the form of TVM's schedule tests: the
# intermediate is a `T.alloc_buffer` statement of the root's body, not a block allocation
# (TVM's test_schedule_reverse_compute_at_regression.py).
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def alloc_matmul_relu(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    T.func_attr({"tir.noalias": True})
    Y = T.alloc_buffer((128, 128))
    for i, j, k in T.grid(128, 128, 128):
        with T.sblock("Y"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            with T.init():
                Y[vi, vj] = T.float32(0.0)
            Y[vi, vj] = Y[vi, vj] + A[vi, vk] * B[vk, vj]
    for i, j in T.grid(128, 128):
        with T.sblock("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            C[vi, vj] = T.max(Y[vi, vj], T.float32(0.0))
