// Conversions: sign- and zero-extension, truncation, index casts, int/float conversions
// (fptosi saturates, NaN gives 0), and float widening/narrowing with one rounding.

func @ext(%a: i8) -> (i32, i32, i64, i1) {
  %0 = sexti %a : i8 to i32
  %1 = zexti %a : i8 to i32
  %2 = sexti %a : i8 to i64
  %3 = trunci %a : i8 to i1
  return %0, %1, %2, %3 : i32, i32, i64, i1
}
// run: @ext(-1) == -1, 255, -1, true
// run: @ext(-128) == -128, 128, -128, false
// run: @ext(6) == 6, 6, 6, false

// -----

func @odd_widths(%a: i3, %t: i1) -> (i8, i8, i2, i8, i8) {
  %0 = sexti %a : i3 to i8
  %1 = zexti %a : i3 to i8
  %2 = trunci %a : i3 to i2
  %3 = sexti %t : i1 to i8
  %4 = zexti %t : i1 to i8
  return %0, %1, %2, %3, %4 : i8, i8, i2, i8, i8
}
// run: @odd_widths(-3, true) == -3, 5, 1, -1, 1
// run: @odd_widths(3, false) == 3, 3, -1, 0, 0

// -----

func @trunc(%a: i64) -> (i32, i16, i8) {
  %0 = trunci %a : i64 to i32
  %1 = trunci %a : i64 to i16
  %2 = trunci %a : i64 to i8
  return %0, %1, %2 : i32, i16, i8
}
// run: @trunc(4294967297) == 1, 1, 1
// run: @trunc(-129) == -129, -129, 127

// -----

func @index_casts(%i: index, %a: i32, %t: i1) -> (i32, index, i8, index) {
  %0 = index_cast %i : index to i32
  %1 = index_cast %a : i32 to index
  %2 = index_cast %i : index to i8
  %3 = index_cast %t : i1 to index
  return %0, %1, %2, %3 : i32, index, i8, index
}
// run: @index_casts(4294967298, -5, true) == 2, -5, 2, -1

// -----

func @int_float(%a: i32, %f: f32, %d: f64) -> (f32, f64, i32, i8, i64, f16) {
  %0 = sitofp %a : i32 to f32
  %1 = sitofp %a : i32 to f64
  %2 = fptosi %f : f32 to i32
  %3 = fptosi %f : f32 to i8
  %4 = fptosi %d : f64 to i64
  %5 = sitofp %a : i32 to f16
  return %0, %1, %2, %3, %4, %5 : f32, f64, i32, i8, i64, f16
}
// run: @int_float(-7, -2.7, 1e30) == -7.0, -7.0, -2, -2, 9223372036854775807, -7.0
// run: @int_float(16777217, 300.5, nan) == 16777216.0, 16777217.0, 300, 127, 0, inf
// run: @int_float(0, -1e10, -1e30) == 0.0, 0.0, -2147483648, -128, -9223372036854775808, 0.0

// -----

func @floats(%h: f16, %f: f32, %d: f64) -> (f32, f64, f32, f16, bf16, f16) {
  %0 = fpext %h : f16 to f32
  %1 = fpext %f : f32 to f64
  %2 = fptrunc %d : f64 to f32
  %3 = fptrunc %d : f64 to f16
  %4 = fptrunc %f : f32 to bf16
  %5 = fptrunc %f : f32 to f16
  return %0, %1, %2, %3, %4, %5 : f32, f64, f32, f16, bf16, f16
}
// run: @floats(0.5, 0.1, 0.1) == 0.5, 0.10000000149011612, 0.1, 0.099975586, 0.10009765625, 0.099975586
// run: @floats(65504.0, 1e10, 1e300) == 65504.0, 10000000000.0, inf, inf, 9999220736.0, inf
