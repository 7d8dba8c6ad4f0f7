//! Compressed inputs: a gzip, bzip2, xz or zstd stream is recognised by its first bytes (not
//! its name, so a pipe works as well as `formula.cnf.xz`) and read through its decoder. The
//! reader's caps then apply to the decompressed text, so a small bomb is refused like a large
//! file.

use ruzstd::decoding::{BlockDecodingStrategy, FrameDecoder};
use std::io::{self, BufRead, Read};

/// Memory an xz stream's dictionary may take (`xz -9` uses 64 MiB).
const XZ_MEMORY_KIB: u32 = 256 << 10;
/// The buffer of the streams [`open`] returns.
const BLOCK: usize = 1 << 16;
/// The largest zstd window accepted (`zstd --long` uses 128 MiB).
const ZSTD_WINDOW_BYTES: u64 = 128 << 20;

/// A compression format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Codec {
    /// gzip (`.gz`), one member or several.
    Gzip,
    /// bzip2 (`.bz2`), one stream or several.
    Bzip2,
    /// xz (`.xz`), one stream or several.
    Xz,
    /// Zstandard (`.zst`), one frame or several.
    Zstd,
}

impl Codec {
    /// How many leading bytes [`Codec::of`] looks at.
    pub const MAGIC_LEN: usize = 6;

    /// The format whose magic number `head` starts with, if any.
    pub fn of(head: &[u8]) -> Option<Codec> {
        match head {
            [0x1f, 0x8b, ..] => Some(Codec::Gzip),
            [b'B', b'Z', b'h', b'1'..=b'9', ..] => Some(Codec::Bzip2),
            [0xfd, b'7', b'z', b'X', b'Z', 0x00, ..] => Some(Codec::Xz),
            [0x28, 0xb5, 0x2f, 0xfd, ..] => Some(Codec::Zstd),
            _ => None,
        }
    }

    /// Its name in messages.
    pub fn name(self) -> &'static str {
        match self {
            Codec::Gzip => "gzip",
            Codec::Bzip2 => "bzip2",
            Codec::Xz => "xz",
            Codec::Zstd => "zstd",
        }
    }

    /// The decompressed stream of `input`.
    pub fn decoder<'a>(self, input: impl BufRead + 'a) -> Box<dyn Read + 'a> {
        match self {
            Codec::Gzip => Box::new(flate2::bufread::MultiGzDecoder::new(input)),
            Codec::Bzip2 => Box::new(bzip2::bufread::MultiBzDecoder::new(input)),
            Codec::Xz => Box::new(lzma_rust2::XzReader::new_mem_limit(
                input,
                true,
                XZ_MEMORY_KIB,
            )),
            Codec::Zstd => Box::new(ZstdFrames::new(input)),
        }
    }
}

/// Every frame of a zstd stream, one after the other (ruzstd's own reader stops after one).
struct ZstdFrames<R> {
    source: R,
    frame: FrameDecoder,
    open: bool,
}

impl<R: BufRead> ZstdFrames<R> {
    fn new(source: R) -> Self {
        let mut frame = FrameDecoder::new();
        frame.set_max_window_size(ZSTD_WINDOW_BYTES);
        ZstdFrames {
            source,
            frame,
            open: false,
        }
    }
}

impl<R: BufRead> Read for ZstdFrames<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            if !self.open {
                if self.source.fill_buf()?.is_empty() {
                    return Ok(0);
                }
                self.frame
                    .reset(&mut self.source)
                    .map_err(io::Error::other)?;
                self.open = true;
            } else if self.frame.can_collect() > 0 {
                return self.frame.read(buf);
            } else if self.frame.is_finished() {
                self.open = false;
            } else {
                self.frame
                    .decode_blocks(&mut self.source, BlockDecodingStrategy::UptoBlocks(1))
                    .map_err(io::Error::other)?;
            }
        }
    }
}

/// `input` as text bytes: decompressed when its first bytes are a known format's magic
/// number (which is returned), else as it is.
pub fn open<'a>(mut input: impl Read + 'a) -> io::Result<(Option<Codec>, Box<dyn BufRead + 'a>)> {
    let mut head = Vec::with_capacity(BLOCK);
    (&mut input)
        .take(Codec::MAGIC_LEN as u64)
        .read_to_end(&mut head)?;
    // One more read, as a buffered reader's first would make: a caller that looks at the
    // start of the text (`kind:`) sees as much of it as the input had ready.
    if head.len() == Codec::MAGIC_LEN {
        head.resize(BLOCK, 0);
        let n = loop {
            match input.read(&mut head[Codec::MAGIC_LEN..]) {
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                r => break r?,
            }
        };
        head.truncate(Codec::MAGIC_LEN + n);
    }
    let codec = Codec::of(&head);
    let raw = io::BufReader::with_capacity(1 << 16, io::Cursor::new(head).chain(input));
    Ok(match codec {
        Some(c) => (
            codec,
            Box::new(io::BufReader::with_capacity(1 << 16, c.decoder(raw))),
        ),
        None => (None, Box::new(raw)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text_of(bytes: &[u8]) -> (Option<Codec>, String) {
        let (codec, mut r) = open(bytes).unwrap();
        let mut s = String::new();
        r.read_to_string(&mut s).unwrap();
        (codec, s)
    }

    #[test]
    fn gzip_members_and_bzip2_streams_are_read_one_after_the_other() {
        use std::io::Write;
        let mut both = Vec::new();
        for part in ["p cnf 1 1\n", "1 0\n"] {
            let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
            e.write_all(part.as_bytes()).unwrap();
            both.extend(e.finish().unwrap());
        }
        assert_eq!(
            text_of(&both),
            (Some(Codec::Gzip), "p cnf 1 1\n1 0\n".into())
        );
        let mut both = Vec::new();
        for part in ["a\n", "b\n"] {
            let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::best());
            e.write_all(part.as_bytes()).unwrap();
            both.extend(e.finish().unwrap());
        }
        assert_eq!(text_of(&both), (Some(Codec::Bzip2), "a\nb\n".into()));
    }

    #[test]
    fn plain_and_short_inputs_pass_through() {
        assert_eq!(text_of(b""), (None, String::new()));
        assert_eq!(text_of(b"BZ"), (None, "BZ".into()));
        assert_eq!(text_of(b"p cnf 2 1\n1 -2 0\n").1, "p cnf 2 1\n1 -2 0\n");
    }

    #[test]
    fn a_broken_stream_is_an_error_not_a_panic() {
        let (codec, mut r) = open(&[0x28u8, 0xb5, 0x2f, 0xfd, 0xff, 0xff, 0xff][..]).unwrap();
        assert_eq!(codec, Some(Codec::Zstd));
        assert!(r.read_to_end(&mut Vec::new()).is_err());
    }
}
