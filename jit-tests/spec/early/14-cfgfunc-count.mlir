// spec: mlir-langref-early.md line 924, a CFG function returning its argument twice
// test: roundtrip
cfgfunc @count(i64) -> (i64, i64)
  attributes {fruit: "banana"} {
bb0(%x: i64):
  return %x, %x: i64, i64
}
// output:
// func @count(%arg0: i64) -> (i64, i64) attributes {fruit = "banana"} {
//   return %arg0, %arg0 : i64, i64
// }
