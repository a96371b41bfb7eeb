// spec: mlir-langref-mid.md line 2184, a target-specific operation
// fixed: %a and %b are function arguments.
// test: roundtrip
func @f(%a: i16, %b: i16) -> (i16, i1) {
  // LLVM: %x = call {i16, i1} @llvm.sadd.with.overflow.i16(i16 %a, i16 %b)
  %x:2 = "llvm.sadd.with.overflow.i16"(%a, %b) : (i16, i16) -> (i16, i1)
  return %x#0, %x#1 : i16, i1
}
// output:
// func @f(%arg0: i16, %arg1: i16) -> (i16, i1) {
//   %0:2 = "llvm.sadd.with.overflow.i16"(%arg0, %arg1) : (i16, i16) -> (i16, i1)
//   return %0#0, %0#1 : i16, i1
// }
