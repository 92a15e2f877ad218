//! Refusals that help (issue #44), as rendered: an answer about a value quotes the value typed and
//! examples that are accepted, and every example it quotes, in English and in French, reads back
//! through the bot's own parser within the bounds the bot checks (a property, over any bounds and
//! over the bot's own); a move out of turn names whose turn it is and links the turn; a busy
//! channel's answer names the channel and links its game. End to end: `refusals_e2e`.

use std::time::Duration;

use forgetit::duration::{self, Bounds};
use forgetit::i18n::Lang;
use forgetit::render::notice::{message_link, not_your_turn, whole_examples, Busy, SAFE_INTEGER};
use forgetit::render::{notice, Notice, Takes};
use forgetit::{ChannelId, GuildId, MessageId};
use proptest::prelude::*;

const EN: Lang = Lang::EnUs;
const FR: Lang = Lang::Fr;

/// The spans of `text` quoted as code (between backticks).
fn code_spans(text: &str) -> Vec<String> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

/// The answer to a bad value of a duration option within `bounds`, in `lang`, without a value
/// quoted (so that every quote in it is an example).
fn duration_refusal(bounds: Bounds, lang: Lang) -> String {
    notice(
        Notice::BadOption {
            option: "turn-timeout".into(),
            takes: Takes::Duration(bounds),
            given: None,
        },
        lang,
    )
    .content
}

fn range_refusal(min: i64, max: i64, lang: Lang) -> String {
    notice(
        Notice::BadOption {
            option: "target".into(),
            takes: Takes::Range { min, max },
            given: None,
        },
        lang,
    )
    .content
}

/// Every example in `text` reads back through [`duration::parse`] (the bot's reader of typed
/// durations) as a duration within `bounds`, as `config set` checks it ([`Bounds::read`]).
fn assert_duration_examples_accepted(bounds: Bounds, text: &str) -> Result<(), TestCaseError> {
    let examples = code_spans(text);
    prop_assert!(!examples.is_empty(), "no example: {text}");
    for example in examples {
        let read = duration::parse(&example, bounds.bare);
        prop_assert!(
            read.is_some_and(|d| (bounds.min..=bounds.max).contains(&d)),
            "{example:?} reads as {read:?}, outside {bounds:?}: {text}"
        );
        prop_assert!(bounds.read(&example).is_some(), "{example:?}: {text}");
    }
    Ok(())
}

