// Vector values: elementwise arithmetic, dense and splat constants, extract_element with
// constant and dynamic indices, and vector_transfer_read/write with permutation maps,
// broadcasts and padding. spec: mlir-langref-early.md "'vector_transfer_read'",
// "'vector_transfer_write'"; mlir-langref-mid.md "Vector Type".

func @arith(%a: vector<4xf32>, %b: vector<4xf32>, %i: vector<8xi16>) -> (vector<4xf32>, vector<8xi16>) {
  %s = addf %a, %b : vector<4xf32>
  %p = mulf %s, %a : vector<4xf32>
  %c = constant dense<vector<8xi16>, [1, 2, 3, 4, 5, 6, 7, 8]> : vector<8xi16>
  %d = muli %i, %c : vector<8xi16>
  return %p, %d : vector<4xf32>, vector<8xi16>
}
// run: @arith([1.0, 2.0, 3.0, 4.0], [0.5, 0.5, 0.5, 0.5], [1, 1, 1, 1, 1, 1, 1, 32767]) == [1.5, 5.0, 10.5, 18.0], [1, 2, 3, 4, 5, 6, 7, -8]

// -----

func @extract(%v: vector<2x3xi64>, %i: index) -> (i64, i64) {
  %c1 = constant 1 : index
  %c2 = constant 2 : index
  %a = extract_element %v[%c1, %c2] : vector<2x3xi64>
  %b = extract_element %v[%i, %i] : vector<2x3xi64>
  return %a, %b : i64, i64
}
// run: @extract([[1, 2, 3], [4, 5, 6]], 1) == 6, 5

// -----

func @f16vec(%a: vector<4xf16>) -> vector<4xf16> {
  %s = addf %a, %a : vector<4xf16>
  return %s : vector<4xf16>
}
// run: @f16vec([1.0, 2049.0, 0.1, 65504.0]) == [2.0, 4096.0, 0.19995117, inf]

// -----

// Read a 2x3 slice transposed (memref dims (i, j) to vector dims (j, i)), padding outside.
func @read_t(%A: memref<3x3xf32>, %i: index, %j: index) -> vector<3x2xf32> {
  %pad = constant -1.0 : f32
  %v = vector_transfer_read %A, %i, %j, %pad {permutation_map: (d0, d1) -> (d1, d0)} : (memref<3x3xf32>, index, index, f32) -> vector<3x2xf32>
  return %v : vector<3x2xf32>
}
// run: @read_t([[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0]], 0, 0) == [[0.0, 3.0], [1.0, 4.0], [2.0, 5.0]]
// run: @read_t([[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0]], 2, 1) == [[7.0, -1.0], [8.0, -1.0], [-1.0, -1.0]]

// -----

// A broadcast (result 0) reads one element into every lane.
func @read_bcast(%A: memref<4xi32>, %i: index) -> vector<3xi32> {
  %v = vector_transfer_read %A, %i {permutation_map: (d0) -> (0)} : (memref<4xi32>, index) -> vector<3xi32>
  return %v : vector<3xi32>
}
// run: @read_bcast([5, 6, 7, 8], 2) == [7, 7, 7]

// -----

func @write(%A: memref<2x4xf64>, %v: vector<4xf64>, %i: index, %j: index) {
  vector_transfer_write %v, %A, %i, %j {permutation_map: (d0, d1) -> (d1)} : vector<4xf64>, memref<2x4xf64>, index, index
  return
}
// Lanes past the end of the row are not written.
// run: @write(zeros(2x4xf64), [1.0, 2.0, 3.0, 4.0], 1, 2); %0 == [[0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 1.0, 2.0]]
