// dma_start, dma_wait.
// spec: mlir-langref-mid.md "'dma_start' operation", "'dma_wait' operation".

func @dma(%src: memref<40x128xf32>, %dst: memref<2x1024xf32, 1>, %tag: memref<1xi32, 2>, %i: index, %n: index) {
  dma_start %src[%i, %i], %dst[%i, %i], %n, %tag[%i] : memref<40x128xf32>, memref<2x1024xf32, 1>, memref<1xi32, 2>
  dma_wait %tag[%i], %n : memref<1xi32, 2>
  return
}

// -----

// The strided form: a stride and the number of elements per stride follow the tag.
func @strided(%src: memref<40x128xf32>, %dst: memref<2x1024xf32, 1>, %tag: memref<1xi32, 2>, %i: index, %n: index) {
  dma_start %src[%i, %i], %dst[%i, %i], %n, %tag[%i], %n, %i : memref<40x128xf32>, memref<2x1024xf32, 1>, memref<1xi32, 2>
  return
}

// -----

func @rank0_tag(%src: memref<4xf32>, %dst: memref<4xf32>, %tag: memref<i32>, %i: index) {
  dma_start %src[%i], %dst[%i], %i, %tag[] : memref<4xf32>, memref<4xf32>, memref<i32>
  dma_wait %tag[], %i : memref<i32>
  return
}

// -----

func @element_types(%src: memref<4xf32>, %dst: memref<4xf64>, %tag: memref<1xi32>, %i: index) {
  // expected-error@+1 {{'std.dma_start' op source and destination must have the same element type, but got 'f32' and 'f64'}}
  dma_start %src[%i], %dst[%i], %i, %tag[%i] : memref<4xf32>, memref<4xf64>, memref<1xi32>
  return
}

// -----

func @index_types(%src: memref<4xf32>, %tag: memref<1xi32>, %i: index, %j: i32) {
  // expected-error@+1 {{'std.dma_start' op indices, sizes and strides must be of 'index' type, but got 'i32'}}
  "std.dma_start"(%src, %j, %src, %i, %i, %tag, %i) : (memref<4xf32>, i32, memref<4xf32>, index, index, memref<1xi32>, index) -> ()
  return
}

// -----

func @source_kind(%t: tensor<4xf32>, %dst: memref<4xf32>, %tag: memref<1xi32>, %i: index) {
  // expected-error@+1 {{expected source to be of memref type}}
  dma_start %t[%i], %dst[%i], %i, %tag[%i] : tensor<4xf32>, memref<4xf32>, memref<1xi32>
  return
}

// -----

func @tag_kind(%src: memref<4xf32>, %dst: memref<4xf32>, %tag: i32, %i: index) {
  // expected-error@+1 {{expected tag to be of memref type}}
  dma_start %src[%i], %dst[%i], %i, %tag[] : memref<4xf32>, memref<4xf32>, i32
  return
}

// -----

func @type_count(%src: memref<4xf32>, %dst: memref<4xf32>, %tag: memref<1xi32>, %i: index) {
  // expected-error@+1 {{expected three memref types: source, destination and tag}}
  dma_start %src[%i], %dst[%i], %i, %tag[%i] : memref<4xf32>, memref<4xf32>
  return
}

// -----

func @generic_missing_indices(%src: memref<4x4xf32>) {
  // expected-error@+1 {{'std.dma_start' op expected 2 indices for the source memref}}
  "std.dma_start"(%src) : (memref<4x4xf32>) -> ()
  return
}

// -----

func @generic_stride_count(%src: memref<4xf32>, %tag: memref<1xi32>, %i: index) {
  // expected-error@+1 {{'std.dma_start' op expected no stride operands or two (stride, elements per stride), but found 1}}
  "std.dma_start"(%src, %i, %src, %i, %i, %tag, %i, %i) : (memref<4xf32>, index, memref<4xf32>, index, index, memref<1xi32>, index, index) -> ()
  return
}

// -----

func @wait_indices(%tag: memref<1x1xi32>, %n: index) {
  // expected-error@+1 {{'std.dma_wait' op expected 2 tag indices and the number of elements, but found 2 operands after the tag}}
  "std.dma_wait"(%tag, %n, %n) : (memref<1x1xi32>, index, index) -> ()
  return
}

// -----

func @wait_tag_kind(%n: index) {
  // expected-error@+1 {{expected tag to be of memref type}}
  dma_wait %n[], %n : index
  return
}

// -----

func @wait_index_type(%tag: memref<1xi32>, %n: i32) {
  // expected-error@+1 {{'std.dma_wait' op index or size #0 must be of 'index' type, but got 'i32'}}
  "std.dma_wait"(%tag, %n, %n) : (memref<1xi32>, i32, i32) -> ()
  return
}
