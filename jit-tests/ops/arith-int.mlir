// Integer arithmetic and bitwise ops: addi subi muli divis diviu remis remiu and or xor shlis shris shriu.
// spec: mlir-langref-mid.md "'addi' operation", "'divis'", "'remis'", "'and'"...; "sub etc." names of that era.
// Each accepts integers, index, and vectors/tensors of them; operands and result share one type.

func @scalars(%a: i32, %b: i32, %i: index, %j: index, %w: i7) {
  %0 = addi %a, %b : i32
  %1 = subi %a, %b : i32
  %2 = muli %a, %b : i32
  %3 = divis %a, %b : i32
  %4 = diviu %a, %b : i32
  %5 = remis %a, %b : i32
  %6 = remiu %a, %b : i32
  %7 = and %a, %b : i32
  %8 = or %a, %b : i32
  %9 = xor %a, %b : i32
  %10 = shlis %a, %b : i32
  %11 = shris %a, %b : i32
  %12 = shriu %a, %b : i32
  %13 = addi %i, %j : index
  %14 = muli %w, %w : i7
  return
}

// -----

func @aggregates(%v: vector<4xi32>, %t: tensor<4x?xi64>, %u: tensor<*xi8>) {
  %0 = addi %v, %v : vector<4xi32>
  %1 = divis %t, %t : tensor<4x?xi64>
  %2 = xor %u, %u : tensor<*xi8>
  return
}

// -----

// The generic form of a registered op prints back in its custom form.
func @generic(%a: i16) -> i16 {
  %0 = "std.addi"(%a, %a) : (i16, i16) -> i16
  return %0 : i16
}
// output:
// func @generic(%arg0: i16) -> i16 {
//   %0 = addi %arg0, %arg0 : i16
//   return %0 : i16
// }

// -----

func @float_operands(%a: f32) {
  // expected-error@+1 {{'std.addi' op operand #0 must be integer-like, but got 'f32'}}
  %0 = addi %a, %a : f32
  return
}

// -----

func @float_vector(%a: vector<4xf32>) {
  // expected-error@+1 {{'std.remiu' op operand #0 must be integer-like, but got 'vector<4xf32>'}}
  %0 = remiu %a, %a : vector<4xf32>
  return
}

// -----

func @mixed_types(%a: i32, %b: i64) {
  // expected-error@+1 {{'std.muli' op requires the same type for all operands and results}}
  %0 = "std.muli"(%a, %b) : (i32, i64) -> i32
  return
}

// -----

func @result_type(%a: i32) {
  // expected-error@+1 {{'std.subi' op requires the same type for all operands and results}}
  %0 = "std.subi"(%a, %a) : (i32, i32) -> i64
  return
}

// -----

func @operand_count(%a: i32) {
  // expected-error@+1 {{'std.and' op expected 2 operands, but found 1}}
  %0 = "std.and"(%a) : (i32) -> i32
  return
}

// -----

func @result_count(%a: i32) {
  // expected-error@+1 {{'std.or' op requires one result, but found 0}}
  "std.or"(%a, %a) : (i32, i32) -> ()
  return
}

// -----

// expected-note@+1 {{prior use here}}
func @custom_form_type(%a: i32) {
  // expected-error@+1 {{use of value '%a' expects different type than prior uses: 'i64' vs 'i32'}}
  %0 = shlis %a, %a : i64
  return
}

// -----

func @counts(%a: i32, %v: vector<4xi16>) {
  %0 = ctpop %a : i32
  %1 = ctlz %v : vector<4xi16>
  return
}

// -----

func @count_float(%f: f32) {
  // expected-error@+1 {{'std.ctpop' op operand #0 must be integer-like, but got 'f32'}}
  %0 = ctpop %f : f32
  return
}

// -----

func @count_index(%i: index) {
  // expected-error@+1 {{'std.ctlz' op operand #0 must be integer-like, but got 'index'}}
  %0 = ctlz %i : index
  return
}
