//! The file-driven test harness: every `jit-tests/**/*.mlir` file (MLIR) and `*.py` file
//! (TVMScript) is one test, named by its path. The directive grammar is documented in
//! `jit-tests/README.md`.

use std::path::{Path, PathBuf};

use libtest_mimic::{Arguments, Failed, Trial};
use strata::driver::{self, Input, Language, OptOptions, Parsed};
use strata::ir::SourceFile;

fn main() {
    let args = Arguments::from_args();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("jit-tests");
    let mut files = Vec::new();
    collect(&root, &mut files);
    files.sort();
    let trials = files
        .into_iter()
        .map(|path| {
            let name = path.strip_prefix(&root).unwrap_or(&path).display().to_string();
            Trial::test(name, move || run_file(&path))
        })
        .collect();
    libtest_mimic::run(&args, trials).exit();
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect(&p, out);
        } else if p.extension().is_some_and(|x| x == "mlir") || is_tvmscript(&p) {
            out.push(p);
        }
    }
}

/// A `.py` file holding TVMScript (not a helper script such as `tvm/generate.py`, which may
/// hold TVMScript in strings).
fn is_tvmscript(p: &Path) -> bool {
    if p.file_name().is_some_and(|n| n == "generate.py") {
        return false;
    }
    p.extension().is_some_and(|x| x == "py")
        && std::fs::read_to_string(p).is_ok_and(|t| strata::tir::script::looks_like_tvmscript(&t))
}

/// The directives of a file.
struct Header {
    canonicalize: bool,
    /// `// test: identical`: each case prints back as written (comments and blank lines
    /// aside), as for text another tool printed (TVM's `script()`).
    identical: bool,
    xfail: Option<String>,
    /// `// options: unchecked`: compile without bounds checks (checked is the default).
    unchecked: bool,
    /// `// options: later-syntax`: read later MLIR's spellings as aliases.
    later_syntax: bool,
    /// The levels run lines run at: `-O0` and `-O2` unless the file names one (every
    /// optimization must keep results).
    opt_levels: Vec<strata::OptLevel>,
    /// The file's directory: relative `npy("..")` paths in run lines start here.
    dir: std::path::PathBuf,
}

fn header(text: &str, dir: &Path) -> Result<Header, String> {
    let mut h = Header {
        canonicalize: false,
        identical: false,
        xfail: None,
        unchecked: false,
        later_syntax: false,
        opt_levels: vec![strata::OptLevel::O0, strata::OptLevel::O2],
        dir: dir.to_path_buf(),
    };
    for line in text.lines() {
        // TVMScript files write the same directives in `#` comments.
        let t = line.trim();
        let py;
        let t = match t.strip_prefix("# ") {
            Some(rest) => {
                py = format!("// {rest}");
                py.as_str()
            }
            None => t,
        };
        if let Some(kinds) = t.strip_prefix("// test:") {
            for k in kinds.split_whitespace() {
                match k {
                    "roundtrip" | "diagnostics" => {}
                    "canonicalize" => h.canonicalize = true,
                    "identical" => h.identical = true,
                    other => return Err(format!("unknown test kind '{other}'")),
                }
            }
        } else if let Some(why) = t.strip_prefix("// xfail:") {
            h.xfail = Some(why.trim().to_string());
        } else if let Some(opts) = t.strip_prefix("// options:") {
            for o in opts.split_whitespace() {
                match o {
                    "bounds-checks" => h.unchecked = false,
                    "unchecked" => h.unchecked = true,
                    "later-syntax" => h.later_syntax = true,
                    "O0" => h.opt_levels = vec![strata::OptLevel::O0],
                    "O2" => h.opt_levels = vec![strata::OptLevel::O2],
                    other => return Err(format!("unknown option '{other}'")),
                }
            }
        }
    }
    Ok(h)
}

/// The expected output block of a case: the comment lines after `// output:`.
struct OutputBlock {
    /// Line indices (0-based, in the whole file) of the block's content.
    lines: std::ops::Range<usize>,
    text: String,
}

