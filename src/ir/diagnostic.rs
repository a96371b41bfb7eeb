//! Diagnostics: one type for every error the front half reports, rendered like mlir-opt.
//!
//! ```text
//! matmul.mlir:12:9: error: 'affine.load' op index count 1 does not match memref rank 2
//!     %v = affine.load %A[%i] : memref<4x4xf32>
//!          ^
//! ```

use std::fmt;
use std::sync::Arc;

use super::location::{SourceFile, Span};

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Severity {
    /// The input is rejected.
    Error,
    /// Suspicious, but accepted.
    Warning,
    /// Extra information attached to another diagnostic.
    Note,
    /// Informational output requested by the user.
    Remark,
}

impl Severity {
    /// The word printed after the location (`error`, `warning`, `note`, `remark`).
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
            Severity::Remark => "remark",
        }
    }
}

/// One message about a place in the source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error, warning, note or remark.
    pub severity: Severity,
    /// Where; `None` for messages about the whole input.
    pub span: Option<Span>,
    /// Lower case, no trailing period.
    pub message: String,
    /// Notes attached to this diagnostic, rendered after it.
    pub notes: Vec<Diagnostic>,
}

impl Diagnostic {
    /// An error at `span`.
    pub fn error(span: impl Into<Option<Span>>, message: impl Into<String>) -> Diagnostic {
        Diagnostic { severity: Severity::Error, span: span.into(), message: message.into(), notes: Vec::new() }
    }

    /// A note at `span`, to attach with [`Diagnostic::with_note`].
    pub fn note(span: impl Into<Option<Span>>, message: impl Into<String>) -> Diagnostic {
        Diagnostic { severity: Severity::Note, span: span.into(), message: message.into(), notes: Vec::new() }
    }

    /// This diagnostic with a note attached.
    pub fn with_note(mut self, note: Diagnostic) -> Diagnostic {
        self.notes.push(note);
        self
    }

    /// Render as `FILE:LINE:COL: error: MESSAGE`, the source line and a caret, then the notes.
    pub fn render(&self, source: Option<&SourceFile>) -> String {
        let mut out = String::new();
        self.render_into(source, &mut out);
        out
    }

    fn render_into(&self, source: Option<&SourceFile>, out: &mut String) {
        use fmt::Write;
        match (source, self.span) {
            (Some(src), Some(span)) => {
                let (line, col) = src.line_col(span.start);
                let _ = writeln!(out, "{}:{}:{}: {}: {}", src.name(), line, col, self.severity.as_str(), self.message);
                let text = src.line_text(line);
                let _ = writeln!(out, "{text}");
                // Keep tabs so the caret lines up under the same column in a terminal.
                let pad: String = text.chars().take(col - 1).map(|c| if c == '\t' { '\t' } else { ' ' }).collect();
                let _ = writeln!(out, "{pad}^");
            }
            (Some(src), None) => {
                let _ = writeln!(out, "{}: {}: {}", src.name(), self.severity.as_str(), self.message);
            }
            (None, _) => {
                let _ = writeln!(out, "{}: {}", self.severity.as_str(), self.message);
            }
        }
        for note in &self.notes {
            note.render_into(source, out);
        }
    }
}

/// Diagnostics together with the source they point into, so `{}` prints the full rendering.
#[derive(Clone, Debug)]
pub struct Diagnostics {
    /// The file the spans refer to.
    pub source: Option<Arc<SourceFile>>,
    /// In the order they were reported.
    pub list: Vec<Diagnostic>,
}

impl Diagnostics {
    /// A collection with one diagnostic.
    pub fn one(source: Option<Arc<SourceFile>>, d: Diagnostic) -> Diagnostics {
        Diagnostics { source, list: vec![d] }
    }

    /// Whether any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.list.iter().any(|d| d.severity == Severity::Error)
    }

    /// The 1-based line of a diagnostic, if it has a span and a source.
    pub fn line_of(&self, d: &Diagnostic) -> Option<usize> {
        Some(self.source.as_ref()?.line_of(d.span?.start))
    }
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.list.iter().enumerate() {
            let rendered = d.render(self.source.as_deref());
            let rendered = if i + 1 == self.list.len() { rendered.trim_end() } else { &rendered };
            f.write_str(rendered)?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostics {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_like_mlir_opt() {
        let src = SourceFile::new("m.mlir", "func @f() {\n  %v = \"x\"() : () -> i32\n}\n");
        let d = Diagnostic::error(Span::at(19), "bad thing");
        assert_eq!(d.render(Some(&src)), "m.mlir:2:8: error: bad thing\n  %v = \"x\"() : () -> i32\n       ^\n");
    }
}
