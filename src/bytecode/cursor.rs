//! Reading and writing the primitives of the format: bytes, LEB128 varints, zigzag integers,
//! strings. Every read is bounds-checked and fails with the absolute byte offset.

use super::BytecodeError;

/// A read position in the file's bytes. Offsets in errors are absolute (from the file start).
#[derive(Clone, Copy)]
pub(crate) struct Cursor<'a> {
    bytes: &'a [u8],
    pos: usize,
    end: usize,
}

pub(crate) type Read<T> = Result<T, BytecodeError>;

impl<'a> Cursor<'a> {
    /// A cursor over `bytes[start..end]` (positions are absolute).
    pub(crate) fn new(bytes: &'a [u8], start: usize, end: usize) -> Read<Cursor<'a>> {
        if start > end || end > bytes.len() {
            return Err(BytecodeError::at(start.min(bytes.len()), "range outside the file"));
        }
        Ok(Cursor { bytes, pos: start, end })
    }

    pub(crate) fn pos(&self) -> usize {
        self.pos
    }

    pub(crate) fn remaining(&self) -> usize {
        self.end - self.pos
    }

    pub(crate) fn at_end(&self) -> bool {
        self.pos == self.end
    }

    pub(crate) fn error(&self, message: impl Into<String>) -> BytecodeError {
        BytecodeError::at(self.pos, message)
    }

    pub(crate) fn u8(&mut self) -> Read<u8> {
        if self.pos >= self.end {
            return Err(self.error("unexpected end of data"));
        }
        let b = self.bytes[self.pos];
        self.pos += 1;
        Ok(b)
    }

    pub(crate) fn bytes(&mut self, n: usize) -> Read<&'a [u8]> {
        if n > self.remaining() {
            return Err(self.error(format!("{n} bytes announced, {} left", self.remaining())));
        }
        let s = &self.bytes[self.pos..self.pos + n];
        self.pos += n;
        Ok(s)
    }

    /// An unsigned LEB128 varint of at most 64 bits.
    #[inline]
    pub(crate) fn varint(&mut self) -> Read<u64> {
        // Most varints (indices, counts, op headers) are one byte.
        if let Some(&b) = self.bytes[..self.end].get(self.pos)
            && b < 0x80
        {
            self.pos += 1;
            return Ok(u64::from(b));
        }
        self.varint_long()
    }

    #[inline(never)]
    fn varint_long(&mut self) -> Read<u64> {
        let start = self.pos;
        let mut value = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.u8()?;
            let bits = u64::from(b & 0x7f);
            if shift == 63 && bits > 1 {
                return Err(BytecodeError::at(start, "varint overflows 64 bits"));
            }
            value |= bits << shift;
            if b & 0x80 == 0 {
                return Ok(value);
            }
        }
        Err(BytecodeError::at(start, "varint longer than 10 bytes"))
    }

    /// A varint that must fit `u32`.
    #[inline]
    pub(crate) fn u32(&mut self) -> Read<u32> {
        let start = self.pos;
        u32::try_from(self.varint()?).map_err(|_| BytecodeError::at(start, "value does not fit 32 bits"))
    }

    /// A count of items that each take at least `min_bytes` bytes: never more than the bytes
    /// left can hold, so no huge count turns into a huge allocation.
    #[inline]
    pub(crate) fn count(&mut self, min_bytes: usize) -> Read<usize> {
        let start = self.pos;
        let n = self.varint()?;
        let max = self.remaining() / min_bytes.max(1);
        match usize::try_from(n) {
            Ok(n) if n <= max => Ok(n),
            _ => Err(BytecodeError::at(start, format!("count {n} exceeds the {} bytes left", self.remaining()))),
        }
    }

    /// A count of elements stored elsewhere (in the data section, which bounds it).
    pub(crate) fn data_count(&mut self) -> Read<usize> {
        let start = self.pos;
        usize::try_from(self.varint()?).map_err(|_| BytecodeError::at(start, "count does not fit this machine"))
    }

    /// A zigzag-encoded signed varint.
    pub(crate) fn i64(&mut self) -> Read<i64> {
        let u = self.varint()?;
        Ok(((u >> 1) as i64) ^ -((u & 1) as i64))
    }

    /// A zigzag-encoded signed 128-bit varint.
    pub(crate) fn i128(&mut self) -> Read<i128> {
        let start = self.pos;
        let mut value = 0u128;
        for shift in (0..128).step_by(7) {
            let b = self.u8()?;
            let bits = u128::from(b & 0x7f);
            if shift == 126 && bits > 3 {
                return Err(BytecodeError::at(start, "varint overflows 128 bits"));
            }
            value |= bits << shift;
            if b & 0x80 == 0 {
                return Ok(((value >> 1) as i128) ^ -((value & 1) as i128));
            }
        }
        Err(BytecodeError::at(start, "varint longer than 19 bytes"))
    }

    /// A length-prefixed UTF-8 string.
    pub(crate) fn str(&mut self) -> Read<&'a str> {
        let n = self.count(1)?;
        let start = self.pos;
        let b = self.bytes(n)?;
        std::str::from_utf8(b).map_err(|e| BytecodeError::at(start + e.valid_up_to(), "string is not UTF-8"))
    }
}

/// Appending the primitives.
pub(crate) trait Put {
    fn varint(&mut self, v: u64);
    fn i64(&mut self, v: i64);
    fn i128(&mut self, v: i128);
    fn str(&mut self, s: &str);
}

impl Put for Vec<u8> {
    fn varint(&mut self, mut v: u64) {
        while v >= 0x80 {
            self.push((v as u8) | 0x80);
            v >>= 7;
        }
        self.push(v as u8);
    }

    fn i64(&mut self, v: i64) {
        self.varint(((v << 1) ^ (v >> 63)) as u64);
    }

    fn i128(&mut self, v: i128) {
        let mut u = ((v << 1) ^ (v >> 127)) as u128;
        while u >= 0x80 {
            self.push((u as u8) | 0x80);
            u >>= 7;
        }
        self.push(u as u8);
    }

    fn str(&mut self, s: &str) {
        self.varint(s.len() as u64);
        self.extend_from_slice(s.as_bytes());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn varints_round_trip_and_reject_overflow() {
        let mut out = Vec::new();
        let values = [0u64, 1, 127, 128, 300, u64::from(u32::MAX), u64::MAX];
        for v in values {
            out.varint(v);
        }
        let signed = [0i128, -1, 1, i128::from(i64::MIN), i128::MAX, i128::MIN];
        for v in signed {
            out.i128(v);
        }
        out.i64(i64::MIN);
        let mut c = Cursor::new(&out, 0, out.len()).unwrap();
        for v in values {
            assert_eq!(c.varint().unwrap(), v);
        }
        for v in signed {
            assert_eq!(c.i128().unwrap(), v);
        }
        assert_eq!(c.i64().unwrap(), i64::MIN);
        assert!(c.at_end());
        let eleven = [0xffu8; 11];
        let e = Cursor::new(&eleven, 0, 11).unwrap().varint().unwrap_err();
        assert_eq!(e.offset, 0);
        let e = Cursor::new(&[0x80u8], 0, 1).unwrap().varint().unwrap_err();
        assert_eq!((e.offset, e.message.as_str()), (1, "unexpected end of data"));
        // A count larger than what the bytes left could hold is refused before allocating.
        let mut big = Vec::new();
        big.varint(1 << 40);
        assert!(Cursor::new(&big, 0, big.len()).unwrap().count(1).unwrap_err().message.starts_with("count"));
    }
}