fn output_block(all_lines: &[&str], first: usize, last: usize) -> Option<OutputBlock> {
    let start = (first..last).find(|&i| all_lines[i].trim() == "// output:")? + 1;
    let mut end = start;
    let mut text = String::new();
    while end < last {
        let l = all_lines[end];
        let Some(body) = l.strip_prefix("//") else { break };
        if l.trim_start().starts_with("// -----") {
            break;
        }
        text.push_str(body.strip_prefix(' ').unwrap_or(body));
        text.push('\n');
        end += 1;
    }
    Some(OutputBlock { lines: start..end, text })
}

fn run_file(path: &Path) -> Result<(), Failed> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let h = header(&text, path.parent().unwrap_or(Path::new(".")))?;
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let language = if path.extension().is_some_and(|x| x == "py") { Language::TvmScript } else { Language::Mlir };
    let input = Input { file: SourceFile::new(name, text.as_str()), language }.with_later_spellings(h.later_syntax);
    match (&h.xfail, run_cases(path, &input, &h)) {
        (None, r) => r.map_err(Failed::from),
        (Some(_), Err(_)) => Ok(()),
        (Some(why), Ok(())) => Err(format!("unexpectedly passed (remove the 'xfail: {why}' line)").into()),
    }
}

/// Every case of a file through the driver: a case with `expected-*` comments must fail with
/// exactly those diagnostics; any other must go through the pipeline, print back as a fixed
/// point (and as its output block, if it has one), then pass its `run:` lines.
fn run_cases(path: &Path, input: &Input, h: &Header) -> Result<(), String> {
    let text = input.file.text();
    let all_lines: Vec<&str> = text.lines().collect();
    let run_prefix = match input.language {
        Language::Mlir | Language::LaterMlir => "// run:",
        Language::TvmScript => "# run:",
    };
    let bless = std::env::var_os("STRATA_BLESS").is_some();
    let mut blessed: Vec<(std::ops::Range<usize>, String)> = Vec::new();
    let mut failures = Vec::new();
    let opts = OptOptions { canonicalize: h.canonicalize, ..OptOptions::default() };
    for range in input.chunks(true) {
        let first_line = text[..range.start].matches('\n').count();
        let last_line = (first_line + text[range.clone()].matches('\n').count() + 1).min(all_lines.len());
        let exp = input.expectations(range.clone()).map_err(|(l, m)| format!("line {l}: {m}"))?;
        let r = if exp.is_empty() {
            let runs: Vec<(usize, &str)> = (first_line..last_line)
                .filter_map(|i| all_lines[i].trim().strip_prefix(run_prefix).map(|r| (i + 1, r.trim())))
                .collect();
            driver::process(&input.file, range.clone(), input.language, &opts)
                .map_err(|d| format!("unexpected error:\n{d}"))
                .and_then(|(parsed, printed)| {
                    driver::roundtrip(&printed, opts.output_language(input.language))?;
                    if h.identical {
                        let code = |t: &str| -> Vec<String> {
                            t.lines()
                                .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with(['#', '/']))
                                .map(str::to_string)
                                .collect()
                        };
                        let (want, got) = (code(&text[range.clone()]), code(&printed));
                        if want != got {
                            let at = want.iter().zip(&got).position(|(a, b)| a != b).unwrap_or(want.len().min(got.len()));
                            return Err(format!(
                                "prints back differently (test: identical), first at code line {}:\n  written: {}\n  printed: {}",
                                at + 1,
                                want.get(at).map_or("(nothing)", String::as_str),
                                got.get(at).map_or("(nothing)", String::as_str)
                            ));
                        }
                    }
                    run_case(parsed, h, &runs)?;
                    match output_block(&all_lines, first_line, last_line) {
                        Some(block) if block.text != printed => {
                            if bless {
                                blessed.push((block.lines, printed));
                                Ok(())
                            } else {
                                Err(format!(
                                    "printed output differs from the expected output block (run with STRATA_BLESS=1 to update)\n--- expected\n{}--- actual\n{}",
                                    block.text, printed
                                ))
                            }
                        }
                        _ => Ok(()),
                    }
                })
        } else {
            let produced = driver::process(&input.file, range.clone(), input.language, &opts).err();
            let problems = driver::expected_problems(input, range.clone(), produced.as_ref());
            if problems.is_empty() { Ok(()) } else { Err(problems.join("\n")) }
        };
        if let Err(e) = r {
            failures.push(format!("case at line {}: {e}", first_line + 1));
        }
    }
    if bless && !blessed.is_empty() {
        let mut lines: Vec<String> = all_lines.iter().map(|s| s.to_string()).collect();
        for (range, printed) in blessed.into_iter().rev() {
            let new: Vec<String> =
                printed.lines().map(|l| if l.is_empty() { "//".to_string() } else { format!("// {l}") }).collect();
            lines.splice(range, new);
        }
        std::fs::write(path, lines.join("\n") + "\n").map_err(|e| e.to_string())?;
    }
    if failures.is_empty() { Ok(()) } else { Err(failures.join("\n\n")) }
}

