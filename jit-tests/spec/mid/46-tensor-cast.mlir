// spec: mlir-langref-mid.md line 2081, `tensor_cast`
// fixed: %1 is a function argument; the custom form (which the spec writes after the generic one,
//        redefining %2) defines %two.
// test: roundtrip
func @f(%1: tensor<*xf32>) -> tensor<*xf32> {
  // Convert from unknown rank to rank 2 with unknown dimension sizes.
  %2 = "std.tensor_cast"(%1) : (tensor<*xf32>) -> tensor<?x?xf32>
  %two = tensor_cast %1 : tensor<*xf32> to tensor<?x?xf32>

  // Convert to a type with more known dimensions.
  %3 = "std.tensor_cast"(%2) : (tensor<?x?xf32>) -> tensor<4x?xf32>

  // Discard static dimension and rank information.
  %4 = "std.tensor_cast"(%3) : (tensor<4x?xf32>) -> tensor<?x?xf32>
  %5 = "std.tensor_cast"(%4) : (tensor<?x?xf32>) -> tensor<*xf32>
  return %5 : tensor<*xf32>
}
// output:
// func @f(%arg0: tensor<*xf32>) -> tensor<*xf32> {
//   %0 = tensor_cast %arg0 : tensor<*xf32> to tensor<?x?xf32>
//   %1 = tensor_cast %arg0 : tensor<*xf32> to tensor<?x?xf32>
//   %2 = tensor_cast %0 : tensor<?x?xf32> to tensor<4x?xf32>
//   %3 = tensor_cast %2 : tensor<4x?xf32> to tensor<?x?xf32>
//   %4 = tensor_cast %3 : tensor<?x?xf32> to tensor<*xf32>
//   return %4 : tensor<*xf32>
// }

// -----

func @f(%1: tensor<4x?xf32>) {
  // expected-error@+1 {{incompatible static dimensions}}
  %2 = tensor_cast %1 : tensor<4x?xf32> to tensor<3x?xf32>
  return
}

// -----

func @f(%1: tensor<4x?xf32>) {
  // expected-error@+1 {{cast incompatible: different ranks (or an unranked side)}}
  %2 = tensor_cast %1 : tensor<4x?xf32> to tensor<4xf32>
  return
}
