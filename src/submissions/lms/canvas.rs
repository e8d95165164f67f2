//! Canvas's names (`lib/content_zipper.rb`): a flat list of
//! `<sortable name>[_LATE]_<user id>_<attachment id>_<display name>`, where the sortable
//! name is "Last, First" lower-cased with every character that is not a word character
//! removed (`sanitize_user_name`, then `sanitize_file_name`'s `[^[[:word:]]]`, which in
//! Ruby keeps letters and digits of every script and `_`: `O'Brien, Zoë` → `obrienzoë`), or
//! `anon_<id>` under anonymous grading; a re-submitted file's display name may gain `-1`,
//! `-2` before its extension. Text and URL entries are
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
        None => return named(name),
    };
    after_name(who, rest, blind)
}

/// Parses an entry of a named (not anonymous) student. Canvas keeps `_` in a sortable name
/// (`o_brien`): the name ends at the first `_` after which the rest parses; when that is
/// not the first `_`, the name is taken only if exactly one longer name parses.
fn named(name: &str) -> Option<Parsed> {
    let cuts: Vec<usize> = name.match_indices('_').map(|(i, _)| i).collect();
    let at = |cut: usize| {
        let who = &name[..cut];
        if !who.chars().all(is_sortable_char) {
            return None;
        }
        after_name(who.to_string(), &name[cut + 1..], false)
    };
    let (&first, rest) = cuts.split_first()?;
    if !name[..first].contains('_') {
        if let Some(p) = at(first) {
            return Some(p);
        }
    }
    let mut longer = rest.iter().filter_map(|&cut| at(cut));
    match (longer.next(), longer.next()) {
        (Some(p), None) => Some(p),
        _ => None,
    }
}

/// Parses what follows the sortable name (or `anon_ID`) of an entry.
fn after_name(who: String, rest: &str, blind: bool) -> Option<Parsed> {
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
    // A name with no letter or digit (`O'`) has an empty sortable name: the bot is named
    // after the user id.
    let (name, bot) = if who.is_empty() {
        (None, format!("user_{user}"))
    } else {
        ((!blind).then(|| who.clone()), who)
    };
    Some(Parsed {
        identity: Identity {
            layout: Layout::Canvas,
            id,
            name,
            user: None,
            attempt: attachment.clone(),
            late,
            blind,
            prefix,
        },
        bot,
        // Attachment ids grow: a later upload has a larger one (zero-padded to compare).
        attempt: attachment.map_or_else(String::new, |a| format!("{a:0>20}")),
        file,
        role,
    })
}

/// Whether `c` may be in a sortable name as a download writes it: a word character (a
/// letter or digit of any script, or `_`) that is not upper-case.
fn is_sortable_char(c: char) -> bool {
    c == '_' || (c.is_alphanumeric() && !c.is_uppercase())
}

/// A sortable name as Canvas writes it in a download: "Last, First" lower-cased, every
/// character but word characters (letters and digits of any script, `_`) removed.
pub fn sortable(last_first: &str) -> String {
    last_first
        .to_lowercase()
        .chars()
        .filter(|&c| c == '_' || c.is_alphanumeric())
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
        assert_eq!(sortable("Ñúñez, José"), "ñúñezjosé");
        assert_eq!(sortable("O'Brien, Zoë"), "obrienzoë");
        assert_eq!(sortable("O_Brien, Zoe"), "o_brienzoe");
        let u = parse("ñúñezjosé_LATE_1003_5003_bot.wasm").unwrap();
        assert_eq!(
            (u.bot.as_str(), u.identity.id.as_str()),
            ("ñúñezjosé", "1003")
        );
        assert!(u.identity.late);
        // Upper case never survives Canvas's lower-casing.
        assert_eq!(parse("Núñez_1_2_b.wasm"), None);
    }

    #[test]
    fn an_empty_sortable_name_names_the_bot_after_the_user_id() {
        let p = parse("_1234_98765_bot.wasm").unwrap();
        assert_eq!(p.bot, "user_1234");
        assert_eq!(p.identity.id, "1234");
        assert_eq!(p.identity.name, None);
        assert_eq!(p.identity.prefix, "_1234_98765_");
        assert_eq!(parse("_LATE_77_text.html").unwrap().bot, "user_77");
    }

    #[test]
    fn a_sortable_name_holding_an_underscore_parses_when_unambiguous() {
        let p = parse("o_brien_1234_98765_my_bot.wasm").unwrap();
        assert_eq!(p.bot, "o_brien");
        assert_eq!(p.identity.id, "1234");
        assert_eq!(p.file, "my_bot.wasm");
        let l = parse("o_brien_LATE_1234_98765_bot.wasm").unwrap();
        assert!(l.identity.late && l.bot == "o_brien");
        assert_eq!(parse("o_brien_77_text.html").unwrap().bot, "o_brien");
        // The first `_` wins when it parses (a display name may hold numbers).
        let d = parse("smithann_1_2_3_bot.wasm").unwrap();
        assert_eq!(
            (d.bot.as_str(), d.file.as_str()),
            ("smithann", "3_bot.wasm")
        );
        // Two longer names parse: refused.
        assert_eq!(parse("o_b_1_2_3_bot.wasm"), None);
    }

    #[test]
    fn a_later_attachment_is_a_later_attempt() {
        let a = parse("smithann_1_99_bot.wasm").unwrap();
        let b = parse("smithann_1_100_bot-1.wasm").unwrap();
        assert!(b.attempt > a.attempt);
    }
}
