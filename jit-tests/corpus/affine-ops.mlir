// The affine operations as MLIR's 2019 affine tests used them (ops, load-store). Written for
// Strata in that style (not copied).

// An explicit terminator and trailing attributes on the ops.
func @terminators_and_attrs() {
  affine.for %i = 0 to 10 {
    "affine.terminator"() : () -> ()
  } {some_attr = true}
  affine.for %i = 0 to 10 {
    affine.if (d0) : (d0 - 5 >= 0)(%i) {
    } {other_attr = 1}
  }
  return
}

func @valid_symbols(%arg0: index, %arg1: index, %arg2: index) {
  %c0 = constant 1 : index
  %0 = alloc(%arg0, %arg1) : memref<?x?xf32>
  affine.for %arg3 = 0 to %arg2 step 768 {
    %13 = dim %0, 1 : memref<?x?xf32>
    affine.for %arg4 = 0 to %13 step 264 {
      %18 = dim %0, 0 : memref<?x?xf32>
      affine.for %arg5 = 0 to %18 {
        %v = affine.load %0[%arg5, %arg4 + %c0] : memref<?x?xf32>
      }
    }
  }
  return
}

func @loads_and_stores(%arg0 : index, %arg1 : index) {
  %0 = alloc() : memref<100x100xf32>
  %1 = alloc() : memref<100x100x100xf32>
  affine.for %i0 = 0 to 10 {
    affine.for %i1 = 0 to 10 {
      %a = affine.load %0[%i0 + 3, %i1 + 7] : memref<100x100xf32>
      affine.store %a, %0[%i0 + 3, %i1 + 7] : memref<100x100xf32>
      %b = affine.load %0[%i0 + %arg0, %i1 + %arg1] : memref<100x100xf32>
      %c = affine.load %0[%i0 + symbol(%arg0) + 7, %i1 + symbol(%arg1) + 11] : memref<100x100xf32>
      %d = affine.load %0[(%i0 + symbol(%arg0)) floordiv 3 + 11, (%i1 + symbol(%arg1)) mod 4 + 7] : memref<100x100xf32>
      affine.for %i2 = 0 to 10 {
        %e = affine.load %1[%i2, %i0, %i1] : memref<100x100x100xf32>
        %f = affine.load %1[%i2 + %i0, %i0, %i1] : memref<100x100x100xf32>
        %g = affine.load %1[%i2 + %i0, %i0 + %i1 + 1, %i1 + 2] : memref<100x100x100xf32>
        affine.store %g, %1[%i2 * 2, %i0 mod 2, %i1 ceildiv 3] : memref<100x100x100xf32>
      }
    }
  }
  return
}

#lb = (d0)[s0] -> (d0, s0 - 4)
#ub = (d0)[s0] -> (d0 + 64, s0)
#set = (d0, d1)[s0] : (d0 - 10 >= 0, s0 - d0 - 9 >= 0, d1 - 10 >= 0, s0 - d1 - 9 >= 0)

func @bounds_and_conditions(%N: index, %A: memref<?xf32>) {
  affine.for %i = max #lb(%N)[%N] to min #ub(%N)[%N] step 2 {
    affine.for %j = (d0) -> (d0)(%i) to (d0) -> (d0 + 8)(%i) {
      affine.if #set(%i, %j)[%N] {
        %x = affine.apply (d0, d1) -> (d0 * 2 + d1)(%i, %j)
        %v = affine.load %A[%x] : memref<?xf32>
        affine.store %v, %A[%x + 1] : memref<?xf32>
      } else {
        affine.if (d0)[s0] : (d0 == 0, s0 >= 0)(%j)[%N] {
        }
      }
    }
  }
  affine.for %k = -10 to 10 {
  }
  affine.for %l = 0 to 0 {
  }
  return
}

func @affine_apply_chains(%n: index) {
  %c = constant 16 : index
  %s = affine.apply ()[s0, s1] -> (s0 floordiv s1)()[%n, %c]
  affine.for %i = 0 to %s {
    %a = affine.apply (d0) -> (d0 * 4)(%i)
    %b = affine.apply (d0, d1) -> (d0 + d1)(%a, %i)
    affine.for %j = %s to %n {
      %c2 = affine.apply (d0)[s0] -> (d0 + s0)(%b)[%s]
    }
  }
  return
}

func @ml_style_nest(%A: memref<4x4xf32>, %B: memref<4x4xf32>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      %z = constant 0.0 : f32
      affine.store %z, %B[%i, %j] : memref<4x4xf32>
      affine.for %k = 0 to 4 {
        %a = affine.load %A[%i, %k] : memref<4x4xf32>
        %b = affine.load %B[%i, %j] : memref<4x4xf32>
        %c = addf %a, %b : f32
        affine.store %c, %B[%i, %j] : memref<4x4xf32>
      }
    }
  }
  return
}
