// spec: mlir-langref-mid.md line 1813, `constant` in custom and generic forms
// fixed: @myfn is declared; each form defines its own result name;
// fixed: the generic forms need function types, `() -> i32` rather than `i32`, and a function
//        result type in parentheses: `() -> ((tensor<16xf32>, f32) -> tensor<16xf32>)`.
// test: roundtrip
func @myfn(tensor<16xf32>, f32) -> tensor<16xf32>
func @f() {
  // Integer constant
  %1 = constant 42 : i32

  // Reference to function @myfn.
  %3 = constant @myfn : (tensor<16xf32>, f32) -> tensor<16xf32>

  // Equivalent generic forms
  %one = "std.constant"(){value: 42 : i32} : () -> i32
  %fn = "std.constant"(){value: @myfn}
     : () -> ((tensor<16xf32>, f32) -> tensor<16xf32>)
  return
}
// output:
// func @myfn(tensor<16xf32>, f32) -> tensor<16xf32>
//
// func @f() {
//   %0 = constant 42 : i32
//   %1 = constant @myfn : (tensor<16xf32>, f32) -> tensor<16xf32>
//   %2 = constant 42 : i32
//   %3 = constant @myfn : (tensor<16xf32>, f32) -> tensor<16xf32>
//   return
// }

// -----

func @f() {
  // Float, dense vector and tensor, and splat constants.
  %f = constant 1.5 : f32
  %h = constant 0x7E00 : f16
  %v = constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %t = constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf64>
  %s = constant splat<tensor<8xf32>, 0.5>
  %b = constant true : i1
  return
}
// output:
// func @f() {
//   %0 = constant 1.5 : f32
//   %1 = constant 0x7E00 : f16
//   %2 = constant dense<[1, 2, 3, 4]> : vector<4xi32>
//   %3 = constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf64>
//   %4 = constant dense<0.5> : tensor<8xf32>
//   %5 = constant true : i1
//   return
// }

// -----

func @f() {
  // expected-error@+1 {{requires attribute's type ('i64') to match op's return type ('i32')}}
  %1 = "std.constant"(){value: 42} : () -> i32
  return
}

// -----

func @myfn(i32) -> i32
func @f() {
  // expected-error@+1 {{reference to function with mismatched type}}
  %3 = constant @myfn : (i64) -> i64
  return
}
