//! Command-line options of the `sandbox` binary, read by clap.

use std::str::FromStr;

use clap::error::ErrorKind;
use clap::Parser;

pub use crate::dataset::clock_now;
use crate::dataset::{Dataset, Size};
use crate::server::Config;
use crate::site::DEFAULT_PORT;

const AFTER_HELP: &str = "\
Without --now the data is generated as of the current hour and answers follow the clock; --now
fixes both, so that the same seed and now give the same bytes.

Posts go on for 7 days past now, each appearing once the clock reaches its date. The clock moves
forward with POST /sandbox/clock?advance=SECS (1 s to 30 days a call), which answers
{\"now\": SECS}: curl -X POST 'http://127.0.0.1:8090/sandbox/clock?advance=86400'.

PRODUCTS: search, stat or search+stat; PLAN: S, M, L or XL. The token `demo` holds every product
at plan XL unless redefined (--tokens files are read before --token). With --anonymous-token,
requests without a token act as that token (otherwise they get `empty_token`).";

/// A local double of the channel analytics API over generated data, on 127.0.0.1.
#[derive(Parser, Debug)]
#[command(name = "sandbox", after_help = AFTER_HELP)]
struct Args {
    /// Port on 127.0.0.1 (0: any free port).
    #[arg(long, default_value_t = DEFAULT_PORT)]
    port: u16,
    /// Seed of the generated data.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// How much data: small, default or large.
    #[arg(long, default_value = "default", value_parser = Size::from_str)]
    size: Size,
    /// The instant the data describes, in Unix seconds; the clock stays there.
    #[arg(long, value_name = "UNIX_SECS")]
    now: Option<i64>,
    /// A token with the products and plan it holds.
    #[arg(long = "token", value_name = "NAME=PRODUCTS:PLAN")]
    token: Vec<String>,
    /// A file of tokens, one NAME=PRODUCTS:PLAN a line (# starts a comment).
    #[arg(long = "tokens", value_name = "FILE")]
    tokens: Vec<String>,
    /// The token that requests without one act as.
    #[arg(long, value_name = "NAME")]
    anonymous_token: Option<String>,
    /// Seed of the injected faults.
    #[arg(long, default_value_t = 0)]
    fault_seed: u64,
    /// A delay before every response.
    #[arg(long, default_value_t = 0)]
    latency_ms: u64,
    /// Share of responses (0..1) that are an HTML page with status 500.
    #[arg(long, default_value_t = 0.0, value_parser = share)]
    fail_500: f64,
    /// Share of responses (0..1) that are an HTML page with status 502.
    #[arg(long, default_value_t = 0.0, value_parser = share)]
    fail_502: f64,
    /// Share of responses (0..1) that are an HTML page with status 503.
    #[arg(long, default_value_t = 0.0, value_parser = share)]
    fail_503: f64,
    /// Share of responses (0..1) refused with flood control.
    #[arg(long, default_value_t = 0.0, value_parser = share)]
    flood: f64,
    /// Share of responses (0..1) cut short.
    #[arg(long, default_value_t = 0.0, value_parser = share)]
    truncate: f64,
}

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

    /// Parses the arguments after the program name; `read_file` reads `--tokens` files. The
    /// error prints as clap prints its own (`--help` is one, printed to stdout).
    pub fn parse(
        args: impl IntoIterator<Item = String>,
        read_file: impl Fn(&str) -> Result<String, String>,
    ) -> Result<Options, clap::Error> {
        let args = Args::try_parse_from(std::iter::once("sandbox".to_owned()).chain(args))?;
        Options::from_args(args, read_file)
            .map_err(|message| clap::Error::raw(ErrorKind::ValueValidation, format!("{message}\n")))
    }

    fn from_args(
        args: Args,
        read_file: impl Fn(&str) -> Result<String, String>,
    ) -> Result<Options, String> {
        let mut config = Config::default();
        for file in &args.tokens {
            config.tokens.add_file(&read_file(file)?)?;
        }
        for token in &args.token {
            config.tokens.add(token)?;
        }
        // After every token, so that it may name a token defined anywhere on the line.
        if let Some(name) = &args.anonymous_token {
            config.tokens.set_anonymous(name)?;
        }
        let f = &mut config.faults;
        (f.seed, f.latency_ms) = (args.fault_seed, args.latency_ms);
        (f.fail_500, f.fail_502, f.fail_503) = (args.fail_500, args.fail_502, args.fail_503);
        (f.flood, f.truncate) = (args.flood, args.truncate);
        if f.fail_500 + f.fail_502 + f.fail_503 + f.flood + f.truncate > 1.0 {
            return Err("fault shares add up to more than 1".to_owned());
        }
        Ok(Options {
            port: args.port,
            seed: args.seed,
            size: args.size,
            now: args.now,
            config,
        })
    }
}

fn share(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|p| (0.0..=1.0).contains(p))
        .ok_or_else(|| format!("a share between 0 and 1; got \"{text}\""))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Options, clap::Error> {
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
