// spec: mlir-langref-mid.md line 1989, `remis`
// fixed: the operands are function arguments.
// test: roundtrip
func @f(%b: i64, %c: i64, %g: vector<4xi32>, %h: vector<4xi32>, %y: tensor<4x?xi8>, %z: tensor<4x?xi8>) -> (i64, vector<4xi32>, tensor<4x?xi8>) {
  // Scalar.
  %a = remis %b, %c : i64

  // SIMD vector element-wise.
  %f = remis %g, %h : vector<4xi32>

  // Tensor element-wise.
  %x = remis %y, %z : tensor<4x?xi8>
  return %a, %f, %x : i64, vector<4xi32>, tensor<4x?xi8>
}
// output:
// func @f(%arg0: i64, %arg1: i64, %arg2: vector<4xi32>, %arg3: vector<4xi32>, %arg4: tensor<4x?xi8>, %arg5: tensor<4x?xi8>) -> (i64, vector<4xi32>, tensor<4x?xi8>) {
//   %0 = remis %arg0, %arg1 : i64
//   %1 = remis %arg2, %arg3 : vector<4xi32>
//   %2 = remis %arg4, %arg5 : tensor<4x?xi8>
//   return %0, %1, %2 : i64, vector<4xi32>, tensor<4x?xi8>
// }

// -----

func @f(%b: i64, %c: i1) -> i64 {
  // expected-error@+1 {{requires the same type for all operands and results}}
  %a = "std.remis"(%b, %c) : (i64, i1) -> i64
  return %a : i64
}
