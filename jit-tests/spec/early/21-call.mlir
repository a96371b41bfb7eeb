// spec: mlir-langref-early.md line 1305, `call`
// fixed: @my_add is declared, %0 and %1 are function arguments.
// test: roundtrip
func @my_add(tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
func @caller(%0: tensor<16xf32>, %1: tensor<16xf32>) -> tensor<16xf32> {
  // Calling the function my_add.
  %31 = call @my_add(%0, %1) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  return %31 : tensor<16xf32>
}
// output:
// func @my_add(tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
//
// func @caller(%arg0: tensor<16xf32>, %arg1: tensor<16xf32>) -> tensor<16xf32> {
//   %0 = call @my_add(%arg0, %arg1) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
//   return %0 : tensor<16xf32>
// }

// -----

func @my_add(tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
func @caller(%0: tensor<16xf32>) -> tensor<16xf32> {
  // expected-error@+1 {{incorrect number of operands for callee}}
  %31 = call @my_add(%0) : (tensor<16xf32>) -> tensor<16xf32>
  return %31 : tensor<16xf32>
}

// -----

func @caller(%0: tensor<16xf32>) -> tensor<16xf32> {
  // expected-error@+1 {{'my_add' does not reference a valid function}}
  %31 = call @my_add(%0) : (tensor<16xf32>) -> tensor<16xf32>
  return %31 : tensor<16xf32>
}
