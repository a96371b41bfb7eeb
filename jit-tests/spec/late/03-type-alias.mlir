// spec: mlir-langref-late.md line 258, type aliases
// fixed: the ops use %x, so they are placed in a function with argument %x;
// fixed: the first op's function type `vector<4 x f32> -> ()` lacks the parentheses the grammar
//        requires around the inputs; the second keeps the spelling of the spec, which is invalid:
// test: roundtrip
!avx_m128 = type vector<4 x f32>

func @use(%x: vector<4 x f32>) {
  // Using the original type.
  "foo"(%x) : (vector<4 x f32>) -> ()
  // Using the type alias.
  "foo"(%x) : (!avx_m128) -> ()
  return
}
// output:
// !avx_m128 = type vector<4xf32>
//
// func @use(%arg0: !avx_m128) {
//   "foo"(%arg0) : (!avx_m128) -> ()
//   "foo"(%arg0) : (!avx_m128) -> ()
//   return
// }

// -----

func @use(%x: vector<4 x f32>) {
  // expected-error@+1 {{expected function type}}
  "foo"(%x) : vector<4 x f32> -> ()
  return
}
