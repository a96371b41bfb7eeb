//! `.npy` files (NumPy's array format, version 1–3): read by mapping the file, written for
//! `strata run --out`.

use std::path::Path;

use crate::runtime::Tensor;
use crate::runtime::dlpack::{DLDataType, code};

/// Why a `.npy` file could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum NpyError {
    /// The file could not be opened, mapped or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// The contents are not a `.npy` array Strata can read.
    #[error("{path}: {message}")]
    Format {
        /// The file.
        path: String,
        /// What is wrong.
        message: String,
    },
}

fn descr_dtype(d: &str) -> Option<DLDataType> {
    let rest = d.strip_prefix(['<', '|', '='])?;
    let kind = rest.get(..1)?;
    let bytes = rest.get(1..)?;
    let bits = bytes.parse::<u8>().ok()?.checked_mul(8)?;
    Some(match kind {
        "f" => DLDataType::new(code::FLOAT, bits),
        "i" => DLDataType::new(code::INT, bits),
        "u" => DLDataType::new(code::UINT, bits),
        "b" => DLDataType::new(code::BOOL, 8),
        _ => return None,
    })
}

fn dtype_descr(t: DLDataType) -> Option<String> {
    // TVM's bool is uint1 held in a byte: NumPy's bool.
    if t.code == code::UINT && t.bits == 1 {
        return Some("|b1".into());
    }
    let kind = match t.code {
        code::FLOAT => 'f',
        code::INT => 'i',
        code::UINT => 'u',
        code::BOOL => return Some("|b1".into()),
        _ => return None,
    };
    if !t.bits.is_multiple_of(8) || t.lanes != 1 {
        return None;
    }
    Some(format!("<{kind}{}", t.bits / 8))
}

/// Read a `.npy` file into a tensor.
///
/// # Errors
/// An unreadable file, an unsupported dtype, or Fortran order.
pub fn read(path: &Path) -> Result<Tensor, NpyError> {
    let name = path.display().to_string();
    let fmt = |m: &str| NpyError::Format { path: name.clone(), message: m.to_string() };
    let file = std::fs::File::open(path).map_err(|source| NpyError::Io { path: name.clone(), source })?;
    // SAFETY: the mapping is only read, and copied out before it is dropped; a concurrent writer
    // could change the bytes but not make the reads unsound beyond giving other values.
    let map = unsafe { memmap2::Mmap::map(&file) }.map_err(|source| NpyError::Io { path: name.clone(), source })?;
    let b: &[u8] = &map;
    if b.len() < 10 || &b[..6] != b"\x93NUMPY" {
        return Err(fmt("not a .npy file (bad magic)"));
    }
    let (hlen, hstart) = match b[6] {
        1 => (usize::from(u16::from_le_bytes([b[8], b[9]])), 10),
        2 | 3 if b.len() >= 12 => (u32::from_le_bytes([b[8], b[9], b[10], b[11]]) as usize, 12),
        v => return Err(fmt(&format!("unsupported .npy version {v}"))),
    };
    let header = b.get(hstart..hstart + hlen).ok_or_else(|| fmt("truncated header"))?;
    let header = std::str::from_utf8(header).map_err(|_| fmt("header is not text"))?;
    for key in ["descr", "fortran_order", "shape"] {
        if header.matches(&format!("'{key}'")).count() > 1 {
            return Err(fmt(&format!("the header names '{key}' twice")));
        }
    }
    let field = |key: &str| -> Option<&str> {
        let i = header.find(&format!("'{key}'"))?;
        let rest = header[i + key.len() + 2..].trim_start().strip_prefix(':')?.trim_start();
        Some(rest)
    };
    let descr = field("descr")
        .and_then(|r| r.strip_prefix('\''))
        .and_then(|r| r.split('\'').next())
        .ok_or_else(|| fmt("no 'descr'"))?;
    let dtype = descr_dtype(descr).ok_or_else(|| fmt(&format!("unsupported dtype '{descr}'")))?;
    if field("fortran_order").is_some_and(|r| r.starts_with("True")) {
        return Err(fmt("Fortran-order arrays are not supported"));
    }
    let shape_text = field("shape")
        .and_then(|r| r.strip_prefix('('))
        .and_then(|r| r.split(')').next())
        .ok_or_else(|| fmt("no 'shape'"))?;
    let shape = shape_text
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| s.parse::<i64>().map_err(|_| fmt(&format!("bad dimension '{s}'"))))
        .collect::<Result<Vec<_>, _>>()?;
    // The file must hold exactly the data the header claims, checked before anything is
    // allocated: a small file cannot make us allocate gigabytes.
    let data = &b[hstart + hlen..];
    if let Some(d) = shape.iter().find(|&&d| d < 0) {
        return Err(fmt(&format!("negative dimension {d}")));
    }
    let want = shape
        .iter()
        .try_fold(dtype.size() as u64, |n, &d| u64::try_from(d).ok().and_then(|d| n.checked_mul(d)))
        .ok_or_else(|| fmt("the shape's size overflows"))?;
    if want > data.len() as u64 {
        return Err(fmt(&format!("truncated data: the header claims {want} bytes, the file holds {}", data.len())));
    }
    if want < data.len() as u64 {
        return Err(fmt(&format!("{} bytes of trailing data after the array", data.len() as u64 - want)));
    }
    let mut t = Tensor::zeros_of(dtype, &shape).map_err(|e| fmt(&e.to_string()))?;
    t.bytes_mut().copy_from_slice(data);
    Ok(t)
}

/// Write a tensor as a version 1 `.npy` file.
///
/// # Errors
/// An unwritable file or an element type `.npy` has no code for.
pub fn write(path: &Path, t: &Tensor) -> Result<(), NpyError> {
    let name = path.display().to_string();
    let descr = dtype_descr(t.dtype())
        .ok_or_else(|| NpyError::Format { path: name.clone(), message: format!("no .npy dtype for {}", t.dtype()) })?;
    let shape = match t.shape() {
        [d] => format!("({d},)"),
        s => format!("({})", s.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")),
    };
    let mut header = format!("{{'descr': '{descr}', 'fortran_order': False, 'shape': {shape}, }}");
    let total = 10 + header.len() + 1;
    header.push_str(&" ".repeat((64 - total % 64) % 64));
    header.push('\n');
    let mut out = Vec::with_capacity(10 + header.len() + t.bytes().len());
    out.extend_from_slice(b"\x93NUMPY\x01\x00");
    out.extend_from_slice(&(header.len() as u16).to_le_bytes());
    out.extend_from_slice(header.as_bytes());
    out.extend_from_slice(t.bytes());
    std::fs::write(path, out).map_err(|source| NpyError::Io { path: name, source })
}
