// spec: mlir-langref-mid.md line 1014, control and value scoping of regions
// fixed: the function name is written `$@accelerator_compute`; `br_cond` is the spelling of
//        this reference for `cond_br` (kept below: it is read as `cond_br`);
// fixed: the region of "accelerator.launch" must be written in parentheses, `({ ... })`, and the
//        op needs its type `: () -> ()`;
// fixed: "accelerator.do_something" is typed `(i64) -> ()` (no result) yet bound to
//        %new_value: the name is dropped;
// fixed: `...` is replaced by a branch to ^bb3, which the example uses but never defines.
// test: roundtrip
func @accelerator_compute(i64, i1) -> i64 {
^bb0(%a: i64, %cond: i1): // Code dominated by ^bb0 may refer to %a
  br_cond %cond, ^bb1, ^bb2

^bb1:
  // This def for %value does not dominate ^bb2
  %value = "op.convert"(%a) : (i64) -> i64
  br ^bb3(%a: i64)    // Branch passes %a as the argument

^bb2:
  "accelerator.launch"() ({
    ^bb0:
      // Region of code nested under "accelerator_launch", it can reference %a but
      // not %value.
      "accelerator.do_something"(%a) : (i64) -> ()
  }) : () -> ()
  br ^bb3(%a: i64)

^bb3(%r: i64):
  return %r : i64
}
// output:
// func @accelerator_compute(%arg0: i64, %arg1: i1) -> i64 {
//   cond_br %arg1, ^bb1, ^bb2
// ^bb1:
//   %0 = "op.convert"(%arg0) : (i64) -> i64
//   br ^bb3(%arg0 : i64)
// ^bb2:
//   "accelerator.launch"() ({
//     "accelerator.do_something"(%arg0) : (i64) -> ()
//   }) : () -> ()
//   br ^bb3(%arg0 : i64)
// ^bb3(%1: i64):
//   return %1 : i64
// }

// -----

func @accelerator_compute(i64, i1) -> i64 {
^bb0(%a: i64, %cond: i1):
  cond_br %cond, ^bb1, ^bb2
^bb1:
  // expected-note@+1 {{operand defined here}}
  %value = "op.convert"(%a) : (i64) -> i64
  br ^bb3(%a: i64)
^bb2:
  // The region cannot reference %value: its definition does not dominate ^bb2.
  "accelerator.launch"() ({
      // expected-error@+1 {{operand #0 does not dominate this use}}
      "accelerator.do_something"(%value) : (i64) -> ()
  }) : () -> ()
  br ^bb3(%a: i64)
^bb3(%r: i64):
  return %r : i64
}

// -----

func @accelerator_compute(i64, i1) -> i64 {
^bb0(%a: i64, %cond: i1):
  "accelerator.launch"() ({
      %new_value = "accelerator.do_something"(%a) : (i64) -> i64
  }) : () -> ()
  // %new_value cannot be referenced outside of the region
  // expected-error@+1 {{use of undeclared SSA value name}}
  return %new_value : i64
}
