//! The upload endpoints (the web page's form and `arena submit`) and the leaderboard as
//! JSON.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{ConnectInfo, Multipart, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::Json;
use serde::Deserialize;

use super::auth::{self, Session};
use super::{html, pages, App, Failure, Reply};
use crate::store::Kind;
use crate::upload::{self, Checked, UploadError};

/// The status and sentence of a refused upload.
fn refused(e: UploadError) -> Failure {
    let status = match e {
        UploadError::TooMany { .. } => StatusCode::TOO_MANY_REQUESTS,
        UploadError::Closed => StatusCode::FORBIDDEN,
        UploadError::TooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
        UploadError::Kind | UploadError::Empty => StatusCode::BAD_REQUEST,
        UploadError::Db(_) | UploadError::Store(_) => StatusCode::INTERNAL_SERVER_ERROR,
        UploadError::Check(_) => StatusCode::SERVICE_UNAVAILABLE,
    };
    if status.is_server_error() {
        eprintln!("arena serve: upload: {e}");
    }
    Failure(status, e.to_string())
}

/// Takes an upload of `person` and checks it (at most two checks at once).
async fn take(app: &Arc<App>, person: i64, bytes: Vec<u8>, kind: Kind) -> Result<Checked, Failure> {
    let _slot = app.checks.acquire().await.map_err(|_| {
        Failure(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server is stopping".into(),
        )
    })?;
    let course = Arc::clone(&app.course);
    let exe = app.arena.clone();
    app.db(move |conn| {
        let version = upload::accept(conn, &course, person, &bytes, kind).map_err(refused)?;
        upload::check_version(conn, &course, &exe, version).map_err(refused)
    })
    .await
}

/// The status of a checked upload: 200 ready, 422 not ready.
fn status(c: &Checked) -> StatusCode {
    if c.verdict.ready {
        StatusCode::OK
    } else {
        StatusCode::UNPROCESSABLE_ENTITY
    }
}

