// SSA names are unique in their scope and typed consistently.
// spec: mlir-langref-late.md "Identifiers and keywords", "Value Dominance and Visibility".

func @redefinition() {
  %x = constant 1 : i32
  // expected-note@-1 {{previously defined here}}
  // expected-error@+1 {{redefinition of SSA value '%x'}}
  %x = constant 2 : i32
  return
}

// -----

func @argument_shadowed(%a: i32) {
  // expected-note@-1 {{previously defined here}}
  // expected-error@+1 {{redefinition of SSA value '%a'}}
  %a = constant 2 : i32
  return
}

// -----

func @inconsistent_type(%a: i32) {
  // expected-note@-1 {{prior use here}}
  // expected-error@+1 {{use of value '%a' expects different type than prior uses: 'i64' vs 'i32'}}
  "foo.use"(%a) : (i64) -> ()
  return
}

// -----

func @never_defined() {
  "foo.use"(%x) : (i32) -> ()
  // expected-error@-1 {{use of undeclared SSA value name}}
  return
}

// -----

func @result_count() {
  // expected-error@+1 {{operation defines 1 results but was provided 2 to bind}}
  %a:2 = "foo.def"() : () -> i32
  return
}

// -----

func @result_index() {
  %a:2 = "foo.def"() : () -> (i32, i32)
  // expected-error@+1 {{reference to invalid result number 2 of '%a' (it has 2)}}
  "foo.use"(%a#2) : (i32) -> ()
  return
}
