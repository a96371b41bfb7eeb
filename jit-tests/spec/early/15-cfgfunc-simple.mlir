// spec: mlir-langref-early.md line 967, basic blocks with arguments (`br_cond` and bare labels)
// test: roundtrip
cfgfunc @simple(i64, i1) -> i64 {
bb0(%a: i64, %cond: i1): // Code dominated by bb0 may refer to %a
  br_cond %cond, bb1, bb2

bb1:
  br bb3(%a: i64)    // Branch passes %a as the argument

bb2:
  %b = "add"(%a, %a) : (i64, i64) -> i64
  br bb3(%b: i64)    // Branch passes %b as the argument

// bb3 receives an argument, named %c, from predecessors
// and passes it on to bb4 twice.
bb3(%c: i64):
  br bb4(%c, %c : i64, i64)

bb4(%d : i64, %e : i64):
  %0 = addi %d, %e : i64
  return %0 : i64
}
// output:
// func @simple(%arg0: i64, %arg1: i1) -> i64 {
//   cond_br %arg1, ^bb1, ^bb2
// ^bb1:
//   br ^bb3(%arg0 : i64)
// ^bb2:
//   %0 = "add"(%arg0, %arg0) : (i64, i64) -> i64
//   br ^bb3(%0 : i64)
// ^bb3(%1: i64):
//   br ^bb4(%1, %1 : i64, i64)
// ^bb4(%2: i64, %3: i64):
//   %4 = addi %2, %3 : i64
//   return %4 : i64
// }

// -----

cfgfunc @f(i64) -> i64 {
bb0(%a: i64):
  // expected-error@+1 {{branch has 0 operands, but target block has 1}}
  br bb1
bb1(%x: i64):
  return %x : i64
}

// -----

// expected-error@+1 {{entry block of region may not have predecessors}}
cfgfunc @f(i64) -> i64 {
bb0(%a: i64):
  br bb0(%a : i64)
}
