//! Canvas's grade import ("Import" in the Gradebook): the columns `Student`, `ID`, `SIS
//! User ID`, `SIS Login ID`, `Section` (ID identifies the student), then one column per
//! assignment, named as exported (`Assignment name (assignment_id)`; a new name creates a
//! new assignment), and the second row `Points Possible`.

use super::{
    fill, key_and_grade_column, points_cell, text_cell, GradeRow, GradebookError, Sheet, Template,
};

/// The five columns before the assignments.
pub const LEADING: [&str; 5] = ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"];

/// The first cell of the points-possible row.
pub const POINTS_POSSIBLE: &str = "Points Possible";

/// The import file: without a template, the five leading columns and the assignment
/// column `name` with the `Points Possible` row (`max` points); with one, the template's
/// rows and columns, its column `name` (or a new one at the end) filled.
///
/// # Errors
/// [`GradebookError::Template`] for a template without an `ID` column.
pub fn sheet(
    rows: &[GradeRow],
    name: &str,
    max: f64,
    template: Option<Template>,
    template_path: &str,
) -> Result<Sheet, GradebookError> {
    let Some(Template {
        sep, mut records, ..
    }) = template
    else {
        let mut header: Vec<String> = LEADING.iter().map(|s| s.to_string()).collect();
        header.push(name.to_string());
        let mut possible = vec![POINTS_POSSIBLE.to_string()];
        possible.extend(std::iter::repeat_n(String::new(), 4));
        possible.push(points_cell(max));
        let mut records = vec![header, possible];
        for r in rows {
            records.push(vec![
                text_cell(&r.name),
                r.id.clone(),
                String::new(),
                String::new(),
                String::new(),
                points_cell(r.points),
            ]);
        }
        return Ok(Sheet {
            sep: b',',
            quote_all: false,
            records,
            unmatched: Vec::new(),
        });
    };
    let (key, col) = key_and_grade_column(
        &mut records,
        &["id"],
        name,
        template_path,
        "no `ID` column: not a Canvas gradebook export",
    )?;
    // The points-possible row (and any row above the students) is not a student.
    let skip = records
        .iter()
        .position(|r| {
            r.first()
                .is_some_and(|c| c.trim().to_lowercase().contains("points possible"))
        })
        .map_or(1, |at| at + 1);
    if skip > 1 {
        let row = &mut records[skip - 1];
        if row.len() <= col {
            row.resize(col + 1, String::new());
        }
        row[col] = points_cell(max);
    }
    let unmatched = fill(&mut records, skip, key, col, rows, |r| {
        points_cell(r.points)
    });
    Ok(Sheet {
        sep,
        quote_all: false,
        records,
        unmatched,
    })
}
