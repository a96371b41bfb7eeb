// module and func.
// spec: mlir-langref-late.md "Modules", "Functions"; mlir-langref-mid.md "Functions".

module attributes {target = "cpu"} {
  func @external(i32, f32) -> (i64, f64) attributes {linkage = "c"}
  func @defined(%a: i32 {arg.kind = "count"}, %b: f32) -> i32 {
    return %a : i32
  }
}

// -----

// The implicit top-level form; functions may be declared in any order.
func @first() {
  call @second() : () -> ()
  return
}
func @second() {
  return
}

// -----

// A function's generic form reads back as the custom form.
"module"() ({
  "func"() ({
  ^bb0(%a: i32):
    "std.return"(%a) : (i32) -> ()
  }) {sym_name = "id", type = (i32) -> i32} : () -> ()
}) : () -> ()
// output:
// func @id(%arg0: i32) -> i32 {
//   return %arg0 : i32
// }

// -----

func @f()
// expected-error@+2 {{redefinition of symbol named 'f'}}
// expected-note@-2 {{see existing symbol definition here}}
func @f()

// -----

func @mixed_arguments(%a: i32,
  // expected-error@+1 {{expected SSA identifier (arguments are either all named or all unnamed)}}
  f32)

// -----

func @reserved() attributes {
  // expected-error@-1 {{'sym_name' is a reserved attribute name of functions}}
  sym_name = "g"}

// -----

// expected-error@+1 {{'func' op requires a function type attribute 'type'}}
"func"() ({
}) {sym_name = "g"} : () -> ()

// -----

// expected-error@+1 {{'func' op requires a string attribute 'sym_name'}}
"func"() ({
}) {type = () -> ()} : () -> ()

// -----

// expected-error@+1 {{'func' op entry block must have 1 arguments to match function signature}}
"func"() ({
^bb0:
  "std.return"() : () -> ()
}) {sym_name = "g", type = (i32) -> ()} : () -> ()

// -----

// expected-error@+1 {{'func' op type of entry block argument #0(i64) must match the type of the corresponding argument in function signature(i32)}}
"func"() ({
^bb0(%a: i64):
  "std.return"() : () -> ()
}) {sym_name = "g", type = (i32) -> ()} : () -> ()

// -----

// expected-error@+1 {{'func' op expects 'arg_attrs' to be an array of one dictionary per argument}}
"func"() ({
}) {sym_name = "g", type = (i32) -> (), arg_attrs = [{}, {}]} : () -> ()

// -----

// expected-error@+1 {{'module' op expects a body block without arguments}}
"module"() ({
^bb0(%a: i32):
}) : () -> ()

// -----

func @module_operands(%x: i32) {
  // expected-error@+1 {{'module' op requires zero operands, but found 1}}
  "module"(%x) ({
  }) : (i32) -> ()
  return
}
