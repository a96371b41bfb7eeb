// spec: mlir-langref-early.md line 1280, `affine_apply` with named and inline maps
// fixed: `...` dropped; %s, %t, %42 and %n are function arguments.
// test: roundtrip
#map10 = (d0, d1) -> (floordiv(d0,8), floordiv(d1,128),
                      d0 mod 8, d1 mod 128)
mlfunc @f(%s: index, %t: index, %42: index, %n: index) -> (index, index) {
  %1 = affine_apply #map10 (%s, %t)

  // Inline example.
  %2 = affine_apply (i)[s0] -> (i+s0) (%42)[%n]
  return %1#3, %2 : index, index
}
// output:
// #map10 = (d0, d1) -> (d0 floordiv 8, d1 floordiv 128, d0 mod 8, d1 mod 128)
//
// func @f(%arg0: index, %arg1: index, %arg2: index, %arg3: index) -> (index, index) {
//   %0 = affine.apply (d0, d1) -> (d0 floordiv 8)(%arg0, %arg1)
//   %1 = affine.apply (d0, d1) -> (d1 floordiv 128)(%arg0, %arg1)
//   %2 = affine.apply (d0, d1) -> (d0 mod 8)(%arg0, %arg1)
//   %3 = affine.apply (d0, d1) -> (d1 mod 128)(%arg0, %arg1)
//   %4 = affine.apply (d0)[s0] -> (d0 + s0)(%arg2)[%arg3]
//   return %3, %4 : index, index
// }

// -----

#map10 = (d0, d1) -> (d0 floordiv 8 + d1 mod 128)
func @f(%s: index) {
  // expected-error@+1 {{dimension or symbol index mismatch}}
  %1 = affine.apply #map10 (%s)
  return
}

// -----

func @f(%s: index) {
  // expected-error@+1 {{mapping must produce one value}}
  %1 = affine.apply (d0) -> (d0, d0) (%s)
  return
}
