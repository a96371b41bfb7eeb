// Bounds checks are the default: an out-of-bounds memref access is an error returned to the
// caller, naming the function and the access.

func @get(%A: memref<?xf32>, %i: index) -> f32 {
  %v = load %A[%i] : memref<?xf32>
  return %v : f32
}
// run: @get([1.0, 2.0, 3.0], 2) == 3.0
// run: @get([1.0, 2.0, 3.0], 3) traps "out-of-bounds memref access at bounds.mlir:5:8"
// run: @get([1.0, 2.0, 3.0], -1) traps "out-of-bounds"

// -----

func @put(%A: memref<2x2xi32>, %i: index) {
  %c0 = constant 0 : index
  %v = constant 9 : i32
  affine.store %v, %A[%c0, %i + 1] : memref<2x2xi32>
  return
}
// run: @put(zeros(2x2xi32), 0); %0 == [[0, 9], [0, 0]]
// run: @put(zeros(2x2xi32), 1) traps "out-of-bounds"

