# Arithmetic: the signs of Div, Mod, FloorDiv and FloorMod, division by zero, wrap-around, and
# unsigned and float forms. spec: tir-spec.md, expression semantics 13 and "Comparison Between
# Div, Mod, FloorDiv, and FloorMod".

@T.prim_func
def divmod(a: T.int32, b: T.int32, R: T.Buffer((4,), "int32")):
    R[0] = T.truncdiv(a, b)
    R[1] = T.truncmod(a, b)
    R[2] = a // b
    R[3] = a % b
# Div truncates and Mod has the dividend's sign, as in C; FloorDiv rounds down and FloorMod has
# the divisor's sign.
# run: @divmod(7, 2, zeros(4xi32)); %2 == [3, 1, 3, 1]
# run: @divmod(-7, 2, zeros(4xi32)); %2 == [-3, -1, -4, 1]
# run: @divmod(7, -2, zeros(4xi32)); %2 == [-3, 1, -4, -1]
# run: @divmod(-7, -2, zeros(4xi32)); %2 == [3, -1, 3, -1]
# run: @divmod(6, 3, zeros(4xi32)); %2 == [2, 0, 2, 0]
# run: @divmod(-6, 3, zeros(4xi32)); %2 == [-2, 0, -2, 0]
# run: @divmod(7, 0, zeros(4xi32)) traps "division by zero"
# run: @divmod(0, 0, zeros(4xi32)) traps "division by zero"

# -----

# A power-of-two divisor is a shift and a mask: the same values.
@T.prim_func
def pow2(a: T.int32, R: T.Buffer((4,), "int32")):
    R[0] = a // 4
    R[1] = a % 4
    R[2] = T.truncdiv(a, 4)
    R[3] = T.truncmod(a, 4)
# run: @pow2(-7, zeros(4xi32)); %1 == [-2, 1, -1, -3]
# run: @pow2(7, zeros(4xi32)); %1 == [1, 3, 1, 3]
# run: @pow2(-8, zeros(4xi32)); %1 == [-2, 0, -2, 0]

# -----

@T.prim_func
def udivmod(a: T.uint32, b: T.uint32, R: T.Buffer((4,), "uint32")):
    R[0] = T.truncdiv(a, b)
    R[1] = T.truncmod(a, b)
    R[2] = a // b
    R[3] = a % b
# Unsigned values: 4294967295 is the largest uint32.
# run: @udivmod(4294967295, 2, zeros(4xi32)); %2 == [2147483647, 1, 2147483647, 1]
# run: @udivmod(7, 0, zeros(4xi32)) traps "division by zero"

# -----

@T.prim_func
def fdiv(a: T.float32, b: T.float32, R: T.Buffer((4,), "float32")):
    R[0] = a / b
    R[1] = a // b
    R[2] = a % b
    R[3] = T.max(a, b) - T.min(a, b)
# run: @fdiv(-7.0, 2.0, zeros(4xf32)); %2 == [-3.5, -4.0, 1.0, 9.0]
# run: @fdiv(1.0, 0.0, zeros(4xf32)); %2 == [inf, inf, nan, 1.0]

# -----

# Integers wrap (two's complement); int8 arithmetic stays in 8 bits.
@T.prim_func
def wrap(a: T.int32, b: T.int8, R: T.Buffer((3,), "int32"), S: T.Buffer((2,), "int8")):
    R[0] = a + 1
    R[1] = a * 2
    R[2] = 0 - a
    S[0] = b + T.int8(1)
    S[1] = b * T.int8(3)
# run: @wrap(2147483647, 127, zeros(3xi32), zeros(2xi8)); %2 == [-2147483648, -2, -2147483647]; %3 == [-128, 125]

# -----

@T.prim_func
def minmax(a: T.int32, b: T.int32, c: T.uint8, d: T.uint8) -> T.int32:
    return T.min(a, b) * 1000 + T.max(a, b) * 10 + T.Cast("int32", T.min(c, d))
# Unsigned minimum: 200 is larger than 100 (as uint8 it is not -56).
# run: @minmax(-3, 5, 200, 100) == -2850

# -----

# Casts behave as C's: sign- or zero-extension by the source type, truncation, float to integer
# toward zero, to bool is "not zero" (uint32(-129) = 4294967167 rounds to 4294967040 in float32).
@T.prim_func
def casts(i: T.int32, f: T.float32, R: T.Buffer((8,), "int32"), G: T.Buffer((3,), "float32"), B: T.Buffer((2,), "bool")):
    R[0] = T.Cast("int32", T.Cast("int8", i))
    R[1] = T.Cast("int32", T.Cast("uint8", i))
    R[2] = T.Cast("int32", f)
    R[3] = T.Cast("int32", T.Cast("int64", i) * T.int64(1))
    R[4] = T.Cast("int32", T.Cast("uint16", i))
    R[5] = T.Cast("int32", T.Cast("bool", i))
    R[6] = T.Cast("int32", T.Cast("bool", f))
    R[7] = T.Cast("int32", T.Cast("float64", f))
    G[0] = T.Cast("float32", i)
    G[1] = T.Cast("float32", T.Cast("uint32", i))
    G[2] = T.Cast("float32", T.Cast("float16", f))
    B[0] = T.Cast("bool", i)
    B[1] = T.Cast("bool", f)
# run: @casts(-129, -2.7, zeros(8xi32), zeros(3xf32), [false, false]); %2 == [127, 127, -2, -129, 65407, 1, 1, -2]; %3 == [-129.0, 4294967040.0, -2.69921875]; %4 == [true, true]
# run: @casts(256, 0.0, zeros(8xi32), zeros(3xf32), [true, true]); %2 == [0, 0, 0, 256, 256, 1, 0, 0]; %3 == [256.0, 256.0, 0.0]; %4 == [true, false]

# -----

# Comparisons of floats with NaN: all false but !=.
@T.prim_func
def nan_cmp(x: T.float32, R: T.Buffer((6,), "bool")):
    R[0] = x == x
    R[1] = x != x
    R[2] = x < x
    R[3] = x <= x
    R[4] = x > x
    R[5] = x >= x
# run: @nan_cmp(nan, zeros(6xi1)); %1 == [false, true, false, false, false, false]
# run: @nan_cmp(1.0, zeros(6xi1)); %1 == [true, false, false, true, false, true]
