//! The Fluent resources (`locales/<lang>/*.ftl`): every file parses, every message exists in
//! every language with the same variables, the dice words stay FOR / GET / IT in every language,
//! French spaces its high punctuation as French does, every message id the code uses exists, and
//! Discord locales map to the languages the bot speaks.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};
use fluent_syntax::parser;
use forgetit::i18n::Lang;
use proptest::prelude::*;

/// A message: its variables, and all its text (every variant's).
#[derive(Debug, Default)]
struct Msg {
    vars: BTreeSet<String>,
    text: String,
}

/// The messages of one file, by id; panics on a syntax error, a term or a message without a
/// value (the bot reads only message values).
fn messages(lang: Lang, file: &str, source: &str) -> Messages {
    let resource = parser::parse(source)
        .unwrap_or_else(|(_, errors)| panic!("{}/{file}: {errors:?}", lang.code()));
    let mut out = BTreeMap::new();
    for entry in resource.body {
        match entry {
            Entry::Message(message) => {
                let id = message.id.name.to_string();
                let value = message
                    .value
                    .unwrap_or_else(|| panic!("{}/{file}: {id} has no value", lang.code()));
                let mut msg = Msg::default();
                pattern(&value, &mut msg);
                assert!(
                    out.insert(id.clone(), msg).is_none(),
                    "{}/{file}: {id} twice",
                    lang.code()
                );
            }
            Entry::Comment(_) | Entry::GroupComment(_) | Entry::ResourceComment(_) => {}
            other => panic!("{}/{file}: unexpected entry {other:?}", lang.code()),
        }
    }
    out
}

fn pattern(pattern: &Pattern<&str>, msg: &mut Msg) {
    for element in &pattern.elements {
        match element {
            PatternElement::TextElement { value } => msg.text.push_str(value),
            PatternElement::Placeable { expression } => expr(expression, msg),
        }
    }
}

fn expr(expression: &Expression<&str>, msg: &mut Msg) {
    match expression {
        Expression::Select { selector, variants } => {
            inline(selector, msg);
            for variant in variants {
                pattern(&variant.value, msg);
                // Each variant a text of its own: one's last word is not the next's first.
                msg.text.push('\n');
            }
        }
        Expression::Inline(e) => inline(e, msg),
    }
}

fn inline(e: &InlineExpression<&str>, msg: &mut Msg) {
    match e {
        InlineExpression::VariableReference { id } => {
            msg.vars.insert(id.name.to_string());
        }
        InlineExpression::StringLiteral { value } => msg.text.push_str(value),
        InlineExpression::Placeable { expression } => expr(expression, msg),
        InlineExpression::FunctionReference { arguments, .. } => {
            for arg in &arguments.positional {
                inline(arg, msg);
            }
            for arg in &arguments.named {
                inline(&arg.value, msg);
            }
        }
        InlineExpression::NumberLiteral { .. }
        | InlineExpression::MessageReference { .. }
        | InlineExpression::TermReference { .. } => {}
    }
}

/// One file's messages, by id.
type Messages = BTreeMap<String, Msg>;

