//! `strata repl`: paste MLIR functions or TVMScript PrimFuncs, call and time them (API.md §5,
//! evcxr's conventions). A client of the public API only: definitions are kept as text and the
//! whole session is rebuilt when one changes (compiling is a fraction of a millisecond per
//! function), so a redefinition reaches its callers.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::Context;
use rustyline::error::ReadlineError;
use strata::driver::{Input, Language};
use strata::engine::directive::{Expect, call_with_literals, check_run, make_call_args, parse_run};
use strata::engine::{Arg, Compiled, Engine, OptLevel, Options, Val};

/// Arguments of `strata repl`.
#[derive(clap::Args)]
pub struct ReplArgs {
    /// A file (MLIR or TVMScript) to load first.
    file: Option<PathBuf>,
}

const HELP: &str = "\
Enter an MLIR function (`func @f(%a: i32) -> i32 { ... }`, read until its braces balance) or
TVMScript (`@T.prim_func` / `@I.ir_module`, ended by an empty line) to define functions; a
function defined again replaces the old one. Enter a call to run it:
  @f(1, 2)                          results, or the buffer arguments after a call without results
  @g(zeros(4x4xf32), [1, 2, 3, 4])  arguments as in `strata run --arg` and jit-tests run lines
  @f(1, 2) == 3                     a jit-tests check (`~=`, `traps \"..\"`, `; %0 == [..]`)
Commands:
  :help              this text
  :funcs             the functions defined, with their signatures
  :print @f          the text that defined @f
  :interp @f(args)   call @f in the reference interpreter (checks as a call does)
  :time @f(args)     call @f repeatedly and print the median time of a call
  :timing            print the time of every call (toggle)
  :opt 0-3           optimization level (recompiles)
  :bounds on|off     check every memref access against its bounds (recompiles)
  :load FILE         define the functions of a file
  :save FILE         write the MLIR (FILE.mlir) or TVMScript (FILE.py) definitions to a file
  :clear             forget every definition
  :quit              leave (also Ctrl-D)";

/// One definition as entered, and the functions it defines.
#[derive(Clone)]
struct Chunk {
    lang: Language,
    text: String,
    names: Vec<String>,
}

/// What evaluating an input gives.
enum Reply {
    Text(String),
    Quit,
}

/// The state of a session: definitions, options, and the code compiled from them.
struct Session {
    chunks: Vec<Chunk>,
    options: Options,
    engine: Engine,
    /// One module per language (MLIR and TIR are compiled apart).
    /// Each language's module and its compiled code.
    code: Vec<(strata::Verified, Compiled)>,
    timing: bool,
}

impl Session {
    fn new() -> anyhow::Result<Session> {
        let options = Options::default();
        Ok(Session {
            engine: Engine::new(options.clone())?,
            options,
            chunks: Vec::new(),
            code: Vec::new(),
            timing: false,
        })
    }

    fn eval(&mut self, input: &str) -> Reply {
        let t = input.trim();
        let out = if t.is_empty() || only_python_comments(t) {
            // TVMScript's header (`# from tvm.script import tirx as T`), typed or pasted alone.
            Ok(String::new())
        } else if let Some(cmd) = t.strip_prefix(':') {
            match self.command(cmd.trim()) {
                Ok(None) => return Reply::Quit,
                Ok(Some(s)) => Ok(s),
                Err(e) => Err(e),
            }
        } else if is_call(t) {
            self.call(t)
        } else if is_call(&format!("@{t}")) && self.code_of(call_name(t)).is_ok() {
            Err(format!("calls start with `@`: did you mean `@{t}`?"))
        } else {
            let lang = Language::of_text(t);
            self.define(lang, input)
        };
        Reply::Text(out.unwrap_or_else(|e| e))
    }

