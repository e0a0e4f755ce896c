//! A bounded load through nginx over HTTPS: rounds of requests sent by curl at once (`--parallel`),
//! verified against the test's certificate, each answer's status and curl's verdict read back.

use std::path::PathBuf;
use std::process::Stdio;

use chanscope_e2e::Res;
use tokio::process::{Child, Command};

use super::nginx::HOST;

pub struct CurlLoad {
    pub https: u16,
    pub certificate: PathBuf,
}

/// What a round of requests came to.
#[derive(Default)]
pub struct Tally {
    pub sent: usize,
    /// Each failure: the URL, the HTTP status and curl's exit code.
    pub failed: Vec<String>,
}

impl Tally {
    pub fn add(&mut self, other: Tally) {
        self.sent += other.sent;
        self.failed.extend(other.failed);
    }
}

impl CurlLoad {
    pub fn url(&self, path: &str) -> String {
        format!("https://{HOST}:{}{path}", self.https)
    }

    fn curl(&self) -> Command {
        let mut cmd = Command::new("curl");
        cmd.arg("--silent")
            .arg("--cacert")
            .arg(&self.certificate)
            .args(["--resolve", &format!("{HOST}:{}:127.0.0.1", self.https)])
            .args(["--max-time", "30"])
            .stdin(Stdio::null())
            .kill_on_drop(true);
        cmd
    }

    /// Starts GETs of every path in `paths` at once (eight at a time); [`Client::finish`] reads
    /// their outcome.
    pub fn start(&self, paths: &[String]) -> Res<(Child, usize)> {
        let mut cmd = self.curl();
        cmd.args(["--parallel", "--parallel-max", "8", "--compressed"])
            .args(["--write-out", "%{http_code} %{exitcode} %{url}\\n"])
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        for path in paths {
            cmd.args(["--output", "/dev/null"]).arg(self.url(path));
        }
        Ok((cmd.spawn()?, paths.len()))
    }

    pub async fn finish(&self, (child, sent): (Child, usize)) -> Res<Tally> {
        let out = child.wait_with_output().await?;
        let text = String::from_utf8_lossy(&out.stdout);
        let mut tally = Tally {
            sent,
            failed: Vec::new(),
        };
        let mut answered = 0;
        for line in text.lines() {
            answered += 1;
            let mut parts = line.splitn(3, ' ');
            let (status, code) = (parts.next(), parts.next());
            if status != Some("200") || code != Some("0") {
                tally.failed.push(line.to_owned());
            }
        }
        // A request curl never reported on failed too.
        for _ in answered..sent {
            tally.failed.push("(no outcome reported)".into());
        }
        Ok(tally)
    }

    /// One GET's status line, headers and body (`--include`).
    pub async fn get(&self, url: &str) -> Res<String> {
        let out = self.curl().arg("--include").arg(url).output().await?;
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    }
}
