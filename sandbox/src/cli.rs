//! Command-line options of the `sandbox` binary.

use serverkit::cli::number;

pub use crate::dataset::clock_now;
use crate::dataset::{Dataset, Size};
use crate::server::Config;
use crate::site::DEFAULT_PORT;

pub const USAGE: &str = "\
usage: sandbox [--port N] [--seed S] [--size small|default|large] [--now UNIX_SECS]
               [--token NAME=PRODUCTS:PLAN]... [--tokens FILE] [--anonymous-token NAME]
               [--fault-seed N] [--latency-ms N] [--fail-500 P] [--fail-502 P] [--fail-503 P]
               [--flood P] [--truncate P]
  Without --now the data is generated as of the current hour and answers follow the clock;
  --now fixes both, so that the same seed and now give the same bytes.
  Posts go on for 7 days past now, each appearing once the clock reaches its date. The clock
  moves forward with POST /sandbox/clock?advance=SECS (1 s to 30 days a call), which answers
  {\"now\": SECS}: curl -X POST 'http://127.0.0.1:8090/sandbox/clock?advance=86400'.
  PRODUCTS: search, stat or search+stat; PLAN: S, M, L or XL; P: share of responses, 0..1.
  The token `demo` holds every product at plan XL unless redefined. With --anonymous-token,
  requests without a token act as that token (otherwise they get `empty_token`).";

#[derive(Clone, Debug)]
pub struct Options {
    pub port: u16,
    pub seed: u64,
    pub size: Size,
    /// The instant the data describes, with a clock that stays there; when not given, the data
    /// is generated as of the clock and follows it ([`Dataset::live`]).
    pub now: Option<i64>,
    pub config: Config,
}

impl Options {
    /// The dataset the options describe: fixed at `--now`, else following the clock.
    pub fn dataset(&self) -> Dataset {
        match self.now {
            Some(now) => Dataset::generate(self.seed, self.size, now),
            None => Dataset::live(self.seed, self.size),
        }
    }

    /// Parses the arguments after the program name; `read_file` reads `--tokens` files.
    pub fn parse(
        args: impl IntoIterator<Item = String>,
        read_file: impl Fn(&str) -> Result<String, String>,
    ) -> Result<Options, String> {
        let mut o = Options {
            port: DEFAULT_PORT,
            seed: 1,
            size: Size::Default,
            now: None,
            config: Config::default(),
        };
        let mut anonymous = None;
        let mut args = args.into_iter();
        while let Some(flag) = args.next() {
            let mut value = || args.next().ok_or_else(|| format!("{flag} needs a value"));
            let faults = &mut o.config.faults;
            match flag.as_str() {
                "--port" => o.port = number(&flag, &value()?)?,
                "--seed" => o.seed = number(&flag, &value()?)?,
                "--size" => o.size = value()?.parse()?,
                "--now" => o.now = Some(number(&flag, &value()?)?),
                "--token" => o.config.tokens.add(&value()?)?,
                "--tokens" => o.config.tokens.add_file(&read_file(&value()?)?)?,
                "--anonymous-token" => anonymous = Some(value()?),
                "--fault-seed" => faults.seed = number(&flag, &value()?)?,
                "--latency-ms" => faults.latency_ms = number(&flag, &value()?)?,
                "--fail-500" => faults.fail_500 = share(&flag, &value()?)?,
                "--fail-502" => faults.fail_502 = share(&flag, &value()?)?,
                "--fail-503" => faults.fail_503 = share(&flag, &value()?)?,
                "--flood" => faults.flood = share(&flag, &value()?)?,
                "--truncate" => faults.truncate = share(&flag, &value()?)?,
                _ => return Err(format!("unknown option {flag}")),
            }
        }
        // After every --token, so that it may name a token defined later on the line.
        if let Some(name) = anonymous {
            o.config.tokens.set_anonymous(&name)?;
        }
        let f = &o.config.faults;
        if f.fail_500 + f.fail_502 + f.fail_503 + f.flood + f.truncate > 1.0 {
            return Err("fault shares add up to more than 1".to_owned());
        }
        Ok(o)
    }
}

fn share(flag: &str, text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|p| (0.0..=1.0).contains(p))
        .ok_or_else(|| format!("{flag} must be a share between 0 and 1; got \"{text}\""))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Options, String> {
        Options::parse(args.iter().map(|s| s.to_string()), |path| {
            (path == "t.txt")
                .then(|| "# plans\nxl-stat=stat:XL\n\nboth-m=search+stat:M\n".to_owned())
                .ok_or_else(|| format!("cannot read {path}"))
        })
    }

    #[test]
    fn flags() {
        let o = parse(&[
            "--port",
            "9",
            "--seed",
            "7",
            "--size",
            "small",
            "--now",
            "1700000000",
            "--tokens",
            "t.txt",
            "--fail-502",
            "0.25",
            "--latency-ms",
            "5",
        ])
        .unwrap();
        assert_eq!(
            (o.port, o.seed, o.size, o.now),
            (9, 7, Size::Small, Some(1_700_000_000))
        );
        assert_eq!(o.config.faults.fail_502, 0.25);
        assert_eq!(o.config.faults.latency_ms, 5);
        assert_eq!(parse(&[]).unwrap().port, DEFAULT_PORT);
        assert_eq!(parse(&[]).unwrap().now, None);
        assert!(parse(&["--flood", "1.5"]).is_err());
        assert!(parse(&["--size", "huge"]).is_err());
        assert!(parse(&["--port"]).is_err());
        assert!(parse(&["--tokens", "missing"]).is_err());
        assert!(parse(&["--fail-500", "0.6", "--fail-503", "0.6"]).is_err());
        assert!(parse(&["--anonymous-token", "demo"]).is_ok());
        assert!(parse(&["--anonymous-token", "xl-stat", "--tokens", "t.txt"]).is_ok());
        assert!(parse(&["--anonymous-token", "nobody"]).is_err());
    }
}
