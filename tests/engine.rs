//! The engine's Rust API: typed and dynamic calls, DLTensor argument checks, returned
//! tensors, host functions, shared libraries, and compile errors.

use strata::engine::{Arg, Engine, Options, Val};
use strata::runtime::dlpack::{DLDataType, DLDevice, DLTensor, code};
use strata::runtime::{Tensor, TrapKind};
use strata::{Error, parse};

fn compile(src: &str) -> strata::engine::Compiled {
    Engine::default().compile(&parse(src).expect("parses")).expect("compiles")
}

const ADD2D: &str = "func @add2d(%A: memref<4x8xf32>, %B: memref<4x8xf32>, %C: memref<4x8xf32>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<4x8xf32>
      %b = affine.load %B[%i, %j] : memref<4x8xf32>
      %c = addf %a, %b : f32
      affine.store %c, %C[%i, %j] : memref<4x8xf32>
    }
  }
  return
}";

#[test]
fn typed_call_with_tensors() {
    let code = compile(ADD2D);
    let f = code.typed::<(&Tensor, &Tensor, &mut Tensor), ()>("add2d").unwrap();
    let a = Tensor::from_vec((0..32).map(|x| x as f32).collect(), &[4, 8]).unwrap();
    let b = Tensor::filled(&[4, 8], 0.5f32).unwrap();
    let mut c = Tensor::zeros::<f32>(&[4, 8]).unwrap();
    f.call((&a, &b, &mut c)).unwrap();
    assert_eq!(c.to_vec::<f32>().unwrap(), (0..32).map(|x| x as f32 + 0.5).collect::<Vec<_>>());
}

#[test]
fn argument_checks_name_the_field() {
    // spec: tir-spec.md, the DLTensor calling convention (dtype, ndim, shape, strides, offset).
    let code = compile(ADD2D);
    let f = code.typed::<(&Tensor, &Tensor, &mut Tensor), ()>("add2d").unwrap();
    let good = Tensor::zeros::<f32>(&[4, 8]).unwrap();
    let mut out = Tensor::zeros::<f32>(&[4, 8]).unwrap();
    let mut out2 = Tensor::zeros::<f32>(&[4, 8]).unwrap();
    let wrong_shape = Tensor::zeros::<f32>(&[4, 9]).unwrap();
    let e = f.call((&good, &wrong_shape, &mut out)).unwrap_err().to_string();
    assert_eq!(e, "argument #1 of @add2d: shape[1] is 9, expected 8");
    let wrong_dtype = Tensor::zeros::<f64>(&[4, 8]).unwrap();
    let e = f.call((&wrong_dtype, &good, &mut out2)).unwrap_err().to_string();
    assert_eq!(e, "argument #0 of @add2d: dtype is float64, expected float32");
    let wrong_rank = Tensor::zeros::<f32>(&[32]).unwrap();
    let e = f.call((&good, &good, &mut Tensor::zeros::<f32>(&[32]).unwrap())).unwrap_err().to_string();
    assert_eq!(e, "argument #2 of @add2d: ndim is 1, expected 2");
    drop(wrong_rank);

    // Raw DLTensors: device, strides and byte_offset.
    let mut data = vec![0f32; 64];
    let mut shape = [4i64, 8];
    let mut strides = [1i64, 4];
    let dl = |device: DLDevice, strides: *mut i64, byte_offset: u64, data: *mut f32, shape: *mut i64| DLTensor {
        data: data.cast(),
        device,
        ndim: 2,
        dtype: DLDataType::new(code::FLOAT, 32),
        shape,
        strides,
        byte_offset,
    };
    let gpu =
        dl(DLDevice { device_type: 2, device_id: 0 }, std::ptr::null_mut(), 0, data.as_mut_ptr(), shape.as_mut_ptr());
    let ok = dl(DLDevice::CPU, std::ptr::null_mut(), 0, data.as_mut_ptr(), shape.as_mut_ptr());
    let strided = dl(DLDevice::CPU, strides.as_mut_ptr(), 0, data.as_mut_ptr(), shape.as_mut_ptr());
    let odd = dl(DLDevice::CPU, std::ptr::null_mut(), 6, data.as_mut_ptr(), shape.as_mut_ptr());
    let call = |a: &DLTensor| {
        code.call("add2d", &mut [unsafe { Arg::dl(a) }, unsafe { Arg::dl(&ok) }, unsafe { Arg::dl(&ok) }])
            .map(|_| ())
            .map_err(|e| e.to_string())
    };
    assert_eq!(
        call(&gpu).unwrap_err(),
        "argument #0 of @add2d(memref<4x8xf32>, memref<4x8xf32>, memref<4x8xf32>): device is 0 (type 2), expected the CPU (type 1)"
    );
    assert!(
        call(&strided).unwrap_err().ends_with("strides[0] is 1, expected 8 (strides [1, 4], expected [8, 1])"),
        "{:?}",
        call(&strided)
    );
    assert!(call(&odd).unwrap_err().ends_with("byte_offset is 6, not a multiple of the element size 4"));
    // A byte offset moves the first element: C = A + B with A starting at element 8.
    for (i, x) in data.iter_mut().enumerate() {
        *x = i as f32;
    }
    let shifted = dl(DLDevice::CPU, std::ptr::null_mut(), 32, data.as_mut_ptr(), shape.as_mut_ptr());
    let mut out = Tensor::zeros::<f32>(&[4, 8]).unwrap();
    let zero = Tensor::zeros::<f32>(&[4, 8]).unwrap();
    code.call("add2d", &mut [unsafe { Arg::dl(&shifted) }, zero.as_arg(), out.as_arg_mut()]).unwrap();
    assert_eq!(out.to_vec::<f32>().unwrap()[0], 8.0);
    assert_eq!(call(&ok), Ok(()));
}

