//! Signing in with a token, sessions that expire, and the CSRF check of every form.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::{ConnectInfo, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::Form;
use rusqlite::{params, OptionalExtension};
use serde::Deserialize;

use super::{html, App, Failure, Reply};
use crate::course::Role;
use crate::db;
use crate::secret;

/// The session cookie's name.
pub const COOKIE: &str = "arena_session";

/// A signed-in person.
#[derive(Clone, Debug)]
pub struct Session {
    /// Their id in the database.
    pub person: i64,
    /// Their role.
    pub role: Role,
    /// The token every form of theirs carries.
    pub csrf: String,
}

impl Session {
    /// Whether they see everything.
    pub fn instructor(&self) -> bool {
        self.role == Role::Instructor
    }

    /// The navigation of their pages.
    pub fn nav(&self) -> Option<(bool, &str)> {
        Some((self.instructor(), &self.csrf))
    }
}

/// The session cookie's value, if any.
fn cookie(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .find_map(|c| {
            c.trim()
                .strip_prefix(COOKIE)?
                .strip_prefix('=')
                .map(str::to_string)
        })
}

/// The person a request's session cookie signs in, when it is valid and unexpired.
pub async fn session(app: &Arc<App>, headers: &HeaderMap) -> Result<Option<Session>, Failure> {
    let Some(id) = cookie(headers) else {
        return Ok(None);
    };
    let hash = secret::hash(&id);
    app.db(move |conn| {
        let row = conn
            .query_row(
                "SELECT s.person, p.role, s.csrf FROM sessions s JOIN people p ON p.id = s.person
                 WHERE s.id_hash = ?1 AND s.expires > ?2 AND p.removed = 0",
                params![hash, db::now()],
                |r| {
                    Ok((
                        r.get::<_, i64>(0)?,
                        r.get::<_, String>(1)?,
                        r.get::<_, String>(2)?,
                    ))
                },
            )
            .optional()?;
        Ok(row.map(|(person, role, csrf)| Session {
            person,
            role: Role::parse(&role).unwrap_or(Role::Student),
            csrf,
        }))
    })
    .await
}

/// The session, or a redirect to the sign-in page.
pub async fn required(app: &Arc<App>, headers: &HeaderMap) -> Result<Session, Response> {
    match session(app, headers).await {
        Ok(Some(s)) => Ok(s),
        Ok(None) => Err(Redirect::to("/signin").into_response()),
        Err(f) => Err(f.into_response()),
    }
}

/// Refuses a form whose CSRF token is not the session's, or that comes from another
/// site (an `Origin` header naming another host).
///
/// # Errors
/// 403 naming the problem.
pub fn check_form(session: &Session, headers: &HeaderMap, csrf: &str) -> Result<(), Failure> {
    same_origin(headers)?;
    if !secret::same(csrf, &session.csrf) {
        return Err(Failure(
            StatusCode::FORBIDDEN,
            "the form's security token is missing or wrong (reload the page and try again)".into(),
        ));
    }
    Ok(())
}

/// Refuses a request whose `Origin` names another host than `Host`.
///
/// # Errors
/// 403.
pub fn same_origin(headers: &HeaderMap) -> Result<(), Failure> {
    let (Some(origin), Some(host)) = (headers.get(header::ORIGIN), headers.get(header::HOST))
    else {
        return Ok(());
    };
    let origin = origin.to_str().unwrap_or("");
    let host = host.to_str().unwrap_or("");
    let origin_host = origin.split_once("://").map_or(origin, |(_, h)| h);
    if origin == "null" || origin_host != host {
        return Err(Failure(
            StatusCode::FORBIDDEN,
            "the form was sent from another site".into(),
        ));
    }
    Ok(())
}

/// The sign-in page: a token field, filled from the address's `#TOKEN` when a sign-in
/// link was followed.
pub async fn sign_in_page() -> Html<String> {
    Html(html::page(
        "Sign in",
        None,
        "<form method=post action=\"/signin\" id=signin><p><label>Your token <input name=token id=token size=70 autocomplete=off></label> \
<button>Sign in</button></p></form>\
<script>const t=location.hash.slice(1);if(/^[0-9a-f]{64}$/.test(t)){history.replaceState(null,'',location.pathname);\
document.getElementById('token').value=t;document.getElementById('signin').submit();}</script>",
    ))
}

