// spec: mlir-langref-mid.md line 1736, `cmpi` in custom and generic forms
// fixed: the operands are function arguments; each form defines its own result name;
// fixed: the last generic form's type lacks a ')': `(vector<4xi64>, vector<4xi64> -> ..`.
// test: roundtrip
func @f(%lhs: i32, %rhs: i32, %vl: vector<4xi64>, %vr: vector<4xi64>) -> (i1, i1, vector<4xi1>, vector<4xi1>) {
  // Custom form of scalar "signed less than" comparison.
  %x = cmpi "slt", %lhs, %rhs : i32

  // Generic form of the same operation.
  %x2 = "std.cmpi"(%lhs, %rhs){predicate: 2} : (i32, i32) -> i1

  // Custom form of vector equality comparison.
  %y = cmpi "eq", %vl, %vr : vector<4xi64>

  // Generic form of the same operation.
  %y2 = "std.cmpi"(%vl, %vr){predicate: 0}
      : (vector<4xi64>, vector<4xi64>) -> vector<4xi1>
  return %x, %x2, %y, %y2 : i1, i1, vector<4xi1>, vector<4xi1>
}
// output:
// func @f(%arg0: i32, %arg1: i32, %arg2: vector<4xi64>, %arg3: vector<4xi64>) -> (i1, i1, vector<4xi1>, vector<4xi1>) {
//   %0 = cmpi "slt", %arg0, %arg1 : i32
//   %1 = cmpi "slt", %arg0, %arg1 : i32
//   %2 = cmpi "eq", %arg2, %arg3 : vector<4xi64>
//   %3 = cmpi "eq", %arg2, %arg3 : vector<4xi64>
//   return %0, %1, %2, %3 : i1, i1, vector<4xi1>, vector<4xi1>
// }

// -----

// All ten predicates (spec/README.md: the table's repeated "slt"/"ult" mean "sle"/"ule").
func @f(%a: i8, %b: i8) {
  %0 = cmpi "eq", %a, %b : i8
  %1 = cmpi "ne", %a, %b : i8
  %2 = cmpi "slt", %a, %b : i8
  %3 = cmpi "sle", %a, %b : i8
  %4 = cmpi "sgt", %a, %b : i8
  %5 = cmpi "sge", %a, %b : i8
  %6 = cmpi "ult", %a, %b : i8
  %7 = cmpi "ule", %a, %b : i8
  %8 = cmpi "ugt", %a, %b : i8
  %9 = cmpi "uge", %a, %b : i8
  return
}
// output:
// func @f(%arg0: i8, %arg1: i8) {
//   %0 = cmpi "eq", %arg0, %arg1 : i8
//   %1 = cmpi "ne", %arg0, %arg1 : i8
//   %2 = cmpi "slt", %arg0, %arg1 : i8
//   %3 = cmpi "sle", %arg0, %arg1 : i8
//   %4 = cmpi "sgt", %arg0, %arg1 : i8
//   %5 = cmpi "sge", %arg0, %arg1 : i8
//   %6 = cmpi "ult", %arg0, %arg1 : i8
//   %7 = cmpi "ule", %arg0, %arg1 : i8
//   %8 = cmpi "ugt", %arg0, %arg1 : i8
//   %9 = cmpi "uge", %arg0, %arg1 : i8
//   return
// }

// -----

func @f(%a: i8, %b: i8) {
  // expected-error@+1 {{unknown comparison predicate "lt"}}
  %0 = cmpi "lt", %a, %b : i8
  return
}

// -----

func @f(%a: i8, %b: i8) {
  // expected-error@+1 {{attribute 'predicate' failed to satisfy constraint}}
  %0 = "std.cmpi"(%a, %b) {predicate = 10} : (i8, i8) -> i1
  return
}

// -----

func @f(%a: vector<4xi8>, %b: vector<4xi8>) {
  // expected-error@+1 {{requires the same shape for all operands and results}}
  %0 = "std.cmpi"(%a, %b) {predicate = 0} : (vector<4xi8>, vector<4xi8>) -> i1
  return
}
