// The low-level ops TIR lowers to (not in the 2019 references; MLIR added them later under
// these names or close to them): assert, alloca, parallel_for/yield, uitofp, fptoui, bitcast,
// memref_bitcast, memref_offset, memref_stride.

func @ops(%c: i1, %n: index, %i: i32, %f: f32) {
  assert %c, "must hold"
  %m = alloca() : memref<4x4xf32>
  %c0 = constant 0 : index
  parallel_for %k = %c0 to %n {
    store %f, %m[%c0, %c0] : memref<4x4xf32>
    yield
  }
  %u = uitofp %i : i32 to f32
  %v = fptoui %f : f32 to i32
  %b = bitcast %f : f32 to i32
  return
}

// -----

// A parallel body may branch; every path ends in yield.
func @branches(%n: index, %A: memref<?xi32>) {
  %c0 = constant 0 : index
  parallel_for %k = %c0 to %n {
    %z = cmpi "eq", %k, %c0 : index
    cond_br %z, ^a, ^b
  ^a:
    yield
  ^b:
    %one = constant 1 : i32
    store %one, %A[%k] : memref<?xi32>
    yield
  }
  return
}

// -----

func @generic(%c: i1) {
  "std.assert"(%c) {msg = "x"} : (i1) -> ()
  return
}
// output:
// func @generic(%arg0: i1) {
//   assert %arg0, "x"
//   return
// }

// -----

func @assert_i32(%c: i32) {
  // expected-error@+1 {{'std.assert' op operand #0 must be i1}}
  "std.assert"(%c) {msg = "x"} : (i32) -> ()
  return
}

// -----

func @alloca_dynamic(%n: index) {
  // expected-error@+1 {{'std.alloca' op expects a statically shaped memref with the identity layout}}
  %m = "std.alloca"() : () -> memref<?xf32>
  return
}

// -----

func @alloca_huge() {
  // expected-error@+1 {{'std.alloca' op allocates more than 1048576 bytes on the stack; use alloc}}
  %m = alloca() : memref<1024x1024xf32>
  return
}

// -----

func @yield_outside() {
  // expected-error@+1 {{'std.yield' op expects parent op 'std.parallel_for'}}
  "std.yield"() : () -> ()
}

// -----

func @parallel_body_return(%n: index) {
  %c0 = constant 0 : index
  // expected-error@+1 {{'std.parallel_for' op expects every block of its body to end with 'yield' or a branch, not 'std.return'}}
  parallel_for %k = %c0 to %n {
    return
  }
  return
}

// -----

func @bitcast_width(%f: f32) {
  // expected-error@+1 {{'std.bitcast' op operand type 'f32' and result type 'i64' are cast incompatible (bitcast converts between integer and float types of one width)}}
  %b = bitcast %f : f32 to i64
  return
}

// -----

// A buffer's bytes as another element type; a strided memref's layout as values.
#strided = (d0, d1)[s0, s1] -> (d0 * s1 + s0 + d1)

func @layout(%m: memref<8xf32>, %s: memref<4x?xf32, #strided>) -> (index, index, index) {
  %b = memref_bitcast %m : memref<8xf32> to memref<?xi8>
  %c = memref_bitcast %m : memref<8xf32> to memref<16xi16>
  %o = memref_offset %s : memref<4x?xf32, #strided>
  %k = memref_stride %s, 0 : memref<4x?xf32, #strided>
  %one = memref_stride %s, 1 : memref<4x?xf32, #strided>
  return %o, %k, %one : index, index, index
}

// -----

func @bitcast_static_size(%m: memref<8xf32>) {
  // expected-error@+1 {{'std.memref_bitcast' op a static result size must be the 16 elements of 'memref<15xi16>' that fit in 'memref<8xf32>'}}
  %c = memref_bitcast %m : memref<8xf32> to memref<15xi16>
  return
}

// -----

func @bitcast_rank(%m: memref<2x4xf32>) {
  // expected-error@+1 {{'std.memref_bitcast' op requires one-dimensional memrefs without layout maps, but got 'memref<2x4xf32>' and 'memref<?xi32>'}}
  %c = memref_bitcast %m : memref<2x4xf32> to memref<?xi32>
  return
}

// -----

func @stride_range(%m: memref<2x4xf32>) {
  // expected-error@+1 {{'std.memref_stride' op index is out of range (index 2, rank 2)}}
  %c = memref_stride %m, 2 : memref<2x4xf32>
  return
}

// -----

#tiled = (i, j) -> (i floordiv 2, j, i mod 2)

func @offset_not_strided(%m: memref<4x4xf32, #tiled>) {
  // expected-error@+1 {{'std.memref_offset' op requires a memref with a strided layout or none, but got 'memref<4x4xf32, (d0, d1) -> (d0 floordiv 2, d1, d0 mod 2)>'}}
  %c = memref_offset %m : memref<4x4xf32, #tiled>
  return
}
