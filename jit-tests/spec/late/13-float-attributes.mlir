// spec: mlir-langref-late.md line 858, float attributes
// test: roundtrip
"test.floats"() {
  a = 42.0,         // float attribute defaults to f64 type
  b = 42.0 : f32,   // float attribute of f32 type
  c = 0x7C00 : f16, // positive infinity
  d = 0x7CFF : f16  // NaN (one of possible values)
} : () -> ()
// output:
// "test.floats"() {a = 42.0, b = 42.0 : f32, c = 0x7C00 : f16, d = 0x7CFF : f16} : () -> ()

// -----

// expected-error@+1 {{expected integer type}}
"test.floats"() {e = 42 : f32} : () -> ()
