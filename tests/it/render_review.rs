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
        unit: Unit::Points,
        chance_before: None,
    }
}

/// A round judged in chances (played to win), from `before` to `after` percent.
fn to_win(number: u32, points: u32, before: f64, after: f64, lost: f64) -> TurnReview {
    TurnReview {
        unit: Unit::Chance,
        chance_before: Some(before),
        chance_after: Some(after),
        ..turn(number, points, after - before + lost, lost, Ended::Played)
    }
}

/// A decision in points that cost `cost`.
fn mistake<A>(turn: u32, chosen: A, best: A, cost: f64) -> Mistake<A> {
    Mistake {
        turn,
        chosen,
        best,
        cost,
        chosen_value: 50.0 - cost,
        best_value: 50.0,
        unit: Unit::Points,
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
            mistake(1, FgiAct::Bank(8), FgiAct::Roll { points: 8 }, 3.5),
            mistake(2, FgiAct::Keep(1), FgiAct::Keep(4), 1.25),
        ],
        points: 20,
        expected: 168.69,
        lost: 4.75,
        forfeited: 20.0,
        luck: -123.94,
        unit: Unit::Points,
        others: 0.0,
        end: None,
    }
}

/// [`fgi_review`] and two rounds played to win, judged in chances: a race near the target where
/// ann banked 60 too early, and her last turn (F10), where she needed 177 and rolled on with 112
/// (the best play: banking could not win), then spelled FORGET IT.
fn fgi_to_win_review() -> Review<FgiAct> {
    let mut review = fgi_review();
    review.turns.push(to_win(4, 60, 24.5, 12.5, 7.5));
    review.turns.push(to_win(5, 0, 31.2, 0.0, 0.0));
    review.mistakes.push(Mistake {
        turn: 4,
        chosen: FgiAct::Bank(60),
        best: FgiAct::Roll { points: 60 },
        cost: 7.5,
        chosen_value: 12.5,
        best_value: 20.0,
        unit: Unit::Chance,
    });
    review.points += 60;
    review
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
            mistake(
                3,
                DickeyAct::Score {
                    hand: vec![2, 2, 3, 3, 3],
                    category: Category::Chance,
                    points: 13,
                },
                DickeyAct::Score {
                    hand: vec![2, 2, 3, 3, 3],
                    category: Category::FullHouse,
                    points: 25,
                },
                4.5,
            ),
            mistake(
                3,
                DickeyAct::Reroll {
                    hand: vec![1, 2, 4, 5, 6],
                    keep: vec![],
                },
                DickeyAct::Reroll {
                    hand: vec![1, 2, 4, 5, 6],
                    keep: vec![1, 2, 4, 5],
                },
                1.5,
            ),
        ],
        points: 351,
        expected: 254.589,
        lost: 6.0,
        forfeited: 0.0,
        luck: 102.411,
        unit: Unit::Points,
        others: 0.0,
        end: None,
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

/// F10: rounds played to win are named in the totals, which do not count them, and read in
/// chances of winning: what each decision left and what the better one would have; the last
/// turn where rolling on was the best play is listed with nothing charged.
#[test]
fn a_review_with_rounds_played_to_win_judges_them_in_chances() {
    let review_to_win = fgi_to_win_review();
    // In points over rounds 1 to 3, in chances within rounds 4 and 5.
    assert!(forgetit::strategy::review::adds_up(&review_to_win));
    snap("review_forgetit_to_win", &review(&review_to_win, FGI, EN));
    snap(
        "fr_review_forgetit_to_win",
        &review(&review_to_win, FGI, FR),
    );
    let text = review(&review_to_win, FGI, EN).to_string();
    // The totals in points are those of rounds 1 to 3 alone.
    assert!(
        text.contains("**168.7**") && text.contains("**4.8**"),
        "{text}"
    );
    assert!(text.contains("Rounds 4 and 5 were played to win"), "{text}");
    assert!(
        text.contains("12.5%** to win); better: roll on at 60 points (20.0%, **−7.5** pts)"),
        "{text}"
    );
    // Each round in chances reads from its start to its end, the numbers adding up.
    assert!(
        text.contains("24.5% at the start, your dice −4.5, decisions −7.5: 12.5% at the end"),
        "{text}"
    );
    let last = &text[text.find("**Round 5**").unwrap()..];
    assert!(
        last.contains("31.2% at the start, your dice −31.2, decisions 0.0: 0% at the end"),
        "{text}"
    );
    assert!(last.contains("every decision was the best one"), "{text}");
    // No formula, no rule id.
    assert!(
        !text.contains("Score =") && !text.contains("(F10)"),
        "{text}"
    );
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
    for turn in &mut optimal.turns {
        turn.lost = 0.0;
        turn.forfeited = 0.0;
    }
    let view = review(&optimal, FGI, EN);
    assert_within_limits(&view);
    let text = view.to_string();
    assert!(text.contains("every decision was the best one"), "{text}");
    assert!(!text.contains("Timeouts"), "{text}");
}

