// The textual form as MLIR's 2019 parser tests exercised it: every construct valid, read and
// printed back as a fixed point. Written for Strata in that style (not copied).

#map0 = (d0, d1, d2, d3, d4)[s0] -> (d0, d1, d2, d4, d3)
#map1 = (d0) -> (d0)
#map2 = (d0, d1, d2) -> (d0, d1, d2)
#map3 = (d0, d1, d2) -> (d0, d2, d1)
#set0 = (i)[N, M] : (i >= 0, -i + N >= 0, N - 5 == 0, -i + M + 1 >= 0)
#set1 = (d0)[s0] : (d0 - 2 >= 0, -d0 + 4 >= 0)
#bound_map1 = (i, j)[s] -> (i + j + s)
#bound_map2 = (d0) -> (d0 floordiv 2, d0 ceildiv 4, d0 mod 3)
#map_simple0 = ()[] -> (10)
#map_simple1 = ()[s0] -> (s0)
#map_non_simple0 = (d0)[] -> (d0)
#map_non_simple1 = (d0)[s0] -> (d0 + s0)
#map_non_simple2 = ()[s0, s1] -> (s0 + s1)
#map_non_simple3 = ()[s0] -> (s0 + 3)

func @foo(i32, i64) -> f32
func @bar()
func @baz() -> (i1, index, f32)
func @missingReturn()
func @int_types(i1, i2, i4, i7, i87) -> (i1, index, i19)
func @vectors(vector<1 x f32>, vector<2x4xf32>)
func @tensors(tensor<* x f32>, tensor<* x vector<2x4xf32>>, tensor<1x?x4x?x?xi32>, tensor<i8>)
func @memrefs(memref<1x?x4x?x?xi32, #map0>, memref<8xi8, #map1>)
func @memrefs2(memref<2x4x8xi8, #map2, 1>)
func @memrefs23(memref<2x4x8xi8, #map2, #map3>)
func @memrefs234(memref<2x4x8xi8, #map2, #map3, 3>)
func @memrefs_drop_triv_id_inline(memref<2xi8, (d0) -> (d0)>)
func @memrefs_drop_triv_id_inline0(memref<2xi8, (d0) -> (d0), 0>)
func @memrefs_drop_triv_id_inline1(memref<2xi8, (d0) -> (d0), 1>)
func @memrefs_nomap_nospace(memref<5x6x7xf32>)
func @memrefs_map_nospace(memref<5x6x7xf32, #map3>)
func @memrefs_nomap_intspace(memref<5x6x7xf32, 3>)
func @memrefs_map_intspace(memref<5x6x7xf32, #map3, 5>)
func @complex_types(complex<i1>) -> complex<f32>
func @functions((memref<1x?x4x?x?xi32, #map0>, memref<8xi8>) -> (), () -> ())
func @tuple(tuple<>, tuple<i32, f32>, tuple<i1, tuple<f64, index>>) -> tuple<tensor<4xf32>>
func @none_type(none)
func @float_types(f16, bf16, f32, f64)
func @dialect_types(!foo.bar, !foo<"opaque body">, !foo.baz<1x2, "x", [a, b]>)
// A dialect that is not an identifier keeps the verbose form (`!123.x` reads as alias `!123`).
func @numeric_dialect(!123<"x<1>">, !_9.y)

func @simpleCFG(%arg0: i32, %f: f32) -> i1 {
  %1 = "foo"() : ()->i64
  "bar"(%1, %f) : (i64, f32) -> ()
  %2:3 = "bar"(%1) : (i64) -> (i1,i1,i1)
  return %2#1 : i1
}

func @simpleCFGUsingBBArgs(i32, i64) {
^bb0(%arg0: i32, %arg1: i64):
  "bar"(%arg1) : (i64) -> ()
  return
}

func @multiblock() {
  return
^bb1:
  br ^bb4
^bb2:
  br ^bb2
^bb4:
  return
}

func @emptyMLF() {
  return
}

func @func_with_one_arg(%c : i1) -> (i2) {
  %b = "foo"(%c) : (i1) -> (i2)
  return %b : i2
}

func @func_with_two_args(%a : f16, %b : i8) -> (i1, i32) {
  %c:2 = "foo"(%a, %b) : (f16, i8)->(i1, i32)
  return %c#0, %c#1 : i1, i32
}

func @second_order_func() -> (() -> ()) {
  %c = constant @emptyMLF : () -> ()
  return %c : () -> ()
}

func @third_order_func() -> (() -> (() -> ())) {
  %c = constant @second_order_func : () -> (() -> ())
  return %c : () -> (() -> ())
}

func @identity_functor(%a : () -> ()) -> (() -> ())  {
  return %a : () -> ()
}

func @func_ops_in_loop() {
  %a = "foo"() : ()->i64
  affine.for %i = 1 to 10 {
    %b = "bar"() : ()->i64
    "bar"(%a, %b) : (i64, i64) -> ()
  }
  return
}

func @loops() {
  affine.for %i = 1 to 100 step 2 {
    affine.for %j = 1 to 200 {
    }
  }
  return
}

func @complex_loops() {
  affine.for %i1 = 1 to 100 {
    affine.for %j1 = 1 to 100 {
       "foo"(%i1, %j1) : (index,index) -> ()
    }
    "boo"() : () -> ()
    affine.for %j2 = 1 to 10 {
      affine.for %k2 = 1 to 10 {
        "goo"() : () -> ()
      }
    }
  }
  return
}

func @triang_loop(%arg0: index, %arg1: memref<?x?xi32>) {
  %c = constant 0 : i32
  affine.for %i0 = 1 to %arg0 {
    affine.for %i1 = (d0)[]->(d0)(%i0)[] to %arg0 {
      store %c, %arg1[%i0, %i1] : memref<?x?xi32>
    }
  }
  return
}

func @minmax_loop(%arg0: index, %arg1: index, %arg2: memref<100xf32>) {
  affine.for %i0 = max (d0)[s0] -> (d0,s0)(%arg0)[%arg1] to min (d0)[s0] -> (d0,s0)(%arg1)[%arg0] {
    "foo"(%arg2, %i0) : (memref<100xf32>, index) -> ()
  }
  return
}

func @loop_bounds(%N : index) {
  %s = "foo"(%N) : (index) -> index
  affine.for %i = %s to %N {
    affine.for %j = (d0)[]->(d0)(%i)[] to 0 step 1 {
       %w1 = affine.apply(d0, d1)[s0] -> (d0+d1) (%i, %j) [%s]
       %w2 = affine.apply(d0, d1)[s0] -> (s0+1) (%i, %j) [%s]
       affine.for %k = #bound_map1 (%w1, %i)[%N] to (i, j)[s] -> (i + j + s) (%w2, %j)[%s] {
          "foo"(%i, %j, %k) : (index, index, index)->()
          %c = constant 30 : index
          %N2 = affine.apply (d0) -> (42)(%N)
          affine.for %m = max #bound_map2(%i)[] to min #bound_map2(%N2)[] {
            "bar"(%m) : (index) -> ()
          }
       }
    }
  }
  return
}

func @ifinst(%N: index) {
  %c = constant 200 : index
  affine.for %i = 1 to 10 {
    affine.if #set0(%i)[%N, %c] {
      %x = constant 1 : i32
      %y = "add"(%x, %i) : (i32, index) -> i32
      %z = "mul"(%y, %y) : (i32, i32) -> i32
    } else {
      affine.if (i)[N] : (i - 2 >= 0, 4 - i >= 0)(%i)[%N]  {
        %u = constant 1 : index
        %w = affine.apply (d0,d1)[s0] -> (d0+d1+s0) (%i, %i) [%u]
      } else {
        %v = constant 3 : i32
      }
    }
  }
  return
}

func @simple_ifinst(%N: index) {
  %c = constant 200 : index
  affine.for %i = 1 to 10 {
    affine.if #set0(%i)[%N, %c] {
      %x = constant 1 : i32
      %y = "add"(%x, %i) : (i32, index) -> i32
      %z = "mul"(%y, %y) : (i32, i32) -> i32
    }
  }
  return
}

func @attributes() {
  "foo"()  : () -> ()
  "foo"(){a = 1, b = -423, c = [true, false], d = 16.0 } : () -> ()
  "foo"(){map1 = #map1} : () -> ()
  "foo"(){map2 = (d0, d1, d2) -> (d0, d1, d2)} : () -> ()
  "foo"(){map12 = [#map1, #map2]} : () -> ()
  "foo"(){set1 = #set1} : () -> ()
  "foo"(){set2 = (d0, d1, d2) : (d0 >= 0, d1 >= 0, d2 - d1 == 0)} : () -> ()
  "foo"(){set12 = [#set1, #set0]} : () -> ()
  "foo"() {d = 1.0, string = "foo"} : () -> ()
  "foo"() {if = "foo"} : () -> ()
  "foo"() {cfgfunc = [], i123 = 7, if = "foo"} : () -> ()
  "foo"() {fn = @attributes, if = @ifinst} : () -> ()
  "foo"() {int = 0 : i42} : () -> ()
  "foo"() {a: 1, b: [2, 3]} : () -> ()
  "foo"() {dict = {z = 1, a = "x"}} : () -> ()
  return
}

func @ssa_values() -> (i16, i8) {
  %0:2 = "foo"() : () -> (i1, i17)
  br ^bb2
^bb1:
  %1:2 = "baz"(%2#1, %2#0, %0#1) : (f32, i11, i17) -> (i16, i8)
  return %1#0, %1#1 : i16, i8
^bb2:
  %2:2 = "bar"(%0#0, %0#1) : (i1, i17) -> (i11, f32)
  br ^bb1
}

func @bbargs() -> (i16, i8) {
  %0:2 = "foo"() : () -> (i1, i17)
  br ^bb1(%0#1, %0#0 : i17, i1)
^bb1(%x: i17, %y: i1):
  %1:2 = "baz"(%x, %y, %0#1) : (i17, i1, i17) -> (i16, i8)
  return %1#0, %1#1 : i16, i8
}

func @verbose_terminators() -> (i1, i17) {
  %0:2 = "foo"() : () -> (i1, i17)
  "std.br"()[^bb1(%0#0, %0#1 : i1, i17)] : () -> ()
^bb1(%x : i1, %y : i17):
  "std.cond_br"(%x)[^bb2(%y : i17), ^bb3(%y : i17)] : (i1) -> ()
^bb2(%a : i17):
  %true = constant 1 : i1
  "std.return"(%true, %a) : (i1, i17) -> ()
^bb3(%b : i17):
  %false = constant 0 : i1
  "std.return"(%false, %b) : (i1, i17) -> ()
}

func @condbr_simple() -> (i32) {
  %cond = "foo"() : () -> i1
  %a = "bar"() : () -> i32
  %b = "bar"() : () -> i64
  cond_br %cond, ^bb1(%a : i32), ^bb2(%b : i64)
^bb1(%x : i32):
  br ^bb2(%b: i64)
^bb2(%y : i64):
  %z = "foo"() : () -> i32
  return %z : i32
}

func @condbr_moarargs() -> (i32) {
  %cond = "foo"() : () -> i1
  %a = "bar"() : () -> i32
  %b = "bar"() : () -> i64
  cond_br %cond, ^bb1(%a, %b : i32, i64), ^bb2(%b, %a : i64, i32)
^bb1(%x : i32, %y : i64):
  return %x : i32
^bb2(%x2 : i64, %y2 : i32):
  %z = "foo"() : () -> i32
  return %z : i32
}

func @constants() -> (i32, i23, i23, i1, i1) {
  %x = constant 42 : i32
  %xx = constant 17 : i23
  %y = constant 17 : i23
  %t = constant 1 : i1
  %f = constant 0 : i1
  return %x, %y, %xx, %t, %f : i32, i23, i23, i1, i1
}

func @typeattr() -> () {
^bb0:
  "foo"(){bar = tensor<*xf32>} : () -> ()
  return
}

func @stringquote() -> () {
^bb0:
  "foo"(){bar = "a\"quoted\"string"} : () -> ()
  "typed_string" () {foo = "string" : !foo.string} : () -> ()
  return
}

func @unitAttrs() -> () {
  "foo"() {unitAttr = unit} : () -> ()
  "foo"() {unitAttr} : () -> ()
  "foo"() {nested = {unitAttr}} : () -> ()
  return
}

func @floatAttrs() -> () {
^bb0:
  "foo"(){a = 4.0, b = 2.0, c = 7.1, d = -0.0} : () -> ()
  "foo"(){e = 1.0e10, f = -1.5e-3 : f64, g = 0x7FC00000 : f32, h = 0x7C00 : f16} : () -> ()
  return
}

func @externalfuncattr() -> ()
  attributes {dialect.a = "a\"quoted\"string", dialect.b = 4.0, dialect.c = tensor<*xf32>}

func @funcattrempty() -> ()
  attributes {}

func @funcattr() -> ()
  attributes {dialect.a = "a\"quoted\"string", dialect.b = 4.0, dialect.c = tensor<*xf32>} {
^bb0:
  return
}

func @funcattrwithblock() -> ()
  attributes {} {
^bb0:
  return
}

func @funcsimplemap(%arg0: index, %arg1: index) -> () {
  affine.for %i0 = 0 to #map_simple0()[] {
    affine.for %i1 = 0 to #map_simple1()[%arg1] {
      affine.for %i2 = 0 to #map_non_simple0(%i0)[] {
        affine.for %i3 = 0 to #map_non_simple1(%i0)[%arg1] {
          affine.for %i4 = 0 to #map_non_simple2()[%arg1, %arg0] {
            affine.for %i5 = 0 to #map_non_simple3()[%arg0] {
              %c42_i32 = constant 42 : i32
            }
          }
        }
      }
    }
  }
  return
}

func @elementsattrs() -> () {
  "foo"() {bar = dense<tensor<2x2xi32>, [[1, 2], [3, 4]]>} : () -> ()
  "foo"() {bar = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>} : () -> ()
  "foo"() {bar = dense<vector<3xi1>, [true, false, true]>} : () -> ()
  "foo"() {bar = dense<tensor<0xi32>, []>} : () -> ()
  "foo"() {bar = dense<tensor<i64>, 5>} : () -> ()
  "foo"() {bar = splat<tensor<4x4xf32>, 1.5>} : () -> ()
  "foo"() {bar = dense<7> : vector<4xi8>} : () -> ()
  "foo"() {bar = sparse<tensor<3x4xi32>, [[0, 0], [1, 2]], [1, 5]>} : () -> ()
  "foo"() {bar = sparse<[[0, 0], [1, 2]], [1.0, 5.0]> : tensor<3x4xf32>} : () -> ()
  "foo"() {bar = opaque<"std", tensor<1xi32>, "0x0A000000">} : () -> ()
  return
}

func @hex_and_negative() -> (i64, i64, i8) {
  %a = constant 0xFF : i64
  %b = constant -0x10 : i64
  %c = constant -128 : i8
  return %a, %b, %c : i64, i64, i8
}

func @unregistered_regions(%arg: i32) {
  "foo.region_op"(%arg) ({
  ^bb0(%a: i32):
    "foo.yield"(%a) : (i32) -> ()
  }, {
    "foo.other"() : () -> ()
  }) {attr = "x"} : (i32) -> ()
  return
}

func @nested_module() {
  "foo.wrapper"() ({
    module {
      func @inner() {
        return
      }
    }
    "foo.end"() : () -> ()
  }) : () -> ()
  return
}

// -----

// Locations: as attributes and trailing an operation (read, and not printed).
func @locations(i1 {foo.where = loc(callsite("inlined" at "caller.cc":3:14))}) {
^bb0(%a: i1):
  %0 = "foo"() : () -> i32 loc("source.mlir":12:7)
  %1 = constant 1 : i32 loc(unknown)
  "foo"() {l = loc(fused<"meta">["a.cc":1:2, "name"("b.cc":3:4)])} : () -> () loc(fused["a.cc":1:1])
  "foo"() {n = loc("just_a_name")} : () -> ()
  return loc("ret")
}

// -----

// An integer set with no constraints, the generic affine.if, regions on a terminator.
func @empty_set_and_verbose_if(%N: index) {
  affine.if () : () () {
  }
  %c = constant 200 : index
  "affine.if"(%c, %N, %c) ({
    %y = "add"(%c, %N) : (index, index) -> index
    "affine.terminator"() : () -> ()
  }, {
    %z = "add"(%c, %c) : (index, index) -> index
    "affine.terminator"() : () -> ()
  })
  { condition = (d0)[s0, s1] : (d0 >= 0, -d0 + s0 >= 0, s1 - 5 == 0) } : (index, index, index) -> ()
  "region"()[^bb1] ({}) : () -> ()
^bb1:
  "unregistered_br"()[^bb2(%N : index)] : () -> ()
^bb2(%x: index):
  return
}

// -----

!i32_alias = type i32
func @pretty_and_verbose_dialect_forms(!i32_alias) -> !bar<""> {
^bb0(%a: i32):
  "foo.op"() {a = #foo.simpleattr, b = #foo.complexattr<abcd<[f]$$[32]>>, c = #foo<"dialect<!x@#!@#>>">} : () -> ()
  "foo.op"() {d = #foo.attr : i32, e = #foo.dialect<!x@#!@#>} : () -> ()
  %0 = "foo.op"() : () -> !foo.complextype<abcd<[f]$$[32]>>
  %1 = "foo.op"() : () -> !foo<"dialect<!x@#!@#>>">
  %2 = "foo.op"() : () -> !bar<"">
  %quot, %rem = "foo_div"() : () -> (i16, i16)
  %h = constant 0xf32 : i32
  return %2 : !bar<"">
}

func @_valid.function$name()
func @external_func_arg_attrs(i32, i1 {dialect.attr = 10 : i64}, i32)
