// spec: mlir-langref-mid.md line 1527, `extract_element`
// fixed: the operands are function arguments.
// test: roundtrip
func @extract(%v: vector<4x4xi32>, %t: tensor<4x4xi32>, %ut: tensor<*xi32>, %1: index, %2: index) -> (i32, i32, i32) {
  %3 = extract_element %v[%1, %2] : vector<4x4xi32>
  %4 = extract_element %t[%1, %2] : tensor<4x4xi32>
  %5 = extract_element %ut[%1, %2] : tensor<*xi32>
  return %3, %4, %5 : i32, i32, i32
}
// output:
// func @extract(%arg0: vector<4x4xi32>, %arg1: tensor<4x4xi32>, %arg2: tensor<*xi32>, %arg3: index, %arg4: index) -> (i32, i32, i32) {
//   %0 = extract_element %arg0[%arg3, %arg4] : vector<4x4xi32>
//   %1 = extract_element %arg1[%arg3, %arg4] : tensor<4x4xi32>
//   %2 = extract_element %arg2[%arg3, %arg4] : tensor<*xi32>
//   return %0, %1, %2 : i32, i32, i32
// }

// -----

func @extract(%t: tensor<4x4xi32>, %1: index) -> i32 {
  // expected-error@+1 {{incorrect number of indices for extract_element: 1 for rank 2}}
  %4 = extract_element %t[%1] : tensor<4x4xi32>
  return %4 : i32
}
