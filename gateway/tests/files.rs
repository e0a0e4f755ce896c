//! The console's files: security headers, the console's routes, the encoding the client prefers
//! and revalidation.

mod common;

use axum::http::{Method, StatusCode};

use common::*;
// The rig's upstream is the sandbox on the loopback.
use gateway::statics::CONTENT_SECURITY_POLICY_LOCAL_UPSTREAM;

#[tokio::test]
async fn static_files_with_security_headers_and_the_console_routes() {
    let rig = Rig::start(healthy(), |_| {}).await;
    // A route with a shell gets it; any other route, and `/` without one, gets index.html.
    let shell = post_search_shell();
    let index = index_html();
    for (path, body) in [
        ("/", &index),
        ("/post-search", &shell),
        ("/post-search/", &shell),
        ("/channel-info", &index),
        ("/assets", &index),
        ("/routes", &index),
    ] {
        let page = rig.get(path).await;
        assert_eq!(page.status, StatusCode::OK, "{path}");
        assert_eq!(&page.body, body, "{path}");
        assert_eq!(
            page.header("content-type"),
            Some("text/html; charset=utf-8")
        );
        assert_eq!(page.header("cache-control"), Some("no-cache"));
        assert_eq!(
            page.header("content-security-policy"),
            Some(CONTENT_SECURITY_POLICY_LOCAL_UPSTREAM)
        );
        assert_eq!(page.header("x-content-type-options"), Some("nosniff"));
        assert_eq!(page.header("referrer-policy"), Some("no-referrer"));
    }
    let wasm = rig.get("/app-0123456789abcdef_bg.wasm").await;
    assert_eq!(wasm.header("content-type"), Some("application/wasm"));
    assert_eq!(
        wasm.header("cache-control"),
        Some("public, max-age=31536000, immutable")
    );
    let boot = rig.get("/boot.js").await;
    assert_eq!(
        (boot.body.as_str(), boot.header("cache-control")),
        ("boot()", Some("no-cache"))
    );
    assert_eq!(
        boot.header("content-type"),
        Some("text/javascript; charset=utf-8")
    );
    assert_eq!(
        rig.get("/missing-0123456789abcdef.js").await.status,
        StatusCode::NOT_FOUND
    );
    for probe in [
        "/../secret.txt",
        "/%2e%2e/secret.txt",
        "/assets/..%2F..%2Fsecret.txt",
    ] {
        let answer = rig.get(probe).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{probe}");
        assert!(!answer.body.contains("outside"));
    }
    assert_eq!(
        rig.send(Method::POST, "/", &[]).await.status,
        StatusCode::METHOD_NOT_ALLOWED
    );
}