    /// `Ok(None)`: leave.
    fn command(&mut self, cmd: &str) -> Result<Option<String>, String> {
        let (name, arg) = cmd.split_once(char::is_whitespace).map_or((cmd, ""), |(n, a)| (n, a.trim()));
        let text = match name {
            "help" | "h" | "?" => HELP.to_string(),
            "quit" | "q" | "exit" => return Ok(None),
            "funcs" => self.funcs(),
            "print" => {
                let f = arg.strip_prefix('@').unwrap_or(arg);
                let chunk = self.chunks.iter().find(|c| c.names.iter().any(|n| n == f));
                chunk.map(|c| c.text.trim_end().to_string()).ok_or_else(|| format!("no function @{f}"))?
            }
            "time" => self.time(arg)?,
            "interp" => self.call_in(arg, true)?,
            "timing" => {
                self.timing = !self.timing;
                format!("timing {}", if self.timing { "on" } else { "off" })
            }
            "opt" => {
                self.options.opt_level = match arg {
                    "0" => OptLevel::O0,
                    "1" => OptLevel::O1,
                    "2" => OptLevel::O2,
                    "3" => OptLevel::O3,
                    _ => return Err(format!(":opt takes 0, 1, 2 or 3, not '{arg}'")),
                };
                self.reconfigure()?;
                format!("optimization level {arg}")
            }
            "bounds" => {
                self.options.bounds_checks = match arg {
                    "on" => strata::BoundsChecks::CHECKED,
                    // SAFETY: the user turned checks off by hand (`:bounds off`), as `--unchecked`.
                    "off" => unsafe { strata::BoundsChecks::unchecked() },
                    _ => return Err(format!(":bounds takes on or off, not '{arg}'")),
                };
                self.reconfigure()?;
                format!("bounds checks {arg}")
            }
            "load" => {
                let path = Path::new(arg);
                let bytes = std::fs::read(path).map_err(|e| format!("cannot read '{arg}': {e}"))?;
                if strata::bytecode::is_bytecode(&bytes) {
                    // The session keeps definitions as text: bytecode joins it as MLIR.
                    let v = strata::load_bytecode_bytes(arg, bytes).map_err(|e| e.to_string())?;
                    self.define(Language::Mlir, &strata::print(&v))?
                } else {
                    let text = String::from_utf8(bytes).map_err(|_| format!("'{arg}' is neither text nor bytecode"))?;
                    let lang = Language::of_file(path, &text);
                    self.define(lang, &text)?
                }
            }
            "save" => {
                let lang = if arg.ends_with(".py") { Language::TvmScript } else { Language::Mlir };
                let text: Vec<&str> =
                    self.chunks.iter().filter(|c| c.lang == lang).map(|c| c.text.trim_end()).collect();
                std::fs::write(arg, text.join("\n\n") + "\n").map_err(|e| format!("cannot write '{arg}': {e}"))?;
                format!("wrote {} definitions to {arg}", text.len())
            }
            "clear" => {
                self.chunks.clear();
                self.code.clear();
                "cleared".to_string()
            }
            _ => return Err(format!("unknown command ':{name}' (:help lists them)")),
        };
        Ok(Some(text))
    }

    /// A new engine for changed options, and the session compiled again with it.
    fn reconfigure(&mut self) -> Result<(), String> {
        self.engine = Engine::new(self.options.clone()).map_err(|e| e.to_string())?;
        self.code = self.build(&self.chunks)?;
        Ok(())
    }

    /// Add a definition: it must read on its own; the session with it (replacing what it
    /// redefines) must check and compile, else nothing changes.
    fn define(&mut self, lang: Language, text: &str) -> Result<String, String> {
        let names = defined_names(lang, text)?;
        let mut next = Vec::with_capacity(self.chunks.len() + 1);
        let mut replaced = Vec::new();
        for c in &self.chunks {
            let (redefined, kept): (Vec<&String>, Vec<&String>) = c.names.iter().partition(|n| names.contains(n));
            if redefined.is_empty() {
                next.push(c.clone());
            } else if kept.is_empty() {
                replaced.extend(redefined.into_iter().cloned());
            } else {
                return Err(format!(
                    "@{} was defined together with @{}; define them again together",
                    redefined[0], kept[0]
                ));
            }
        }
        next.push(Chunk { lang, text: text.to_string(), names: names.clone() });
        self.code = self.build(&next)?;
        self.chunks = next;
        let list = |v: &[String]| v.iter().map(|n| format!("@{n}")).collect::<Vec<_>>().join(", ");
        let fresh: Vec<String> = names.iter().filter(|n| !replaced.contains(n)).cloned().collect();
        Ok(match (fresh.is_empty(), replaced.is_empty()) {
            (_, true) if names.is_empty() => "ok".to_string(),
            (false, true) => format!("defined {}", list(&fresh)),
            (true, false) => format!("redefined {}", list(&replaced)),
            _ => format!("defined {}; redefined {}", list(&fresh), list(&replaced)),
        })
    }

