// spec: mlir-langref-early.md line 905, external functions
// fixed: #layout_map0 was never defined; it is defined here as a column-major layout.
// test: roundtrip
#layout_map0 = (d0, d1) -> (d1, d0)
extfunc @abort()
extfunc @scribble(i32, i64, memref<? x 128 x f32, #layout_map0>) -> f64
// output:
// #layout_map0 = (d0, d1) -> (d1, d0)
//
// func @abort()
// func @scribble(i32, i64, memref<?x128xf32, #layout_map0>) -> f64
