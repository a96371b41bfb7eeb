// The low-level ops TIR lowers to (not in the 2019 references; MLIR added them later under
// these names): assert, alloca, parallel_for/yield, uitofp, fptoui, bitcast.

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
