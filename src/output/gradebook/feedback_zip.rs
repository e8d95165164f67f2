//! Feedback pages packed for a platform's bulk upload: one file per student who has a
//! page and a bot from the download, named with the student's prefix from the download
//! (Moodle's `<Full Name>_<id>_assignsubmission_file_`, Canvas's
//! `<sortable name>_<user id>_<attachment id>_`) and `feedback.md`. Entries are written in
//! the order of `grades.csv`, with a fixed time, so that the same results give the same
//! bytes.

use std::io::Write as _;

use super::GradeRow;

/// The name every student's page takes after their prefix.
pub const PAGE: &str = "feedback.md";

/// What was packed: the zip's bytes, how many pages, and the students left out (no
/// page, or no bot from the download to name the file after), escaped.
pub struct Packed {
    /// The zip.
    pub bytes: Vec<u8>,
    /// Pages packed.
    pub pages: usize,
    /// Students left out, with why.
    pub left_out: Vec<String>,
}

/// Packs the pages of `rows`.
///
/// # Errors
/// What the zip writer says (writing to memory: only on a bug).
pub fn pack(rows: &[GradeRow]) -> zip::result::ZipResult<Packed> {
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .last_modified_time(zip::DateTime::DEFAULT)
        .unix_permissions(0o644);
    let mut pages = 0;
    let mut left_out = Vec::new();
    let mut names = std::collections::BTreeSet::new();
    for r in rows {
        let shown = crate::bot_name::escape_message(&r.id);
        let (Some(page), Some(identity)) = (&r.page, &r.identity) else {
            let why = if r.page.is_none() {
                "no feedback page"
            } else {
                "no file in the download to name the page after"
            };
            left_out.push(format!("{shown} ({why})"));
            continue;
        };
        let name = format!("{}{PAGE}", identity.prefix);
        if !names.insert(name.clone()) {
            left_out.push(format!("{shown} (another student has the same prefix)"));
            continue;
        }
        zip.start_file(name, options)?;
        zip.write_all(page.as_bytes())?;
        pages += 1;
    }
    let bytes = zip.finish()?.into_inner();
    Ok(Packed {
        bytes,
        pages,
        left_out,
    })
}
