// vector_transfer_read, vector_transfer_write.
// spec: mlir-langref-early.md "'vector_transfer_read' operation", "'vector_transfer_write' operation".

func @transfers(%A: memref<?x?x?xf32>, %i: index, %f: f32) {
  %v = vector_transfer_read %A, %i, %i, %i, %f {permutation_map = (d0, d1, d2) -> (d2, d1)} : (memref<?x?x?xf32>, index, index, index, f32) -> vector<32x256xf32>
  %b = vector_transfer_read %A, %i, %i, %i {permutation_map = (d0, d1, d2) -> (0, d0)} : (memref<?x?x?xf32>, index, index, index) -> vector<4x8xf32>
  vector_transfer_write %v, %A, %i, %i, %i {permutation_map = (d0, d1, d2) -> (d2, d0)} : vector<32x256xf32>, memref<?x?x?xf32>, index, index, index
  return
}

// -----

func @generic(%A: memref<8xf32>, %i: index) {
  %v = "vector.transfer_read"(%A, %i) {permutation_map = (d0) -> (d0)} : (memref<8xf32>, index) -> vector<4xf32>
  return
}
// output:
// func @generic(%arg0: memref<8xf32>, %arg1: index) {
//   %0 = vector_transfer_read %arg0, %arg1 {permutation_map = (d0) -> (d0)} : (memref<8xf32>, index) -> vector<4xf32>
//   return
// }

// -----

func @read_index_count(%A: memref<?x?xf32>, %i: index) {
  // expected-error@+1 {{'vector.transfer_read' op requires 2 indices (the memref rank) and an optional padding value, but found 1 operands}}
  %v = vector_transfer_read %A, %i {permutation_map = (d0, d1) -> (d0)} : (memref<?x?xf32>, index) -> vector<4xf32>
  return
}

// -----

func @read_index_type(%A: memref<?xf32>, %i: i32) {
  // expected-error@+1 {{'vector.transfer_read' op indices must be of 'index' type, but got 'i32'}}
  %v = vector_transfer_read %A, %i {permutation_map = (d0) -> (d0)} : (memref<?xf32>, i32) -> vector<4xf32>
  return
}

// -----

func @read_padding(%A: memref<?xf32>, %i: index, %p: f64) {
  // expected-error@+1 {{'vector.transfer_read' op requires the padding value to have the memref element type 'f32', but got 'f64'}}
  %v = vector_transfer_read %A, %i, %p {permutation_map = (d0) -> (d0)} : (memref<?xf32>, index, f64) -> vector<4xf32>
  return
}

// -----

func @read_element(%A: memref<?xf32>, %i: index) {
  // expected-error@+1 {{'vector.transfer_read' op requires the vector and the memref to have the same element type, but got 'f64' and 'f32'}}
  %v = vector_transfer_read %A, %i {permutation_map = (d0) -> (d0)} : (memref<?xf32>, index) -> vector<4xf64>
  return
}

// -----

func @read_map_dims(%A: memref<?x?xf32>, %i: index) {
  // expected-error@+1 {{'vector.transfer_read' op requires a permutation_map with input dims of the same rank as the memref type (2, and no symbols)}}
  %v = vector_transfer_read %A, %i, %i {permutation_map = (d0) -> (d0)} : (memref<?x?xf32>, index, index) -> vector<4xf32>
  return
}

// -----

func @read_map_results(%A: memref<?x?xf32>, %i: index) {
  // expected-error@+1 {{'vector.transfer_read' op requires a permutation_map with result dims of the same rank as the vector type (1)}}
  %v = vector_transfer_read %A, %i, %i {permutation_map = (d0, d1) -> (d0, d1)} : (memref<?x?xf32>, index, index) -> vector<4xf32>
  return
}

// -----

func @read_map_repeat(%A: memref<?x?xf32>, %i: index) {
  // expected-error@+1 {{'vector.transfer_read' op requires a permutation_map that is a permutation (found one dim used more than once)}}
  %v = vector_transfer_read %A, %i, %i {permutation_map = (d0, d1) -> (d0, d0)} : (memref<?x?xf32>, index, index) -> vector<4x4xf32>
  return
}

// -----

func @read_map_expr(%A: memref<?x?xf32>, %i: index) {
  // expected-error@+1 {{'vector.transfer_read' op requires a projected permutation_map (at most one dim or the zero constant can appear in each result)}}
  %v = vector_transfer_read %A, %i, %i {permutation_map = (d0, d1) -> (d0 + d1)} : (memref<?x?xf32>, index, index) -> vector<4xf32>
  return
}

// -----

func @read_map_missing(%A: memref<?xf32>, %i: index) {
  // expected-error@+1 {{'vector.transfer_read' op requires an AffineMapAttr named 'permutation_map'}}
  %v = vector_transfer_read %A, %i : (memref<?xf32>, index) -> vector<4xf32>
  return
}

