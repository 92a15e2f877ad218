//! The charts (render::chart): the same picture for the same game, within Discord's and the
//! issue's limits. Set `CHART_PNGS=/some/dir` to keep the PNGs and look at them.

use forgetit::engine::dice::RandomDice;
use forgetit::engine::table::{Action, Event, Game};
use forgetit::engine::Player;
use forgetit::games::forgetit::ForGetIt;
use forgetit::games::getdickey::GetDickey;
use forgetit::games::pig::Pig;
use forgetit::host::chart::score_chart;
use forgetit::host::Hosted;
use forgetit::i18n::Lang;
use forgetit::render::chart::{self, Moment, ScoreChart, SeatLine};

/// A three-seat game to 500 with a bot seat, a FORGET IT and a big bank, in `lang`'s words.
pub fn sample(fr: bool) -> ScoreChart {
    let (title, rounds, points, target, last, bot) = if fr {
        (
            "Partie de For Get It",
            "Manche",
            "Points",
            "Objectif 500",
            "Dernier tour",
            "(bot)",
        )
    } else {
        (
            "For Get It game",
            "Round",
            "Points",
            "Target 500",
            "Last round",
            "(bot)",
        )
    };
    let line = |name: &str, bot: bool, totals: &[i64]| SeatLine {
        name: name.to_string(),
        bot,
        points: totals
            .iter()
            .enumerate()
            .map(|(r, &p)| (r as u32, p))
            .collect(),
    };
    ScoreChart {
        title: title.into(),
        rounds_label: rounds.into(),
        points_label: points.into(),
        target: Some((500, target.into())),
        last_round: Some((9, last.into())),
        seats: vec![
            line(
                "alice",
                false,
                &[0, 35, 80, 120, 180, 230, 310, 360, 264, 300],
            ),
            line("bob", false, &[0, 20, 20, 75, 150, 260, 330, 420, 470, 525]),
            line(
                &format!("Ferris {bot}"),
                true,
                &[0, 45, 95, 140, 190, 240, 300, 350, 400, 455],
            ),
        ],
        moments: vec![
            Moment {
                seat: 0,
                round: 8,
                total: 264,
                good: false,
            },
            Moment {
                seat: 1,
                round: 5,
                total: 260,
                good: true,
            },
            Moment {
                seat: 1,
                round: 9,
                total: 525,
                good: true,
            },
        ],
        values_only: false,
    }
}

fn keep(name: &str, png: &[u8]) {
    if let Ok(dir) = std::env::var("CHART_PNGS") {
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(format!("{dir}/{name}.png"), png).unwrap();
    }
}

#[test]
fn the_game_over_chart_is_the_same_picture_each_time_and_small() {
    for fr in [false, true] {
        let chart = sample(fr);
        let png = chart::score_png(&chart).unwrap();
        assert_eq!(png, chart::score_png(&chart).unwrap(), "deterministic");
        assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
        assert!(png.len() < 200 * 1024, "{} bytes", png.len());
        keep(if fr { "score_fr" } else { "score_en" }, &png);
        let svg = chart::score_svg(&chart).unwrap();
        insta::assert_snapshot!(if fr { "score_fr" } else { "score_en" }, svg);
    }
}

/// A whole game of `R` played by seeded random legal moves (a bank, a hold or a score taken
/// one time in three, so that it ends): its log and the game as it ended.
#[allow(clippy::type_complexity)]
fn random_game<R: Hosted>(
    settings: R::Settings,
    seats: usize,
    seed: u64,
) -> (Game<R>, Vec<Event<R::Settings, R::Event>>) {
    let mut dice = RandomDice::seeded(seed);
    let (game, log) = crate::common::engine::seated::<R>(settings, seats, &mut dice);
    play_out(game, log, &mut dice, seed)
}

/// Plays a seated game to its end by seeded random legal moves.
#[allow(clippy::type_complexity)]
fn play_out<R: Hosted>(
    mut game: Game<R>,
    mut log: Vec<Event<R::Settings, R::Event>>,
    dice: &mut impl forgetit::engine::dice::DiceSource,
    seed: u64,
) -> (Game<R>, Vec<Event<R::Settings, R::Event>>) {
    use rand::{Rng, SeedableRng};
    let mut pick = rand::rngs::StdRng::seed_from_u64(seed);
    log.push(
        game.apply(
            Action::Start {
                by: Player::Person(forgetit::UserId::new(0)),
            },
            dice,
        )
        .unwrap(),
    );
    for _ in 0..100_000 {
        if game.is_over() {
            break;
        }
        let moves = crate::common::engine::players_moves(&game);
        let action = moves[pick.gen_range(0..moves.len())].clone();
        log.push(game.apply(action, dice).unwrap());
    }
    assert!(game.is_over(), "the game ends");
    (game, log)
}

