// Symbol references resolve; symbol names are unique.
// spec: mlir-langref-late.md "Functions", "Symbol references" of the 'call' and 'constant' ops.

func @f(i32) -> i32

func @ok(%a: i32) -> i32 {
  %0 = call @f(%a) : (i32) -> i32
  %g = constant @f : (i32) -> i32
  return %0 : i32
}

// -----

func @undefined() {
  // expected-error@+1 {{'std.call' op 'g' does not reference a valid function}}
  call @g() : () -> ()
  return
}

// -----

func @f(i32) -> i32

func @wrong_signature(%a: i64) {
  // expected-error@+1 {{'std.call' op operand type mismatch: operand #0 is 'i64' but callee expects 'i32'}}
  %0 = call @f(%a) : (i64) -> i32
  return
}

// -----

func @dup() {
  return
}
// expected-error@+2 {{redefinition of symbol named 'dup'}}
// expected-note@-4 {{see existing symbol definition here}}
func @dup() {
  return
}

// -----

// Unregistered ops may refer to anything; only the std ops' references are checked.
func @unknown_ref() {
  "foo.ref"() {target = @nowhere} : () -> ()
  return
}
