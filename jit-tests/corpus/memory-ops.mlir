// Memory operations as MLIR's 2019 memory-ops tests used them. Written for Strata in that
// style (not copied).

#map0 = (d0, d1) -> (d0, d1)
#map1 = (d0, d1)[s0] -> (d0 + s0, d1)

func @alloc() {
^bb0:
  %0 = alloc() : memref<1024x64xf32, #map0, 1>
  %c0 = "std.constant"() {value = 0: index} : () -> index
  %c1 = "std.constant"() {value = 1: index} : () -> index
  %1 = alloc(%c0, %c1) : memref<?x?xf32, #map0, 1>
  %2 = alloc(%c0)[%c1] : memref<2x?xf32, #map1, 1>
  %3 = alloc(%c1) : memref<2x?xf32>
  %4 = alloc() : memref<2xi32>
  %5 = alloc() : memref<f32>
  return
}

func @dealloc() {
^bb0:
  %0 = alloc() : memref<1024x64xf32, #map0, 0>
  dealloc %0 : memref<1024x64xf32, #map0, 0>
  %1 = alloc() : memref<1024x64xf32>
  dealloc %1 : memref<1024x64xf32>
  return
}

func @load_store() {
^bb0:
  %0 = alloc() : memref<1024x64xf32, #map0, 1>
  %1 = constant 0 : index
  %2 = constant 1 : index
  %3 = load %0[%1, %2] : memref<1024x64xf32, #map0, 1>
  store %3, %0[%1, %2] : memref<1024x64xf32, #map0, 1>
  return
}

func @dma_ops() {
  %c0 = constant 0 : index
  %stride = constant 32 : index
  %elt_per_stride = constant 16 : index
  %A = alloc() : memref<256 x f32, (d0) -> (d0), 0>
  %Ah = alloc() : memref<256 x f32, (d0) -> (d0), 1>
  %tag = alloc() : memref<1 x f32>
  %num_elements = constant 256 : index
  dma_start %A[%c0], %Ah[%c0], %num_elements, %tag[%c0] : memref<256 x f32>, memref<256 x f32, 1>, memref<1 x f32>
  dma_wait %tag[%c0], %num_elements : memref<1 x f32>
  dma_start %A[%c0], %Ah[%c0], %num_elements, %tag[%c0], %stride, %elt_per_stride : memref<256 x f32>, memref<256 x f32, 1>, memref<1 x f32>
  dma_wait %tag[%c0], %num_elements : memref<1 x f32>
  return
}

func @tensor_load_store(%0 : memref<4x4xi32>) {
  %1 = tensor_load %0 : memref<4x4xi32>
  tensor_store %1, %0 : memref<4x4xi32>
  return
}

func @alloc_static_and_views() {
  %0 = alloc_static(0x1000) : memref<16x16xf32>
  %1 = reshape %0 : memref<16x16xf32> () : memref<256xf32>
  %n = constant 4 : index
  %2 = view memref<4x?xf32, (d0, d1)[s0, s1] -> (d0 + s0, d1) size (16, s1)> (%n)[%n, %n] %0 : memref<16x16xf32>
  return
}

func @affine_memory(%A: memref<100x100xf32>) {
  affine.for %i = 0 to 100 {
    affine.for %j = 0 to 100 {
      %v = affine.load %A[%i, %j] : memref<100x100xf32>
      %w = affine.load %A[%i * 2 floordiv 4, %j + 3] : memref<100x100xf32>
      %s = addf %v, %w : f32
      affine.store %s, %A[%j, %i] : memref<100x100xf32>
    }
  }
  return
}
