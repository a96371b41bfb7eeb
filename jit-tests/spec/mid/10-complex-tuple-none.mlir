// spec: mlir-langref-mid.md line 598 (complex types), line 620 (tuple types), "None Type"
// The types are the argument types of a function declaration.
// test: roundtrip
func @types(complex<f32>, complex<i32>,
            // Empty tuple.
            tuple<>,
            // Single element
            tuple<f32>,
            // Many elements.
            tuple<i32, f32, tensor<i1>, i5>,
            none)
// output:
// func @types(complex<f32>, complex<i32>, tuple<>, tuple<f32>, tuple<i32, f32, tensor<i1>, i5>, none)

// -----

// expected-error@+1 {{invalid element type for complex: 'tensor<f32>'}}
func @bad(complex<tensor<f32>>)