/// Every language's files: the shared ones and those of every game a test's bot may offer (the
/// bot's own and the toy, whose texts are added when their `Games` is made).
fn resources() -> Vec<(Lang, Vec<(String, &'static str)>)> {
    crate::toy::games();
    forgetit::i18n::resources()
}

/// Every language's messages, file by file: `[(lang, [(file, messages)])]`.
fn all() -> Vec<(Lang, Vec<(&'static str, Messages)>)> {
    resources()
        .into_iter()
        .map(|(lang, files)| {
            let files = files
                .iter()
                .map(|(file, source)| (leak(file), messages(lang, file, source)))
                .collect();
            (lang, files)
        })
        .collect()
}

/// A file name for the life of the test.
fn leak(name: &str) -> &'static str {
    Box::leak(name.to_string().into_boxed_str())
}

#[test]
fn every_language_has_resources_for_every_file_and_they_parse() {
    let all = all();
    assert_eq!(
        all.iter().map(|(lang, _)| *lang).collect::<Vec<_>>(),
        Lang::ALL
    );
    let english: Vec<&str> = all[0].1.iter().map(|(file, _)| *file).collect();
    for (lang, files) in &all {
        let names: Vec<&str> = files.iter().map(|(file, _)| *file).collect();
        assert_eq!(names, english, "{}", lang.code());
        for (file, messages) in files {
            assert!(!messages.is_empty(), "{}/{file} is empty", lang.code());
            // The embedded text is the file on disk: the bot's in `locales/`, the toy's beside
            // it.
            let root = Path::new(env!("CARGO_MANIFEST_DIR"));
            let on_disk = match *file {
                "columns.ftl" => root.join(format!("tests/it/toy/{}.ftl", lang.code())),
                _ => root.join("locales").join(lang.code()).join(file),
            };
            assert!(on_disk.is_file(), "{}", on_disk.display());
        }
    }
}

#[test]
fn every_message_exists_in_every_language_with_the_same_variables() {
    let all = all();
    let (_, english) = &all[0];
    for (lang, files) in &all[1..] {
        for ((file, en), (_, other)) in english.iter().zip(files) {
            let en_ids: Vec<&String> = en.keys().collect();
            let other_ids: Vec<&String> = other.keys().collect();
            assert_eq!(en_ids, other_ids, "the ids of {}/{file}", lang.code());
            for (id, message) in en {
                assert_eq!(
                    message.vars,
                    other[id].vars,
                    "the variables of {id} in {}/{file}",
                    lang.code()
                );
            }
        }
    }
}

#[test]
fn the_dice_words_are_never_translated() {
    let all = all();
    let (_, english) = &all[0];
    for (lang, files) in &all[1..] {
        for ((file, en), (_, other)) in english.iter().zip(files) {
            for (id, message) in en {
                let text = &other[id].text;
                for word in ["FOR", "GET", "IT", "FORGET IT"] {
                    assert_eq!(
                        message.text.contains(word),
                        text.contains(word),
                        "{word} in {id} of {}/{file}: {text:?}",
                        lang.code()
                    );
                }
                // What a machine translation made of them.
                for wrong in ["POUR", "OBTENIR", "OUBLIEZ", "OUBLIE-LE"] {
                    assert!(!text.contains(wrong), "{id}: {text:?}");
                }
            }
        }
    }
}

/// French typography: a non-breaking space before `:` and a narrow one before `;`, `!` and `?`,
/// so that Discord never breaks a line before them; never a plain space.
#[test]
fn french_puts_non_breaking_spaces_before_its_high_punctuation() {
    let all = all();
    let (_, french) = all.iter().find(|(lang, _)| *lang == Lang::Fr).unwrap();
    let mut checked = 0;
    for (file, messages) in french {
        for (id, message) in messages {
            for (before, mark) in message.text.chars().zip(message.text.chars().skip(1)) {
                let wanted = match mark {
                    ':' => '\u{a0}',
                    ';' | '!' | '?' => '\u{202f}',
                    _ => continue,
                };
                if before.is_whitespace() {
                    assert_eq!(before, wanted, "fr/{file}: {id}: {:?}", message.text);
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 50, "{checked}");
}

/// French has one word for a seat the bot plays, as its rules and buttons say ("Ajouter un
/// robot", "Robot 1"): `robot`, never `bot` or `bots` (issue #54: "Les bots ne sont pas classés"
/// beside "robots" everywhere else). "Le bot" is the Discord application itself ("le bot
/// redémarre"), and is only ever that: `bot` comes after `le`, `Le` or `du`.
#[test]
fn french_calls_a_bot_seat_a_robot() {
    let all = all();
    let (_, french) = all.iter().find(|(lang, _)| *lang == Lang::Fr).unwrap();
    let mut robots = 0;
    for (file, messages) in french {
        for (id, message) in messages {
            let words: Vec<&str> = message
                .text
                .split(|c: char| !c.is_alphanumeric() && c != '-')
                .filter(|w| !w.is_empty())
                .collect();
            for (i, word) in words.iter().enumerate() {
                match word.to_lowercase().as_str() {
                    "bots" => panic!("fr/{file}: {id} says bots: {:?}", message.text),
                    "bot" => {
                        let before = i.checked_sub(1).map(|b| words[b]);
                        assert!(
                            matches!(before, Some("le" | "Le" | "du")),
                            "fr/{file}: {id} says bot for a seat? {:?}",
                            message.text
                        );
                    }
                    "robot" | "robots" => robots += 1,
                    _ => {}
                }
            }
        }
    }
    assert!(robots > 10, "{robots}");
}

/// The string literals of the Rust files under `dir` that look like message ids (`fgi-banked`).
fn ids_in(dir: &Path, out: &mut BTreeSet<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            ids_in(&path, out);
            continue;
        }
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        ids_in_file(&path, out);
    }
}

/// The string literals of one Rust file that look like message ids.
fn ids_in_file(path: &Path, out: &mut BTreeSet<String>) {
    let source = std::fs::read_to_string(path).unwrap();
    for literal in source.split('"').skip(1).step_by(2) {
        let id_like = literal.contains('-')
            && literal.starts_with(|c: char| c.is_ascii_lowercase())
            && literal
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if id_like || literal == "and" || literal == "or" {
            out.insert(literal.to_string());
        }
    }
}

#[test]
fn every_message_id_the_code_uses_exists_in_every_language() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut ids = BTreeSet::new();
    for dir in ["render", "discord", "tables"] {
        ids_in(&root.join(dir), &mut ids);
    }
    // Each game's views, `views.rs` and the `views/` beside it (the rest of a game's folder
    // names policies and keys, not messages).
    for game in std::fs::read_dir(root.join("games")).unwrap() {
        let game = game.unwrap().path();
        if game.join("views.rs").is_file() {
            ids_in_file(&game.join("views.rs"), &mut ids);
        }
        if game.join("views").is_dir() {
            ids_in(&game.join("views"), &mut ids);
        }
    }
    assert!(ids.len() > 200, "the scan finds the ids: {}", ids.len());
    // Ids made up at run time: each setting's label in `config show`; each game's (its name, its
    // lobby's, its end's and its rules card's, made from its names, whose parts the scan takes for
    // ids; and those its views make, as Get Dickey's boxes), then the slash commands'.
    for setting in forgetit::settings::SETTINGS {
        ids.insert(format!("settings-{}", setting.name));
    }
    let made = crate::toy::games().message_ids();
    ids.retain(|id| !made.iter().any(|m| m.ends_with(&format!("-{id}"))));
    ids.extend(made);
    let commands = forgetit::discord::command_message_ids(crate::toy::games());
    assert!(commands.contains(&"cmd-start-target-description".to_string()));
    // A game's own text, read before the shared one.
    assert!(commands.contains(&"cmd-getdickey-scores-description".to_string()));
    // A subcommand's or option's registered English name written in the code (`rename =
    // "forget-me"`, `"turn-timeout"`) is a name, not a message id: its messages are
    // `cmd-...-<name>` (or a game's own `cmd-<game>-...-<name>`).
    ids.retain(|id| !commands.iter().any(|c| c.ends_with(&format!("-{id}"))));
    ids.extend(commands);
    for lang in Lang::ALL {
        let missing: Vec<&String> = ids.iter().filter(|id| !lang.has(id)).collect();
        assert!(
            missing.is_empty(),
            "missing in {}: {missing:?}",
            lang.code()
        );
    }
}

#[test]
fn discord_locales_map_to_the_languages_spoken_and_anything_else_is_english() {
    assert_eq!(Lang::from_discord("fr"), Lang::Fr);
    for locale in ["en-US", "en-GB", "de", "es-ES", "pt-BR", "zh-CN", ""] {
        assert_eq!(Lang::from_discord(locale), Lang::EnUs, "{locale}");
    }
    assert_eq!(Lang::from_discord_opt(None), Lang::EnUs);
    assert_eq!(Lang::from_discord_opt(Some("fr")), Lang::Fr);
    for lang in Lang::ALL {
        assert_eq!(Lang::from_code(lang.code()), Some(lang));
        assert_eq!(Lang::from_discord(lang.code()), lang);
    }
}

#[test]
fn messages_format_with_their_variables_and_plurals() {
    use forgetit::tr;
    assert_eq!(tr!(Lang::EnUs, "fgi-button-roll-dice", n = 1), "Roll 1 die");
    assert_eq!(
        tr!(Lang::EnUs, "fgi-button-roll-dice", n = 6),
        "Roll 6 dice"
    );
    assert_eq!(tr!(Lang::Fr, "fgi-button-roll-dice", n = 1), "Lancer 1 dé");
    assert_eq!(tr!(Lang::Fr, "fgi-button-roll-dice", n = 6), "Lancer 6 dés");
    // French counts 0 in the singular; no Unicode isolation marks around variables.
    assert_eq!(tr!(Lang::Fr, "points-lost", n = 0), "(0 point perdu)");
    assert_eq!(
        tr!(Lang::Fr, "fgi-note-danger", word = "IT"),
        "⚠️ Un seul **IT** de plus et c'est FORGET IT\u{202f}!"
    );
}

/// French typography of numbers: one sign for "numéro", `n°` (never the ordinal `nº`, never `#`),
/// always followed by a no-break space (`partie n° 5`); a narrow no-break space before `%`.
#[test]
fn french_writes_numero_one_way_and_spaces_percent() {
    let all = all();
    let (_, french) = all.iter().find(|(lang, _)| *lang == Lang::Fr).unwrap();
    let mut numeros = 0;
    for (file, messages) in french {
        for (id, message) in messages {
            let text = &message.text;
            assert!(!text.contains('º'), "fr/{file}: {id}: {text:?}");
            assert!(!text.contains('#'), "fr/{file}: {id}: {text:?}");
            numeros += text.matches('°').count();
            for (before, mark) in text.chars().zip(text.chars().skip(1)) {
                if mark == '%' && before.is_whitespace() {
                    assert_eq!(before, '\u{202f}', "fr/{file}: {id}: {text:?}");
                }
            }
        }
    }
    assert!(numeros >= 8, "{numeros}");
    // In the files' messages (placeables included): `°`, one no-break space, then the number.
    let (_, files) = resources()
        .into_iter()
        .find(|(lang, _)| *lang == Lang::Fr)
        .unwrap();
    for (file, source) in files {
        for line in source.lines().filter(|line| !line.starts_with('#')) {
            for (at, _) in line.match_indices('°') {
                let after: Vec<char> = line[at..].chars().skip(1).take(2).collect();
                assert!(
                    after.first() == Some(&'\u{a0}')
                        && after.get(1).is_some_and(|c| !c.is_whitespace()),
                    "fr/{file}: {line:?}"
                );
            }
        }
    }
}

/// The French rules card's word for the point number is the French rules' own: "numéro" (docs/
/// seeds/003_*.txt: "Choisissez UN numéro parmi les dés"), never "nombre de points" (which reads
/// as a score); F5.
#[test]
fn french_calls_the_point_number_numero_as_its_rules_do_f5() {
    let seed = std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/seeds"))
        .unwrap()
        .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap())
        .find(|text| text.contains("RÈGLES"))
        .expect("the French rules among the seeds");
    assert!(seed.contains("Choisissez UN numéro parmi les dés"));
    let all = all();
    let (_, french) = all.iter().find(|(lang, _)| *lang == Lang::Fr).unwrap();
    for (file, messages) in french {
        for (id, message) in messages {
            assert!(
                !message.text.contains("nombre de points"),
                "fr/{file}: {id}: {:?}",
                message.text
            );
        }
    }
    use forgetit::tr;
    assert!(tr!(Lang::Fr, "fgi-rules-turn-text").contains("c'est votre **numéro**"));
    assert_eq!(
        tr!(Lang::Fr, "fgi-prompt-choose", options = "1 ou les 4"),
        "Choisissez votre numéro\u{a0}: gardez les 1 ou les 4."
    );
}

