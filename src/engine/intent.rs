//! What a person asks of a table: one type, [`Intent`], from the button render draws to the
//! action the engine decides. A button carries an intent as its text (its *code*, part of the
//! button's custom_id); the discord layer reads the code back without knowing the game
//! ([`Intent<MoveText>`]), and the table reads the move with its game's [`MoveCode`].
//!
//! Codes are short and stable, since buttons already posted in channels carry them: `join`,
//! `leave`, `bot`, `start`, `cancel`, `odds`, `rematch`, `review`, and each game's moves (`roll`, `bank`, `choose:3`,
//! `hold:2`, `score`). Only the canonical text parses (`choose:03` does not), so a code and its
//! intent round-trip both ways.

/// What a person asks of a table, from a button or a slash command: one of the table's own
/// requests, or `Play`, a move of the game (`M`, the game's move).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Intent<M> {
    Join,
    Leave,
    /// Seat a bot (the host).
    AddBot,
    Start,
    /// Cancel the game (the host or a moderator).
    Cancel,
    /// Remove a player (the host or a moderator); from a slash command only.
    Kick {
        user_id: crate::ids::UserId,
    },
    /// The scores, privately; from a slash command only.
    Scores,
    /// The odds of the turn in progress, privately: not a move (any version, anyone).
    Odds,
    /// A move of the player on turn, made on the state its message showed.
    Play(M),
    /// A new game like the finished one whose end was clicked, or a seat in it if it is open.
    Rematch,
    /// A review of the clicker's play in the finished game whose end was clicked, privately.
    Review,
}

/// The kinds of message a table shows with buttons: a click acts only on the kind of message
/// its intent belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MessageKind {
    /// The lobby: join, leave, add a bot, start, cancel.
    Lobby,
    /// The turn in progress: the moves, and the odds.
    Turn,
    /// The game's end: Rematch, Review.
    Over,
}

/// How a game's moves are written in custom_ids.
pub trait MoveCode: Sized {
    /// The move's code. A move picked in a select menu has the menu's code (`score`): the
    /// option picked (its value) names the rest.
    fn code(&self) -> String;
    /// The move `code` names, with `chosen`, the value picked in a select menu; only a canonical
    /// code parses.
    fn parse(code: &str, chosen: Option<&str>) -> Option<Self>;
}

/// A move's code not yet read by its game: what the discord layer passes on from a click,
/// since a custom_id does not say which game it is for (the table knows).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveText {
    pub code: String,
    /// The value picked in a select menu.
    pub chosen: Option<String>,
}

impl MoveCode for MoveText {
    fn code(&self) -> String {
        self.code.clone()
    }

    fn parse(code: &str, chosen: Option<&str>) -> Option<MoveText> {
        Some(MoveText {
            code: code.to_string(),
            chosen: chosen.map(str::to_string),
        })
    }
}

impl<M: MoveCode> Intent<M> {
    /// The intent's code. `Kick` and `Scores` come from slash commands only; they have codes all
    /// the same (`kick:{user}`, `scores`), which no message takes.
    pub fn code(&self) -> String {
        match self {
            Intent::Join => "join".into(),
            Intent::Leave => "leave".into(),
            Intent::AddBot => "bot".into(),
            Intent::Start => "start".into(),
            Intent::Cancel => "cancel".into(),
            Intent::Odds => "odds".into(),
            Intent::Rematch => "rematch".into(),
            Intent::Review => "review".into(),
            Intent::Scores => "scores".into(),
            Intent::Kick { user_id } => format!("kick:{user_id}"),
            Intent::Play(mv) => mv.code(),
        }
    }

    /// The intent a button's code names (`chosen`: the value picked in a select menu). Only
    /// buttons' intents parse: not `Kick` or `Scores`.
    pub fn parse(code: &str, chosen: Option<&str>) -> Option<Intent<M>> {
        Some(match code {
            "join" => Intent::Join,
            "leave" => Intent::Leave,
            "bot" => Intent::AddBot,
            "start" => Intent::Start,
            "cancel" => Intent::Cancel,
            "odds" => Intent::Odds,
            "rematch" => Intent::Rematch,
            "review" => Intent::Review,
            "scores" => return None,
            code if code.starts_with("kick:") => return None,
            code => Intent::Play(M::parse(code, chosen)?),
        })
    }

    /// The same intent with its move read by `read` (`None` if it cannot read it).
    pub fn try_map<N>(self, read: impl FnOnce(M) -> Option<N>) -> Option<Intent<N>> {
        Some(match self {
            Intent::Join => Intent::Join,
            Intent::Leave => Intent::Leave,
            Intent::AddBot => Intent::AddBot,
            Intent::Start => Intent::Start,
            Intent::Cancel => Intent::Cancel,
            Intent::Kick { user_id } => Intent::Kick { user_id },
            Intent::Scores => Intent::Scores,
            Intent::Odds => Intent::Odds,
            Intent::Rematch => Intent::Rematch,
            Intent::Review => Intent::Review,
            Intent::Play(mv) => Intent::Play(read(mv)?),
        })
    }

    /// The kind of message whose buttons ask for this intent; `None` for slash commands' own.
    pub fn message_kind(&self) -> Option<MessageKind> {
        match self {
            Intent::Join | Intent::Leave | Intent::AddBot | Intent::Start | Intent::Cancel => {
                Some(MessageKind::Lobby)
            }
            Intent::Odds | Intent::Play(_) => Some(MessageKind::Turn),
            Intent::Rematch | Intent::Review => Some(MessageKind::Over),
            Intent::Kick { .. } | Intent::Scores => None,
        }
    }

    /// True for a move of the player on turn.
    pub fn is_move(&self) -> bool {
        matches!(self, Intent::Play(_))
    }
}

impl Intent<MoveText> {
    /// The intent with its move read as the game `M`'s.
    pub fn read<M: MoveCode>(self) -> Option<Intent<M>> {
        self.try_map(|text| M::parse(&text.code, text.chosen.as_deref()))
    }
}

/// Reads `<word>:<number>` in its canonical form only (no sign, no leading zero).
pub fn numbered<N: std::str::FromStr + ToString>(code: &str, word: &str) -> Option<N> {
    let text = code.strip_prefix(word)?.strip_prefix(':')?;
    let n: N = text.parse().ok()?;
    (n.to_string() == text).then_some(n)
}