#[test]
fn signature_mismatch_is_reported_once() {
    let code = compile("func @f(%a: i32) -> f32 {\n  %b = sitofp %a : i32 to f32\n  return %b : f32\n}");
    let e = code.typed::<(i64,), f32>("f").unwrap_err();
    assert!(matches!(e, Error::Signature { .. }), "{e}");
    assert!(e.to_string().contains("parameter #0 is 'i32'"), "{e}");
    assert_eq!(code.typed::<(i32,), f32>("f").unwrap().call((-3,)).unwrap(), -3.0);
    let e = code.typed::<(i32,), f32>("g").unwrap_err().to_string();
    assert_eq!(e, "no function '@g' in the module (it has: f)");
}

#[test]
fn traps_are_values() {
    let code = compile("func @d(%a: i64, %b: i64) -> i64 {\n  %c = remiu %a, %b : i64\n  return %c : i64\n}");
    let f = code.typed::<(i64, i64), i64>("d").unwrap();
    match f.call((1, 0)) {
        Err(Error::Trap(t)) => {
            assert_eq!(t.kind, TrapKind::DivisionByZero);
            assert_eq!(&*t.func, "d");
            assert_eq!(t.loc.as_deref(), Some("<input>:2:8"));
        }
        other => panic!("expected a trap, got {other:?}"),
    }
    assert_eq!(f.call((7, 4)).unwrap(), 3);
}

#[test]
fn returned_buffers_become_owned_tensors() {
    let code = compile(
        "func @make(%n: index) -> (memref<?xi32>, memref<3xi32>) {
  %m = alloc(%n) : memref<?xi32>
  %k = alloc() : memref<3xi32>
  %unused = alloc() : memref<1000xi32>
  affine.for %i = 0 to %n {
    %v = index_cast %i : index to i32
    store %v, %m[%i] : memref<?xi32>
  }
  return %m, %k : memref<?xi32>, memref<3xi32>
}",
    );
    let f = code.typed::<(i64,), (Tensor, Tensor)>("make").unwrap();
    for _ in 0..1000 {
        let (t, k) = f.call((5,)).unwrap();
        assert_eq!(t.to_vec::<i32>().unwrap(), vec![0, 1, 2, 3, 4]);
        assert_eq!(k.shape(), &[3]);
    }
    let r = code.call("make", &mut [Val::Index(2).into()]).unwrap();
    assert_eq!(r[0].to_string(), "[0, 1]");
}

#[test]
fn host_functions_and_math() {
    let engine = Engine::default();
    engine.register_fn("twice", |x: f64| 2.0 * x);
    engine.register_fn("mix", |a: i32, b: i64| i64::from(a) * 10 + b);
    let m = parse(
        "func @twice(f64) -> f64
func @mix(i32, i64) -> i64
func @sqrtf(f32) -> f32
func @f(%x: f64, %a: i32, %b: i64, %y: f32) -> (f64, i64, f32) {
  %t = call @twice(%x) : (f64) -> f64
  %m = call @mix(%a, %b) : (i32, i64) -> i64
  %s = call @sqrtf(%y) : (f32) -> f32
  return %t, %m, %s : f64, i64, f32
}",
    )
    .unwrap();
    let code = engine.compile(&m).unwrap();
    let f = code.typed::<(f64, i32, i64, f32), (f64, i64, f32)>("f").unwrap();
    assert_eq!(f.call((1.5, 4, 2, 9.0)).unwrap(), (3.0, 42, 3.0));

    // A host function of the wrong type, and a missing one, are link errors naming them.
    engine.register_fn("wrong", |x: i32| x);
    let m = parse("func @wrong(f32) -> f32\nfunc @g(%x: f32) -> f32 {\n  %y = call @wrong(%x) : (f32) -> f32\n  return %y : f32\n}").unwrap();
    let e = engine.compile(&m).unwrap_err().to_string();
    assert_eq!(
        e,
        "cannot resolve external function '@wrong' (used in @g): the host function registered as 'wrong' takes (i32), not the declared type"
    );
    let m = parse("func @nowhere(f32) -> f32\nfunc @g(%x: f32) -> f32 {\n  %y = call @nowhere(%x) : (f32) -> f32\n  return %y : f32\n}").unwrap();
    let e = engine.compile(&m).unwrap_err().to_string();
    assert!(e.starts_with("cannot resolve external function '@nowhere' (used in @g)"), "{e}");
}

#[test]
fn host_panics_do_not_unwind_into_code() {
    let engine = Engine::default();
    engine.register_fn("boom", |x: i32| -> i32 {
        if x > 0 { panic!("boom") } else { x }
    });
    let m = parse(
        "func @boom(i32) -> i32\nfunc @g(%x: i32) -> i32 {\n  %y = call @boom(%x) : (i32) -> i32\n  return %y : i32\n}",
    )
    .unwrap();
    let code = engine.compile(&m).unwrap();
    let f = code.typed::<(i32,), i32>("g").unwrap();
    assert_eq!(f.call((0,)).unwrap(), 0);
    assert_eq!(f.call((1,)).unwrap_err().to_string(), "@g: a host function panicked");
}

