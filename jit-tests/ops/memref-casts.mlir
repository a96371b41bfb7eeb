// memref_cast, tensor_cast: change static knowledge of the shape, nothing else.
// spec: mlir-langref-mid.md "'memref_cast' operation", "'tensor_cast' operation".

func @memref_cast(%m: memref<4x?xf32>, %s: memref<4x4xf32, 1>) {
  %0 = memref_cast %m : memref<4x?xf32> to memref<?x?xf32>
  %1 = memref_cast %0 : memref<?x?xf32> to memref<4x4xf32>
  %2 = memref_cast %s : memref<4x4xf32, 1> to memref<?x4xf32, 1>
  return
}

// -----

func @tensor_cast(%t: tensor<4x?xf32>, %u: tensor<*xi8>) {
  %0 = tensor_cast %t : tensor<4x?xf32> to tensor<?x?xf32>
  %1 = tensor_cast %t : tensor<4x?xf32> to tensor<*xf32>
  %2 = tensor_cast %u : tensor<*xi8> to tensor<2x3xi8>
  return
}

// -----

func @generic(%m: memref<4xf32>) -> memref<?xf32> {
  %0 = "std.memref_cast"(%m) : (memref<4xf32>) -> memref<?xf32>
  return %0 : memref<?xf32>
}
// output:
// func @generic(%arg0: memref<4xf32>) -> memref<?xf32> {
//   %0 = memref_cast %arg0 : memref<4xf32> to memref<?xf32>
//   return %0 : memref<?xf32>
// }

// -----

func @memref_element(%m: memref<4xf32>) {
  // expected-error@+1 {{'std.memref_cast' op operand type 'memref<4xf32>' and result type 'memref<4xi32>' are cast incompatible: different element types}}
  %0 = memref_cast %m : memref<4xf32> to memref<4xi32>
  return
}

// -----

func @memref_static_dims(%m: memref<4xf32>) {
  // expected-error@+1 {{cast incompatible: incompatible static dimensions}}
  %0 = memref_cast %m : memref<4xf32> to memref<5xf32>
  return
}

// -----

func @memref_rank(%m: memref<4xf32>) {
  // expected-error@+1 {{cast incompatible: different ranks}}
  %0 = memref_cast %m : memref<4xf32> to memref<4x1xf32>
  return
}

// -----

func @memref_space(%m: memref<4xf32>) {
  // expected-error@+1 {{cast incompatible: different memory spaces}}
  %0 = memref_cast %m : memref<4xf32> to memref<4xf32, 3>
  return
}

// -----

func @memref_layout(%m: memref<4x4xf32>) {
  // expected-error@+1 {{cast incompatible: different layout maps}}
  %0 = memref_cast %m : memref<4x4xf32> to memref<4x4xf32, (d0, d1) -> (d1, d0)>
  return
}

// -----

func @memref_from_tensor(%t: tensor<4xf32>) {
  // expected-error@+1 {{'std.memref_cast' op operand type 'tensor<4xf32>' and result type 'memref<4xf32>' are cast incompatible: both must be memrefs}}
  %0 = "std.memref_cast"(%t) : (tensor<4xf32>) -> memref<4xf32>
  return
}

// -----

func @tensor_element(%t: tensor<4xf32>) {
  // expected-error@+1 {{'std.tensor_cast' op operand type 'tensor<4xf32>' and result type 'tensor<4xf16>' are cast incompatible: different element types}}
  %0 = tensor_cast %t : tensor<4xf32> to tensor<4xf16>
  return
}

// -----

func @tensor_rank(%t: tensor<4xf32>) {
  // expected-error@+1 {{cast incompatible: different ranks (or an unranked side)}}
  %0 = tensor_cast %t : tensor<4xf32> to tensor<4x?xf32>
  return
}

// -----

func @tensor_static_dims(%t: tensor<4x?xf32>) {
  // expected-error@+1 {{cast incompatible: incompatible static dimensions}}
  %0 = tensor_cast %t : tensor<4x?xf32> to tensor<3x?xf32>
  return
}

// -----

func @tensor_from_vector(%v: vector<4xf32>) {
  // expected-error@+1 {{cast incompatible: both must be tensors}}
  %0 = "std.tensor_cast"(%v) : (vector<4xf32>) -> tensor<4xf32>
  return
}