    fn build(&self, chunks: &[Chunk]) -> Result<Vec<(strata::Verified, Compiled)>, String> {
        let text = |lang| chunks.iter().filter(|c| c.lang == lang).map(|c| c.text.as_str()).collect::<Vec<_>>();
        let mut code = Vec::new();
        // One module per language, each read whole (MLIR and TIR are compiled apart).
        for (lang, sep) in [(Language::Mlir, "\n"), (Language::TvmScript, "\n\n")] {
            let parts = text(lang);
            if !parts.is_empty() {
                let passes = strata::Passes::for_level(self.options.opt_level);
                let m = Input::new("<session>", parts.join(sep), lang).load_with(&passes).map_err(|e| e.to_string())?;
                let c = self.engine.compile(&m).map_err(|e| e.to_string())?;
                code.push((m, c));
            }
        }
        Ok(code)
    }

    fn code_of(&self, func: &str) -> Result<&Compiled, String> {
        self.module_of(func).map(|(_, c)| c)
    }

    fn module_of(&self, func: &str) -> Result<&(strata::Verified, Compiled), String> {
        self.code.iter().find(|(_, c)| c.functions().any(|(n, _)| n == func)).ok_or_else(|| {
            let mut names: Vec<String> =
                self.code.iter().flat_map(|(_, c)| c.functions().map(|(n, _)| format!("@{n}"))).collect();
            names.sort();
            if names.is_empty() {
                format!("no function @{func}: nothing is defined yet")
            } else {
                format!("no function @{func}; defined: {}", names.join(", "))
            }
        })
    }

    fn funcs(&self) -> String {
        let mut lines: Vec<String> = self
            .code
            .iter()
            .flat_map(|(_, c)| {
                c.functions().map(move |(n, ty)| match c.tir_signature(n) {
                    Some(sig) => format!("@{sig}"),
                    None => format!("@{n}: {}", strata::ir::Type::Function(std::sync::Arc::new(ty.clone()))),
                })
            })
            .collect();
        lines.sort();
        if lines.is_empty() { "no functions defined".to_string() } else { lines.join("\n") }
    }

    fn call(&self, text: &str) -> Result<String, String> {
        self.call_in(text, false)
    }

    /// A call, compiled or in the reference interpreter (`:interp`).
    fn call_in(&self, text: &str, interpret: bool) -> Result<String, String> {
        let d = parse_run(text)?;
        let (module, compiled) = self.module_of(&d.func)?;
        // Ctrl-C stops an interpreted call as it stops a compiled one.
        let interp = strata::Interpreter::new(module).interrupt(self.engine.interrupt_handle());
        let code: &dyn strata::engine::directive::Callee = if interpret { &interp } else { compiled };
        let start = Instant::now();
        if d.expect != Expect::Success || !d.after.is_empty() {
            let outcome = check_run(code, &d)?;
            return Ok(format!("ok: {outcome}{}", self.took(start.elapsed())));
        }
        let (results, after) = call_with_literals(code, &d.func, &d.args).map_err(|e| e.to_string())?;
        let elapsed = start.elapsed();
        let mut lines: Vec<String> = results.iter().map(show).collect();
        if results.is_empty() {
            // A kernel writes its buffers: show them.
            let names = code.tir_buffer_names(&d.func).unwrap_or_default();
            for (i, v) in after.iter().enumerate() {
                if let Val::Tensor(_) = v {
                    let name = names.get(i).cloned().flatten().unwrap_or_else(|| format!("%{i}"));
                    lines.push(format!("{name} = {}", show(v)));
                }
            }
        }
        Ok(lines.join("\n") + &self.took(elapsed))
    }

    fn took(&self, t: Duration) -> String {
        if self.timing { format!("\ntook {}", duration(t)) } else { String::new() }
    }

