// spec: mlir-rationale.md line 503, an op producing a value of a dialect type
// test: roundtrip
%s = "foo"() : () -> !llvm<"i32*">
// output:
// %0 = "foo"() : () -> !llvm<"i32*">
