//! The documentation stays true to the tree: every relative link of `README.md` and `docs/`
//! resolves (the file exists, and a `#section` is a heading of it), and every key of
//! `config.example.toml` is documented in `docs/operating.md`.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use pulldown_cmark::{Event, Parser, Tag};

/// The pages a reader is sent to: the README and every Markdown page of `docs/`.
fn pages() -> Vec<PathBuf> {
    let mut pages = vec![PathBuf::from("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir("docs")
        .expect("docs/")
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    pages.extend(docs);
    pages
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()))
}

/// Every link and image destination of a Markdown text.
fn links(markdown: &str) -> Vec<String> {
    Parser::new(markdown)
        .filter_map(|event| match event {
            Event::Start(Tag::Link(_, dest, _) | Tag::Image(_, dest, _)) => Some(dest.to_string()),
            _ => None,
        })
        .collect()
}

/// The anchors GitHub gives a page's headings: the heading's text in lower case, spaces made
/// hyphens, punctuation but `-` and `_` dropped; a repeated one gets `-1`, `-2`, ….
fn anchors(markdown: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let mut heading: Option<String> = None;
    for event in Parser::new(markdown) {
        match event {
            Event::Start(Tag::Heading(..)) => heading = Some(String::new()),
            Event::Text(text) | Event::Code(text) => {
                if let Some(heading) = heading.as_mut() {
                    heading.push_str(&text);
                }
            }
            Event::End(Tag::Heading(..)) => {
                let text = heading.take().unwrap_or_default();
                let slug: String = text
                    .to_lowercase()
                    .chars()
                    .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
                    .map(|c| if c == ' ' { '-' } else { c })
                    .collect();
                let mut anchor = slug.clone();
                let mut n = 0;
                while !found.insert(anchor.clone()) {
                    n += 1;
                    anchor = format!("{slug}-{n}");
                }
            }
            _ => {}
        }
    }
    found
}

#[test]
fn the_slugs_are_githubs() {
    let found =
        anchors("# Run it\n## Beyond one machine: PostgreSQL\n## `cargo xtask test`\n## Run it\n");
    let expected = [
        "run-it",
        "beyond-one-machine-postgresql",
        "cargo-xtask-test",
        "run-it-1",
    ];
    assert_eq!(found, expected.iter().map(|s| s.to_string()).collect());
}

