// call and call_indirect.
// spec: mlir-langref-mid.md "'call' operation", "'call_indirect' operation"; late "Functions".

func @callee(i32, f32) -> (i32, f32)
func @nothing()

func @calls(%a: i32, %b: f32) -> (i32, f32) {
  %0:2 = call @callee(%a, %b) : (i32, f32) -> (i32, f32)
  call @nothing() : () -> ()
  %f = constant @callee : (i32, f32) -> (i32, f32)
  %1:2 = call_indirect %f(%0#0, %0#1) : (i32, f32) -> (i32, f32)
  return %1#0, %1#1 : i32, f32
}

// -----

// Recursion and forward references are fine: symbols are module-wide.
func @even(%n: i32) -> i1 {
  %r = call @odd(%n) : (i32) -> i1
  return %r : i1
}
func @odd(%n: i32) -> i1 {
  %r = call @even(%n) : (i32) -> i1
  return %r : i1
}

// -----

func @id(%a: i8) -> i8 {
  return %a : i8
}
func @generic(%a: i8) -> i8 {
  %0 = "std.call"(%a) {callee = @id} : (i8) -> i8
  return %0 : i8
}
// output:
// func @id(%arg0: i8) -> i8 {
//   return %arg0 : i8
// }
//
// func @generic(%arg0: i8) -> i8 {
//   %0 = call @id(%arg0) : (i8) -> i8
//   return %0 : i8
// }

// -----

func @undefined() {
  // expected-error@+1 {{'std.call' op 'missing' does not reference a valid function}}
  call @missing() : () -> ()
  return
}

// -----

func @no_callee() {
  // expected-error@+1 {{'std.call' op requires a 'callee' symbol reference attribute}}
  "std.call"() : () -> ()
  return
}

// -----

func @f(i32) -> i32

func @operand_count(%a: i32) {
  // expected-error@+1 {{'std.call' op incorrect number of operands for callee: expected 1, got 2}}
  %0 = call @f(%a, %a) : (i32, i32) -> i32
  return
}

// -----

func @f(i32) -> i32

func @operand_type(%a: i64) {
  // expected-error@+1 {{'std.call' op operand type mismatch: operand #0 is 'i64' but callee expects 'i32'}}
  %0 = call @f(%a) : (i64) -> i32
  return
}

// -----

func @f(i32) -> i32

func @result_count(%a: i32) {
  // expected-error@+1 {{'std.call' op incorrect number of results for callee: expected 1, got 0}}
  call @f(%a) : (i32) -> ()
  return
}

// -----

func @f(i32) -> i32

func @result_type(%a: i32) {
  // expected-error@+1 {{'std.call' op result type mismatch: result #0 is 'f32' but callee returns 'i32'}}
  %0 = call @f(%a) : (i32) -> f32
  return
}

// -----

func @indirect_not_function(%f: i32) {
  // expected-error@+1 {{'std.call_indirect' op callee must be of function type, but got 'i32'}}
  "std.call_indirect"(%f) : (i32) -> ()
  return
}

// -----

func @indirect_operands(%f: (i32) -> (), %a: f32) {
  // expected-error@+1 {{'std.call_indirect' op operand type mismatch: operand #0 is 'f32' but callee type expects 'i32'}}
  "std.call_indirect"(%f, %a) : ((i32) -> (), f32) -> ()
  return
}

// -----

func @indirect_results(%f: (i32) -> i32, %a: i32) {
  // expected-error@+1 {{'std.call_indirect' op incorrect number of results for callee type: expected 1, got 0}}
  "std.call_indirect"(%f, %a) : ((i32) -> i32, i32) -> ()
  return
}

// -----

func @indirect_no_callee() {
  // expected-error@+1 {{'std.call_indirect' op expected 1 or more operands, but found 0}}
  "std.call_indirect"() : () -> ()
  return
}

// -----

func @indirect_custom_type(%f: (i32) -> i32, %a: i32) {
  // expected-error@+1 {{expected function type}}
  %0 = call_indirect %f(%a) : i32
  return
}
