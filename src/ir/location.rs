//! Source locations: a [`SourceFile`] owns the text, a [`Span`] is a byte range in it.
//!
//! Spans are kept in side tables keyed by entity handles (see [`crate::ir::Module`]), so the
//! IR records themselves stay small and comparable. Line and column numbers are computed
//! only when a diagnostic is rendered.

use std::sync::{Arc, OnceLock};

/// A byte range `start..end` in a [`SourceFile`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    /// Offset of the first byte.
    pub start: u32,
    /// Offset one past the last byte.
    pub end: u32,
}

impl Span {
    /// A span covering `start..end`.
    pub fn new(start: usize, end: usize) -> Span {
        Span { start: clamp(start), end: clamp(end) }
    }

    /// An empty span at `offset`.
    pub fn at(offset: usize) -> Span {
        Span::new(offset, offset)
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span { start: self.start.min(other.start), end: self.end.max(other.end) }
    }
}

fn clamp(x: usize) -> u32 {
    u32::try_from(x).unwrap_or(u32::MAX)
}

/// A named source text, shared by the module parsed from it and the diagnostics about it.
#[derive(Debug)]
pub struct SourceFile {
    name: String,
    text: Arc<str>,
    line_starts: OnceLock<Vec<u32>>,
}

impl SourceFile {
    /// A source file named `name` (used as the `FILE` in `FILE:LINE:COL`) with `text`.
    pub fn new(name: impl Into<String>, text: impl Into<Arc<str>>) -> Arc<SourceFile> {
        Arc::new(SourceFile { name: name.into(), text: text.into(), line_starts: OnceLock::new() })
    }

    /// The file name given at creation.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The whole text.
    pub fn text(&self) -> &str {
        &self.text
    }

    fn line_starts(&self) -> &[u32] {
        self.line_starts.get_or_init(|| {
            let mut starts = vec![0u32];
            starts.extend(self.text.bytes().enumerate().filter(|&(_, b)| b == b'\n').map(|(i, _)| clamp(i + 1)));
            starts
        })
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: u32) -> (usize, usize) {
        let offset = (offset as usize).min(self.text.len());
        let starts = self.line_starts();
        let line = match starts.binary_search(&clamp(offset)) {
            Ok(i) => i,
            Err(i) => i - 1,
        };
        let start = starts[line] as usize;
        let col = self.text.get(start..offset).map_or(offset - start, |s| s.chars().count());
        (line + 1, col + 1)
    }

    /// The text of 1-based line `line`, without its line terminator.
    pub fn line_text(&self, line: usize) -> &str {
        let starts = self.line_starts();
        let Some(&start) = starts.get(line.wrapping_sub(1)) else { return "" };
        let end = starts.get(line).map_or(self.text.len(), |&e| e as usize);
        let s = self.text.get(start as usize..end).unwrap_or("");
        s.trim_end_matches(['\n', '\r'])
    }

    /// The 1-based line number of a byte offset.
    pub fn line_of(&self, offset: u32) -> usize {
        self.line_col(offset).0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column() {
        let f = SourceFile::new("a.mlir", "ab\ncdé f\n\nx");
        assert_eq!(f.line_col(0), (1, 1));
        assert_eq!(f.line_col(3), (2, 1));
        // 'f' follows a two-byte character: column counts characters.
        assert_eq!(f.line_col(8), (2, 5));
        assert_eq!(f.line_col(11), (4, 1));
        assert_eq!(f.line_text(2), "cdé f");
        assert_eq!(f.line_text(3), "");
        assert_eq!(f.line_text(9), "");
    }
}
