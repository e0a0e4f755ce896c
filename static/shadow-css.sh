#!/bin/sh
# Run by embed-entry.sh: writes the widgets' stylesheet for the custom elements' shadow roots
# (argument 2) from the page's one (argument 1) and the rules for the elements themselves
# (argument 3, static/elements.css). Two changes to the page's one: the `:where(:root)` defaults match
# nothing in a shadow root, so each `var(--cs-x)` gets its default as a fallback instead (custom
# properties the page sets on an ancestor still inherit in and win); and `rem`, which follows the
# page's `html` font size even inside a shadow root, becomes pixels (1rem = 16px). Done here rather
# than in the page: the widgets' JavaScript counts against the bundle's size ceiling.
set -eu
tr '\n' ' ' < "$1" | awk '
function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }
{
  css = $0
  at = index(css, ":where(:root)")
  if (at == 0) { print "shadow-css: no :where(:root) defaults" > "/dev/stderr"; exit 1 }
  rest = substr(css, at)
  lb = index(rest, "{"); rb = index(rest, "}")
  n = split(substr(rest, lb + 1, rb - lb - 1), decls, ";")
  for (i = 1; i <= n; i++) {
    c = index(decls[i], ":")
    if (c) fallback[trim(substr(decls[i], 1, c - 1))] = trim(substr(decls[i], c + 1))
  }
  css = substr(css, 1, at - 1) substr(rest, rb + 1)
  out = ""
  while (match(css, /var\(--cs-[a-z0-9-]+\)/)) {
    name = substr(css, RSTART + 4, RLENGTH - 5)
    use = (name in fallback) ? "var(" name "," fallback[name] ")" : substr(css, RSTART, RLENGTH)
    out = out substr(css, 1, RSTART - 1) use
    css = substr(css, RSTART + RLENGTH)
  }
  css = out css
  out = ""
  while (match(css, /[.0-9]+rem/)) {
    out = out substr(css, 1, RSTART - 1) (substr(css, RSTART, RLENGTH - 3) * 16) "px"
    css = substr(css, RSTART + RLENGTH)
  }
  print out css
}' > "$2"
cat "$3" >> "$2"
