// Runs of the low-level ops TIR lowers to.

func @check(%x: i32) -> i32 {
  %c0 = constant 0 : i32
  %ok = cmpi "sge", %x, %c0 : i32
  assert %ok, "x must not be negative"
  return %x : i32
}
// run: @check(3) == 3
// run: @check(-1) traps "assertion failed: x must not be negative"

// -----

// Every index written once, by threads in any order.
func @squares(%A: memref<?xi64>) {
  %c0 = constant 0 : index
  %n = dim %A, 0 : memref<?xi64>
  parallel_for %k = %c0 to %n {
    %x = index_cast %k : index to i64
    %y = muli %x, %x : i64
    store %y, %A[%k] : memref<?xi64>
    yield
  }
  return
}
// run: @squares(zeros(10xi64)); %0 == [0, 1, 4, 9, 16, 25, 36, 49, 64, 81]
// run: @squares(zeros(0xi64)); %0 == []

// -----

// A failure in one iteration stops the loop with its error.
func @fails(%A: memref<?xi64>) {
  %c0 = constant 0 : index
  %n = dim %A, 0 : memref<?xi64>
  parallel_for %k = %c0 to %n {
    %x = index_cast %k : index to i64
    %c5 = constant 5 : i64
    %ok = cmpi "ne", %x, %c5 : i64
    assert %ok, "iteration 5"
    yield
  }
  return
}
// run: @fails(zeros(100xi64)) traps "assertion failed: iteration 5"
// run: @fails(zeros(5xi64))

// -----

// Branches and loops inside the body, and a nested parallel loop.
func @rows(%A: memref<?x?xi32>) {
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %n = dim %A, 0 : memref<?x?xi32>
  %m = dim %A, 1 : memref<?x?xi32>
  parallel_for %i = %c0 to %n {
    parallel_for %j = %c0 to %m {
      %z = cmpi "eq", %j, %c0 : index
      cond_br %z, ^first, ^other
    ^first:
      %ii = index_cast %i : index to i32
      store %ii, %A[%i, %j] : memref<?x?xi32>
      yield
    ^other:
      %s = addi %i, %j : index
      %si = index_cast %s : index to i32
      store %si, %A[%i, %j] : memref<?x?xi32>
      yield
    }
    yield
  }
  return
}
// run: @rows(zeros(3x3xi32)); %0 == [[0, 1, 2], [1, 2, 3], [2, 3, 4]]

// -----

func @stack() -> f32 {
  %m = alloca() : memref<2xf32>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %a = constant 1.5 : f32
  %b = constant 2.25 : f32
  store %a, %m[%c0] : memref<2xf32>
  store %b, %m[%c1] : memref<2xf32>
  %x = load %m[%c0] : memref<2xf32>
  %y = load %m[%c1] : memref<2xf32>
  %s = addf %x, %y : f32
  return %s : f32
}
// run: @stack() == 3.75

// -----

func @casts(%u: i32, %f: f32, %g: f32) -> (f32, i32, i32, i8, f32) {
  %a = uitofp %u : i32 to f32
  %b = fptoui %f : f32 to i32
  %c = bitcast %g : f32 to i32
  %d = fptoui %f : f32 to i8
  %e = bitcast %c : i32 to f32
  return %a, %b, %c, %d, %e : f32, i32, i32, i8, f32
}
// -1 as unsigned is 4294967295 (4294967296 as f32); 300.7 saturates to 255 in 8 bits.
// run: @casts(-1, 300.7, 1.0) == 4294967296.0, 300, 1065353216, -1, 1.0
// run: @casts(7, -3.5, -0.0) == 7.0, 0, -2147483648, 0, -0.0

// -----

// memref_bitcast reads the same bytes as another type: 1.0f is 0x3f800000.
func @bits(%m: memref<2xf32>) -> (i32, i16, index) {
  %b = memref_bitcast %m : memref<2xf32> to memref<?xi32>
  %h = memref_bitcast %m : memref<2xf32> to memref<4xi16>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %x = load %b[%c0] : memref<?xi32>
  %y = load %h[%c1] : memref<4xi16>
  %n = dim %b, 0 : memref<?xi32>
  return %x, %y, %n : i32, i16, index
}
// run: @bits([1.0, 2.0]) == 1065353216, 16256, 2

// -----

// A compact memref's layout: offset 0, strides the products of the later dimensions.
func @compact(%m: memref<?x3x5xf32>) -> (index, index, index, index) {
  %o = memref_offset %m : memref<?x3x5xf32>
  %s0 = memref_stride %m, 0 : memref<?x3x5xf32>
  %s1 = memref_stride %m, 1 : memref<?x3x5xf32>
  %s2 = memref_stride %m, 2 : memref<?x3x5xf32>
  return %o, %s0, %s1, %s2 : index, index, index, index
}
// run: @compact(zeros(2x3x5xf32)) == 0, 15, 5, 1
