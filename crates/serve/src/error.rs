//! Errors as JSON: `{"error": "…"}` with the HTTP status, and `line` and `column` (1-based)
//! when the input was malformed at a known place. A panic in a handler becomes a 500 of the
//! same shape and the server goes on.

use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::json;

/// A failed request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What went wrong, for a person.
    pub message: String,
    /// Where in the input (1-based line and column), when known.
    pub position: Option<(usize, usize)>,
    /// Seconds after which to try again (503 when every solve slot is busy).
    pub retry_after: Option<u64>,
}

impl ApiError {
    /// An error without a position.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
            position: None,
            retry_after: None,
        }
    }

    /// A bug caught before a wrong answer went out (500): `internal error: {what}`.
    pub fn internal(what: impl std::fmt::Display) -> ApiError {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("internal error: {what}"),
        )
    }

    /// Bad input (400), with the position when the message starts `NAME:LINE:COLUMN:`, the
    /// form every reader of the toolkit uses, `NAME` being `name`.
    pub fn input(name: &str, message: impl Into<String>) -> ApiError {
        let message = message.into();
        let mut e = ApiError::new(StatusCode::BAD_REQUEST, message.clone());
        if let Some(rest) = message.strip_prefix(name).and_then(|r| r.strip_prefix(':')) {
            let mut parts = rest.splitn(3, ':');
            if let (Some(l), Some(c), Some(m)) = (parts.next(), parts.next(), parts.next())
                && let (Ok(l), Ok(c)) = (l.parse(), c.parse())
            {
                e.position = Some((l, c));
                e.message = m.trim().to_string();
            }
        }
        e
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut body = json!({"error": self.message});
        if let Some((line, column)) = self.position {
            body["line"] = json!(line);
            body["column"] = json!(column);
        }
        let mut r = (self.status, Json(body)).into_response();
        if let Some(s) = self.retry_after
            && let Ok(v) = s.to_string().parse()
        {
            r.headers_mut().insert(header::RETRY_AFTER, v);
        }
        r
    }
}

impl From<JsonRejection> for ApiError {
    fn from(r: JsonRejection) -> ApiError {
        // serde_json's messages end "at line L column C".
        let text = r.body_text();
        let mut e = ApiError::new(r.status(), text.clone());
        if let Some(i) = text.rfind(" at line ") {
            let mut words = text[i + 9..].split(' ');
            if let (Some(l), Some("column"), Some(c)) = (words.next(), words.next(), words.next())
                && let (Ok(l), Ok(c)) = (l.parse(), c.parse())
            {
                e.position = Some((l, c));
            }
        }
        e
    }
}

/// The body of a request: JSON of type `T`, or a JSON error naming what was wrong.
#[derive(Debug)]
pub struct Body<T>(pub T);

impl<S: Send + Sync, T: serde::de::DeserializeOwned> axum::extract::FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: axum::extract::Request, state: &S) -> Result<Self, ApiError> {
        let Json(t) = Json::<T>::from_request(req, state).await?;
        Ok(Body(t))
    }
}

/// What a panic in a handler answers (the server itself goes on).
pub fn panic_response(_: Box<dyn std::any::Any + Send + 'static>) -> Response {
    ApiError::new(
        StatusCode::INTERNAL_SERVER_ERROR,
        "internal error: the handler failed (the server goes on)",
    )
    .into_response()
}
