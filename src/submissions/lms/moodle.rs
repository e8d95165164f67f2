//! Moodle's names (`mod/assign/locallib.php`, `download_submissions`): every entry starts
//! with `<Full Name>_<id>_assignsubmission_<plugin>_`, where `<id>` is the participant's
//! id in the assignment and `<Full Name>` is `Participant` under blind marking; then
//! `/<original path>` (folders, the default since Moodle 3.1) or the original file name
//! (flat).

use super::{Identity, Layout, Parsed, Role};

/// The mark between a student's prefix and the plugin.
const MARK: &str = "_assignsubmission_";

/// The name under blind marking.
const BLIND: &str = "Participant";

/// Parses a Moodle entry name.
pub fn parse(name: &str) -> Option<Parsed> {
    let first = name.split('/').next().unwrap_or(name);
    let at = first.find(MARK)?;
    let (full, id) = first[..at].rsplit_once('_')?;
    if full.is_empty() || id.is_empty() || !id.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let after = &name[at + MARK.len()..];
    let (plugin, tail) = after.split_once('_')?;
    if plugin.is_empty() || !plugin.bytes().all(|b| b.is_ascii_lowercase()) {
        return None;
    }
    let file = tail.strip_prefix('/').unwrap_or(tail);
    if file.is_empty() {
        return None;
    }
    let blind = full == BLIND;
    let prefix = format!("{full}_{id}{MARK}file_");
    Some(Parsed {
        identity: Identity {
            layout: Layout::Moodle,
            id: id.to_string(),
            name: (!blind).then(|| full.to_string()),
            user: None,
            attempt: None,
            late: false,
            blind,
            prefix,
        },
        bot: if blind {
            format!("{BLIND}_{id}")
        } else {
            full.to_string()
        },
        attempt: String::new(),
        file: file.to_string(),
        role: if plugin == "file" {
            Role::File
        } else {
            Role::Text
        },
    })
}

/// The name Moodle gives a student's file in a download (flat form), which is also the
/// name "Upload multiple feedback files in a zip" expects for a feedback file.
pub fn file_name(prefix: &str, file: &str) -> String {
    format!("{prefix}{file}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folders_flat_and_blind_names() {
        let p = parse("Zoë O'Brien-Núñez_4411_assignsubmission_file_/src/bot.wasm").unwrap();
        assert_eq!(p.identity.id, "4411");
        assert_eq!(p.identity.name.as_deref(), Some("Zoë O'Brien-Núñez"));
        assert_eq!(p.bot, "Zoë O'Brien-Núñez");
        assert_eq!(p.file, "src/bot.wasm");
        assert_eq!(p.role, Role::File);
        assert_eq!(
            p.identity.prefix,
            "Zoë O'Brien-Núñez_4411_assignsubmission_file_"
        );
        let flat = parse("Ana Petrova_17_assignsubmission_file_my_bot.wasm").unwrap();
        assert_eq!(
            (flat.bot.as_str(), flat.file.as_str()),
            ("Ana Petrova", "my_bot.wasm")
        );
        let blind = parse("Participant_981_assignsubmission_file_/bot.py").unwrap();
        assert!(blind.identity.blind && blind.identity.name.is_none());
        assert_eq!(blind.bot, "Participant_981");
        let text = parse("Bo_3_assignsubmission_onlinetext_/onlinetext.html").unwrap();
        assert_eq!(text.role, Role::Text);
        for bad in [
            "bot.wasm",
            "Ana_x1_assignsubmission_file_/bot.wasm",
            "_1_assignsubmission_file_/b.wasm",
            "Ana_1_assignsubmission_file_",
        ] {
            assert_eq!(parse(bad), None, "{bad}");
        }
    }
}
