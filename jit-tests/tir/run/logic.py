# And/Or short-circuit on scalars; Select evaluates both sides; T.if_then_else only the chosen
# one. Integer division by zero is an error, which makes evaluation observable.
# spec: tir-spec.md, expression semantics 6 (Select), 14 (And, Or), 15 (Not).

@T.prim_func
def guarded(a: T.int32, b: T.int32) -> T.int32:
    if b != 0 and a // b > 1:
        return 1
    return 0
# run: @guarded(10, 3) == 1
# run: @guarded(10, 0) == 0

# -----

@T.prim_func
def either(a: T.int32, b: T.int32) -> T.int32:
    if b == 0 or a // b > 1:
        return 1
    return 0
# run: @either(10, 0) == 1
# run: @either(1, 3) == 0

# -----

# Select evaluates both values: the division happens even when it is not chosen.
@T.prim_func
def select(a: T.int32, b: T.int32) -> T.int32:
    return T.Select(b != 0, a // b, 0)
# run: @select(10, 2) == 5
# run: @select(10, 0) traps "division by zero"

# -----

@T.prim_func
def lazy(a: T.int32, b: T.int32) -> T.int32:
    return T.if_then_else(b != 0, a // b, -1)
# run: @lazy(10, 2) == 5
# run: @lazy(10, 0) == -1

# -----

@T.prim_func
def logic(a: T.bool, b: T.bool, R: T.Buffer((4,), "bool")):
    R[0] = a and b
    R[1] = a or b
    R[2] = not a
    R[3] = T.Not(a and not b)
# run: @logic(true, false, zeros(4xi1)); %2 == [false, true, false, false]
# run: @logic(false, true, zeros(4xi1)); %2 == [false, true, true, true]

# -----

# Vector conditions choose lane by lane.
@T.prim_func
def lanes(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32"), C: T.Buffer((4,), "int32")):
    C[0:4] = T.Select(A[0:4] < B[0:4], A[0:4], B[0:4])
# run: @lanes([1, 5, -2, 7], [3, 4, -3, 7], zeros(4xi32)); %2 == [1, 4, -3, 7]

# -----

@T.prim_func
def vlogic(A: T.Buffer((4,), "int32"), C: T.Buffer((4,), "bool")):
    C[0:4] = (A[0:4] > T.Broadcast(0, 4)) and not (A[0:4] > T.Broadcast(5, 4)) or A[0:4] == T.Broadcast(-1, 4)
# run: @vlogic([1, 6, -1, -2], [false, false, false, false]); %1 == [true, false, true, false]
