//! The lexer: bytes to tokens, on demand, with the position exposed so the parser can
//! backtrack (save/restore) and re-scan (dimension lists like `4x?xf32`).
//!
//! Identifier classes follow mlir-langref-late.md "Identifiers and keywords":
//! `bare-id ::= (letter|_) (letter|digit|[_$.])*`, and `%`, `^`, `#`, `!` followed by a
//! `suffix-id ::= digit+ | (letter|[$._-]) (letter|[$._-]|digit)*`. `@` is followed by a bare-id
//! or a string literal. Comments run from `//` to the end of the line.

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokKind {
    /// End of input.
    Eof,
    /// A lexical error; the message is in [`Lexer::error`].
    Error,
    /// `foo`, `std.addi`, `f32`, `x8xf32`.
    BareId,
    /// `%name`.
    PercentId,
    /// `^name`.
    CaretId,
    /// `#name`.
    HashId,
    /// `!name`.
    BangId,
    /// `@name` or `@"name"`.
    AtId,
    /// `42`, `0x2A`.
    Integer,
    /// `1.5`, `2.0e-3`.
    Float,
    /// `"text"`.
    String,
    /// `(`
    LParen,
    /// `)`
    RParen,
    /// `[`
    LSquare,
    /// `]`
    RSquare,
    /// `{`
    LBrace,
    /// `}`
    RBrace,
    /// `<`
    Less,
    /// `>`
    Greater,
    /// `,`
    Comma,
    /// `:`
    Colon,
    /// `=`
    Equal,
    /// `->`
    Arrow,
    /// `+`
    Plus,
    /// `-`
    Minus,
    /// `*`
    Star,
    /// `?`
    Question,
    /// `/` (only to report a helpful error)
    Slash,
    /// `...`
    Ellipsis,
}

/// A token: its kind and byte range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    /// What it is.
    pub kind: TokKind,
    /// Offset of the first byte.
    pub start: usize,
    /// Offset past the last byte.
    pub end: usize,
}

/// The lexer over one source text.
#[derive(Clone)]
pub struct Lexer<'a> {
    src: &'a str,
    pos: usize,
    error: Option<(usize, String)>,
}

fn is_suffix_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'$' | b'.' | b'_' | b'-')
}

fn is_bare_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'$' | b'.' | b'_')
}

