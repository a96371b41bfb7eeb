// Vectors in SIMD registers and lane by lane: broadcast, shuffle, insertelement, contiguous
// loads and stores.

func @bcast(%s: f32) -> vector<8xf32> {
  %v = vector.broadcast %s : f32 to vector<8xf32>
  return %v : vector<8xf32>
}
// run: @bcast(2.5) == [2.5, 2.5, 2.5, 2.5, 2.5, 2.5, 2.5, 2.5]

// -----

func @zip(%a: vector<4xi32>, %b: vector<4xi32>) -> (vector<8xi32>, vector<1xi32>) {
  %w = vector.shuffle %a, %b [0, 4, 1, 5, 2, 6, 3, 7] : vector<4xi32>, vector<4xi32>
  %x = vector.shuffle %b [3] : vector<4xi32>
  return %w, %x : vector<8xi32>, vector<1xi32>
}
// run: @zip([1, 2, 3, 4], [10, 20, 30, 40]) == [1, 10, 2, 20, 3, 30, 4, 40], [40]

// -----

func @insert(%v: vector<4xf64>, %s: f64, %i: index) -> vector<4xf64> {
  %w = vector.insertelement %s, %v[%i] : vector<4xf64>
  return %w : vector<4xf64>
}
// run: @insert([1.0, 2.0, 3.0, 4.0], 9.0, 2) == [1.0, 2.0, 9.0, 4.0]
// run: @insert([1.0, 2.0, 3.0, 4.0], 9.0, 7) == [1.0, 2.0, 3.0, 4.0]

// -----

// Row 1 from column 2: a load of 8 floats (two SIMD chunks), doubled, stored back.
func @row(%A: memref<2x12xf32>) {
  %c1 = constant 1 : index
  %c2 = constant 2 : index
  %v = vector.load %A[%c1, %c2] : memref<2x12xf32>, vector<8xf32>
  %w = addf %v, %v : vector<8xf32>
  vector.store %w, %A[%c1, %c2] : memref<2x12xf32>, vector<8xf32>
  return
}
// run: @row([[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0], [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0]]); %0 == [[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0], [0.0, 1.0, 4.0, 6.0, 8.0, 10.0, 12.0, 14.0, 16.0, 18.0, 10.0, 11.0]]

// -----

// Lanes of a type without SIMD registers (i16 x 3) and a strided layout: lane by lane.
func @odd(%A: memref<6xi16, (d0) -> (5 - d0)>, %i: index) -> vector<3xi16> {
  %v = vector.load %A[%i] : memref<6xi16, (d0) -> (5 - d0)>, vector<3xi16>
  return %v : vector<3xi16>
}

// -----

// With bounds checks, a load past the end is an error, not a read.
// options: bounds-checks
func @past(%A: memref<8xf32>, %i: index) -> vector<4xf32> {
  %v = vector.load %A[%i] : memref<8xf32>, vector<4xf32>
  return %v : vector<4xf32>
}
// run: @past([0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0], 4) == [4.0, 5.0, 6.0, 7.0]
// run: @past([0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0], 5) traps "out-of-bounds"
