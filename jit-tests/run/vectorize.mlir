// Innermost elementwise loops run two registers (32 bytes) at a time with a scalar tail, as
// transform::vectorize's rule allows; overlapping memrefs fall back to the scalar loop. Results
// must equal one-at-a-time execution.

func @axpy(%a: f32, %X: memref<?xf32>, %Y: memref<?xf32>) {
  %n = dim %X, 0 : memref<?xf32>
  %one = constant 1.0 : f32
  affine.for %i = 0 to %n {
    %x = affine.load %X[%i] : memref<?xf32>
    %y = affine.load %Y[%i] : memref<?xf32>
    %ax = mulf %a, %x : f32
    %s = addf %ax, %y : f32
    %t = addf %s, %one : f32
    affine.store %t, %Y[%i] : memref<?xf32>
  }
  return
}
// Eleven elements: one vector of eight, then three one by one; seven: all one by one.
// run: @axpy(2.0, [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0], [0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5]); %2 == [3.5, 5.5, 7.5, 9.5, 11.5, 13.5, 15.5, 17.5, 19.5, 21.5, 23.5]
// run: @axpy(2.0, [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0], [0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5]); %2 == [3.5, 5.5, 7.5, 9.5, 11.5, 13.5, 15.5]
// run: @axpy(1.0, [], []); %2 == []
// run: @axpy(1.0, [1.0, 2.0, 3.0], [0.0, 0.0, 0.0]); %2 == [2.0, 3.0, 4.0]

// -----

// Shifted in place: B[i + 1] = B[i] + 1 through two views of one buffer must see each new
// value (a prefix count), so the vector loop must not run.
func @shift(%A: memref<9xi32>, %B: memref<9xi32>) {
  affine.for %i = 0 to 8 {
    %x = affine.load %A[%i] : memref<9xi32>
    %one = constant 1 : i32
    %y = addi %x, %one : i32
    affine.store %y, %B[%i + 1] : memref<9xi32>
  }
  return
}
func @prefix() -> memref<9xi32> {
  %m = alloc() : memref<9xi32>
  call @shift(%m, %m) : (memref<9xi32>, memref<9xi32>) -> ()
  return %m : memref<9xi32>
}
// run: @prefix() == [0, 1, 2, 3, 4, 5, 6, 7, 8]
// Separate buffers: every element is its neighbour plus one.
// run: @shift([5, 5, 5, 5, 5, 5, 5, 5, 5], zeros(9xi32)); %1 == [0, 6, 6, 6, 6, 6, 6, 6, 6]

// -----

// The same elements read and written in place vectorize (each lane reads its own element first).
func @square_in_place(%A: memref<10xf64>) {
  affine.for %i = 0 to 10 {
    %x = affine.load %A[%i] : memref<10xf64>
    %y = mulf %x, %x : f64
    affine.store %y, %A[%i] : memref<10xf64>
  }
  return
}
// run: @square_in_place([0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, -9.0]); %0 == [0.0, 1.0, 4.0, 9.0, 16.0, 25.0, 36.0, 49.0, 64.0, 81.0]

// -----

// Narrow integers wrap per lane; rows of a 2-D memref with an invariant row index.
func @bytes(%A: memref<2x20xi8>, %r: index) {
  %k = constant 100 : i8
  affine.for %j = 0 to 20 {
    %x = affine.load %A[%r, %j] : memref<2x20xi8>
    %y = addi %x, %k : i8
    %z = xor %y, %x : i8
    affine.store %z, %A[%r, %j] : memref<2x20xi8>
  }
  return
}
// (x + 100) xor x: for x = 100, 200 - 256 = -56 = 0xc8; 0xc8 ^ 0x64 = 0xac = -84. For x = 0: 100.
// run: @bytes([[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 0]], 1); %0 == [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [-84, -84, -84, -84, -84, -84, -84, -84, -84, -84, -84, -84, -84, -84, -84, -84, -84, -84, -84, 100]]

// -----

// Bounds that do not start at zero, with offsets in the subscripts.
func @window(%A: memref<12xi32>, %B: memref<12xi32>, %lo: index, %hi: index) {
  affine.for %i = %lo to %hi {
    %x = affine.load %A[%i - 1] : memref<12xi32>
    %y = muli %x, %x : i32
    affine.store %y, %B[%i + 1] : memref<12xi32>
  }
  return
}
// run: @window([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], zeros(12xi32), 1, 10); %1 == [0, 0, 1, 4, 9, 16, 25, 36, 49, 64, 81, 0]

// -----