/// The story of every game: each seat's line starts at 0 after round 0, has a point a round,
/// and ends at the seat's final total; the alt text ends with the totals, within Discord's
/// limit; the chart is drawn.
fn the_story_is_the_game<R: Hosted>(settings: R::Settings, seats: usize, name: &str) {
    for seed in 0..8 {
        let (game, log) = random_game::<R>(settings.clone(), seats, seed);
        for lang in [Lang::EnUs, Lang::Fr] {
            let (chart, alt) = score_chart::<R>(&log, lang).expect("a chart");
            assert_eq!(chart.seats.len(), game.seats.len());
            for (i, line) in chart.seats.iter().enumerate() {
                assert_eq!(line.points[0], (0, 0));
                let rounds: Vec<u32> = line.points.iter().map(|p| p.0).collect();
                assert_eq!(rounds, (0..line.points.len() as u32).collect::<Vec<_>>());
                assert_eq!(line.points.last().unwrap().1, i64::from(game.total(i)));
                assert_eq!(line.bot, game.seats[i].player.is_bot());
            }
            for moment in &chart.moments {
                let line = &chart.seats[moment.seat];
                assert!(moment.round >= 1 && moment.round <= line.points.last().unwrap().0);
            }
            assert!(alt.chars().count() <= chart::MAX_ALT, "{alt}");
            let totals: Vec<String> = (0..game.seats.len())
                .map(|i| format!("{} {}", game.seats[i].name, game.total(i)))
                .collect();
            assert!(alt.ends_with(&totals.join(", ")), "{alt}");
            if seed == 0 {
                let png = chart::score_png(&chart).unwrap();
                assert!(png.len() < 200 * 1024);
                keep(&format!("{name}_{}", lang.code()), &png);
            }
        }
    }
}

#[test]
fn every_games_story_starts_at_zero_and_ends_at_its_totals() {
    the_story_is_the_game::<ForGetIt>(Default::default(), 3, "forgetit");
    the_story_is_the_game::<GetDickey>(Default::default(), 2, "getdickey");
    the_story_is_the_game::<Pig>(Default::default(), 3, "pig");
}

/// The rating chart of `stats`: none before two rated games; then the ratings as the
/// leaderboards show them, told in its alt text.
#[test]
fn the_rating_chart_shows_the_rating_over_the_games() {
    use forgetit::ratings::Rating;
    use forgetit::render::stats::rating_chart;
    let ratings: Vec<Rating> = (0..30)
        .map(|i| Rating {
            mu: 25.0 + f64::from(i % 7) - f64::from(i) / 10.0,
            sigma: 8.333 - f64::from(i) / 6.0,
        })
        .collect();
    assert!(rating_chart("alice", &ratings[..1], Lang::EnUs).is_none());
    for lang in [Lang::EnUs, Lang::Fr] {
        let chart = rating_chart("alice", &ratings, lang).unwrap();
        assert_eq!(chart, rating_chart("alice", &ratings, lang).unwrap());
        assert!(chart.png.len() < 200 * 1024);
        keep(&format!("rating_{}", lang.code()), &chart.png);
        let (drawn, _) =
            forgetit::render::stats::rating_score_chart("alice", &ratings, lang).unwrap();
        let svg = chart::score_svg(&drawn).unwrap();
        insta::assert_snapshot!(format!("rating_{}", lang.code()), svg);
        let first = forgetit::render::stats::shown_rating(ratings[0].ordinal());
        let last = forgetit::render::stats::shown_rating(ratings[29].ordinal());
        assert!(chart.description.contains("30"), "{}", chart.description);
        assert!(
            chart.description.contains(&format!("{first}"))
                && chart.description.contains(&format!("{last}")),
            "{}",
            chart.description
        );
    }
}

/// The story's rounds are the game's (P1: the roll-off picks who goes first; a round runs from
/// that seat round the table): seat 2 first, its turns and the others' fall in the rounds the
/// channel names; and a game a seat's leaving ends still tells its last round.
#[test]
fn rounds_run_from_the_seat_that_went_first() {
    use forgetit::engine::dice::ScriptedDice;
    use forgetit::games::pig::{Move, Settings};
    let mut dice = ScriptedDice::new([]);
    let (mut game, mut log) = crate::common::engine::seated::<Pig>(
        Settings {
            target: 100,
            ..Default::default()
        },
        3,
        &mut dice,
    );
    let p = |i: u64| Player::Person(forgetit::UserId::new(i));
    let bot = game.seats[2].player;
    let mut act = |game: &mut Game<Pig>, action, faces: &[u8]| {
        let mut dice = ScriptedDice::new(faces.iter().copied());
        log.push(game.apply(action, &mut dice).unwrap());
    };
    let roll = |by| Action::Play { by, mv: Move::Roll };
    let hold = |by| Action::Play { by, mv: Move::Hold };
    // The roll-off: p0 1, p1 2, the bot seat (seat 2) 6: it goes first.
    act(&mut game, Action::Start { by: p(0) }, &[1, 2, 6]);
    // Round 1: the bot holds 6, p0 and p1 roll a 1 each.
    act(&mut game, roll(bot), &[6]);
    act(&mut game, hold(bot), &[]);
    act(&mut game, roll(p(0)), &[1]);
    act(&mut game, roll(p(1)), &[1]);
    // Round 2: the bot holds 5, p0 holds 4, then p1 leaves: the game goes on...
    act(&mut game, roll(bot), &[5]);
    act(&mut game, hold(bot), &[]);
    act(&mut game, roll(p(0)), &[4]);
    act(&mut game, hold(p(0)), &[]);
    act(&mut game, Action::Leave { player: p(1) }, &[]);
    // ...round 3: the bot holds 3, and p0 leaves on its own turn: the bot wins.
    act(&mut game, roll(bot), &[3]);
    act(&mut game, hold(bot), &[]);
    act(&mut game, Action::Leave { player: p(0) }, &[]);
    assert!(game.is_over());
    let (chart, alt) = score_chart::<Pig>(&log, Lang::EnUs).unwrap();
    let lines: Vec<Vec<(u32, i64)>> = chart.seats.iter().map(|s| s.points.clone()).collect();
    assert_eq!(
        lines,
        [
            vec![(0, 0), (1, 0), (2, 4), (3, 4)],
            vec![(0, 0), (1, 0), (2, 0), (3, 0)],
            vec![(0, 0), (1, 6), (2, 11), (3, 14)],
        ]
    );
    assert_eq!(chart.last_round.unwrap().0, 3);
    assert!(alt.starts_with("p2 led from round 1"), "{alt}");
}