    /// Time calls with the engine's time evaluator (arguments made once): 5 repeats of at
    /// least 100 ms each.
    fn time(&self, text: &str) -> Result<String, String> {
        let d = parse_run(text)?;
        let code = self.code_of(&d.func)?;
        let mut vals = make_call_args(code, &d.func, &d.args).map_err(|e| e.to_string())?;
        let mut args: Vec<Arg<'_>> = vals.iter_mut().map(Val::as_arg_mut).collect();
        let options = strata::engine::TimeOptions { number: 1, repeat: 5, min_repeat_ms: 100, ..Default::default() };
        let t = code.time(&d.func, &mut args, &options).map_err(|e| e.to_string())?;
        Ok(format!(
            "median {} per call (min {}, max {}; {} repeats of {} calls)",
            duration(t.median),
            duration(t.min),
            duration(t.results.iter().copied().max().unwrap_or_default()),
            t.results.len(),
            t.number
        ))
    }
}

/// The functions a definition defines, reading it on its own (so syntax errors point into it).
fn defined_names(lang: Language, text: &str) -> Result<Vec<String>, String> {
    strata::driver::function_names(lang, text).map_err(|d| d.to_string())
}

/// A call: `@name(` not followed by TVMScript's decorators.
/// The function name of a call written without its `@` (`f(2)` -> `f`).
fn call_name(t: &str) -> &str {
    t.split('(').next().unwrap_or("").trim()
}

fn is_call(t: &str) -> bool {
    let Some(rest) = t.strip_prefix('@') else { return false };
    let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || matches!(c, '_' | '$' | '.')).collect();
    rest[name.len()..].trim_start().starts_with('(') && Language::of_text(t) == Language::Mlir
}

/// Whether the input read so far is whole: a command or call with its brackets closed, MLIR
/// with its brackets closed, or TVMScript followed by an empty line.
fn is_complete(text: &str) -> bool {
    let t = text.trim_start();
    if t.is_empty() || t.starts_with(':') || only_python_comments(t) {
        return true;
    }
    let python = Language::of_text(t) == Language::TvmScript
        || t.contains("TypeVar(")
        || ["class ", "def ", "from ", "import ", "# ", "@T.", "@I.", "@tvm.", "@tir"].iter().any(|p| t.starts_with(p));
    if python && !is_call(t) {
        // As in Python's REPL, an empty line ends a block.
        return text.contains('\n') && text.rsplit('\n').next().is_some_and(|l| l.trim().is_empty());
    }
    balanced(t)
}

/// Whether input is already waiting on standard input.
#[cfg(unix)]
fn input_waiting() -> bool {
    let mut fd = libc::pollfd { fd: libc::STDIN_FILENO, events: libc::POLLIN, revents: 0 };
    // SAFETY: one valid `pollfd` and its count; a zero timeout does not block.
    let ready = unsafe { libc::poll(&mut fd, 1, 0) };
    ready > 0 && fd.revents & libc::POLLIN != 0
}

#[cfg(not(unix))]
fn input_waiting() -> bool {
    false
}

/// Lines that are all Python comments (`# ...`; MLIR's `#alias = ..` has no space after `#`).
fn only_python_comments(t: &str) -> bool {
    t.lines().map(str::trim).filter(|l| !l.is_empty()).all(|l| l == "#" || l.starts_with("# "))
}

/// Brackets balance (or close too much: an error the parser reports), outside strings and
/// `//` comments.
fn balanced(t: &str) -> bool {
    let mut depth = 0i64;
    for line in t.lines() {
        let mut in_string = false;
        let mut escaped = false;
        let mut prev = ' ';
        for c in line.chars() {
            if in_string {
                match (escaped, c) {
                    (true, _) => escaped = false,
                    (false, '\\') => escaped = true,
                    (false, '"') => in_string = false,
                    _ => {}
                }
                continue;
            }
            match c {
                '"' => in_string = true,
                '/' if prev == '/' => break,
                '(' | '[' | '{' => depth += 1,
                ')' | ']' | '}' => depth -= 1,
                _ => {}
            }
            prev = c;
        }
    }
    depth <= 0
}