impl<'a> Lexer<'a> {
    /// A lexer at the start of `src`.
    pub fn new(src: &'a str) -> Lexer<'a> {
        Lexer { src, pos: 0, error: None }
    }

    /// A lexer starting at byte `pos` of `src`.
    pub fn at(src: &'a str, pos: usize) -> Lexer<'a> {
        Lexer { src, pos: pos.min(src.len()), error: None }
    }

    /// The current byte offset.
    pub fn pos(&self) -> usize {
        self.pos
    }

    /// Move to byte offset `pos`.
    pub fn reset(&mut self, pos: usize) {
        self.pos = pos.min(self.src.len());
        self.error = None;
    }

    /// The message and position of the last [`TokKind::Error`].
    pub fn error(&self) -> Option<&(usize, String)> {
        self.error.as_ref()
    }

    fn bytes(&self) -> &'a [u8] {
        self.src.as_bytes()
    }

    fn peek_byte(&self, off: usize) -> Option<u8> {
        self.bytes().get(self.pos + off).copied()
    }

    /// Skip whitespace and comments.
    pub fn skip_trivia(&mut self) {
        let b = self.bytes();
        loop {
            while self.pos < b.len() && b[self.pos].is_ascii_whitespace() {
                self.pos += 1;
            }
            if self.pos + 1 < b.len() && b[self.pos] == b'/' && b[self.pos + 1] == b'/' {
                while self.pos < b.len() && b[self.pos] != b'\n' {
                    self.pos += 1;
                }
                continue;
            }
            break;
        }
    }

    fn fail(&mut self, start: usize, msg: impl Into<String>) -> Token {
        self.error = Some((start, msg.into()));
        Token { kind: TokKind::Error, start, end: self.pos.max(start) }
    }

    /// The next token.
    pub fn next_token(&mut self) -> Token {
        self.skip_trivia();
        let start = self.pos;
        let b = self.bytes();
        let Some(&c) = b.get(self.pos) else {
            return Token { kind: TokKind::Eof, start, end: start };
        };
        let tok = |lx: &mut Lexer<'a>, kind: TokKind, len: usize| {
            lx.pos += len;
            Token { kind, start, end: lx.pos }
        };
        match c {
            b'(' => tok(self, TokKind::LParen, 1),
            b')' => tok(self, TokKind::RParen, 1),
            b'[' => tok(self, TokKind::LSquare, 1),
            b']' => tok(self, TokKind::RSquare, 1),
            b'{' => tok(self, TokKind::LBrace, 1),
            b'}' => tok(self, TokKind::RBrace, 1),
            b'<' => tok(self, TokKind::Less, 1),
            b'>' => tok(self, TokKind::Greater, 1),
            b',' => tok(self, TokKind::Comma, 1),
            b':' => tok(self, TokKind::Colon, 1),
            b'=' => tok(self, TokKind::Equal, 1),
            b'+' => tok(self, TokKind::Plus, 1),
            b'*' => tok(self, TokKind::Star, 1),
            b'?' => tok(self, TokKind::Question, 1),
            b'/' => tok(self, TokKind::Slash, 1),
            b'.' => {
                if self.peek_byte(1) == Some(b'.') && self.peek_byte(2) == Some(b'.') {
                    tok(self, TokKind::Ellipsis, 3)
                } else {
                    self.pos += 1;
                    self.fail(start, "expected three consecutive dots for an ellipsis")
                }
            }
            b'-' => {
                if self.peek_byte(1) == Some(b'>') {
                    tok(self, TokKind::Arrow, 2)
                } else {
                    tok(self, TokKind::Minus, 1)
                }
            }
            b'"' => self.lex_string(start),
            b'%' => self.lex_prefixed(start, TokKind::PercentId),
            b'^' => self.lex_prefixed(start, TokKind::CaretId),
            b'#' => self.lex_prefixed(start, TokKind::HashId),
            b'!' => self.lex_prefixed(start, TokKind::BangId),
            b'@' => {
                self.pos += 1;
                match self.peek_byte(0) {
                    Some(b'"') => {
                        let t = self.lex_string(self.pos);
                        if t.kind == TokKind::Error {
                            return t;
                        }
                        Token { kind: TokKind::AtId, start, end: self.pos }
                    }
                    Some(c) if c.is_ascii_alphabetic() || c == b'_' => {
                        while self.peek_byte(0).is_some_and(is_bare_char) {
                            self.pos += 1;
                        }
                        Token { kind: TokKind::AtId, start, end: self.pos }
                    }
                    _ => self.fail(start, "@ identifier expected to start with letter or '_'"),
                }
            }
            c if c.is_ascii_digit() => self.lex_number(start),
            c if c.is_ascii_alphabetic() || c == b'_' => {
                while self.peek_byte(0).is_some_and(is_bare_char) {
                    self.pos += 1;
                }
                Token { kind: TokKind::BareId, start, end: self.pos }
            }
            _ => {
                // Step over one whole character so the error points at it and we stay on a
                // char boundary.
                let len = self.src[start..].chars().next().map_or(1, char::len_utf8);
                self.pos += len;
                let ch = &self.src[start..start + len];
                self.fail(start, format!("unexpected character '{ch}'"))
            }
        }
    }

    fn lex_prefixed(&mut self, start: usize, kind: TokKind) -> Token {
        self.pos += 1;
        match self.peek_byte(0) {
            Some(c) if c.is_ascii_digit() => {
                while self.peek_byte(0).is_some_and(|c| c.is_ascii_digit()) {
                    self.pos += 1;
                }
            }
            Some(c) if is_suffix_char(c) => {
                while self.peek_byte(0).is_some_and(is_suffix_char) {
                    self.pos += 1;
                }
            }
            _ => {
                return match kind {
                    TokKind::PercentId => self.fail(start, "invalid SSA name"),
                    TokKind::CaretId => self.fail(start, "invalid block name"),
                    TokKind::HashId => self.fail(start, "invalid attribute alias name"),
                    _ => self.fail(start, "invalid type identifier"),
                };
            }
        }
        Token { kind, start, end: self.pos }
    }

