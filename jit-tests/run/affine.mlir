// affine.for with max/min bounds and steps, affine.if with integer sets, affine.apply with
// floordiv/ceildiv/mod on negative values (mathematical floor), affine.load/store subscripts.
// spec: mlir-langref-early.md "'for' statement", "'if' statement", "Affine Expressions";
// ../shared/spec/README.md (floor/ceil/mod on negatives).

func @apply(%a: index, %s: index) -> (index, index, index, index) {
  %0 = affine.apply (d0) -> (d0 floordiv 4)(%a)
  %1 = affine.apply (d0) -> (d0 ceildiv 4)(%a)
  %2 = affine.apply (d0) -> (d0 mod 4)(%a)
  %3 = affine.apply (d0)[s0] -> (d0 floordiv s0 + d0 mod s0)(%a)[%s]
  return %0, %1, %2, %3 : index, index, index, index
}
// run: @apply(7, 3) == 1, 2, 3, 3
// run: @apply(-7, 3) == -2, -1, 1, -1
// run: @apply(-8, -3) == -2, -2, 0, 0
// run: @apply(5, 0) traps "division by zero"

// -----

// Iterations of max/min bounds with a step: i from max(0, n - 10) to min(n, 8) step 3.
#lb = (d0) -> (0, d0 - 10)
#ub = (d0) -> (d0, 8)
func @count(%n: index) -> index {
  %m = alloc() : memref<1xindex>
  %c0 = constant 0 : index
  affine.for %i = max #lb(%n) to min #ub(%n) step 3 {
    %v = load %m[%c0] : memref<1xindex>
    %w = addi %v, %i : index
    store %w, %m[%c0] : memref<1xindex>
  }
  %r = load %m[%c0] : memref<1xindex>
  return %r : index
}
// n = 20: i in 10..8 (empty) → 0; n = 5: i in 0, 3 → 3; n = 12: i in 2, 5 → 7.
// run: @count(20) == 0
// run: @count(5) == 3
// run: @count(12) == 7
// run: @count(-3) == 0

// -----

// A triangle: j from i to n.
func @triangle(%n: index) -> index {
  %acc = alloc() : memref<index>
  affine.for %i = 0 to %n {
    affine.for %j = (d0) -> (d0)(%i) to %n {
      %v = affine.load %acc[] : memref<index>
      %one = constant 1 : index
      %w = addi %v, %one : index
      affine.store %w, %acc[] : memref<index>
    }
  }
  %r = affine.load %acc[] : memref<index>
  return %r : index
}
// run: @triangle(10) == 55

// -----

#set = (d0, d1)[s0] : (d0 - d1 >= 0, s0 - d0 - 1 >= 0, d1 mod 2 == 0)
func @conditional(%n: index) -> memref<4x4xi8> {
  %m = alloc() : memref<4x4xi8>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      affine.if #set(%i, %j)[%n] {
        %one = constant 1 : i8
        affine.store %one, %m[%i, %j] : memref<4x4xi8>
      } else {
        %two = constant 2 : i8
        affine.store %two, %m[%i, %j] : memref<4x4xi8>
      }
    }
  }
  return %m : memref<4x4xi8>
}
// Lower triangle (i >= j), rows i < n, even columns.
// run: @conditional(3) == [[1, 2, 2, 2], [1, 2, 2, 2], [1, 2, 1, 2], [2, 2, 2, 2]]

// -----

// Subscripts are affine expressions of the loop variables and symbols.
func @stencil(%A: memref<10xf32>, %B: memref<10xf32>) {
  affine.for %i = 1 to 9 {
    %l = affine.load %A[%i - 1] : memref<10xf32>
    %c = affine.load %A[%i] : memref<10xf32>
    %r = affine.load %A[%i + 1] : memref<10xf32>
    %s = addf %l, %c : f32
    %t = addf %s, %r : f32
    affine.store %t, %B[%i] : memref<10xf32>
  }
  return
}
// run: @stencil([0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0], zeros(10xf32)); %1 == [0.0, 3.0, 6.0, 9.0, 12.0, 15.0, 18.0, 21.0, 24.0, 0.0]

// -----

// A loop whose only store is to one invariant element keeps it in a register; memory is still
// written every iteration, so a load through an aliasing memref sees each new value.
func @accumulate(%A: memref<4xf32>, %B: memref<4xf32>) {
  affine.for %i = 0 to 4 {
    %a = affine.load %A[0] : memref<4xf32>
    %b = affine.load %B[0] : memref<4xf32>
    %s = addf %a, %b : f32
    affine.store %s, %A[0] : memref<4xf32>
    %t = affine.load %A[0] : memref<4xf32>
    %u = addf %t, %b : f32
    affine.store %u, %A[0] : memref<4xf32>
  }
  return
}
func @aliased() -> memref<4xf32> {
  %m = alloc() : memref<4xf32>
  %one = constant 1.0 : f32
  affine.store %one, %m[0] : memref<4xf32>
  call @accumulate(%m, %m) : (memref<4xf32>, memref<4xf32>) -> ()
  return %m : memref<4xf32>
}
// Separate buffers: A[0] grows by 2 * B[0] per iteration.
// run: @accumulate([1.0, 0.0, 0.0, 0.0], [0.5, 0.0, 0.0, 0.0]); %0 == [5.0, 0.0, 0.0, 0.0]
// The same buffer: b is read before the first store, so each iteration x -> 2x -> 3x: 3^4.
// run: @aliased() == [81.0, 0.0, 0.0, 0.0]
