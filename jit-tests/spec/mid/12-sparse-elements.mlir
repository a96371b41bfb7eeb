// spec: mlir-langref-mid.md line 817, a sparse elements attribute in the mid reference's
// type-first spelling (read, and printed in the late spelling)
// test: roundtrip
"test.sparse"() {value = sparse<tensor<3x4xi32>, [[0, 0], [1, 2]], [1, 5]>} : () -> ()
// output:
// "test.sparse"() {value = sparse<[[0, 0], [1, 2]], [1, 5]> : tensor<3x4xi32>} : () -> ()