#[test]
fn every_relative_link_of_the_readme_and_docs_resolves() {
    let mut broken = Vec::new();
    let mut checked = 0;
    for page in pages() {
        let text = read(&page);
        for link in links(&text) {
            if link.contains("://") || link.starts_with("mailto:") {
                continue;
            }
            checked += 1;
            let (file, anchor) = match link.split_once('#') {
                Some((file, anchor)) => (file, Some(anchor)),
                None => (link.as_str(), None),
            };
            let target = if file.is_empty() {
                page.clone()
            } else {
                page.parent().unwrap().join(file)
            };
            if !target.exists() {
                broken.push(format!(
                    "{}: {link} (no {})",
                    page.display(),
                    target.display()
                ));
                continue;
            }
            if let Some(anchor) = anchor {
                if target.extension().is_some_and(|e| e == "md")
                    && !anchors(&read(&target)).contains(anchor)
                {
                    broken.push(format!(
                        "{}: {link} (no heading #{anchor} in {})",
                        page.display(),
                        target.display()
                    ));
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
    assert!(checked > 10, "only {checked} relative links found");
}

/// Every key of `config.example.toml` as `section.key`, the commented-out ones (those with no
/// default: `# token = "..."`) included.
fn example_keys() -> Vec<String> {
    let mut keys = Vec::new();
    let mut section = String::new();
    for line in read(Path::new("config.example.toml")).lines() {
        if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            section = name.to_string();
            continue;
        }
        let setting = line.strip_prefix("# ").unwrap_or(line);
        let Some((key, _)) = setting.split_once(" = ") else {
            continue;
        };
        if !key.is_empty() && key.chars().all(|c| c.is_ascii_lowercase() || c == '_') {
            keys.push(format!("{section}.{key}"));
        }
    }
    keys
}

#[test]
fn every_configuration_key_is_documented_for_operators() {
    let keys = example_keys();
    // The keys set in the file are all found (a parse of the file as TOML agrees).
    let parsed: toml::Table = read(Path::new("config.example.toml")).parse().unwrap();
    for (section, table) in &parsed {
        for key in table.as_table().expect("sections only").keys() {
            assert!(
                keys.contains(&format!("{section}.{key}")),
                "{section}.{key}"
            );
        }
    }
    for key in ["discord.token", "database.url", "discord.shards"] {
        assert!(keys.contains(&key.to_string()), "{key} in {keys:?}");
    }
    let operating = read(Path::new("docs/operating.md"));
    let missing: Vec<&String> = keys
        .iter()
        .filter(|key| !operating.contains(&format!("`{key}`")))
        .collect();
    assert!(
        missing.is_empty(),
        "config.example.toml keys not documented in docs/operating.md (as `section.key`): {missing:?}"
    );
}

/// The sections a heading level of a Markdown text opens, as written.
fn headings(markdown: &str, level: pulldown_cmark::HeadingLevel) -> Vec<String> {
    let mut headings = Vec::new();
    let mut current: Option<String> = None;
    for event in Parser::new(markdown) {
        match event {
            Event::Start(Tag::Heading(l, ..)) if l == level => current = Some(String::new()),
            Event::Text(text) | Event::Code(text) => {
                if let Some(heading) = &mut current {
                    heading.push_str(&text);
                }
            }
            Event::End(Tag::Heading(l, ..)) if l == level => {
                headings.extend(current.take());
            }
            _ => {}
        }
    }
    headings
}

/// "Adding a game" (docs/architecture.md) is the whole job, checked where a test can: every game
/// the bot offers has its rules in docs/RULES.md (a section of its name, its rule ids named by
/// its tests), its section in docs/playing.md, its line in the README (its name and its slash
/// command) and its folder in the architecture's map.
#[test]
fn every_game_has_its_rules_its_players_section_its_readme_line_and_its_place_on_the_map() {
    use forgetit::i18n::Lang;
    let rules = read(Path::new("docs/RULES.md"));
    let rules_sections = headings(&rules, pulldown_cmark::HeadingLevel::H2);
    let playing = headings(
        &read(Path::new("docs/playing.md")),
        pulldown_cmark::HeadingLevel::H3,
    );
    let readme = read(Path::new("README.md"));
    let architecture = read(Path::new("docs/architecture.md"));
    let tests: String = std::fs::read_dir("tests/it")
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "rs"))
        .map(|path| read(&path))
        .collect();
    for game in forgetit::discord::built_in().iter() {
        let kind = game.kind();
        let name = Lang::EnUs.t(&format!("game-{}", kind.command()));
        assert!(rules_sections.contains(&name), "docs/RULES.md: ## {name}");
        assert!(
            playing.contains(&format!("A game of {name}")),
            "docs/playing.md: ### A game of {name}"
        );
        assert!(
            readme.contains(&format!("*{name}*"))
                && readme.contains(&format!("`/{}", kind.command())),
            "README.md: *{name}* and /{}",
            kind.command()
        );
        assert!(
            architecture.contains(&format!("{}/", kind.command())),
            "docs/architecture.md's map: games/{}/",
            kind.command()
        );
        // Its rule ids: the bold "**X1 —" each rule of its section starts with.
        let section = rules.split("\n## ").find(|s| s.starts_with(&name)).unwrap();
        let ids: Vec<&str> = section
            .split("**")
            .filter(|s| s.ends_with(" —") || s.contains(" — "))
            .filter_map(|s| s.split(' ').next())
            .filter(|id| id.len() >= 2 && id[1..].chars().all(|c| c.is_ascii_digit()))
            .collect();
        assert!(ids.len() >= 3, "{name}'s rule ids: {ids:?}");
        for id in ids {
            assert!(names_rule(&tests, id), "no test names {name}'s rule {id}");
        }
    }
}

/// Whether a test of `tests` (their source) names the rule `id`: in its name (`fn ..._p3_...`)
/// or in a comment (`/// ... (P3)`), as a word of its own.
fn names_rule(tests: &str, id: &str) -> bool {
    let word = |text: &str, word: &str| {
        text.match_indices(word).any(|(at, _)| {
            let before = text[..at].chars().next_back();
            let after = text[at + word.len()..].chars().next();
            !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
        })
    };
    tests.lines().map(str::trim_start).any(|line| {
        let in_name = line.starts_with("fn ") || line.starts_with("async fn ");
        let in_comment = line.starts_with("//");
        (in_comment && word(line, id))
            || (in_name && word(&line.to_lowercase().replace('_', " "), &id.to_lowercase()))
    })
}

#[test]
fn a_rule_is_named_by_a_tests_name_or_comment_only() {
    let tests = "/// The bar (F3).\nfn banks_at_f10_win() {}\nlet x = \"P3\";\n// GP5 matters\n";
    assert!(names_rule(tests, "F3"));
    assert!(names_rule(tests, "F10"));
    assert!(!names_rule(tests, "F1"), "F10 is not F1");
    assert!(
        !names_rule(tests, "P3"),
        "a string in the code is not a name"
    );
    assert!(!names_rule(tests, "G5"), "nor a longer word");
}
