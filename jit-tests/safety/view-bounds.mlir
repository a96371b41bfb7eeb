// A view reaches no further than the memref it views: a view whose extent is larger stops with
// an error where it is taken. Its accesses were checked against the view's own sizes only, and
// ran past the buffer (a crash from the command line). spec: mlir-langref-early.md, 'view'.

func @fixed(%i: index) -> f32 {
  %a = alloc() : memref<4xf32>
  %v = view memref<100000000xf32> () %a : memref<4xf32>
  %x = load %v[%i] : memref<100000000xf32>
  return %x : f32
}
// run: @fixed(3) traps "out-of-bounds memref access at view-bounds.mlir:7:8"

// -----

func @sized(%n: index) -> f32 {
  %a = alloc() : memref<4xf32>
  %one = constant 1.0 : f32
  %c0 = constant 0 : index
  store %one, %a[%c0] : memref<4xf32>
  %v = view memref<?xf32> (%n) %a : memref<4xf32>
  %x = load %v[%c0] : memref<?xf32>
  return %x : f32
}
// run: @sized(4) == 1.0
// run: @sized(2) == 1.0
// run: @sized(5) traps "out-of-bounds memref access at view-bounds.mlir:20:8"
// run: @sized(4611686018427387904) traps "out of memory"
