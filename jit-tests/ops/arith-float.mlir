// Float arithmetic and math ops: addf subf mulf divf remf copysign negf absf sqrt exp log tanh sin cos.
// spec: mlir-langref-mid.md "'addf' operation", "'mulf' operation"; the math functions MLIR had in 2019.
// Each accepts f16, bf16, f32, f64 and vectors/tensors of them; operands and result share one type.

func @binary(%a: f32, %b: f32, %h: f16, %g: bf16, %d: f64) {
  %0 = addf %a, %b : f32
  %1 = subf %a, %b : f32
  %2 = mulf %a, %b : f32
  %3 = divf %a, %b : f32
  %4 = remf %a, %b : f32
  %5 = copysign %a, %b : f32
  %6 = addf %h, %h : f16
  %7 = mulf %g, %g : bf16
  %8 = divf %d, %d : f64
  return
}

// -----

func @unary(%a: f32, %v: vector<8xf64>, %t: tensor<?xf16>) {
  %0 = negf %a : f32
  %1 = absf %a : f32
  %2 = sqrt %a : f32
  %3 = exp %a : f32
  %4 = log %a : f32
  %5 = tanh %a : f32
  %6 = sin %a : f32
  %7 = cos %a : f32
  %8 = exp %v : vector<8xf64>
  %9 = negf %t : tensor<?xf16>
  return
}

// -----

func @aggregates(%v: vector<4xf32>, %t: tensor<*xbf16>) {
  %0 = mulf %v, %v : vector<4xf32>
  %1 = subf %t, %t : tensor<*xbf16>
  return
}

// -----

func @generic(%a: f64) -> f64 {
  %0 = "std.sqrt"(%a) : (f64) -> f64
  %1 = "std.mulf"(%0, %a) : (f64, f64) -> f64
  return %1 : f64
}
// output:
// func @generic(%arg0: f64) -> f64 {
//   %0 = sqrt %arg0 : f64
//   %1 = mulf %0, %arg0 : f64
//   return %1 : f64
// }

// -----

func @int_operands(%a: i32) {
  // expected-error@+1 {{'std.addf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = addf %a, %a : i32
  return
}

// -----

func @int_unary(%a: vector<4xindex>) {
  // expected-error@+1 {{'std.exp' op operand #0 must be floating-point-like, but got 'vector<4xindex>'}}
  %0 = exp %a : vector<4xindex>
  return
}

// -----

func @mixed_widths(%a: f32, %b: f64) {
  // expected-error@+1 {{'std.divf' op requires the same type for all operands and results}}
  %0 = "std.divf"(%a, %b) : (f32, f64) -> f32
  return
}

// -----

func @unary_result(%a: f32) {
  // expected-error@+1 {{'std.negf' op requires the same type for all operands and results}}
  %0 = "std.negf"(%a) : (f32) -> f64
  return
}

// -----

func @unary_operands(%a: f32) {
  // expected-error@+1 {{'std.sqrt' op requires a single operand, but found 2}}
  %0 = "std.sqrt"(%a, %a) : (f32, f32) -> f32
  return
}

// -----

func @binary_operands(%a: f32) {
  // expected-error@+1 {{'std.remf' op expected 2 operands, but found 3}}
  %0 = "std.remf"(%a, %a, %a) : (f32, f32, f32) -> f32
  return
}
