// spec: mlir-langref-late.md line 484, symbol capture by alloc
// fixed: `%n = ...` and `%o = ...` are placeholders: %n and %o are function arguments;
// fixed: the type `<16x?xf32, #imapA>` lacks the `memref` keyword.
// test: roundtrip
// Affine map with symbol 's0' used as offset for first dimension.
#imapA = (d0, d1) [s0] -> (d0 + s0, d1)
func @capture(%n: index, %o: index) -> memref<16x?xf32, #imapA> {
  // Allocate memref and bind the following symbols:
  // '%n' is bound to the dynamic second dimension of the memref type.
  // '%o' is bound to the symbol 's0' in the affine map of the memref type.
  %A = alloc (%n)[%o] : memref<16x?xf32, #imapA>
  return %A : memref<16x?xf32, #imapA>
}
// output:
// #imapA = (d0, d1)[s0] -> (d0 + s0, d1)
//
// func @capture(%arg0: index, %arg1: index) -> memref<16x?xf32, #imapA> {
//   %0 = alloc(%arg0)[%arg1] : memref<16x?xf32, #imapA>
//   return %0 : memref<16x?xf32, #imapA>
// }