/// The variables that hold a name: a player's, a bot seat's, a game's, a box's.
const NAME_VARS: [&str; 5] = ["name", "who", "host", "game", "box_name"];

/// The French words that elide, without their last letter (`de` → `d'`)
/// (`le` and `la` both give `l'`).
const STEMS: [&str; 13] = [
    "d", "l", "qu", "j", "n", "c", "m", "t", "s", "jusqu", "lorsqu", "puisqu", "quoiqu",
];

/// How each place `name` is shown in `text` follows an elidable word: `Some((stem, elided))`
/// (`de bob` → `("d", false)`, `d'alice` → `("d", true)`), or `None`. Markdown the message put
/// around the name (`**`) is looked through.
fn articles(text: &str, name: &str) -> Vec<Option<(String, bool)>> {
    text.match_indices(name)
        .map(|(at, _)| {
            let before = text[..at]
                .trim_end_matches(['*', '_', '~', '|'])
                .to_lowercase();
            STEMS.iter().find_map(|stem| {
                let word_start = |rest: &str| !rest.ends_with(|c: char| c.is_alphanumeric());
                for (ending, elided) in [(format!("{stem}'"), true), (format!("{stem}e "), false)] {
                    if let Some(rest) = before.strip_suffix(&ending) {
                        if word_start(rest) {
                            return Some((stem.to_string(), elided));
                        }
                    }
                }
                // `la` elides to `l'` too.
                if *stem == "l" {
                    if let Some(rest) = before.strip_suffix("la ") {
                        if word_start(rest) {
                            return Some(("l".to_string(), false));
                        }
                    }
                }
                None
            })
        })
        .collect()
}

