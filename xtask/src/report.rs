//! The figures of `cargo xtask bench`, each with its target: collected from every section, printed
//! as one table at the end and written as JSON, so that a missed target never hides the others.

use std::fs;
use std::path::Path;

use serde_json::{json, Value};

use crate::result::Result;

#[derive(Clone, Copy, Debug)]
pub enum Target {
    AtMost(f64),
    AtLeast(f64),
    /// Shown for context (e.g. the two medians behind a ratio).
    None,
}

impl Target {
    fn text(self) -> String {
        match self {
            Target::AtMost(limit) => format!("≤ {limit}"),
            Target::AtLeast(limit) => format!("≥ {limit}"),
            Target::None => "—".to_owned(),
        }
    }
}

pub struct Figure {
    /// `<section>.<name>`, e.g. `lighthouse.post-search.performance`: stable, for machines.
    pub key: String,
    pub what: String,
    /// `None` when the measurement did not produce it: that misses its target.
    pub value: Option<f64>,
    pub target: Target,
    /// Why a figure is what it is (e.g. Lighthouse's failing audits), shown when it is OVER.
    pub detail: Option<String>,
}

impl Figure {
    pub fn new(key: impl Into<String>, what: impl Into<String>, value: Option<f64>) -> Figure {
        Figure {
            key: key.into(),
            what: what.into(),
            value,
            target: Target::None,
            detail: None,
        }
    }

    pub fn target(mut self, target: Target) -> Figure {
        self.target = target;
        self
    }

    pub fn detail(mut self, detail: Option<String>) -> Figure {
        self.detail = detail;
        self
    }

    fn section(&self) -> &str {
        self.key.split('.').next().unwrap_or_default()
    }

    fn verdict(&self) -> &'static str {
        match (self.value, self.target) {
            (None, _) => "MISSING",
            (Some(_), Target::None) => "",
            (Some(v), Target::AtMost(limit)) if v <= limit => "within",
            (Some(v), Target::AtLeast(limit)) if v >= limit => "within",
            (Some(_), _) => "OVER",
        }
    }

    fn missed(&self) -> bool {
        matches!(self.verdict(), "OVER" | "MISSING")
    }
}

#[derive(Default)]
pub struct Report {
    figures: Vec<Figure>,
}

impl Report {
    pub fn add(&mut self, figure: Figure) {
        self.figures.push(figure);
    }

    /// What missed its target, for the command's error message.
    pub fn missed(&self) -> Vec<String> {
        self.figures
            .iter()
            .filter(|f| f.missed())
            .map(|f| f.what.clone())
            .collect()
    }

    pub fn print_table(&self) {
        let width = self
            .figures
            .iter()
            .map(|f| f.what.chars().count())
            .max()
            .unwrap_or(0);
        let mut section = "";
        for f in &self.figures {
            if f.section() != section {
                section = f.section();
                println!("    {section}");
            }
            let value = f.value.map_or_else(|| "—".to_owned(), |v| v.to_string());
            let pad = width - f.what.chars().count();
            println!(
                "      {}{:pad$}  {value:>9}  {:>8}  {}",
                f.what,
                "",
                f.target.text(),
                f.verdict()
            );
            if let (true, Some(detail)) = (f.missed(), &f.detail) {
                println!("        {detail}");
            }
        }
    }

    /// Every figure as a JSON array of objects (`key`, `what`, `value`, `target`, `verdict`,
    /// `detail`); `target` is `{"at_most": n}`, `{"at_least": n}` or null.
    pub fn write_json(&self, path: &Path) -> Result {
        let figures: Vec<Value> = self.figures.iter().map(Figure::json).collect();
        let mut out = serde_json::to_string_pretty(&figures).map_err(|e| e.to_string())?;
        out.push('\n');
        if let Some(dir) = path.parent() {
            fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        fs::write(path, out).map_err(|e| format!("writing {}: {e}", path.display()))
    }
}

impl Figure {
    fn json(&self) -> Value {
        let target = match self.target {
            Target::AtMost(limit) => json!({ "at_most": limit }),
            Target::AtLeast(limit) => json!({ "at_least": limit }),
            Target::None => Value::Null,
        };
        json!({
            "key": self.key,
            "what": self.what,
            "value": self.value,
            "target": target,
            "verdict": self.verdict(),
            "detail": self.detail,
        })
    }
}

/// The `key=value` pairs among whitespace-separated words of a tool's output: how the bench
/// binaries and the browser benchmark's scripts report figures.
pub fn key_values(text: &str) -> Vec<(&str, &str)> {
    text.split_whitespace()
        .filter_map(|word| word.split_once('='))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts() {
        let f = |value, target| Figure::new("s.x", "x", value).target(target).verdict();
        assert_eq!(f(Some(2.0), Target::AtMost(2.0)), "within");
        assert_eq!(f(Some(2.1), Target::AtMost(2.0)), "OVER");
        assert_eq!(f(Some(89.0), Target::AtLeast(90.0)), "OVER");
        assert_eq!(f(Some(100.0), Target::AtLeast(100.0)), "within");
        assert_eq!(f(None, Target::AtLeast(1.0)), "MISSING");
        assert_eq!(f(Some(1.0), Target::None), "");
    }

    #[test]
    fn figures_are_written_as_json() {
        let mut report = Report::default();
        report.add(
            Figure::new("click.ratio", "a \"ratio\"\n", Some(1.25))
                .target(Target::AtMost(1.5))
                .detail(Some("why".to_owned())),
        );
        report.add(Figure::new("click.ms", "ms", None));
        let path = std::env::temp_dir().join(format!("xtask-report-{}.json", std::process::id()));
        report.write_json(&path).unwrap();
        let written: Value = serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
        let _ = fs::remove_file(&path);
        assert_eq!(
            written,
            json!([
                {"key": "click.ratio", "what": "a \"ratio\"\n", "value": 1.25,
                 "target": {"at_most": 1.5}, "verdict": "within", "detail": "why"},
                {"key": "click.ms", "what": "ms", "value": null, "target": null,
                 "verdict": "MISSING", "detail": null},
            ])
        );
    }
}
