// spec: mlir-langref-early.md line 2131, TensorFlow operations (unregistered, generic form)
// fixed: the operands are function arguments.
// test: roundtrip
func @tf(%b: tensor<*xf32>, %c: tensor<*xf32>, %e: tensor<?x42x?xf32>, %f: tensor<?x42x?xf32>,
         %input: tensor<*xf32>, %filter: tensor<*xf32>) {
  // TensorFlow Add operation.
  %a = "tf.Add"(%b, %c)
    : (tensor<*xf32>,tensor<*xf32>) -> tensor<*xf32>

  // TensorFlow Add operation with partially inferred shapes.
  %d = "tf.Add"(%e, %f)
    : (tensor<?x42x?xf32>,tensor<?x42x?xf32>) -> tensor<?x42x?xf32>

  // TensorFlow Conv2d operation.
  %y = "tf.Conv2d"(%input, %filter)
          {strides: [1,1,2,1], padding: "SAME", dilations: [2,1,1,1]}
     : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
  return
}
// output:
// func @tf(%arg0: tensor<*xf32>, %arg1: tensor<*xf32>, %arg2: tensor<?x42x?xf32>, %arg3: tensor<?x42x?xf32>, %arg4: tensor<*xf32>, %arg5: tensor<*xf32>) {
//   %0 = "tf.Add"(%arg0, %arg1) : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
//   %1 = "tf.Add"(%arg2, %arg3) : (tensor<?x42x?xf32>, tensor<?x42x?xf32>) -> tensor<?x42x?xf32>
//   %2 = "tf.Conv2d"(%arg4, %arg5) {dilations = [2, 1, 1, 1], padding = "SAME", strides = [1, 1, 2, 1]} : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
//   return
// }
