// The standard operations as MLIR's 2019 core-ops tests used them, in custom and generic form.
// Written for Strata in that style (not copied).

func @standard_instrs(tensor<4x4x?xf32>, f32, i32, index, i64) {
^bb42(%t: tensor<4x4x?xf32>, %f: f32, %i: i32, %idx : index, %j: i64):
  %a = "std.dim"(%t){index = 2} : (tensor<4x4x?xf32>) -> index
  %a2 = dim %t, 2 : tensor<4x4x?xf32>
  %f2 = "std.addf"(%f, %f) : (f32,f32) -> f32
  %f3 = addf %f2, %f : f32
  %i2 = "std.addi"(%i, %i) : (i32,i32) -> i32
  %i3 = addi %i2, %i : i32
  %idx1 = addi %idx, %idx : index
  %idx2 = "std.addi"(%idx, %idx1) : (index, index) -> index
  %f4 = "std.subf"(%f, %f) : (f32,f32) -> f32
  %f5 = subf %f4, %f : f32
  %i4 = "std.subi"(%i, %i) : (i32,i32) -> i32
  %i5 = subi %i4, %i : i32
  %f6 = mulf %f2, %f2 : f32
  %i6 = muli %i2, %i2 : i32
  %x = "std.constant"(){value = 42 : i32} : () -> i32
  %7 = constant 42 : i32
  %8 = constant 43.0 : f32
  %9 = constant @func_with_ops : (f32) -> ()
  %10 = constant true
  %11 = constant 4 : index
  %12 = cmpi "eq", %i, %i : i32
  %13 = "std.cmpi"(%idx, %idx) {predicate = 2 : i64} : (index, index) -> i1
  %14 = cmpi "slt", %idx, %idx : index
  %15 = constant dense<vector<4 x i32>, [0, 1, 2, 3]> : vector<4 x i32>
  %16 = cmpi "sgt", %15, %15 : vector<4 x i32>
  %17 = select %12, %i, %i : i32
  %18 = "std.select"(%12, %idx, %idx) : (i1, index, index) -> index
  %tci = constant splat<tensor<42 x i32>, 0> : tensor<42 x i32>
  %tci1 = constant splat<tensor<42 x i1>, 1> : tensor<42 x i1>
  %19 = select %tci1, %tci, %tci : tensor<42 x i32>
  %vci = constant splat<vector<42 x i32>, 0> : vector<42 x i32>
  %vci1 = constant splat<vector<42 x i1>, 1> : vector<42 x i1>
  %20 = select %vci1, %vci, %vci : vector<42 x i32>
  %21 = "std.divis"(%i, %i) : (i32, i32) -> i32
  %22 = divis %i, %i : i32
  %23 = divis %tci, %tci : tensor<42 x i32>
  %24 = diviu %vci, %vci : vector<42 x i32>
  %25 = remis %idx, %idx : index
  %26 = remiu %i, %i : i32
  %27 = and %i, %i : i32
  %28 = "std.or"(%i, %i) : (i32, i32) -> i32
  %29 = xor %vci, %vci : vector<42 x i32>
  %tcf32 = constant splat<tensor<42 x f32>, 0.> : tensor<42 x f32>
  %vcf32 = constant splat<vector<4 x f32>, 0.> : vector<4 x f32>
  %30 = cmpf "oeq", %f, %f : f32
  %31 = cmpf "ult", %tcf32, %tcf32 : tensor<42 x f32>
  %32 = "std.cmpf"(%vcf32, %vcf32) {predicate = 15 : i64} : (vector<4 x f32>, vector<4 x f32>) -> vector<4 x i1>
  %33 = divf %f, %f : f32
  %34 = remf %tcf32, %tcf32 : tensor<42 x f32>
  %35 = negf %vcf32 : vector<4 x f32>
  %36 = exp %f : f32
  %37 = tanh %tcf32 : tensor<42 x f32>
  %38 = shlis %i, %i : i32
  %39 = shris %vci, %vci : vector<42 x i32>
  %40 = index_cast %idx : index to i64
  %41 = index_cast %j : i64 to index
  %42 = sitofp %i : i32 to f64
  %43 = sexti %i : i32 to i64
  %44 = trunci %j : i64 to i16
  %45 = fpext %f : f32 to f64
  %46 = fptrunc %f : f32 to f16
  %47 = copysign %f, %f : f32
  %48 = constant 0x7FC00000 : f32
  %49 = constant -0.5 : f64
  %50 = constant 1.0e-3 : bf16
  return
}