#[test]
fn shared_libraries() {
    let libm = ["/lib/x86_64-linux-gnu/libm.so.6", "/usr/lib/x86_64-linux-gnu/libm.so.6"]
        .into_iter()
        .find(|p| std::path::Path::new(p).exists());
    let Some(libm) = libm else { return };
    let engine = Engine::new(Options { shared_libs: vec![libm.into()], ..Options::default() }).unwrap();
    let m = parse("func @fdim(f64, f64) -> f64\nfunc @g(%x: f64) -> f64 {\n  %y = call @fdim(%x, %x) : (f64, f64) -> f64\n  return %y : f64\n}").unwrap();
    let code = engine.compile(&m).unwrap();
    assert_eq!(code.typed::<(f64,), f64>("g").unwrap().call((27.0,)).unwrap(), 0.0);
    // libm depends on libc, but only libm's own symbols resolve: naming a library does not
    // hand a module the whole C library (`getpid` here, `system` as well).
    let m = parse("func @getpid() -> i32\nfunc @h() -> i32 {\n  %p = call @getpid() : () -> i32\n  return %p : i32\n}")
        .unwrap();
    let e = engine.compile(&m).err().unwrap().to_string();
    assert!(e.contains("no host function, math function, or symbol in") && e.contains("libm.so.6"), "{e}");
    let e =
        Engine::new(Options { shared_libs: vec!["/nonexistent/libx.so".into()], ..Options::default() }).unwrap_err();
    assert!(e.to_string().starts_with("cannot load shared library '/nonexistent/libx.so'"), "{e}");
}

#[test]
fn unregistered_ops_do_not_compile() {
    let m = parse("func @main(%x: i32) {\n  \"tf.Print\"(%x) : (i32) -> ()\n  return\n}").unwrap();
    let e = Engine::default().compile(&m).unwrap_err().to_string();
    assert_eq!(e, "<input>:2:3: cannot lower 'tf.Print' in @main: unregistered operations cannot be compiled");
}

#[test]
fn handles_outlive_their_module_value_and_cross_threads() {
    let f = {
        let code = compile("func @sq(%x: i64) -> i64 {\n  %y = muli %x, %x : i64\n  return %y : i64\n}");
        code.typed::<(i64,), i64>("sq").unwrap()
    };
    let handles: Vec<_> = (0..4)
        .map(|i| {
            let f = f.clone();
            std::thread::spawn(move || (0..1000).map(|k| f.call((k + i,)).unwrap()).sum::<i64>())
        })
        .collect();
    let sums: Vec<i64> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    assert_eq!(sums[0], (0..1000i64).map(|k| k * k).sum::<i64>());
}

#[test]
fn compiled_modules_are_freed() {
    // Thousands of compile/drop cycles (an autotuning loop) must not exhaust memory maps.
    let m = parse("func @f(%x: i32) -> i32 {\n  %y = addi %x, %x : i32\n  return %y : i32\n}").unwrap();
    let engine = Engine::default();
    for i in 0..3000 {
        let code = engine.compile(&m).unwrap();
        assert_eq!(code.typed::<(i32,), i32>("f").unwrap().call((i,)).unwrap(), 2 * i);
    }
}

#[test]
fn raw_symbols() {
    extern "C" fn triple(x: i64) -> i64 {
        3 * x
    }
    let engine = Engine::default();
    // SAFETY: `triple` is a C function of the declared type and lives for the whole program.
    unsafe { engine.symbol("triple", triple as *const u8) };
    let m = parse("func @triple(i64) -> i64\nfunc @g(%x: i64) -> i64 {\n  %y = call @triple(%x) : (i64) -> i64\n  return %y : i64\n}").unwrap();
    let code = engine.compile(&m).unwrap();
    assert_eq!(code.typed::<(i64,), i64>("g").unwrap().call((14,)).unwrap(), 42);
}

#[test]
fn a_hand_written_tir_args_attribute_steers_no_check() {
    // The TIR calling convention travels beside the module from TIR lowering only: an
    // attribute in the text claiming a bigger buffer changes nothing (the memref type rules).
    let m = parse(
        "func @f(%a: memref<4xf32>) attributes {tir.args = [{dtype = \"float32\", elem_offset = 0, name = \"A\", shape = [1000], var = \"A\"}]} {\n  return\n}",
    )
    .unwrap();
    assert!(m.arg_spec("f").is_none());
    let code = Engine::default().compile(&m).unwrap();
    let mut big = Tensor::zeros::<f32>(&[1000]).unwrap();
    let e = code.call("f", &mut [big.as_arg_mut()]).unwrap_err().to_string();
    assert!(e.contains("shape[0] is 1000, expected 4"), "{e}");
}

#[test]
fn tir_lowering_gives_each_function_its_calling_convention() {
    use strata::runtime::{DimSpec, ParamSpec};
    let v = strata::tir::compile_script(
        "@T.prim_func\ndef scale(a: T.handle, n: T.int32):\n    A = T.match_buffer(a, (n,), \"float32\")\n    for i in range(n):\n        A[i] = A[i] * T.float32(2)\n",
    )
    .unwrap();
    let spec = v.arg_spec("scale").unwrap();
    let ParamSpec::Buffer(a) = &spec.params[0] else { panic!("{spec:?}") };
    assert_eq!((a.name.as_str(), a.dtype.tvm_name().as_str()), ("A", "float32"));
    assert_eq!(a.shape, vec![DimSpec::Var("n".into())]);
    assert!(matches!(&spec.params[1], ParamSpec::Scalar { name, .. } if name == "n"));
    // The engine checks a call against it, as TVM does.
    let code = Engine::default().compile(&v).unwrap();
    let mut a = Tensor::from_vec(vec![1.0f32, 2.0, 3.0], &[3]).unwrap();
    let e = code.call("scale", &mut [a.as_arg_mut(), Arg::Val(Val::Int(4, 32))]).unwrap_err().to_string();
    assert_eq!(
        e,
        "Mismatched A.shape[0] on argument #0 when calling `scale(A: Tensor([n], float32), n: int32)`: expected n = 4 (bound by argument #1), got 3"
    );
}