/// Every French message that takes a name, with `name` in each of its name variables and `3` in
/// every other.
fn french_with_names(name: &str) -> Vec<(String, String)> {
    let all = all();
    let (_, french) = all.iter().find(|(lang, _)| *lang == Lang::Fr).unwrap();
    let mut out = Vec::new();
    for (_, messages) in french {
        for (id, message) in messages {
            if !message.vars.iter().any(|v| NAME_VARS.contains(&v.as_str())) {
                continue;
            }
            let mut args = fluent_bundle::FluentArgs::new();
            for var in &message.vars {
                if NAME_VARS.contains(&var.as_str()) {
                    args.set(var.clone(), name.to_string());
                } else {
                    args.set(var.clone(), 3);
                }
            }
            out.push((id.clone(), Lang::Fr.t_with(id, &args)));
        }
    }
    out
}

/// A name that starts with a vowel sound, as a player might give it (ending in `_q`, which no
/// message's own text contains, so that each place it shows is found).
fn vowel_name() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec![
            "a", "e", "i", "o", "u", "A", "E", "I", "O", "U", "é", "É", "è", "ê", "à", "â", "î",
            "ï", "ô", "û", "ù", "œ", "Œ", "æ", "Yv", "yl", "Ys",
        ]),
        "[a-z]{1,8}",
    )
        .prop_map(|(first, rest)| format!("{first}{rest}_q"))
}

