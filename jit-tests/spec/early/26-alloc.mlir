// spec: mlir-langref-early.md line 1454, `alloc`
// fixed: #layout_map0 and #layout_map1 are defined (the second with two symbols, bound by
//        %x and %y); %M, %N, %x, %y are function arguments of type index.
// test: roundtrip
#layout_map0 = (d0, d1) -> (d1, d0)
#layout_map1 = (d0, d1)[s0, s1] -> (d0 + s0, d1 + s1)
func @allocs(%M: index, %N: index, %x: index, %y: index) {
  // Allocating memref for a fully static shape.
  %A = alloc() : memref<1024x64xf32, #layout_map0, hbm>

  // %M, %N, %x, %y are SSA values of integer type. M and N are bound to the
  // two unknown dimensions of the type and x/y are bound to symbols in
  // #layout_map1.
  %B = alloc(%M, %N)[%x, %y] : memref<?x?xf32, #layout_map1, vmem>
  return
}
// output:
// #layout_map0 = (d0, d1) -> (d1, d0)
// #layout_map1 = (d0, d1)[s0, s1] -> (d0 + s0, d1 + s1)
//
// func @allocs(%arg0: index, %arg1: index, %arg2: index, %arg3: index) {
//   %0 = alloc() : memref<1024x64xf32, #layout_map0, hbm>
//   %1 = alloc(%arg0, %arg1)[%arg2, %arg3] : memref<?x?xf32, #layout_map1, vmem>
//   return
// }

// -----

#layout_map1 = (d0, d1)[s0, s1] -> (d0 + s0, d1 + s1)
func @allocs(%M: index, %N: index, %x: index) {
  // expected-error@+1 {{operand count 3 does not equal the memref's dynamic dimension count (2) plus its layout symbol count (2)}}
  %B = "std.alloc"(%M, %N, %x) : (index, index, index) -> memref<?x?xf32, #layout_map1, vmem>
  return
}