    fn lex_number(&mut self, start: usize) -> Token {
        let b = self.bytes();
        if b[self.pos] == b'0'
            && self.peek_byte(1) == Some(b'x')
            && self.peek_byte(2).is_some_and(|c| c.is_ascii_hexdigit())
        {
            self.pos += 2;
            while self.peek_byte(0).is_some_and(|c| c.is_ascii_hexdigit()) {
                self.pos += 1;
            }
            return Token { kind: TokKind::Integer, start, end: self.pos };
        }
        while self.peek_byte(0).is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        if self.peek_byte(0) != Some(b'.') {
            return Token { kind: TokKind::Integer, start, end: self.pos };
        }
        self.pos += 1;
        while self.peek_byte(0).is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        if matches!(self.peek_byte(0), Some(b'e' | b'E')) {
            let save = self.pos;
            self.pos += 1;
            if matches!(self.peek_byte(0), Some(b'+' | b'-')) {
                self.pos += 1;
            }
            if self.peek_byte(0).is_some_and(|c| c.is_ascii_digit()) {
                while self.peek_byte(0).is_some_and(|c| c.is_ascii_digit()) {
                    self.pos += 1;
                }
            } else {
                self.pos = save;
            }
        }
        Token { kind: TokKind::Float, start, end: self.pos }
    }

    fn lex_string(&mut self, start: usize) -> Token {
        self.pos += 1;
        loop {
            match self.peek_byte(0) {
                None => return self.fail(start, "expected '\"' in string literal"),
                Some(b'"') => {
                    self.pos += 1;
                    return Token { kind: TokKind::String, start, end: self.pos };
                }
                Some(b'\n' | b'\r' | 0x0b | 0x0c) => return self.fail(start, "expected '\"' in string literal"),
                Some(b'\\') => match self.peek_byte(1) {
                    Some(b'"' | b'\\' | b'n' | b't') => self.pos += 2,
                    Some(a) if a.is_ascii_hexdigit() && self.peek_byte(2).is_some_and(|c| c.is_ascii_hexdigit()) => {
                        self.pos += 3
                    }
                    _ => {
                        let at = self.pos;
                        self.pos += 1;
                        return self.fail(at, "unknown escape in string literal");
                    }
                },
                Some(_) => self.pos += 1,
            }
        }
    }

    /// Scan a dimension list `4x?x8x` (as in `vector<4x?x8xf32>`) directly from the text,
    /// stopping before the element type. Returns one entry per dimension: `Some(n)` for a static
    /// size, `None` for `?`; the flag is true for the unranked `*x`.
    ///
    /// # Errors
    /// The position and message of a malformed list.
    pub fn scan_dimensions(&mut self) -> Result<DimensionList, (usize, String)> {
        let mut dims = Vec::new();
        let mut unranked = false;
        loop {
            self.skip_trivia();
            let start = self.pos;
            match self.peek_byte(0) {
                Some(b'?') => {
                    self.pos += 1;
                    dims.push(None);
                }
                Some(b'*') => {
                    self.pos += 1;
                    if !dims.is_empty() || unranked {
                        return Err((start, "unranked dimension must be the only dimension".into()));
                    }
                    unranked = true;
                }
                Some(c) if c.is_ascii_digit() => {
                    let mut v: u64 = 0;
                    while let Some(d) = self.peek_byte(0).filter(u8::is_ascii_digit) {
                        v = v
                            .checked_mul(10)
                            .and_then(|v| v.checked_add(u64::from(d - b'0')))
                            .ok_or((start, "invalid dimension size".to_string()))?;
                        self.pos += 1;
                    }
                    if unranked {
                        return Err((start, "unranked dimension must be the only dimension".into()));
                    }
                    dims.push(Some(v));
                }
                _ => {
                    self.pos = start;
                    return Ok((dims, unranked));
                }
            }
            self.skip_trivia();
            if self.peek_byte(0) == Some(b'x') {
                self.pos += 1;
            } else {
                return Err((self.pos, "expected 'x' in dimension list".into()));
            }
        }
    }

