//! What a file that is not a plain file is, in a few words, for the
//! refusals of the readers that take only plain files: session files
//! (`store/plain.rs`) and house-rule templates (`catalog/file.rs`).

use std::fs::Metadata;

/// "a folder", "a named pipe (FIFO)", "a device", "a socket", or "not a
/// plain file" for anything else that is not a plain file.
pub fn kind(meta: &Metadata) -> &'static str {
    if meta.is_dir() {
        return "a folder";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let kind = meta.file_type();
        if kind.is_fifo() {
            return "a named pipe (FIFO)";
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    "not a plain file"
}