/// `POST /upload`: the web page's form (`csrf`, then `file`), answered with the
/// verdict page.
pub async fn upload(State(app): State<Arc<App>>, headers: HeaderMap, mut form: Multipart) -> Reply {
    let s: Session = match auth::required(&app, &headers).await {
        Ok(s) => s,
        Err(r) => return Ok(r),
    };
    auth::same_origin(&headers)?;
    let cap = app.course.limits.module_bytes;
    let too_large = || {
        Failure(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("the file is larger than the course's cap of {cap} bytes"),
        )
    };
    let mut csrf = String::new();
    let mut file: Option<(Kind, Vec<u8>)> = None;
    loop {
        let field = match form.next_field().await {
            Ok(Some(f)) => f,
            Ok(None) => break,
            Err(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => return Err(too_large()),
            Err(e) => {
                return Err(Failure(
                    e.status(),
                    format!("the form could not be read: {}", e.body_text()),
                ))
            }
        };
        match field.name() {
            Some("csrf") => {
                csrf = field
                    .text()
                    .await
                    .map_err(|e| Failure(e.status(), e.body_text()))?;
            }
            Some("file") => {
                // The security token comes first in the form: nothing of a forged one is
                // kept (the rest of its body is read and dropped, so the client hears the
                // answer).
                if let Err(f) = auth::check_form(&s, &headers, &csrf) {
                    drop(field);
                    drain(&mut form).await;
                    return Err(f);
                }
                let Some(kind) = field.file_name().and_then(Kind::of_name) else {
                    drop(field);
                    drain(&mut form).await;
                    return Err(Failure(
                        StatusCode::BAD_REQUEST,
                        UploadError::Kind.to_string(),
                    ));
                };
                let mut field = field;
                let mut bytes = Vec::new();
                loop {
                    match field.chunk().await {
                        Ok(Some(chunk)) => {
                            if (bytes.len() + chunk.len()) as u64 > cap {
                                // Past the cap: nothing more is kept; the rest is read
                                // (within the body's cap) and dropped.
                                drop(field);
                                drain(&mut form).await;
                                return Err(too_large());
                            }
                            bytes.extend_from_slice(&chunk);
                        }
                        Ok(None) => break,
                        Err(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                            return Err(too_large())
                        }
                        Err(e) => return Err(Failure(e.status(), e.body_text())),
                    }
                }
                file = Some((kind, bytes));
            }
            _ => {}
        }
    }
    auth::check_form(&s, &headers, &csrf)?;
    let Some((kind, bytes)) = file else {
        return Err(Failure(
            StatusCode::BAD_REQUEST,
            "the form holds no file".into(),
        ));
    };
    let checked = take(&app, s.person, bytes, kind).await?;
    let body = format!(
        "<p class={}>Verdict: <b>{}</b> (version {}, sha256 {})</p><pre id=report>{}</pre><p><a href=\"/me\">Back to my bots</a></p>",
        if checked.verdict.ready { "ready" } else { "notready" },
        if checked.verdict.ready { "READY" } else { "NOT READY" },
        checked.version,
        html::esc(&checked.sha256[..12]),
        html::esc(&checked.verdict.report)
    );
    Ok((
        status(&checked),
        Html(html::page("Upload checked", s.nav(), &body)),
    )
        .into_response())
}

/// Reads and drops what is left of a form (within the body's cap).
async fn drain(form: &mut Multipart) {
    while let Ok(Some(mut field)) = form.next_field().await {
        while let Ok(Some(_)) = field.chunk().await {}
    }
}

/// `?name=` of `POST /api/submit`: the file's name (for its kind only).
#[derive(Deserialize)]
pub struct SubmitQuery {
    #[serde(default)]
    name: String,
}

/// `POST /api/submit?name=bot.wasm` with `Authorization: Bearer TOKEN` and the file as
/// the body: the check's report as text, `X-Arena-Verdict: ready` or `not-ready`.
pub async fn submit(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Query(q): Query<SubmitQuery>,
    body: Result<Bytes, axum::extract::rejection::BytesRejection>,
) -> Response {
    let answer = async {
        if app.sign_ins.blocked(peer.ip()) {
            return Err(Failure(
                StatusCode::TOO_MANY_REQUESTS,
                "too many failed sign-ins from this address: wait ten minutes".into(),
            ));
        }
        let person = match auth::bearer(&app, &headers).await {
            Ok(p) => p,
            Err(f) => {
                app.sign_ins.count(peer.ip());
                return Err(f);
            }
        };
        let body = body.map_err(|e| {
            let cap = app.course.limits.module_bytes;
            if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
                Failure(
                    e.status(),
                    format!("the file is larger than the course's cap of {cap} bytes"),
                )
            } else {
                Failure(e.status(), e.body_text())
            }
        })?;
        let kind = Kind::of_name(&q.name)
            .ok_or_else(|| Failure(StatusCode::BAD_REQUEST, UploadError::Kind.to_string()))?;
        take(&app, person, body.to_vec(), kind).await
    }
    .await;
    match answer {
        Ok(c) => {
            let mut r = (
                status(&c),
                format!("version {}\n{}", c.version, c.verdict.report),
            )
                .into_response();
            r.headers_mut().insert(
                "x-arena-verdict",
                HeaderValue::from_static(if c.verdict.ready {
                    "ready"
                } else {
                    "not-ready"
                }),
            );
            r
        }
        Err(Failure(status, text)) => (status, format!("{text}\n")).into_response(),
    }
}

/// `GET /api/leaderboard`: the leaderboard as the signed-in person sees it.
pub async fn leaderboard(State(app): State<Arc<App>>, headers: HeaderMap) -> Reply {
    let s = auth::session(&app, &headers)
        .await?
        .ok_or_else(|| Failure(StatusCode::UNAUTHORIZED, "sign in first".into()))?;
    let course = Arc::clone(&app.course);
    let rows = app
        .db(move |conn| Ok(pages::board(conn, &course, &s)?))
        .await?;
    Ok(Json(rows).into_response())
}
