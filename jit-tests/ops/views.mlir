// reshape, view: new memrefs over the same buffer.
// spec: mlir-langref-early.md "'reshape' operation", "'view' operation". The result's dynamic
// dimensions and layout symbols are bound by `(%dims)[%symbols]`.

#flat = (d0, d1)[s0] -> (d0 * s0 + d1)
#window = (d0, d1)[s0, s1] -> (d0 + s0, d1) size (16, s1)

func @reshape(%m: memref<16x16xf32>, %d: memref<?xf32>, %n: index) {
  %0 = reshape %m : memref<16x16xf32> () : memref<4x64xf32>
  %1 = reshape %d : memref<?xf32> (%n, %n) : memref<?x?xf32>
  %2 = reshape %d : memref<?xf32> (%n)[%n] : memref<?x4xf32, #flat>
  return
}

// -----

#window = (d0, d1)[s0, s1] -> (d0 + s0, d1) size (16, s1)

func @view(%a: memref<16x?xf32>, %off: index, %n: index) {
  %0 = view memref<4x?xf32, #window> (%n)[%off, %n] %a : memref<16x?xf32>
  %1 = view memref<16x?xf32> (%n) %a : memref<16x?xf32>
  return
}

// -----

func @generic(%m: memref<8xi32>) -> memref<2x4xi32> {
  %0 = "std.reshape"(%m) : (memref<8xi32>) -> memref<2x4xi32>
  return %0 : memref<2x4xi32>
}
// output:
// func @generic(%arg0: memref<8xi32>) -> memref<2x4xi32> {
//   %0 = reshape %arg0 : memref<8xi32> () : memref<2x4xi32>
//   return %0 : memref<2x4xi32>
// }

// -----

func @element_count(%m: memref<16x16xf32>) {
  // expected-error@+1 {{'std.reshape' op must preserve the number of elements: 256 in 'memref<16x16xf32>' but 64 in 'memref<16x4xf32>'}}
  %0 = reshape %m : memref<16x16xf32> () : memref<16x4xf32>
  return
}

// -----

func @reshape_element(%m: memref<16xf32>) {
  // expected-error@+1 {{'std.reshape' op requires the same element type, but got 'memref<16xf32>' and 'memref<16xi32>'}}
  %0 = reshape %m : memref<16xf32> () : memref<16xi32>
  return
}

// -----

func @reshape_space(%m: memref<16xf32>) {
  // expected-error@+1 {{'std.reshape' op requires the same memory space, but got 'memref<16xf32>' and 'memref<16xf32, 1>'}}
  %0 = reshape %m : memref<16xf32> () : memref<16xf32, 1>
  return
}

// -----

func @reshape_dims(%m: memref<16xf32>, %n: index) {
  // expected-error@+1 {{'std.reshape' op operand count 0 does not equal the memref's dynamic dimension count (1) plus its layout symbol count (0)}}
  %0 = reshape %m : memref<16xf32> () : memref<?xf32>
  return
}

// -----

func @reshape_tensor(%t: tensor<16xf32>) {
  // expected-error@+1 {{'std.reshape' op requires memref operand and result, but got 'tensor<16xf32>' and 'memref<16xf32>'}}
  %0 = "std.reshape"(%t) : (tensor<16xf32>) -> memref<16xf32>
  return
}

// -----

#map_b = (i, j)[s0, s1] -> (i + s0, j) size (16, s1)
func @view_counts(%a: memref<16x?xf32>, %0: index) {
  // expected-error@+1 {{'std.view' op operand count 2 does not equal the memref's dynamic dimension count (1) plus its layout symbol count (2)}}
  %b = view memref<4x?xf32, #map_b> (%0) [%0] %a : memref<16x?xf32>
  return
}

// -----

func @view_index_type(%a: memref<16x?xf32>, %n: i64) {
  // expected-error@+1 {{'std.view' op dimension or symbol operand #0 must be of 'index' type, but got 'i64'}}
  %0 = "std.view"(%a, %n) : (memref<16x?xf32>, i64) -> memref<16x?xf32>
  return
}

// -----

func @view_arrow_source(%a: memref<16x?xf32>, %n: index) {
  // expected-error@+1 {{expected the source type 'memref<16x4xf32>'}}
  %0 = view memref<16x4xf32> -> memref<16x?xf32> (%n) %a : memref<16x?xf32>
  return
}
