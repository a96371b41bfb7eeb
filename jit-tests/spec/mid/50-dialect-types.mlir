// spec: mlir-langref-mid.md lines 2213 and 2230, dialect types in verbose and pretty forms
// The types are the argument types of function declarations. The pretty and the verbose
// spellings denote the same type; the printer uses the pretty one where the data allows it.
// test: roundtrip
func @verbose(
  // LLVM type that wraps around llvm IR types.
  !llvm<"i32*">,
  // Tensor flow string type.
  !tf.string,
  // Complex type
  !foo<"something<abcd>">,
  // Even more complex type
  !foo<"something<a%%123^^^>>>">)

func @pretty(
  // Tensor flow string type.
  !tf.string,
  // Complex type
  !foo.something<abcd>)
// output:
// func @verbose(!llvm<"i32*">, !tf.string, !foo.something<abcd>, !foo<"something<a%%123^^^>>>">)
// func @pretty(!tf.string, !foo.something<abcd>)

// -----

// The more complex type is not valid in the pretty syntax: its brackets do not balance.
// expected-error@+1 {{expected ')' to end the argument list}}
func @bad(!foo.something<a%%123^^^>>>)
