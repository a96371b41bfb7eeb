// spec: mlir-langref-mid.md line 918, unit attributes on function arguments
// test: roundtrip
// A unit attribute defined with the `unit` value specifier.
func @verbose_form(i1 {unitAttr : unit})

// A unit attribute can also be defined without the value specifier.
func @simple_form(i1 {unitAttr})
// output:
// func @verbose_form(i1 {unitAttr})
// func @simple_form(i1 {unitAttr})
