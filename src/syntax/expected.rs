//! Expected diagnostics in MLIR's convention (`-verify-diagnostics`): comments of the form
//! `// expected-error {{message}}` state that a diagnostic of that severity whose message
//! contains `message` is reported on this line; `@+N` / `@-N` shift the line, `@above` and
//! `@below` mean `@-1` and `@+1`. Severities: `error`, `warning`, `note`, `remark`.
//!
//! Shared by `strata opt --verify-diagnostics` and the jit-tests harness.

use std::ops::Range;

use crate::ir::{Diagnostic, Diagnostics, Severity};

/// One expectation read from a comment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expected {
    /// The severity expected.
    pub severity: Severity,
    /// The 1-based line the diagnostic must be on.
    pub line: usize,
    /// A substring of the message.
    pub message: String,
    /// The 1-based line of the comment itself.
    pub at: usize,
    /// The 1-based column of the directive (`expected-..`) on that line.
    pub col: usize,
    /// The text of that line (for the caret in a report).
    pub text: String,
}

/// Read the expectations in `text[range]`; line numbers are those of the whole text.
///
/// # Errors
/// A malformed directive, with its line number.
pub fn collect(text: &str, range: Range<usize>) -> Result<Vec<Expected>, (usize, String)> {
    let first_line = text.get(..range.start).map_or(0, |s| s.bytes().filter(|&b| b == b'\n').count()) + 1;
    let chunk = text.get(range).unwrap_or("");
    let mut out = Vec::new();
    for (i, line) in chunk.lines().enumerate() {
        let lineno = first_line + i;
        let mut rest = line;
        while let Some(pos) = rest.find("expected-") {
            let col = line.len() - rest.len() + pos + 1;
            rest = &rest[pos + "expected-".len()..];
            let (severity, after) = if let Some(r) = rest.strip_prefix("error") {
                (Severity::Error, r)
            } else if let Some(r) = rest.strip_prefix("warning") {
                (Severity::Warning, r)
            } else if let Some(r) = rest.strip_prefix("note") {
                (Severity::Note, r)
            } else if let Some(r) = rest.strip_prefix("remark") {
                (Severity::Remark, r)
            } else {
                continue;
            };
            // MLIR allows spaces before the `@` (`expected-error @+1 {{..}}`).
            let (target, after) = if let Some(r) = after.trim_start_matches(' ').strip_prefix('@') {
                let end = r.find(|c: char| c.is_whitespace() || c == '{').unwrap_or(r.len());
                let spec = &r[..end];
                let target = match spec {
                    "above" => lineno.checked_sub(1),
                    "below" => Some(lineno + 1),
                    s if s.starts_with('+') => s[1..].parse::<usize>().ok().map(|n| lineno + n),
                    s if s.starts_with('-') => s[1..].parse::<usize>().ok().and_then(|n| lineno.checked_sub(n)),
                    s => s.parse::<usize>().ok(),
                };
                let Some(t) = target.filter(|&t| t > 0) else {
                    return Err((lineno, format!("invalid line offset '@{spec}' in expected-diagnostic")));
                };
                (t, &r[end..])
            } else {
                (lineno, after)
            };
            let after = after.trim_start();
            let Some(body) = after.strip_prefix("{{") else {
                return Err((lineno, "expected '{{' after expected-diagnostic directive".into()));
            };
            let Some(end) = body.find("}}") else {
                return Err((lineno, "expected '}}' to end the expected message".into()));
            };
            out.push(Expected {
                severity,
                line: target,
                message: body[..end].to_string(),
                at: lineno,
                col,
                text: line.to_string(),
            });
            rest = &body[end + 2..];
        }
    }
    Ok(out)
}

/// Match produced diagnostics (and their notes) against expectations. Returns one report per
/// mismatch, to follow the file's name: `: error: unexpected ..` for a produced diagnostic
/// nobody expected, `:LINE:COL: error: expected .. was not produced` with the directive's line
/// and a caret (as mlir-opt prints it) for an expectation nothing produced.
pub fn check(expected: &[Expected], produced: &Diagnostics) -> Vec<String> {
    let mut used = vec![false; expected.len()];
    let mut problems = Vec::new();
    let mut all: Vec<&Diagnostic> = Vec::new();
    for d in &produced.list {
        all.push(d);
        all.extend(d.notes.iter());
    }
    for d in all {
        let line = produced.line_of(d);
        let hit = expected.iter().enumerate().position(|(i, e)| {
            !used[i] && e.severity == d.severity && Some(e.line) == line && d.message.contains(&e.message)
        });
        match hit {
            Some(i) => used[i] = true,
            None => {
                let rendered = d.render(produced.source.as_deref());
                problems.push(format!(": error: unexpected {}: {}", d.severity.as_str(), rendered.trim_end()));
            }
        }
    }
    for (i, e) in expected.iter().enumerate() {
        if !used[i] {
            // As mlir-opt reports it: at the directive, with its line and a caret.
            problems.push(format!(
                ":{}:{}: error: expected {} \"{}\" was not produced\n{}\n{}^",
                e.at,
                e.col,
                e.severity.as_str(),
                e.message,
                e.text,
                " ".repeat(e.col - 1)
            ));
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_directives() {
        let text = "a\n// expected-error@+1 {{bad}}\nx\ny // expected-note {{n}} expected-error@-2 {{z}}\n";
        let e = collect(text, 0..text.len()).unwrap();
        assert_eq!(e.len(), 3);
        assert_eq!((e[0].line, e[0].message.as_str()), (3, "bad"));
        assert_eq!((e[1].severity, e[1].line), (Severity::Note, 4));
        assert_eq!(e[2].line, 2);
        assert!(collect("// expected-error oops", 0..22).is_err());
    }
}
