// spec: mlir-rationale.md line 633, "Non-affine loop bounds": nested functions
// fixed: @pow is declared and called with index operands (a literal `2` is not an SSA value);
// fixed: `call @inner_nest(%pow, %n) : ...` gets its type; the `...` body is a call of @body.
// test: roundtrip
func @pow(index, index) -> index
func @body(index, index)

func @outer_nest(%n : index) {
  %c2 = constant 2 : index
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %n {
      %pow = call @pow(%c2, %j) : (index, index) ->  index
      call @inner_nest(%pow, %n) : (index, index) -> ()
    }
  }
  return
}

func @inner_nest(%m : index, %n : index) {
  affine.for %k = 0 to %m {
    affine.for %l = 0 to %n {
      call @body(%k, %l) : (index, index) -> ()
    }
  }
  return
}
// output:
// func @pow(index, index) -> index
// func @body(index, index)
//
// func @outer_nest(%arg0: index) {
//   %0 = constant 2 : index
//   affine.for %arg1 = 0 to %arg0 {
//     affine.for %arg2 = 0 to %arg0 {
//       %1 = call @pow(%0, %arg2) : (index, index) -> index
//       call @inner_nest(%1, %arg0) : (index, index) -> ()
//     }
//   }
//   return
// }
//
// func @inner_nest(%arg0: index, %arg1: index) {
//   affine.for %arg2 = 0 to %arg0 {
//     affine.for %arg3 = 0 to %arg1 {
//       call @body(%arg2, %arg3) : (index, index) -> ()
//     }
//   }
//   return
// }
