// spec: mlir-langref-early.md line 1535, `dma_start`
// fixed: %src, %dst and the indices are function arguments;
// fixed: the maps of the rank-2 memrefs have two dimensions, `(d0, d1) -> (d0, d1)` (the
//        spec's one-dimensional `(d0) -> (d0)` does not conform to their rank);
// fixed: the tag type `memref<1 x i32>, (d0) -> (d0), 4>` has a misplaced '>'.
// test: roundtrip
func @dma(%src: memref<40 x 8 x vector<16xf32>, (d0, d1) -> (d0, d1), 0>,
          %dst: memref<2 x 4 x vector<16xf32>, (d0, d1) -> (d0, d1), 2>,
          %i: index, %j: index, %k: index, %l: index) {
  %size = constant 32 : index
  %tag = alloc() : memref<1 x i32, (d0) -> (d0), 4>
  %idx = constant 0 : index
  dma_start %src[%i, %j], %dst[%k, %l], %size, %tag[%idx] :
       memref<40 x 8 x vector<16xf32>, (d0, d1) -> (d0, d1), 0>,
       memref<2 x 4 x vector<16xf32>, (d0, d1) -> (d0, d1), 2>,
       memref<1 x i32, (d0) -> (d0), 4>
  return
}
// output:
// func @dma(%arg0: memref<40x8xvector<16xf32>>, %arg1: memref<2x4xvector<16xf32>, 2>, %arg2: index, %arg3: index, %arg4: index, %arg5: index) {
//   %0 = constant 32 : index
//   %1 = alloc() : memref<1xi32, 4>
//   %2 = constant 0 : index
//   dma_start %arg0[%arg2, %arg3], %arg1[%arg4, %arg5], %0, %1[%2] : memref<40x8xvector<16xf32>>, memref<2x4xvector<16xf32>, 2>, memref<1xi32, 4>
//   return
// }
