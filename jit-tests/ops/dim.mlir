// dim: the size of one dimension of a memref or tensor; rank: the rank of a tensor.
// spec: mlir-langref-mid.md "'dim' operation".

func @dim(%m: memref<4x?xf32>, %t: tensor<?x8x?xi32>, %u: tensor<*xf32>) -> (index, index, index) {
  %0 = dim %m, 1 : memref<4x?xf32>
  %1 = dim %t, 2 : tensor<?x8x?xi32>
  %2 = dim %u, 5 : tensor<*xf32>
  return %0, %1, %2 : index, index, index
}

// -----

func @generic(%m: memref<4xf32>) -> index {
  %0 = "std.dim"(%m) {index = 0} : (memref<4xf32>) -> index
  return %0 : index
}
// output:
// func @generic(%arg0: memref<4xf32>) -> index {
//   %0 = dim %arg0, 0 : memref<4xf32>
//   return %0 : index
// }

// -----

func @index_range(%m: memref<4x?xf32>) {
  // expected-error@+1 {{'std.dim' op index is out of range (index 2, rank 2)}}
  %0 = dim %m, 2 : memref<4x?xf32>
  return
}

// -----

func @index_kind(%m: memref<4x?xf32>) {
  // expected-error@+1 {{'std.dim' op attribute 'index' failed to satisfy constraint: arbitrary integer attribute}}
  %0 = "std.dim"(%m) {index = "one"} : (memref<4x?xf32>) -> index
  return
}

// -----

func @index_missing(%m: memref<4x?xf32>) {
  // expected-error@+1 {{'std.dim' op requires attribute 'index'}}
  %0 = "std.dim"(%m) : (memref<4x?xf32>) -> index
  return
}

// -----

func @operand_kind(%v: vector<4xf32>) {
  // expected-error@+1 {{'std.dim' op operand #0 must be a memref or tensor, but got 'vector<4xf32>'}}
  %0 = "std.dim"(%v) {index = 0} : (vector<4xf32>) -> index
  return
}

// -----

func @result_kind(%m: memref<4xf32>) {
  // expected-error@+1 {{'std.dim' op result #0 must be of 'index' type, but got 'i64'}}
  %0 = "std.dim"(%m) {index = 0} : (memref<4xf32>) -> i64
  return
}

// -----

// rank: the rank of a tensor (std.rank as MLIR had it in 2019).
func @rank(%t: tensor<*xf32>, %u: tensor<4x?xi8>) -> (index, index) {
  %0 = rank %t : tensor<*xf32>
  %1 = "std.rank"(%u) : (tensor<4x?xi8>) -> index
  return %0, %1 : index, index
}
// output:
// func @rank(%arg0: tensor<*xf32>, %arg1: tensor<4x?xi8>) -> (index, index) {
//   %0 = rank %arg0 : tensor<*xf32>
//   %1 = rank %arg1 : tensor<4x?xi8>
//   return %0, %1 : index, index
// }

// -----

func @rank_of_memref(%m: memref<4xf32>) {
  // expected-error@+1 {{'std.rank' op operand #0 must be tensor of any type values, but got 'memref<4xf32>'}}
  %0 = "std.rank"(%m) : (memref<4xf32>) -> index
  return
}

// -----

func @rank_result(%t: tensor<*xf32>) {
  // expected-error@+1 {{'std.rank' op result #0 must be of 'index' type, but got 'i32'}}
  %0 = "std.rank"(%t) : (tensor<*xf32>) -> i32
  return
}
