//! Blackboard Learn's Grade Center upload ("Work Offline" → "Upload").
//!
//! What Blackboard Help documents ("Work Offline with Grade Data", Learn Original,
//! <https://help.blackboard.com/Learn/Instructor/Original/Grade/Grading_Tasks/Work_Offline_With_Grade_Data>;
//! Ultra's page of the same name says the same of its downloads): students are keyed by
//! their user name (`Username`); each grade column by its header, which carries the
//! column's id after a bar (`Bots 1 [Total Pts: 10 Score] |123456`; a header without one
//! creates a new text column worth 0 points); a file is comma-delimited (`.csv`), where
//! every field must be inside a quote character, or tab-delimited (`.xls`), where none
//! is needed. Comments travel only with a single column downloaded with "Include comments
//! for this Column" (Ultra: "Include feedback for the selected column"), and "you can edit
//! included comment text offline" and upload it.
//!
//! What the help pages do not spell out, taken from the single-column downloads that
//! community tools reproduce (their headers, in order: `Username`, the column,
//! `Grading Notes`, `Notes Format`, `Feedback to Learner`, `Feedback Format`): the
//! feedback the student sees is the `Feedback to Learner` column, and its format column
//! holds the name of Blackboard's text format, `SMART_TEXT` in every such download (the
//! others are `HTML` and `PLAIN_TEXT`). arena writes `SMART_TEXT` with the feedback's
//! `&`, `<` and `>` written as entities: Smart Text keeps the page's line breaks, and
//! nothing in the page (a name, a message) is taken for markup. `Grading Notes` (the
//! instructor's own, never shown to the student) is left as the template has it, and not
//! written without one.

use super::{
    column, fill, key_and_grade_column, points_cell, text_cell, GradeRow, GradebookError, Sheet,
    Template,
};

/// The feedback column.
pub const FEEDBACK: &str = "Feedback to Learner";

/// The feedback's format column, and the format written (Blackboard's `SMART_TEXT`).
pub const FEEDBACK_FORMAT: (&str, &str) = ("Feedback Format", "SMART_TEXT");

/// The columns of an upload file written without a template, in order.
pub fn columns(name: &str) -> [String; 4] {
    [
        "Username".to_string(),
        name.to_string(),
        FEEDBACK.to_string(),
        FEEDBACK_FORMAT.0.to_string(),
    ]
}

/// A feedback page as a Smart Text cell: `&`, `<` and `>` as entities (so the student sees
/// the text as written), and kept from starting a spreadsheet formula.
pub fn smart_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            c => out.push(c),
        }
    }
    text_cell(&out)
}

/// The upload file: without a template, [`columns`] (`Username`, the column `name`, the
/// feedback and its format); with one (a Grade Center download), its rows and columns,
/// the column `name` (or a new one) filled, and its feedback columns when it has them.
/// Comma-delimited output quotes every field, as Blackboard requires.
///
/// # Errors
/// [`GradebookError::Template`] for a template without a `Username` column.
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
        let mut records = vec![columns(name).to_vec()];
        for r in rows {
            records.push(vec![
                r.id.clone(),
                points_cell(r.points),
                smart_text(r.feedback()),
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
        fill(&mut records, 1, key, fb, rows, |r| smart_text(r.feedback()));
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn feedback_is_smart_text_with_markup_written_as_entities() {
        assert_eq!(
            smart_text("a <b> & `c`\nnext"),
            "a &lt;b&gt; &amp; `c`\nnext"
        );
        assert_eq!(smart_text("=1+1"), "'=1+1");
    }
}