/// Milliseconds on several scales: a second, a minute, a day, a month.
fn millis() -> impl Strategy<Value = u64> {
    prop_oneof![
        0u64..=1_000,
        0u64..=60_000,
        0u64..=86_400_000,
        0u64..=30 * 86_400_000,
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Any bounds (as milliseconds, the bot's own being whole seconds and milliseconds), either
    /// unit for a bare number: each example the refusal quotes, in English and French, is a
    /// duration the same bounds accept.
    #[test]
    fn every_duration_example_a_refusal_quotes_is_accepted(
        min in millis(),
        span in millis(),
        seconds in any::<bool>(),
    ) {
        let bare = if seconds { Duration::from_secs(1) } else { Duration::from_millis(1) };
        let bounds = Bounds {
            min: Duration::from_millis(min),
            max: Duration::from_millis(min + span),
            bare,
        };
        for lang in [EN, FR] {
            assert_duration_examples_accepted(bounds, &duration_refusal(bounds, lang))?;
        }
    }

    /// Any range of whole numbers (up to Discord's largest, "at least"): each example quoted is a
    /// whole number within it.
    #[test]
    fn every_number_example_a_refusal_quotes_is_accepted(
        min in prop_oneof![-SAFE_INTEGER..SAFE_INTEGER, -100i64..100, 0i64..20],
        span in prop_oneof![0i64..3, 0i64..1_000, 0i64..SAFE_INTEGER, Just(SAFE_INTEGER)],
    ) {
        let max = min.saturating_add(span).min(SAFE_INTEGER);
        for lang in [EN, FR] {
            let text = range_refusal(min, max, lang);
            let examples = code_spans(&text);
            prop_assert!(!examples.is_empty(), "no example: {text}");
            for example in examples {
                let n: Result<i64, _> = example.parse();
                prop_assert!(
                    n.as_ref().is_ok_and(|n| (min..=max).contains(n)),
                    "{example:?} is not from {min} to {max}: {text}"
                );
            }
        }
    }
}

/// The bot's own bounds: `config set turn-timeout` (30 s to 7 d, a bare number in seconds) and
/// `bot-pace` (0 to 1 min, in milliseconds). The tester's complaint: `1.5s` was quoted for the
/// first and `5m` for the second, and both were refused.
#[test]
fn the_bots_duration_refusals_quote_only_what_they_accept_and_the_value_typed() {
    for bounds in [duration::TURN_TIMEOUT, duration::BOT_PACE] {
        for lang in [EN, FR] {
            let text = duration_refusal(bounds, lang);
            assert_duration_examples_accepted(bounds, &text).unwrap();
            assert_eq!(code_spans(&text).len(), 3, "{text}");
        }
    }
    let refused = |bounds, given: &str, lang| {
        notice(
            Notice::BadOption {
                option: "bot-pace".into(),
                takes: Takes::Duration(bounds),
                given: Some(given.into()),
            },
            lang,
        )
        .content
    };
    let en = refused(duration::BOT_PACE, "5m", EN);
    assert_eq!(
        en,
        "You entered `5m`. **bot-pace** takes a duration from 0 ms to 1 min, such as `250ms`, \
         `5s` or `1m`: nothing was done."
    );
    let fr = refused(duration::TURN_TIMEOUT, "1,5s", FR);
    assert_eq!(
        fr,
        "Vous avez saisi `1,5s`. **bot-pace** prend une durée de 30\u{a0}s à 7\u{a0}j, \
         comme `30s`, `1h` ou `7j`\u{a0}: rien n'a été fait."
    );
    // What is typed is quoted on one line, cut, and cannot end the quote early.
    let odd = refused(duration::BOT_PACE, "`5m`\n@everyone", EN);
    assert!(odd.starts_with("You entered `'5m' @everyone`."), "{odd}");
}

#[test]
fn number_refusals_quote_the_value_and_round_examples() {
    assert_eq!(whole_examples(50, 10_000), [50, 5_000, 10_000]);
    assert_eq!(whole_examples(0, 9), [0, 4, 9]);
    assert_eq!(whole_examples(0, 1), [0, 1]);
    assert_eq!(whole_examples(3, 3), [3]);
    assert_eq!(whole_examples(1, SAFE_INTEGER), [1, 10, 100]);
    let text = notice(
        Notice::BadOption {
            option: "target".into(),
            takes: Takes::Range {
                min: 50,
                max: 10_000,
            },
            given: Some("20000".into()),
        },
        EN,
    )
    .content;
    assert_eq!(
        text,
        "You entered `20000`. **target** takes a whole number from 50 to 10000, such as `50`, \
         `5000` or `10000`: nothing was done."
    );
    // A number without a largest (a game's number for `review`): "at least".
    let text = range_refusal(1, SAFE_INTEGER, FR);
    assert_eq!(
        text,
        "**target** prend un nombre entier d'au moins 1, comme `1`, `10` ou `100`\u{a0}: \
         rien n'a été fait."
    );
}

#[test]
fn a_move_out_of_turn_names_whose_turn_it_is_and_links_it() {
    let link = message_link(Some(GuildId::new(1)), ChannelId::new(2), MessageId::new(3));
    assert_eq!(link, "https://discord.com/channels/1/2/3");
    // A DM's or a group DM's: `@me`.
    assert_eq!(
        message_link(None, ChannelId::new(2), MessageId::new(3)),
        "https://discord.com/channels/@me/2/3"
    );
    assert_eq!(
        not_your_turn("alice", Some(&link), EN).content,
        "It's **alice**'s turn, not yours. [Go to the turn](https://discord.com/channels/1/2/3)."
    );
    assert_eq!(
        not_your_turn("Émile", Some(&link), FR).content,
        "C'est à **Émile** de jouer, pas à vous. \
         [Voir le tour en cours](https://discord.com/channels/1/2/3)."
    );
    // A name is shown escaped; without a known turn message, no link.
    assert_eq!(
        not_your_turn("*bob*", None, EN).content,
        "It's **\\*bob\\***'s turn, not yours."
    );
}

#[test]
fn a_busy_channels_answer_names_the_channel_and_links_its_game() {
    let busy = Busy {
        command: Some("pig"),
        link: Some("https://discord.com/channels/1/2/3".into()),
        seated: false,
        channel: Some(ChannelId::new(2)),
        elsewhere: vec![ChannelId::new(5)],
        threads_off: false,
    };
    let text = |busy: &Busy, lang| notice(Notice::ChannelBusy(busy.clone()), lang).content;
    assert_eq!(
        text(&busy, EN),
        "There is already [a game of **Pig**](https://discord.com/channels/1/2/3) in <#2>: \
         join it, wait for it to end, or start yours in <#5>."
    );
    let seated = Busy {
        seated: true,
        ..busy.clone()
    };
    assert_eq!(
        text(&seated, EN),
        "You're already playing [a game of **Pig**](https://discord.com/channels/1/2/3) in \
         <#2>: carry on there."
    );
    assert_eq!(
        text(&seated, FR),
        "Vous jouez déjà [une partie de **Pig**](https://discord.com/channels/1/2/3) dans \
         <#2>\u{a0}: elle s'y poursuit."
    );
    // In a chat (no channel to mention), or when the game is not known yet.
    let chat = Busy {
        channel: None,
        ..seated
    };
    assert!(
        text(&chat, EN).contains(" in this channel: carry on there."),
        "{}",
        text(&chat, EN)
    );
    assert_eq!(
        text(&Busy::default(), FR),
        "Il y a déjà une partie dans ce salon\u{a0}: rejoignez-la, attendez qu'elle se termine, ou \
         lancez la vôtre dans un autre salon."
    );
}