/// What a chart's SVG draws: its legends' frames, and every mark of its data drawn before them
/// (a point's marker, a line's segment, a bar), each as the box it covers; and the markers
/// of points, each with its colour, centre and half size.
struct Drawn {
    legends: Vec<[f64; 4]>,
    data: Vec<(String, [f64; 4])>,
    markers: Vec<Marker>,
}

#[derive(Clone, Debug)]
struct Marker {
    colour: String,
    centre: (f64, f64),
    half: f64,
}

/// The colours data is drawn in: the seats' (the review's player and bars too) and the review's
/// optimal line and bars' outline (the text's colour).
fn data_colours() -> Vec<String> {
    chart::SEAT_COLOURS
        .iter()
        .map(|c| format!("#{:02X}{:02X}{:02X}", c.0, c.1, c.2))
        .chain(["#DBDEE1".to_string()])
        .collect()
}

fn read_svg(svg: &str) -> Drawn {
    let doc = roxmltree::Document::parse(svg).expect("the chart is SVG");
    let colours = data_colours();
    let num = |node: roxmltree::Node, name: &str| -> f64 {
        node.attribute(name)
            .unwrap_or_else(|| panic!("{name} of {node:?}"))
            .parse()
            .unwrap()
    };
    let points = |node: roxmltree::Node| -> Vec<(f64, f64)> {
        node.attribute("points")
            .unwrap_or("")
            .split_whitespace()
            .map(|p| {
                let (x, y) = p.split_once(',').unwrap();
                (x.parse().unwrap(), y.parse().unwrap())
            })
            .collect()
    };
    let mut drawn = Drawn {
        legends: Vec::new(),
        data: Vec::new(),
        markers: Vec::new(),
    };
    for node in doc.descendants().filter(|n| n.is_element()) {
        let fill = node.attribute("fill").unwrap_or("none");
        let stroke = node.attribute("stroke").unwrap_or("none");
        let tag = node.tag_name().name();
        // A legend is a framed box (plotters' own, or ours): its background, then its frame
        // and its entries, within it.
        if tag == "rect" && fill == "#1E1F22" && node.attribute("opacity") == Some("0.85") {
            let (x, y) = (num(node, "x"), num(node, "y"));
            let (w, h) = (num(node, "width"), num(node, "height"));
            drawn.legends.push([x, y, x + w, y + h]);
            continue;
        }
        let colour = [fill, stroke]
            .into_iter()
            .find(|c| colours.iter().any(|d| d == c));
        let Some(colour) = colour else { continue };
        let half_stroke = node
            .attribute("stroke-width")
            .filter(|_| stroke != "none")
            .map_or(0.0, |w| w.parse::<f64>().unwrap() / 2.0);
        let legends = drawn.legends.clone();
        // What is drawn after a legend, within it, is its own (its entries, its frame).
        let within = |b: [f64; 4]| {
            legends
                .iter()
                .any(|l| l[0] <= b[0] && l[1] <= b[1] && b[2] <= l[2] && b[3] <= l[3])
        };
        // Notes a mark of the data, unless it is a legend's: whether it was one.
        let mut mark = |b: [f64; 4]| {
            if within(b) {
                return false;
            }
            drawn.data.push((
                colour.to_string(),
                [
                    b[0] - half_stroke,
                    b[1] - half_stroke,
                    b[2] + half_stroke,
                    b[3] + half_stroke,
                ],
            ));
            true
        };
        match tag {
            "circle" => {
                let (x, y, r) = (num(node, "cx"), num(node, "cy"), num(node, "r"));
                if mark([x - r, y - r, x + r, y + r]) {
                    drawn.markers.push(Marker {
                        colour: colour.into(),
                        centre: (x, y),
                        half: r + half_stroke,
                    });
                }
            }
            "polygon" => {
                let p = points(node);
                let bounds = bounds_of(&p);
                if mark(bounds) {
                    drawn.markers.push(Marker {
                        colour: colour.into(),
                        centre: ((bounds[0] + bounds[2]) / 2.0, (bounds[1] + bounds[3]) / 2.0),
                        half: (bounds[2] - bounds[0]).max(bounds[3] - bounds[1]) / 2.0,
                    });
                }
            }
            "line" => {
                let (x1, y1) = (num(node, "x1"), num(node, "y1"));
                let (x2, y2) = (num(node, "x2"), num(node, "y2"));
                let bounds = bounds_of(&[(x1, y1), (x2, y2)]);
                // A cross is two lines through one centre: one marker.
                let centre = ((x1 + x2) / 2.0, (y1 + y2) / 2.0);
                if mark(bounds)
                    && !drawn
                        .markers
                        .iter()
                        .any(|m| m.colour == colour && m.centre == centre)
                {
                    drawn.markers.push(Marker {
                        colour: colour.into(),
                        centre,
                        half: (x2 - x1).abs().max((y2 - y1).abs()) / 2.0 + half_stroke,
                    });
                }
            }
            "polyline" => {
                for segment in points(node).windows(2) {
                    let _ = mark(bounds_of(segment));
                }
            }
            "rect" => {
                let (x, y) = (num(node, "x"), num(node, "y"));
                let _ = mark([x, y, x + num(node, "width"), y + num(node, "height")]);
            }
            _ => {}
        }
    }
    drawn
}

