//! Blackboard Learn's Grade Center upload ("Work Offline" → "Upload"): students keyed by
//! `Username`; each grade column by its header, which carries the column's id after a bar
//! (`Bots 1 [Total Pts: 10 Score] |123456`; a header without one creates a new text
//! column worth 0 points); comma-delimited with every field quoted. A single column
//! downloaded with its comments also carries `Feedback to Learner` and `Feedback Format`,
//! which the upload takes as the feedback the student sees.

use super::{
    column, fill, key_and_grade_column, points_cell, text_cell, GradeRow, GradebookError, Sheet,
};

/// The feedback column.
pub const FEEDBACK: &str = "Feedback to Learner";

/// The feedback's format column, and the format written.
pub const FEEDBACK_FORMAT: (&str, &str) = ("Feedback Format", "PLAIN_TEXT");

/// The upload file: without a template, `Username`, the column `name`, the feedback and
/// its format; with one (a Grade Center download), its rows and columns, the column
/// `name` (or a new one) filled, and its feedback columns when it has them.
///
/// # Errors
/// [`GradebookError::Template`] for a template without a `Username` column.
pub fn sheet(
    rows: &[GradeRow],
    name: &str,
    template: Option<(u8, Vec<Vec<String>>)>,
    template_path: &str,
) -> Result<Sheet, GradebookError> {
    let Some((sep, mut records)) = template else {
        let mut records = vec![vec![
            "Username".to_string(),
            name.to_string(),
            FEEDBACK.to_string(),
            FEEDBACK_FORMAT.0.to_string(),
        ]];
        for r in rows {
            records.push(vec![
                r.id.clone(),
                points_cell(r.points),
                text_cell(r.feedback()),
                FEEDBACK_FORMAT.1.to_string(),
            ]);
        }
        return Ok(Sheet {
            sep: b',',
            quote_all: true,
            records,
            unmatched: Vec::new(),
        });
    };
    let (key, col) = key_and_grade_column(
        &mut records,
        &["username"],
        name,
        template_path,
        "no `Username` column: not a Grade Center download",
    )?;
    let header = records[0].clone();
    let unmatched = fill(&mut records, 1, key, col, rows, |r| points_cell(r.points));
    if let Some(fb) = column(&header, &["feedback_to_learner", "feedback_to_user"]) {
        fill(&mut records, 1, key, fb, rows, |r| text_cell(r.feedback()));
        if let Some(format) = column(&header, &["feedback_format"]) {
            fill(&mut records, 1, key, format, rows, |_| {
                FEEDBACK_FORMAT.1.to_string()
            });
        }
    }
    Ok(Sheet {
        sep,
        quote_all: sep == b',',
        records,
        unmatched,
    })
}
