//! The pages' HTML: escaping and the one layout.

use std::fmt::Write;

/// `text` escaped for HTML text and attribute values (arena's one escaping).
pub use arena::output::html::escape as esc;

/// JSON for a `<script type="application/json">` element (`<` escaped, so no text can
/// close the element).
pub fn script_json(value: &serde_json::Value) -> String {
    value.to_string().replace('<', "\\u003c")
}

/// The style of every page.
const STYLE: &str = "body{font-family:system-ui,sans-serif;max-width:60rem;margin:1rem auto;padding:0 1rem;color:#222}\
nav a{margin-right:1rem}table{border-collapse:collapse}td,th{padding:.2rem .6rem;border-bottom:1px solid #ddd;text-align:left}\
pre{background:#f6f6f6;padding:.6rem;overflow:auto}#drop{border:2px dashed #888;padding:2rem;text-align:center}\
#drop.over{background:#eef}.ready{color:#070}.notready{color:#a00}form.inline{display:inline}";

/// A whole page: `title`, the navigation for a signed-in person (`nav`: whether they are
/// an instructor and their CSRF token), and `body`.
pub fn page(title: &str, nav: Option<(bool, &str)>, body: &str) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        "<!doctype html><html lang=en><head><meta charset=utf-8><meta name=viewport content=\"width=device-width\">\
<title>{}</title><style>{STYLE}</style></head><body>",
        esc(title)
    );
    if let Some((instructor, csrf)) = nav {
        out.push_str("<nav><a href=\"/\">Leaderboard</a><a href=\"/me\">My bots</a><a href=\"/games\">My games</a>");
        if instructor {
            out.push_str("<a href=\"/admin\">Instructor</a>");
        }
        let _ = write!(
            out,
            "<form class=inline method=post action=\"/signout\"><input type=hidden name=csrf value=\"{}\"><button>Sign out</button></form></nav>",
            esc(csrf)
        );
    }
    let _ = write!(out, "<h1>{}</h1>{body}</body></html>", esc(title));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup_and_script_ends() {
        assert_eq!(
            esc("<a href='x'>&\"</a>"),
            "&lt;a href=&#39;x&#39;&gt;&amp;&quot;&lt;/a&gt;"
        );
        let v = serde_json::json!({"s": "</script><b>"});
        assert!(!script_json(&v).contains("</script>"));
    }
}
