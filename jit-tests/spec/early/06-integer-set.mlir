// spec: mlir-langref-early.md line 492, an integer set used by an if statement
// fixed: `...` is an empty body; the if is placed in an mlfunc over %i, %j with symbols %M, %N.
// test: roundtrip
// A example two-dimensional integer set with two symbols.
#set42 = (d0, d1)[s0, s1]
   : d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0

mlfunc @f(%M: index, %N: index) {
  for %i = 0 to %M {
    for %j = 0 to %N {
      // Inside an ML Function
      if #set42(%i, %j)[%M, %N] {
      }
    }
  }
  return
}
// output:
// #set42 = (d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)
//
// func @f(%arg0: index, %arg1: index) {
//   affine.for %arg2 = 0 to %arg0 {
//     affine.for %arg3 = 0 to %arg1 {
//       affine.if #set42(%arg2, %arg3)[%arg0, %arg1] {
//       }
//     }
//   }
//   return
// }

// -----

#set42 = (d0, d1)[s0, s1] : d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0
func @f(%M: index, %N: index) {
  affine.for %i = 0 to %M {
    // expected-error@+1 {{symbol operand count and integer set symbol count must match}}
    affine.if #set42(%i, %i)[%M] {
    }
  }
  return
}

// -----

#set = (d0)[s0] : (d0 >= 0)
func @f(%M: index, %N: index) {
  affine.for %i = 0 to %M {
    %x = addi %i, %N : index
    // expected-error@+1 {{operand cannot be used as a dimension id}}
    affine.if #set(%x)[%N] {
    }
  }
  return
}

// -----

#set = (d0)[s0] : (d0 >= 0)
func @f(%M: index, %N: index) {
  affine.for %i = 0 to %M {
    // expected-error@+1 {{operand cannot be used as a symbol}}
    affine.if #set(%N)[%i] {
    }
  }
  return
}