/// A value as `run` prints it; a large tensor by its shape and dtype.
fn show(v: &Val) -> String {
    match v {
        Val::Tensor(t) if t.len() > 256 => format!("<tensor {:?} of {}>", t.shape(), t.dtype()),
        v => v.to_string(),
    }
}

fn duration(t: Duration) -> String {
    let ns = t.as_nanos();
    if ns < 10_000 {
        format!("{ns} ns")
    } else if ns < 10_000_000 {
        format!("{:.1} µs", ns as f64 / 1e3)
    } else {
        format!("{:.2} ms", ns as f64 / 1e6)
    }
}

fn history_path() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))?;
    Some(base.join("strata").join("history"))
}

/// Runs the command.
pub fn run(args: &ReplArgs) -> anyhow::Result<bool> {
    let mut session = Session::new()?;
    if let Some(file) = &args.file
        && let Reply::Text(t) = session.eval(&format!(":load {}", file.display()))
    {
        println!("{t}");
    }
    // Ctrl-C while a call runs stops the call, not the session (at the prompt the line editor
    // takes it: it drops the input being entered).
    let stop = std::sync::Arc::new(std::sync::Mutex::new(session.engine.interrupt_handle()));
    let on_ctrl_c = stop.clone();
    let _ = ctrlc::set_handler(move || {
        if let Ok(s) = on_ctrl_c.lock() {
            s.interrupt();
        }
    });
    let mut rl = rustyline::DefaultEditor::new().context("cannot start the line editor")?;
    let history = history_path();
    if let Some(h) = &history {
        let _ = rl.load_history(h);
    }
    if std::io::stdin().is_terminal() {
        println!(
            "Strata {} — define MLIR or TVMScript functions, call them as @f(1, 2); :help for more, Ctrl-D to quit",
            env!("CARGO_PKG_VERSION")
        );
    }
    let mut pending = String::new();
    loop {
        let prompt = if pending.is_empty() { ">> " } else { ".. " };
        let read = if input_waiting() {
            // Typed ahead (or pasted without bracketed paste): the line editor would read it in
            // raw mode and drop what follows its first line, so it is read as plain lines.
            let mut line = String::new();
            match std::io::stdin().read_line(&mut line) {
                Ok(0) => Err(ReadlineError::Eof),
                Ok(_) => Ok(line.trim_end_matches(['\n', '\r']).to_string()),
                Err(e) => Err(ReadlineError::Io(e)),
            }
        } else {
            rl.readline(prompt)
        };
        match read {
            Ok(line) => {
                if !pending.is_empty() {
                    pending.push('\n');
                }
                pending.push_str(&line);
                if !is_complete(&pending) {
                    continue;
                }
                let input = std::mem::take(&mut pending);
                if !input.trim().is_empty() {
                    let _ = rl.add_history_entry(input.trim_end());
                }
                if let Ok(mut s) = stop.lock() {
                    *s = session.engine.interrupt_handle();
                    s.reset();
                }
                match session.eval(&input) {
                    Reply::Quit => break,
                    Reply::Text(t) if t.is_empty() => {}
                    Reply::Text(t) => println!("{t}"),
                }
            }
            // Ctrl-C drops the input being entered.
            Err(ReadlineError::Interrupted) => pending.clear(),
            Err(ReadlineError::Eof) => break,
            Err(e) => return Err(e).context("reading input"),
        }
    }
    if let Some(h) = &history
        && h.parent().is_some_and(|p| std::fs::create_dir_all(p).is_ok())
    {
        let _ = rl.save_history(h);
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn completeness() {
        assert!(is_complete(":funcs"));
        assert!(is_complete("@f(1, 2)"));
        assert!(!is_complete("@f([1, 2],"));
        assert!(!is_complete("func @f(%a: i32) -> i32 {"));
        assert!(is_complete("func @f(%a: i32) -> i32 {\n  return %a : i32 // }\n}"));
        assert!(is_complete("func @g(i32) -> i32"));
        assert!(!is_complete("@T.prim_func\ndef f(A: T.Buffer((4,), \"int32\")):\n    A[0] = 1"));
        assert!(is_complete("@T.prim_func\ndef f(A: T.Buffer((4,), \"int32\")):\n    A[0] = 1\n"));
    }
}
