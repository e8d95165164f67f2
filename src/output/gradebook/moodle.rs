//! Moodle's grade import ("Import" → "CSV file" in the gradebook): a header row, a
//! column identifying the user (mapped in "Map from" to email address or ID number) and
//! one column per grade item; a column may also be mapped to an item's feedback. Starting
//! from the gradebook's own CSV export (`First name`, `Last name`, `ID number`,
//! `Institution`, `Department`, `Email address`, `Assignment: NAME (Real)`, …, `Last
//! downloaded from this course`), no column is added.

use super::{
    column, fill, find_column, points_cell, text_cell, GradeRow, GradebookError, Sheet, Template,
};

/// The identifier column's header for these ids: `Email address` when every id is one,
/// otherwise `ID number`.
fn id_header(rows: &[GradeRow]) -> &'static str {
    if !rows.is_empty() && rows.iter().all(|r| r.id.contains('@')) {
        "Email address"
    } else {
        "ID number"
    }
}

/// The import file: without a template, the identifier, the grade column `name` and
/// `Feedback`; with one, the template with its grade column filled.
///
/// # Errors
/// [`GradebookError::Template`] for a template without an identifier column or without
/// the grade column (Moodle's import takes no new column from an export).
pub fn sheet(
    rows: &[GradeRow],
    name: &str,
    template: Option<Template>,
    template_path: &str,
) -> Result<Sheet, GradebookError> {
    let Some(Template {
        sep, mut records, ..
    }) = template
    else {
        let mut records = vec![vec![
            id_header(rows).to_string(),
            name.to_string(),
            "Feedback".to_string(),
        ]];
        for r in rows {
            records.push(vec![
                r.id.clone(),
                points_cell(r.points),
                text_cell(&r.explanation),
            ]);
        }
        return Ok(Sheet {
            sep: b',',
            quote_all: false,
            records,
            unmatched: Vec::new(),
        });
    };
    let bad = |problem: String| GradebookError::Template {
        path: template_path.to_string(),
        problem,
    };
    let header = records[0].clone();
    let key = column(&header, &["email_address", "id_number", "username"]).ok_or_else(|| {
        bad("no `Email address`, `ID number` or `Username` column to identify students".into())
    })?;
    let col = find_column(&header, name).ok_or_else(|| {
        bad(format!(
            "no grade column `{}` (its columns: {}): Moodle's import adds no column, so export the gradebook after creating the grade item",
            crate::bot_name::escape_message(name),
            header.iter().map(|h| format!("`{}`", crate::bot_name::escape_message(h))).collect::<Vec<_>>().join(", ")
        ))
    })?;
    let unmatched = fill(&mut records, 1, key, col, rows, |r| points_cell(r.points));
    Ok(Sheet {
        sep,
        quote_all: false,
        records,
        unmatched,
    })
}
