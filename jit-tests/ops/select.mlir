// select: choose between two values of one type by an i1 condition (or an i1 of their shape).
// spec: mlir-langref-mid.md "'select' operation".

func @select(%c: i1, %a: i32, %b: i32, %vc: vector<4xi1>, %v: vector<4xf32>, %f: vector<4xf32>,
             %tc: tensor<2x?xi1>, %t: tensor<2x?xindex>) {
  %0 = select %c, %a, %b : i32
  %2 = select %vc, %v, %f : vector<4xf32>
  %3 = select %tc, %t, %t : tensor<2x?xindex>
  return
}

// -----

func @generic(%c: i1, %a: f64) -> f64 {
  %0 = "std.select"(%c, %a, %a) : (i1, f64, f64) -> f64
  return %0 : f64
}
// output:
// func @generic(%arg0: i1, %arg1: f64) -> f64 {
//   %0 = select %arg0, %arg1, %arg1 : f64
//   return %0 : f64
// }

// -----

// spec: mlir-langref-mid.md "'select' operation": elementwise "given the shape of all operands is
// identical", so a scalar condition does not pick whole vectors.
func @scalar_condition(%c: i1, %v: vector<4xf32>) -> vector<4xf32> {
  // expected-error@+1 {{'std.select' op requires the same shape for all operands and results}}
  %0 = "std.select"(%c, %v, %v) : (i1, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
  return %0 : vector<4xf32>
}

// -----

func @condition_not_bool(%c: i32, %a: f32) {
  // expected-error@+1 {{'std.select' op operand #0 must be bool-like, but got 'i32'}}
  %0 = "std.select"(%c, %a, %a) : (i32, f32, f32) -> f32
  return
}

// -----

func @branches_differ(%c: i1, %a: f32, %b: f64) {
  // expected-error@+1 {{'std.select' op requires 'true' and 'false' arguments to be of the same type}}
  %0 = "std.select"(%c, %a, %b) : (i1, f32, f64) -> f32
  return
}

// -----

func @result_differs(%c: i1, %a: f32) {
  // expected-error@+1 {{'std.select' op requires the result to have the type of the 'true' and 'false' arguments}}
  %0 = "std.select"(%c, %a, %a) : (i1, f32, f32) -> f64
  return
}

// -----

// spec: mlir-langref-mid.md "'select' operation": a vector condition must have the values' shape.
func @condition_shape(%c: vector<3xi1>, %a: vector<4xf32>) {
  // expected-error@+1 {{'std.select' op requires the same shape for all operands and results}}
  %0 = "std.select"(%c, %a, %a) : (vector<3xi1>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
  return
}

// -----

func @operand_count(%c: i1) {
  // expected-error@+1 {{'std.select' op expected 3 operands, but found 1}}
  %0 = "std.select"(%c) : (i1) -> i1
  return
}
