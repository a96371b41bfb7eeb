// spec: mlir-langref-mid.md line 1663, `addi`
// fixed: the operands are function arguments.
// test: roundtrip
func @f(%b: i64, %c: i64, %g: vector<4xi32>, %h: vector<4xi32>, %y: tensor<4x?xi8>, %z: tensor<4x?xi8>) -> (i64, vector<4xi32>, tensor<4x?xi8>) {
  // Scalar.
  %a = addi %b, %c : i64

  // SIMD vector element-wise.
  %f = addi %g, %h : vector<4xi32>

  // Tensor element-wise.
  %x = addi %y, %z : tensor<4x?xi8>
  return %a, %f, %x : i64, vector<4xi32>, tensor<4x?xi8>
}
// output:
// func @f(%arg0: i64, %arg1: i64, %arg2: vector<4xi32>, %arg3: vector<4xi32>, %arg4: tensor<4x?xi8>, %arg5: tensor<4x?xi8>) -> (i64, vector<4xi32>, tensor<4x?xi8>) {
//   %0 = addi %arg0, %arg1 : i64
//   %1 = addi %arg2, %arg3 : vector<4xi32>
//   %2 = addi %arg4, %arg5 : tensor<4x?xi8>
//   return %0, %1, %2 : i64, vector<4xi32>, tensor<4x?xi8>
// }

// -----

func @f(%b: i64, %c: i1) -> i64 {
  // expected-error@+1 {{requires the same type for all operands and results}}
  %a = "std.addi"(%b, %c) : (i64, i1) -> i64
  return %a : i64
}

// -----

func @f(%b: f32) -> f32 {
  // expected-error@+1 {{operand #0 must be integer-like, but got 'f32'}}
  %a = addi %b, %b : f32
  return %a : f32
}
