// spec: mlir-langref-mid.md line 1442, `dealloc`
// fixed: #layout is defined and %A is a function argument.
// test: roundtrip
#layout = (d0) -> (d0 floordiv 4, d0 mod 4)
func @f(%A: memref<128 x f32, #layout, memspace0>) {
  dealloc %A : memref<128 x f32, #layout, memspace0>
  return
}
// output:
// #layout = (d0) -> (d0 floordiv 4, d0 mod 4)
//
// func @f(%arg0: memref<128xf32, #layout, memspace0>) {
//   dealloc %arg0 : memref<128xf32, #layout, memspace0>
//   return
// }