/// A name that does not: a consonant, an `h`, a `y` before a vowel, a digit, an emoji, a symbol.
fn other_name() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec![
            "b", "B", "c", "d", "f", "g", "j", "k", "l", "m", "n", "p", "q", "r", "s", "t", "v",
            "w", "x", "z", "ç", "Ç", "h", "H", "ya", "Yo", "1", "42", "🤖 ", "🎲", "_", "-", ".",
        ]),
        "[a-z]{1,8}",
    )
        .prop_map(|(first, rest)| format!("{first}{rest}_q"))
}

/// How the code hands a name to a message: shown as is ([`display_name`]: markdown escaped), or
/// in bold (a bot's seat, a result line).
fn as_given(name: &str, bold: bool) -> String {
    let shown = forgetit::render::view::display_name(name);
    if bold {
        format!("**{shown}**")
    } else {
        shown
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// French elision, in every French message that takes a name, through the real bundles:
    /// where a name that does not start with a vowel sound follows `de` (`que`, `le`...), a
    /// vowel-initial one gets `d'` (`qu'`, `l'`...) in the same place, and never `de ` before
    /// it; a name that does not start with a vowel sound never gets `d'`.
    #[test]
    fn french_elides_before_every_vowel_initial_name(
        vowel in vowel_name(),
        other in other_name(),
        bold in any::<bool>(),
    ) {
        let vowel = as_given(&vowel, bold);
        let other = as_given(&other, bold);
        let with_vowel = french_with_names(&vowel);
        let with_other = french_with_names(&other);
        prop_assert!(with_vowel.len() > 20, "{}", with_vowel.len());
        let mut elided = 0;
        for ((id, v), (_, o)) in with_vowel.iter().zip(&with_other) {
            let at_vowel = articles(v, &vowel);
            let at_other = articles(o, &other);
            prop_assert_eq!(at_vowel.len(), at_other.len(), "{}: {:?} / {:?}", id, v, o);
            for (a, b) in at_vowel.iter().zip(&at_other) {
                match (a, b) {
                    (None, None) => {}
                    (Some((stem_a, true)), Some((stem_b, false))) if stem_a == stem_b => {
                        elided += 1;
                    }
                    _ => prop_assert!(false, "{}: {:?} / {:?}", id, v, o),
                }
            }
        }
        // The messages that name a player after "de": odds, moments, review charts...
        prop_assert!(elided >= 8, "{}", elided);
    }

    /// The rule itself, for any name as the code hands it over (markdown escaped, so a name
    /// written `_abc` is `\_abc`, not italics to look through): a vowel sound elides `de`,
    /// anything else does not.
    #[test]
    fn de_elides_exactly_before_a_vowel_sound(vowel in vowel_name(), other in other_name()) {
        let (vowel, other) = (as_given(&vowel, false), as_given(&other, false));
        prop_assert_eq!(forgetit::i18n::elide("de", &vowel), format!("d'{vowel}"));
        prop_assert_eq!(forgetit::i18n::elide("de", &other), format!("de {other}"));
        prop_assert_eq!(forgetit::i18n::elide("que", &vowel), format!("qu'{vowel}"));
    }
}

/// The names the tester met at French tables, in the messages they met them in.
#[test]
fn french_elides_the_names_of_the_report() {
    use forgetit::tr;
    assert_eq!(
        tr!(Lang::Fr, "odds-title", round = 1, name = "alice"),
        "📊 Chances · manche 1 · tour d'alice"
    );
    assert_eq!(
        tr!(Lang::Fr, "odds-title", round = 1, name = "bob"),
        "📊 Chances · manche 1 · tour de bob"
    );
    assert_eq!(
        tr!(
            Lang::Fr,
            "fgi-moment-forget-it",
            name = "amelie",
            round = 2,
            lost = 40
        ),
        "FORGET IT d'amelie à la manche 2\u{a0}: 40 points perdus"
    );
    assert!(
        tr!(Lang::Fr, "review-chart-alt", name = "Amelie", turns = "…")
            .starts_with("Le score d'Amelie,")
    );
    assert!(tr!(
        Lang::Fr,
        "rating-chart-alt",
        name = "Robot 1",
        n = 3,
        first = 1500,
        last = 1510,
        best = 1512
    )
    .starts_with("Le niveau de Robot 1 "));
    assert_eq!(
        tr!(Lang::Fr, "notice-busy-game", game = "For Get It"),
        "une partie de **For Get It**"
    );
}
