// Memrefs: alloc/dealloc, static and dynamic shapes, dim, load/store, non-identity layouts,
// memory spaces, alloc_static, view, reshape, memref_cast, DMA as synchronous copies.
// spec: mlir-langref-mid.md "Memory Operations", "Index Map", "Layout Map"; mlir-langref-early.md
// "'view'", "'reshape'".

func @dyn(%n: index) -> (memref<?x3xi32>, index) {
  %m = alloc(%n) : memref<?x3xi32>
  affine.for %i = 0 to %n {
    affine.for %j = 0 to 3 {
      %k = affine.apply (d0, d1) -> (d0 * 10 + d1)(%i, %j)
      %v = index_cast %k : index to i32
      store %v, %m[%i, %j] : memref<?x3xi32>
    }
  }
  %d = dim %m, 0 : memref<?x3xi32>
  return %m, %d : memref<?x3xi32>, index
}
// run: @dyn(2) == [[0, 1, 2], [10, 11, 12]], 2
// run: @dyn(0) == [], 0

// -----

// Column-major: (d0, d1) -> (d1, d0) stores element [i][j] at j * rows + i.
#col = (d0, d1) -> (d1, d0)
func @colmajor() -> (memref<2x3xf32>, f32, f32) {
  %m = alloc() : memref<2x3xf32, #col>
  %flat = alloc() : memref<2x3xf32>
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 3 {
      %k = affine.apply (d0, d1) -> (d0 * 3 + d1)(%i, %j)
      %ki = index_cast %k : index to i32
      %v = sitofp %ki : i32 to f32
      store %v, %m[%i, %j] : memref<2x3xf32, #col>
    }
  }
  // Read the buffer back through a row-major view of the same bytes: a reshape to 6 then 3x2.
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %a = load %m[%c1, %c0] : memref<2x3xf32, #col>
  %b = load %m[%c0, %c1] : memref<2x3xf32, #col>
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 3 {
      %v = load %m[%i, %j] : memref<2x3xf32, #col>
      store %v, %flat[%i, %j] : memref<2x3xf32>
    }
  }
  return %flat, %a, %b : memref<2x3xf32>, f32, f32
}
// run: @colmajor() == [[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]], 3.0, 1.0

// -----

// A column-major argument: the DLTensor must carry the strides of the layout.
#col = (d0, d1) -> (d1, d0)
func @read_col(%m: memref<2x2xf32, #col>) -> f32 {
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %v = load %m[%c0, %c1] : memref<2x2xf32, #col>
  return %v : f32
}
// run: @read_col([[1.0, 2.0], [3.0, 4.0]]) fails "strides are null (compact row-major)"

// -----

// A tiled layout: (d0) -> (d0 floordiv 4, d0 mod 4) over 10 elements has 3 x 4 physical slots;
// a returned memref with this layout comes back as a compact copy.
#tiled = (d0) -> (d0 floordiv 4, d0 mod 4)
func @tiled() -> memref<10xi64, #tiled> {
  %m = alloc() : memref<10xi64, #tiled>
  affine.for %i = 0 to 10 {
    %v = index_cast %i : index to i64
    %sq = muli %v, %v : i64
    store %sq, %m[%i] : memref<10xi64, #tiled>
  }
  return %m : memref<10xi64, #tiled>
}
// run: @tiled() == [0, 1, 4, 9, 16, 25, 36, 49, 64, 81]

// -----

// Layout symbols bound by alloc: (d0)[s0] -> (d0 + s0) leaves s0 slots before element 0.
#shift = (d0)[s0] -> (d0 + s0)
func @shifted(%s: index) -> (f64, f64) {
  %m = alloc()[%s] : memref<4xf64, #shift>
  %c3 = constant 3 : index
  %x = constant 2.5 : f64
  store %x, %m[%c3] : memref<4xf64, #shift>
  %v = load %m[%c3] : memref<4xf64, #shift>
  %c0 = constant 0 : index
  %w = load %m[%c0] : memref<4xf64, #shift>
  return %v, %w : f64, f64
}
// run: @shifted(5) == 2.5, 0.0

// -----

// Memory spaces are all host memory on the CPU.
func @spaces(%a: memref<4xi8, 1>) -> i8 {
  %b = alloc() : memref<4xi8, 2>
  %c = constant 2 : index
  %v = load %a[%c] : memref<4xi8, 1>
  store %v, %b[%c] : memref<4xi8, 2>
  %w = load %b[%c] : memref<4xi8, 2>
  dealloc %b : memref<4xi8, 2>
  return %w : i8
}
// run: @spaces([1, 2, 3, 4]) == 3

// -----

