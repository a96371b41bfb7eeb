// spec: mlir-langref-early.md line 1561, `dma_wait`
// fixed: %tag, %index and %num_elements are function arguments.
// test: roundtrip
func @wait(%tag: memref<1 x i32, (d0) -> (d0), 4>, %index: index, %num_elements: index) {
  dma_wait %tag[%index], %num_elements : memref<1 x i32, (d0) -> (d0), 4>
  return
}
// output:
// func @wait(%arg0: memref<1xi32, 4>, %arg1: index, %arg2: index) {
//   dma_wait %arg0[%arg1], %arg2 : memref<1xi32, 4>
//   return
// }

// -----

func @wait(%tag: memref<1 x i32>, %index: index, %num_elements: index) {
  // expected-error@+1 {{expected 1 tag indices and the number of elements}}
  "std.dma_wait"(%tag, %num_elements) : (memref<1 x i32>, index) -> ()
  return
}