/// A game of 300 turns with a mistake in each: the costliest four are listed (the chart shows
/// every round), in the order played, the rest counted; the chart's alt text is cut at Discord's
/// limit.
#[test]
fn a_long_review_is_summarised_within_discords_limits() {
    for lang in [EN, FR] {
        let mut long = fgi_review();
        long.turns = (1..=300)
            .map(|n| turn(n, 100, -123.45, 12.34, Ended::Left))
            .collect();
        long.mistakes = (1..=300)
            .map(|n| {
                mistake(
                    n,
                    FgiAct::Roll { points: 1000 + n },
                    FgiAct::Bank(1000 + n),
                    f64::from(n),
                )
            })
            .collect();
        let view = review(&long, FGI, lang);
        assert_within_limits(&view);
        let text = view.to_string();
        // The costliest, in round order.
        let round = if lang == EN { "Round" } else { "Manche" };
        let at = |n: u32| text.find(&format!("**{round} {n}**"));
        let shown: Vec<usize> = (297..=300).map(|n| at(n).unwrap()).collect();
        assert!(shown.windows(2).all(|w| w[0] < w[1]), "{text}");
        assert!(at(296).is_none() && at(1).is_none(), "{text}");
        // The 296 left out cost 1 + ... + 296 = 43,956.
        assert!(text.contains("296") && text.contains("43956"), "{text}");
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

/// A review lists each round once, its decisions in the order made; a decision that cost less
/// than a mistake (1 point; 0.5 percentage point in chances: the review builder's threshold) is
/// not listed, yet counts in the totals; the rounds are numbered as the channel numbers them.
#[test]
fn each_round_is_listed_once_and_small_costs_count_but_are_not_listed() {
    use forgetit::strategy::review::{Builder, MISTAKE_POINTS};
    let mut b: Builder<FgiAct> = Builder::new(0, "ann".into());
    b.review.expected = 112.46;
    b.turn(6);
    b.decided(FgiAct::Keep(1), FgiAct::Keep(4), 48.75, 50.0);
    b.decided(FgiAct::Roll { points: 30 }, FgiAct::Bank(30), 27.5, 30.0);
    b.end_turn(0);
    b.turn(9);
    // 0.6 of a point: not a mistake.
    b.decided(FgiAct::Bank(75), FgiAct::Roll { points: 75 }, 75.0, 75.6);
    b.end_turn(75);
    let played = b.review;
    assert_eq!(played.mistakes.len(), 2);
    assert!(played.mistakes.iter().all(|m| m.cost >= MISTAKE_POINTS));
    assert!((played.lost - 4.35).abs() < 1e-9, "{}", played.lost);
    assert_eq!(played.turns[1].mistakes, 0);
    for lang in [EN, FR] {
        let text = review(&played, FGI, lang).to_string();
        let round = if lang == EN { "Round" } else { "Manche" };
        assert_eq!(text.matches(&format!("**{round} 6**")).count(), 1, "{text}");
        let keep = text.find("the 1s").or_else(|| text.find("les 1")).unwrap();
        let roll = text.find("at 30").or_else(|| text.find("à 30")).unwrap();
        assert!(keep < roll, "in the order made: {text}");
        assert!(!text.contains(&format!("{round} 9**")), "{text}");
        // Not listed (the chart's alt text tells every round's costs).
        let listed = &text[..text.find("footer:").unwrap()];
        assert!(!listed.contains("0.6") && !listed.contains("0,6"), "{text}");
        // In the totals all the same: 1.25 + 2.5 + 0.6.
        assert!(
            text.contains("**4.3**") || text.contains("**4,3**"),
            "{text}"
        );
    }
    // Small slips only: no round listed, and the review says how close they were.
    let mut b: Builder<FgiAct> = Builder::new(0, "ann".into());
    b.turn(1);
    b.decided(FgiAct::Bank(75), FgiAct::Roll { points: 75 }, 75.0, 75.6);
    b.end_turn(75);
    let close = b.review;
    let text = review(&close, FGI, EN).to_string();
    assert!(
        text.contains("None: every decision was within 1 point of the best one."),
        "{text}"
    );
    assert!(
        text.contains("Your decisions cost **0.6** points"),
        "{text}"
    );
    let text = review(&close, FGI, FR).to_string();
    assert!(
        text.contains("à moins de 1 point de la meilleure"),
        "{text}"
    );
}
