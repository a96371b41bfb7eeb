// Checked is the default (issue: safe by default). Accesses proven in bounds when compiled
// (affine subscripts over loops with known ranges, a loop up to `dim` of the same memref) run
// without a check; every other access is checked, so a loop that runs past its buffer traps
// at the access instead of writing past it. `unsafe` Options::unchecked turns checks off.

// A constant loop one past a static buffer: not provable, checked, traps on the last iteration.
func @past(%A: memref<10xf32>) {
  %v = constant 1.0 : f32
  affine.for %i = 0 to 11 {
    affine.store %v, %A[%i] : memref<10xf32>
  }
  return
}
// run: @past(zeros(10xf32)) traps "out-of-bounds memref access at checked-default.mlir:10:5"

// -----

// A loop bounded by one buffer's size writing another: the wrong-shaped output traps (it used
// to corrupt the heap).
func @copy(%A: memref<?xf32>, %B: memref<?xf32>) {
  %n = dim %A, 0 : memref<?xf32>
  affine.for %i = 0 to %n {
    %x = affine.load %A[%i] : memref<?xf32>
    affine.store %x, %B[%i] : memref<?xf32>
  }
  return
}
// run: @copy([1.0, 2.0, 3.0], zeros(3xf32)); %1 == [1.0, 2.0, 3.0]
// run: @copy([1.0, 2.0, 3.0], zeros(2xf32)) traps "out-of-bounds memref access at checked-default.mlir:24:5"

// -----

// In-bounds loops (proven, so vectorized at -O2) compute what they did unchecked, including
// offsets, affine.apply results and a loop that starts inside.
func @shifted(%A: memref<8xi32>, %B: memref<10xi32>) {
  affine.for %i = 1 to 9 {
    %j = affine.apply (d0) -> (d0 - 1) (%i)
    %x = affine.load %A[%j] : memref<8xi32>
    %y = addi %x, %x : i32
    affine.store %y, %B[%i + 1] : memref<10xi32>
  }
  return
}
// run: @shifted([1, 2, 3, 4, 5, 6, 7, 8], zeros(10xi32)); %1 == [0, 0, 2, 4, 6, 8, 10, 12, 14, 16]

// -----

// A subscript that depends on data is checked at every access.
func @gather(%I: memref<4xindex>, %A: memref<4xf32>, %B: memref<4xf32>) {
  affine.for %i = 0 to 4 {
    %k = affine.load %I[%i] : memref<4xindex>
    %x = load %A[%k] : memref<4xf32>
    affine.store %x, %B[%i] : memref<4xf32>
  }
  return
}
// run: @gather([3, 2, 1, 0], [1.0, 2.0, 3.0, 4.0], zeros(4xf32)); %2 == [4.0, 3.0, 2.0, 1.0]
// run: @gather([3, 2, 1, 4], [1.0, 2.0, 3.0, 4.0], zeros(4xf32)) traps "out-of-bounds memref access at checked-default.mlir:52:10"

// -----

// Counted CFG loops: `%i < %n` on the only edge into the body, %i counting up from 0, proves
// `load %A[%i]` (no check); `<=` does not, and the last iteration traps.
func @sum(%A: memref<?xf32>, %le: i1) -> f32 {
  %zero = constant 0.0 : f32
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %n = dim %A, 0 : memref<?xf32>
  br ^loop(%c0, %zero : index, f32)
^loop(%i: index, %acc: f32):
  %lt = cmpi "slt", %i, %n : index
  %le_n = cmpi "sle", %i, %n : index
  %more = select %le, %le_n, %lt : i1
  cond_br %more, ^body, ^exit
^body:
  %x = load %A[%i] : memref<?xf32>
  %s = addf %acc, %x : f32
  %j = addi %i, %c1 : index
  br ^loop(%j, %s : index, f32)
^exit:
  return %acc : f32
}
// run: @sum([1.0, 2.0, 3.0], 0) == 6.0
// run: @sum([1.0, 2.0, 3.0], 1) traps "out-of-bounds memref access at checked-default.mlir:76:8"

// -----

// A counter that starts below 0 is not proven by `slt`: checked, the first iteration traps.
func @from_minus_one(%A: memref<4xi32>) {
  %c4 = constant 4 : index
  %c1 = constant 1 : index
  %m1 = constant -1 : index
  %v = constant 7 : i32
  br ^loop(%m1 : index)
^loop(%i: index):
  %more = cmpi "slt", %i, %c4 : index
  cond_br %more, ^body, ^exit
^body:
  store %v, %A[%i] : memref<4xi32>
  %j = addi %i, %c1 : index
  br ^loop(%j : index)
^exit:
  return
}
// run: @from_minus_one(zeros(4xi32)) traps "out-of-bounds memref access at checked-default.mlir:99:3"