// -----

func @read_result(%A: memref<?xf32>, %i: index) {
  // expected-error@+1 {{'vector.transfer_read' op result #0 must be a vector, but got 'f32'}}
  %v = vector_transfer_read %A, %i {permutation_map = (d0) -> (d0)} : (memref<?xf32>, index) -> f32
  return
}

// -----

func @write_broadcast(%A: memref<?x?xf32>, %v: vector<4xf32>, %i: index) {
  // expected-error@+1 {{'vector.transfer_write' op requires a projected permutation_map (at most one dim can appear in each result; a write does not broadcast)}}
  vector_transfer_write %v, %A, %i, %i {permutation_map = (d0, d1) -> (0)} : vector<4xf32>, memref<?x?xf32>, index, index
  return
}

// -----

func @write_indices(%A: memref<?x?xf32>, %v: vector<4xf32>, %i: index) {
  // expected-error@+1 {{'vector.transfer_write' op requires 2 indices (the memref rank), but found 1}}
  vector_transfer_write %v, %A, %i {permutation_map = (d0, d1) -> (d0)} : vector<4xf32>, memref<?x?xf32>, index
  return
}

// -----

func @write_vector(%A: memref<?xf32>, %v: f32, %i: index) {
  // expected-error@+1 {{'vector.transfer_write' op operand #0 must be a vector, but got 'f32'}}
  vector_transfer_write %v, %A, %i {permutation_map = (d0) -> (d0)} : f32, memref<?xf32>, index
  return
}

// -----

func @write_element(%A: memref<?xf32>, %v: vector<4xi32>, %i: index) {
  // expected-error@+1 {{'vector.transfer_write' op requires the vector and the memref to have the same element type, but got 'i32' and 'f32'}}
  vector_transfer_write %v, %A, %i {permutation_map = (d0) -> (d0)} : vector<4xi32>, memref<?xf32>, index
  return
}

// -----

// The subscripted form MLIR's vector dialect used later in 2019 reads the same ops.
func @subscripted(%A: memref<?x?xf32>, %i: index, %f: f32, %v: vector<128xf32>) {
  %0 = vector.transfer_read %A[%i, %i], %f {permutation_map = (d0, d1) -> (d1)} : memref<?x?xf32>, vector<128xf32>
  %1 = vector.transfer_read %A[%i, %i] {permutation_map = (d0, d1) -> (0)} : memref<?x?xf32>, vector<128xf32>
  vector.transfer_write %v, %A[%i, %i] {permutation_map = (d0, d1) -> (d0)} : vector<128xf32>, memref<?x?xf32>
  return
}

// -----

// mid-2019 MLIR printed the padding in parentheses; it reads as the same op.
func @padding_in_parens(%A: memref<2x3xf32>, %i: index, %f: f32) -> vector<4xf32> {
  %0 = vector_transfer_read %A[%i, %i], (%f) {permutation_map: (d0, d1) -> (d1)} : memref<2x3xf32>, vector<4xf32>
  return %0 : vector<4xf32>
}
// run: @padding_in_parens([[1, 2, 3], [4, 5, 6]], 1, -1) == [5, 6, -1, -1]
// run: @padding_in_parens([[1, 2, 3], [4, 5, 6]], 0, 7) == [1, 2, 3, 7]

// -----

func @padding_in_parens_unclosed(%A: memref<?x?xf32>, %i: index, %f: f32) {
  // expected-error@+1 {{expected ')' after the padding value}}
  %0 = vector_transfer_read %A[%i, %i], (%f {permutation_map: (d0, d1) -> (d1)} : memref<?x?xf32>, vector<4xf32>
  return
}

// -----

func @subscripted_types(%A: memref<?x?xf32>, %i: index) {
  // expected-error@+1 {{expected 2 types}}
  %0 = vector.transfer_read %A[%i, %i] : memref<?x?xf32>
  return
}

// -----

func @subscripted_indices(%A: memref<?x?xf32>, %i: index) {
  // expected-error@+1 {{expected 2 indices to the memref}}
  %0 = vector.transfer_read %A[%i, %i, %i] : memref<?x?xf32>, vector<128xf32>
  return
}

// -----

func @subscripted_write_indices(%A: memref<?x?xf32>, %i: index, %v: vector<128xf32>) {
  // expected-error@+1 {{expects 4 operands (of which 2 indices)}}
  vector.transfer_write %v, %A[%i, %i, %i] : vector<128xf32>, memref<?x?xf32>
  return
}

// -----

func @subscripted_write_map(%A: memref<?x?xf32>, %i: index, %v: vector<128xf32>) {
  // expected-error@+1 {{requires a permutation_map with input dims of the same rank as the memref type}}
  vector.transfer_write %v, %A[%i, %i] {permutation_map = (d0) -> (d0)} : vector<128xf32>, memref<?x?xf32>
  return
}