    /// Scan a balanced `<...>` body starting at the current position (which must be `<`),
    /// returning its byte range without the outer brackets. Used for pretty dialect types.
    ///
    /// # Errors
    /// The position and message of an unbalanced body.
    pub fn scan_balanced(&mut self) -> Result<(usize, usize), (usize, String)> {
        let start = self.pos;
        let mut stack: Vec<u8> = Vec::new();
        while let Some(c) = self.peek_byte(0) {
            self.pos += 1;
            match c {
                b'<' | b'(' | b'[' | b'{' => stack.push(c),
                // An arrow (`->`, as in a function type) is not a bracket.
                b'>' if self.pos >= 2 && self.bytes()[self.pos - 2] == b'-' => {}
                b'>' | b')' | b']' | b'}' => {
                    let open = match c {
                        b'>' => b'<',
                        b')' => b'(',
                        b']' => b'[',
                        _ => b'{',
                    };
                    if stack.pop() != Some(open) {
                        return Err((
                            self.pos - 1,
                            format!("unbalanced '{}' character in pretty dialect name", c as char),
                        ));
                    }
                    if stack.is_empty() {
                        return Ok((start + 1, self.pos - 1));
                    }
                }
                // A string may hold any bracket; skip it whole.
                b'"' => loop {
                    match self.peek_byte(0) {
                        None | Some(b'\n') => {
                            return Err((self.pos - 1, "unterminated string in pretty dialect name".into()));
                        }
                        Some(b'\\') => self.pos = (self.pos + 2).min(self.bytes().len()),
                        Some(b'"') => {
                            self.pos += 1;
                            break;
                        }
                        Some(_) => self.pos += 1,
                    }
                },
                b'\0' => return Err((self.pos - 1, "unexpected nul in pretty dialect name".into())),
                _ => {}
            }
        }
        Err((start, "unbalanced '<' character in pretty dialect name".into()))
    }
}

/// A scanned dimension list: one entry per dimension (`None` for `?`), and whether it was the
/// unranked `*x`.
pub type DimensionList = (Vec<Option<u64>>, bool);

/// Decode the contents of a string token (with its quotes) into text.
///
/// # Errors
/// The message when an escape does not form valid UTF-8.
pub fn unescape(tok_text: &str) -> Result<String, String> {
    let inner = &tok_text[1..tok_text.len() - 1];
    if !inner.contains('\\') {
        return Ok(inner.to_string());
    }
    let mut bytes = Vec::with_capacity(inner.len());
    let b = inner.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' && i + 1 < b.len() {
            match b[i + 1] {
                b'"' => bytes.push(b'"'),
                b'\\' => bytes.push(b'\\'),
                b'n' => bytes.push(b'\n'),
                b't' => bytes.push(b'\t'),
                _ if i + 2 < b.len() => {
                    let hex = std::str::from_utf8(&b[i + 1..i + 3]).unwrap_or("00");
                    bytes.push(u8::from_str_radix(hex, 16).unwrap_or(0));
                    i += 3;
                    continue;
                }
                _ => bytes.push(b[i + 1]),
            }
            i += 2;
        } else {
            bytes.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8(bytes).map_err(|_| "string literal is not valid UTF-8".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(src: &str) -> Vec<TokKind> {
        let mut lx = Lexer::new(src);
        let mut out = Vec::new();
        loop {
            let t = lx.next_token();
            out.push(t.kind);
            if matches!(t.kind, TokKind::Eof | TokKind::Error) {
                return out;
            }
        }
    }

    #[test]
    fn lexes_identifiers_and_punctuation() {
        use TokKind::*;
        assert_eq!(
            kinds("%a_m = \"tf.x\"(%0#1) : (i32) -> f32 // c\n^bb0 #map0 !tf.string @f @\"g h\""),
            [
                PercentId, Equal, String, LParen, PercentId, HashId, RParen, Colon, LParen, BareId, RParen, Arrow,
                BareId, CaretId, HashId, BangId, AtId, AtId, Eof
            ]
        );
        assert_eq!(kinds("0x7C00 1.5e-3 42 1."), [Integer, Float, Integer, Float, Eof]);
        assert_eq!(kinds("\"abc"), [Error]);
        assert_eq!(kinds("\"a\\qb\""), [Error]);
    }

    #[test]
    fn scans_dimension_lists() {
        let mut lx = Lexer::new("4 x ?x8xf32>");
        assert_eq!(lx.scan_dimensions().unwrap(), (vec![Some(4), None, Some(8)], false));
        assert_eq!(&"4 x ?x8xf32>"[lx.pos()..], "f32>");
        let mut lx = Lexer::new("0x42xi32>");
        assert_eq!(lx.scan_dimensions().unwrap(), (vec![Some(0), Some(42)], false));
        let mut lx = Lexer::new("*xf32>");
        assert_eq!(lx.scan_dimensions().unwrap(), (vec![], true));
        let mut lx = Lexer::new("4f32");
        assert!(lx.scan_dimensions().is_err());
    }

    #[test]
    fn unescapes() {
        assert_eq!(unescape(r#""a\"b\n\41""#).unwrap(), "a\"b\nA");
    }
}
