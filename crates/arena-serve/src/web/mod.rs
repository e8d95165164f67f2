//! The web server: pages for students and instructors, the upload and submit
//! endpoints, and the replay viewer. Every handler reaches the database on tokio's
//! blocking pool through a small pool of connections.

mod api;
mod auth;
pub mod html;
mod limiter;
mod pages;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};

use axum::extract::DefaultBodyLimit;
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use rusqlite::Connection;

use crate::course::Course;
use crate::db::{self, DbError};

/// What every handler shares.
pub struct App {
    /// The course.
    pub course: Arc<Course>,
    /// The `arena` executable that checks uploads.
    pub arena: PathBuf,
    /// Idle database connections.
    pool: Mutex<Vec<Connection>>,
    /// Checks running at once (each is a child process playing games).
    checks: tokio::sync::Semaphore,
    /// Failed sign-ins by address.
    sign_ins: limiter::Limiter,
    /// Whether cookies are marked Secure (the server is reached over HTTPS through a proxy).
    secure_cookies: bool,
}

/// A refused or failed request: its status and the sentence said.
#[derive(Debug)]
pub struct Failure(pub StatusCode, pub String);

impl IntoResponse for Failure {
    fn into_response(self) -> Response {
        let body = html::page(
            self.0.canonical_reason().unwrap_or("Error"),
            None,
            &format!("<p>{}</p><p><a href=\"/\">Back</a></p>", html::esc(&self.1)),
        );
        (self.0, Html(body)).into_response()
    }
}

impl From<DbError> for Failure {
    fn from(e: DbError) -> Failure {
        eprintln!("arena serve: {e}");
        Failure(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the server's database failed".into(),
        )
    }
}

impl From<rusqlite::Error> for Failure {
    fn from(e: rusqlite::Error) -> Failure {
        Failure::from(DbError(e))
    }
}

/// A handler's result.
pub type Reply = Result<Response, Failure>;

impl App {
    /// The state of a server for `course`.
    pub fn new(course: Arc<Course>, arena: PathBuf, secure_cookies: bool) -> App {
        App {
            course,
            arena,
            pool: Mutex::new(Vec::new()),
            checks: tokio::sync::Semaphore::new(2),
            sign_ins: limiter::Limiter::new(20, std::time::Duration::from_secs(600)),
            secure_cookies,
        }
    }

    /// Runs `f` with a database connection on the blocking pool.
    pub async fn db<T, F>(self: &Arc<App>, f: F) -> Result<T, Failure>
    where
        T: Send + 'static,
        F: FnOnce(&mut Connection) -> Result<T, Failure> + Send + 'static,
    {
        let app = Arc::clone(self);
        tokio::task::spawn_blocking(move || {
            let taken = app
                .pool
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .pop();
            let mut conn = match taken {
                Some(c) => c,
                None => db::open(&app.course.database())?,
            };
            let out = f(&mut conn);
            if conn.is_autocommit() {
                app.pool
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .push(conn);
            }
            out
        })
        .await
        .map_err(|e| {
            Failure(
                StatusCode::INTERNAL_SERVER_ERROR,
                format!("the request failed: {e}"),
            )
        })?
    }
}

/// The router of every page and endpoint.
pub fn router(app: Arc<App>) -> Router {
    let upload_cap =
        usize::try_from(app.course.limits.module_bytes).unwrap_or(usize::MAX) + 64 * 1024;
    Router::new()
        .route("/", get(pages::leaderboard))
        .route("/signin", get(auth::sign_in_page).post(auth::sign_in))
        .route("/signout", post(auth::sign_out))
        .route("/me", get(pages::me))
        .route("/games", get(pages::games))
        .route("/games/{id}", get(pages::game))
        .route("/versions/{id}", get(pages::version))
        .route("/active", post(pages::set_active))
        .route("/handle", post(pages::set_handle))
        .route("/challenge", post(pages::challenge))
        .route("/admin", get(pages::admin))
        .route("/admin/disable", post(pages::disable))
        .route("/admin/remove", post(pages::remove))
        .route("/viewer.wasm", get(pages::viewer))
        .route("/api/leaderboard", get(api::leaderboard))
        .route(
            "/upload",
            post(api::upload).layer(DefaultBodyLimit::max(upload_cap)),
        )
        .route(
            "/api/submit",
            post(api::submit).layer(DefaultBodyLimit::max(upload_cap)),
        )
        .layer(DefaultBodyLimit::max(64 * 1024))
        .with_state(app)
}

/// Serves `app` on `listener` until Ctrl-C or SIGTERM.
///
/// # Errors
/// When the server fails.
pub async fn serve(app: Arc<App>, listener: tokio::net::TcpListener) -> std::io::Result<()> {
    axum::serve(
        listener,
        router(app).into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(async {
        let ctrl_c = tokio::signal::ctrl_c();
        #[cfg(unix)]
        {
            let mut term =
                match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                    Ok(t) => t,
                    Err(_) => {
                        let _ = ctrl_c.await;
                        return;
                    }
                };
            tokio::select! {
                _ = ctrl_c => {}
                _ = term.recv() => {}
            }
        }
        #[cfg(not(unix))]
        let _ = ctrl_c.await;
    })
    .await
}