/// The sign-in form.
#[derive(Deserialize)]
pub struct SignIn {
    token: String,
}

/// Signs in with a token: a new session (its id in a cookie, its hash stored), or 401.
/// Failed attempts are limited per address.
pub async fn sign_in(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Form(form): Form<SignIn>,
) -> Reply {
    same_origin(&headers)?;
    if app.sign_ins.blocked(peer.ip()) {
        return Err(Failure(
            StatusCode::TOO_MANY_REQUESTS,
            "too many failed sign-ins from this address: wait ten minutes".into(),
        ));
    }
    let hash = secret::hash(form.token.trim());
    let id =
        secret::fresh().map_err(|e| Failure(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    let csrf =
        secret::fresh().map_err(|e| Failure(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    let (id_hash, lasting) = (secret::hash(&id), app.course.limits.sign_in.as_secs());
    let signed = app
        .db(move |conn| {
            let person: Option<i64> = conn
                .query_row(
                    "SELECT id FROM people WHERE token_hash = ?1 AND removed = 0",
                    [&hash],
                    |r| r.get(0),
                )
                .optional()?;
            let Some(person) = person else {
                return Ok(false);
            };
            conn.execute("DELETE FROM sessions WHERE expires <= ?1", [db::now()])?;
            conn.execute(
                "INSERT INTO sessions (id_hash, person, csrf, expires) VALUES (?1, ?2, ?3, ?4)",
                params![id_hash, person, csrf, db::now() + lasting as i64],
            )?;
            Ok(true)
        })
        .await?;
    if !signed {
        app.sign_ins.count(peer.ip());
        return Err(Failure(
            StatusCode::UNAUTHORIZED,
            "that token is not valid".into(),
        ));
    }
    let secure = if app.secure_cookies { "; Secure" } else { "" };
    let cookie =
        format!("{COOKIE}={id}; HttpOnly; SameSite=Strict; Path=/; Max-Age={lasting}{secure}");
    let mut response = Redirect::to("/me").into_response();
    response.headers_mut().insert(
        header::SET_COOKIE,
        HeaderValue::from_str(&cookie)
            .map_err(|e| Failure(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?,
    );
    Ok(response)
}

/// The sign-out form.
#[derive(Deserialize)]
pub struct CsrfOnly {
    #[serde(default)]
    csrf: String,
}

/// Ends the session.
pub async fn sign_out(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    Form(form): Form<CsrfOnly>,
) -> Reply {
    let s = match required(&app, &headers).await {
        Ok(s) => s,
        Err(r) => return Ok(r),
    };
    check_form(&s, &headers, &form.csrf)?;
    let hash = cookie(&headers)
        .map(|c| secret::hash(&c))
        .unwrap_or_default();
    app.db(move |conn| {
        conn.execute("DELETE FROM sessions WHERE id_hash = ?1", [hash])?;
        Ok(())
    })
    .await?;
    let mut response = Redirect::to("/signin").into_response();
    response.headers_mut().insert(
        header::SET_COOKIE,
        HeaderValue::from_static("arena_session=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0"),
    );
    Ok(response)
}

/// The person a bearer token (`Authorization: Bearer TOKEN`, for `arena submit`) names.
pub async fn bearer(app: &Arc<App>, headers: &HeaderMap) -> Result<i64, Failure> {
    let token = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::trim)
        .unwrap_or("")
        .to_string();
    let hash = secret::hash(&token);
    let person = app
        .db(move |conn| {
            Ok(conn
                .query_row(
                    "SELECT id FROM people WHERE token_hash = ?1 AND removed = 0",
                    [&hash],
                    |r| r.get::<_, i64>(0),
                )
                .optional()?)
        })
        .await?;
    person.ok_or_else(|| {
        Failure(
            StatusCode::UNAUTHORIZED,
            "the token is missing or not valid (ARENA_TOKEN or --token-file)".into(),
        )
    })
}
