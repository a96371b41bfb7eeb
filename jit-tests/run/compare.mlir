// cmpi with all ten predicates (signed and unsigned views of one bit pattern), and cmpf with
// ordered and unordered predicates around NaN. spec: mlir-langref-mid.md "'cmpi' operation";
// mlir-rationale.md "Integer signedness semantics" (the i4 example).

func @cmpi32(%a: i32, %b: i32) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
  %0 = cmpi "eq", %a, %b : i32
  %1 = cmpi "ne", %a, %b : i32
  %2 = cmpi "slt", %a, %b : i32
  %3 = cmpi "sle", %a, %b : i32
  %4 = cmpi "sgt", %a, %b : i32
  %5 = cmpi "sge", %a, %b : i32
  %6 = cmpi "ult", %a, %b : i32
  %7 = cmpi "ule", %a, %b : i32
  %8 = cmpi "ugt", %a, %b : i32
  %9 = cmpi "uge", %a, %b : i32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
}
// run: @cmpi32(-1, 1) == false, true, true, true, false, false, false, false, true, true
// run: @cmpi32(3, 3) == true, false, false, true, false, true, false, true, false, true
// run: @cmpi32(2, -2147483648) == false, true, false, false, true, true, true, true, false, false

// -----

// The rationale's i4 example: 0b1000 is 8 unsigned and -8 signed.
func @cmpi4(%a: i4, %b: i4) -> (i1, i1) {
  %0 = cmpi "ugt", %a, %b : i4
  %1 = cmpi "slt", %a, %b : i4
  return %0, %1 : i1, i1
}
// run: @cmpi4(-8, 2) == true, true

// -----

// i1: true is -1 signed and 1 unsigned.
func @cmpi1(%a: i1, %b: i1) -> (i1, i1, i1) {
  %0 = cmpi "slt", %a, %b : i1
  %1 = cmpi "ult", %a, %b : i1
  %2 = cmpi "sge", %a, %b : i1
  return %0, %1, %2 : i1, i1, i1
}
// run: @cmpi1(true, false) == true, false, false
// run: @cmpi1(false, true) == false, true, true

// -----

func @cmpf(%a: f32, %b: f32) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
  %0 = cmpf "false", %a, %b : f32
  %1 = cmpf "oeq", %a, %b : f32
  %2 = cmpf "ogt", %a, %b : f32
  %3 = cmpf "oge", %a, %b : f32
  %4 = cmpf "olt", %a, %b : f32
  %5 = cmpf "ole", %a, %b : f32
  %6 = cmpf "one", %a, %b : f32
  %7 = cmpf "ord", %a, %b : f32
  %8 = cmpf "ueq", %a, %b : f32
  %9 = cmpf "ugt", %a, %b : f32
  %10 = cmpf "uge", %a, %b : f32
  %11 = cmpf "ult", %a, %b : f32
  %12 = cmpf "ule", %a, %b : f32
  %13 = cmpf "une", %a, %b : f32
  %14 = cmpf "uno", %a, %b : f32
  %15 = cmpf "true", %a, %b : f32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
}
// run: @cmpf(1.0, 2.0) == false, false, false, false, true, true, true, true, false, false, false, true, true, true, false, true
// run: @cmpf(2.0, 2.0) == false, true, false, true, false, true, false, true, true, false, true, false, true, false, false, true
// run: @cmpf(nan, 2.0) == false, false, false, false, false, false, false, false, true, true, true, true, true, true, true, true

// -----

func @cmp_vectors(%a: vector<4xi32>, %b: vector<4xf64>) -> (vector<4xi1>, vector<4xi1>) {
  %c = constant dense<vector<4xi32>, [0, -1, 5, 7]> : vector<4xi32>
  %0 = cmpi "ult", %a, %c : vector<4xi32>
  %z = constant splat<vector<4xf64>, 0.0> : vector<4xf64>
  %1 = cmpf "olt", %b, %z : vector<4xf64>
  return %0, %1 : vector<4xi1>, vector<4xi1>
}
// run: @cmp_vectors([1, 1, 1, 8], [-1.0, 0.0, nan, -0.5]) == [false, true, true, false], [true, false, false, true]
