// alloc, alloc_static, dealloc.
// spec: mlir-langref-mid.md "'alloc' operation", "'alloc_static' operation", "'dealloc' operation".

#tiled = (d0, d1)[s0] -> (d0 + s0, d1)

func @alloc(%n: index, %s: index) {
  %0 = alloc() : memref<8x64xf32>
  %1 = alloc(%n) : memref<8x?xf32, 1>
  %2 = alloc(%n)[%s] : memref<?x4xf32, #tiled>
  %3 = alloc() : memref<f64>
  dealloc %0 : memref<8x64xf32>
  dealloc %1 : memref<8x?xf32, 1>
  dealloc %2 : memref<?x4xf32, #tiled>
  dealloc %3 : memref<f64>
  return
}

// -----

func @alloc_static() -> memref<4x4xi8> {
  %0 = alloc_static(0x1000) : memref<4x4xi8>
  return %0 : memref<4x4xi8>
}

// -----

func @generic(%n: index) {
  %0 = "std.alloc"(%n) : (index) -> memref<?xf32>
  "std.dealloc"(%0) : (memref<?xf32>) -> ()
  return
}
// output:
// func @generic(%arg0: index) {
//   %0 = alloc(%arg0) : memref<?xf32>
//   dealloc %0 : memref<?xf32>
//   return
// }

// -----

func @too_few_dims() {
  // expected-error@+1 {{custom op 'alloc' dimension operand count does not equal memref dynamic dimension count (0 vs 1)}}
  %0 = alloc() : memref<?xf32>
  return
}

// -----

#tiled = (d0)[s0] -> (d0 + s0)
func @missing_symbol(%n: index) {
  // expected-error@+1 {{operand count does not equal dimension plus symbol operand count (0 symbols given, 1 expected)}}
  %0 = alloc() : memref<4xf32, #tiled>
  return
}

// -----

func @generic_counts(%n: index) {
  // expected-error@+1 {{'std.alloc' op operand count 2 does not equal the memref's dynamic dimension count (1) plus its layout symbol count (0)}}
  %0 = "std.alloc"(%n, %n) : (index, index) -> memref<?xf32>
  return
}

// -----

func @dim_type(%n: i32) {
  // expected-error@+1 {{'std.alloc' op dimension or symbol operand #0 must be of 'index' type, but got 'i32'}}
  %0 = "std.alloc"(%n) : (i32) -> memref<?xf32>
  return
}

// -----

func @alloc_tensor() {
  // expected-error@+1 {{'std.alloc' op result #0 must be a memref, but got 'tensor<4xf32>'}}
  %0 = "std.alloc"() : () -> tensor<4xf32>
  return
}

// -----

func @alloc_static_dynamic() {
  // expected-error@+1 {{'std.alloc_static' op requires a static shape and a layout without symbols (use 'alloc' otherwise)}}
  %0 = alloc_static(0x10) : memref<?xf32>
  return
}

// -----

func @alloc_static_base() {
  // expected-error@+1 {{'std.alloc_static' op requires attribute 'base'}}
  %0 = "std.alloc_static"() : () -> memref<4xf32>
  return
}

// -----

func @dealloc_tensor(%t: tensor<4xf32>) {
  // expected-error@+1 {{'std.dealloc' op operand #0 must be a memref, but got 'tensor<4xf32>'}}
  "std.dealloc"(%t) : (tensor<4xf32>) -> ()
  return
}

// -----

func @dealloc_result(%m: memref<4xf32>) {
  // expected-error@+1 {{'std.dealloc' op requires zero results, but found 1}}
  %0 = "std.dealloc"(%m) : (memref<4xf32>) -> i32
  return
}
