// cmpi (all ten predicates) and cmpf (ordered/unordered predicates).
// spec: mlir-langref-mid.md "'cmpi' operation"; cmpf as MLIR defined it in 2019.

func @cmpi_all(%a: i32, %b: i32) {
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
  return
}

// -----

func @cmpi_shapes(%i: index, %v: vector<4xi8>, %t: tensor<?x2xi64>) -> (i1, vector<4xi1>, tensor<?x2xi1>) {
  %0 = cmpi "slt", %i, %i : index
  %1 = cmpi "ne", %v, %v : vector<4xi8>
  %2 = cmpi "uge", %t, %t : tensor<?x2xi64>
  return %0, %1, %2 : i1, vector<4xi1>, tensor<?x2xi1>
}

// -----

func @cmpf_all(%a: f32, %b: f32) {
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
  return
}

// -----

// The predicate is stored as an integer attribute; the generic form shows it.
func @generic(%a: i32) -> i1 {
  %0 = "std.cmpi"(%a, %a) {predicate = 2} : (i32, i32) -> i1
  return %0 : i1
}
// output:
// func @generic(%arg0: i32) -> i1 {
//   %0 = cmpi "slt", %arg0, %arg0 : i32
//   return %0 : i1
// }

// -----

func @unknown_predicate(%a: i32) {
  // expected-error@+1 {{unknown comparison predicate "lt"}}
  %0 = cmpi "lt", %a, %a : i32
  return
}

// -----

func @cmpf_predicate_on_cmpi(%a: i32) {
  // expected-error@+1 {{unknown comparison predicate "olt"}}
  %0 = cmpi "olt", %a, %a : i32
  return
}

// -----

func @predicate_not_string(%a: i32) {
  // expected-error@+1 {{expected string comparison predicate attribute}}
  %0 = cmpi 2, %a, %a : i32
  return
}

// -----

func @predicate_range(%a: i32) {
  // expected-error@+1 {{'std.cmpi' op attribute 'predicate' failed to satisfy constraint}}
  %0 = "std.cmpi"(%a, %a) {predicate = 10} : (i32, i32) -> i1
  return
}

// -----

func @cmpf_predicate_range(%a: f32) {
  // expected-error@+1 {{'std.cmpf' op attribute 'predicate' failed to satisfy constraint: 'predicate' attribute value out of range (0..15)}}
  %0 = "std.cmpf"(%a, %a) {predicate = 16} : (f32, f32) -> i1
  return
}

// -----

func @missing_predicate(%a: i32) {
  // expected-error@+1 {{'std.cmpi' op requires an integer attribute named 'predicate'}}
  %0 = "std.cmpi"(%a, %a) : (i32, i32) -> i1
  return
}

// -----

func @operand_types(%a: i32, %b: i64) {
  // expected-error@+1 {{'std.cmpi' op requires all operands to have the same type}}
  %0 = "std.cmpi"(%a, %b) {predicate = 0} : (i32, i64) -> i1
  return
}

// -----

func @float_cmpi(%a: f32) {
  // expected-error@+1 {{'std.cmpi' op operand #0 must be integer-like, but got 'f32'}}
  %0 = cmpi "eq", %a, %a : f32
  return
}

// -----

func @int_cmpf(%a: i32) {
  // expected-error@+1 {{'std.cmpf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = cmpf "oeq", %a, %a : i32
  return
}

// -----

func @result_not_bool(%a: i32) {
  // expected-error@+1 {{'std.cmpi' op result #0 must be bool-like, but got 'i32'}}
  %0 = "std.cmpi"(%a, %a) {predicate = 0} : (i32, i32) -> i32
  return
}

// -----

// spec: mlir-langref-mid.md "'cmpi' operation": the result is i1 of the operands' shape.
func @result_shape(%a: vector<4xi32>) {
  // expected-error@+1 {{'std.cmpi' op requires the same shape for all operands and results}}
  %0 = "std.cmpi"(%a, %a) {predicate = 0} : (vector<4xi32>, vector<4xi32>) -> i1
  return
}
