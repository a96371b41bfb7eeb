// spec: mlir-langref-mid.md line 1209 (spelled "br_cond" there, read as cond_br), a terminator with successors in the generic form
// fixed: the op is placed in a function providing %cond, %v and the blocks ^bb1, ^bb2.
// test: roundtrip
func @branch(%cond: i1, %v: index) -> index {
  // Branch to ^bb1 or ^bb2 depending on the condition %cond.
  // Pass value %v to ^bb2, but not to ^bb1.
  "br_cond"(%cond)[^bb1, ^bb2(%v : index)] : (i1) -> ()
^bb1:
  return %v : index
^bb2(%w: index):
  return %w : index
}
// output:
// func @branch(%arg0: i1, %arg1: index) -> index {
//   cond_br %arg0, ^bb1, ^bb2(%arg1 : index)
// ^bb1:
//   return %arg1 : index
// ^bb2(%0: index):
//   return %0 : index
// }
