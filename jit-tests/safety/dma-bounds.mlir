// dma_start copies only inside its memrefs: a number of elements (or a stride) that reaches
// past either buffer, or a negative count, stops with an error before anything is copied. It
// used to copy whatever the count said, past the end of both buffers (a crash from the command
// line). spec: mlir-langref-mid.md, 'dma_start' operation.

func @copy(%src: memref<8xf32>, %dst: memref<8xf32>, %at: index, %n: index) {
  %tag = alloc() : memref<1xi32>
  %c0 = constant 0 : index
  dma_start %src[%at], %dst[%c0], %n, %tag[%c0] : memref<8xf32>, memref<8xf32>, memref<1xi32>
  dma_wait %tag[%c0], %n : memref<1xi32>
  return
}
// run: @copy([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0], zeros(8xf32), 2, 6); %1 == [3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 0.0, 0.0]
// run: @copy([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0], zeros(8xf32), 2, 7) traps "out-of-bounds memref access at dma-bounds.mlir:9:3"; %1 == [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
// run: @copy([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0], zeros(8xf32), 0, 100000000) traps "out-of-bounds"
// run: @copy([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0], zeros(8xf32), 0, -1) traps "out-of-bounds"
// run: @copy([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0], zeros(8xf32), 8, 0) traps "out-of-bounds"

// -----

// Strided: `per` elements at a time, the source advancing `stride` elements per chunk.
func @gather(%src: memref<8xf32>, %dst: memref<8xf32>, %n: index, %stride: index, %per: index) {
  %tag = alloc() : memref<1xi32>
  %c0 = constant 0 : index
  dma_start %src[%c0], %dst[%c0], %n, %tag[%c0], %stride, %per : memref<8xf32>, memref<8xf32>, memref<1xi32>
  dma_wait %tag[%c0], %n : memref<1xi32>
  return
}
// run: @gather([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0], zeros(8xf32), 4, 4, 2); %1 == [1.0, 2.0, 5.0, 6.0, 0.0, 0.0, 0.0, 0.0]
// run: @gather([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0], zeros(8xf32), 6, 4, 2) traps "out-of-bounds"; %1 == [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
// run: @gather([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0], zeros(8xf32), 4, 1000000000000, 2) traps "out-of-bounds"
// run: @gather([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0], zeros(8xf32), 4, 4, 0) traps "division by zero"
