// load, store, extract_element, tensor_load, tensor_store.
// spec: mlir-langref-mid.md "'load' operation", "'store' operation", "'extract_element' operation",
// "'tensor_load' operation", "'tensor_store' operation".

func @access(%m: memref<4x?xf32>, %s: memref<i32>, %i: index, %j: index, %v: f32) {
  %0 = load %m[%i, %j] : memref<4x?xf32>
  store %0, %m[%j, %i] : memref<4x?xf32>
  %1 = load %s[] : memref<i32>
  store %1, %s[] : memref<i32>
  return
}

// -----

func @extract(%v: vector<4x8xf32>, %t: tensor<?xi32>, %u: tensor<*xf64>, %i: index) -> (f32, i32, f64) {
  %0 = extract_element %v[%i, %i] : vector<4x8xf32>
  %1 = extract_element %t[%i] : tensor<?xi32>
  %2 = extract_element %u[%i, %i, %i] : tensor<*xf64>
  return %0, %1, %2 : f32, i32, f64
}

// -----

func @tensors(%m: memref<4x?xf32>) {
  %t = tensor_load %m : memref<4x?xf32>
  tensor_store %t, %m : memref<4x?xf32>
  return
}

// -----

func @generic(%m: memref<2xi8>, %i: index) {
  %0 = "std.load"(%m, %i) : (memref<2xi8>, index) -> i8
  "std.store"(%0, %m, %i) : (i8, memref<2xi8>, index) -> ()
  %1 = "std.tensor_load"(%m) : (memref<2xi8>) -> tensor<2xi8>
  return
}
// output:
// func @generic(%arg0: memref<2xi8>, %arg1: index) {
//   %0 = load %arg0[%arg1] : memref<2xi8>
//   store %0, %arg0[%arg1] : memref<2xi8>
//   %1 = tensor_load %arg0 : memref<2xi8>
//   return
// }

// -----

func @load_index_count(%m: memref<4x?xf32>, %i: index) {
  // expected-error@+1 {{'std.load' op index count 1 does not match memref rank 2}}
  %0 = load %m[%i] : memref<4x?xf32>
  return
}

// -----

func @load_index_type(%m: memref<4xf32>, %i: i32) {
  // expected-error@+1 {{'std.load' op index #0 must be of 'index' type, but got 'i32'}}
  %0 = "std.load"(%m, %i) : (memref<4xf32>, i32) -> f32
  return
}

// -----

func @load_tensor(%t: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{'std.load' op operand #0 must be a memref, but got 'tensor<4xf32>'}}
  %0 = "std.load"(%t, %i) : (tensor<4xf32>, index) -> f32
  return
}

// -----

func @load_result(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{'std.load' op result type must match the memref element type 'f32'}}
  %0 = "std.load"(%m, %i) : (memref<4xf32>, index) -> f64
  return
}

// -----

func @store_index_count(%m: memref<4x?xf32>, %i: index, %v: f32) {
  // expected-error@+1 {{'std.store' op index count 3 does not match memref rank 2}}
  store %v, %m[%i, %i, %i] : memref<4x?xf32>
  return
}

// -----

func @store_value(%m: memref<4xf32>, %i: index, %v: f64) {
  // expected-error@+1 {{'std.store' op value to store must have the memref element type 'f32'}}
  "std.store"(%v, %m, %i) : (f64, memref<4xf32>, index) -> ()
  return
}

// -----

func @store_memref(%v: f32) {
  // expected-error@+1 {{'std.store' op operand #1 must be a memref, but got 'f32'}}
  "std.store"(%v, %v) : (f32, f32) -> ()
  return
}

// -----

func @extract_count(%t: tensor<4x4xf32>, %i: index) {
  // expected-error@+1 {{'std.extract_element' op incorrect number of indices for extract_element: 1 for rank 2}}
  %0 = extract_element %t[%i] : tensor<4x4xf32>
  return
}

// -----

func @extract_memref(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{'std.extract_element' op operand #0 must be a vector or tensor, but got 'memref<4xf32>'}}
  %0 = "std.extract_element"(%m, %i) : (memref<4xf32>, index) -> f32
  return
}

// -----

func @extract_result(%t: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{'std.extract_element' op result type must match element type of aggregate ('f32')}}
  %0 = "std.extract_element"(%t, %i) : (tensor<4xf32>, index) -> i32
  return
}

// -----

func @extract_index_type(%t: tensor<4xf32>, %i: i64) {
  // expected-error@+1 {{'std.extract_element' op operand #1 must be index, but got 'i64'}}
  %0 = "std.extract_element"(%t, %i) : (tensor<4xf32>, i64) -> f32
  return
}

// -----

func @tensor_load_result(%m: memref<4x?xf32>) {
  // expected-error@+1 {{'std.tensor_load' op result type must be 'tensor<4x?xf32>', the tensor of the memref's shape and element type}}
  %0 = "std.tensor_load"(%m) : (memref<4x?xf32>) -> tensor<4x4xf32>
  return
}

// -----

func @tensor_load_operand(%t: tensor<4xf32>) {
  // expected-error@+1 {{expected a memref type}}
  %0 = tensor_load %t : tensor<4xf32>
  return
}

// -----

func @tensor_store_type(%t: tensor<4xf64>, %m: memref<4xf32>) {
  // expected-error@+1 {{'std.tensor_store' op tensor type 'tensor<4xf64>' must match the memref's shape and element type ('tensor<4xf32>')}}
  "std.tensor_store"(%t, %m) : (tensor<4xf64>, memref<4xf32>) -> ()
  return
}