#[test]
fn optimization_levels_choose_strata_passes_and_keep_results() {
    // spec: the levels of transform/pipeline.rs: -O0 runs no optional pass, -O2 vectorizes.
    let src = "func @add(%a: memref<64xf32>, %b: memref<64xf32>, %c: memref<64xf32>) {\n  affine.for %i = 0 to 64 {\n    %x = affine.load %a[%i] : memref<64xf32>\n    %y = affine.load %b[%i] : memref<64xf32>\n    %z = addf %x, %y : f32\n    affine.store %z, %c[%i] : memref<64xf32>\n  }\n  return\n}";
    let m = parse(src).unwrap();
    let mut results = Vec::new();
    for level in [strata::OptLevel::O0, strata::OptLevel::O1, strata::OptLevel::O2] {
        let engine = Engine::new(Options { opt_level: level, keep_machine_code: true, ..Options::default() }).unwrap();
        let code = engine.compile(&m).unwrap();
        let simd = code.clif().iter().any(|f| f.contains("f32x4"));
        assert_eq!(simd, level == strata::OptLevel::O2, "{level:?}");
        let a = Tensor::from_vec((0..64).map(|i| i as f32).collect(), &[64]).unwrap();
        let b = Tensor::from_vec((0..64).map(|i| (2 * i) as f32).collect(), &[64]).unwrap();
        let mut c = Tensor::zeros::<f32>(&[64]).unwrap();
        code.typed::<(&Tensor, &Tensor, &mut Tensor), ()>("add").unwrap().call((&a, &b, &mut c)).unwrap();
        results.push(c.to_vec::<f32>().unwrap());
    }
    assert_eq!(results[0], (0..64).map(|i| (3 * i) as f32).collect::<Vec<_>>());
    assert!(results.iter().all(|r| *r == results[0]));
}