#[tokio::test]
async fn files_go_in_the_encoding_the_client_prefers() {
    let rig = Rig::start(healthy(), |_| {}).await;
    let index = index_html().into_bytes();
    let shell = post_search_shell().into_bytes();
    let module = module_js().into_bytes();
    let immutable = Some("public, max-age=31536000, immutable");
    // (path, file behind it, original bytes, Content-Type, Cache-Control)
    let files = [
        (
            "/",
            "index.html",
            &index,
            "text/html; charset=utf-8",
            Some("no-cache"),
        ),
        (
            "/channel-info",
            "index.html",
            &index,
            "text/html; charset=utf-8",
            Some("no-cache"),
        ),
        (
            "/post-search",
            "routes/post-search.html",
            &shell,
            "text/html; charset=utf-8",
            Some("no-cache"),
        ),
        (
            MODULE,
            &MODULE[1..],
            &module,
            "text/javascript; charset=utf-8",
            immutable,
        ),
    ];
    // (Accept-Encoding, the encoding expected)
    let choices: [(Option<&str>, Option<&str>); 10] = [
        (Some("br"), Some("br")),
        (Some("gzip"), Some("gzip")),
        (Some("gzip, deflate, br, zstd"), Some("br")),
        (Some("gzip;q=0.8, br;q=0.8"), Some("br")),
        (Some("br;q=0.5, gzip"), Some("gzip")),
        (Some("gzip;q=0.9, br;q=0"), Some("gzip")),
        (Some("br;q=0.5, identity"), None),
        (Some("deflate, zstd"), None),
        (Some("br;q=0, gzip;q=0"), None),
        (None, None),
    ];
    for (path, file, original, content_type, cache) in files {
        let mut tags = Vec::new();
        for (accept, expected) in choices {
            let headers: Vec<(&str, &str)> =
                accept.map(|a| ("accept-encoding", a)).into_iter().collect();
            let answer = rig.send(Method::GET, path, &headers).await;
            let case = format!("{path} with {accept:?}");
            assert_eq!(answer.status, StatusCode::OK, "{case}");
            assert_eq!(answer.header("content-encoding"), expected, "{case}");
            assert_eq!(answer.decoded(), *original, "{case}");
            // The copy is sent as it was written, not compressed again.
            let sent = match expected {
                Some("br") => dist_file(&rig, &format!("{file}.br")),
                Some(_) => dist_file(&rig, &format!("{file}.gz")),
                None => original.clone(),
            };
            assert_eq!(answer.bytes, sent, "{case}");
            assert_eq!(
                answer.header("content-length"),
                Some(sent.len().to_string().as_str()),
                "{case}"
            );
            assert_eq!(answer.header("content-type"), Some(content_type), "{case}");
            assert_eq!(answer.header("cache-control"), cache, "{case}");
            assert_eq!(answer.vary(), ["accept-encoding", "origin"], "{case}");
            assert_eq!(
                answer.header("content-security-policy"),
                Some(CONTENT_SECURITY_POLICY_LOCAL_UPSTREAM)
            );
            let tag = answer.header("etag").unwrap().to_owned();
            let suffix = match expected {
                Some(encoding) => format!("-{encoding}\""),
                None => "\"".to_owned(),
            };
            assert!(
                tag.starts_with('"') && tag.ends_with(&suffix),
                "{case}: {tag}"
            );
            tags.push(tag);
        }
        // One tag per encoding, the same whenever that encoding is sent.
        tags.sort();
        tags.dedup();
        assert_eq!(tags.len(), 3, "{path}: {tags:?}");
    }

    // A missing copy: the next accepted one, then the file itself.
    let css = dist_file(&rig, "gzip-only.css");
    let both = [("accept-encoding", "br, gzip")];
    let answer = rig.send(Method::GET, "/gzip-only.css", &both).await;
    assert_eq!(answer.header("content-encoding"), Some("gzip"));
    assert_eq!(answer.decoded(), css);
    let answer = rig
        .send(Method::GET, "/gzip-only.css", &[("accept-encoding", "br")])
        .await;
    assert_eq!(answer.header("content-encoding"), None);
    assert_eq!(answer.bytes, css);
    assert_eq!(answer.vary(), ["accept-encoding", "origin"]);
    assert_eq!(
        answer.header("content-type"),
        Some("text/css; charset=utf-8")
    );

    // A file without copies is the same for everyone: no Vary on Accept-Encoding.
    let boot = rig.send(Method::GET, "/boot.js", &both).await;
    assert_eq!(
        (boot.header("content-encoding"), boot.body.as_str()),
        (None, "boot()")
    );
    assert_eq!(boot.vary(), ["origin"]);

    // HEAD: the headers of the copy GET would send, and no body.
    for path in ["/", "/channel-info"] {
        let head = rig.send(Method::HEAD, path, &both).await;
        assert_eq!(head.status, StatusCode::OK);
        assert_eq!(head.header("content-encoding"), Some("br"));
        let br = dist_file(&rig, "index.html.br");
        assert_eq!(
            head.header("content-length"),
            Some(br.len().to_string().as_str())
        );
        assert_eq!(
            head.header("content-type"),
            Some("text/html; charset=utf-8")
        );
        assert!(head.bytes.is_empty());
    }

    // The refusals stay as they were, whatever the client accepts.
    let probe = rig.send(Method::GET, "/%2e%2e/secret.txt", &both).await;
    assert_eq!(probe.status, StatusCode::BAD_REQUEST);
    let missing = rig
        .send(Method::GET, "/missing-0123456789abcdef.js", &both)
        .await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert_eq!(missing.header("content-encoding"), None);
}