fn bounds_of(points: &[(f64, f64)]) -> [f64; 4] {
    points.iter().fold(
        [f64::MAX, f64::MAX, f64::MIN, f64::MIN],
        |[x0, y0, x1, y1], &(x, y)| [x0.min(x), y0.min(y), x1.max(x), y1.max(y)],
    )
}

fn overlap(a: [f64; 4], b: [f64; 4]) -> bool {
    a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]
}

/// What a legend of the chart covers of its data (a point's marker, a line, a bar), in words.
fn covered(name: &str, svg: &str) -> Vec<String> {
    let drawn = read_svg(svg);
    assert!(!drawn.legends.is_empty(), "{name}: a legend");
    assert!(!drawn.data.is_empty(), "{name}: its data");
    let mut covered = Vec::new();
    for legend in &drawn.legends {
        for (colour, mark) in &drawn.data {
            if overlap(*legend, *mark) {
                covered.push(format!(
                    "{name}: the legend {legend:?} covers a mark of {colour} at {mark:?}"
                ));
            }
        }
    }
    covered
}

fn assert_legend_clear(name: &str, svg: &str) {
    let covered = covered(name, svg);
    assert!(covered.is_empty(), "{}", covered.join("\n"));
}

/// Which markers of two seats hide one another, in words: two seats' markers are drawn on one
/// spot when the centre of either is covered by the other (a moment's ring or cross, drawn
/// hollow around a seat's marker, may reach over a neighbour's).
fn hidden(name: &str, svg: &str) -> Vec<String> {
    let markers = read_svg(svg).markers;
    let mut hidden = Vec::new();
    for (i, a) in markers.iter().enumerate() {
        for b in &markers[i + 1..] {
            let (dx, dy) = (
                (a.centre.0 - b.centre.0).abs(),
                (a.centre.1 - b.centre.1).abs(),
            );
            if a.colour != b.colour && dx.max(dy) < a.half.min(b.half) {
                hidden.push(format!(
                    "{name}: the markers of {} at {:?} and of {} at {:?} cover each other",
                    a.colour, a.centre, b.colour, b.centre
                ));
            }
        }
    }
    hidden
}

/// A text of a chart's SVG as resvg lays it out with the charts' font: its words, the box its
/// line takes (advance across, ascent to descent up and down, turned with it), and its size.
#[derive(Clone, Debug)]
struct Label {
    text: String,
    bounds: [f64; 4],
    px: f64,
}

