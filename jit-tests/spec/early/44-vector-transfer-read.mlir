// spec: mlir-langref-early.md lines 1978 and 2021, `vector_transfer_read`
// fixed: `constant 0.0f` has a C suffix: `constant 0.0 : f32`;
// fixed: %A, the loop bounds %0, %1, %2 and the indices %expr1..4 are function arguments;
// fixed: the second loop nest reads a rank-2 memref, so it has its own argument %A2;
// fixed: the first read has five operands but its type lists four: `index` is added;
// (`}}}` closing three loop nests on one line is accepted as written).
// test: roundtrip
mlfunc @reads(%A: memref<?x?x?xf32>, %A2: memref<?x?xf32>, %0: index, %1: index, %2: index) {
  // Read the slice `%A[%i0, %i1:%i1+256, %i2:%i2+32]` into vector<32x256xf32> and
  // pad with %f0 to handle the boundary case:
  %f0 = constant 0.0 : f32
  for %i0 = 0 to %0 {
    for %i1 = 0 to %1 step 256 {
      for %i2 = 0 to %2 step 32 {
        %v = vector_transfer_read %A, %i0, %i1, %i2, %f0
             {permutation_map: (d0, d1, d2) -> (d2, d1)} :
             (memref<?x?x?xf32>, index, index, index, f32) -> vector<32x256xf32>
  }}}
  // Read the slice `%A[%i0, %i1]` (i.e. the element `%A[%i0, %i1]`) into
  // vector<128xf32>. The underlying implementation will require a 1-D vector
  // broadcast:
  for %i0 = 0 to %0 {
    for %i1 = 0 to %1 {
      %3 = vector_transfer_read %A2, %i0, %i1
           {permutation_map: (d0, d1) -> (0)} :
           (memref<?x?xf32>, index, index) -> vector<128xf32>
    }
  }
  return
}
// output:
// func @reads(%arg0: memref<?x?x?xf32>, %arg1: memref<?x?xf32>, %arg2: index, %arg3: index, %arg4: index) {
//   %0 = constant 0.0 : f32
//   affine.for %arg5 = 0 to %arg2 {
//     affine.for %arg6 = 0 to %arg3 step 256 {
//       affine.for %arg7 = 0 to %arg4 step 32 {
//         %1 = vector_transfer_read %arg0, %arg5, %arg6, %arg7, %0 {permutation_map = (d0, d1, d2) -> (d2, d1)} : (memref<?x?x?xf32>, index, index, index, f32) -> vector<32x256xf32>
//       }
//     }
//   }
//   affine.for %arg8 = 0 to %arg2 {
//     affine.for %arg9 = 0 to %arg3 {
//       %2 = vector_transfer_read %arg1, %arg8, %arg9 {permutation_map = (d0, d1) -> (0)} : (memref<?x?xf32>, index, index) -> vector<128xf32>
//     }
//   }
//   return
// }

// -----

func @read(%A: memref<?x?x?x?xf32>, %expr1: index, %expr2: index, %expr3: index, %expr4: index) -> vector<3x4x5xf32> {
  %r = vector_transfer_read %A, %expr1, %expr2, %expr3, %expr4
    { permutation_map : (d0,d1,d2,d3) -> (d2,0,d0) } :
    (memref<?x?x?x?xf32>, index, index, index, index) -> vector<3x4x5xf32>
  return %r : vector<3x4x5xf32>
}
// output:
// func @read(%arg0: memref<?x?x?x?xf32>, %arg1: index, %arg2: index, %arg3: index, %arg4: index) -> vector<3x4x5xf32> {
//   %0 = vector_transfer_read %arg0, %arg1, %arg2, %arg3, %arg4 {permutation_map = (d0, d1, d2, d3) -> (d2, 0, d0)} : (memref<?x?x?x?xf32>, index, index, index, index) -> vector<3x4x5xf32>
//   return %0 : vector<3x4x5xf32>
// }

// -----

func @read(%A: memref<?x?xf32>, %i: index) -> vector<4xf32> {
  // expected-error@+1 {{requires a permutation_map with input dims of the same rank as the memref type (2, and no symbols)}}
  %r = vector_transfer_read %A, %i, %i {permutation_map: (d0) -> (d0)} : (memref<?x?xf32>, index, index) -> vector<4xf32>
  return %r : vector<4xf32>
}

// -----

func @read(%A: memref<?x?xf32>, %i: index) -> vector<4x4xf32> {
  // expected-error@+1 {{requires a permutation_map that is a permutation (found one dim used more than once)}}
  %r = vector_transfer_read %A, %i, %i {permutation_map: (d0, d1) -> (d0, d0)} : (memref<?x?xf32>, index, index) -> vector<4x4xf32>
  return %r : vector<4x4xf32>
}

// -----

func @read(%A: memref<?x?xf32>, %i: index, %p: f64) -> vector<4xf32> {
  // expected-error@+1 {{requires the padding value to have the memref element type 'f32', but got 'f64'}}
  %r = vector_transfer_read %A, %i, %i, %p {permutation_map: (d0, d1) -> (d1)} : (memref<?x?xf32>, index, index, f64) -> vector<4xf32>
  return %r : vector<4xf32>
}
