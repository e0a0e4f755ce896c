//! deploy/chanscope-gateway@.service: checked by `systemd-analyze verify`, and its ExecStart line
//! expanded as systemd would (`%i`, `${NAME}` from the environment file) to start a gateway.

use std::path::Path;
use std::process::Command;

use chanscope_e2e::{ensure, Res};

/// Where the unit expects the binary, its environment file and its working directory.
const BINARY: &str = "/usr/local/bin/gateway";
const ENVIRONMENT_FILE: &str = "/etc/chanscope/gateway.env";
const WORKING_DIRECTORY: &str = "/srv/chanscope";

pub struct Unit {
    text: String,
}

impl Unit {
    pub fn read(path: &Path) -> Res<Unit> {
        Ok(Unit {
            text: std::fs::read_to_string(path)?,
        })
    }

    /// `systemd-analyze verify` of an instance, with the binary's path pointed at `binary` (it
    /// checks that the executable exists). Any warning fails too: an unknown key is only a
    /// warning to systemd, and the setting would be silently ignored.
    pub fn verify(&self, binary: &Path, dir: &Path, instance: u16) -> Res<()> {
        std::fs::create_dir_all(dir)?;
        let template = dir.join("chanscope-gateway@.service");
        std::fs::write(
            &template,
            self.text.replace(BINARY, &binary.display().to_string()),
        )?;
        let unit = dir.join(format!("chanscope-gateway@{instance}.service"));
        let _ = std::fs::remove_file(&unit);
        std::os::unix::fs::symlink(&template, &unit)?;
        let out = Command::new("systemd-analyze")
            .arg("verify")
            .arg(&unit)
            .output()
            .map_err(|e| format!("cannot run systemd-analyze (Debian package systemd): {e}"))?;
        let said = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        ensure(out.status.success() && said.trim().is_empty(), || {
            format!(
                "systemd-analyze verify {}: {}\n{said}",
                unit.display(),
                out.status
            )
        })
    }

    /// The setting `key` of the `[Service]` section, continuation lines joined.
    fn service(&self, key: &str) -> Res<String> {
        let joined = self.text.replace("\\\n", " ");
        let mut in_service = false;
        for line in joined.lines().map(str::trim) {
            if line.starts_with('[') {
                in_service = line == "[Service]";
            } else if let Some(value) = line.strip_prefix(key).and_then(|l| l.strip_prefix('=')) {
                if in_service {
                    return Ok(value.trim().to_owned());
                }
            }
        }
        Err(format!("the unit has no {key}= in [Service]").into())
    }

    /// ExecStart for `instance`, with `env` (the environment file's variables) expanded, the
    /// binary at `binary`: the program and its arguments. Also checks that the unit reads the
    /// environment file and runs in the working directory the test stands in for.
    pub fn exec_start(
        &self,
        instance: u16,
        env: &[(&str, String)],
        binary: &Path,
    ) -> Res<Vec<String>> {
        ensure(self.service("EnvironmentFile")? == ENVIRONMENT_FILE, || {
            format!("the unit's EnvironmentFile is not {ENVIRONMENT_FILE}")
        })?;
        ensure(
            self.service("WorkingDirectory")? == WORKING_DIRECTORY,
            || format!("the unit's WorkingDirectory is not {WORKING_DIRECTORY}"),
        )?;
        let line = self.service("ExecStart")?;
        let mut words = Vec::new();
        for word in line.split_whitespace() {
            let word = word.replace("%i", &instance.to_string());
            let word = match word.strip_prefix("${").and_then(|w| w.strip_suffix('}')) {
                Some(name) => env
                    .iter()
                    .find(|(key, _)| *key == name)
                    .map(|(_, value)| value.clone())
                    .ok_or_else(|| {
                        format!("ExecStart uses ${{{name}}}, which the test does not set")
                    })?,
                None => word,
            };
            ensure(!word.contains('$') && !word.contains('%'), || {
                format!("ExecStart has a substitution the test does not expand: {word}")
            })?;
            words.push(word);
        }
        ensure(words.first().map(String::as_str) == Some(BINARY), || {
            format!("ExecStart does not run {BINARY}: {line}")
        })?;
        words[0] = binary.display().to_string();
        Ok(words)
    }
}
