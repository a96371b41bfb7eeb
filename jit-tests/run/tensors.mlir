// Tensor values: each gets a buffer. tensor_load/tensor_store, elementwise arithmetic on
// tensors, dense constants, extract_element, tensor_cast, and tensors as results.
// spec: mlir-langref-mid.md "'tensor_load'", "'tensor_store'", "'extract_element'",
// "'tensor_cast'", "'constant'".

func @roundtrip(%m: memref<2x2xf32>, %out: memref<2x2xf32>) -> tensor<2x2xf32> {
  %t = tensor_load %m : memref<2x2xf32>
  %c = constant dense<tensor<2x2xf32>, [[10.0, 20.0], [30.0, 40.0]]> : tensor<2x2xf32>
  %s = addf %t, %c : tensor<2x2xf32>
  %p = mulf %s, %s : tensor<2x2xf32>
  tensor_store %s, %out : memref<2x2xf32>
  return %p : tensor<2x2xf32>
}
// run: @roundtrip([[1.0, 2.0], [3.0, 4.0]], zeros(2x2xf32)) == [[121.0, 484.0], [1089.0, 1936.0]]; %1 == [[11.0, 22.0], [33.0, 44.0]]

// -----

func @extract(%t: tensor<?x3xi32>, %i: index, %j: index) -> i32 {
  %v = extract_element %t[%i, %j] : tensor<?x3xi32>
  return %v : i32
}
// run: @extract([[1, 2, 3], [4, 5, 6]], 1, 2) == 6

// -----

func @int_tensors(%a: tensor<4xi8>, %b: tensor<4xi8>) -> (tensor<4xi8>, tensor<4xi1>) {
  %s = addi %a, %b : tensor<4xi8>
  %c = cmpi "slt", %a, %b : tensor<4xi8>
  return %s, %c : tensor<4xi8>, tensor<4xi1>
}
// run: @int_tensors([1, 127, -128, 5], [1, 1, -1, -5]) == [2, -128, 127, 0], [false, false, true, false]

// -----

func @div_tensor(%a: tensor<3xi32>, %b: tensor<3xi32>) -> tensor<3xi32> {
  %q = divis %a, %b : tensor<3xi32>
  return %q : tensor<3xi32>
}
// run: @div_tensor([6, -7, 8], [2, 2, -4]) == [3, -3, -2]
// run: @div_tensor([6, -7, 8], [2, 0, -4]) traps "division by zero"

// -----

func @casts(%t: tensor<2x2xf64>) -> (tensor<?x?xf64>, index, tensor<2x2xf32>) {
  %u = tensor_cast %t : tensor<2x2xf64> to tensor<?x?xf64>
  %n = dim %u, 1 : tensor<?x?xf64>
  %f = fptrunc %t : tensor<2x2xf64> to tensor<2x2xf32>
  return %u, %n, %f : tensor<?x?xf64>, index, tensor<2x2xf32>
}
// run: @casts([[0.5, 1.5], [2.5, 3.5]]) == [[0.5, 1.5], [2.5, 3.5]], 2, [[0.5, 1.5], [2.5, 3.5]]

// -----

func @splat_const() -> (tensor<2x3xi16>, i16) {
  %t = constant splat<tensor<2x3xi16>, 7> : tensor<2x3xi16>
  %c1 = constant 1 : index
  %c2 = constant 2 : index
  %v = extract_element %t[%c1, %c2] : tensor<2x3xi16>
  return %t, %v : tensor<2x3xi16>, i16
}
// run: @splat_const() == [[7, 7, 7], [7, 7, 7]], 7

// -----

func @math_tensor(%t: tensor<3xf32>) -> tensor<3xf32> {
  %e = exp %t : tensor<3xf32>
  %n = negf %e : tensor<3xf32>
  return %n : tensor<3xf32>
}
// run: @math_tensor([0.0, 1.0, -1.0]) == [-1.0, -2.7182817, -0.36787945]

// -----

func @rank(%t: tensor<2x?x4xf32>) -> index {
  %r = rank %t : tensor<2x?x4xf32>
  return %r : index
}
// run: @rank(zeros(2x5x4xf32)) == 3
