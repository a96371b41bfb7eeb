// options: bounds-checks
// With bounds checks, memory freed by dealloc is not handed out again during the call: a memref
// used after its dealloc reads its own old elements, never another buffer's.
// spec: mlir-langref-mid.md, dealloc ("the memref should not be accessed after this operation").

func @stale() -> f32 {
  %c0 = constant 0 : index
  %n = constant 1024 : index
  %a = alloc(%n) : memref<?xf32>
  %seven = constant 7.0 : f32
  store %seven, %a[%c0] : memref<?xf32>
  dealloc %a : memref<?xf32>
  %b = alloc(%n) : memref<?xf32>
  %other = constant 42.0 : f32
  store %other, %b[%c0] : memref<?xf32>
  %x = load %a[%c0] : memref<?xf32>
  return %x : f32
}
// run: @stale() == 7.0

// -----

func @twice() {
  %a = alloc() : memref<4xf32>
  dealloc %a : memref<4xf32>
  dealloc %a : memref<4xf32>
  return
}
// run: @twice() traps "dealloc of memory not allocated by alloc"
