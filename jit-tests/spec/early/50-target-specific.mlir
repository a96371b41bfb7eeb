// spec: mlir-langref-early.md lines 2153 and 2167, target-specific operations
// fixed: the operands are function arguments;
// fixed: the LLVM intrinsic binds two results to one name: `%x:2 = ...` (as in the later references).
// test: roundtrip
func @f(%a: vector<8x128xf32>, %b: vector<8x128xf32>, %c: i16, %d: i16) {
  // TPU vector add instruction
  %f = "tpu.vaddf32"(%a, %b)
               : (vector<8x128xf32>, vector<8x128xf32>) -> vector<8x128xf32>
  // LLVM: %x = call {i16, i1} @llvm.sadd.with.overflow.i16(i16 %a, i16 %b)
  %x:2 = "llvm.sadd.with.overflow.i16"(%c, %d) : (i16, i16) -> (i16, i1)
  return
}
// output:
// func @f(%arg0: vector<8x128xf32>, %arg1: vector<8x128xf32>, %arg2: i16, %arg3: i16) {
//   %0 = "tpu.vaddf32"(%arg0, %arg1) : (vector<8x128xf32>, vector<8x128xf32>) -> vector<8x128xf32>
//   %1:2 = "llvm.sadd.with.overflow.i16"(%arg2, %arg3) : (i16, i16) -> (i16, i1)
//   return
// }