#[tokio::test]
async fn a_revalidated_file_answers_not_modified() {
    let rig = Rig::start(healthy(), |_| {}).await;
    for path in ["/", "/post-search", MODULE] {
        for accept in ["br", "gzip", "identity"] {
            let case = format!("{path} with {accept}");
            let ask = |extra: Option<(&'static str, String)>| {
                let rig = &rig;
                async move {
                    let mut headers = vec![("accept-encoding", accept.to_owned())];
                    headers.extend(extra);
                    let headers: Vec<(&str, &str)> =
                        headers.iter().map(|(k, v)| (*k, v.as_str())).collect();
                    rig.send(Method::GET, path, &headers).await
                }
            };
            let first = ask(None).await;
            assert_eq!(first.status, StatusCode::OK, "{case}");
            let etag = first.header("etag").unwrap().to_owned();
            let modified = first.header("last-modified").unwrap().to_owned();

            let current = [
                ("if-none-match", etag.clone()),
                ("if-none-match", format!("W/{etag}")),
                ("if-none-match", format!("\"other\", {etag}")),
                ("if-none-match", "*".to_owned()),
                ("if-modified-since", modified.clone()),
                (
                    "if-modified-since",
                    "Fri, 01 Jan 2100 00:00:00 GMT".to_owned(),
                ),
            ];
            for validator in current {
                let again = ask(Some(validator.clone())).await;
                assert_eq!(
                    again.status,
                    StatusCode::NOT_MODIFIED,
                    "{case}, {validator:?}"
                );
                assert!(again.bytes.is_empty());
                assert_eq!(again.header("etag"), Some(etag.as_str()));
                assert_eq!(again.header("cache-control"), first.header("cache-control"));
                assert_eq!(again.vary(), first.vary());
                assert_eq!(again.header("content-encoding"), None);
                assert_eq!(again.header("content-type"), None);
            }

            let outdated = [
                ("if-none-match", "\"1-1\"".to_owned()),
                (
                    "if-modified-since",
                    "Thu, 01 Jan 2015 00:00:00 GMT".to_owned(),
                ),
                ("if-modified-since", "not a date".to_owned()),
            ];
            for validator in outdated {
                let again = ask(Some(validator.clone())).await;
                assert_eq!(again.status, StatusCode::OK, "{case}, {validator:?}");
                assert_eq!(again.bytes, first.bytes, "{case}, {validator:?}");
            }
        }
    }

    // If-None-Match decides when both are sent; another encoding's tag is another file.
    let br = rig
        .send(Method::GET, "/", &[("accept-encoding", "br")])
        .await;
    let br_tag = br.header("etag").unwrap();
    let modified = br.header("last-modified").unwrap();
    let gzip = rig
        .send(
            Method::GET,
            "/",
            &[
                ("accept-encoding", "gzip"),
                ("if-none-match", br_tag),
                ("if-modified-since", modified),
            ],
        )
        .await;
    assert_eq!(gzip.status, StatusCode::OK);
    assert_eq!(gzip.header("content-encoding"), Some("gzip"));
    assert_eq!(gzip.decoded(), index_html().as_bytes());

    let head = rig
        .send(
            Method::HEAD,
            "/channel-info",
            &[("accept-encoding", "br"), ("if-none-match", br_tag)],
        )
        .await;
    assert_eq!(head.status, StatusCode::NOT_MODIFIED);
}
