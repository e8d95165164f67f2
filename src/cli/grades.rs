//! `arena grades RESULTS --lms moodle|canvas|blackboard --column NAME --out FILE`: the
//! file a learning platform's gradebook imports, from a graded results folder, and each
//! student's feedback page packed for the platform's bulk upload.

use std::collections::BTreeMap;
use std::process::ExitCode;

use anyhow::{bail, Context as _};
use arena::bot_name::{escape_message, escape_path};
use arena::grading::bands::Bands;
use arena::output::gradebook::{self, blackboard, canvas, feedback_zip, moodle, Lms};
use arena::output::manifest::Manifest;

use super::GradesArgs;

pub fn run(args: GradesArgs) -> anyhow::Result<ExitCode> {
    let dir = &args.results;
    super::results_dir::require(dir)?;
    let manifest = Manifest::read(dir)?.with_context(|| {
        format!(
            "{}: no tournament.json: not a results folder",
            escape_path(dir)
        )
    })?;
    if args.column.trim().is_empty() {
        bail!("--column: give the grade column's name as the gradebook shows it");
    }
    if args.feedback.is_some() && args.lms == Lms::Blackboard {
        bail!("--feedback: Blackboard takes each student's feedback in the grade file's `Feedback to Learner` column, which --out already holds; the feedback zip is for moodle and canvas");
    }
    let identities: BTreeMap<String, arena::submissions::lms::Identity> = manifest
        .bots
        .iter()
        .filter_map(|b| Some((b.name.clone(), b.lms.clone()?)))
        .collect();
    let bands = args.bands.as_deref().map(Bands::read).transpose()?;
    let rows = gradebook::read_grades(dir, bands.as_ref(), &identities)?;
    let template = args
        .template
        .as_deref()
        .map(gradebook::read_template)
        .transpose()?;
    let encoding = template
        .as_ref()
        .map_or(gradebook::Encoding::Utf8, |t| t.encoding);
    let template_path = args
        .template
        .as_deref()
        .map(escape_path)
        .unwrap_or_default();
    let column = args.column.trim();
    let sheet = match args.lms {
        Lms::Moodle => moodle::sheet(&rows, column, template, &template_path)?,
        Lms::Canvas => {
            let max = bands
                .as_ref()
                .and_then(Bands::max_points)
                .or_else(|| rows.iter().map(|r| r.points).reduce(f64::max))
                .unwrap_or(0.0);
            canvas::sheet(&rows, column, max, template, &template_path)?
        }
        Lms::Blackboard => blackboard::sheet(&rows, column, template, &template_path)?,
    };
    let bytes = gradebook::csv_bytes(sheet.sep, sheet.quote_all, &sheet.records, &args.out)?;
    let bytes = encoding.encode(&bytes);
    arena::output::atomic::write(&args.out, &bytes)?;
    for id in &sheet.unmatched {
        eprintln!("note: student `{id}` has no row in the template: not in the file (add them to the course, or export the gradebook again)");
    }
    let not_submitted = rows.iter().filter(|r| r.status == "not_submitted").count();
    println!(
        "{} grades ({} not submitted) for `{}` in {}",
        rows.len() - sheet.unmatched.len(),
        not_submitted,
        escape_message(column),
        escape_path(&args.out)
    );
    if let Some(path) = &args.feedback {
        let packed =
            feedback_zip::pack(&rows).map_err(|e| anyhow::anyhow!("{}: {e}", escape_path(path)))?;
        arena::output::atomic::write(path, &packed.bytes)?;
        for s in &packed.left_out {
            eprintln!("note: no feedback file for {s}");
        }
        println!("{} feedback pages in {}", packed.pages, escape_path(path));
    }
    Ok(ExitCode::SUCCESS)
}
