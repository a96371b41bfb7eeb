//! The `strata` command line: `run` on MLIR and TVMScript files (arguments from literals and
//! `.npy` files, `--save-args`), and `opt` printing TVMScript or the core IR it lowers to.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use strata::engine::npy;
use strata::runtime::Tensor;

fn strata(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_strata")).args(args).output().expect("strata runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn k_path(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 path")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A fresh directory under the target directory for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

const SCALE: &str = r#"
@T.prim_func
def scale(A: T.Buffer((2, 3), "float32"), B: T.Buffer((2, 3), "float32"), k: T.float32):
    for i, j in T.grid(2, 3):
        B[i, j] = A[i, j] * k
"#;

#[test]
fn run_tvmscript_with_npy_and_list_arguments_and_save_args() {
    let dir = scratch("run_tvmscript");
    let script = dir.join("scale.py");
    std::fs::write(&script, SCALE).expect("write script");
    let a = Tensor::from_vec(vec![1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0], &[2, 3]).expect("tensor");
    npy::write(&dir.join("a.npy"), &a).expect("write npy");
    let out = dir.join("out");
    let o = strata(&[
        "run",
        script.to_str().unwrap(),
        "--arg",
        dir.join("a.npy").to_str().unwrap(),
        "--arg",
        "zeros(2x3xfloat32)",
        "--arg",
        "0.5",
        "--save-args",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    // The only function is the entry; each buffer is saved under its buffer name.
    let b = npy::read(&out.join("B.npy")).expect("B.npy");
    assert_eq!(b.shape(), &[2, 3]);
    assert_eq!(b.to_vec::<f32>().expect("f32"), vec![0.5, 1.0, 1.5, 2.0, 2.5, 3.0]);
    let a2 = npy::read(&out.join("A.npy")).expect("A.npy");
    assert_eq!(a2.to_vec::<f32>().expect("f32"), vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);

    // Nested lists work too, and --print-args shows the buffers after the call.
    let o = strata(&[
        "run",
        script.to_str().unwrap(),
        "-e",
        "scale",
        "--arg",
        "[[1, 1, 1], [2, 2, 2]]",
        "--arg",
        "zeros(2x3xf32)",
        "--arg",
        "3",
        "--print-args",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "A = [[1.0, 1.0, 1.0], [2.0, 2.0, 2.0]]\nB = [[3.0, 3.0, 3.0], [6.0, 6.0, 6.0]]\n");
}

#[test]
fn run_reports_argument_checks_and_bad_scripts() {
    let dir = scratch("run_errors");
    let script = dir.join("scale.py");
    std::fs::write(&script, SCALE).expect("write script");
    let o =
        strata(&["run", script.to_str().unwrap(), "--arg", "zeros(3x2xf32)", "--arg", "zeros(2x3xf32)", "--arg", "1"]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("Mismatched A.shape[0] on argument #0 when calling `scale(A: Tensor([2, 3], float32)"),
        "{}",
        stderr(&o)
    );
    // `--threads` runs parallel loops on that many threads; an absurd count is refused up front.
    let args = ["--arg", "zeros(2x3xf32)", "--arg", "zeros(2x3xf32)", "--arg", "1", "--threads"];
    let o = strata(&[&["run", script.to_str().unwrap()][..], &args, &["1"]].concat());
    assert!(o.status.success(), "{}", stderr(&o));
    let o = strata(&[&["run", script.to_str().unwrap()][..], &args, &["100000"]].concat());
    assert!(!o.status.success());
    assert!(stderr(&o).contains("invalid value '100000' for '--threads <THREADS>'"), "{}", stderr(&o));
    // A script error points at its line and column.
    let bad = dir.join("bad.py");
    std::fs::write(&bad, "@T.prim_func\ndef f(A: T.Buffer((4,), \"float32\")):\n    A[0] = undefined_name\n")
        .expect("write");
    let o = strata(&["run", bad.to_str().unwrap()]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("bad.py:3:12: error: undefined name 'undefined_name'"), "{}", stderr(&o));
}

#[test]
fn opt_prints_tvmscript_and_lowered_ir() {
    let dir = scratch("opt_tvmscript");
    let script = dir.join("scale.py");
    std::fs::write(&script, SCALE).expect("write script");
    let o = strata(&["opt", script.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let printed = stdout(&o);
    assert!(
        printed
            .contains("def scale(A: T.Buffer((2, 3), \"float32\"), B: T.Buffer((2, 3), \"float32\"), k: T.float32):"),
        "{printed}"
    );
    // What was printed reads back to the same print.
    let again = dir.join("again.py");
    std::fs::write(&again, &printed).expect("write");
    assert_eq!(stdout(&strata(&["opt", again.to_str().unwrap()])), printed);
    let o = strata(&["opt", "--lower", script.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).starts_with("func @scale(%arg0: memref<2x3xf32>, %arg1: memref<2x3xf32>, %arg2: f32)"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn run_mlir_still_works() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let file = root.join("examples/matmul.mlir");
    let o = strata(&["run", file.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "[[5.0, 2.0], [8.0, 2.0]]\n");
    // mlir-cpu-runner's spellings (issue 16): `--O3`, `-e=NAME`, the module on standard input
    // (`-` or no file).
    for args in [vec!["run", "--O3", file.to_str().unwrap()], vec!["run", "-e=main", file.to_str().unwrap()]] {
        let o = strata(&args);
        assert_eq!(stdout(&o), "[[5.0, 2.0], [8.0, 2.0]]\n", "{args:?}: {}", stderr(&o));
    }
    for args in [vec!["run", "-"], vec!["run"]] {
        use std::io::Write;
        let mut child = Command::new(env!("CARGO_BIN_EXE_strata"))
            .args(&args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(&std::fs::read(&file).unwrap()).unwrap();
        let o = child.wait_with_output().unwrap();
        assert_eq!(stdout(&o), "[[5.0, 2.0], [8.0, 2.0]]\n", "{args:?}: {}", stderr(&o));
    }
}

/// Feed a REPL session on standard input; its standard output.
fn repl(input: &str, dir: &Path) -> String {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_strata"))
        .arg("repl")
        .env("XDG_DATA_HOME", dir) // history goes here, not to the user's
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("strata repl starts");
    child.stdin.take().expect("stdin").write_all(input.as_bytes()).expect("input written");
    let out = child.wait_with_output().expect("strata repl ends");
    assert!(out.status.success(), "{}", stderr(&out));
    stdout(&out)
}

/// A REPL session on a pseudo-terminal (util-linux `script` makes one): what a person sees,
/// escape sequences and carriage returns removed.
fn repl_on_terminal(input: &str, dir: &Path) -> String {
    use std::io::Write;
    let cmd = format!("{} repl", env!("CARGO_BIN_EXE_strata"));
    let mut child = Command::new("script")
        .args(["-qec", &cmd, "/dev/null"])
        .env("XDG_DATA_HOME", dir)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("util-linux `script` runs (it gives the REPL a pseudo-terminal)");
    child.stdin.take().expect("stdin").write_all(input.as_bytes()).expect("input written");
    let out = child.wait_with_output().expect("script ends");
    assert!(out.status.success(), "{}", stderr(&out));
    let mut text = String::new();
    let raw = stdout(&out);
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            // CSI sequences: ESC [ parameters final-byte.
            '\x1b' => {
                if chars.peek() == Some(&'[') {
                    chars.next();
                    for x in chars.by_ref() {
                        if x.is_ascii_alphabetic() || x == '~' {
                            break;
                        }
                    }
                }
            }
            '\r' => {}
            c => text.push(c),
        }
    }
    text
}

#[test]
fn repl_on_a_terminal_greets_keeps_typed_ahead_lines_and_takes_tvm_headers() {
    let dir = scratch("repl-pty");
    // All of it typed ahead of the first prompt, as a paste without bracketed paste arrives.
    let input = "# from tvm.script import tirx as T\n# from tvm.tirx.layout import Axis\n\n\
                 @T.prim_func\ndef f(A: T.Buffer((2,), \"int32\")):\n    A[0] = 5\n\n\
                 @f([1, 2])\nf([1, 2])\n:quit\n";
    let out = repl_on_terminal(input, &dir);
    let lines: Vec<&str> = out.lines().collect();
    let banner = lines.iter().position(|l| l.starts_with("Strata ") && l.contains(":help")).expect(&out);
    // After the banner: every typed-ahead line was read (none dropped), the header too.
    assert_eq!(
        lines[banner + 1..]
            .iter()
            .map(|l| l.trim_start_matches(">> ").trim())
            .filter(|l| !l.is_empty())
            .collect::<Vec<_>>(),
        ["defined @f", "A = [5, 2]", "calls start with `@`: did you mean `@f([1, 2])`?"],
        "{out}"
    );
}

#[test]
fn repl_defines_calls_redefines_and_reports_errors() {
    let dir = scratch("repl");
    let input = r#"func @add(%a: i32, %b: i32) -> i32 {
  %c = addi %a, %b : i32
  return %c : i32
}
func @twice(%a: i32) -> i32 {
  %r = call @add(%a, %a) : (i32, i32) -> i32
  return %r : i32
}
@twice(21)
@add(2, 3) == 6
@T.prim_func
def scale(A: T.Buffer((4,), "float32"), k: T.float32):
    for i in range(4):
        A[i] = A[i] * k

@scale([1, 2, 3, 4], 2.5)
@scale(zeros(3xf32), 1.0)
func @add(%a: i32, %b: i32) -> i32 {
  %c = muli %a, %b : i32
  return %c : i32
}
@twice(21)
:funcs
func @bad() {
  %x = addi %y, %y : i32
}
@nope(1)
twice(3)
:time @twice(3)
:save SAVED.mlir
:clear
:load SAVED.mlir
@twice(5)
:quit
"#
    .replace("SAVED", &dir.join("saved").display().to_string());
    let out = repl(&input, &dir);
    let expected = [
        "defined @add",
        "defined @twice",
        "42",
        "expected 6, got 5",
        "defined @scale",
        "A = [2.5, 5.0, 7.5, 10.0]",
        "Mismatched A.shape[0] on argument #0 when calling `scale(A: Tensor([4], float32), k: float32)`: expected 4, got 3",
        "redefined @add",
        // The caller uses the new @add: 21 * 21.
        "441",
        "@add: (i32, i32) -> i32\n@scale(A: Tensor([4], float32), k: float32)\n@twice: (i32) -> i32",
        "<input>:2:13: error: use of undeclared SSA value name",
        "no function @nope; defined: @add, @scale, @twice",
        // A call without its `@` (issue 16).
        "calls start with `@`: did you mean `@twice(3)`?",
        "median ",
        "wrote 2 definitions to",
        "cleared",
        "defined @twice, @add",
        "25",
    ];
    let mut rest = out.as_str();
    for e in expected {
        let at = rest.find(e).unwrap_or_else(|| panic!("expected {e:?} next in the output:\n{out}"));
        rest = &rest[at + e.len()..];
    }
}

#[test]
fn opt_splits_verifies_diagnostics_and_roundtrips_through_the_driver() {
    let dir = scratch("opt_driver");
    let f = dir.join("cases.mlir");
    std::fs::write(
        &f,
        "func @f(%a: i32) -> i32 {\n  %b = addi %a, %a : i32\n  return %b : i32\n}\n// -----\nfunc @g(%a: i32) {\n  // expected-error@+1 {{'std.addi' op requires the same type for all operands and results}}\n  %b = \"std.addi\"(%a, %a) : (i32, i32) -> i64\n  return\n}\n",
    )
    .unwrap();
    let path = f.to_str().unwrap();
    let o = strata(&["opt", path, "--split-input-file", "--verify-diagnostics", "--verify-roundtrip"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "func @f(%arg0: i32) -> i32 {\n  %0 = addi %arg0, %arg0 : i32\n  return %0 : i32\n}\n");
    // Without --verify-diagnostics the second case is an error at its line.
    let o = strata(&["opt", path, "--split-input-file"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("cases.mlir:8:8: error: 'std.addi' op requires the same type"), "{}", stderr(&o));
}

#[test]
fn the_command_line_survives_odd_words_and_full_disks() {
    let dir = scratch("cli_odd");
    let f = dir.join("id.mlir");
    std::fs::write(&f, "func @main(%x: i32) -> i32 {\n  return %x : i32\n}\n").unwrap();
    let path = f.to_str().unwrap();
    // A negative number as its own word is a value, not an option.
    let o = strata(&["run", path, "--arg", "-129"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "-129\n");
    // A word that is not UTF-8 is a usage error (exit 1, as every error), not a panic.
    use std::os::unix::ffi::OsStrExt;
    let o = Command::new(env!("CARGO_BIN_EXE_strata"))
        .arg("opt")
        .arg(std::ffi::OsStr::from_bytes(b"\xff\xfe.mlir"))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("invalid UTF-8"), "{}", stderr(&o));
    // Unknown options too; help is not an error.
    let o = strata(&["run", path, "--bogus"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("unexpected argument '--bogus'"), "{}", stderr(&o));
    assert_eq!(strata(&["--help"]).status.code(), Some(0));
    // `--lower` is for TVMScript: on MLIR it says so (issue 16) instead of doing nothing.
    let o = strata(&["opt", "--lower", path]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("--lower prints the core IR a TVMScript kernel lowers to; this input is MLIR"),
        "{}",
        stderr(&o)
    );
    // Output that cannot be written is an error (exit 1), not a silent success.
    if let Ok(full) = std::fs::File::create("/dev/full") {
        let o = Command::new(env!("CARGO_BIN_EXE_strata")).args(["opt", path]).stdout(full).output().unwrap();
        assert_eq!(o.status.code(), Some(1));
        assert!(stderr(&o).contains("cannot write to standard output"), "{}", stderr(&o));
    }
}

#[test]
fn an_npy_header_cannot_make_a_small_file_allocate_gigabytes() {
    let dir = scratch("npy_header");
    let f = dir.join("big.npy");
    let mut header = String::from("{'descr': '<f4', 'fortran_order': False, 'shape': (20000, 20000), }");
    while (10 + header.len() + 1) % 64 != 0 {
        header.push(' ');
    }
    header.push('\n');
    let mut bytes = b"\x93NUMPY\x01\x00".to_vec();
    bytes.extend_from_slice(&(header.len() as u16).to_le_bytes());
    bytes.extend_from_slice(header.as_bytes());
    bytes.extend_from_slice(&[0u8; 16]);
    std::fs::write(&f, &bytes).unwrap();
    let e = npy::read(&f).unwrap_err().to_string();
    assert!(e.ends_with("truncated data: the header claims 1600000000 bytes, the file holds 16"), "{e}");
    // Trailing bytes and repeated keys are refused too.
    let small = header.replace("(20000, 20000)", "(2, 2)       ");
    let mut bytes = b"\x93NUMPY\x01\x00".to_vec();
    bytes.extend_from_slice(&(small.len() as u16).to_le_bytes());
    bytes.extend_from_slice(small.as_bytes());
    bytes.extend_from_slice(&[0u8; 20]);
    std::fs::write(&f, &bytes).unwrap();
    assert!(npy::read(&f).unwrap_err().to_string().ends_with("4 bytes of trailing data after the array"));
    let twice = small.replacen("'shape'", "'shape': (1,), 'shape'", 1);
    let mut bytes = b"\x93NUMPY\x01\x00".to_vec();
    bytes.extend_from_slice(&(twice.len() as u16).to_le_bytes());
    bytes.extend_from_slice(twice.as_bytes());
    bytes.extend_from_slice(&[0u8; 16]);
    std::fs::write(&f, &bytes).unwrap();
    assert!(npy::read(&f).unwrap_err().to_string().ends_with("the header names 'shape' twice"));
    let negative = small.replace("(2, 2)", "(-2, 2)").replacen("       ", "      ", 1);
    let mut bytes = b"\x93NUMPY\x01\x00".to_vec();
    bytes.extend_from_slice(&(negative.len() as u16).to_le_bytes());
    bytes.extend_from_slice(negative.as_bytes());
    std::fs::write(&f, &bytes).unwrap();
    assert!(npy::read(&f).unwrap_err().to_string().ends_with("negative dimension -2"));
}

#[test]
fn errors_print_once() {
    let dir = scratch("errors_once");
    let f = dir.join("div.mlir");
    std::fs::write(
        &f,
        "func @main(%x: i32) -> i32 {\n  %c0 = constant 0 : i32\n  %y = divis %x, %c0 : i32\n  return %y : i32\n}\n",
    )
    .unwrap();
    let o = strata(&["run", f.to_str().unwrap(), "--arg", "3"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stderr(&o), format!("@main: division by zero at {}:3:8\n", f.display()));
}

#[test]
fn bool_buffers_save_as_numpy_bools() {
    let dir = scratch("bool_npy");
    let script = dir.join("pos.py");
    std::fs::write(
        &script,
        "@T.prim_func\ndef pos(A: T.Buffer((4,), \"float32\"), B: T.Buffer((4,), \"bool\")):\n    for i in range(4):\n        B[i] = A[i] > T.float32(0)\n",
    )
    .unwrap();
    let out = dir.join("out");
    let o = strata(&[
        "run",
        script.to_str().unwrap(),
        "--arg",
        "[1.0, -1.0, 0.0, 2.0]",
        "--arg",
        "zeros(4xbool)",
        "--save-args",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let bytes = std::fs::read(out.join("B.npy")).unwrap();
    assert!(String::from_utf8_lossy(&bytes[..80]).contains("'descr': '|b1'"));
    assert_eq!(&bytes[bytes.len() - 4..], &[1, 0, 0, 1]);
    // And it reads back as an argument of the same kernel's bool parameter.
    let o = strata(&[
        "run",
        script.to_str().unwrap(),
        "--arg",
        "[1.0, 1.0, 1.0, 1.0]",
        "--arg",
        out.join("B.npy").to_str().unwrap(),
        "--print-args",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
}

#[test]
fn run_checks_bounds_by_default_and_unchecked_is_explicit() {
    // An index of 100000000000 used to segfault `strata run`: checked by default, it is an error.
    let dir = scratch("run_checked");
    let file = dir.join("get.mlir");
    std::fs::write(
        &file,
        "func @get(%A: memref<?xf32>, %i: index) -> f32 {\n  %v = load %A[%i] : memref<?xf32>\n  return %v : f32\n}\n",
    )
    .unwrap();
    let f = file.to_str().unwrap();
    let o = strata(&["run", f, "--arg", "[1.0, 2.0]", "--arg", "100000000000"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("out-of-bounds memref access at "), "{}", stderr(&o));
    assert!(stderr(&o).trim_end().ends_with("get.mlir:2:8"), "{}", stderr(&o));
    let o = strata(&["run", f, "--arg", "[1.0, 2.0]", "--arg", "1"]);
    assert_eq!(stdout(&o), "2.0\n", "{}", stderr(&o));
    // `--time`: the result as usual, then the time evaluator's statistics on standard error.
    let o = strata(&["run", f, "--arg", "[1.0, 2.0]", "--arg", "1", "--time", "--repeat", "2"]);
    assert_eq!(stdout(&o), "2.0\n", "{}", stderr(&o));
    assert!(stderr(&o).starts_with("@get: median ") && stderr(&o).contains("(2 repeats of "), "{}", stderr(&o));
    assert!(!stderr(&o).contains("GFLOP/s"), "an MLIR function has no known op count: {}", stderr(&o));
    // A TVMScript kernel's float operations (tir::flops) give GFLOP/s at the median time.
    let kernel = Path::new(env!("CARGO_MANIFEST_DIR")).join("jit-tests/tir/script/matmul256.py");
    let args = ["--arg", "ones(256x256xf32)", "--arg", "ones(256x256xf32)", "--arg", "zeros(256x256xf32)"];
    let o = strata(&[&["run", kernel.to_str().unwrap(), "--time", "--repeat", "1"][..], &args].concat());
    let err = stderr(&o);
    let median: f64 = err.split("median ").nth(1).and_then(|r| r.split(" ms").next()).unwrap().parse().unwrap();
    let rate: f64 = err.split("), ").nth(1).and_then(|r| r.split(" GFLOP/s").next()).unwrap().parse().unwrap();
    let want = 2.0 * 256f64.powi(3) / (median * 1e6);
    assert!((rate - want).abs() <= 0.01 + want * 1e-3, "{err}");
    // `--unchecked` is the opt-out (an in-bounds call gives the same result).
    let o = strata(&["run", f, "--unchecked", "--arg", "[1.0, 2.0]", "--arg", "1"]);
    assert_eq!(stdout(&o), "2.0\n", "{}", stderr(&o));
}

#[test]
fn schedule_applies_a_tvm_trace_and_the_result_runs() {
    let dir = scratch("schedule");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("jit-tests/tir/schedule");
    let kernel = root.join("../script/matmul256.py");
    let out = dir.join("scheduled.py");
    let o = strata(&[
        "schedule",
        kernel.to_str().unwrap(),
        root.join("matmul_tiled.trace").to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let expected = std::fs::read_to_string(root.join("matmul_tiled.expected.py")).unwrap();
    let printed = std::fs::read_to_string(&out).unwrap();
    assert_eq!(printed.trim_end(), expected.split_once('\n').unwrap().1.trim_end());
    // The scheduled kernel runs and agrees with the original.
    let args =
        ["--arg", "ones(256x256xf32)", "--arg", "ones(256x256xf32)", "--arg", "zeros(256x256xf32)", "--print-args"];
    let a = strata(&[&["run", kernel.to_str().unwrap()][..], &args].concat());
    let b = strata(&[&["run", out.to_str().unwrap()][..], &args].concat());
    assert!(a.status.success() && b.status.success(), "{}{}", stderr(&a), stderr(&b));
    assert_eq!(stdout(&a), stdout(&b));
    assert!(stdout(&b).contains("256.0"));
    // A bad trace line is reported with its line.
    let bad = dir.join("bad.trace");
    std::fs::write(&bad, "b0 = sch.get_sblock(\"C\")\nsch.parallel(b0)\n").unwrap();
    let o = strata(&["schedule", kernel.to_str().unwrap(), bad.to_str().unwrap()]);
    assert!(!o.status.success());
    assert!(stderr(&o).ends_with("bad.trace: trace line 2: 'loop' must be a loop\n"), "{}", stderr(&o));
}

#[test]
fn tune_logs_resumes_and_schedule_applies_the_best_record() {
    let dir = scratch("tune");
    let kernel = dir.join("mm.py");
    std::fs::write(
        &kernel,
        "@T.prim_func(s_tir=True)\ndef mm(A: T.Buffer((32, 32), \"float32\"), B: T.Buffer((32, 32), \"float32\"), C: T.Buffer((32, 32), \"float32\")):\n    for i, j, k in T.grid(32, 32, 32):\n        with T.sblock(\"C\"):\n            vi, vj, vk = T.axis.remap(\"SSR\", [i, j, k])\n            with T.init():\n                C[vi, vj] = T.float32(0)\n            C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]\n",
    )
    .unwrap();
    let (k, log) = (kernel.to_str().unwrap(), dir.join("tune.jsonl"));
    let l = log.to_str().unwrap();
    let o = strata(&["tune", k, "--trials", "3", "--threads", "1", "--log", l]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("sch.sample_perfect_tile"), "{}", stdout(&o));
    assert!(stderr(&o).starts_with("3 candidates measured of 3 in "), "{}", stderr(&o));
    assert!(stderr(&o).contains("rank  median ms  speedup  GFLOP/s  candidate\n   1  "), "{}", stderr(&o));
    // GFLOP/s from the kernel's 2 * 32^3 float operations (tir::flops) and the median time.
    let err = stderr(&o);
    let row: Vec<&str> = err.lines().find(|l| l.starts_with("   1  ")).unwrap().split_whitespace().collect();
    let (ms, rate): (f64, f64) = (row[1].parse().unwrap(), row[3].parse().unwrap());
    // Both printed rounded: the time to 4 decimals, the rate to 1.
    let at = |t: f64| 2.0 * 32f64.powi(3) / (t * 1e6);
    let (lo, hi) = (at(ms + 0.00005) - 0.05, at((ms - 0.00005).max(1e-9)) + 0.05);
    assert!((lo..=hi).contains(&rate), "{rate} GFLOP/s for {ms} ms, want {lo}..{hi}");
    let first = std::fs::read_to_string(&log).unwrap().lines().count();
    assert_eq!(first, 3);
    // A plot of the run, and a time limit (the run stops with what it found).
    let svg = dir.join("tune.svg");
    let o = strata(&["tune", k, "--trials", "2", "--threads", "1", "--time-limit", "60", "--plot", k_path(&svg)]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(std::fs::read_to_string(&svg).unwrap().contains("best so far vs wall time"));
    let o = strata(&["tune", k, "--time-limit=0"]);
    assert!(stderr(&o).contains("--time-limit takes a positive number of seconds, not 0"), "{}", stderr(&o));
    // Resumed: the 3 measured count toward 5, so 2 more are measured and logged.
    let o = strata(&["tune", k, "--trials", "5", "--threads", "1", "--log", l]);
    assert!(stderr(&o).starts_with("5 candidates measured of 5 in "), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&log).unwrap().lines().count(), 5);
    // `--resume` says the same (the issue's spelling); without a log it has nothing to resume.
    let o = strata(&["tune", k, "--trials", "6", "--threads", "1", "--log", l, "--resume"]);
    assert!(stderr(&o).starts_with("6 candidates measured of 6 in "), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&log).unwrap().lines().count(), 6);
    // Candidates may be timed on several threads (they compile before, not beside, then).
    let o = strata(&["tune", k, "--trials", "2", "--threads", "1", "--kernel-threads", "2"]);
    assert!(stderr(&o).starts_with("2 candidates measured of 2 in "), "{}", stderr(&o));
    let o = strata(&["tune", k, "--kernel-threads", "0"]);
    assert!(stderr(&o).contains("--kernel-threads takes 1 to 256, not 0"), "{}", stderr(&o));
    let o = strata(&["tune", k, "--resume"]);
    assert!(
        stderr(&o).contains("the following required arguments were not provided:\n  --log <LOG>"),
        "{}",
        stderr(&o)
    );
    // Two shards measure disjoint slices; merged, their logs hold each candidate once.
    let (s0, s1) = (dir.join("s0.jsonl"), dir.join("s1.jsonl"));
    for (k, p) in [("0/2", &s0), ("1/2", &s1)] {
        let o = strata(&[
            "tune",
            k_path(&kernel),
            "--trials",
            "3",
            "--threads",
            "1",
            "--shard",
            k,
            "--log",
            p.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
    }
    let traces = |p: &Path| -> Vec<String> {
        std::fs::read_to_string(p)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["trace"].to_string())
            .collect()
    };
    let (t0, t1) = (traces(&s0), traces(&s1));
    assert!(t0.iter().all(|t| !t1.contains(t)), "shards overlap");
    let merged = dir.join("merged.jsonl");
    let o = strata(&[
        "tune",
        "merge",
        s0.to_str().unwrap(),
        s1.to_str().unwrap(),
        s0.to_str().unwrap(),
        "-o",
        merged.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(traces(&merged).len(), t0.len() + t1.len());
    let o = strata(&["tune", k, "--shard", "2/2"]);
    assert!(stderr(&o).contains("--shard takes K/N with 0 <= K < N, not '2/2'"), "{}", stderr(&o));
    // The fastest record, applied.
    let out = dir.join("best.py");
    let o = strata(&["schedule", k, "--from", l, "-o", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let args = ["--arg", "ones(32x32xf32)", "--arg", "ones(32x32xf32)", "--arg", "zeros(32x32xf32)", "--print-args"];
    let a = strata(&[&["run", k][..], &args].concat());
    let b = strata(&[&["run", out.to_str().unwrap()][..], &args].concat());
    assert_eq!(stdout(&a), stdout(&b), "{}", stderr(&b));
    assert!(stdout(&b).contains("32.0"));
}

#[test]
fn later_mlir_names_get_a_hint() {
    // Issue 16: an MLIR user writes today's names; Strata reads the 2019 syntax of its spec.
    let dir = scratch("later_names");
    for (name, old) in
        [("arith.addi", "addi"), ("memref.load", "load"), ("divi_signed", "divis"), ("func.func", "func")]
    {
        let file = dir.join("f.mlir");
        std::fs::write(&file, format!("func @f() {{\n  {name}\n}}\n")).unwrap();
        let o = strata(&["opt", file.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(1));
        let want =
            format!("f.mlir:2:3: note: Strata reads the 2019 syntax of its specification; did you mean `{old}`?");
        assert!(
            stderr(&o).contains(&format!("custom op '{name}' is unknown")) && stderr(&o).contains(&want),
            "{}",
            stderr(&o)
        );
    }
}

#[test]
fn later_syntax_reads_todays_spellings() {
    // Issue 16: with --later-syntax, a file written for today's mlir-opt runs as it is.
    let dir = scratch("later_syntax");
    let f = dir.join("today.mlir");
    std::fs::write(
        &f,
        "func.func @main(%a: i32, %b: i32) -> i32 {\n  %0 = arith.divsi %a, %b : i32\n  %1 = arith.cmpi sgt, %0, %b : i32\n  %2 = arith.select %1, %0, %b : i32\n  func.return %2 : i32\n}\n",
    )
    .unwrap();
    let f = f.to_str().unwrap();
    let o = strata(&["run", "--later-syntax", f, "--arg", "100", "--arg", "7"]);
    assert_eq!(stdout(&o).trim(), "14", "{}", stderr(&o));
    let o = strata(&["opt", "--later-syntax", f]);
    assert!(
        stdout(&o).contains("%0 = divis %arg0, %arg1 : i32\n  %1 = cmpi \"sgt\", %0, %arg1 : i32"),
        "{}",
        stdout(&o)
    );
    // Without the option: the hint names the 2019 op and the option.
    let o = strata(&["run", f, "--arg", "100", "--arg", "7"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("did you mean `func`? (--later-syntax reads later MLIR's spellings as aliases)"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn verify_diagnostics_reports_as_mlir_opt_does() {
    // Issue 16: an expectation nothing produced is reported at its directive, with a caret.
    let dir = scratch("verify_diagnostics");
    let f = dir.join("vd.mlir");
    std::fs::write(&f, "func @f() {\n  // expected-error @+1 {{nothing}}\n  return\n}\n").unwrap();
    let o = strata(&["opt", "--verify-diagnostics", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let want = format!(
        "{}:2:6: error: expected error \"nothing\" was not produced\n  // expected-error @+1 {{{{nothing}}}}\n     ^\n",
        f.display()
    );
    assert_eq!(stderr(&o), want);
}

/// Bytecode wherever text goes (issue 15): `opt --emit-bytecode` writes it (MLIR, or TVMScript
/// lowered with its calling convention), `opt` prints it back, `run` runs it (only the entry
/// decoded with `-e`), the REPL's `:load` reads it; bad bytes are an error with the offset.
#[test]
fn bytecode_goes_wherever_text_goes() {
    let dir = scratch("bytecode_cli");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let matmul = root.join("examples/matmul.mlir");
    let stbc = dir.join("matmul.stbc");
    let o = strata(&["opt", k_path(&matmul), "--emit-bytecode", "-o", k_path(&stbc)]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(std::fs::read(&stbc).unwrap().starts_with(&strata::bytecode::MAGIC));
    let text = strata(&["opt", k_path(&matmul)]);
    let back = strata(&["opt", k_path(&stbc)]);
    assert!(back.status.success(), "{}", stderr(&back));
    assert_eq!(stdout(&back), stdout(&text));
    for args in [vec!["run", k_path(&stbc)], vec!["run", k_path(&stbc), "-e", "main"]] {
        let o = strata(&args);
        assert_eq!(stdout(&o), "[[5.0, 2.0], [8.0, 2.0]]\n", "{args:?}: {}", stderr(&o));
    }
    // A TVMScript kernel: lowered, saved, run from the bytecode with TVM's argument checks.
    let script = dir.join("scale.py");
    std::fs::write(&script, SCALE).unwrap();
    let kernel = dir.join("scale.stbc");
    let o = strata(&["opt", k_path(&script), "--emit-bytecode", "-o", k_path(&kernel)]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = strata(&[
        "run",
        k_path(&kernel),
        "--arg",
        "[[1, 2, 3], [4, 5, 6]]",
        "--arg",
        "zeros(2x3xfloat32)",
        "--arg",
        "2.0",
        "--print-args",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("B = [[2.0, 4.0, 6.0], [8.0, 10.0, 12.0]]"), "{}", stdout(&o));
    let o =
        strata(&["run", k_path(&kernel), "--arg", "zeros(2x2xfloat32)", "--arg", "zeros(2x3xfloat32)", "--arg", "1.0"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("A.shape[1]"), "{}", stderr(&o));
    // The REPL loads it.
    let session = repl(&format!(":load {}\n@main()\n", k_path(&stbc)), &dir);
    assert!(session.contains("[[5.0, 2.0], [8.0, 2.0]]"), "{session}");
    // Bad bytes: an error naming the file and the byte.
    let mut bytes = std::fs::read(&stbc).unwrap();
    bytes.truncate(bytes.len() / 2);
    let bad = dir.join("bad.stbc");
    std::fs::write(&bad, bytes).unwrap();
    let o = strata(&["run", k_path(&bad)]);
    assert!(!o.status.success());
    assert!(stderr(&o).starts_with(&format!("{}: byte ", k_path(&bad))), "{}", stderr(&o));
}

// The reference interpreter from the command line and the REPL: the same outputs and errors as
// compiled code, for MLIR and for TIR kernels (their buffers bound and checked the same way).
#[test]
fn run_interpret_and_repl_interp_agree_with_compiled_code() {
    let dir = scratch("interpret");
    let file = dir.join("div.mlir");
    std::fs::write(&file, "func @main(%a: i32, %b: i32) -> i32 {\n  %q = divis %a, %b : i32\n  return %q : i32\n}\n")
        .unwrap();
    let f = k_path(&file);
    for args in [&["--arg", "7", "--arg", "2"][..], &["--arg", "7", "--arg", "0"][..]] {
        let jit = strata(&[&["run", f][..], args].concat());
        let int = strata(&[&["run", "--interpret", f][..], args].concat());
        assert_eq!((stdout(&int), stderr(&int), int.status.code()), (stdout(&jit), stderr(&jit), jit.status.code()));
    }
    let o = strata(&["run", "--interpret", f, "--arg", "7", "--arg", "0"]);
    assert!(stderr(&o).contains("@main: division by zero at"), "{}", stderr(&o));
    let o = strata(&["run", "--interpret", "--time", f, "--arg", "1", "--arg", "1"]);
    assert_eq!(stderr(&o).trim(), "--time measures compiled code; it cannot be used with --interpret");

    let script = dir.join("scale.py");
    std::fs::write(&script, SCALE).unwrap();
    let s = k_path(&script);
    let kernel_args = ["--arg", "[[1, 2, 3], [4, 5, 6]]", "--arg", "zeros(2x3xf32)", "--arg", "2", "--print-args"];
    let jit = strata(&[&["run", s][..], &kernel_args].concat());
    let int = strata(&[&["run", "--interpret", s][..], &kernel_args].concat());
    assert!(jit.status.success(), "{}", stderr(&jit));
    assert_eq!((stdout(&int), stderr(&int)), (stdout(&jit), stderr(&jit)));
    assert!(stdout(&int).contains("B = [[2.0, 4.0, 6.0], [8.0, 10.0, 12.0]]"), "{}", stdout(&int));
    // A wrong shape is refused by the kernel's binder, with the same message.
    let bad = ["--arg", "zeros(3x3xf32)", "--arg", "zeros(2x3xf32)", "--arg", "2"];
    let (jit, int) =
        (strata(&[&["run", s][..], &bad].concat()), strata(&[&["run", "--interpret", s][..], &bad].concat()));
    assert!(!int.status.success() && stderr(&int).contains("shape"), "{}", stderr(&int));
    assert_eq!(stderr(&int), stderr(&jit));

    let session =
        repl(&format!(":load {f}\n:interp @main(9, 3)\n:interp @main(9, 0)\n:interp @main(9, 3) == 3\n"), &dir);
    assert!(session.contains("\n3\n"), "{session}");
    assert!(session.contains("@main: division by zero at"), "{session}");
    assert!(session.contains("ok: 3"), "{session}");
}

// `--fast-math`: compiled code and the interpreter compute a vectorized exp alike, and not as
// the C library does (which is what they both do without the option).
#[test]
fn run_fast_math_is_the_same_compiled_and_interpreted() {
    let dir = scratch("fast_math");
    let script = dir.join("exp.py");
    std::fs::write(
        &script,
        "@T.prim_func
def f(X: T.Buffer((64,), \"float32\"), Y: T.Buffer((64,), \"float32\")):
    for i in range(16):
        for j in T.vectorized(4):
            Y[i * 4 + j] = T.exp(X[i * 4 + j] * T.float32(0.625) - T.float32(20.0))
",
    )
    .unwrap();
    let s = k_path(&script);
    let xs: Vec<String> = (0..64).map(|k| k.to_string()).collect();
    let xs = format!("[{}]", xs.join(", "));
    let args = ["--arg", &xs, "--arg", "zeros(64xf32)", "--print-args"];
    let out = |flags: &[&str]| {
        let o = strata(&[&["run", s][..], flags, &args].concat());
        assert!(o.status.success(), "{}", stderr(&o));
        stdout(&o)
    };
    let (fast, fast_interp) = (out(&["--fast-math"]), out(&["--fast-math", "--interpret"]));
    let (exact, exact_interp) = (out(&[]), out(&["--interpret"]));
    assert_eq!(fast, fast_interp);
    assert_eq!(exact, exact_interp);
    assert_ne!(fast, exact);
    assert!(fast.contains("Y = [2.0611537e-9, "), "{fast}");
}
