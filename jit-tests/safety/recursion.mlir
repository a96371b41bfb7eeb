// Recursion deeper than the thread's stack stops the call with an error; the process goes on.
// spec: mlir-langref-mid.md, call (a function may call itself).

func @depth(%n: i64) -> i64 {
  %c0 = constant 0 : i64
  %done = cmpi "eq", %n, %c0 : i64
  cond_br %done, ^base, ^rec
^base:
  return %c0 : i64
^rec:
  %c1 = constant 1 : i64
  %m = subi %n, %c1 : i64
  %r = call @depth(%m) : (i64) -> i64
  %s = addi %r, %c1 : i64
  return %s : i64
}
// run: @depth(1000) == 1000
// run: @depth(100000000) traps "stack overflow (recursion too deep)"

// -----

func @forever(%n: i64) -> i64 {
  %r = call @forever(%n) : (i64) -> i64
  return %r : i64
}
// run: @forever(1) traps "stack overflow"
