// spec: mlir-langref-mid.md line 403, tensor types
// The types are the argument types of a function declaration.
// test: roundtrip

func @tensors(
  // Tensor with unknown rank.
  tensor<* x f32>,
  // Known rank but unknown dimensions.
  tensor<? x ? x ? x ? x f32>,
  // Partially known dimensions.
  tensor<? x ? x 13 x ? x f32>,
  // Full static shape.
  tensor<17 x 4 x 13 x 4 x f32>,
  // Tensor with rank zero. Represents a scalar.
  tensor<f32>,
  // Zero-element dimensions are allowed.
  tensor<0 x 42 x f32>,
  // Zero-element tensor of f32 type (hexadecimal literals not allowed here).
  tensor<0xf32>)
// output:
// func @tensors(tensor<*xf32>, tensor<?x?x?x?xf32>, tensor<?x?x13x?xf32>, tensor<17x4x13x4xf32>, tensor<f32>, tensor<0x42xf32>, tensor<0xf32>)
