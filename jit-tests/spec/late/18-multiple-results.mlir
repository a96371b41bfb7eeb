// spec: mlir-langref-late.md line 1179, operations with several results
// (top-level operations live in the implicit module)
// test: roundtrip
// An operation that produces two results.
// The results of %result can be accessed via the <name> `#` <opNo> syntax.
%result:2 = "foo_div"() : () -> (f32, i32)

// Pretty form that defines a unique name for each result.
%foo, %bar = "foo_div"() : () -> (f32, i32)

// Invoke a TensorFlow function called tf.scramble with two inputs
// and an attribute "fruit".
%2 = "tf.scramble"(%result#0, %bar){fruit: "banana"} : (f32, i32) -> f32
// output:
// %0:2 = "foo_div"() : () -> (f32, i32)
// %1:2 = "foo_div"() : () -> (f32, i32)
// %2 = "tf.scramble"(%0#0, %1#1) {fruit = "banana"} : (f32, i32) -> f32

// -----

// expected-error@+1 {{operation defines 2 results but was provided 3 to bind}}
%a, %b, %c = "foo_div"() : () -> (f32, i32)

// -----

%result:2 = "foo_div"() : () -> (f32, i32)
// expected-error@+1 {{reference to invalid result number 2}}
"use"(%result#2) : (f32) -> ()
