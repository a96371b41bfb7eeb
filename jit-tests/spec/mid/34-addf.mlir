// spec: mlir-langref-mid.md line 1683, `addf`
// fixed: the operands are function arguments.
// test: roundtrip
func @f(%b: f64, %c: f64, %g: vector<4xf32>, %h: vector<4xf32>, %y: tensor<4x?xbf16>, %z: tensor<4x?xbf16>) -> (f64, vector<4xf32>, tensor<4x?xbf16>) {
  // Scalar.
  %a = addf %b, %c : f64

  // SIMD vector element-wise.
  %f = addf %g, %h : vector<4xf32>

  // Tensor element-wise.
  %x = addf %y, %z : tensor<4x?xbf16>
  return %a, %f, %x : f64, vector<4xf32>, tensor<4x?xbf16>
}
// output:
// func @f(%arg0: f64, %arg1: f64, %arg2: vector<4xf32>, %arg3: vector<4xf32>, %arg4: tensor<4x?xbf16>, %arg5: tensor<4x?xbf16>) -> (f64, vector<4xf32>, tensor<4x?xbf16>) {
//   %0 = addf %arg0, %arg1 : f64
//   %1 = addf %arg2, %arg3 : vector<4xf32>
//   %2 = addf %arg4, %arg5 : tensor<4x?xbf16>
//   return %0, %1, %2 : f64, vector<4xf32>, tensor<4x?xbf16>
// }

// -----

func @f(%b: f64, %c: i1) -> f64 {
  // expected-error@+1 {{requires the same type for all operands and results}}
  %a = "std.addf"(%b, %c) : (f64, i1) -> f64
  return %a : f64
}

// -----

func @f(%b: i32) -> i32 {
  // expected-error@+1 {{operand #0 must be floating-point-like, but got 'i32'}}
  %a = addf %b, %b : i32
  return %a : i32
}
