// Later MLIR's spellings read as aliases of the 2019 ones (`strata opt --later-syntax`), so
// files written for today's mlir-opt run too; they print in the 2019 spelling (output blocks).
// options: later-syntax
// spec: issue 16, "an option to read the common later spellings (func.func, arith.*, memref.*,
// {a = 1} attribute entries) as aliases".

func.func @arith(%a: i32, %b: i32) -> (i32, i32, i32, i64, i1, f32) {
  %c3 = arith.constant 3 : i32
  %0 = arith.addi %a, %b : i32
  %1 = arith.divsi %0, %c3 : i32
  %2 = arith.remui %0, %c3 : i32
  %3 = arith.andi %1, %2 : i32
  %4 = arith.ori %3, %a : i32
  %5 = arith.xori %4, %b : i32
  %6 = arith.shli %5, %c3 : i32
  %7 = arith.shrsi %6, %c3 : i32
  %8 = arith.extsi %7 : i32 to i64
  %9 = arith.cmpi slt, %a, %b : i32
  %10 = arith.sitofp %a : i32 to f32
  %11 = arith.mulf %10, %10 : f32
  %12 = arith.select %9, %1, %2 : i32
  func.return %1, %5, %12, %8, %9, %11 : i32, i32, i32, i64, i1, f32
}
// run: @arith(7, 20) == 9, 19, 9, 19, true, 49.0
// run: @arith(-9, 3) == -2, -12, -2, -12, true, 81.0
// output:
// func @arith(%arg0: i32, %arg1: i32) -> (i32, i32, i32, i64, i1, f32) {
//   %0 = constant 3 : i32
//   %1 = addi %arg0, %arg1 : i32
//   %2 = divis %1, %0 : i32
//   %3 = remiu %1, %0 : i32
//   %4 = and %2, %3 : i32
//   %5 = or %4, %arg0 : i32
//   %6 = xor %5, %arg1 : i32
//   %7 = shlis %6, %0 : i32
//   %8 = shris %7, %0 : i32
//   %9 = sexti %8 : i32 to i64
//   %10 = cmpi "slt", %arg0, %arg1 : i32
//   %11 = sitofp %arg0 : i32 to f32
//   %12 = mulf %11, %11 : f32
//   %13 = select %10, %2, %3 : i32
//   return %2, %6, %13, %9, %10, %12 : i32, i32, i32, i64, i1, f32
// }

// -----

#shift = affine_map<(d0) -> (d0 + 1)>
#upper = affine_set<(d0)[s0] : (s0 - d0 - 2 >= 0)>

func.func private @declared(i32) -> i32

func.func @scale(%A: memref<?xf32>, %B: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  affine.for %i = 0 to %n {
    %v = affine.load %A[%i] : memref<?xf32>
    %r = math.sqrt %v : f32
    %j = affine.apply affine_map<(d0) -> (d0 * 2)>(%i)
    %k = affine.apply #shift(%i)
    affine.if #upper(%i)[%n] {
      memref.store %r, %B[%k] : memref<?xf32>
    }
  }
  return
}
// run: @scale([1.0, 4.0, 9.0, 16.0], [0.0, 0.0, 0.0, 0.0]) ; %1 == [0.0, 1.0, 2.0, 3.0]
// output:
// #shift = (d0) -> (d0 + 1)
// #upper = (d0)[s0] : (-d0 + s0 - 2 >= 0)
//
// func @declared(i32) -> i32 attributes {sym_visibility = "private"}
//
// func @scale(%arg0: memref<?xf32>, %arg1: memref<?xf32>) {
//   %0 = constant 0 : index
//   %1 = dim %arg0, 0 : memref<?xf32>
//   affine.for %arg2 = 0 to %1 {
//     %2 = affine.load %arg0[%arg2] : memref<?xf32>
//     %3 = sqrt %2 : f32
//     %4 = affine.apply (d0) -> (d0 * 2)(%arg2)
//     %5 = affine.apply #shift(%arg2)
//     affine.if #upper(%arg2)[%1] {
//       store %3, %arg1[%5] : memref<?xf32>
//     }
//   }
//   return
// }

// -----

func.func @branches(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %neg = arith.cmpi slt, %a, %c0 : i32
  cf.cond_br %neg, ^negate, ^done(%a : i32)
^negate:
  %n = arith.subi %c0, %a : i32
  cf.br ^done(%n : i32)
^done(%r: i32):
  %s = func.call @square(%r) : (i32) -> i32
  %g = "arith.addi"(%s, %r) {attr = 1} : (i32, i32) -> i32
  return %g : i32
}
func.func @square(%x: i32) -> i32 {
  %y = arith.muli %x, %x : i32
  return %y : i32
}
// run: @branches(-4) == 20
// run: @branches(3) == 12

// -----

func.func @layout(%A: memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>, %i: index) -> f32 {
  %v = memref.load %A[%i, %i] : memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>
  %c = arith.cmpf olt, %v, %v : f32
  %w = arith.select %c, %v, %v : f32
  return %w : f32
}
// output:
// func @layout(%arg0: memref<4x4xf32, (d0, d1) -> (d1, d0)>, %arg1: index) -> f32 {
//   %0 = load %arg0[%arg1, %arg1] : memref<4x4xf32, (d0, d1) -> (d1, d0)>
//   %1 = cmpf "olt", %0, %0 : f32
//   %2 = select %1, %0, %0 : f32
//   return %2 : f32
// }

// -----

func.func @run_time_dim(%A: memref<?xf32>, %i: index) -> index {
  // expected-error@+1 {{the index of 'memref.dim' must be a constant to be read as the 2019 'dim'}}
  %n = memref.dim %A, %i : memref<?xf32>
  return %n : index
}

// -----

func.func @wrong_wrapper(%i: index) -> index {
  // expected-error@+1 {{expected an affine map in 'affine_map<..>'}}
  %j = affine.apply affine_map<(d0) : (d0 >= 0)>(%i)
  return %j : index
}
