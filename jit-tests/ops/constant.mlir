// constant: integers, floats, booleans, unit, function references, dense/splat vector and tensor constants.
// spec: mlir-langref-mid.md "'constant' operation".

func @scalars() {
  %0 = constant 42 : i32
  %1 = constant -7 : index
  %2 = constant 1.5 : f32
  %3 = constant 0x7FC00000 : f32
  %4 = constant true
  %5 = constant false
  %6 = constant -1 : i1
  %7 = constant 2.0 : bf16
  %8 = constant unit
  return
}

// -----

func @aggregates() {
  %0 = constant dense<vector<4xf32>, [1.0, 2.0, 3.0, 4.0]> : vector<4xf32>
  %1 = constant splat<tensor<2x3xi32>, 7> : tensor<2x3xi32>
  %2 = constant dense<tensor<2x2xi1>, [[true, false], [false, true]]> : tensor<2x2xi1>
  return
}

// -----

func @callee(i32) -> i32

func @function_reference() -> ((i32) -> i32) {
  %f = constant @callee : (i32) -> i32
  return %f : (i32) -> i32
}

// -----

// Attributes other than 'value' are printed in a leading dictionary.
func @extra_attrs() {
  %0 = "std.constant"() {value = 1 : i8, tag = "x"} : () -> i8
  return
}
// output:
// func @extra_attrs() {
//   %0 = constant {tag = "x"} 1 : i8
//   return
// }

// -----

func @type_mismatch() {
  // expected-error@+1 {{'std.constant' op requires attribute's type ('i64') to match op's return type ('i32')}}
  %0 = "std.constant"() {value = 1} : () -> i32
  return
}

// -----

func @elements_type() {
  // expected-error@+1 {{'std.constant' op requires attribute's type ('vector<4xf32>') to match op's return type ('vector<2xf32>')}}
  %0 = "std.constant"() {value = splat<vector<4xf32>, 1.0>} : () -> vector<2xf32>
  return
}

// -----

func @sparse_constant() {
  // expected-error@+1 {{'std.constant' op requires a dense elements attribute}}
  %0 = constant sparse<tensor<4xi32>, [[0]], [1]> : tensor<4xi32>
  return
}

// -----

func @bool_type() {
  // expected-error@+1 {{'std.constant' op requires a boolean value to have type 'i1', not 'i32'}}
  %0 = "std.constant"() {value = true} : () -> i32
  return
}

// -----

func @unit_type() {
  // expected-error@+1 {{'std.constant' op requires a unit value to have type 'none', not 'i32'}}
  %0 = "std.constant"() {value} : () -> i32
  return
}

// -----

func @f() -> i32

func @function_not_function_type() {
  // expected-error@+1 {{'std.constant' op requires a function type for a function reference, not 'i32'}}
  %0 = "std.constant"() {value = @f} : () -> i32
  return
}

// -----

func @undefined_function() {
  // expected-error@+1 {{'std.constant' op reference to undefined function 'nowhere'}}
  %0 = constant @nowhere : () -> ()
  return
}

// -----

func @g(i32) -> i32

func @mismatched_function() {
  // expected-error@+1 {{'std.constant' op reference to function with mismatched type}}
  %0 = constant @g : (i64) -> i32
  return
}

// -----

func @missing_value() {
  // expected-error@+1 {{'std.constant' op requires attribute 'value'}}
  %0 = "std.constant"() : () -> i32
  return
}

// -----

func @string_value() {
  // expected-error@+1 {{'std.constant' op requires a result type that aligns with the 'value' attribute}}
  %0 = "std.constant"() {value = "s"} : () -> i32
  return
}

// -----

func @operands(%a: i32) {
  // expected-error@+1 {{'std.constant' op requires zero operands, but found 1}}
  %0 = "std.constant"(%a) {value = 1 : i32} : (i32) -> i32
  return
}

// -----

func @integer_range() {
  // expected-error@+1 {{integer constant out of range for type 'i8'}}
  %0 = constant 300 : i8
  return
}
