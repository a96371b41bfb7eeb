// Bounds checks of a loop whose range is known only at run time are made once, at the loop's
// entry, when each access's subscripts are linear in the induction variable: if the whole index
// range lies inside the memrefs, the loop runs without checks (and may be vectorized); if not, it
// runs checked and traps at the first access outside, after the iterations before it have run,
// exactly as the program says. spec: mlir-langref-mid.md, 'affine.for', 'affine.load'.

func @scale(%A: memref<?xf32>, %B: memref<?xf32>, %n: index, %k: f32) {
  affine.for %i = 0 to %n {
    %x = affine.load %A[%i] : memref<?xf32>
    %y = mulf %x, %k : f32
    affine.store %y, %B[%i] : memref<?xf32>
  }
  return
}
// run: @scale([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], zeros(6xf32), 6, 2.0); %1 == [2.0, 4.0, 6.0, 8.0, 10.0, 12.0]
// run: @scale([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], zeros(6xf32), 0, 2.0); %1 == [0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
// run: @scale([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], zeros(4xf32), 6, 2.0) traps "out-of-bounds memref access at hoisted-checks.mlir:11:5"; %1 == [2.0, 4.0, 6.0, 8.0]
// run: @scale([1.0, 2.0, 3.0], zeros(6xf32), 5, 2.0) traps "out-of-bounds memref access at hoisted-checks.mlir:9:10"; %1 == [2.0, 4.0, 6.0, 0.0, 0.0, 0.0]

// -----

// Reversed and strided subscripts, and an offset that moves the range: the range between the
// first and the last iteration's subscripts is what is checked.
func @reverse(%A: memref<?xi32>, %B: memref<?xi32>, %lo: index, %hi: index, %off: index) {
  affine.for %i = %lo to %hi step 2 {
    %x = affine.load %A[-%i + 9] : memref<?xi32>
    affine.store %x, %B[%i + symbol(%off)] : memref<?xi32>
  }
  return
}
// run: @reverse([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], zeros(10xi32), 0, 10, 0); %1 == [9, 0, 7, 0, 5, 0, 3, 0, 1, 0]
// run: @reverse([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], zeros(10xi32), 2, 6, 1); %1 == [0, 0, 0, 7, 0, 5, 0, 0, 0, 0]
// run: @reverse([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], zeros(10xi32), 0, 12, 0) traps "out-of-bounds"; %1 == [9, 0, 7, 0, 5, 0, 3, 0, 1, 0]
// run: @reverse([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], zeros(10xi32), 0, 4, 8) traps "out-of-bounds"; %1 == [0, 0, 0, 0, 0, 0, 0, 0, 9, 0]
