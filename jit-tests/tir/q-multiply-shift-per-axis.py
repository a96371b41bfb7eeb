# T.q_multiply_shift_per_axis as TVM legalizes it (QMultiplyShift: x shifted left by LS when
# asked, times M in 64 bits, shifted right by RS + q rounding half up), and shift amounts out
# of range taken as the core IR's shifts take them (64 or more, as unsigned: 0 or the sign
# fill) rather than trapping or reading anything.
# from tvm.script import tirx as T

@T.prim_func
def q(X: T.Buffer((4,), "int32"), M: T.Buffer((4,), "int32"), LS: T.Buffer((4,), "int32"), RS: T.Buffer((4,), "int32"), Y: T.Buffer((4,), "int32")):
    for i in range(4):
        Y[i] = T.q_multiply_shift_per_axis(X[i], M[i], LS[i], RS[i], 31, T.bool(True), T.bool(True))
# run: @q([1000, -7, 20, 5], [1073741824, 1073741824, 2147483647, 1073741824], [1, 0, 2, 3], [0, 1, 2, 0], zeros(4xi32)); %4 == [1000, -2, 20, 20]
# run: @q([1000, -7, 2147483647, 5], [1073741824, 2147483647, 2147483647, 3], [100, -5, 63, 64], [-40, 200, -31, 70], zeros(4xi32)); %4 == [0, 0, 0, 0]
