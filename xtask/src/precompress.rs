//! Brotli and gzip copies of the release build's text and wasm files, written beside each one
//! (`chanscope-…_bg.wasm.br`, `….gz`): the gateway sends them as they are, so visitors get the
//! smallest files brotli and gzip can make at no cost per request. `trunk serve` needs none.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use brotli::enc::BrotliEncoderParams;
use flate2::write::GzEncoder;
use flate2::Compression;

use crate::result::Result;

/// Extensions of the files that shrink when compressed. Images, fonts and archives are
/// compressed already; a second pass would only cost time.
const COMPRESSIBLE: [&str; 10] = [
    "html", "js", "mjs", "css", "wasm", "svg", "json", "txt", "map", "ico",
];

/// The encodings a copy is written in, by the suffix the gateway looks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Encoding {
    Brotli,
    Gzip,
}

impl Encoding {
    const ALL: [Encoding; 2] = [Encoding::Brotli, Encoding::Gzip];

    fn suffix(self) -> &'static str {
        match self {
            Encoding::Brotli => "br",
            Encoding::Gzip => "gz",
        }
    }

    fn compress(self, data: &[u8]) -> std::io::Result<Vec<u8>> {
        match self {
            Encoding::Brotli => {
                let params = BrotliEncoderParams {
                    quality: 11,
                    // The largest window RFC 7932 has: every file of the build fits in it whole.
                    // Brotli's "large window" extension beyond it is one browsers cannot decode.
                    lgwin: 24,
                    size_hint: data.len(),
                    ..BrotliEncoderParams::default()
                };
                let mut out = Vec::new();
                brotli::BrotliCompress(&mut &data[..], &mut out, &params)?;
                Ok(out)
            }
            Encoding::Gzip => {
                // The header's time stays 0, so the same build gives the same bytes.
                let mut encoder = GzEncoder::new(Vec::new(), Compression::best());
                encoder.write_all(data)?;
                encoder.finish()
            }
        }
    }
}

/// One compressed file: its path under `dist/` and its size raw and in each copy; `None` where
/// the copy would not have been smaller, so none was written.
#[derive(Debug, PartialEq, Eq)]
pub struct Row {
    pub name: String,
    pub raw: usize,
    pub gzip: Option<usize>,
    pub brotli: Option<usize>,
}

/// Removes every earlier copy in `dist` (a file may have gone, or no longer gain), then writes a
/// `.br` and a `.gz` beside each compressible file where they are smaller than it. The rows are
/// largest first.
pub fn run(dist: &Path) -> Result<Vec<Row>> {
    let files = files_under(dist)?;
    for copy in files.iter().filter(|f| is_copy(f)) {
        fs::remove_file(copy).map_err(|e| format!("removing {}: {e}", copy.display()))?;
    }
    let mut rows = Vec::new();
    for file in files.iter().filter(|f| has_extension(f, &COMPRESSIBLE)) {
        let data = fs::read(file).map_err(|e| format!("reading {}: {e}", file.display()))?;
        let mut sizes = [None; 2];
        for (size, encoding) in sizes.iter_mut().zip(Encoding::ALL) {
            let packed = encoding
                .compress(&data)
                .map_err(|e| format!("{encoding:?} of {}: {e}", file.display()))?;
            if packed.len() < data.len() {
                let copy = with_suffix(file, encoding.suffix());
                fs::write(&copy, &packed)
                    .map_err(|e| format!("writing {}: {e}", copy.display()))?;
                *size = Some(packed.len());
            }
        }
        let [brotli, gzip] = sizes;
        rows.push(Row {
            name: file
                .strip_prefix(dist)
                .unwrap_or(file)
                .to_string_lossy()
                .into_owned(),
            raw: data.len(),
            gzip,
            brotli,
        });
    }
    rows.sort_by(|a, b| b.raw.cmp(&a.raw).then_with(|| a.name.cmp(&b.name)));
    Ok(rows)
}

/// The rows as a table, indented to sit under a step's header; `-` for a copy not written.
pub fn table(rows: &[Row]) -> String {
    let cell = |size: Option<usize>| size.map_or("-".to_owned(), |s| s.to_string());
    let mut out = format!(
        "    {:<48} {:>10} {:>10} {:>10}\n",
        "file", "raw B", "gzip B", "br B"
    );
    for row in rows {
        out.push_str(&format!(
            "    {:<48} {:>10} {:>10} {:>10}\n",
            row.name,
            row.raw,
            cell(row.gzip),
            cell(row.brotli)
        ));
    }
    out
}

fn files_under(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    let entries = fs::read_dir(dir).map_err(|e| format!("reading {}: {e}", dir.display()))?;
    for entry in entries {
        let entry = entry.map_err(|e| format!("reading {}: {e}", dir.display()))?;
        let path = entry.path();
        let kind = entry.file_type().map_err(|e| e.to_string())?;
        if kind.is_dir() {
            files.extend(files_under(&path)?);
        } else if kind.is_file() {
            files.push(path);
        }
    }
    Ok(files)
}

fn has_extension(path: &Path, extensions: &[&str]) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| extensions.contains(&e))
}

