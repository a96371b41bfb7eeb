// A matrix multiplication C = A * B with affine loops, and a @main that builds two small
// matrices, multiplies them and returns the product.
//
//   strata run examples/matmul.mlir                     # calls @main, prints [[..], [..]]
//   strata run examples/matmul.mlir -e matmul --arg '[[1, 2], [3, 4]]' --arg '[[5, 6], [7, 8]]' --arg 'zeros(2x2xf32)'
//   strata opt examples/matmul.mlir                     # parses, verifies, prints canonical IR

func @matmul(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  %M = dim %A, 0 : memref<?x?xf32>
  %K = dim %A, 1 : memref<?x?xf32>
  %N = dim %C, 1 : memref<?x?xf32>
  %zero = constant 0.0 : f32
  affine.for %i = 0 to %M {
    affine.for %j = 0 to %N {
      affine.store %zero, %C[%i, %j] : memref<?x?xf32>
      affine.for %k = 0 to %K {
        %a = affine.load %A[%i, %k] : memref<?x?xf32>
        %b = affine.load %B[%k, %j] : memref<?x?xf32>
        %c = affine.load %C[%i, %j] : memref<?x?xf32>
        %p = mulf %a, %b : f32
        %s = addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<?x?xf32>
      }
    }
  }
  return
}

// A[i][k] = i + k and B[k][j] = k - j, for a 2x3 times 3x2 product.
func @main() -> memref<2x2xf32> {
  %A = alloc() : memref<2x3xf32>
  %B = alloc() : memref<3x2xf32>
  %C = alloc() : memref<2x2xf32>
  affine.for %i = 0 to 2 {
    affine.for %k = 0 to 3 {
      %s = affine.apply (d0, d1) -> (d0 + d1)(%i, %k)
      %si = index_cast %s : index to i32
      %a = sitofp %si : i32 to f32
      affine.store %a, %A[%i, %k] : memref<2x3xf32>
      %d = affine.apply (d0, d1) -> (d1 - d0)(%i, %k)
      %di = index_cast %d : index to i32
      %b = sitofp %di : i32 to f32
      affine.store %b, %B[%k, %i] : memref<3x2xf32>
    }
  }
  %A2 = memref_cast %A : memref<2x3xf32> to memref<?x?xf32>
  %B2 = memref_cast %B : memref<3x2xf32> to memref<?x?xf32>
  %C2 = memref_cast %C : memref<2x2xf32> to memref<?x?xf32>
  call @matmul(%A2, %B2, %C2) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
  dealloc %A : memref<2x3xf32>
  dealloc %B : memref<3x2xf32>
  return %C : memref<2x2xf32>
}