func @func_with_ops(f32) {
^bb0(%a : f32):
  %t = "getTensor"() : () -> tensor<4x4x?xf32>
  %i = "std.dim"(%t){index = 2} : (tensor<4x4x?xf32>) -> index
  %f = "std.addf"(%a, %a) : (f32, f32) -> f32
  "std.return"() : () -> ()
}

func @affine_apply() {
  %i = "std.constant"() {value = 0: index} : () -> index
  %j = "std.constant"() {value = 1: index} : () -> index
  %x = "affine.apply" (%i) { map = (d0) -> (d0 + 1) } : (index) -> (index)
  %y = affine.apply (d0) -> (d0 + 1)(%i)
  %z = affine.apply (d0, d1)[s0] -> (d0 + d1 + s0)(%i, %j)[%x]
  return
}

func @return_op(%a : i32) -> i32 {
  return %a : i32
}

func @calls(%arg0: i32) {
  %x = call @return_op(%arg0) : (i32) -> i32
  %y = call @return_op(%x) : (i32) -> i32
  %z = "std.call"(%y) {callee = @return_op} : (i32) -> i32
  %f = constant @affine_apply : () -> ()
  call_indirect %f() : () -> ()
  %2 = constant @return_op : (i32) -> i32
  %3 = call_indirect %2(%arg0) : (i32) -> i32
  %4 = "std.call_indirect"(%2, %arg0) : ((i32) -> i32, i32) -> i32
  return
}

func @extract_element(%arg0: tensor<*xi32>, %arg1 : tensor<4x4xf32>) -> i32 {
  %c0 = "std.constant"() {value = 0: index} : () -> index
  %0 = extract_element %arg0[%c0, %c0, %c0, %c0] : tensor<*xi32>
  %1 = extract_element %arg1[%c0, %c0] : tensor<4x4xf32>
  return %0 : i32
}

func @tensor_cast(%arg0: tensor<*xf32>, %arg1 : tensor<4x4xf32>, %arg2 : tensor<?x?xf32>) {
  %0 = tensor_cast %arg0 : tensor<*xf32> to tensor<?x?xf32>
  %1 = tensor_cast %arg1 : tensor<4x4xf32> to tensor<*xf32>
  %2 = tensor_cast %arg2 : tensor<?x?xf32> to tensor<4x?xf32>
  %3 = tensor_cast %2 : tensor<4x?xf32> to tensor<?x?xf32>
  return
}

func @memref_cast(%arg0: memref<4xf32>, %arg1 : memref<?xf32>) {
  %0 = memref_cast %arg0 : memref<4xf32> to memref<?xf32>
  %1 = memref_cast %arg1 : memref<?xf32> to memref<4xf32>
  return
}

func @test_dimop(%arg0: tensor<4x4x?xf32>) {
  %0 = dim %arg0, 2 : tensor<4x4x?xf32>
  %1 = affine.apply (d0) -> (d0)(%0)
  return
}

func @cond_branches(%c: i1, %a: i32) -> i32 {
  cond_br %c, ^bb1(%a : i32), ^bb2
^bb1(%x: i32):
  br ^bb2
^bb2:
  %r = "std.select"(%c, %a, %a) : (i1, i32, i32) -> i32
  return %r : i32
}
