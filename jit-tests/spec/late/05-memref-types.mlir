// spec: mlir-langref-late.md line 461, memref types with layout maps and a memory space
// The memref types are the argument types of a function declaration.
// test: roundtrip
// Identity index/layout map
#imapA = (d0, d1) -> (d0, d1) size (16, 32)

// Column major layout.
#imapB = (d0, d1, d2) [s0] -> (d2, d1, d0) size (s0, 4, 16)

func @memrefs(
  // The dimension list "16x32" defines the following 2D index space:
  //   { (i, j) : 0 <= i < 16, 0 <= j < 32 }
  memref<16x32xf32, #imapA, memspace0>,
  // The dimension list "16x4x?" defines the following 3D index space:
  //   { (i, j, k) : 0 <= i < 16, 0 <= j < 4, 0 <= k < N }
  memref<16x4x?xf32, #imapB, memspace0>)
// output:
// #imapA = (d0, d1) -> (d0, d1) size (16, 32)
// #imapB = (d0, d1, d2)[s0] -> (d2, d1, d0) size (s0, 4, 16)
//
// func @memrefs(memref<16x32xf32, #imapA, memspace0>, memref<16x4x?xf32, #imapB, memspace0>)
