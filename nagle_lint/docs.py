"""Generate docs/rules.md from the rule docstrings: `python -m nagle_lint.docs > docs/rules.md`."""
from __future__ import annotations

from nagle_lint.rules import ALL_RULES


def rules_markdown() -> str:
    out = ["# Rules", "",
           "Generated from the rule modules by `python -m nagle_lint.docs`; a test keeps it in step.", "",
           "| code | name | default | fix | summary |", "| --- | --- | --- | --- | --- |"]
    for rule in ALL_RULES:
        default = "on" if rule.default_enabled else "opt-in"
        out.append(f"| [{rule.code}](#{rule.code.lower()}-{rule.name}) | {rule.name} | {default} | {rule.fix} "
                   f"| {rule.summary} |")
    out.append("")
    for rule in ALL_RULES:
        title, _, body = rule.doc.strip().partition("\n")
        out.append(f"## {rule.code} {rule.name}")
        out.append("")
        out.append(f"*{title.strip()}* Severity: {rule.severity.value}; confidence: {rule.confidence.value}; "
                   f"{'enabled by default' if rule.default_enabled else 'opt-in (`--select ' + rule.code + '`)'}.")
        out.append("")
        out.append(body.strip().replace("\n## ", "\n### "))
        out.append("")
    return "\n".join(out)


if __name__ == "__main__":
    print(rules_markdown(), end="")
