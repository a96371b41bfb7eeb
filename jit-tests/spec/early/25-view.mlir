// spec: mlir-langref-early.md line 1414, `view`
// fixed: #map_a is defined; %A and %0 are function arguments;
// fixed: `%s1 = "divi"(%n1, 2) : (i32, i32) -> i32` divides by a literal operand with types that
//        do not match %n1 (an index); it is `divis %n1, %c2 : index`.
// test: roundtrip
#map_a = (i, j)[s0] -> (i, j) size (16, s0)
#map_b = (i,j)[s0, s1] -> (i + s0, j) size (16, s1)
#map_c = (i,j)[s0, s1] -> (i + s0, j) size (4, s1)

func @views(%A: memref<16x?xf32, #map_a, hbm>, %0: index) {
  // %B is a view of %A with a window of size 4 with offset %0 along the
  // first dimension. The SSA value %0 is bound to the offset symbol of
  // its index map (#map_b)
  %n1 = dim %A, 1 : memref<16x?xf32, #map_a, hbm>
  %B = view memref<16x?xf32, #map_a, hbm> -> memref<4x?xf32, #map_b, hbm>
            (%n1) [%0, %n1] %A : memref<16x?xf32, #map_a, hbm>

  // A view memref that is a dynamic sized slice along an already dynamic
  // sized base memref with the slice size being half the base memref's
  // dynamic size and with an offset of %0
  %c2 = constant 2 : index
  %s1 = divis %n1, %c2 : index
  %C = view memref<16x?xf32, #map_a, hbm> -> memref<4x?xf32, #map_c, hbm>
            (%s1) [%0, %n1] %A : memref<16x?xf32, #map_a, hbm>
  return
}
// output:
// #map_a = (d0, d1)[s0] -> (d0, d1) size (16, s0)
// #map_b = (d0, d1)[s0, s1] -> (d0 + s0, d1) size (16, s1)
// #map_c = (d0, d1)[s0, s1] -> (d0 + s0, d1) size (4, s1)
//
// func @views(%arg0: memref<16x?xf32, #map_a, hbm>, %arg1: index) {
//   %0 = dim %arg0, 1 : memref<16x?xf32, #map_a, hbm>
//   %1 = view memref<4x?xf32, #map_b, hbm> (%0)[%arg1, %0] %arg0 : memref<16x?xf32, #map_a, hbm>
//   %2 = constant 2 : index
//   %3 = divis %0, %2 : index
//   %4 = view memref<4x?xf32, #map_c, hbm> (%3)[%arg1, %0] %arg0 : memref<16x?xf32, #map_a, hbm>
//   return
// }

// -----

#map_b = (i,j)[s0, s1] -> (i + s0, j) size (16, s1)
func @views(%A: memref<16x?xf32>, %0: index) {
  // expected-error@+1 {{operand count 2 does not equal the memref's dynamic dimension count (1) plus its layout symbol count (2)}}
  %B = view memref<4x?xf32, #map_b> (%0) [%0] %A : memref<16x?xf32>
  return
}
