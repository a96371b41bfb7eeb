// spec: mlir-langref-early.md line 1147, an ML function with for statements (reverse iteration
// of the inner loop) and a two-result affine_apply
// fixed: @F1 and @F2 are declared.
// The two-result `affine_apply` becomes two `affine.apply` ops, one per result.
// test: roundtrip
#map57 = (d0, d1)[s0] -> (d0, s0 - d1 - 1)

extfunc @F1(memref<?x?xf32>, index, index) -> f32
extfunc @F2(f32, memref<?x?xf32>, index, index)

mlfunc @simple_example(%A: memref<?x?xf32>, %B: memref<?x?xf32>) {
  %N = dim %A, 0 : memref<?x?xf32>
  for %i = 0 to %N step 1 {
    for %j = 0 to %N {   // implicitly steps by 1
      %0 = affine_apply #map57(%i, %j)[%N]
      %tmp = call @F1(%A, %0#0, %0#1) : (memref<?x?xf32>, index, index)->(f32)
      call @F2(%tmp, %B, %0#0, %0#1) : (f32, memref<?x?xf32>, index, index)->()
    }
  }
  return
}
// output:
// #map57 = (d0, d1)[s0] -> (d0, -d1 + s0 - 1)
//
// func @F1(memref<?x?xf32>, index, index) -> f32
// func @F2(f32, memref<?x?xf32>, index, index)
//
// func @simple_example(%arg0: memref<?x?xf32>, %arg1: memref<?x?xf32>) {
//   %0 = dim %arg0, 0 : memref<?x?xf32>
//   affine.for %arg2 = 0 to %0 {
//     affine.for %arg3 = 0 to %0 {
//       %1 = affine.apply (d0, d1)[s0] -> (d0)(%arg2, %arg3)[%0]
//       %2 = affine.apply (d0, d1)[s0] -> (-d1 + s0 - 1)(%arg2, %arg3)[%0]
//       %3 = call @F1(%arg0, %1, %2) : (memref<?x?xf32>, index, index) -> f32
//       call @F2(%3, %arg1, %1, %2) : (f32, memref<?x?xf32>, index, index) -> ()
//     }
//   }
//   return
// }