#[test]
fn vectorized_loops_over_divided_indices_stay_vectors_where_lanes_share_a_quotient() {
    // spec: tir-spec.md, statement semantics 12.iii (vectorized loops); expression semantics
    // FloorDiv/FloorMod. A packed layout (`B[j // 16, j % 16]`, what transform_layout makes)
    // over a vectorized `v` in [0, 16) with `j = j0 * 16 + v`: every lane has one quotient and
    // the remainders are `v`, so the loop runs as vectors (as TVM's simplifier makes it).
    // Indices whose lanes cross a multiple of 16 keep their meaning (values checked).
    let kernel = |body: &str| {
        format!(
            "@T.prim_func\ndef f(A: T.Buffer((64,), \"float32\"), B: T.Buffer((4, 16), \"float32\")):\n    for j0 in range(4):\n        for v in T.vectorized(16):\n{body}"
        )
    };
    let a: Vec<f32> = (0..64).map(|i| (i * i % 97) as f32).collect();
    // (body, runs as vectors, B[j0, v] = A[index(j0, v)] * scale + offset)
    type Case = (&'static str, bool, fn(usize, usize) -> usize, f32, f32);
    let cases: [Case; 8] = [
        // The packed store.
        (
            "            B[(j0 * 16 + v) // 16, (j0 * 16 + v) % 16] = A[j0 * 16 + v] * T.float32(2)\n",
            true,
            |j0, v| j0 * 16 + v,
            2.0,
            0.0,
        ),
        // The same through a block variable (a let of the ramp's base).
        (
            "            with T.sblock(\"B\"):\n                vj = T.axis.spatial(64, j0 * 16 + v)\n                B[vj // 16, vj % 16] = A[vj] + T.float32(1)\n",
            true,
            |j0, v| j0 * 16 + v,
            1.0,
            1.0,
        ),
        // A packed load, and a stride that 16 divides (`v * 16 // 16` is `v`).
        ("            B[j0, v] = A[(v * 16) // 16 + j0 * 16 + (v * 16) % 16]\n", true, |j0, v| j0 * 16 + v, 1.0, 0.0),
        // A base of a coarser stride plus an offset (j0 * 32 + 16: 16 past a multiple of 16).
        (
            "            B[j0, v] = A[((j0 * 32 + 16 + v) // 16 - j0 - 1) * 16 + v]\n",
            true,
            |j0, v| j0 * 16 + v,
            1.0,
            0.0,
        ),
        // A divisor the base's stride divides (as after fuse and split in TVM's schedules:
        // `(f0 * 64 + v) // 1024`): j0 * 16 mod 32 is 0 or 16, and 16 lanes fit in either half.
        (
            "            B[j0, v] = A[(j0 * 16 + v) // 32 * 32 + (j0 * 16 + v) % 32]\n",
            true,
            |j0, v| j0 * 16 + v,
            1.0,
            0.0,
        ),
        // The same 8 further on: the lanes cross from one half into the other.
        (
            "            B[j0, v] = A[(j0 * 16 + v + 8) // 32 * 32 + (j0 * 16 + v + 8) % 32 - 8]\n",
            false,
            |j0, v| j0 * 16 + v,
            1.0,
            0.0,
        ),
        // Lanes that cross a multiple of 16 (the base is j0 * 8 + 8).
        (
            "            B[j0, v] = A[(j0 * 8 + v + 8) // 16 * 16 + (j0 * 8 + v + 8) % 16]\n",
            false,
            |j0, v| j0 * 8 + v + 8,
            1.0,
            0.0,
        ),
        // An offset base: the first lanes share a quotient, the last ones cross into the next.
        (
            "            B[j0, v] = A[(j0 * 16 + v + 2) // 16 * 16 + (j0 * 16 + v + 2) % 16 - 2]\n",
            false,
            |j0, v| j0 * 16 + v,
            1.0,
            0.0,
        ),
    ];
    let engine = Engine::new(Options { keep_machine_code: true, ..Options::default() }).unwrap();
    for (n, (body, vector, index, scale, offset)) in cases.iter().enumerate() {
        let module = strata::tir::compile_script(&kernel(body)).unwrap();
        let code = engine.compile(&module).unwrap();
        if *vector {
            assert!(code.clif().iter().any(|f| f.contains("load.f32x4")), "case {n}: not vectorized");
        }
        let at = Tensor::from_vec(a.clone(), &[64]).unwrap();
        let mut b = Tensor::zeros::<f32>(&[4, 16]).unwrap();
        code.typed::<(&Tensor, &mut Tensor), ()>("f").unwrap().call((&at, &mut b)).unwrap();
        let expect: Vec<f32> = (0..64).map(|i| a[index(i / 16, i % 16)] * scale + offset).collect();
        assert_eq!(b.to_vec::<f32>().unwrap(), expect, "case {n}");
    }
}

#[test]
fn both_front_ends_vectorize_by_one_rule() {
    // spec: transform/vectorize.rs — the same loops written as affine MLIR and as TVMScript are
    // judged alike: an elementwise loop runs as vectors; a loop that reads the element its
    // first iteration stores (A[0]) runs one iteration at a time, and computes what that does.
    let affine = |body: &str| {
        format!(
            "func @f(%A: memref<16xf32>, %B: memref<16xf32>) {{\n  %c0 = constant 0 : index\n  affine.for %i = 0 to 16 {{\n{body}  }}\n  return\n}}"
        )
    };
    let elementwise_mlir = affine(
        "    %x = affine.load %A[%i] : memref<16xf32>\n    %y = addf %x, %x : f32\n    affine.store %y, %B[%i] : memref<16xf32>\n",
    );
    let first_mlir = affine(
        "    %x = affine.load %B[%i] : memref<16xf32>\n    %f = affine.load %B[%c0] : memref<16xf32>\n    %y = addf %x, %f : f32\n    affine.store %y, %B[%i] : memref<16xf32>\n",
    );
    let tir = |body: &str| {
        format!(
            "@T.prim_func\ndef f(A: T.Buffer((16,), \"float32\"), B: T.Buffer((16,), \"float32\")):\n    for i in range(16):\n        {body}\n"
        )
    };
    let elementwise_tir = tir("B[i] = A[i] + A[i]");
    let first_tir = tir("B[i] = B[i] + B[0]");
    let engine = Engine::new(Options { keep_machine_code: true, ..Options::default() }).unwrap();
    let cases = [
        (parse(&elementwise_mlir).unwrap(), true),
        (strata::tir::compile_script(&elementwise_tir).unwrap(), true),
        (parse(&first_mlir).unwrap(), false),
        (strata::tir::compile_script(&first_tir).unwrap(), false),
    ];
    for (n, (module, vector)) in cases.iter().enumerate() {
        let code = engine.compile(module).unwrap();
        assert_eq!(code.clif().iter().any(|f| f.contains("f32x4")), *vector, "case {n}");
        let a = Tensor::from_vec((0..16).map(|i| i as f32).collect(), &[16]).unwrap();
        let mut b = Tensor::from_vec((0..16).map(|i| (i + 1) as f32).collect(), &[16]).unwrap();
        code.typed::<(&Tensor, &mut Tensor), ()>("f").unwrap().call((&a, &mut b)).unwrap();
        // B[0] = 1 + 1 first; every later B[i] = (i + 1) + 2.
        let want: Vec<f32> = if *vector {
            (0..16).map(|i| (2 * i) as f32).collect()
        } else {
            (0..16).map(|i| if i == 0 { 2.0 } else { (i + 3) as f32 }).collect()
        };
        assert_eq!(b.to_vec::<f32>().unwrap(), want, "case {n}");
    }
}

#[test]
fn a_null_data_pointer_is_refused_whatever_the_shape_multiplies_to() {
    // 2^32 * 2^32 wraps to 0 in 64 bits: only a dimension of 0 makes an empty tensor.
    let code = compile("func @f(%a: memref<?x?xf32>) {\n  return\n}");
    let mut shape = [1i64 << 32, 1i64 << 32];
    let t = DLTensor {
        data: std::ptr::null_mut(),
        device: DLDevice::CPU,
        ndim: 2,
        dtype: DLDataType::new(code::FLOAT, 32),
        shape: shape.as_mut_ptr(),
        strides: std::ptr::null_mut(),
        byte_offset: 0,
    };
    // SAFETY: `shape` holds `ndim` entries and outlives the call; `data` is refused before use.
    let e = code.call("f", &mut [unsafe { Arg::dl(&t) }]).unwrap_err().to_string();
    assert!(e.ends_with("data is null"), "{e}");
    let v = strata::tir::compile_script(
        "@T.prim_func\ndef g(a: T.handle, n: T.int64, m: T.int64):\n    A = T.match_buffer(a, (n, m), \"float32\")\n    A[0, 0] = T.float32(1)\n",
    )
    .unwrap();
    let code = Engine::default().compile(&v).unwrap();
    // SAFETY: as above.
    let args = &mut [unsafe { Arg::dl(&t) }, Arg::Val(Val::Int(1 << 32, 64)), Arg::Val(Val::Int(1 << 32, 64))];
    let e = code.call("g", args).unwrap_err().to_string();
    assert!(e.contains("A.data on argument #0") && e.ends_with("expected data, got a null pointer"), "{e}");
}

#[test]
fn a_host_panic_on_a_parallel_worker_reaches_the_caller() {
    let engine = Engine::new(Options { threads: 2, ..Options::default() }).unwrap();
    // Keep the default panic message off the test output; the panic is the point.
    engine.register_fn("boom", |x: i64| -> i64 {
        if x == 37 { std::panic::resume_unwind(Box::new("boom")) } else { x }
    });
    let m = parse(
        "func @boom(i64) -> i64\nfunc @g(%a: memref<?xi64>, %n: index) {\n  %c0 = constant 0 : index\n  parallel_for %k = %c0 to %n {\n    %x = index_cast %k : index to i64\n    %y = call @boom(%x) : (i64) -> i64\n    store %y, %a[%k] : memref<?xi64>\n    yield\n  }\n  return\n}",
    )
    .unwrap();
    let code = engine.compile(&m).unwrap();
    let f = code.typed::<(&mut Tensor, i64), ()>("g").unwrap();
    let mut a = Tensor::zeros::<i64>(&[64]).unwrap();
    f.call((&mut a, 30)).unwrap();
    assert_eq!(f.call((&mut a, 64)).unwrap_err().to_string(), "@g: a host function panicked");
    let e = code.call("g", &mut [a.as_arg_mut(), Val::Index(64).into()]).unwrap_err().to_string();
    assert_eq!(e, "@g: a host function panicked");
    // The flag does not leak into the next call.
    f.call((&mut a, 30)).unwrap();
}

#[test]
fn deeply_nested_loops_compile_on_a_small_stack() {
    // Code generation recurses with the nesting of regions: it must not overflow a thread's
    // stack (here 256 KiB for 1,000 nested loops).
    let n = 1000;
    let mut src = String::from("func @f() -> i32 {\n");
    for i in 0..n {
        src.push_str(&format!("affine.for %i{i} = 0 to 1 {{\n"));
    }
    src.push_str(&"}\n".repeat(n));
    src.push_str("%c = constant 7 : i32\nreturn %c : i32\n}\n");
    let r = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(move || {
            let m = parse(&src).map_err(|e| e.to_string())?;
            let code = Engine::new(Options { opt_level: strata::OptLevel::O0, ..Options::default() })
                .map_err(|e| e.to_string())?
                .compile(&m)
                .map_err(|e| e.to_string())?;
            code.typed::<(), i32>("f").map_err(|e| e.to_string())?.call(()).map_err(|e| e.to_string())
        })
        .unwrap()
        .join()
        .unwrap();
    assert_eq!(r, Ok(7));
}

#[test]
fn recursion_too_deep_on_a_pool_thread_is_a_trap() {
    let engine = Engine::new(Options { threads: 2, ..Options::default() }).unwrap();
    let m = parse(
        "func @forever(%n: index) -> index {\n  %r = call @forever(%n) : (index) -> index\n  return %r : index\n}\nfunc @g(%a: memref<?xindex>, %n: index) {\n  %c0 = constant 0 : index\n  parallel_for %k = %c0 to %n {\n    %y = call @forever(%k) : (index) -> index\n    store %y, %a[%k] : memref<?xindex>\n    yield\n  }\n  return\n}",
    )
    .unwrap();
    let code = engine.compile(&m).unwrap();
    let mut a = Tensor::zeros::<i64>(&[8]).unwrap();
    let e = code.typed::<(&mut Tensor, i64), ()>("g").unwrap().call((&mut a, 8)).unwrap_err();
    match e {
        Error::Trap(t) => assert_eq!(t.kind, TrapKind::StackOverflow, "{t}"),
        other => panic!("{other}"),
    }
}

#[test]
fn frames_larger_than_the_stack_are_a_trap() {
    // Three 1 MiB stack buffers do not fit a 2 MiB thread: an error, not a crash.
    let m = parse(
        "func @big() -> f32 {\n  %a = alloca() : memref<262144xf32>\n  %b = alloca() : memref<262144xf32>\n  %c = alloca() : memref<262144xf32>\n  %i = constant 0 : index\n  %x = load %a[%i] : memref<262144xf32>\n  %y = load %b[%i] : memref<262144xf32>\n  %z = load %c[%i] : memref<262144xf32>\n  %s = addf %x, %y : f32\n  %t = addf %s, %z : f32\n  return %t : f32\n}",
    )
    .unwrap();
    let code = Engine::default().compile(&m).unwrap();
    let f = code.typed::<(), f32>("big").unwrap();
    let r = std::thread::Builder::new().stack_size(2 << 20).spawn(move || f.call(())).unwrap().join().unwrap();
    match r {
        Err(Error::Trap(t)) => assert_eq!(t.kind, TrapKind::StackOverflow, "{t}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn vectors_too_long_for_registers_are_a_clear_error() {
    let src = "func @f(%A: memref<?xf32>) {\n  %c0 = constant 0 : index\n  %pad = constant 0.0 : f32\n  %v = vector_transfer_read %A, %c0, %pad {permutation_map: (d0) -> (d0)} : (memref<?xf32>, index, f32) -> vector<65536xf32>\n  return\n}";
    let e = Engine::default().compile(&parse(src).unwrap()).err().unwrap().to_string();
    assert_eq!(
        e,
        "<input>:4:8: cannot lower 'vector.transfer_read' in @f: vectors of more than 1024 lanes are not supported"
    );
}

#[test]
fn an_interrupt_stops_counted_loops_while_loops_and_parallel_loops() {
    let engine = Engine::new(Options { threads: 2, ..Options::default() }).unwrap();
    let stop = engine.interrupt_handle();
    let run_stopped = |f: &dyn Fn() -> strata::Result<()>| {
        stop.reset();
        let s = stop.clone();
        let t = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(30));
            s.interrupt();
        });
        let r = f();
        t.join().unwrap();
        match r {
            Err(Error::Trap(t)) => assert_eq!(t.kind, TrapKind::Interrupted, "{t}"),
            other => panic!("{other:?}"),
        }
    };
    // A counted loop of 2^62 iterations.
    let m = parse("func @count(%a: memref<1xi64>) {\n  %c0 = constant 0 : index\n  affine.for %i = 0 to 4611686018427387904 {\n    %x = affine.load %a[0] : memref<1xi64>\n    %c1 = constant 1 : i64\n    %y = addi %x, %c1 : i64\n    affine.store %y, %a[0] : memref<1xi64>\n  }\n  return\n}\nfunc @par(%n: index) {\n  %c0 = constant 0 : index\n  parallel_for %k = %c0 to %n {\n    br ^spin\n  ^spin:\n    br ^spin\n  }\n  return\n}").unwrap();
    let code = engine.compile(&m).unwrap();
    let count = code.typed::<(&mut Tensor,), ()>("count").unwrap();
    let mut a = Tensor::zeros::<i64>(&[1]).unwrap();
    run_stopped(&|| count.call((&mut Tensor::zeros::<i64>(&[1]).unwrap(),)));
    let par = code.typed::<(i64,), ()>("par").unwrap();
    run_stopped(&|| par.call((8,)));
    // A parallel loop over the whole index range (2^64 iterations: its split into ranges per
    // thread overflowed i64, a panic inside the call that aborted the process).
    let wide = parse("func @wide() {\n  %lo = constant -9223372036854775808 : index\n  %hi = constant 9223372036854775807 : index\n  parallel_for %k = %lo to %hi {\n    yield\n  }\n  return\n}").unwrap();
    let wide_code = engine.compile(&wide).unwrap();
    let wide = wide_code.typed::<(), ()>("wide").unwrap();
    run_stopped(&|| wide.call(()));
    // A TIR while loop whose condition never changes.
    let v = strata::tir::compile_script(
        "@T.prim_func\ndef spin(A: T.Buffer((1,), \"int32\")):\n    while A[0] == 0:\n        A[0] = A[0] * 2\n",
    )
    .unwrap();
    let tir_code = engine.compile(&v).unwrap();
    let spin = tir_code.typed::<(&mut Tensor,), ()>("spin").unwrap();
    run_stopped(&|| spin.call((&mut Tensor::zeros::<i32>(&[1]).unwrap(),)));
    // A TIR loop nest of bounded work (constant trip counts whose product is small) does not
    // poll; the loop around it does, so a call spending all its time in short inner loops stops.
    let nest = strata::tir::compile_script(
        "@T.prim_func\ndef nest(A: T.Buffer((4,), \"int64\"), B: T.Buffer((4,), \"int32\")):\n    for i in range(T.int64(4611686018427387904)):\n        for j in range(10):\n            for k in range(100):\n                A[B[k % 4]] = A[B[k % 4]] + i\n",
    )
    .unwrap();
    let lowered = strata::print(&nest);
    assert_eq!(lowered.matches("{bounded}").count(), 2, "only the inner loops are bounded:\n{lowered}");
    // The loops run at least once: each tests at its end (rotated), the outer one polling there.
    let back_edges = lowered.lines().filter(|l| l.trim_start().starts_with("cond_br") && l.contains("^bb")).count();
    assert!(
        lowered.lines().filter(|l| l.trim_start().starts_with("cond_br") && l.ends_with("{bounded}")).count() == 2
            && back_edges == 3,
        "rotated loops:\n{lowered}"
    );
    let nest_code = engine.compile(&nest).unwrap();
    let nest = nest_code.typed::<(&mut Tensor, &Tensor), ()>("nest").unwrap();
    run_stopped(&|| nest.call((&mut Tensor::zeros::<i64>(&[4]).unwrap(), &Tensor::zeros::<i32>(&[4]).unwrap())));
    // A parallel loop whose body is bounded work polls between its iterations (each worker's
    // range of them; with one thread, all of them): a tuner's candidate tiled this way stops at
    // its deadline.
    let par_nest = strata::tir::compile_script(
        "@T.prim_func\ndef par_nest(A: T.Buffer((1,), \"int64\")):\n    for i in T.parallel(T.int64(4611686018427387904)):\n        for j in range(10):\n            A[0] = A[0] + i\n",
    )
    .unwrap();
    let par_code = engine.compile(&par_nest).unwrap();
    let par_nest = par_code.typed::<(&mut Tensor,), ()>("par_nest").unwrap();
    run_stopped(&|| par_nest.call((&mut Tensor::zeros::<i64>(&[1]).unwrap(),)));
    // Reset, calls run again.
    stop.reset();
    let m = parse("func @short(%a: memref<1xi64>) {\n  affine.for %i = 0 to 10 {\n    %x = affine.load %a[0] : memref<1xi64>\n    %c1 = constant 1 : i64\n    %y = addi %x, %c1 : i64\n    affine.store %y, %a[0] : memref<1xi64>\n  }\n  return\n}").unwrap();
    engine.compile(&m).unwrap().typed::<(&mut Tensor,), ()>("short").unwrap().call((&mut a,)).unwrap();
    assert_eq!(a.to_vec::<i64>().unwrap(), [10]);
}