// A load of one element in every iteration is broadcast to the lanes. Another memref may be
// that element's memory: where it overlaps the stored range (S is Y itself below), the loop
// runs one by one, so each iteration sees Y[0] as the iterations before left it.
func @scale_by(%X: memref<?xf32>, %Y: memref<?xf32>, %S: memref<?xf32>) {
  %n = dim %X, 0 : memref<?xf32>
  %c0 = constant 0 : index
  affine.for %i = 0 to %n {
    %x = affine.load %X[%i] : memref<?xf32>
    %s = affine.load %S[%c0] : memref<?xf32>
    %y = mulf %x, %s : f32
    affine.store %y, %Y[%i] : memref<?xf32>
  }
  return
}
// run: @scale_by([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0], zeros(10xf32), [3.0]); %1 == [3.0, 6.0, 9.0, 12.0, 15.0, 18.0, 21.0, 24.0, 27.0, 30.0]
// S is Y: Y[0] = 3 * 2 = 6 first, and every later Y[i] = X[i] * 6 (lanes all reading the old
// Y[0] = 2 would give 4, 6, 8, ..).
// run: @scale_by([3.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0], [2.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], alias(%1)); %1 == [6.0, 12.0, 18.0, 24.0, 30.0, 36.0, 42.0, 48.0, 54.0, 60.0]

// -----

// A stored memref read at another element (A[0], which iteration 0 changes) is never vectorized.
func @add_first(%A: memref<12xi32>) {
  %c0 = constant 0 : index
  affine.for %i = 0 to 12 {
    %x = affine.load %A[%i] : memref<12xi32>
    %f = affine.load %A[%c0] : memref<12xi32>
    %y = addi %x, %f : i32
    affine.store %y, %A[%i] : memref<12xi32>
  }
  return
}
// A[0] = 1 + 1 = 2 first; every later element adds the new A[0].
// run: @add_first([1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]); %0 == [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]

// -----

// Two accumulators in two distinct allocations stay in registers across the loop together
// (transform::promote's rule: neither can overlap the other).
func @sum_and_squares(%A: memref<?xf32>) -> (f32, f32) {
  %n = dim %A, 0 : memref<?xf32>
  %c0 = constant 0 : index
  %zero = constant 0.0 : f32
  %s = alloc() : memref<1xf32>
  %q = alloc() : memref<1xf32>
  affine.store %zero, %s[%c0] : memref<1xf32>
  affine.store %zero, %q[%c0] : memref<1xf32>
  affine.for %i = 0 to %n {
    %x = affine.load %A[%i] : memref<?xf32>
    %a = affine.load %s[%c0] : memref<1xf32>
    %b = affine.load %q[%c0] : memref<1xf32>
    %a2 = addf %a, %x : f32
    %xx = mulf %x, %x : f32
    %b2 = addf %b, %xx : f32
    affine.store %a2, %s[%c0] : memref<1xf32>
    affine.store %b2, %q[%c0] : memref<1xf32>
  }
  %rs = affine.load %s[%c0] : memref<1xf32>
  %rq = affine.load %q[%c0] : memref<1xf32>
  dealloc %s : memref<1xf32>
  dealloc %q : memref<1xf32>
  return %rs, %rq : f32, f32
}
// run: @sum_and_squares([1.0, 2.0, 3.0, 4.0]) == 10.0, 30.0
// run: @sum_and_squares([]) == 0.0, 0.0

// -----

// An element kept in a register is read before the loop only when the loop runs: a loop of no
// iteration touches nothing (A[9] is outside A), and one that runs traps at its own first
// access of the element, the load, as one iteration at a time does.
func @outside(%A: memref<4xf32>, %n: index) {
  %c9 = constant 9 : index
  affine.for %i = 0 to %n {
    %x = affine.load %A[%c9] : memref<4xf32>
    %y = addf %x, %x : f32
    affine.store %y, %A[%c9] : memref<4xf32>
  }
  return
}
// run: @outside([1.0, 2.0, 3.0, 4.0], 0); %0 == [1.0, 2.0, 3.0, 4.0]
// run: @outside([1.0, 2.0, 3.0, 4.0], 2) traps "out-of-bounds memref access at vectorize.mlir:164:10"

// -----

// Subscripts computed inside the loop (a constant of the loop's own element type, index) keep
// the loop scalar: the vector loop addresses with values from outside it.
func @inner_subscripts(%A: memref<20xindex>, %B: memref<16xindex>) {
  affine.for %i = 0 to 16 {
    %c = constant 3 : index
    %y = affine.load %A[%c] : memref<20xindex>
    %z = affine.load %A[%i + %c] : memref<20xindex>
    %s = addi %y, %z : index
    affine.store %s, %B[%i] : memref<16xindex>
  }
  return
}
// run: @inner_subscripts([0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160, 170, 180, 190], [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]); %1 == [60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160, 170, 180, 190, 200, 210]
