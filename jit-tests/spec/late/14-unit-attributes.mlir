// spec: mlir-langref-late.md line 913, unit attributes on function arguments
// fixed: the example's argument attributes name no dialect, which the rule of the same
// reference ("Function and Argument Attributes": only dialect attributes) and mlir-opt reject;
// the fixed example names one (`test.`). The spelling as written is the error case below.
// test: roundtrip
// A unit attribute defined with the `unit` value specifier.
func @verbose_form(i1 {test.unitAttr : unit})

// A unit attribute can also be defined without the value specifier.
func @simple_form(i1 {test.unitAttr})
// output:
// func @verbose_form(i1 {test.unitAttr})
// func @simple_form(i1 {test.unitAttr})

// -----

// expected-error@+1 {{'func' op arguments may only have dialect attributes: 'unitAttr' on argument #0 names no dialect}}
func @verbose_form(i1 {unitAttr : unit})
