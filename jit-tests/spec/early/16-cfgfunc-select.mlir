// spec: mlir-langref-early.md line 1045, a conditional branch targeting one block twice, in a
// CFG function with named arguments and an entry label without arguments
// test: roundtrip
cfgfunc @select(%a : i32, %b :i32, %flag : i1) -> i32 {
bb0:
    // Both targets are the same, operands differ
    cond_br %flag, bb1 (%a : i32), bb1 (%b : i32)

bb1 (%x : i32) :
    return %x : i32
}
// output:
// func @select(%arg0: i32, %arg1: i32, %arg2: i1) -> i32 {
//   cond_br %arg2, ^bb1(%arg0 : i32), ^bb1(%arg1 : i32)
// ^bb1(%0: i32):
//   return %0 : i32
// }