/// Every text of `svg`, and the picture's width and height.
fn labels(svg: &str) -> (Vec<Label>, (f64, f64)) {
    use resvg::usvg;
    let mut options = usvg::Options::default();
    options
        .fontdb_mut()
        .load_font_data(include_bytes!("../../assets/fonts/DejaVuSans.ttf").to_vec());
    options.font_family = "DejaVu Sans".into();
    let tree = usvg::Tree::from_str(svg, &options).expect("the chart is SVG");
    fn walk(group: &usvg::Group, out: &mut Vec<Label>) {
        for node in group.children() {
            match node {
                usvg::Node::Group(group) => walk(group, out),
                usvg::Node::Text(text) => {
                    let b = text.abs_bounding_box();
                    let words: String = text.chunks().iter().map(|c| c.text()).collect();
                    let px = text
                        .chunks()
                        .iter()
                        .flat_map(|c| c.spans())
                        .map(|s| f64::from(s.font_size().get()))
                        .fold(f64::MAX, f64::min);
                    out.push(Label {
                        text: words.trim().to_string(),
                        bounds: [
                            f64::from(b.left()),
                            f64::from(b.top()),
                            f64::from(b.right()),
                            f64::from(b.bottom()),
                        ],
                        px,
                    });
                }
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    walk(tree.root(), &mut out);
    let size = tree.size();
    (out, (f64::from(size.width()), f64::from(size.height())))
}

/// What is wrong with the labels of a chart, in words: a text over a point's marker (a seat's,
/// a moment's ring or cross, the review's dots), over another text, or out of the picture; a
/// text that would show less than 11 px high on a phone (the picture shown
/// `chart::PHONE_WIDTH` px wide); or an axis whose numbers repeat ("1 1 1 0 0 0").
fn unreadable(name: &str, svg: &str) -> Vec<String> {
    let (labels, (width, height)) = labels(svg);
    let markers = read_svg(svg).markers;
    let mut wrong = Vec::new();
    assert!(!labels.is_empty(), "{name}: texts");
    for (i, label) in labels.iter().enumerate() {
        let b = label.bounds;
        for m in &markers {
            let (x, y) = m.centre;
            let marker = [x - m.half, y - m.half, x + m.half, y + m.half];
            if overlap(b, marker) {
                wrong.push(format!(
                    "{name}: the text {:?} {b:?} is over a marker of {} at {:?}",
                    label.text, m.colour, m.centre
                ));
            }
        }
        for other in &labels[i + 1..] {
            if overlap(b, other.bounds) {
                wrong.push(format!(
                    "{name}: the texts {:?} {b:?} and {:?} {:?} cover each other",
                    label.text, other.text, other.bounds
                ));
            }
        }
        if b[0] < 0.0 || b[1] < 0.0 || b[2] > width || b[3] > height {
            wrong.push(format!(
                "{name}: the text {:?} {b:?} leaves the picture",
                label.text
            ));
        }
        let shown = label.px * chart::PHONE_WIDTH / width;
        if shown < chart::LEGIBLE_PX {
            wrong.push(format!(
                "{name}: the text {:?} shows {shown:.1} px high on a phone",
                label.text
            ));
        }
    }
    // An axis' numbers: the texts drawn one after another right-aligned on one x (the values)
    // or centred on one y (the rounds) are one axis' labels; none repeats ("1 1 1 0 0 0").
    let doc = roxmltree::Document::parse(svg).expect("the chart is SVG");
    let mut axis: Vec<String> = Vec::new();
    let mut key = None;
    let mut check = |axis: &mut Vec<String>| {
        let mut seen = std::collections::BTreeSet::new();
        if let Some(n) = axis.iter().find(|n| !seen.insert(n.as_str())) {
            wrong.push(format!("{name}: an axis repeats {n:?}: {axis:?}"));
        }
        axis.clear();
    };
    for text in doc.descendants().filter(|n| n.has_tag_name("text")) {
        let words = text.text().unwrap_or("").trim().to_string();
        let this = match text.attribute("text-anchor") {
            Some("end") => Some(("end", text.attribute("x").unwrap_or(""))),
            Some("middle") => Some(("middle", text.attribute("y").unwrap_or(""))),
            _ => None,
        };
        if this.is_none() || this != key || words.parse::<f64>().is_err() {
            check(&mut axis);
        }
        key = this;
        if words.parse::<f64>().is_ok() {
            axis.push(words);
        }
    }
    check(&mut axis);
    wrong
}

/// A For Get It game of Alice, a bot seat (Robot 1, as a French table names it) and Bob, played
/// by seeded random moves: its French game-over chart (where the old legend, in the lower right
/// corner, covered Robot 1's points).
fn robot_game_fr() -> ScoreChart {
    use forgetit::engine::table::Game;
    let mut dice = RandomDice::seeded(36);
    let person = |id: u64| Player::Person(forgetit::UserId::new(id));
    let (mut game, created) =
        Game::<ForGetIt>::create(Default::default(), person(0), "Alice").unwrap();
    let mut log = vec![created];
    for (player, name) in [
        (Player::Bot(1), forgetit::render::bot_name(1, Lang::Fr)),
        (person(2), "Bob".to_string()),
    ] {
        log.push(
            game.apply(Action::Join { player, name }, &mut dice)
                .unwrap(),
        );
    }
    let (_, log) = play_out(game, log, &mut dice, 36);
    let (chart, _) = score_chart::<ForGetIt>(&log, Lang::Fr).expect("a chart");
    assert_eq!(chart.seats[1].name, "Robot 1 (robot)");
    chart
}

/// Two seats' FORGET IT in one round, both left at 50; and the same totals in other rounds.
fn crosses() -> ScoreChart {
    let line = |name: &str, totals: &[i64]| SeatLine {
        name: name.into(),
        bot: false,
        points: totals
            .iter()
            .enumerate()
            .map(|(r, &p)| (r as u32, p))
            .collect(),
    };
    let forget = |seat, round| Moment {
        seat,
        round,
        total: 50,
        good: false,
    };
    ScoreChart {
        title: "For Get It game".into(),
        rounds_label: "Round".into(),
        points_label: "Points".into(),
        target: Some((300, "Target 300".into())),
        last_round: Some((6, "Last round".into())),
        seats: vec![
            line("ann", &[0, 50, 120, 50, 150, 250, 310]),
            line("ben", &[0, 50, 90, 50, 150, 200, 260]),
            line("cleo", &[0, 50, 100, 160, 150, 240, 280]),
            line("dan", &[0, 50, 100, 160, 150, 260, 290]),
        ],
        moments: vec![forget(0, 3), forget(1, 3)],
        values_only: false,
    }
}

/// A review chart whose first round's luck is the largest, down, and whose chance of winning
/// starts high: where the old legends sat.
fn review_sample(fr: bool) -> chart::ReviewChart {
    let (title, rounds, values, deltas, you, optimal, luck, cost) = if fr {
        (
            "Revue de la partie n° 42",
            "Manche",
            "Chances de gagner (%)",
            "Par manche",
            "Vous",
            "Jeu optimal",
            "Chance",
            "Coût des décisions",
        )
    } else {
        (
            "Review of game #42",
            "Round",
            "Chance of winning (%)",
            "Per round",
            "You",
            "Optimal play",
            "Luck",
            "Cost of decisions",
        )
    };
    let actual = [50.0, 88.0, 95.0, 70.0, 64.0, 40.0, 52.0, 30.0, 0.0];
    let best = [50.0, 90.0, 96.0, 80.0, 76.0, 60.0, 66.0, 52.0, 35.0];
    let line = |v: &[f64]| -> Vec<(f64, f64)> {
        v.iter().enumerate().map(|(r, &v)| (r as f64, v)).collect()
    };
    chart::ReviewChart {
        title: title.into(),
        rounds_label: rounds.into(),
        values_label: values.into(),
        deltas_label: deltas.into(),
        chance: true,
        actual: (you.into(), line(&actual)),
        optimal: (optimal.into(), line(&best)),
        rounds: vec![
            (1, -38.0, 0.0),
            (2, 6.0, 1.0),
            (3, -14.0, 10.0),
            (4, -3.0, 3.0),
            (5, -16.0, 8.0),
            (6, 12.0, 0.0),
            (7, -16.0, 6.0),
            (8, -30.0, 5.0),
        ],
        luck_label: luck.into(),
        cost_label: cost.into(),
    }
}

/// The game-over chart of a French table with a bot seat: a snapshot, and the picture.
#[test]
fn the_french_chart_of_a_game_with_robot_1() {
    let chart = robot_game_fr();
    let svg = chart::score_svg(&chart).unwrap();
    keep("score_fr_robot", &chart::score_png(&chart).unwrap());
    insta::assert_snapshot!("score_fr_robot", svg);
}

/// No legend covers a point, a line or a bar, and no seat's marker another's, in the snapshot
/// charts (the game-over charts in English and French, one with a bot seat, the rating charts,
/// review charts, a round where two seats' FORGET IT crosses fall on one spot); nor does a
/// legend cover data in the charts of every game's stories.
#[test]
fn legends_never_cover_data_and_seats_markers_never_each_other() {
    use forgetit::ratings::Rating;
    use forgetit::render::stats::rating_score_chart;
    let mut charts = vec![
        (
            "score_en".to_string(),
            chart::score_svg(&sample(false)).unwrap(),
        ),
        (
            "score_fr".to_string(),
            chart::score_svg(&sample(true)).unwrap(),
        ),
        (
            "score_fr_robot".to_string(),
            chart::score_svg(&robot_game_fr()).unwrap(),
        ),
        ("crosses".to_string(), chart::score_svg(&crosses()).unwrap()),
    ];
    keep("crosses", &chart::score_png(&crosses()).unwrap());
    let ratings: Vec<Rating> = (0..30)
        .map(|i| Rating {
            mu: 25.0 + f64::from(i % 7) - f64::from(i) / 10.0,
            sigma: 8.333 - f64::from(i) / 6.0,
        })
        .collect();
    for lang in [Lang::EnUs, Lang::Fr] {
        let (drawn, _) = rating_score_chart("alice", &ratings, lang).unwrap();
        charts.push((
            format!("rating_{}", lang.code()),
            chart::score_svg(&drawn).unwrap(),
        ));
    }
    for fr in [false, true] {
        let review = review_sample(fr);
        keep(
            &format!("review_{fr}"),
            &chart::review_png(&review).unwrap(),
        );
        charts.push((format!("review_{fr}"), chart::review_svg(&review).unwrap()));
    }
    let mut wrong: Vec<String> = charts
        .iter()
        .flat_map(|(name, svg)| {
            covered(name, svg)
                .into_iter()
                .chain(hidden(name, svg))
                .chain(unreadable(name, svg))
        })
        .collect();
    fn stories<R: Hosted>(
        settings: R::Settings,
        seats: usize,
        name: &str,
        wrong: &mut Vec<String>,
    ) {
        for seed in 0..4 {
            let (_, log) = random_game::<R>(settings.clone(), seats, seed);
            for lang in [Lang::EnUs, Lang::Fr] {
                let (chart, _) = score_chart::<R>(&log, lang).unwrap();
                let svg = chart::score_svg(&chart).unwrap();
                wrong.extend(covered(&format!("{name} {seed} {}", lang.code()), &svg));
            }
        }
    }
    stories::<ForGetIt>(Default::default(), 3, "forgetit", &mut wrong);
    stories::<GetDickey>(Default::default(), 2, "getdickey", &mut wrong);
    stories::<Pig>(Default::default(), 3, "pig", &mut wrong);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]

    /// Whatever the seats (up to 8, names up to 32 characters), rounds and moments, no legend
    /// covers the data, and no label a marker or another label (issue #54).
    #[test]
    fn no_legend_covers_any_games_data(
        seats in proptest::collection::vec(
            ("[a-zA-Zéè ]{1,32}", proptest::bool::ANY, proptest::collection::vec(-60i64..120, 1..40)),
            1..=8,
        ),
        target in proptest::option::of(100i64..1000),
        moments in proptest::collection::vec((0usize..8, 1u32..40, proptest::bool::ANY), 0..6),
    ) {
        let rounds = seats.iter().map(|s| s.2.len()).min().unwrap();
        let seats: Vec<SeatLine> = seats
            .into_iter()
            .map(|(name, bot, steps)| {
                let mut total = 0;
                let points = std::iter::once((0, 0))
                    .chain(steps[..rounds].iter().enumerate().map(|(r, step)| {
                        total += step;
                        (r as u32 + 1, total)
                    }))
                    .collect();
                SeatLine { name, bot, points }
            })
            .collect();
        let moments = moments
            .into_iter()
            .filter(|&(seat, round, _)| seat < seats.len() && (round as usize) <= rounds)
            .map(|(seat, round, good)| Moment {
                seat,
                round,
                total: seats[seat].points[round as usize].1,
                good,
            })
            .collect();
        let chart = ScoreChart {
            title: "A game".into(),
            rounds_label: "Round".into(),
            points_label: "Points".into(),
            target: target.map(|t| (t, format!("Target {t}"))),
            last_round: Some((rounds as u32, "Last round".into())),
            seats,
            moments,
            values_only: false,
        };
        let svg = chart::score_svg(&chart).unwrap();
        assert_legend_clear("a game", &svg);
        let wrong = unreadable("a game", &svg);
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }
}

/// Issue #54: no label (the legend's, the axes' numbers and names, the title, the panels'
/// captions) is over a marker (a seat's, a moment's ring or cross, the review's dots) or over
/// another label; every text shows at least 11 px high on a phone; no axis repeats a number.
/// In the game-over chart of random games of every kind, of 2 to 6 seats, short and long (Pig
/// to 20, 50 or 100), in English and French; and in the review chart (in chances) of every seat
/// of the Pig games.
#[test]
fn labels_never_cover_markers_or_each_other_in_any_games_charts() {
    use forgetit::games::pig::bot::Table;
    use forgetit::games::pig::Settings as PigSettings;
    let mut wrong = Vec::new();
    fn stories<R: Hosted>(
        settings: impl Fn(u64) -> R::Settings,
        name: &str,
        seeds: std::ops::Range<u64>,
        wrong: &mut Vec<String>,
    ) -> Vec<Vec<Event<R::Settings, R::Event>>> {
        let mut logs = Vec::new();
        for seed in seeds {
            let seats = 2 + (seed as usize) % 5;
            let (_, log) = random_game::<R>(settings(seed), seats, seed);
            let lang = if seed % 2 == 0 { Lang::EnUs } else { Lang::Fr };
            let (chart, _) = score_chart::<R>(&log, lang).unwrap();
            let svg = chart::score_svg(&chart).unwrap();
            let label = format!("{name} {seed} ({seats} seats)");
            wrong.extend(covered(&label, &svg));
            wrong.extend(unreadable(&label, &svg));
            logs.push(log);
        }
        logs
    }
    stories::<ForGetIt>(|_| Default::default(), "forgetit", 0..10, &mut wrong);
    stories::<ForGetIt>(
        |_| forgetit::games::forgetit::Settings {
            target: 100,
            ..Default::default()
        },
        "forgetit to 100",
        10..15,
        &mut wrong,
    );
    stories::<GetDickey>(|_| Default::default(), "getdickey", 0..10, &mut wrong);
    let targets = [20, 50, 100];
    let tables: Vec<Table> = targets.iter().map(|&t| Table::solve(t)).collect();
    let pig = |seed: u64| PigSettings {
        target: targets[seed as usize % 3],
        ..Default::default()
    };
    let logs = stories::<Pig>(pig, "pig", 0..15, &mut wrong);
    for (seed, log) in logs.iter().enumerate() {
        let table = &tables[seed % 3];
        let game = Game::<Pig>::replay(log).unwrap();
        for seat in &game.seats {
            let review = forgetit::games::pig::review::review(log, seat.player, table).unwrap();
            let lang = if seed % 2 == 0 { Lang::EnUs } else { Lang::Fr };
            let Some((drawn, _)) = forgetit::render::review::review_chart(&review, lang) else {
                continue;
            };
            let svg = chart::review_svg(&drawn).unwrap();
            let label = format!("pig review {seed} {}", seat.name);
            if seed < 2 {
                keep(
                    &format!("pig_review_{seed}_{}", seat.name),
                    &chart::review_png(&drawn).unwrap(),
                );
            }
            wrong.extend(covered(&label, &svg));
            wrong.extend(unreadable(&label, &svg));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// A review of `turns`: (round, unit, points, luck, lost, chance before and after), in `unit`.
fn a_review(
    unit: forgetit::strategy::review::Unit,
    turns: &[(
        u32,
        forgetit::strategy::review::Unit,
        u32,
        f64,
        f64,
        f64,
        f64,
    )],
) -> forgetit::strategy::review::Review<&'static str> {
    use forgetit::strategy::review::{Ended, Review, TurnReview, Unit};
    let turns: Vec<TurnReview> = turns
        .iter()
        .map(
            |&(number, u, points, luck, lost, before, after)| TurnReview {
                number,
                points,
                lost,
                luck,
                forfeited: 0.0,
                end: Ended::Played,
                mistakes: 0,
                chance_after: (u == Unit::Chance).then_some(after),
                unit: u,
                chance_before: (u == Unit::Chance).then_some(before),
            },
        )
        .collect();
    let in_unit = turns.iter().filter(|t| t.unit == unit);
    Review {
        seat: 0,
        name: "ann".into(),
        points: turns.iter().map(|t| t.points).sum(),
        expected: match unit {
            Unit::Points => 56.23 * in_unit.clone().count() as f64,
            Unit::Chance => turns[0].chance_before.unwrap_or(50.0),
        },
        lost: in_unit.clone().map(|t| t.lost).sum(),
        luck: in_unit.map(|t| t.luck).sum(),
        forfeited: 0.0,
        mistakes: Vec::new(),
        unit,
        others: 0.0,
        end: None,
        turns,
    }
}

/// Issue #54: a review chart names only what it draws, and in chances reads 0 to 100. A For Get
/// It review whose one round was played to win (a bank of 180 past the target) is drawn in
/// chances, not as points with the ticks "1 1 1 0 0 0", a legend of bars it does not draw and an
/// empty lower panel; without luck or costs there is no lower panel at all; optimal decisions
/// draw no bars for decisions, and name none.
#[test]
fn a_review_chart_names_only_what_it_draws() {
    use forgetit::render::review::review_chart;
    use forgetit::strategy::review::Unit::{Chance, Points};
    let texts = |review: &forgetit::strategy::review::Review<&str>| -> Vec<String> {
        let (drawn, _) = review_chart(review, Lang::EnUs).unwrap();
        let svg = chart::review_svg(&drawn).unwrap();
        let wrong = unreadable("review", &svg);
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
        labels(&svg).0.into_iter().map(|l| l.text).collect()
    };
    // The sandbox's game: bob banks 180 in his only round, played to win: 53.6% to 80.7%.
    let won = a_review(Points, &[(1, Chance, 180, 29.4, 2.3, 53.6, 80.7)]);
    let shown = texts(&won);
    assert!(
        shown.contains(&"Chance of winning (%)".to_string()),
        "{shown:?}"
    );
    let ticks = ["0", "20", "40", "60", "80", "100"].map(String::from);
    assert!(shown.windows(6).any(|w| w == ticks), "{shown:?}");
    assert!(shown.contains(&"your dice".to_string()), "{shown:?}");
    assert!(shown.contains(&"decisions".to_string()), "{shown:?}");
    // Nothing to draw below: no lower panel, no bars named.
    let flat = a_review(Points, &[(1, Chance, 180, 0.0, 0.0, 53.6, 53.6)]);
    let shown = texts(&flat);
    for absent in ["your dice", "decisions", "Each round, in percentage points"] {
        assert!(
            !shown.contains(&absent.to_string()),
            "{absent} in {shown:?}"
        );
    }
    assert!(shown.contains(&"Round".to_string()), "{shown:?}");
    // In points, optimal decisions: luck's bars, named; no decisions' bars, none named.
    let lucky = a_review(
        Points,
        &[
            (1, Points, 40, -16.2, 0.0, 0.0, 0.0),
            (2, Points, 90, 33.8, 0.0, 0.0, 0.0),
        ],
    );
    let shown = texts(&lucky);
    assert!(shown.contains(&"luck".to_string()), "{shown:?}");
    assert!(!shown.contains(&"decisions".to_string()), "{shown:?}");
    // Scores that stay at 0: whole, different ticks.
    let nothing = a_review(Points, &[(1, Points, 0, -56.23, 0.0, 0.0, 0.0)]);
    let shown = texts(&nothing);
    assert!(shown.contains(&"10".to_string()), "{shown:?}");
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(32))]

    /// Whatever the rounds (1 to 40; in points, in chances, or some played to win), their
    /// luck and costs, no label of a review chart covers a marker or another label, each is
    /// legible on a phone, and no axis repeats a number.
    #[test]
    fn any_review_chart_reads(
        chance in proptest::bool::ANY,
        turns in proptest::collection::vec(
            (proptest::bool::ANY, 0u32..400, -120f64..120.0, 0f64..40.0, 0f64..100.0, 0f64..100.0),
            1..40,
        ),
        french in proptest::bool::ANY,
    ) {
        use forgetit::strategy::review::Unit::{Chance, Points};
        let unit = if chance { Chance } else { Points };
        let turns: Vec<_> = turns
            .into_iter()
            .enumerate()
            .map(|(i, (to_win, points, luck, lost, before, after))| {
                let u = if chance || to_win { Chance } else { Points };
                (i as u32 + 1, u, points, luck, lost, before, after)
            })
            .collect();
        let mut review = a_review(unit, &turns);
        if chance {
            review.end = Some(if turns.len() % 2 == 0 { 100.0 } else { 0.0 });
        }
        let lang = if french { Lang::Fr } else { Lang::EnUs };
        let (drawn, _) = forgetit::render::review::review_chart(&review, lang).unwrap();
        let svg = chart::review_svg(&drawn).unwrap();
        let wrong = unreadable("a review", &svg);
        proptest::prop_assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }
}