/// Compile the case and check every `run:` line.
/// The text of a run line's `fails "text"`.
fn expected_failure(run: &str) -> Option<&str> {
    let (_, rest) = run.rsplit_once(" fails \"")?;
    rest.strip_suffix('"')
}

fn run_case(parsed: Parsed, h: &Header, runs: &[(usize, &str)]) -> Result<(), String> {
    if runs.is_empty() {
        return Ok(());
    }
    for &level in &h.opt_levels {
        let at = |e: String| format!("at {level:?}: {e}");
        let core = match parsed.clone().into_core(&strata::Passes::for_level(level)) {
            Ok(core) => core,
            // A function lowering refuses (a GPU intrinsic, say): every run line must expect it.
            Err(e) => {
                let e = e.to_string();
                if runs.iter().all(|(_, r)| expected_failure(r).is_some_and(|m| e.contains(m))) {
                    continue;
                }
                return Err(at(format!("lowering failed: {e}")));
            }
        };
        let mut options = strata::engine::Options { opt_level: level, ..Default::default() };
        if h.unchecked {
            // SAFETY: a test file that asks for unchecked code is one whose accesses stay in
            // bounds (it measures or shows the unchecked lowering).
            options = unsafe { options.unchecked() };
        }
        let engine = strata::engine::Engine::new(options).map_err(|e| at(e.to_string()))?;
        let code = engine.compile(&core).map_err(|e| at(format!("compile error: {e}\n{core}")))?;
        check_runs(&code, h, runs).map_err(at)?;
        if level == h.opt_levels[0] {
            // The reference interpreter must agree with every run line it can run.
            let interp = strata::Interpreter::new(&core).max_steps(200_000_000);
            check_runs(&interp, h, runs).map_err(|e| format!("in the interpreter: {e}"))?;
        }
    }
    Ok(())
}

/// Check each run line against compiled code; every failure, with its line.
fn check_runs(code: &dyn strata::engine::directive::Callee, h: &Header, runs: &[(usize, &str)]) -> Result<(), String> {
    let mut problems = Vec::new();
    for (line, text) in runs {
        let r = strata::engine::directive::parse_run(text)
            .map_err(|e| format!("malformed run directive: {e}"))
            .and_then(|mut d| {
                d.resolve_paths(&h.dir);
                strata::engine::directive::check_run(code, &d)
            });
        if let Err(e) = r {
            if e.contains("the interpreter") {
                // An op or argument the interpreter does not handle: nothing to compare.
                continue;
            }
            problems.push(format!("line {line}: {text}\n  {e}"));
        }
    }
    if problems.is_empty() { Ok(()) } else { Err(problems.join("\n")) }
}
