// spec: mlir-langref-late.md line 808, a sparse elements attribute
// The attribute is attached to an op.
// test: roundtrip
"test.sparse"() {value = sparse<[[0, 0], [1, 2]], [1, 5]> : tensor<3x4xi32>} : () -> ()

// This represents the following tensor:
///  [[1, 0, 0, 0],
///   [0, 0, 5, 0],
///   [0, 0, 0, 0]]
// output:
// "test.sparse"() {value = sparse<[[0, 0], [1, 2]], [1, 5]> : tensor<3x4xi32>} : () -> ()

// -----

// expected-error@+1 {{sparse index 3 is out of bounds for dimension 0}}
"test.sparse"() {value = sparse<[[3, 0]], [1]> : tensor<3x4xi32>} : () -> ()