#[test]
fn checked_is_the_default_and_a_wrong_shaped_output_traps() {
    // Issue "safe by default": `memref<?xf32>` dims bind independently, so a too-small output
    // used to be written past its end from safe Rust. Checked by default, the call returns a trap.
    assert!(Options::default().bounds_checks.is_checked());
    let code = compile(
        "func @copy(%A: memref<?xf32>, %B: memref<?xf32>) {\n  %n = dim %A, 0 : memref<?xf32>\n  affine.for %i = 0 to %n {\n    %x = affine.load %A[%i] : memref<?xf32>\n    affine.store %x, %B[%i] : memref<?xf32>\n  }\n  return\n}",
    );
    let f = code.typed::<(&Tensor, &mut Tensor), ()>("copy").unwrap();
    let a = Tensor::from_vec(vec![1.0f32; 1000], &[1000]).unwrap();
    let mut small = Tensor::zeros::<f32>(&[10]).unwrap();
    let e = f.call((&a, &mut small)).unwrap_err();
    assert!(matches!(&e, Error::Trap(t) if t.kind == TrapKind::OutOfBounds), "{e}");
    assert_eq!(small.to_vec::<f32>().unwrap()[9], 1.0, "the in-bounds iterations ran before the trap");
}

/// The machine code of each function of `v`, checked and (unsafely) unchecked.
fn checked_and_unchecked_code(v: &strata::Verified) -> (Vec<String>, Vec<String>) {
    let checked = Engine::new(Options { keep_machine_code: true, ..Options::default() }).unwrap();
    // SAFETY: the code is compiled, not called.
    let unchecked = Engine::new(unsafe { Options { keep_machine_code: true, ..Options::default() }.unchecked() });
    // Addresses of runtime functions differ (checked code frees into a quarantine): hide them.
    let hide = |code: &[String]| code.iter().map(|f| hide_addresses(f)).collect();
    (hide(checked.compile(v).unwrap().clif()), hide(unchecked.unwrap().compile(v).unwrap().clif()))
}

