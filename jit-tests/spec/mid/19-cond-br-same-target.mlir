// spec: mlir-langref-mid.md line 1278, a conditional branch with the same target twice
// test: roundtrip
func @select(i32, i32, i1) -> i32 {
^bb0(%a : i32, %b :i32, %flag : i1) :
// Both targets are the same, operands differ
cond_br %flag, ^bb1(%a : i32), ^bb1(%b : i32)

^bb1(%x : i32) :
return %x : i32
}
// output:
// func @select(%arg0: i32, %arg1: i32, %arg2: i1) -> i32 {
//   cond_br %arg2, ^bb1(%arg0 : i32), ^bb1(%arg1 : i32)
// ^bb1(%0: i32):
//   return %0 : i32
// }
