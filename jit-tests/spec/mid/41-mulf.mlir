// spec: mlir-langref-mid.md line 1924, `mulf`
// fixed: the operands are function arguments.
// test: roundtrip
func @f(%b: f64, %c: f64, %g: vector<4xf32>, %h: vector<4xf32>, %y: tensor<4x?xbf16>, %z: tensor<4x?xbf16>) -> (f64, vector<4xf32>, tensor<4x?xbf16>) {
  // Scalar.
  %a = mulf %b, %c : f64

  // SIMD vector element-wise.
  %f = mulf %g, %h : vector<4xf32>

  // Tensor element-wise.
  %x = mulf %y, %z : tensor<4x?xbf16>
  return %a, %f, %x : f64, vector<4xf32>, tensor<4x?xbf16>
}
// output:
// func @f(%arg0: f64, %arg1: f64, %arg2: vector<4xf32>, %arg3: vector<4xf32>, %arg4: tensor<4x?xbf16>, %arg5: tensor<4x?xbf16>) -> (f64, vector<4xf32>, tensor<4x?xbf16>) {
//   %0 = mulf %arg0, %arg1 : f64
//   %1 = mulf %arg2, %arg3 : vector<4xf32>
//   %2 = mulf %arg4, %arg5 : tensor<4x?xbf16>
//   return %0, %1, %2 : f64, vector<4xf32>, tensor<4x?xbf16>
// }

// -----

func @f(%b: f64, %c: i1) -> f64 {
  // expected-error@+1 {{requires the same type for all operands and results}}
  %a = "std.mulf"(%b, %c) : (f64, i1) -> f64
  return %a : f64
}
