// spec: mlir-langref-early.md line 1501, `dealloc`
// fixed: #layout is defined and %A is a function argument.
// test: roundtrip
#layout = (d0) -> (d0 floordiv 4, d0 mod 4)
func @f(%A: memref<128 x f32, #layout, hbm>) {
  dealloc %A : memref<128 x f32, #layout, hbm>
  return
}
// output:
// #layout = (d0) -> (d0 floordiv 4, d0 mod 4)
//
// func @f(%arg0: memref<128xf32, #layout, hbm>) {
//   dealloc %arg0 : memref<128xf32, #layout, hbm>
//   return
// }
