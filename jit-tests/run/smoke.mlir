// Calls into compiled code: results, traps, and memref arguments written by the callee.

func @add(%a: i32, %b: i32) -> i32 {
  %c = addi %a, %b : i32
  return %c : i32
}
// run: @add(1, 2) == 3
// run: @add(2147483647, 1) == -2147483648

// -----

func @div(%a: i32, %b: i32) -> i32 {
  %c = divis %a, %b : i32
  return %c : i32
}
// run: @div(7, -2) == -3
// run: @div(1, 0) traps "division by zero"
// run: @div(-2147483648, -1) traps "signed overflow"

// -----

func @fill(%A: memref<4xf32>, %v: f32) {
  affine.for %i = 0 to 4 {
    affine.store %v, %A[%i] : memref<4xf32>
  }
  return
}
// run: @fill(zeros(4xf32), 1.5); %0 == [1.5, 1.5, 1.5, 1.5]

// -----

func @sum(%A: memref<?xf32>) -> f32 {
  %z = constant 0.0 : f32
  %n = dim %A, 0 : memref<?xf32>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  br ^loop(%c0, %z : index, f32)
^loop(%i: index, %acc: f32):
  %done = cmpi "sge", %i, %n : index
  cond_br %done, ^exit(%acc : f32), ^body
^body:
  %x = load %A[%i] : memref<?xf32>
  %s = addf %acc, %x : f32
  %j = addi %i, %c1 : index
  br ^loop(%j, %s : index, f32)
^exit(%r: f32):
  return %r : f32
}
// run: @sum([1.0, 2.0, 3.5]) == 6.5
// run: @sum([]) == 0.0
