//! Shared libraries named in `Options::shared_libs`: loaded once per engine, and searched for
//! the external functions a module declares. A symbol counts only if the named library itself
//! defines it: `dlsym` also searches the library's dependencies, which would let a module reach
//! any function of libc (`system`) through an innocent library.

use std::ffi::{CStr, c_char, c_int, c_void};
use std::path::{Path, PathBuf};

/// One loaded library.
pub(crate) struct SharedLib {
    /// The path as the user named it (for messages).
    pub(crate) path: PathBuf,
    lib: libloading::Library,
}

#[repr(C)]
struct DlInfo {
    dli_fname: *const c_char,
    dli_fbase: *mut c_void,
    dli_sname: *const c_char,
    dli_saddr: *mut c_void,
}

unsafe extern "C" {
    /// glibc's and musl's `dladdr` (`<dlfcn.h>`): which loaded object contains `addr`.
    fn dladdr(addr: *const c_void, info: *mut DlInfo) -> c_int;
}

impl SharedLib {
    /// Load the library at `path`.
    ///
    /// # Errors
    /// The loader's message.
    pub(crate) fn load(path: &Path) -> Result<SharedLib, String> {
        // SAFETY: loading a library runs its initializers; naming it is the user's consent.
        let lib = unsafe { libloading::Library::new(path) }.map_err(|e| e.to_string())?;
        Ok(SharedLib { path: path.to_path_buf(), lib })
    }

    /// The address of `name` if this library (not one it depends on) defines it.
    pub(crate) fn symbol(&self, name: &str) -> Option<usize> {
        // SAFETY: the symbol is only used as an address, called with the declared type.
        let addr = *unsafe { self.lib.get::<*const ()>(name.as_bytes()) }.ok()?;
        self.defines(addr).then_some(addr as usize)
    }

    /// Whether `addr` lies in this library's own object.
    fn defines(&self, addr: *const ()) -> bool {
        let mut info = DlInfo {
            dli_fname: std::ptr::null(),
            dli_fbase: std::ptr::null_mut(),
            dli_sname: std::ptr::null(),
            dli_saddr: std::ptr::null_mut(),
        };
        // SAFETY: `info` is a valid out-parameter; `dladdr` only reads the loader's tables.
        if unsafe { dladdr(addr.cast(), &mut info) } == 0 || info.dli_fname.is_null() {
            return false;
        }
        // SAFETY: a non-null `dli_fname` is a NUL-terminated string owned by the loader.
        let object = unsafe { CStr::from_ptr(info.dli_fname) }.to_string_lossy().into_owned();
        same_file(Path::new(&object), &self.path)
    }
}

/// The loader's name of an object and the user's name of a library are the same file: equal
/// after resolving links, or, for a bare name the loader searched for (`libm.so.6`), the
/// same file name.
fn same_file(object: &Path, named: &Path) -> bool {
    match (std::fs::canonicalize(object), std::fs::canonicalize(named)) {
        (Ok(a), Ok(b)) => a == b,
        _ => named.components().count() == 1 && object.file_name() == named.file_name(),
    }
}
