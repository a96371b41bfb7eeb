// Float arithmetic at every float type. f16 and bf16 are computed in f32 and rounded to their
// type after every operation. spec: mlir-langref-mid.md "'addf'", "'mulf'"; the math functions.

func @f32ops(%a: f32, %b: f32) -> (f32, f32, f32, f32, f32, f32) {
  %0 = addf %a, %b : f32
  %1 = subf %a, %b : f32
  %2 = mulf %a, %b : f32
  %3 = divf %a, %b : f32
  %4 = remf %a, %b : f32
  %5 = copysign %a, %b : f32
  return %0, %1, %2, %3, %4, %5 : f32, f32, f32, f32, f32, f32
}
// run: @f32ops(7.5, 2.0) == 9.5, 5.5, 15.0, 3.75, 1.5, 7.5
// run: @f32ops(-7.5, 2.0) == -5.5, -9.5, -15.0, -3.75, -1.5, 7.5
// run: @f32ops(1.0, 0.0) == 1.0, 1.0, 0.0, inf, nan, 1.0
// run: @f32ops(0.1, 0.2) == 0.3, -0.1, 0.020000001, 0.5, 0.1, 0.1

// -----

func @f64ops(%a: f64, %b: f64) -> (f64, f64, f64, f64) {
  %0 = addf %a, %b : f64
  %1 = mulf %a, %b : f64
  %2 = divf %a, %b : f64
  %3 = remf %a, %b : f64
  return %0, %1, %2, %3 : f64, f64, f64, f64
}
// run: @f64ops(0.1, 0.2) == 0.30000000000000004, 0.020000000000000004, 0.5, 0.1
// run: @f64ops(-1.0, 0.0) == -1.0, -0.0, -inf, nan

// -----

func @unary32(%a: f32) -> (f32, f32, f32, f32, f32) {
  %0 = negf %a : f32
  %1 = absf %a : f32
  %2 = sqrt %a : f32
  %3 = exp %a : f32
  %4 = log %a : f32
  return %0, %1, %2, %3, %4 : f32, f32, f32, f32, f32
}
// run: @unary32(4.0) == -4.0, 4.0, 2.0, 54.59815, 1.3862944
// run: @unary32(-1.0) == 1.0, 1.0, nan, 0.36787945, nan
// run: @unary32(0.0) == -0.0, 0.0, 0.0, 1.0, -inf

// -----

func @trig64(%a: f64) -> (f64, f64, f64) {
  %0 = sin %a : f64
  %1 = cos %a : f64
  %2 = tanh %a : f64
  return %0, %1, %2 : f64, f64, f64
}
// run: @trig64(0.0) == 0.0, 1.0, 0.0
// run: @trig64(1.0) == 0.8414709848078965, 0.5403023058681398, 0.7615941559557649

// -----

// f16: 2048 + 1 is not representable (11-bit significand): rounds to 2048 (ties to even).
func @f16ops(%a: f16, %b: f16) -> (f16, f16, f16, f16) {
  %0 = addf %a, %b : f16
  %1 = mulf %a, %b : f16
  %2 = divf %a, %b : f16
  %3 = sqrt %a : f16
  return %0, %1, %2, %3 : f16, f16, f16, f16
}
// run: @f16ops(2048.0, 1.0) == 2048.0, 2048.0, 2048.0, 45.25
// run: @f16ops(1.0, 3.0) == 4.0, 3.0, 0.33325195, 1.0
// run: @f16ops(60000.0, 2.0) == 60000.0, inf, 30000.0, 245.0

// -----

// bf16 keeps 8 significant bits: 256 + 1 rounds to 256.
func @bf16ops(%a: bf16, %b: bf16) -> (bf16, bf16, bf16) {
  %0 = addf %a, %b : bf16
  %1 = subf %a, %b : bf16
  %2 = mulf %a, %b : bf16
  return %0, %1, %2 : bf16, bf16, bf16
}
// run: @bf16ops(256.0, 1.0) == 256.0, 255.0, 256.0
// run: @bf16ops(1.0, 0.00390625) == 1.0, 0.99609375, 0.00390625
