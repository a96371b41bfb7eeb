// spec: mlir-langref-early.md line 1350 (generic name "dim", read as std.dim), `dim` in custom and generic forms
// fixed: %A is a function argument; the generic forms define %x2 and %y2, since %x and %y are
//        already defined by the custom forms.
// test: roundtrip
func @dims(%A: tensor<4 x ? x f32>) -> (index, index, index, index) {
  // Always returns 4, can be constant folded:
  %x = dim %A, 0 : tensor<4 x ? x f32>

  // Returns the dynamic dimension of %A.
  %y = dim %A, 1 : tensor<4 x ? x f32>

  // Equivalent generic form:
  %x2 = "dim"(%A){index: 0} : (tensor<4 x ? x f32>) -> index
  %y2 = "dim"(%A){index: 1} : (tensor<4 x ? x f32>) -> index
  return %x, %y, %x2, %y2 : index, index, index, index
}
// output:
// func @dims(%arg0: tensor<4x?xf32>) -> (index, index, index, index) {
//   %0 = dim %arg0, 0 : tensor<4x?xf32>
//   %1 = dim %arg0, 1 : tensor<4x?xf32>
//   %2 = dim %arg0, 0 : tensor<4x?xf32>
//   %3 = dim %arg0, 1 : tensor<4x?xf32>
//   return %0, %1, %2, %3 : index, index, index, index
// }

// -----

func @dims(%A: tensor<4 x ? x f32>) -> index {
  // expected-error@+1 {{index is out of range (index 2, rank 2)}}
  %x = dim %A, 2 : tensor<4 x ? x f32>
  return %x : index
}
