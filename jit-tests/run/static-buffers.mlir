// alloc_static: a buffer owned by the module at a fixed base, zero at first and kept from call
// to call; two functions naming the same base share it. spec: mlir-langref-mid.md,
// 'alloc_static' operation.

func @count() -> i32 {
  %s = alloc_static(0x2000) : memref<4xi32>
  %c0 = constant 0 : index
  %x = load %s[%c0] : memref<4xi32>
  %c1 = constant 1 : i32
  %y = addi %x, %c1 : i32
  store %y, %s[%c0] : memref<4xi32>
  return %y : i32
}
func @peek() -> i32 {
  %s = alloc_static(0x2000) : memref<4xi32>
  %c0 = constant 0 : index
  %x = load %s[%c0] : memref<4xi32>
  return %x : i32
}
// run: @peek() == 0
// run: @count() == 1
// run: @count() == 2
// run: @peek() == 2
