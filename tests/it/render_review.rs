//! The review message (src/render/review.rs): snapshots of a For Get It and a Get Dickey review
//! in English and French, a long review summarised within Discord's limits, the refusals, and
//! the game's number on its end.

use crate::common;
use forgetit::render::chart;

use common::render::assert_within_limits;
use forgetit::games::forgetit::review::FgiAct;
use forgetit::games::getdickey::review::DickeyAct;
use forgetit::games::getdickey::Category;
use forgetit::i18n::Lang;
use forgetit::render::review::{numbered, refusal, review, Refusal, Reviewed};
use forgetit::render::MessageView;
use forgetit::strategy::review::{Ended, Mistake, Review, TurnReview, Unit};
use forgetit::GameId;

const EN: Lang = Lang::EnUs;
const FR: Lang = Lang::Fr;

fn snap(name: &str, view: &MessageView) {
    assert_within_limits(view);
    insta::assert_snapshot!(name, view.to_string());
}

const FGI: Reviewed<'static> = Reviewed {
    command: "forgetit",
    code: "fgi",
    game_id: GameId::new(42),
};

const GD: Reviewed<'static> = Reviewed {
    command: "getdickey",
    code: "gd",
    game_id: GameId::new(7),
};

fn turn(number: u32, points: u32, luck: f64, lost: f64, end: Ended) -> TurnReview {
    TurnReview {
        number,
        points,
        lost,
        luck,
        forfeited: 0.0,
        end,
        mistakes: usize::from(lost > 0.0),
        chance_after: None,
    }
}

/// Three turns: a bank too early, a number kept that was worth less, a turn that timed out.
fn fgi_review() -> Review<FgiAct> {
    Review {
        seat: 0,
        name: "ann *the* _great_".into(),
        turns: vec![
            turn(1, 8, 10.25, 3.5, Ended::Played),
            turn(2, 0, -52.0, 1.25, Ended::Played),
            TurnReview {
                forfeited: 20.0,
                ..turn(3, 12, -24.23, 0.0, Ended::TimedOut)
            },
        ],
        mistakes: vec![
            Mistake {
                turn: 1,
                chosen: FgiAct::Bank(8),
                best: FgiAct::Roll { points: 8 },
                cost: 3.5,
            },
            Mistake {
                turn: 2,
                chosen: FgiAct::Keep(1),
                best: FgiAct::Keep(4),
                cost: 1.25,
            },
        ],
        points: 20,
        expected: 168.69,
        lost: 4.75,
        forfeited: 20.0,
        luck: -123.94,
        unit: Unit::Points,
    }
}

fn gd_review() -> Review<DickeyAct> {
    Review {
        seat: 1,
        name: "amélie".into(),
        turns: (1..=13)
            .map(|n| {
                turn(
                    n,
                    20 + n,
                    f64::from(n) - 6.5,
                    if n == 3 { 6.0 } else { 0.0 },
                    Ended::Played,
                )
            })
            .collect(),
        mistakes: vec![
            Mistake {
                turn: 3,
                chosen: DickeyAct::Score {
                    hand: vec![2, 2, 3, 3, 3],
                    category: Category::Chance,
                    points: 13,
                },
                best: DickeyAct::Score {
                    hand: vec![2, 2, 3, 3, 3],
                    category: Category::FullHouse,
                    points: 25,
                },
                cost: 4.5,
            },
            Mistake {
                turn: 3,
                chosen: DickeyAct::Reroll {
                    hand: vec![1, 2, 4, 5, 6],
                    keep: vec![],
                },
                best: DickeyAct::Reroll {
                    hand: vec![1, 2, 4, 5, 6],
                    keep: vec![1, 2, 4, 5],
                },
                cost: 1.5,
            },
        ],
        points: 351,
        expected: 254.589,
        lost: 6.0,
        forfeited: 0.0,
        luck: 102.411,
        unit: Unit::Points,
    }
}

#[test]
fn a_for_get_it_review() {
    snap("review_forgetit", &review(&fgi_review(), FGI, EN));
    // The chart, as drawn (SVG), in both languages.
    for (lang, name) in [(EN, "review_chart_en"), (FR, "review_chart_fr")] {
        let (drawn, _) = forgetit::render::review::review_chart(&fgi_review(), lang).unwrap();
        insta::assert_snapshot!(name, chart::review_svg(&drawn).unwrap());
    }
    if let Ok(dir) = std::env::var("CHART_PNGS") {
        let view = review(&fgi_review(), FGI, FR);
        std::fs::write(format!("{dir}/review_fr.png"), &view.pictures[0].png).unwrap();
    }
    snap("fr_review_forgetit", &review(&fgi_review(), FGI, FR));
}

#[test]
fn a_get_dickey_review() {
    snap("review_getdickey", &review(&gd_review(), GD, EN));
    snap("fr_review_getdickey", &review(&gd_review(), GD, FR));
}

