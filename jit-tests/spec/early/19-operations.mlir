// spec: mlir-langref-early.md line 1233, generic operations
// fixed: %42 and %12 are function arguments; the second op uses vector arguments %v42, %v12.
// test: roundtrip
func @ops(%42: f32, %12: i32, %v42: vector<8x128xf32>, %v12: vector<8x128xf32>) {
  // Invoke a TensorFlow function called tf.scramble with two inputs
  // and an attribute "fruit".
  %2 = "tf.scramble"(%42, %12){fruit: "banana"} : (f32, i32) -> f32

  // Invoke the TPU specific add instruction that takes two vector register
  // as input and produces a vector register.
  %7 = "tpu.add"(%v42, %v12)
               : (vector<8x128xf32>, vector<8x128xf32>) -> vector<8x128xf32>
  return
}
// output:
// func @ops(%arg0: f32, %arg1: i32, %arg2: vector<8x128xf32>, %arg3: vector<8x128xf32>) {
//   %0 = "tf.scramble"(%arg0, %arg1) {fruit = "banana"} : (f32, i32) -> f32
//   %1 = "tpu.add"(%arg2, %arg3) : (vector<8x128xf32>, vector<8x128xf32>) -> vector<8x128xf32>
//   return
// }