/// `text` with every hexadecimal number of 10 or more digits replaced by `ADDR`.
fn hide_addresses(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(i) = rest.find("0x") {
        out.push_str(&rest[..i]);
        let digits = rest[i + 2..].find(|c: char| !c.is_ascii_hexdigit() && c != '_').unwrap_or(rest.len() - i - 2);
        let number = &rest[i..i + 2 + digits];
        out.push_str(if number.chars().filter(char::is_ascii_hexdigit).count() > 10 { "ADDR" } else { number });
        rest = &rest[i + 2 + digits..];
    }
    out.push_str(rest);
    out
}

#[test]
fn accesses_proven_in_bounds_compile_as_unchecked_code() {
    // The benchmark kernels' accesses are all proven when compiled: checked code is the
    // unchecked code, instruction for instruction (tiling with // and %, block variables,
    // vectorized and unrolled loops, a heap-sized local buffer).
    for (name, src) in [
        ("add", include_str!("../jit-tests/tir/script/add.py")),
        ("matmul 512 scheduled", include_str!("../jit-tests/tir/script/matmul512_sched.py")),
        ("matmul 256", include_str!("../jit-tests/tir/script/matmul256.py")),
    ] {
        let v = strata::tir::compile_script(src).unwrap();
        let (c, u) = checked_and_unchecked_code(&v);
        assert_eq!(c, u, "{name}");
    }
    let v = parse(&ADD2D.replace("4x8", "64x64").replace("to 4", "to 64").replace("to 8", "to 64")).unwrap();
    let (c, u) = checked_and_unchecked_code(&v);
    assert_eq!(c, u, "affine add2d");
    // An access past its buffer is not proven: its check stays.
    let v = parse(&ADD2D.replace("to 8", "to 9")).unwrap();
    let (c, u) = checked_and_unchecked_code(&v);
    assert_ne!(c, u, "add2d over 9 columns");
    // A counted CFG loop: `slt %i, dim` guards the body, %i counts up from 0.
    let sum = "func @sum(%A: memref<?xf32>) -> f32 {\n  %zero = constant 0.0 : f32\n  %c0 = constant 0 : index\n  %c1 = constant 1 : index\n  %n = dim %A, 0 : memref<?xf32>\n  br ^loop(%c0, %zero : index, f32)\n^loop(%i: index, %acc: f32):\n  %more = cmpi \"slt\", %i, %n : index\n  cond_br %more, ^body, ^exit\n^body:\n  %x = load %A[%i] : memref<?xf32>\n  %s = addf %acc, %x : f32\n  %j = addi %i, %c1 : index\n  br ^loop(%j, %s : index, f32)\n^exit:\n  return %acc : f32\n}";
    let (c, u) = checked_and_unchecked_code(&parse(sum).unwrap());
    assert_eq!(c, u, "CFG sum");
    // Not when the counter may start below zero, or the bound is `<=`.
    for changed in [
        sum.replace("%c0, %zero", "%c1m, %zero")
            .replace("%c1 = constant 1", "%c1 = constant 1 : index\n  %c1m = constant -1"),
        sum.replace("slt", "sle"),
    ] {
        let (c, u) = checked_and_unchecked_code(&parse(&changed).unwrap());
        assert_ne!(c, u, "{changed}");
    }
}

