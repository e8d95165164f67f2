//! Canvas's names (`lib/content_zipper.rb`): a flat list of
//! `<sortable name>[_LATE]_<user id>_<attachment id>_<display name>`, where the sortable
//! name is "Last, First" lower-cased with every character but ASCII letters and digits
//! removed (`smithann`), or `anon_<id>` under anonymous grading; a re-submitted file's
//! display name may gain `-1`, `-2` before its extension. Text and URL entries are
//! `<sortable name>[_LATE]_<user id>_text.html` and `…_link.html`.

use super::{Identity, Layout, Parsed, Role};

/// Parses a Canvas entry name.
pub fn parse(name: &str) -> Option<Parsed> {
    if name.contains('/') {
        return None;
    }
    let (who, rest, blind) = match name.strip_prefix("anon_") {
        Some(rest) => {
            let (id, rest) = rest.split_once('_')?;
            if id.is_empty() || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
                return None;
            }
            (format!("anon_{id}"), rest, true)
        }
        None => {
            let (who, rest) = name.split_once('_')?;
            if !who
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
            {
                return None;
            }
            (who.to_string(), rest, false)
        }
    };
    let (late, rest) = match rest.strip_prefix("LATE_") {
        Some(rest) => (true, rest),
        None => (false, rest),
    };
    let (user, rest) = rest.split_once('_')?;
    if user.is_empty() || !user.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let late_mark = if late { "_LATE" } else { "" };
    let (attachment, file, role) = if rest == "text.html" || rest == "link.html" {
        (None, rest.to_string(), Role::Text)
    } else {
        let (attachment, display) = rest.split_once('_')?;
        if attachment.is_empty()
            || !attachment.bytes().all(|b| b.is_ascii_digit())
            || display.is_empty()
        {
            return None;
        }
        (
            Some(attachment.to_string()),
            display.to_string(),
            Role::File,
        )
    };
    let prefix = match &attachment {
        Some(a) => format!("{who}{late_mark}_{user}_{a}_"),
        None => format!("{who}{late_mark}_{user}_"),
    };
    // Under anonymous grading the anonymous id is the student's id: the user id that
    // follows it is Canvas's own and never shown.
    let id = if blind { who.clone() } else { user.to_string() };
    Some(Parsed {
        identity: Identity {
            layout: Layout::Canvas,
            id,
            name: (!blind).then(|| who.clone()),
            user: None,
            attempt: attachment.clone(),
            late,
            blind,
            prefix,
        },
        bot: who,
        // Attachment ids grow: a later upload has a larger one (zero-padded to compare).
        attempt: attachment.map_or_else(String::new, |a| format!("{a:0>20}")),
        file,
        role,
    })
}

/// A sortable name as Canvas writes it in a download: "Last, First" lower-cased, every
/// character but ASCII letters and digits removed.
pub fn sortable(last_first: &str) -> String {
    last_first
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_late_marks_resubmissions_and_anonymous() {
        let p = parse("obriennez_LATE_1234_98765_my_bot-1.wasm").unwrap();
        assert_eq!(p.bot, "obriennez");
        assert_eq!(p.identity.id, "1234");
        assert!(p.identity.late);
        assert_eq!(p.file, "my_bot-1.wasm");
        assert_eq!(p.identity.prefix, "obriennez_LATE_1234_98765_");
        let a = parse("anon_x7Kq_55_66_bot.wasm").unwrap();
        assert!(a.identity.blind && a.identity.name.is_none());
        assert_eq!(
            (a.bot.as_str(), a.identity.id.as_str()),
            ("anon_x7Kq", "anon_x7Kq")
        );
        let t = parse("doejo_77_text.html").unwrap();
        assert_eq!(t.role, Role::Text);
        for bad in [
            "Ana_1_2_b.wasm",
            "smith_x_2_b.wasm",
            "smith_1_2_",
            "a/b_1_2_c",
        ] {
            assert_eq!(parse(bad), None, "{bad}");
        }
        assert_eq!(sortable("Ñúñez, José"), "ezjos");
        assert_eq!(sortable("O'Brien, Zoë"), "obrienzo");
    }

    #[test]
    fn a_later_attachment_is_a_later_attempt() {
        let a = parse("smithann_1_99_bot.wasm").unwrap();
        let b = parse("smithann_1_100_bot-1.wasm").unwrap();
        assert!(b.attempt > a.attempt);
    }
}
