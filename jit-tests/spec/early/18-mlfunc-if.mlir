// spec: mlir-langref-early.md line 1189, an if statement in an ML function
// fixed: the argument list `(%A, %X, %N) : (memref<10xi32>, i32, i32)` is written in the
//        grammar's form; %N is a loop bound and a symbol, so it is of type index;
// fixed: #map42 and #map43 are defined, @S1 and @S2 declared, and the calls given their types.
// test: roundtrip
#set = (d0, d1)[s0]: (d0 - 10 >= 0, s0 - d0 - 9 >= 0,
                      d1 - 10 >= 0, s0 - d1 - 9 >= 0)
#map42 = (d0, d1) -> (d0 + d1, d0 - d1)
#map43 = (d0, d1) -> (d0 floordiv 2, d1 mod 2)

extfunc @S1(i32, index, index) -> i32
extfunc @S2(i32, memref<10xi32>, index, index)

mlfunc @reduced_domain_example(%A : memref<10xi32>, %X : i32, %N : index) {
  for %i = 0 to %N {
     for %j = 0 to %N {
       %0 = affine_apply #map42(%i, %j)
       %tmp = call @S1(%X, %0#0, %0#1) : (i32, index, index) -> i32
       if #set(%i, %j)[%N] {
          %1 = affine_apply #map43(%i, %j)
          call @S2(%tmp, %A, %1#0, %1#1) : (i32, memref<10xi32>, index, index) -> ()
       }
    }
  }
  return
}
// output:
// #set = (d0, d1)[s0] : (d0 - 10 >= 0, -d0 + s0 - 9 >= 0, d1 - 10 >= 0, -d1 + s0 - 9 >= 0)
// #map42 = (d0, d1) -> (d0 + d1, d0 - d1)
// #map43 = (d0, d1) -> (d0 floordiv 2, d1 mod 2)
//
// func @S1(i32, index, index) -> i32
// func @S2(i32, memref<10xi32>, index, index)
//
// func @reduced_domain_example(%arg0: memref<10xi32>, %arg1: i32, %arg2: index) {
//   affine.for %arg3 = 0 to %arg2 {
//     affine.for %arg4 = 0 to %arg2 {
//       %0 = affine.apply (d0, d1) -> (d0 + d1)(%arg3, %arg4)
//       %1 = affine.apply (d0, d1) -> (d0 - d1)(%arg3, %arg4)
//       %2 = call @S1(%arg1, %0, %1) : (i32, index, index) -> i32
//       affine.if #set(%arg3, %arg4)[%arg2] {
//         %3 = affine.apply (d0, d1) -> (d0 floordiv 2)(%arg3, %arg4)
//         %4 = affine.apply (d0, d1) -> (d1 mod 2)(%arg3, %arg4)
//         call @S2(%2, %arg0, %3, %4) : (i32, memref<10xi32>, index, index) -> ()
//       }
//     }
//   }
//   return
// }

// -----

// `else if` of the earliest if statement is an else region holding one affine.if.
#set1 = (d0) : (d0 - 10 >= 0)
#set2 = (d0) : (d0 - 5 >= 0)
extfunc @a(index)
extfunc @b(index)
extfunc @c(index)
mlfunc @chain(%N : index) {
  for %i = 0 to %N {
    if #set1(%i) {
      call @a(%i) : (index) -> ()
    } else if #set2(%i) {
      call @b(%i) : (index) -> ()
    } else {
      call @c(%i) : (index) -> ()
    }
  }
  return
}
// output:
// #set1 = (d0) : (d0 - 10 >= 0)
// #set2 = (d0) : (d0 - 5 >= 0)
//
// func @a(index)
// func @b(index)
// func @c(index)
//
// func @chain(%arg0: index) {
//   affine.for %arg1 = 0 to %arg0 {
//     affine.if #set1(%arg1) {
//       call @a(%arg1) : (index) -> ()
//     } else {
//       affine.if #set2(%arg1) {
//         call @b(%arg1) : (index) -> ()
//       } else {
//         call @c(%arg1) : (index) -> ()
//       }
//     }
//   }
//   return
// }
