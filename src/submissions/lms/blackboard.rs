//! Blackboard Learn's names ("Assignment File Download"): each attempt's files as
//! `<assignment>_<username>_attempt_<YYYY-MM-DD-HH-MM-SS>_<original file name>`, beside the
//! attempt's receipt `<assignment>_<username>_attempt_<YYYY-MM-DD-HH-MM-SS>.txt`, whose
//! lines include `Name: First Last (username)`. The pattern is what community tools parse
//! (Blackboard's documentation describes the download, not the names). The attempt is the
//! first `_attempt_` followed by a date (the original file name may hold another). The text
//! before it is `<assignment>_<username>`: [`parse`] reads the user name as its last
//! `_`-separated part, and intake corrects it from the attempt's receipt ([`receipt_users`],
//! [`head`], [`with_user`]), since a user name may hold `_` (`smith_j`).

use super::{Identity, Layout, Parsed, Role};

/// The mark before an attempt's date.
const MARK: &str = "_attempt_";

/// Whether `s` is a date `YYYY-MM-DD-HH-MM-SS`.
fn is_date(s: &str) -> bool {
    s.len() == 19
        && s.bytes().enumerate().all(|(i, b)| {
            if [4, 7, 10, 13, 16].contains(&i) {
                b == b'-'
            } else {
                b.is_ascii_digit()
            }
        })
}

/// Parses a Blackboard entry name.
pub fn parse(name: &str) -> Option<Parsed> {
    if name.contains('/') {
        return None;
    }
    // The first `_attempt_` followed by a date: an original file name may hold another.
    let at = name.match_indices(MARK).map(|(i, _)| i).find(|&i| {
        name.get(i + MARK.len()..i + MARK.len() + 19)
            .is_some_and(is_date)
    })?;
    let (assignment, user) = name[..at].rsplit_once('_')?;
    if assignment.is_empty() || user.is_empty() {
        return None;
    }
    let after = &name[at + MARK.len()..];
    let date = after.get(..19).filter(|d| is_date(d))?;
    let tail = &after[19..];
    let (file, role) = if tail == ".txt" {
        (String::new(), Role::Receipt)
    } else {
        let file = tail.strip_prefix('_').filter(|f| !f.is_empty())?;
        (file.to_string(), Role::File)
    };
    Some(Parsed {
        identity: Identity {
            layout: Layout::Blackboard,
            id: user.to_string(),
            name: None,
            user: Some(user.to_string()),
            attempt: Some(date.to_string()),
            late: false,
            blind: false,
            prefix: format!("{assignment}_{user}{MARK}{date}"),
        },
        bot: user.to_string(),
        attempt: date.to_string(),
        file,
        role,
    })
}

/// The text before `_attempt_` of an entry [`parse`] read: `<assignment>_<username>`.
pub fn head(p: &Parsed) -> &str {
    let prefix = &p.identity.prefix;
    prefix
        .len()
        .checked_sub(MARK.len() + 19)
        .and_then(|end| prefix.get(..end))
        .unwrap_or(prefix)
}

/// The user names a receipt gives, in its `Name: First Last (username)` lines.
pub fn receipt_users(text: &str) -> impl Iterator<Item = &str> {
    text.lines().filter_map(|line| {
        let rest = line.trim().strip_prefix("Name:")?.trim();
        let (_, tail) = rest.rsplit_once(" (")?;
        tail.strip_suffix(')').filter(|u| !u.is_empty())
    })
}

/// The assignment part of `head` when its user name is `user` (`head` is
/// `<assignment>_<user>`, the assignment not empty).
pub fn assignment_of<'a>(head: &'a str, user: &str) -> Option<&'a str> {
    head.strip_suffix(user)?
        .strip_suffix('_')
        .filter(|a| !a.is_empty())
}

/// `p` with its user name `user` (read from a receipt, or the download's one assignment
/// name): its id, user name and bot name.
pub fn with_user(mut p: Parsed, user: &str) -> Parsed {
    p.identity.id = user.to_string();
    p.identity.user = Some(user.to_string());
    p.bot = user.to_string();
    p
}

/// The name on a receipt (`Name: First Last (username)`), when its user name is `user`.
pub fn receipt_name(text: &str, user: &str) -> Option<String> {
    text.lines().find_map(|line| {
        let rest = line.trim().strip_prefix("Name:")?.trim();
        let (name, tail) = rest.rsplit_once(" (")?;
        (tail.strip_suffix(')')? == user).then(|| name.trim().to_string())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_attempt_is_the_first_mark_followed_by_a_date() {
        let p = parse("Bots_jdoe_attempt_2024-03-01-10-00-00_x_attempt_2024-01-01-00-00-00_y.wasm")
            .unwrap();
        assert_eq!(p.identity.id, "jdoe");
        assert_eq!(p.attempt, "2024-03-01-10-00-00");
        assert_eq!(p.file, "x_attempt_2024-01-01-00-00-00_y.wasm");
        let q = parse("Bots_attempt_x_jdoe_attempt_2024-03-01-10-00-00_b.wasm").unwrap();
        assert_eq!(q.identity.id, "jdoe");
        assert_eq!(q.file, "b.wasm");
    }

    #[test]
    fn attempts_files_and_receipts() {
        let p = parse("Bots 1_jdoe_attempt_2024-03-01-10-00-00_my bot.wasm").unwrap();
        assert_eq!(p.identity.id, "jdoe");
        assert_eq!(p.file, "my bot.wasm");
        assert_eq!(p.attempt, "2024-03-01-10-00-00");
        assert_eq!(p.role, Role::File);
        let r = parse("Bots_1_jdoe_attempt_2024-03-01-10-00-00.txt").unwrap();
        assert_eq!((r.role, r.bot.as_str()), (Role::Receipt, "jdoe"));
        for bad in [
            "jdoe_attempt_2024-03-01-10-00-00_b.wasm",
            "A_jdoe_attempt_2024-03-01_b.wasm",
            "A_jdoe_attempt_2024-03-01-10-00-00_",
        ] {
            assert_eq!(parse(bad), None, "{bad}");
        }
        let text = "Name: Zoë O'Brien (jdoe)\nAssignment: Bots 1\n";
        assert_eq!(receipt_name(text, "jdoe").as_deref(), Some("Zoë O'Brien"));
        assert_eq!(receipt_name(text, "other"), None);
    }

    #[test]
    fn a_receipt_gives_the_user_name_holding_underscores() {
        let p = parse("Bots 1_smith_j_attempt_2024-03-01-10-00-00_b.wasm").unwrap();
        assert_eq!(p.identity.id, "j");
        assert_eq!(head(&p), "Bots 1_smith_j");
        let text = "Name: Jo Smith (smith_j)\nAssignment: Bots 1\n";
        assert_eq!(receipt_users(text).collect::<Vec<_>>(), ["smith_j"]);
        assert_eq!(assignment_of(head(&p), "smith_j"), Some("Bots 1"));
        assert_eq!(assignment_of(head(&p), "mith_j"), None);
        assert_eq!(assignment_of("smith_j", "smith_j"), None);
        let q = with_user(p, "smith_j");
        assert_eq!(
            (q.identity.id.as_str(), q.bot.as_str()),
            ("smith_j", "smith_j")
        );
        assert_eq!(q.identity.user.as_deref(), Some("smith_j"));
        assert_eq!(
            q.identity.prefix,
            "Bots 1_smith_j_attempt_2024-03-01-10-00-00"
        );
        assert_eq!(receipt_users("Name: (x)\nName: Nobody").count(), 0);
    }
}
