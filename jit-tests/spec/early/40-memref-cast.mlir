// spec: mlir-langref-early.md line 1866, `memref_cast`
// fixed: %2 is a function argument.
// test: roundtrip
func @f(%2: memref<4x?xf32>) -> memref<4x?xf32> {
  // Discard static dimension information.
  %3 = memref_cast %2 : memref<4x?xf32> to memref<?x?xf32>

  // Convert to a type with more known dimensions.
  %4 = memref_cast %3 : memref<?x?xf32> to memref<4x?xf32>
  return %4 : memref<4x?xf32>
}
// output:
// func @f(%arg0: memref<4x?xf32>) -> memref<4x?xf32> {
//   %0 = memref_cast %arg0 : memref<4x?xf32> to memref<?x?xf32>
//   %1 = memref_cast %0 : memref<?x?xf32> to memref<4x?xf32>
//   return %1 : memref<4x?xf32>
// }

// -----

func @f(%2: memref<4x?xf32>) {
  // expected-error@+1 {{incompatible static dimensions}}
  %3 = memref_cast %2 : memref<4x?xf32> to memref<5x?xf32>
  return
}

// -----

func @f(%2: memref<4x?xf32>) {
  // expected-error@+1 {{cast incompatible: different element types}}
  %3 = memref_cast %2 : memref<4x?xf32> to memref<4x?xi32>
  return
}

// -----

func @f(%2: memref<4x?xf32>) {
  // expected-error@+1 {{cast incompatible: different ranks}}
  %3 = memref_cast %2 : memref<4x?xf32> to memref<?xf32>
  return
}

// -----

func @f(%2: memref<4x?xf32>) {
  // expected-error@+1 {{cast incompatible: different memory spaces}}
  %3 = memref_cast %2 : memref<4x?xf32> to memref<4x?xf32, 1>
  return
}

// -----

func @f(%2: memref<4x?xf32>) {
  // expected-error@+1 {{cast incompatible: different layout maps}}
  %3 = memref_cast %2 : memref<4x?xf32> to memref<4x?xf32, (d0, d1) -> (d1, d0)>
  return
}
