// spec: mlir-langref-mid.md line 507, allocation and a load with a 2D index
// fixed: #imapA (from line 461) is defined; %i and %j are function arguments.
// test: roundtrip
#imapA = (d0, d1) -> (d0, d1) size (16, 32)
func @index(%i: index, %j: index) -> f32 {
  // Allocates a memref with 2D index space:
  //   { (i, j) : 0 <= i < 16, 0 <= j < 32 }
  %A = alloc() : memref<16x32xf32, #imapA, memspace0>

  // Loads data from memref '%A' using a 2D index: (%i, %j)
  %v = load %A[%i, %j] : memref<16x32xf32, #imapA, memspace0>
  return %v : f32
}
// output:
// #imapA = (d0, d1) -> (d0, d1) size (16, 32)
//
// func @index(%arg0: index, %arg1: index) -> f32 {
//   %0 = alloc() : memref<16x32xf32, #imapA, memspace0>
//   %1 = load %0[%arg0, %arg1] : memref<16x32xf32, #imapA, memspace0>
//   return %1 : f32
// }
