// Invalid textual forms, in the style of MLIR's 2019 invalid.mlir: each case rejected at the
// expected line with the expected message. Written for Strata (not copied).

func @illegaltype(i) // expected-error {{expected non-function type}}

// -----

func @illegaltype() {
  %0 = constant splat<<vector 4 x f32>, 0> : vector<4 x f32> // expected-error {{expected non-function type}}
}

// -----

func @nestedtensor(tensor<tensor<i8>>) -> () // expected-error {{invalid tensor element type}}

// -----

func @illegalmemrefelementtype(memref<?xtensor<i8>>) -> () // expected-error {{invalid memref element type}}

// -----

func @illegaltensorelementtype(tensor<?xmemref<i8>>) -> () // expected-error {{invalid tensor element type}}

// -----

func @memrefs(memref<2x4xi8, >) // expected-error {{expected list element}}

// -----

func @memrefs(memref<2x4xi8, #map7>) // expected-error {{undefined symbol alias id 'map7'}}

// -----

#map0 = (d0, d1) -> (d0, d1)
func @memrefs(memref<2x4xi8, #map0, #map8>) // expected-error {{undefined symbol alias id 'map8'}}

// -----

#map0 = (d0, d1) -> (d0, d1)
func @memrefs(memref<2x4xi8, i8>) // expected-error {{expected affine map in memref type}}

// -----

#map0 = (d0, d1) -> (d0, d1)
func @memrefs(memref<2x4xi8, #map0, 1, 2>) // expected-error {{multiple memory spaces specified in memref type}}

// -----

#map0 = (d0, d1) -> (d0, d1)
func @memrefs(memref<2x4xi8, 1, #map0>) // expected-error {{affine map after memory space in memref type}}

// -----

#map0 = (d0, d1) -> (d0, d1)
#map1 = (d0) -> (d0)
func @memrefs(memref<42xi8, #map0>) // expected-error {{memref affine map dimension mismatch}}

// -----

#map0 = (d0, d1) -> (d0, d1)
#map1 = (d0) -> (d0)
func @memrefs(memref<42x42xi8, #map0, #map1>) // expected-error {{memref affine map dimension mismatch}}

// -----

func @memref_space_after_strides(memref<42x42xi8, 0, (d0, d1) -> (d1, d0)>) -> () // expected-error {{affine map after memory space in memref type}}

// -----

func @bad_branch() {
^bb12:
  br ^missing  // expected-error {{reference to an undefined block}}
}

// -----

func @block_redef() {
^bb42:
  return
^bb42:        // expected-error {{redefinition of block '^bb42'}}
  return
}

// -----

func @no_terminator() {   // expected-error {{block with no terminator}}
^bb40:
  return
^bb41:
^bb42:
  return
}

// -----

func @block_no_rparen() {
^bb42 (%bb42 : i32: // expected-error {{expected ')' to end argument list}}
  return
}

// -----

func @block_arg_no_ssaid() {
^bb42 (i32): // expected-error {{expected SSA operand}}
  return
}

// -----

func @block_arg_no_type() {
^bb42 (%0): // expected-error {{expected ':' and type for SSA operand}}
  return
}

// -----

func @block_arg_no_close_paren() {
^bb42:
  br ^bb2( // expected-error@+1 {{expected ')' to close argument list}}
  return
}

// -----

func @block_first_has_predecessor() {
// expected-error@-1 {{entry block of region may not have predecessors}}
^bb42:
  br ^bb43
^bb43:
  br ^bb42
}

// -----

func @illegalattrs() -> () attributes { key = } // expected-error {{expected non-function type}}

// -----

func @foo() {
  affine.for %i = 1 to 10 {
    "bar"() : () -> ()
  // expected-error@+3 {{expected '}' to end a region}}
}

// -----

func @malformed_for_percent() {
  affine.for i = 1 to 10 { // expected-error {{expected SSA operand}}
  }
}

// -----

func @malformed_for_equal() {
  affine.for %i 1 to 10 { // expected-error {{expected '='}}
  }
}

// -----

func @malformed_for_to() {
  affine.for %i = 1 too 10 { // expected-error {{expected 'to' between bounds}}
  }
}

// -----

func @incomplete_for() {
  affine.for %i = 1 to 10 step 2
}        // expected-error {{expected '{' to begin a region}}

// -----

#map0 = (d0) -> (d0 floordiv 4)

func @reference_to_iv_in_bound() {
  // expected-error@+2 {{use of SSA value '%i0' before its definition}}
  // expected-note@+1 {{defined here as a region argument, which does not dominate the use}}
  affine.for %i0 = #map0(%i0) to 10 {
  }
}

// -----

func @nonconstant_step(%1 : i32) {
  affine.for %2 = 1 to 5 step %1 { // expected-error {{expected non-function type}}

// -----

func @for_negative_stride() {
  affine.for %i = 1 to 10 step -1
}        // expected-error@-1 {{expected step to be representable as a positive signed integer}}

// -----

func @non_operation() {
  asd   // expected-error {{custom op 'asd' is unknown}}
}

// -----

func @invalid_if_conditional2() {
  affine.for %i = 1 to 10 {
    affine.if (i)[N] : (i >= )  // expected-error {{expected '== 0' or '>= 0' at end of affine constraint}}
  }
}

// -----

func @invalid_if_conditional3() {
  affine.for %i = 1 to 10 {
    affine.if (i)[N] : (i == 1) // expected-error {{expected '0' after '=='}}
  }
}

// -----

func @invalid_if_conditional4() {
  affine.for %i = 1 to 10 {
    affine.if (i)[N] : (i >= 2) // expected-error {{expected '0' after '>='}}
  }
}

// -----

func @invalid_if_conditional5() {
  affine.for %i = 1 to 10 {
    affine.if (i)[N] : (i <= 0 ) // expected-error {{expected '== 0' or '>= 0' at end of affine constraint}}
  }
}

// -----

func @invalid_if_conditional6() {
  affine.for %i = 1 to 10 {
    affine.if (i) : (i) // expected-error {{expected '== 0' or '>= 0' at end of affine constraint}}
  }
}

// -----

func @invalid_if_conditional7() {
  affine.for %i = 1 to 10 {
    affine.if (i) : (i) // expected-error {{expected '== 0' or '>= 0' at end of affine constraint}}
  }
}

// -----

#map = (d0) -> (%  // expected-error {{invalid SSA name}}

// -----

func @test() {
^bb40:
  %1 = "foo"() : (i32)->i64 // expected-error {{expected 0 operand types but had 1}}
  return
}

// -----

func @redef() {
^bb42:
  %x = "xxx"(){index = 0} : ()->i32 // expected-note {{previously defined here}}
  %x = "xxx"(){index = 0} : ()->i32 // expected-error {{redefinition of SSA value '%x'}}
  return
}

// -----

func @undef() {
^bb42:
  %x = "xxx"(%y) : (i32)->i32   // expected-error {{use of undeclared SSA value}}
  return
}

// -----

func @malformed_ml_function() {
  %x = "xxx"(%y) : (i32)->i32   // expected-error {{use of undeclared SSA value}}
  return
}

// -----

func @argError() {
^bb1(%a: i64):  // expected-note {{previously defined here}}
  br ^bb2
^bb2(%a: i64):  // expected-error{{redefinition of SSA value '%a'}}
  return
}

// -----

// expected-error @+1 {{'func' op entry block must have 2 arguments to match function signature}}
func @bbargMismatch(i32, f32) {
^bb42(%0: i32):
  return
}

// -----

func @br_mismatch() {
^bb0:
  %0:2 = "foo"() : () -> (i1, i17)
  // expected-error @+1 {{branch has 2 operands, but target block has 1}}
  br ^bb1(%0#1, %0#0 : i17, i1)

^bb1(%x: i17):
  return
}

// -----

func @succ_arg_type() {
^bb0:
  %0 = "getBool"() : () -> i1
  // expected-error @+1 {{type mismatch for bb argument #0 of successor #0}}
  br ^bb1(%0 : i1)
^bb1(%x: i32):
  return
}

// -----

func @vectors(vector<1 x vector<1xi32>>, vector<2x4xf32>)  // expected-error {{vector elements must be int or float type}}

// -----

func @condbr_notbool() {
^bb0:
  %a = "foo"() : () -> i32 // expected-note {{prior use here}}
  cond_br %a, ^bb0, ^bb0 // expected-error {{use of value '%a' expects different type than prior uses: 'i1' vs 'i32'}}
}

// -----

func @condbr_badtype() {
^bb0:
  %c = "foo"() : () -> i1
  %a = "foo"() : () -> i32
  cond_br %c, ^bb0(%a, %a : i32, ^bb0) // expected-error {{expected non-function type}}
}

// -----

func @condbr_a_bb_is_not_a_type() {
^bb0:
  %c = "foo"() : () -> i1
  %a = "foo"() : () -> i32
  cond_br %c, ^bb0(%a, %a : i32, i32), i32 // expected-error {{expected block name}}
}

// -----

func @successors_in_non_terminator(%a : i32, %b : i32) {
  %c = "std.addi"(%a, %b)[^bb1] : () -> () // expected-error {{successors in non-terminator}}
^bb1:
  return
}

// -----

func @undef() {
^bb0:
  %x = "xxx"(%y) : (i32)->i32   // expected-error {{use of undeclared SSA value}}
  return
}

// -----

func @duplicate_induction_var() {
  affine.for %i = 1 to 10 {   // expected-note {{previously defined here}}
    affine.for %i = 1 to 10 { // expected-error {{redefinition of SSA value '%i'}}
    }
  }
  return
}

// -----

func @name_scope_failure() {
  affine.for %i = 1 to 10 {
  }
  "xxx"(%i) : (index)->()   // expected-error {{use of undeclared SSA value name}}
  return
}

// -----

func @dominance_failure() {
^bb0:
  "foo"(%x) : (i32) -> ()    // expected-error {{operand #0 does not dominate this use}}
  br ^bb1
^bb1:
  %x = "bar"() : () -> i32    // expected-note {{operand defined here}}
  return
}

// -----

func @return_type_mismatch() -> i32 {
  %0 = "foo"() : ()->f32
  return %0 : f32  // expected-error {{type of return operand 0 ('f32') doesn't match function result type ('i32')}}
}

// -----

func @return_inside_loop() {
  affine.for %i = 1 to 100 {
    // expected-error@-1 {{op expects regions to end with 'affine.terminator'}}
    // expected-note@-2 {{in custom textual format, the absence of terminator implies}}
    return
  }
  return
}

// -----

// expected-error@+1 {{expected three consecutive dots for an ellipsis}}
func @malformed_ellipsis_one(.)

// -----

// expected-error@+1 {{expected three consecutive dots for an ellipsis}}
func @malformed_ellipsis_two(..)

// -----

// expected-error@+1 {{expected non-function type}}
func @func_variadic(...)

// -----

func @redef()
func @redef()  // expected-error {{redefinition of symbol named 'redef'}}
// expected-note@-2 {{see existing symbol definition here}}

// -----

func @foo() {
^bb0:
  %x = constant @foo : (i32) -> ()  // expected-error {{reference to function with mismatched type}}
  return
}

// -----

func @undefined_function() {
^bb0:
  %x = constant @bar : (i32) -> ()  // expected-error {{reference to undefined function 'bar'}}
  return
}

// -----

#map1 = (i)[j] -> (i+j)

func @bound_symbol_mismatch(%N : index) {
  affine.for %i = #map1(%N) to 100 {
  // expected-error@-1 {{symbol operand count and integer set symbol count must match}}
  }
  return
}

// -----

#map1 = (i)[j] -> (i+j)

func @bound_dim_mismatch(%N : index) {
  affine.for %i = #map1(%N, %N)[%N] to 100 {
  // expected-error@-1 {{dim operand count and integer set dim count must match}}
  }
  return
}

// -----

func @large_bound() {
  affine.for %i = 1 to 9223372036854775810 {
  // expected-error@-1 {{integer constant out of range for attribute}}
  }
  return
}

// -----

func @max_in_upper_bound(%N : index) {
  affine.for %i = 1 to max (i)->(N, 100) { //expected-error {{expected non-function type}}
  }
  return
}

// -----

func @step_typo() {
  affine.for %i = 1 to 100 step -- 1 { //expected-error {{expected constant integer}}
  }
  return
}

// -----

func @invalid_bound_map(%N : i32) {
  affine.for %i = 1 to (i)->(j)(%N) { //expected-error {{use of undeclared identifier}}
  }
  return
}

// -----

#set0 = (i)[N] : (i >= 0, N - i >= 0)

func @invalid_if_operands1(%N : index) {
  affine.for %i = 1 to 10 {
    affine.if #set0(%i) {
    // expected-error@-1 {{symbol operand count and integer set symbol count must match}}

// -----

#set0 = (i)[N] : (i >= 0, N - i >= 0)

func @invalid_if_operands2(%N : index) {
  affine.for %i = 1 to 10 {
    affine.if #set0()[%N] {
    // expected-error@-1 {{dim operand count and integer set dim count must match}}

// -----

#set0 = (i)[N] : (i >= 0, N - i >= 0)

func @invalid_if_operands3(%N : index) {
  affine.for %i = 1 to 10 {
    affine.if #set0(%i)[%i] {
    // expected-error@-1 {{operand cannot be used as a symbol}}
    }
  }
  return
}

// -----
// expected-error@+1 {{expected '"' in string literal}}
"J// -----

func @calls(%arg0: i32) {
  // expected-error@+1 {{expected non-function type}}
  %z = "casdasda"(%x) : (ppop32) -> i32
}

// -----
// expected-error@+2 {{expected SSA operand}}
func@n(){^b(
// -----

func @mi() {
  // expected-error@+1 {{expected '{' to begin a region}}
  affine.for %i = 1 to 10 step 1 q

// -----

func @invalid_result_count() {
  // expected-error@+1 {{expected named operation to have atleast 1 result}}
  %a:0 = "foo"() : () -> ()
  return
}

// -----

func @invalid_result_count2() {
  // expected-error@+1 {{operation defines 1 results but was provided 2 to bind}}
  %a:2 = "foo"() : () -> i32
  return
}

// -----

func @invalid_name_in_result() {
  // expected-error@+1 {{expected valid ssa identifier}}
  %a, 5 = "foo"() : () -> (i32, i32)
  return
}

// -----

func @no_result_named() {
  // expected-error@+1 {{cannot name an operation with no results}}
  %a = "foo"() : () -> ()
  return
}

// -----

func @hexfloat_negative() {
  // expected-error@+1 {{hexadecimal float literal should not have a leading minus}}
  "foo"() {value = -0x7F800000 : f32} : () -> ()
  return
}

// -----

func @decimal_for_float() {
  // expected-error@+1 {{unexpected decimal integer literal for a float attribute}}
  "foo"() {value = 3 : f32} : () -> ()
  return
}

// -----

func @large_int_type() {
  // expected-error@+1 {{integer bitwidth is limited to 4096 bits}}
  "foo"() : () -> i4097
  return
}

// -----

func @elements_type() {
  // expected-error@+1 {{elements literal must be a ranked tensor or vector type}}
  "foo"() {x = dense<[1]> : i32} : () -> ()
  return
}

// -----

func @elements_float_as_int() {
  // expected-error@+1 {{expected floating-point elements, but parsed integer}}
  "foo"() {x = dense<tensor<2xf32>, [1, 2]>} : () -> ()
  return
}

// -----

func @elements_bool_type() {
  // expected-error@+1 {{expected i1 type for 'true' or 'false' values}}
  "foo"() {x = dense<tensor<2xi32>, [true, false]>} : () -> ()
  return
}

// -----

func @opaque_prefix() {
  // expected-error@+1 {{opaque string should start with '0x'}}
  "foo"() {x = opaque<"std", tensor<1xi32>, "AB">} : () -> ()
  return
}

// -----

func @opaque_digits() {
  // expected-error@+1 {{opaque string only contains hex digits}}
  "foo"() {x = opaque<"std", tensor<1xi32>, "0xZZ">} : () -> ()
  return
}

// -----

func @opaque_dialect() {
  // expected-error@+1 {{no registered dialect with namespace 'nope'}}
  "foo"() {x = opaque<"nope", tensor<1xi32>, "0x00">} : () -> ()
  return
}

// -----

// expected-error@+1 {{attribute names with a '.' are reserved for dialect-defined names}}
#foo.attr = i32

// -----

// expected-error@+1 {{expected 'type' in type alias definition}}
!alias = i32

// -----

!alias = type i32
// expected-error@+1 {{redefinition of type alias id 'alias'}}
!alias = type i64

// -----

func @undefined_type_alias(!nope)  // expected-error {{undefined symbol alias id 'nope'}}

// -----

func @unbalanced_dialect_type(!foo.bar<1, [2>) // expected-error {{unbalanced '>' character in pretty dialect name}}

// -----

func @int_out_of_range() {
  // expected-error@+1 {{integer constant out of range for type 'i8'}}
  %0 = constant 256 : i8
  return
}

// -----

// expected-error@+1 {{expected '"' in string literal}}
func @unterminated_string() attributes {a = "abc

// -----

// A value used by its own definition (found by the fuzzer: the dimension rule followed the
// affine.apply chain around the cycle until the stack overflowed).
func @apply_of_itself(%n: index) {
  affine.for %j = 0 to %n {
    // expected-error@+2 {{operand #0 does not dominate this use}}
    // expected-note@+1 {{operand defined here}}
    %k = affine.apply (d0, d1) -> (d0 * 10 + d1)(%k, %j)
  }
  return
}


// -----

// spec: mlir-langref-late.md, Functions — a body is a region with at least one block.
func @empty_body() {} // expected-error {{function must have a body}}

// -----

// spec: mlir-langref-mid.md, Function and Argument Attributes — dialect attributes only.
// expected-error@+1 {{arguments may only have dialect attributes: 'noalias' on argument #1 names no dialect}}
func @arg_attr_without_dialect(i32 {llvm.noalias = true}, i32 {noalias = true})

// -----

func @iv_redefines_value() {
  %x = constant 0 : index    // expected-note {{previously defined here}}
  affine.for %x = 0 to 10 {  // expected-error {{redefinition of SSA value '%x'}}
  }
  return
}

// -----

func @region_arg_redefines_value() {
  %a = constant 1 : i32    // expected-note {{previously defined here}}
  "foo.region"() ({
  ^bb0(%a : i32):          // expected-error {{redefinition of SSA value '%a'}}
    "foo.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func @iv_used_in_own_upper_bound() {
  // expected-error@+2 {{use of SSA value '%i' before its definition}}
  // expected-note@+1 {{defined here as a region argument}}
  affine.for %i = 0 to %i {
  }
  return
}

// -----

// expected-error @+1 {{'func' op type of entry block argument #0(i64) must match the type of the corresponding argument in function signature(i32)}}
func @entry_arg_type(i32) {
^bb0(%a: i64):
  return
}
