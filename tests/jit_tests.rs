//! The file-driven test harness: every `jit-tests/**/*.mlir` file (MLIR) and `*.py` file
//! (TVMScript) is one test, named by its path. The directive grammar is documented in
//! `jit-tests/README.md`.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use libtest_mimic::{Arguments, Failed, Trial};
use strata::dialect::registry;
use strata::ir::{Diagnostics, Module, SourceFile};
use strata::syntax::{self, PrintOptions, expected};

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

/// A `.py` file holding TVMScript (not a helper script such as `tvm/generate.py`).
fn is_tvmscript(p: &Path) -> bool {
    p.extension().is_some_and(|x| x == "py")
        && std::fs::read_to_string(p).is_ok_and(|t| strata::tir::script::looks_like_tvmscript(&t))
}

/// The directives of a file.
struct Header {
    canonicalize: bool,
    xfail: Option<String>,
    bounds_checks: bool,
    opt_level: strata::engine::OptLevel,
    /// The file's directory: relative `npy("..")` paths in run lines start here.
    dir: std::path::PathBuf,
}

fn header(text: &str, dir: &Path) -> Result<Header, String> {
    let mut h = Header {
        canonicalize: false,
        xfail: None,
        bounds_checks: false,
        opt_level: Default::default(),
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
                    other => return Err(format!("unknown test kind '{other}'")),
                }
            }
        } else if let Some(why) = t.strip_prefix("// xfail:") {
            h.xfail = Some(why.trim().to_string());
        } else if let Some(opts) = t.strip_prefix("// options:") {
            for o in opts.split_whitespace() {
                match o {
                    "bounds-checks" => h.bounds_checks = true,
                    "O0" => h.opt_level = strata::engine::OptLevel::O0,
                    "O2" => h.opt_level = strata::engine::OptLevel::O2,
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
    let result = if path.extension().is_some_and(|x| x == "py") {
        tir::run_cases(path, &text, &h)
    } else {
        run_cases(path, &text, &h)
    };
    match (&h.xfail, result) {
        (None, r) => r.map_err(Failed::from),
        (Some(_), Err(_)) => Ok(()),
        (Some(why), Ok(())) => Err(format!("unexpectedly passed (remove the 'xfail: {why}' line)").into()),
    }
}

fn run_cases(path: &Path, text: &str, h: &Header) -> Result<(), String> {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let file = SourceFile::new(name, text);
    let all_lines: Vec<&str> = text.lines().collect();
    let bless = std::env::var_os("STRATA_BLESS").is_some();
    let mut blessed: Vec<(std::ops::Range<usize>, String)> = Vec::new();
    let mut failures = Vec::new();
    for range in syntax::split_input(text) {
        let first_line = text[..range.start].matches('\n').count();
        let last_line = first_line + text[range.clone()].matches('\n').count() + 1;
        let last_line = last_line.min(all_lines.len());
        let exp = expected::collect(text, range.clone()).map_err(|(l, m)| format!("line {l}: {m}"))?;
        let runs: Vec<(usize, &str)> = (first_line..last_line)
            .filter_map(|i| all_lines[i].trim().strip_prefix("// run:").map(|r| (i + 1, r.trim())))
            .collect();
        let r = if exp.is_empty() {
            roundtrip_case(&file, range.clone(), h).and_then(|p| run_case(&file, range.clone(), h, &runs).map(|()| p)).and_then(|printed| {
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
            diagnostics_case(&file, range.clone(), &exp)
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

fn parse_verify(file: &Arc<SourceFile>, range: std::ops::Range<usize>) -> Result<strata::Verified, Diagnostics> {
    strata::Verified::new(syntax::parse_range(file, range, registry())?)
}

fn print(m: &Module, generic: bool) -> String {
    syntax::print_module(m, registry(), PrintOptions { generic })
}

/// Parse, verify, (canonicalize,) print; check that printing is a fixed point and that the
/// generic form reads back to the same module. Returns the canonical print.
fn roundtrip_case(file: &Arc<SourceFile>, range: std::ops::Range<usize>, h: &Header) -> Result<String, String> {
    let mut m = parse_verify(file, range).map_err(|d| format!("unexpected error:\n{d}"))?.into_module();
    if h.canonicalize {
        strata::transform::canonicalize::canonicalize(&mut m);
        strata::verify::verify(&m).map_err(|d| format!("canonicalized module does not verify:\n{d}"))?;
    }
    let once = print(&m, false);
    let reparse = |text: &str, what: &str| {
        let f = SourceFile::new(what, text);
        parse_verify(&f, 0..text.len())
            .map(strata::Verified::into_module)
            .map_err(|d| format!("{what} does not parse back:\n{d}\n--- {what}\n{text}"))
    };
    let twice = print(&reparse(&once, "printed")?, false);
    if once != twice {
        return Err(format!("printing is not a fixed point\n--- first\n{once}--- second\n{twice}"));
    }
    let generic = print(&m, true);
    let from_generic = print(&reparse(&generic, "generic")?, false);
    if from_generic != once {
        return Err(format!(
            "the generic form reads back differently\n--- custom\n{once}--- via generic\n{from_generic}"
        ));
    }
    Ok(once)
}

/// Compile the case and check every `// run:` line.
fn run_case(
    file: &Arc<SourceFile>,
    range: std::ops::Range<usize>,
    h: &Header,
    runs: &[(usize, &str)],
) -> Result<(), String> {
    if runs.is_empty() {
        return Ok(());
    }
    let m = parse_verify(file, range).map_err(|d| format!("unexpected error:\n{d}"))?;
    let engine = strata::engine::Engine::new(strata::engine::Options {
        bounds_checks: h.bounds_checks,
        opt_level: h.opt_level,
        ..Default::default()
    })
    .map_err(|e| e.to_string())?;
    let code = engine.compile(&m).map_err(|e| format!("compile error: {e}"))?;
    check_runs(&code, h, runs)
}

/// Check each run line against compiled code; every failure, with its line.
fn check_runs(code: &strata::engine::Compiled, h: &Header, runs: &[(usize, &str)]) -> Result<(), String> {
    let mut problems = Vec::new();
    for (line, text) in runs {
        let r = strata::engine::directive::parse_run(text)
            .map_err(|e| format!("malformed run directive: {e}"))
            .and_then(|mut d| {
                d.resolve_paths(&h.dir);
                strata::engine::directive::check_run(code, &d)
            });
        if let Err(e) = r {
            problems.push(format!("line {line}: {text}\n  {e}"));
        }
    }
    if problems.is_empty() { Ok(()) } else { Err(problems.join("\n")) }
}

fn diagnostics_case(
    file: &Arc<SourceFile>,
    range: std::ops::Range<usize>,
    exp: &[expected::Expected],
) -> Result<(), String> {
    let produced = match parse_verify(file, range) {
        Ok(_) => Diagnostics { source: Some(file.clone()), list: Vec::new() },
        Err(d) => d,
    };
    let problems = expected::check(exp, &produced);
    if problems.is_empty() { Ok(()) } else { Err(problems.join("\n")) }
}

/// TVMScript files: cases split at `# -----`; `# expected-error {{..}}` cases must fail to read
/// or check with exactly those diagnostics; other cases must read, check, and print back as a
/// fixed point, then run their `# run:` lines.
mod tir {
    use super::*;
    use strata::tir::script;

    fn read_check(file: &Arc<SourceFile>, range: std::ops::Range<usize>) -> Result<strata::tir::IRModule, Diagnostics> {
        let m = script::read_range(file, range)?;
        strata::tir::check::check_module(&m)?;
        Ok(m)
    }

    pub(super) fn run_cases(path: &Path, text: &str, h: &Header) -> Result<(), String> {
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let file = SourceFile::new(name, text);
        let all_lines: Vec<&str> = text.lines().collect();
        let mut failures = Vec::new();
        for range in script::split_cases(text) {
            let first_line = text[..range.start].matches('\n').count();
            let last_line = (first_line + text[range.clone()].matches('\n').count() + 1).min(all_lines.len());
            let exp = expected::collect(text, range.clone()).map_err(|(l, m)| format!("line {l}: {m}"))?;
            let runs: Vec<(usize, &str)> = (first_line..last_line)
                .filter_map(|i| all_lines[i].trim().strip_prefix("# run:").map(|r| (i + 1, r.trim())))
                .collect();
            let r = if exp.is_empty() {
                roundtrip(&file, range.clone()).and_then(|m| run(&m, h, &runs))
            } else {
                let produced = match read_check(&file, range.clone()) {
                    Ok(_) => Diagnostics { source: Some(file.clone()), list: Vec::new() },
                    Err(d) => d,
                };
                let problems = expected::check(&exp, &produced);
                if problems.is_empty() { Ok(()) } else { Err(problems.join("\n")) }
            };
            if let Err(e) = r {
                failures.push(format!("case at line {}: {e}", first_line + 1));
            }
        }
        if failures.is_empty() { Ok(()) } else { Err(failures.join("\n\n")) }
    }

    fn roundtrip(file: &Arc<SourceFile>, range: std::ops::Range<usize>) -> Result<strata::tir::IRModule, String> {
        let m = read_check(file, range).map_err(|d| format!("unexpected error:\n{d}"))?;
        let once = script::print_module(&m);
        let f = SourceFile::new("printed", once.as_str());
        let m2 = read_check(&f, 0..once.len())
            .map_err(|d| format!("printed script does not read back:\n{d}\n--- printed\n{once}"))?;
        let twice = script::print_module(&m2);
        if once != twice {
            return Err(format!("printing is not a fixed point\n--- first\n{once}--- second\n{twice}"));
        }
        Ok(m)
    }

    fn run(m: &strata::tir::IRModule, h: &Header, runs: &[(usize, &str)]) -> Result<(), String> {
        if runs.is_empty() {
            return Ok(());
        }
        let core = strata::tir::lower(m).map_err(|e| format!("lowering failed: {e}"))?;
        let engine = strata::engine::Engine::new(strata::engine::Options {
            bounds_checks: h.bounds_checks,
            opt_level: h.opt_level,
            ..Default::default()
        })
        .map_err(|e| e.to_string())?;
        let code = engine.compile(&core).map_err(|e| format!("compile error: {e}\n{}", strata::print(&core)))?;
        check_runs(&code, h, runs)
    }
}
