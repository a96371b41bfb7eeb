// spec: mlir-langref-early.md line 63, the example module in the earliest syntax (cfgfunc with
// a bb0 label, mlfunc with for statements, `alloc memref<..>(..)`, `store .. to ..`), upgraded
// to the late form when read.
// fixed: "tf.Print" had the type `(tensor<100x50xf32)` (missing '>');
// fixed: `store 0 to %C[..]` stores a literal, which is not an SSA value: a `constant 0.0 : f32`
//        is stored instead.
// test: roundtrip
cfgfunc @mul(tensor<100x?xf32>, tensor<?x50xf32>) -> (tensor<100x50xf32>) {
// Basic block bb0. %A and %B come from function arguments.
bb0(%A: tensor<100x?xf32>, %B: tensor<?x50xf32>):
  // Compute the inner dimension of %A using the dim operation.
  %n = dim %A, 1 : tensor<100x?xf32>

  // Allocate addressable "buffers" and copy tensors %A and %B into them.
  %A_m = alloc memref<100x?xf32>(%n)
  tensor_store %A to %A_m : memref<100x?xf32>

  %B_m = alloc memref<?x50xf32>(%n)
  tensor_store %B to %B_m : memref<?x50xf32>

  // Call ML function @multiply passing memrefs as arguments,
  // and getting returned the result of the multiplication.
  %C_m = call @multiply(%A_m, %B_m)
          : (memref<100x?xf32>, memref<?x50xf32>) -> (memref<100x50xf32>)

  dealloc %A_m : memref<100x?xf32>
  dealloc %B_m : memref<?x50xf32>

  // Load the buffer data into a higher level "tensor" value.
  %C = tensor_load %C_m : memref<100x50xf32>
  dealloc %C_m : memref<100x50xf32>

  // Call TensorFlow built-in function to print the result tensor.
  "tf.Print"(%C){message: "mul result"}
                  : (tensor<100x50xf32>) -> (tensor<100x50xf32>)

  return %C : tensor<100x50xf32>
}

// ML function that multiplies two memrefs and returns the result.
mlfunc @multiply(%A: memref<100x?xf32>, %B: memref<?x50xf32>)
          -> (memref<100x50xf32>)  {
  // Compute the inner dimension of %A.
  %n = dim %A, 1 : memref<100x?xf32>

  // Allocate memory for the multiplication result.
  %C = alloc memref<100x50xf32>()
  %zero = constant 0.0 : f32

  // Multiplication loop nest.
  for  %i = 0 to 100 {
     for %j = 0 to 50 {
        store %zero to %C[%i, %j] : memref<100x50xf32>
        for %k = 0 to %n {
           %a_v  = load %A[%i, %k] : memref<100x?xf32>
           %b_v  = load %B[%k, %j] : memref<?x50xf32>
           %prod = "mulf"(%a_v, %b_v) : (f32, f32) -> f32
           %c_v  = load %C[%i, %j] : memref<100x50xf32>
           %sum  = "addf"(%c_v, %prod) : (f32, f32) -> f32
           store %sum to %C[%i, %j] : memref<100x50xf32>
        }
     }
  }
  return %C : memref<100x50xf32>
}
// output:
// func @mul(%arg0: tensor<100x?xf32>, %arg1: tensor<?x50xf32>) -> tensor<100x50xf32> {
//   %0 = dim %arg0, 1 : tensor<100x?xf32>
//   %1 = alloc(%0) : memref<100x?xf32>
//   tensor_store %arg0, %1 : memref<100x?xf32>
//   %2 = alloc(%0) : memref<?x50xf32>
//   tensor_store %arg1, %2 : memref<?x50xf32>
//   %3 = call @multiply(%1, %2) : (memref<100x?xf32>, memref<?x50xf32>) -> memref<100x50xf32>
//   dealloc %1 : memref<100x?xf32>
//   dealloc %2 : memref<?x50xf32>
//   %4 = tensor_load %3 : memref<100x50xf32>
//   dealloc %3 : memref<100x50xf32>
//   %5 = "tf.Print"(%4) {message = "mul result"} : (tensor<100x50xf32>) -> tensor<100x50xf32>
//   return %4 : tensor<100x50xf32>
// }
//
// func @multiply(%arg0: memref<100x?xf32>, %arg1: memref<?x50xf32>) -> memref<100x50xf32> {
//   %0 = dim %arg0, 1 : memref<100x?xf32>
//   %1 = alloc() : memref<100x50xf32>
//   %2 = constant 0.0 : f32
//   affine.for %arg2 = 0 to 100 {
//     affine.for %arg3 = 0 to 50 {
//       store %2, %1[%arg2, %arg3] : memref<100x50xf32>
//       affine.for %arg4 = 0 to %0 {
//         %3 = load %arg0[%arg2, %arg4] : memref<100x?xf32>
//         %4 = load %arg1[%arg4, %arg3] : memref<?x50xf32>
//         %5 = mulf %3, %4 : f32
//         %6 = load %1[%arg2, %arg3] : memref<100x50xf32>
//         %7 = addf %6, %5 : f32
//         store %7, %1[%arg2, %arg3] : memref<100x50xf32>
//       }
//     }
//   }
//   return %1 : memref<100x50xf32>
// }