/// A copy this module writes: `.br` or `.gz` after a compressible name. A `.tar.gz` shipped
/// with the build is a file of its own and stays.
fn is_copy(path: &Path) -> bool {
    let suffixes = Encoding::ALL.map(Encoding::suffix);
    has_extension(path, &suffixes) && has_extension(&path.with_extension(""), &COMPRESSIBLE)
}

fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".");
    name.push(suffix);
    PathBuf::from(name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    /// A fresh directory under the system's temporary one, removed when dropped.
    struct TempDir(PathBuf);

    impl TempDir {
        fn new(name: &str) -> TempDir {
            let dir = std::env::temp_dir().join(format!("xtask-{name}-{}", std::process::id()));
            let _ = fs::remove_dir_all(&dir);
            fs::create_dir_all(dir.join("assets")).unwrap();
            TempDir(dir)
        }
    }

    impl Drop for TempDir {
        fn drop(&mut self) {
            let _ = fs::remove_dir_all(&self.0);
        }
    }

    fn gunzip(bytes: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        flate2::read::GzDecoder::new(bytes)
            .read_to_end(&mut out)
            .unwrap();
        out
    }

    fn unbrotli(bytes: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        brotli::Decompressor::new(bytes, 4096)
            .read_to_end(&mut out)
            .unwrap();
        out
    }

    #[test]
    fn copies_decode_to_the_original_and_only_where_they_are_smaller() {
        let dir = TempDir::new("precompress-copies");
        let d = &dir.0;
        let script: String = (0..400)
            .map(|i| format!("export const value{i} = \"entry {i}\";\n"))
            .collect();
        fs::write(d.join("app.js"), &script).unwrap();
        fs::write(d.join("assets/icon.svg"), "<svg>".repeat(200)).unwrap();
        // Two bytes: both formats' headers alone are longer.
        fs::write(d.join("tiny.txt"), "ok").unwrap();
        fs::write(d.join("photo.png"), "png data ".repeat(100)).unwrap();

        let rows = run(d).unwrap();

        let names: Vec<&str> = rows.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(names, ["app.js", "assets/icon.svg", "tiny.txt"]);
        for row in &rows[..2] {
            let original = fs::read(d.join(&row.name)).unwrap();
            assert_eq!(row.raw, original.len());
            let br = fs::read(d.join(format!("{}.br", row.name))).unwrap();
            let gz = fs::read(d.join(format!("{}.gz", row.name))).unwrap();
            assert_eq!(row.brotli, Some(br.len()));
            assert_eq!(row.gzip, Some(gz.len()));
            assert!(br.len() * 4 < original.len(), "{}: {}", row.name, br.len());
            assert_eq!(unbrotli(&br), original);
            assert_eq!(gunzip(&gz), original);
        }
        assert_eq!(
            rows[2],
            Row {
                name: "tiny.txt".into(),
                raw: 2,
                gzip: None,
                brotli: None
            }
        );
        assert!(!d.join("tiny.txt.br").exists());
        assert!(!d.join("tiny.txt.gz").exists());
        assert!(!d.join("photo.png.br").exists());
    }

    #[test]
    fn earlier_copies_go_and_other_archives_stay() {
        let dir = TempDir::new("precompress-stale");
        let d = &dir.0;
        fs::write(d.join("app.css"), "body { color: black }\n".repeat(50)).unwrap();
        // Left by an earlier build: the file is gone, or the copy no longer gains.
        fs::write(d.join("gone-0123456789abcdef.js.br"), "old").unwrap();
        fs::write(d.join("assets/gone.wasm.gz"), "old").unwrap();
        fs::write(d.join("tiny.txt"), "ok").unwrap();
        fs::write(d.join("tiny.txt.gz"), "old").unwrap();
        fs::write(d.join("app.css.br"), "old").unwrap();
        fs::write(d.join("data.tar.gz"), "an archive").unwrap();

        run(d).unwrap();

        let mut left: Vec<String> = files_under(d)
            .unwrap()
            .iter()
            .map(|f| f.strip_prefix(d).unwrap().to_string_lossy().into_owned())
            .collect();
        left.sort();
        assert_eq!(
            left,
            [
                "app.css",
                "app.css.br",
                "app.css.gz",
                "data.tar.gz",
                "tiny.txt"
            ]
        );
        let css = fs::read(d.join("app.css")).unwrap();
        assert_eq!(unbrotli(&fs::read(d.join("app.css.br")).unwrap()), css);
    }

    #[test]
    fn the_table_marks_copies_not_written() {
        let rows = [
            Row {
                name: "app_bg.wasm".into(),
                raw: 1_200_000,
                gzip: Some(465_000),
                brotli: Some(359_000),
            },
            Row {
                name: "tiny.txt".into(),
                raw: 2,
                gzip: None,
                brotli: None,
            },
        ];
        let table = table(&rows);
        let lines: Vec<Vec<&str>> = table
            .lines()
            .map(|l| l.split_whitespace().collect())
            .collect();
        assert_eq!(
            lines,
            [
                vec!["file", "raw", "B", "gzip", "B", "br", "B"],
                vec!["app_bg.wasm", "1200000", "465000", "359000"],
                vec!["tiny.txt", "2", "-", "-"],
            ]
        );
    }
}
