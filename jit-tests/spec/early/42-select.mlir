// spec: mlir-langref-early.md line 1915 (generic name "select", read as std.select), `select`
// fixed: the operands are function arguments; each form defines its own result name.
// test: roundtrip
func @f(%cond: i1, %true: i32, %false: i32, %vcond: vector<42xi1>, %vtrue: vector<42xf32>, %vfalse: vector<42xf32>) -> (i32, i32, vector<42xf32>) {
  // Custom form of scalar selection.
  %x = select %cond, %true, %false : i32

  // Generic form of the same operation.
  %x2 = "select"(%cond, %true, %false) : (i1, i32, i32) -> i32

  // Vector selection is element-wise
  %vx = "select"(%vcond, %vtrue, %vfalse)
      : (vector<42xi1>, vector<42xf32>, vector<42xf32>) -> vector<42xf32>
  return %x, %x2, %vx : i32, i32, vector<42xf32>
}
// output:
// func @f(%arg0: i1, %arg1: i32, %arg2: i32, %arg3: vector<42xi1>, %arg4: vector<42xf32>, %arg5: vector<42xf32>) -> (i32, i32, vector<42xf32>) {
//   %0 = select %arg0, %arg1, %arg2 : i32
//   %1 = select %arg0, %arg1, %arg2 : i32
//   %2 = select %arg3, %arg4, %arg5 : vector<42xf32>
//   return %0, %1, %2 : i32, i32, vector<42xf32>
// }

// -----

func @f(%vcond: vector<41xi1>, %vtrue: vector<42xf32>) -> vector<42xf32> {
  // expected-error@+1 {{requires the same shape for all operands and results}}
  %vx = "std.select"(%vcond, %vtrue, %vtrue) : (vector<41xi1>, vector<42xf32>, vector<42xf32>) -> vector<42xf32>
  return %vx : vector<42xf32>
}
