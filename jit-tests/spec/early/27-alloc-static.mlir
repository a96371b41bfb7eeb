// spec: mlir-langref-early.md line 1480, `alloc_static`
// fixed: #layout_map0 is defined.
// test: roundtrip
#layout_map0 = (d0, d1) -> (d1, d0)
func @f() {
  %A = alloc_static(0x1232a00) : memref<1024 x 64 x f32, #layout_map0, hbm>
  return
}
// output:
// #layout_map0 = (d0, d1) -> (d1, d0)
//
// func @f() {
//   %0 = alloc_static(0x1232a00) : memref<1024x64xf32, #layout_map0, hbm>
//   return
// }

// -----

func @f() {
  // expected-error@+1 {{requires a static shape}}
  %A = alloc_static(0x1232a00) : memref<? x 64 x f32>
  return
}
