// A matrix multiplication C = A * B written with affine loops, in the late textual form.
// `strata opt examples/matmul.mlir` parses, verifies and prints it in canonical form.
#transposed = (d0, d1) -> (d1, d0)

func @matmul(%A: memref<?x?xf32>, %B: memref<?x?xf32, #transposed>, %C: memref<?x?xf32>) {
  %M = dim %A, 0 : memref<?x?xf32>
  %K = dim %A, 1 : memref<?x?xf32>
  %N = dim %C, 1 : memref<?x?xf32>
  %zero = constant 0.0 : f32
  affine.for %i = 0 to %M {
    affine.for %j = 0 to %N {
      affine.store %zero, %C[%i, %j] : memref<?x?xf32>
      affine.for %k = 0 to %K {
        %a = affine.load %A[%i, %k] : memref<?x?xf32>
        %b = affine.load %B[%k, %j] : memref<?x?xf32, #transposed>
        %c = affine.load %C[%i, %j] : memref<?x?xf32>
        %p = mulf %a, %b : f32
        %s = addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<?x?xf32>
      }
    }
  }
  return
}

// The earliest syntax of the language is read too, and printed in the late form.
cfgfunc @count(i64) -> (i64, i64) {
bb0(%x: i64):
  return %x, %x : i64, i64
}
