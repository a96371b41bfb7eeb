// spec: mlir-rationale.md line 575, "Non-affine control flow": a linear search
// fixed: `%S: <?xi32>` lacks `memref`; the call's type lacks its result part `-> ()`;
// fixed: %i and %j index memrefs, so they are of type index (and the call passes an index);
// fixed: `br ^bb1(0)` passes a literal: a `constant 0 : index` is passed, with its type;
// fixed: block labels end with ':'; `^bb3(%j: i32)` redefines %j: its argument is %jj;
// fixed: `cmpi "lt"` is `cmpi "slt"`; `cond_br .. ^bb3(%j)` gets the type `^bb3(%j : index)`;
// fixed: %j stored into an i32 memref is converted with index_cast.
// test: roundtrip
func @search(%A: memref<?x?xi32>, %S: memref<?xi32>, %key : i32) {
  %ni = dim %A, 0 : memref<?x?xi32>
  // This loop can be parallelized
  affine.for %i = 0 to %ni {
    call @search_body (%A, %S, %key, %i) : (memref<?x?xi32>, memref<?xi32>, i32, index) -> ()
  }
  return
}

func @search_body(%A: memref<?x?xi32>, %S: memref<?xi32>, %key: i32, %i : index) {
  %nj = dim %A, 1 : memref<?x?xi32>
  %c0 = constant 0 : index
  br ^bb1(%c0 : index)

^bb1(%j: index):
  %p1 = cmpi "slt", %j, %nj : index
  cond_br %p1, ^bb2, ^bb5

^bb2:
  %v = affine.load %A[%i, %j] : memref<?x?xi32>
  %p2 = cmpi "eq", %v, %key : i32
  cond_br %p2, ^bb3(%j : index), ^bb4

^bb3(%jj: index):
  %jv = index_cast %jj : index to i32
  affine.store %jv, %S[%i] : memref<?xi32>
  br ^bb5

^bb4:
  %c1 = constant 1 : index
  %jinc = addi %j, %c1 : index
  br ^bb1(%jinc : index)

^bb5:
  return
}
// output:
// func @search(%arg0: memref<?x?xi32>, %arg1: memref<?xi32>, %arg2: i32) {
//   %0 = dim %arg0, 0 : memref<?x?xi32>
//   affine.for %arg3 = 0 to %0 {
//     call @search_body(%arg0, %arg1, %arg2, %arg3) : (memref<?x?xi32>, memref<?xi32>, i32, index) -> ()
//   }
//   return
// }
//
// func @search_body(%arg0: memref<?x?xi32>, %arg1: memref<?xi32>, %arg2: i32, %arg3: index) {
//   %0 = dim %arg0, 1 : memref<?x?xi32>
//   %1 = constant 0 : index
//   br ^bb1(%1 : index)
// ^bb1(%2: index):
//   %3 = cmpi "slt", %2, %0 : index
//   cond_br %3, ^bb2, ^bb5
// ^bb2:
//   %4 = affine.load %arg0[%arg3, %2] : memref<?x?xi32>
//   %5 = cmpi "eq", %4, %arg2 : i32
//   cond_br %5, ^bb3(%2 : index), ^bb4
// ^bb3(%6: index):
//   %7 = index_cast %6 : index to i32
//   affine.store %7, %arg1[%arg3] : memref<?xi32>
//   br ^bb5
// ^bb4:
//   %8 = constant 1 : index
//   %9 = addi %2, %8 : index
//   br ^bb1(%9 : index)
// ^bb5:
//   return
// }