#[test]
fn the_time_evaluator_repeats_grows_number_and_reports_errors() {
    use strata::engine::TimeOptions;
    // spec: TVM's time_evaluator: `repeat` results, each the mean of `number` calls; a repeat
    // shorter than min_repeat_ms is run again with more calls.
    let code = compile(ADD2D);
    let a = Tensor::zeros::<f32>(&[4, 8]).unwrap();
    let b = Tensor::zeros::<f32>(&[4, 8]).unwrap();
    let mut c = Tensor::zeros::<f32>(&[4, 8]).unwrap();
    let mut args = [a.as_arg(), b.as_arg(), c.as_arg_mut()];
    let t = code.time("add2d", &mut args, &TimeOptions { number: 2, repeat: 4, ..TimeOptions::default() }).unwrap();
    assert_eq!((t.results.len(), t.number), (4, 2));
    assert!(t.min <= t.median && t.median <= *t.results.iter().max().unwrap());
    let grown = code
        .time("add2d", &mut args, &TimeOptions { number: 1, repeat: 1, min_repeat_ms: 5, warmup: 0, flush_cache: true })
        .unwrap();
    assert!(grown.number > 1, "a call of add2d takes far less than 5 ms: {grown:?}");
    assert!(grown.to_string().starts_with("median "), "{grown}");
    // A call that traps ends the timing with its error.
    let trapping = compile("func @f(%a: memref<?xf32>, %i: index) {\n  %v = load %a[%i] : memref<?xf32>\n  return\n}");
    let v = Tensor::zeros::<f32>(&[4]).unwrap();
    let e =
        trapping.time("f", &mut [v.as_arg(), Val::Index(9).into()], &TimeOptions::default()).unwrap_err().to_string();
    assert!(e.contains("out-of-bounds"), "{e}");
}
