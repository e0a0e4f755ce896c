//! deploy/nginx/chanscope.conf run by Debian's nginx in the foreground, in a directory of its own:
//! the file as it is, but for the addresses it listens on, the gateways' ports, the certificate
//! (a self-signed one for `console.example`) and its access log.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use chanscope_e2e::group::Group;
use chanscope_e2e::{ensure, Res};

/// The name the configuration serves, and the certificate's.
pub const HOST: &str = "console.example";

pub struct Ports {
    pub https: u16,
    pub http: u16,
    pub gateways: [u16; 2],
}

pub struct Nginx {
    _process: Group,
    pub access_log: PathBuf,
    pub certificate: PathBuf,
}

/// nginx: `CHANSCOPE_NGINX`, else on PATH, else Debian's `/usr/sbin/nginx`.
fn binary() -> Res<PathBuf> {
    if let Some(path) = std::env::var_os("CHANSCOPE_NGINX") {
        return Ok(path.into());
    }
    let paths = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&paths)
        .chain([PathBuf::from("/usr/sbin")])
        .map(|dir| dir.join("nginx"))
        .find(|p| p.is_file())
        .ok_or_else(|| {
            "nginx is not on PATH nor in /usr/sbin: run `cargo xtask setup` (it installs the \
             Debian package nginx)"
                .into()
        })
}

/// `text` with `from` replaced by `to`, which must occur exactly once: a change to the file that
/// this test no longer matches fails here, not later with a puzzling answer.
fn swap(text: &str, from: &str, to: &str) -> Res<String> {
    let found = text.matches(from).count();
    ensure(found == 1, || {
        format!("deploy/nginx/chanscope.conf has {found} × `{from}`; the test expects one")
    })?;
    Ok(text.replace(from, to))
}

impl Nginx {
    pub async fn start(conf: &Path, dir: &Path, ports: &Ports) -> Res<Nginx> {
        std::fs::create_dir_all(dir.join("temp"))?;
        let certificate = dir.join("console.example.pem");
        let key = dir.join("console.example.key");
        let made = Command::new("openssl")
            .args([
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
            ])
            .args(["-subj", &format!("/CN={HOST}")])
            .args(["-addext", &format!("subjectAltName=DNS:{HOST}")])
            .arg("-keyout")
            .arg(&key)
            .arg("-out")
            .arg(&certificate)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .map_err(|e| format!("cannot run openssl: {e}"))?;
        ensure(made.success(), || format!("openssl req failed: {made}"))?;

        let access_log = dir.join("chanscope.access.log");
        let mut site = std::fs::read_to_string(conf)?;
        let [first, second] = ports.gateways;
        for (from, to) in [
            (
                "listen 443 ssl http2;".to_owned(),
                format!("listen 127.0.0.1:{} ssl http2;", ports.https),
            ),
            (
                "listen 80;".to_owned(),
                format!("listen 127.0.0.1:{};", ports.http),
            ),
            (
                "server 127.0.0.1:8081 ".to_owned(),
                format!("server 127.0.0.1:{first} "),
            ),
            (
                "server 127.0.0.1:8082 ".to_owned(),
                format!("server 127.0.0.1:{second} "),
            ),
            (
                "/etc/ssl/certs/console.example.pem".to_owned(),
                certificate.display().to_string(),
            ),
            (
                "/etc/ssl/private/console.example.key".to_owned(),
                key.display().to_string(),
            ),
            (
                "/var/log/nginx/chanscope.access.log".to_owned(),
                access_log.display().to_string(),
            ),
        ] {
            site = swap(&site, &from, &to)?;
        }
        let site_path = dir.join("chanscope.conf");
        std::fs::write(&site_path, site)?;

        // What Debian's /etc/nginx/nginx.conf gives the sites it includes, in this directory.
        let temp = dir.join("temp");
        let main = format!(
            "daemon off;\nworker_processes 1;\npid {dir}/nginx.pid;\nerror_log {dir}/error.log warn;\n\
             events {{ worker_connections 512; }}\n\
             http {{\n  include /etc/nginx/mime.types;\n  default_type application/octet-stream;\n\
               client_body_temp_path {temp}/body;\n  proxy_temp_path {temp}/proxy;\n\
               fastcgi_temp_path {temp}/fastcgi;\n  uwsgi_temp_path {temp}/uwsgi;\n\
               scgi_temp_path {temp}/scgi;\n  access_log off;\n  include {site};\n}}\n",
            dir = dir.display(),
            temp = temp.display(),
            site = site_path.display(),
        );
        let main_path = dir.join("nginx.conf");
        std::fs::write(&main_path, main)?;
        let nginx = binary()?;
        let run = |extra: &[&str]| {
            let mut cmd = Command::new(&nginx);
            cmd.args(extra)
                .arg("-p")
                .arg(dir)
                .arg("-e")
                .arg(dir.join("error.log"))
                .arg("-c")
                .arg(&main_path);
            cmd
        };
        let test = run(&["-t"]).output()?;
        ensure(test.status.success(), || {
            format!("nginx -t: {}", String::from_utf8_lossy(&test.stderr))
        })?;
        let mut process = Group::spawn(
            run(&[]).stdout(Stdio::null()).stderr(Stdio::null()),
            "nginx",
        )?;
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while std::net::TcpStream::connect(("127.0.0.1", ports.https)).is_err() {
            if let Some(status) = process.exited()? {
                return Err(
                    format!("nginx exited ({status}); see {}/error.log", dir.display()).into(),
                );
            }
            ensure(std::time::Instant::now() < deadline, || {
                "nginx did not listen within 10 s".into()
            })?;
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        Ok(Nginx {
            _process: process,
            access_log,
            certificate,
        })
    }
}
