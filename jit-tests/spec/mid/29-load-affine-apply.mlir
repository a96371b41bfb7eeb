// spec: mlir-langref-mid.md line 1556, `load` with indices from `affine.apply`
// fixed: #layout is defined; %A, %i, %j are function arguments;
// fixed: the "indirect load" applies a map to %12, an i32: affine.apply takes index operands,
//        so %12 is converted with index_cast first;
// fixed: the second load names %A with another type (`memref<4x?xi32..>`); it uses %A's type.
// test: roundtrip
#layout = (d0, d1) -> (d1, d0)
func @loads(%A: memref<8x?xi32, #layout, memspace0>, %i: index, %j: index) -> i32 {
  %1 = affine.apply (d0, d1) -> (3*d0) (%i, %j)
  %2 = affine.apply (d0, d1) -> (d1+1) (%i, %j)
  %12 = load %A[%1, %2] : memref<8x?xi32, #layout, memspace0>

  // Example of an indirect load (treated as non-affine)
  %i12 = index_cast %12 : i32 to index
  %3 = affine.apply (d0) -> (2*d0 + 1)(%i12)
  %13 = load %A[%3, %2] : memref<8x?xi32, #layout, memspace0>
  return %13 : i32
}
// output:
// #layout = (d0, d1) -> (d1, d0)
//
// func @loads(%arg0: memref<8x?xi32, #layout, memspace0>, %arg1: index, %arg2: index) -> i32 {
//   %0 = affine.apply (d0, d1) -> (d0 * 3)(%arg1, %arg2)
//   %1 = affine.apply (d0, d1) -> (d1 + 1)(%arg1, %arg2)
//   %2 = load %arg0[%0, %1] : memref<8x?xi32, #layout, memspace0>
//   %3 = index_cast %2 : i32 to index
//   %4 = affine.apply (d0) -> (d0 * 2 + 1)(%3)
//   %5 = load %arg0[%4, %1] : memref<8x?xi32, #layout, memspace0>
//   return %5 : i32
// }

// -----

func @loads(%A: memref<8x?xi32>, %i: index) -> i32 {
  %12 = load %A[%i, %i] : memref<8x?xi32>
  // expected-error@+1 {{operands must be of type 'index'}}
  %3 = "affine.apply"(%12) {map = (d0) -> (2*d0 + 1)} : (i32) -> index
  return %12 : i32
}

// -----

func @loads(%A: memref<8x?xi32>, %i: index) -> i32 {
  // expected-error@+1 {{index count 1 does not match memref rank 2}}
  %12 = load %A[%i] : memref<8x?xi32>
  return %12 : i32
}
