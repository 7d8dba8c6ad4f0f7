//! Writing a file whole, safely: into a temporary file beside it, then renamed over it, so a
//! reader never sees half a file and an interrupted write leaves the old one intact. A path
//! that names something other than a regular file (`/dev/stdout`, a pipe, a terminal) is
//! written to as it is: renaming over it would replace the device or pipe by a file.

use std::io::Write;
use std::path::Path;

/// Writes `bytes` to `path` through a temporary file and a rename (see the module's doc).
pub fn write_file(path: &Path, bytes: impl AsRef<[u8]>) -> std::io::Result<()> {
    let bytes = bytes.as_ref();
    // A link is followed: its target is replaced, the link kept.
    let target;
    let path = if std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
        target = std::fs::canonicalize(path)?;
        target.as_path()
    } else {
        path
    };
    match std::fs::metadata(path) {
        Ok(m) if !m.is_file() => {
            if m.is_dir() {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::IsADirectory,
                    "is a folder",
                ));
            }
            // A device or a pipe: written to, never replaced.
            return std::fs::OpenOptions::new()
                .write(true)
                .open(path)?
                .write_all(bytes);
        }
        _ => {}
    }
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .map_or("out".into(), |n| n.to_string_lossy().into_owned());
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let written = std::fs::File::create(&tmp).and_then(|mut f| {
        f.write_all(bytes)?;
        f.sync_all()
    });
    let renamed = written.and_then(|()| std::fs::rename(&tmp, path));
    if renamed.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    renamed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_replaced_whole_and_no_temporary_file_stays() {
        let dir = std::env::temp_dir().join(format!("csp-sink-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("out.txt");
        write_file(&p, "first").unwrap();
        write_file(&p, "second").unwrap();
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "second");
        let names: Vec<_> = std::fs::read_dir(&dir).unwrap().flatten().collect();
        assert_eq!(names.len(), 1);
        assert!(write_file(&dir, "x").is_err());
        // Through a link: the target is rewritten, the link stays a link.
        #[cfg(unix)]
        {
            let link = dir.join("link.txt");
            std::os::unix::fs::symlink(&p, &link).unwrap();
            write_file(&link, "third").unwrap();
            assert!(
                std::fs::symlink_metadata(&link)
                    .unwrap()
                    .file_type()
                    .is_symlink()
            );
            assert_eq!(std::fs::read_to_string(&p).unwrap(), "third");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