#[test]
fn an_optimal_review_says_so() {
    let mut optimal = fgi_review();
    optimal.mistakes.clear();
    optimal.lost = 0.0;
    optimal.forfeited = 0.0;
    let view = review(&optimal, FGI, EN);
    assert_within_limits(&view);
    let text = view.to_string();
    assert!(
        text.contains("every decision was the optimal one"),
        "{text}"
    );
    assert!(!text.contains("Timeouts"), "{text}");
}

/// A game of 300 turns with a mistake in each: the costliest three are listed (the chart shows
/// every round), the rest counted; the chart's alt text is cut at Discord's limit.
#[test]
fn a_long_review_is_summarised_within_discords_limits() {
    for lang in [EN, FR] {
        let mut long = fgi_review();
        long.turns = (1..=300)
            .map(|n| turn(n, 100, -123.45, 12.34, Ended::Left))
            .collect();
        long.mistakes = (1..=300)
            .map(|n| Mistake {
                turn: n,
                chosen: FgiAct::Roll { points: 1000 + n },
                best: FgiAct::Bank(1000 + n),
                cost: f64::from(n),
            })
            .collect();
        let view = review(&long, FGI, lang);
        assert_within_limits(&view);
        let text = view.to_string();
        // The costliest first: turn 300's.
        let first = text
            .find("Round 300**")
            .or_else(|| text.find("Manche 300**"))
            .unwrap();
        let second = text
            .find("Round 299**")
            .or_else(|| text.find("Manche 299**"))
            .unwrap();
        assert!(first < second, "{text}");
        assert!(
            !text.contains("Round 290** —") && !text.contains("Manche 290** —"),
            "{text}"
        );
        // The 297 left out cost 1 + ... + 297 = 44,253.
        assert!(text.contains("297") && text.contains("44253"), "{text}");
        let chart = &view.pictures[0];
        assert_eq!(chart.description.chars().count(), chart::MAX_ALT);
        assert!(chart.description.ends_with('…'));
        if lang == EN {
            snap("review_long", &view);
        }
    }
}

#[test]
fn refusals_and_the_games_number() {
    let refusals = [
        Refusal::Unknown {
            id: GameId::new(99),
        },
        Refusal::OtherServer { id: GameId::new(3) },
        Refusal::OtherGame {
            id: GameId::new(3),
            command: "getdickey",
        },
        Refusal::NotFinished { id: GameId::new(3) },
        Refusal::Cancelled { id: GameId::new(3) },
        Refusal::NotPlayed { id: GameId::new(3) },
        Refusal::NoGames {
            command: "forgetit",
        },
    ];
    for (lang, name) in [(EN, "review_refusals"), (FR, "fr_review_refusals")] {
        let texts: Vec<String> = refusals
            .iter()
            .map(|r| refusal(r, lang).to_string())
            .collect();
        insta::assert_snapshot!(name, texts.join("\n"));
    }
    let over = MessageView::new("over")
        .embed(forgetit::render::EmbedView::new("Game over", 0).footer("Played to 500 points."));
    let shown = numbered(over, GameId::new(12), EN).to_string();
    assert!(
        shown.contains("Played to 500 points. · Game #12"),
        "{shown}"
    );
    let bare = MessageView::new("over").embed(forgetit::render::EmbedView::new("Game over", 0));
    assert!(numbered(bare, GameId::new(12), FR)
        .to_string()
        .contains("Partie n°\u{a0}12"));
}

/// A review lists each round once, its decisions in the order made, and leaves out decisions
/// that cost less than 0.05 (they would read "−0.0"); the rounds are numbered as the channel
/// numbers them.
#[test]
fn each_round_is_listed_once_and_decisions_that_cost_nothing_are_left_out() {
    let mut played = fgi_review();
    played.mistakes = vec![
        Mistake {
            turn: 6,
            chosen: FgiAct::Keep(1),
            best: FgiAct::Keep(4),
            cost: 1.25,
        },
        Mistake {
            turn: 6,
            chosen: FgiAct::Roll { points: 30 },
            best: FgiAct::Bank(30),
            cost: 2.5,
        },
        Mistake {
            turn: 9,
            chosen: FgiAct::Bank(75),
            best: FgiAct::Roll { points: 75 },
            cost: 0.01,
        },
    ];
    for lang in [EN, FR] {
        let text = review(&played, FGI, lang).to_string();
        let round = if lang == EN { "Round" } else { "Manche" };
        assert_eq!(
            text.matches(&format!("**{round} 6** —")).count(),
            1,
            "{text}"
        );
        let keep = text.find("1s").or_else(|| text.find("les 1")).unwrap();
        let roll = text.find("30").unwrap();
        assert!(keep < roll, "in the order made: {text}");
        assert!(!text.contains(&format!("{round} 9** —")), "{text}");
        assert!(!text.contains("−0.0") && !text.contains("−0,0"), "{text}");
    }
}
