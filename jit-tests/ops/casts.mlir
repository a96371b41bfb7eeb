// Conversions: index_cast sitofp fptosi sexti zexti trunci fpext fptrunc.
// The names and rules MLIR used in 2019 (the references promise "etc."): shapes are preserved,
// sexti/zexti widen, trunci narrows, none of the three takes 'index'.

func @casts(%i: index, %a: i32, %f: f32, %h: f16, %v: vector<4xi8>, %t: tensor<?xf64>) {
  %0 = index_cast %i : index to i64
  %1 = index_cast %a : i32 to index
  %2 = sitofp %a : i32 to f64
  %3 = fptosi %f : f32 to i16
  %4 = sexti %a : i32 to i64
  %5 = zexti %v : vector<4xi8> to vector<4xi32>
  %6 = trunci %a : i32 to i1
  %7 = fpext %h : f16 to f32
  %8 = fptrunc %t : tensor<?xf64> to tensor<?xf32>
  return
}

// -----

func @generic(%a: i8) -> i32 {
  %0 = "std.zexti"(%a) : (i8) -> i32
  return %0 : i32
}
// output:
// func @generic(%arg0: i8) -> i32 {
//   %0 = zexti %arg0 : i8 to i32
//   return %0 : i32
// }

// -----

func @shape_changes(%v: vector<4xi8>) {
  // expected-error@+1 {{'std.sexti' op operand type 'vector<4xi8>' and result type 'vector<8xi32>' are cast incompatible: the shapes differ}}
  %0 = sexti %v : vector<4xi8> to vector<8xi32>
  return
}

// -----

func @sexti_narrows(%a: i32) {
  // expected-error@+1 {{'std.sexti' op result type 'i16' must be wider than operand type 'i32'}}
  %0 = sexti %a : i32 to i16
  return
}

// -----

func @zexti_same(%a: i32) {
  // expected-error@+1 {{'std.zexti' op result type 'i32' must be wider than operand type 'i32'}}
  %0 = zexti %a : i32 to i32
  return
}

// -----

func @trunci_widens(%a: i8) {
  // expected-error@+1 {{'std.trunci' op operand type 'i8' must be wider than result type 'i64'}}
  %0 = trunci %a : i8 to i64
  return
}

// -----

func @sexti_index(%i: index) {
  // expected-error@+1 {{'std.sexti' op 'index' is not a valid operand type}}
  %0 = sexti %i : index to i64
  return
}

// -----

func @trunci_index(%a: i64) {
  // expected-error@+1 {{'std.trunci' op 'index' is not a valid result type}}
  %0 = trunci %a : i64 to index
  return
}

// -----

func @zexti_float(%a: f32) {
  // expected-error@+1 {{'std.zexti' op operand type 'f32' and result type 'f64' are cast incompatible}}
  %0 = zexti %a : f32 to f64
  return
}

// -----

func @index_cast_ints(%a: i32) {
  // expected-error@+1 {{(index_cast converts between 'index' and an integer type)}}
  %0 = index_cast %a : i32 to i64
  return
}

// -----

func @sitofp_from_float(%a: f32) {
  // expected-error@+1 {{(sitofp converts an integer to a float)}}
  %0 = sitofp %a : f32 to f64
  return
}

// -----

func @fptosi_from_int(%a: i32) {
  // expected-error@+1 {{(fptosi converts a float to an integer)}}
  %0 = fptosi %a : i32 to i64
  return
}

// -----

func @fpext_narrows(%a: f64) {
  // expected-error@+1 {{'std.fpext' op operand type 'f64' and result type 'f32' are cast incompatible (fpext converts to a wider float type)}}
  %0 = fpext %a : f64 to f32
  return
}

// -----

func @fptrunc_widens(%a: f16) {
  // expected-error@+1 {{(fptrunc converts to a narrower float type)}}
  %0 = fptrunc %a : f16 to f32
  return
}

// -----

func @cast_operands(%a: i8) {
  // expected-error@+1 {{'std.sexti' op requires a single operand, but found 2}}
  %0 = "std.sexti"(%a, %a) : (i8, i8) -> i32
  return
}
