// spec: mlir-langref-mid.md line 1341, `call_indirect`
// fixed: %15 (a function value), %0 and %1 are function arguments.
// test: roundtrip
func @caller(%15: (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>, %0: tensor<16xf32>, %1: tensor<16xf32>) -> tensor<16xf32> {
  %31 = call_indirect %15(%0, %1)
          : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  return %31 : tensor<16xf32>
}
// output:
// func @caller(%arg0: (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>, %arg1: tensor<16xf32>, %arg2: tensor<16xf32>) -> tensor<16xf32> {
//   %0 = call_indirect %arg0(%arg1, %arg2) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
//   return %0 : tensor<16xf32>
// }