// alloc_static names one buffer owned by the compiled module: it keeps its contents between
// calls and both ops with the same literal see the same memory.
func @counter() -> i32 {
  %m = alloc_static(0x1000) : memref<1xi32>
  %c0 = constant 0 : index
  %v = load %m[%c0] : memref<1xi32>
  %one = constant 1 : i32
  %n = addi %v, %one : i32
  store %n, %m[%c0] : memref<1xi32>
  return %n : i32
}
func @peek() -> i32 {
  %m = alloc_static(0x1000) : memref<1xi32>
  %c0 = constant 0 : index
  %v = load %m[%c0] : memref<1xi32>
  return %v : i32
}
// run: @peek() == 0
// run: @counter() == 1
// run: @counter() == 2
// run: @peek() == 2

// -----

// dealloc of memory not from alloc, or freed twice, is an error, not a crash.
func @double_free() {
  %m = alloc() : memref<4xf32>
  dealloc %m : memref<4xf32>
  dealloc %m : memref<4xf32>
  return
}
func @free_arg(%m: memref<4xf32>) {
  dealloc %m : memref<4xf32>
  return
}
// run: @double_free() traps "dealloc of memory not allocated by alloc"
// run: @free_arg(zeros(4xf32)) traps "dealloc of memory not allocated by alloc"

// -----

func @casts(%m: memref<?xf32>) -> (memref<4xf32>, index) {
  %s = memref_cast %m : memref<?xf32> to memref<4xf32>
  %d = memref_cast %s : memref<4xf32> to memref<?xf32>
  %n = dim %d, 0 : memref<?xf32>
  return %s, %n : memref<4xf32>, index
}
// run: @casts([1.0, 2.0, 3.0, 4.0]) == [1.0, 2.0, 3.0, 4.0], 4
// run: @casts([1.0, 2.0]) traps "shape mismatch in cast"

// -----

// reshape and view: new descriptors over the same buffer.
#window = (d0, d1)[s0, s1] -> (d0 + s0, d1) size (4, s1)
func @views(%n: index) -> (memref<2x6xi32>, i32, i32) {
  %m = alloc() : memref<12xi32>
  affine.for %i = 0 to 12 {
    %v = index_cast %i : index to i32
    store %v, %m[%i] : memref<12xi32>
  }
  %r = reshape %m : memref<12xi32> () : memref<2x6xi32>
  %g = reshape %m : memref<12xi32> () : memref<4x3xi32>
  %c3 = constant 3 : index
  %w = view memref<2x?xi32, #window> (%c3)[%n, %c3] %g : memref<4x3xi32>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %a = load %w[%c0, %c1] : memref<2x?xi32, #window>
  %b = load %w[%c1, %c0] : memref<2x?xi32, #window>
  return %r, %a, %b : memref<2x6xi32>, i32, i32
}
// The window starts at row s0 = 1 of the 4x3 grid: [0][1] is element 4, [1][0] is element 6.
// run: @views(1) == [[0, 1, 2, 3, 4, 5], [6, 7, 8, 9, 10, 11]], 4, 6
// run: @views(0) == [[0, 1, 2, 3, 4, 5], [6, 7, 8, 9, 10, 11]], 1, 3

// -----

func @dma(%src: memref<8xf32>, %dst: memref<8xf32, 1>) {
  %tag = alloc() : memref<1xi32>
  %c0 = constant 0 : index
  %c2 = constant 2 : index
  %n = constant 4 : index
  dma_start %src[%c2], %dst[%c0], %n, %tag[%c0] : memref<8xf32>, memref<8xf32, 1>, memref<1xi32>
  dma_wait %tag[%c0], %n : memref<1xi32>
  dealloc %tag : memref<1xi32>
  return
}
// run: @dma([0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0], zeros(8xf32)); %1 == [2.0, 3.0, 4.0, 5.0, 0.0, 0.0, 0.0, 0.0]

// -----

// Strided DMA: 4 elements in chunks of 2, source advancing 3 elements per chunk.
func @dma_strided(%src: memref<8xi16>, %dst: memref<4xi16>) {
  %tag = alloc() : memref<1xi32>
  %c0 = constant 0 : index
  %n = constant 4 : index
  %stride = constant 3 : index
  %per = constant 2 : index
  dma_start %src[%c0], %dst[%c0], %n, %tag[%c0], %stride, %per : memref<8xi16>, memref<4xi16>, memref<1xi32>
  dma_wait %tag[%c0], %n : memref<1xi32>
  return
}
// run: @dma_strided([0, 1, 2, 3, 4, 5, 6, 7], zeros(4xi16)); %1 == [0, 1, 3, 4]

// -----

// Vectors as memref elements.
func @vec_elems(%m: memref<2xvector<4xf32>>) -> vector<4xf32> {
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %a = load %m[%c0] : memref<2xvector<4xf32>>
  %b = load %m[%c1] : memref<2xvector<4xf32>>
  %s = addf %a, %b : vector<4xf32>
  store %s, %m[%c0] : memref<2xvector<4xf32>>
  return %s : vector<4xf32>
}
// run: @vec_elems([[1.0, 2.0, 3.0, 4.0], [10.0, 20.0, 30.0, 40.0]]) == [11.0, 22.0, 33.0, 44.0]; %0 == [[11.0, 22.0, 33.0, 44.0], [10.0, 20.0, 30.0, 40.0]]
