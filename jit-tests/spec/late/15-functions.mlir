// spec: mlir-langref-late.md line 960, external declarations and a function with attributes
// fixed: #layout_map0 was never defined; it is defined here as a column-major layout.
// test: roundtrip
#layout_map0 = (d0, d1) -> (d1, d0)

// External function definitions.
func @abort()
func @scribble(i32, i64, memref<? x 128 x f32, #layout_map0>) -> f64

// A function that returns its argument twice:
func @count(%x: i64) -> (i64, i64)
  attributes {fruit: "banana"} {
  return %x, %x: i64, i64
}
// output:
// #layout_map0 = (d0, d1) -> (d1, d0)
//
// func @abort()
// func @scribble(i32, i64, memref<?x128xf32, #layout_map0>) -> f64
//
// func @count(%arg0: i64) -> (i64, i64) attributes {fruit = "banana"} {
//   return %arg0, %arg0 : i64, i64
// }
