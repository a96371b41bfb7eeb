// Allocation sizes never wrap around: a byte size that does not fit, or a negative dimension,
// stops the call with an error instead of allocating a small buffer that accesses run past.
// spec: mlir-langref-mid.md, alloc ("allocates a region of memory ... as specified by its type").

func @fill(%n: index, %m: index) -> f32 {
  %a = alloc(%n, %m) : memref<?x?xf32>
  %c0 = constant 0 : index
  %one = constant 1.0 : f32
  store %one, %a[%c0, %c0] : memref<?x?xf32>
  %x = load %a[%c0, %c0] : memref<?x?xf32>
  dealloc %a : memref<?x?xf32>
  return %x : f32
}
// run: @fill(2, 3) == 1.0
// run: @fill(4294967296, 4294967296) traps "out of memory"
// run: @fill(4611686018427387904, 1) traps "the buffer's size in bytes does not fit"
// run: @fill(-1, 4) traps "out of memory"

// -----

func @huge() -> f32 {
  %a = alloc() : memref<4611686018427387904x4xf32>
  %c0 = constant 0 : index
  %x = load %a[%c0, %c0] : memref<4611686018427387904x4xf32>
  return %x : f32
}
// run: @huge() traps "out of memory"
