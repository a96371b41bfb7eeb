//! TVMScript: the Python syntax TVM prints PrimFuncs and IRModules in (`func.script()`,
//! `mod.script()`), read into the TIR AST and printed back.
//!
//! - `py.rs` — tokens with indentation and a small syntax tree of the Python subset.
//! - `reader.rs` — the reader's state (scopes, the function being read, errors); `read_expr.rs`
//!   — what each expression means; `read.rs` — statements, functions and modules (it uses
//!   `read_expr.rs`, never the other way).
//! - `print.rs` — TIR to TVMScript; reading what was printed gives the same tree.

mod print;
pub(crate) mod py;
mod read;
mod read_expr;
mod reader;

pub(crate) use print::g17;
pub use print::{print_expr, print_func, print_module};
pub(crate) use read::{collect_names, read_index_map};
pub use read::{read_module, read_range};

/// Split a TVMScript test file into cases at every `# -----` line (as `// -----` splits MLIR).
pub fn split_cases(text: &str) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut pos = 0;
    for line in text.split_inclusive('\n') {
        if line.trim() == "# -----" {
            out.push(start..pos);
            start = pos + line.len();
        }
        pos += line.len();
    }
    out.push(start..text.len());
    out
}

/// Whether a file is TVMScript: a `.py` name, or text that [`looks_like_tvmscript`].
pub fn is_tvmscript(path: &std::path::Path, text: &str) -> bool {
    path.extension().is_some_and(|e| e == "py") || looks_like_tvmscript(text)
}

/// Whether a text looks like TVMScript (it uses `@T.prim_func` or `@I.ir_module`).
pub fn looks_like_tvmscript(text: &str) -> bool {
    text.lines().any(|l| {
        let t = l.trim_start();
        t.starts_with("@T.prim_func")
            || t.starts_with("@I.ir_module")
            || t.starts_with("@tvm.script.ir_module")
            || t.starts_with("@tir.prim_func")
            || t.starts_with("@tirx.prim_func")
    })
}
