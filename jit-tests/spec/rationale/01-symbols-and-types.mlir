// spec: mlir-rationale.md line 137, "Symbols and types": a dynamic dimension queried with dim
// fixed: the functions are written `func @foo`, `func @bar` with typed arguments; #lmap is
//        defined; `...` dropped; `alloc <8x?xf32, #lmap> (%N)` is `alloc(%N) : memref<..>`;
//        the call has its full type; `add %s1, 1` is `addf` of a `constant 1.0 : f32`.
// test: roundtrip
#lmap = (d0, d1) -> (d1, d0)
func @foo(%N: index) {
  %A = alloc(%N) : memref<8x?xf32, #lmap>
  call @bar(%A) : (memref<8x?xf32, #lmap>) -> ()
  return
}
func @bar(%A : memref<8x?xf32, #lmap>) {
  // Type of %A indicates that %A has dynamic shape with 8 rows
  // and unknown number of columns. The number of columns is queried
  // dynamically using dim instruction.
  %N = dim %A, 1 : memref<8x?xf32, #lmap>
  %one = constant 1.0 : f32

  affine.for %i = 0 to 8 {
    affine.for %j = 0 to %N {
      // A[i,j] += 1
      %s1 = affine.load %A[%i, %j] : memref<8x?xf32, #lmap>
      %s2 = addf %s1, %one : f32
      affine.store %s2, %A[%i, %j] : memref<8x?xf32, #lmap>
    }
  }
  return
}
// output:
// #lmap = (d0, d1) -> (d1, d0)
//
// func @foo(%arg0: index) {
//   %0 = alloc(%arg0) : memref<8x?xf32, #lmap>
//   call @bar(%0) : (memref<8x?xf32, #lmap>) -> ()
//   return
// }
//
// func @bar(%arg0: memref<8x?xf32, #lmap>) {
//   %0 = dim %arg0, 1 : memref<8x?xf32, #lmap>
//   %1 = constant 1.0 : f32
//   affine.for %arg1 = 0 to 8 {
//     affine.for %arg2 = 0 to %0 {
//       %2 = affine.load %arg0[%arg1, %arg2] : memref<8x?xf32, #lmap>
//       %3 = addf %2, %1 : f32
//       affine.store %3, %arg0[%arg1, %arg2] : memref<8x?xf32, #lmap>
//     }
//   }
//   return
// }
