//! `forgetit sandbox` in a real browser: headless Chromium, driven through WebDriver (Debian's
//! `chromium` and `chromium-driver`; `.ci/run` installs them, and without them this test fails).
//! A person types `/forgetit start`, a second joins, they play For Get It to its end by clicking
//! the page's buttons, open the leaderboard, play a Get Dickey turn with holds and the score menu,
//! and a French person sees the commands and the bot's answers in French. Screenshots of the
//! channel mid-game are saved under the test's temp dir and checked not to be blank.
//!
//! Waiting is on the page's DOM (WebDriver waits), never a fixed sleep; every wait is bounded, so
//! a broken page fails the test instead of hanging it.

use std::io::{BufRead, BufReader};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use fantoccini::elements::Element;
use fantoccini::key::Key;
use fantoccini::{Client, ClientBuilder, Locator};
use forgetit::config::Config;
use forgetit::engine::dice::{RandomDice, ScriptedDice, SharedDice};
use forgetit::render::emoji::DICE_VERSION;
use forgetit::sandbox::{self, Sandbox, SandboxOptions};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::json;

/// A For Get It die's word face (F1).
const W: u8 = 6;
/// How long any one thing may take to show on the page.
const WAIT: Duration = Duration::from_secs(20);

/// chromedriver, started on a free port in a process group of its own, killed with its
/// Chromium when dropped: a Chromium left running would keep its page's event stream retrying
/// its old address, which another test's stand-in may have taken since.
struct Driver {
    child: Child,
    url: String,
}

impl Driver {
    fn start() -> Driver {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let mut child = Command::new("chromedriver")
            .arg(format!("--port={port}"))
            .process_group(0)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| {
                panic!(
                    "cannot run chromedriver ({e}): install Debian's chromium and \
                     chromium-driver (`apt-get install chromium chromium-driver`; .ci/run does)"
                )
            });
        // It says when it listens: read its output up to that line.
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let mut seen = Vec::new();
        let mut listening = false;
        for line in stdout.lines().map_while(Result::ok) {
            listening = line.contains("started successfully");
            seen.push(line);
            if listening {
                break;
            }
        }
        let driver = Driver {
            child,
            url: format!("http://127.0.0.1:{port}"),
        };
        // Dropping the driver kills and waits for chromedriver.
        assert!(
            listening,
            "chromedriver stopped before it listened: {seen:?}"
        );
        driver
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        // The whole group: chromedriver and the Chromium it started (its group's id is
        // chromedriver's pid, `process_group(0)`; never 0 or 1, which would be others').
        if let Ok(group) = libc::pid_t::try_from(self.child.id()) {
            if group > 1 {
                // SAFETY: kill(2) takes no pointer; a negative pid names that process group.
                unsafe {
                    libc::kill(-group, libc::SIGKILL);
                }
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The page in a headless Chromium, and the sandbox behind it. The browser goes first (fields
/// drop in order), before the sandbox's address is free for another test.
struct Page {
    _driver: Driver,
    client: Client,
    sandbox: Sandbox,
    dice: SharedDice,
    shots: PathBuf,
}

/// The width of the phone the page is shown on, in CSS pixels (an iPhone 12 to 15's).
const PHONE_WIDTH: u32 = 390;

impl Page {
    /// The page on a desktop's screen, 1280 × 1000.
    async fn open(dir: &Path) -> Page {
        Page::open_on(dir, false).await
    }

    /// The page on a phone's screen: 390 × 844 CSS pixels at twice that in device pixels, a
    /// mobile viewport (Chromium's mobile emulation).
    async fn open_phone(dir: &Path) -> Page {
        Page::open_on(dir, true).await
    }

    async fn open_on(dir: &Path, phone: bool) -> Page {
        let dice = SharedDice::new(ScriptedDice::new([]).then(RandomDice::seeded(3)));
        let mut config = Config::default();
        config.game.bot_pace_ms = 0;
        config.strategy.cache = crate::common::strategy::cache();
        let options = SandboxOptions {
            port: 0,
            db: dir.join("sandbox.db"),
            dice: Box::new(dice.clone()),
        };
        let sandbox = sandbox::start(&config, options).await.unwrap();
        sandbox
            .standin()
            .wait_for_command("getdickey")
            .await
            .unwrap();

        let driver = Driver::start();
        let mut chrome = json!({
            "args": [
                "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1280,1000", "--lang=en-US",
            ],
        });
        if Path::new("/usr/bin/chromium").exists() {
            chrome["binary"] = json!("/usr/bin/chromium");
        }
        if phone {
            chrome["mobileEmulation"] = json!({
                "deviceMetrics": {"width": PHONE_WIDTH, "height": 844, "pixelRatio": 2.0},
            });
        }
        let capabilities = json!({ "goog:chromeOptions": chrome });
        let client = ClientBuilder::new(HttpConnector::new())
            .capabilities(capabilities.as_object().unwrap().clone())
            .connect(&driver.url)
            .await
            .expect("a Chromium session through chromedriver");
        client.goto(&sandbox.url()).await.unwrap();
        // SANDBOX_SCREENSHOTS=DIR keeps them (the temp dir goes with the test).
        let shots = std::env::var_os("SANDBOX_SCREENSHOTS")
            .map_or_else(|| dir.join("screenshots"), PathBuf::from);
        std::fs::create_dir_all(&shots).unwrap();
        Page {
            client,
            sandbox,
            dice,
            shots,
            _driver: driver,
        }
    }

    /// Waits until `xpath` matches an element of the page.
    async fn wait(&self, xpath: &str) -> Element {
        self.client
            .wait()
            .at_most(WAIT)
            .every(Duration::from_millis(50))
            .for_element(Locator::XPath(xpath))
            .await
            .unwrap_or_else(|e| panic!("nothing on the page matches {xpath}: {e}"))
    }

    /// Waits until a custom emoji named `name` shows in a message as its loaded 128 px image.
    async fn emoji_shown(&self, name: &str) {
        let xpath = format!("//img[contains(@class,'emoji') and @alt=':{name}:']");
        self.wait(&xpath).await;
        let script = format!(
            "const img = document.evaluate(\"{xpath}\", document, null, \
             XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue; \
             return img.decode().then(() => img.naturalWidth, () => 0);"
        );
        let width = self.client.execute(&script, vec![]).await.unwrap();
        assert_eq!(width, json!(128), "{name}'s image did not load");
    }

    /// Acts as `person` from now on.
    async fn act_as(&self, person: &str) {
        self.choose("button", "person", person).await;
    }

    /// Opens `#channel`.
    async fn open_channel(&self, channel: &str) {
        self.choose("a", "channel", channel).await;
    }

    /// Clicks the `<tag class="class" data-name="name">` of the page's side bar, and waits until
    /// it is the active one. On a phone the side bar is folded away: its toggle opens it first.
    async fn choose(&self, tag: &str, class: &str, name: &str) {
        let item = format!("//{tag}[contains(@class,'{class}') and @data-name='{name}']");
        self.show_sidebar(&item).await;
        self.click_at(&item).await;
        self.wait(&format!(
            "//{tag}[contains(@class,'{class}') and contains(@class,'active') and @data-name='{name}']"
        ))
        .await;
    }

    /// Opens the side bar through its toggle if `item` in it is hidden (on a phone).
    async fn show_sidebar(&self, item: &str) {
        let shown = self.wait(item).await.is_displayed().await.unwrap();
        if !shown {
            self.click_at("//button[@id='sidebar-toggle']").await;
            self.client
                .wait()
                .at_most(WAIT)
                .every(Duration::from_millis(50))
                .for_element(Locator::Css("#app.nav-open #sidebar"))
                .await
                .unwrap();
            assert!(
                self.wait(item).await.is_displayed().await.unwrap(),
                "{item} shows once the side bar is open"
            );
        }
    }

    /// Types `text` into the message box (emptied first), without sending it.
    async fn type_in_composer(&self, text: &str) -> Element {
        let composer = self.client.find(Locator::Css("#composer")).await.unwrap();
        composer.clear().await.unwrap();
        composer.send_keys(text).await.unwrap();
        composer
    }

    /// Types the slash command `text` and sends it with Enter.
    async fn command(&self, text: &str) {
        let composer = self.type_in_composer(text).await;
        composer
            .send_keys(&char::from(Key::Enter).to_string())
            .await
            .unwrap();
        // The box empties once the command went out.
        self.client
            .wait()
            .at_most(WAIT)
            .every(Duration::from_millis(50))
            .for_element(Locator::Css("#composer:placeholder-shown"))
            .await
            .unwrap_or_else(|e| panic!("{text} was not sent: {e}"));
    }

    /// Clicks the element `xpath` matches (the last one), once it is there. The page re-renders
    /// on every change: an element replaced between finding and clicking is found again.
    /// An element covered at that moment (on a phone, by the "new messages" bar) is scrolled to the
    /// middle of its list and clicked again.
    async fn click_at(&self, xpath: &str) {
        for _ in 0..5 {
            let element = self.wait(xpath).await;
            match element.click().await {
                Ok(()) => return,
                Err(e) if e.is_stale_element_reference() => continue,
                Err(e) if e.to_string().contains("intercepted") => {
                    let _ = self
                        .client
                        .execute(
                            "arguments[0].scrollIntoView({block: 'center'});",
                            vec![serde_json::to_value(&element).unwrap()],
                        )
                        .await;
                    continue;
                }
                Err(e) => panic!("could not click {xpath}: {e}"),
            }
        }
        panic!("{xpath} kept being replaced while clicked");
    }

    /// Clicks the newest enabled button whose text contains `label`.
    async fn click(&self, label: &str) {
        self.click_at(&format!(
            "(//div[@id='messages']//button[contains(@class,'component-button') and not(@disabled) \
             and contains(normalize-space(.), '{label}')])[last()]"
        ))
        .await;
    }

    /// The newest enabled button of the game's whose action (its custom id's end, `join`,
    /// `choose:3`, `review`) is `action`: whatever its label says, in any language.
    fn action_button(action: &str) -> String {
        let end = format!(":{action}");
        format!(
            "(//div[@id='messages']//button[contains(@class,'component-button') and not(@disabled) \
             and substring(@data-custom-id, string-length(@data-custom-id) - {}) = '{end}'])[last()]",
            end.len() - 1
        )
    }

    /// Clicks the newest enabled button for the game's `action` (see [`Page::action_button`]).
    async fn act(&self, action: &str) {
        self.click_at(&Page::action_button(action)).await;
    }

    /// Waits for a message whose text contains every one of `needles`.
    /// A For Get It game to 50 in `channel`: `host` starts it with `start`, `guests` join, the
    /// host wins the roll-off (F2: 5 against 2, 1, ...) and banks five 4s, 60: past the target,
    /// the guests each get a last turn (F10).
    async fn host_reaches_the_target(
        &self,
        host: &str,
        guests: &[&str],
        channel: &str,
        start: &str,
    ) {
        self.act_as(host).await;
        self.open_channel(channel).await;
        self.command(start).await;
        for guest in guests {
            self.act_as(guest).await;
            self.act("join").await;
        }
        self.act_as(host).await;
        let mut rolloff = vec![5];
        rolloff.extend((0..guests.len()).map(|i| 2 - (i as u8).min(1)));
        self.dice.push(rolloff);
        self.act("start").await;
        self.dice.push([4, 4, 4, 4, 4, 1, 2, 3, 1]);
        self.act("roll").await;
        self.act("choose:4").await;
        self.act("bank").await;
    }

    async fn message_with(&self, needles: &[&str]) -> Element {
        let conditions: Vec<String> = needles
            .iter()
            .map(|n| format!("contains(., '{n}')"))
            .collect();
        self.wait(&format!(
            "(//div[@id='messages']//div[contains(@class,'message') and @data-id and {}])[last()]",
            conditions.join(" and ")
        ))
        .await
    }

    /// Saves a screenshot as `name`.png and checks it shows something: many colours, and a good
    /// share of pixels unlike the most common one (the background).
    /// Waits until the picture `xpath` finds has loaded, and checks its width.
    async fn picture_loaded(&self, xpath: &str, width: u32) {
        self.wait(xpath).await;
        let script = format!(
            "const img = document.evaluate({xpath:?}, document, null, \
             XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue; \
             return img.decode().then(() => {{ \
               img.closest('.message').scrollIntoView({{block: 'end'}}); \
               return new Promise(done => requestAnimationFrame(() => \
                 requestAnimationFrame(() => done(img.naturalWidth)))); }}, () => 0);"
        );
        let loaded = self.client.execute(&script, vec![]).await.unwrap();
        assert_eq!(loaded, json!(width), "{xpath}: not loaded");
    }

    async fn screenshot(&self, name: &str) -> PathBuf {
        let png = self.client.screenshot().await.unwrap();
        let path = self.shots.join(format!("{name}.png"));
        std::fs::write(&path, &png).unwrap();
        let decoder = png::Decoder::new(std::io::Cursor::new(&png));
        let mut reader = decoder.read_info().unwrap();
        let mut pixels = vec![0; reader.output_buffer_size().expect("a frame fits in memory")];
        let info = reader.next_frame(&mut pixels).unwrap();
        let channels = info.color_type.samples();
        let mut counts = std::collections::HashMap::new();
        for pixel in pixels[..info.buffer_size()].chunks(channels) {
            *counts.entry(pixel.to_vec()).or_insert(0usize) += 1;
        }
        let total = (info.width * info.height) as usize;
        let background = counts.values().max().copied().unwrap_or(0);
        assert!(
            counts.len() > 200 && background < total * 9 / 10,
            "{} looks blank: {} colours, {background} of {total} pixels alike",
            path.display(),
            counts.len()
        );
        println!("screenshot: {}", path.display());
        path
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_in_the_browser_the_leaderboard_get_dickey_and_french() {
    let dir = tempfile::tempdir().unwrap();
    let page = Page::open(dir.path()).await;
    page.wait("//div[@id='messages']").await;

    // For Get It in #general: alice opens a table to 50, bob joins, alice starts.
    page.act_as("alice").await;
    page.open_channel("general").await;
    page.command("/forgetit start target:50").await;
    page.wait("//button[contains(@class,'component-button') and normalize-space(.)='Join']")
        .await;
    // A second lobby of hers, in #dice, while the first waits: refused, saying the limit.
    page.open_channel("dice").await;
    page.command("/forgetit start").await;
    page.message_with(&["You already host an open lobby on this server"])
        .await;
    page.screenshot("limit-lobby").await;
    page.open_channel("general").await;
    page.act_as("bob").await;
    page.click("Join").await;
    page.message_with(&["bob", "alice"]).await;
    // alice clicks Join at her own table: her private answer quotes the lobby as Discord
    // previews a reply, markdown drawn.
    page.act_as("alice").await;
    page.click("Join").await;
    page.wait("//span[contains(@class,'reply-preview')]/strong")
        .await;
    let previews = page
        .client
        .find_all(Locator::Css(".reply-preview"))
        .await
        .unwrap();
    for preview in previews {
        let text = preview.text().await.unwrap();
        assert!(
            !text.contains("**") && !text.contains("-# ") && !text.contains("<@"),
            "{text}"
        );
    }
    page.act_as("alice").await;
    // Three seats: alice, bob and a bot seat.
    page.click("Add bot").await;
    page.message_with(&["Bot 1"]).await;
    page.dice.push([5, 2, 1]); // the roll-off (F2): alice 5, bob 2, Bot 1 1: alice first
    page.click("Start").await;

    // Alice: three 3s (F4, F5), banked for 9 (F7).
    page.dice.push([3, 3, 3, W, 2, 2, 4, 4, 5]);
    page.click("Roll").await;
    page.click("3s").await;
    page.wait("//button[contains(@class,'component-button') and contains(., 'Bank') and contains(., '9')]")
        .await;
    // The dice are the bot's application emoji, drawn from the images it uploaded.
    page.emoji_shown(&format!("fgi{DICE_VERSION}_for_3")).await;
    page.emoji_shown(&format!("fgi{DICE_VERSION}_it_blank"))
        .await;
    page.screenshot("forgetit-turn").await;
    page.click("Bank").await;

    // Bob: six 5s at once, 120 (F8): past the target, so the bot seat and alice get a last
    // turn each (F10).
    page.act_as("bob").await;
    page.dice.push([5, 5, 5, 5, 5, 5, 1, 2, 3]);
    page.click("Roll").await;
    page.click("5s").await;
    page.wait("//button[contains(@class,'component-button') and contains(., 'Bank') and contains(., '120')]")
        .await;
    // The bot seat's last turn spells FORGET IT at its first roll.
    page.dice.push([W, 1, 1, W, 2, 2, W, 3, 3]);
    page.click("Bank").await;
    page.message_with(&["Round 1", "Bot 1", "FORGET IT"]).await;

    // Alice's last turn spells FORGET IT (F6): game over, bob wins.
    page.act_as("alice").await;
    page.dice.push([W, 1, 1, W, 2, 2, W, 3, 3]);
    page.click("Roll").await;
    page.message_with(&["FORGET IT"]).await;
    page.message_with(&["bob", "wins", "120"]).await;
    // The end carries the game's chart, added once drawn; its alt text tells the story.
    page.picture_loaded(
        "//div[contains(@class,'embed')]//img[starts-with(@alt,'bob led from round 1')]",
        forgetit::render::chart::WIDTH,
    )
    .await;
    page.screenshot("forgetit-over").await;
    // bob's review, privately, with its chart: his one round was played to win (the race is on
    // from the start at this target), so the chart is in chances.
    page.act_as("bob").await;
    page.click("Review").await;
    page.picture_loaded(
        "//div[contains(@class,'embed')]//img[starts-with(@alt,\"bob's chance of winning\")]",
        forgetit::render::chart::WIDTH,
    )
    .await;
    page.screenshot("review").await;
    page.act_as("alice").await;
    // alice's view of the channel, drawn again: its four finished turns there.
    page.wait(
        "(//div[@id='messages']//div[contains(@class,'message-content') \
         and starts-with(normalize-space(.), 'Round ')])[4]",
    )
    .await;

    // Every finished turn shrank to two lines: how it ended, then its rolls as subtext.
    let heights = page
        .client
        .execute(
            "return [...document.querySelectorAll('div.message .message-content')]
                .filter(c => /^Round \\d+ ·/.test(c.textContent.trim()))
                .map(c => c.getBoundingClientRect().height
                    / parseFloat(getComputedStyle(c).lineHeight));",
            vec![],
        )
        .await
        .unwrap();
    let heights: Vec<f64> = serde_json::from_value(heights).unwrap();
    page.screenshot("forgetit-channel").await;
    assert_eq!(heights.len(), 4, "four finished turns: {heights:?}");
    assert!(
        heights.iter().all(|&lines| lines <= 2.2),
        "a finished turn is at most two lines tall: {heights:?}"
    );

    // The leaderboard counts the game.
    page.command("/forgetit leaderboard").await;
    let board = page.message_with(&["bob", "alice", "120"]).await;
    let text = board.text().await.unwrap();
    assert!(
        text.find("bob").unwrap() < text.find("alice").unwrap(),
        "bob ranks first: {text}"
    );

    // Get Dickey in #dice: alice alone; roll, hold her three 6s (G2), roll two more 6s: a Dickey
    // (G4), scored from the menu.
    page.open_channel("dice").await;
    page.command("/getdickey start").await;
    page.click("Start").await;
    page.dice.push([6, 2, 6, 3, 6]);
    page.click("Roll").await;
    for die in [0, 2, 4] {
        page.click_at(&format!(
            "(//button[contains(@class,'component-button') and not(@disabled) and \
             substring(@data-custom-id, string-length(@data-custom-id) - 6) = ':hold:{die}'])[last()]"
        ))
        .await;
        // The held die's button is its held picture.
        page.wait(&format!(
            "//button[substring(@data-custom-id, string-length(@data-custom-id) - 6) = ':hold:{die}']//img[@alt=':gd{DICE_VERSION}_6_held:']"
        ))
        .await;
    }
    page.dice.push([6, 6]);
    page.click("Roll").await;
    let option = "(//select[contains(@class,'component-select')]/option[@value='dickey'])[last()]";
    page.wait(option).await;
    page.emoji_shown(&format!("gd{DICE_VERSION}_6_held")).await;
    page.screenshot("getdickey-turn").await;
    page.click_at(option).await;
    page.message_with(&["Dickey", "50"]).await;

    // Pig in #dice, once alice cancelled her Get Dickey game: alice, bob and a bot seat, to 20.
    page.command("/getdickey cancel").await;
    page.message_with(&["Get Dickey", "was cancelled"]).await;
    page.command("/pig start target:20").await;
    page.act_as("bob").await;
    page.click("Join").await;
    page.act_as("alice").await;
    page.click("Add bot").await;
    page.message_with(&["Bot 1", "Pig"]).await;
    page.dice.push([5, 2, 1]); // the roll-off (P1): alice first, then bob, then Bot 1
    page.click("Start").await;
    // P2: alice rolls a 6 and a 5 and holds 11.
    page.dice.push([6]);
    page.click("Roll").await;
    page.dice.push([5]);
    page.click("Roll").await;
    page.wait("//button[contains(@class,'component-button') and normalize-space(.)='Hold 11']")
        .await;
    page.screenshot("pig-turn").await;
    page.click("Hold 11").await;
    // Bob rolls a 4, then a 1: his 4 are lost. The bot seat's first roll is a 1 too.
    page.act_as("bob").await;
    page.dice.push([4]);
    page.click("Roll").await;
    page.dice.push([1, 1]);
    page.click("Roll").await;
    page.message_with(&["bob", "rolled a 1 and lost 4"]).await;
    page.message_with(&["Bot 1", "rolled a 1 at once"]).await;
    // P3: alice's 6 and 3 make 20: she wins at once.
    page.act_as("alice").await;
    page.dice.push([6]);
    page.click("Roll").await;
    page.dice.push([3]);
    page.click("Roll").await;
    page.message_with(&["alice", "wins", "Pig"]).await;
    page.screenshot("pig-channel").await;

    // amelie's client is French: the commands complete in French, and her private answers are
    // French, for her only.
    page.open_channel("general").await;
    page.act_as("amelie").await;
    page.type_in_composer("/forgetit ").await;
    page.wait("//*[@id='completions']//*[contains(@class,'completion') and starts-with(@data-insert, '/forgetit lancer')]")
        .await;
    page.wait("//*[@id='completions']//*[contains(@class,'completion') and starts-with(@data-insert, '/forgetit règles')]")
        .await;
    // An option with choices offers its choices, not the number poise registers for each.
    page.type_in_composer("/forgetit lancer ").await;
    page.wait("//*[@id='completions']//*[contains(@class,'completion-type') and contains(., 'au choix') and contains(., 'Français')]")
        .await;
    page.command("/forgetit règles").await;
    let rules = page
        .wait("//div[contains(@class,'message') and @data-ephemeral='true' and contains(., 'Comment jouer')]")
        .await;
    // The page speaks amelie's language too, as Discord's client would.
    assert!(rules
        .text()
        .await
        .unwrap()
        .contains("Vous seul pouvez voir ceci"));
    let rules_id = rules.attr("data-id").await.unwrap().unwrap();
    page.screenshot("french-rules").await;
    // Pig's rules card, in French for amelie.
    page.command("/pig règles").await;
    page.wait("//div[contains(@class,'message') and @data-ephemeral='true' and contains(., 'Comment jouer au Pig')]")
        .await;
    page.screenshot("pig-french-rules").await;
    page.act_as("alice").await;
    let theirs = format!("div.message[data-id='{rules_id}']");
    assert!(
        page.client
            .find_all(Locator::Css(&theirs))
            .await
            .unwrap()
            .is_empty(),
        "amelie's private answer is hers only"
    );

    // alice (Manage Server) turns games in threads on. amelie opens a table: it is French, her
    // language; alice joins it by its French button; Start opens the game's thread, listed under
    // #general, where amelie plays her first roll.
    page.command("/forgetit config set threads:True").await;
    page.message_with(&["Games in threads", "on (set here)"])
        .await;
    page.act_as("amelie").await;
    page.command("/forgetit lancer objectif:50").await;
    // Her second, in #dice: refused in French.
    page.open_channel("dice").await;
    page.command("/forgetit lancer").await;
    page.message_with(&["Vous avez déjà une table ouverte en attente de joueurs"])
        .await;
    page.screenshot("french-limit-lobby").await;
    page.open_channel("general").await;
    page.act_as("alice").await;
    page.click("Rejoindre").await;
    page.act_as("amelie").await;
    page.dice.push([5, 2]); // the roll-off: amelie first
    page.click("Lancer la partie").await;
    page.wait("//a[contains(@class,'channel') and contains(@class,'thread')]")
        .await;
    page.open_channel("For Get It #4 · amelie, alice").await;
    page.dice.push([3, 3, 3, W, 2, 2, 4, 4, 5]);
    page.click("Lancer").await;
    let turn = page
        .message_with(&["Manche 1 · amelie", "FOR\u{a0}: 3, 3, 3"])
        .await;
    assert!(turn.text().await.unwrap().contains("Garder les 3"));
    page.screenshot("french-turn").await;

    // Nothing the bot sent broke Discord's spec or limits, and the page says so.
    let count = page
        .client
        .find(Locator::Css("#violation-count"))
        .await
        .unwrap();
    assert_eq!(count.text().await.unwrap().trim(), "0");
    assert_eq!(page.sandbox.standin().problems(), Vec::<String>::new());

    page.client.close().await.unwrap();
    page.sandbox.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_in_the_group_dm_where_the_bot_is_not_a_member() {
    let dir = tempfile::tempdir().unwrap();
    let page = Page::open(dir.path()).await;
    page.wait("//div[@id='messages']").await;

    // alice, bob and amelie each installed the app to their account: their group DM, which
    // the bot is not in, is a table like any channel, shown through the answers alone.
    page.act_as("alice").await;
    page.open_channel("alice, bob, amelie").await;
    page.command("/forgetit start target:50").await;
    page.act_as("bob").await;
    page.click("Join").await;
    page.message_with(&["bob", "alice"]).await;
    page.act_as("alice").await;
    page.dice.push([5, 2]); // the roll-off (F2): alice 5, bob 2
    page.click("Start").await;

    // Alice spells FORGET IT (F4); bob's nine 5s make 180 (F9, F10); alice's last turn spells
    // FORGET IT again: bob wins.
    page.dice.push([W, 1, 1, W, 2, 2, W, 3, 3]);
    page.click("Roll").await;
    page.act_as("bob").await;
    page.dice.push([5; 9]);
    page.click("Roll").await;
    page.click("5s").await;
    page.click("Bank").await;
    page.act_as("alice").await;
    page.dice.push([W, 1, 1, W, 2, 2, W, 3, 3]);
    page.click("Roll").await;
    page.message_with(&["bob", "wins", "180"]).await;
    page.picture_loaded(
        "//div[contains(@class,'embed')]//img[starts-with(@alt,'bob led from round 1')]",
        forgetit::render::chart::WIDTH,
    )
    .await;
    page.screenshot("group-dm").await;

    // amelie (French) sees the game there, and her own answers are in French; the chat's own
    // board counts it.
    page.act_as("amelie").await;
    page.open_channel("alice, bob, amelie").await;
    page.command("/forgetit classement").await;
    page.message_with(&["cette discussion", "bob · 1"]).await;
    page.command("/forgetit config voir").await;
    page.message_with(&["Les réglages se font dans un serveur"])
        .await;
    page.screenshot("group-dm-fr").await;
    let violations = page.sandbox.standin().violations();
    assert!(violations.is_empty(), "{violations:?}");
}

/// A PNG of `width` × `height`: a colour gradient, so that a screenshot shows it.
fn gradient_png(width: u32, height: u32) -> Vec<u8> {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().unwrap();
    let pixels: Vec<u8> = (0..height)
        .flat_map(|y| {
            (0..width).flat_map(move |x| {
                [
                    (x * 255 / width) as u8,
                    (y * 255 / height) as u8,
                    (255 - x * 255 / width) as u8,
                ]
            })
        })
        .collect();
    writer.write_image_data(&pixels).unwrap();
    writer.finish().unwrap();
    out
}

/// The bot attaches nothing yet: this test posts as the bot, through the stand-in's REST API with
/// serenity's builders (as the bot will), a message with a PNG and one whose embed shows its PNG
/// (`attachment://`). The page shows both images, loaded, their descriptions as alt text, and the
/// embed's file not a second time on its own.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn attached_pictures_show_in_the_browser() {
    use poise::serenity_prelude as serenity;

    let dir = tempfile::tempdir().unwrap();
    let page = Page::open(dir.path()).await;
    page.wait("//div[@id='messages']").await;
    page.act_as("alice").await;
    page.open_channel("general").await;

    let standin = page.sandbox.standin();
    let http = serenity::HttpBuilder::new(standin.token())
        .proxy(standin.rest_url())
        .ratelimiter_disabled(true)
        .build();
    let general = serenity::ChannelId::new(standin.channel("general").get());
    let file = serenity::CreateAttachment::bytes(gradient_png(240, 120), "scores.png")
        .description("A chart of the scores");
    let plain = serenity::CreateMessage::new()
        .content("The scores so far")
        .add_file(file);
    general.send_message(&http, plain).await.unwrap();
    let file = serenity::CreateAttachment::bytes(gradient_png(320, 160), "odds.png")
        .description("The odds of each hold");
    let embed = serenity::CreateEmbed::new()
        .title("Odds")
        .description("What each hold is worth")
        .image("attachment://odds.png");
    let in_embed = serenity::CreateMessage::new().embed(embed).add_file(file);
    general.send_message(&http, in_embed).await.unwrap();

    // Both images loaded, at their size.
    for (alt, class, width) in [
        ("A chart of the scores", "attachment-image", 240),
        ("The odds of each hold", "embed", 320),
    ] {
        let xpath =
            format!("//div[contains(@class,'{class}')]//img[@alt='{alt}'] | //a[contains(@class,'{class}')]/img[@alt='{alt}']");
        page.wait(&xpath).await;
        let script = format!(
            "const img = document.evaluate(\"{xpath}\", document, null, \
             XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue; \
             return img.decode().then(() => img.naturalWidth, () => 0);"
        );
        let loaded = page.client.execute(&script, vec![]).await.unwrap();
        assert_eq!(loaded, json!(width), "{alt}: not loaded");
    }
    // The embed's file is not shown again under the message.
    let again = page
        .client
        .find_all(Locator::XPath(
            "//div[contains(@class,'attachments')]//img[@alt='The odds of each hold']",
        ))
        .await
        .unwrap();
    assert!(again.is_empty());
    page.screenshot("attachments").await;
    assert_eq!(standin.problems(), Vec::<String>::new());

    page.client.close().await.unwrap();
    page.sandbox.shutdown().await;
}

/// What the page's layout is at this moment, measured in the browser.
#[derive(Debug, serde::Deserialize)]
struct Layout {
    /// The window's width (CSS pixels).
    inner_width: f64,
    /// The document's and the message list's scrollable widths beside their visible ones.
    document_width: f64,
    messages_scroll_width: f64,
    messages_client_width: f64,
    /// The chat column's width.
    chat_width: f64,
    /// The widest message's right edge.
    rightmost: f64,
    sidebar_shown: bool,
    violations_shown: bool,
}

impl Page {
    async fn layout(&self) -> Layout {
        let layout = self
            .client
            .execute(
                "const shown = (id) => getComputedStyle(document.getElementById(id)).display !== 'none';
                 const messages = document.getElementById('messages');
                 const rights = [...messages.querySelectorAll('.message, .embed, .component-button, img')]
                   .map((e) => e.getBoundingClientRect().right);
                 return {
                   inner_width: innerWidth,
                   document_width: document.documentElement.scrollWidth,
                   messages_scroll_width: messages.scrollWidth,
                   messages_client_width: messages.clientWidth,
                   chat_width: document.getElementById('chat').getBoundingClientRect().width,
                   rightmost: Math.max(0, ...rights),
                   sidebar_shown: shown('sidebar'),
                   violations_shown: shown('violations'),
                 };",
                vec![],
            )
            .await
            .unwrap();
        serde_json::from_value(layout).unwrap()
    }

    /// On a phone: the chat takes the width, the side bar and the violations are folded away,
    /// and nothing is wider than the screen.
    async fn assert_phone_layout(&self, when: &str) {
        let l = self.layout().await;
        assert_eq!(l.inner_width, f64::from(PHONE_WIDTH), "{when}: {l:?}");
        assert!(
            l.chat_width >= 340.0,
            "{when}: the chat column takes the width: {l:?}"
        );
        assert!(
            !l.sidebar_shown && !l.violations_shown,
            "{when}: the side bar and the violations are folded away: {l:?}"
        );
        assert!(
            l.document_width <= l.inner_width
                && l.messages_scroll_width <= l.messages_client_width
                && l.rightmost <= l.inner_width + 0.5,
            "{when}: nothing is wider than the screen: {l:?}"
        );
    }

    /// The clock of every message's time, as (its text, the hour it stands for on the browser's
    /// clock).
    async fn message_times(&self) -> Vec<(String, u32)> {
        let times = self
            .client
            .execute(
                "return [...document.querySelectorAll('#messages .message-meta time')]
                   .map((t) => [t.textContent, new Date(t.getAttribute('datetime')).getHours()]);",
                vec![],
            )
            .await
            .unwrap();
        serde_json::from_value(times).unwrap()
    }

    /// Each message's time shows its clock as `locale` writes it: en-US with AM/PM on 12 hours,
    /// others (fr, en-GB) on 24 hours.
    /// `days`: how the locale says today and yesterday ("Today at", "Yesterday at").
    async fn assert_clock(&self, twelve_hours: bool, days: [&str; 2]) {
        let times = self.message_times().await;
        assert!(!times.is_empty());
        for (text, hours) in times {
            let text = text.trim();
            assert!(
                days.iter().any(|day| text.starts_with(day)),
                "{text:?}: starts with one of {days:?}"
            );
            let meridiem = ["AM", "PM"].into_iter().find(|m| text.ends_with(m));
            let clock = text
                .trim_end_matches(['A', 'P', 'M'])
                .trim_end()
                .rsplit(char::is_whitespace)
                .next()
                .unwrap();
            let (hour, minute) = clock.split_once(':').unwrap_or_else(|| panic!("{text:?}"));
            let hour: u32 = hour.parse().unwrap_or_else(|_| panic!("{text:?}"));
            assert!(
                minute.len() == 2 && minute.parse::<u32>().is_ok(),
                "{text:?}"
            );
            if twelve_hours {
                let expected = if hours >= 12 { "PM" } else { "AM" };
                assert_eq!(meridiem, Some(expected), "{text:?} at {hours} h");
                assert_eq!(hour, (hours + 11) % 12 + 1, "{text:?} at {hours} h");
            } else {
                assert_eq!(meridiem, None, "{text:?}: 24 hours");
                assert_eq!(hour, hours, "{text:?}");
                assert_eq!(clock.len(), 5, "{text:?}: two digits for the hour");
            }
        }
    }

    /// Every reply's preview shows its message's markdown drawn, never its marks; with `marks`, at
    /// least one shows some drawn (bold, italics, a mention or an emoji).
    async fn assert_reply_previews_drawn(&self, marks: bool) {
        let previews = self
            .client
            .find_all(Locator::Css(".reply-preview"))
            .await
            .unwrap();
        assert!(!previews.is_empty(), "a reply's preview");
        for preview in &previews {
            let text = preview.text().await.unwrap();
            assert!(
                !text.contains("**") && !text.contains("-# ") && !text.contains("<@"),
                "{text}"
            );
        }
        if marks {
            self.wait(
            "//span[contains(@class,'reply-preview')][./strong or ./em or ./span[contains(@class,'mention')] or ./img[contains(@class,'emoji')]]",
        )
        .await;
        }
    }

    /// Waits until the newest message with a picture in an embed shows it loaded at `width`.
    async fn embed_picture(&self, message: &str, width: u32) {
        self.picture_loaded(
            &format!("({message}//div[contains(@class,'embed')]//img[contains(@class,'embed-image')])[last()]"),
            width,
        )
        .await;
    }
}

/// The sandbox on a phone (390 px wide), in English and in French: the channel takes the screen,
/// the channels and people behind ☰; a For Get It game's turn, end and review are screenshot
/// (`phone-*.png`), each with nothing wider than the screen; each person's clock in their locale;
/// replies' previews drawn; links the bot writes to a message or a thread open it in the page.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_on_a_phone_in_english_and_french() {
    let dir = tempfile::tempdir().unwrap();
    let page = Page::open_phone(dir.path()).await;
    page.wait("//div[@id='messages']").await;
    page.assert_phone_layout("at first").await;

    // The side bar opens through its toggle, and closes once a person is chosen.
    page.click_at("//button[@id='sidebar-toggle']").await;
    page.wait("//div[@id='app' and contains(@class,'nav-open')]")
        .await;
    assert!(page.layout().await.sidebar_shown);
    page.screenshot("phone-sidebar").await;
    page.act_as("alice").await;
    let closed = page.layout().await;
    assert!(!closed.sidebar_shown, "{closed:?}");
    // The violations too: their toggle, and the backdrop closes them.
    page.click_at("//button[@id='violations-toggle']").await;
    page.wait("//div[@id='app' and contains(@class,'violations-open')]")
        .await;
    assert!(page.layout().await.violations_shown);
    page.client
        .execute("document.getElementById('backdrop').click();", vec![])
        .await
        .unwrap();
    page.wait("//div[@id='app' and not(contains(@class,'violations-open'))]")
        .await;

    // alice opens a table to 50 in #general; bob, trying to open one there too, is told where
    // the table is: the link scrolls to its lobby and highlights it.
    page.open_channel("general").await;
    page.command("/forgetit start target:50").await;
    let lobby = page
        .wait(&Page::action_button("join"))
        .await
        .find(Locator::XPath(
            "./ancestor::div[contains(@class,'message')]",
        ))
        .await
        .unwrap()
        .attr("data-id")
        .await
        .unwrap()
        .unwrap();
    page.act_as("bob").await;
    page.command("/forgetit start").await;
    let link = "(//div[@id='messages']//div[contains(@class,'message') and @data-ephemeral='true']//a[contains(@class,'message-link')])[last()]";
    let to = page.wait(link).await;
    assert_eq!(to.attr("data-message").await.unwrap(), Some(lobby.clone()));
    page.click_at(link).await;
    let highlighted = page
        .wait(&format!(
            "//div[contains(@class,'message') and contains(@class,'highlighted') and @data-id='{lobby}']"
        ))
        .await;
    assert_eq!(
        page.client
            .execute(
                "const m = arguments[0].getBoundingClientRect();
                 const box = document.getElementById('messages').getBoundingClientRect();
                 return m.top >= box.top - 1 && m.top < box.bottom;",
                vec![serde_json::to_value(&highlighted).unwrap()],
            )
            .await
            .unwrap(),
        json!(true),
        "the lobby is scrolled into view"
    );
    page.screenshot("phone-link").await;
    // bob (en-GB) reads the time on 24 hours.
    page.assert_clock(false, ["Today at", "Yesterday at"]).await;
    page.act("join").await;

    // alice clicks Join at her own table: her private answer previews the lobby, drawn.
    page.act_as("alice").await;
    page.act("join").await;
    page.wait("//div[contains(@class,'message') and @data-ephemeral='true']//div[contains(@class,'reply-line')]")
        .await;
    page.assert_reply_previews_drawn(true).await;
    page.dice.push([5, 2]); // the roll-off (F2): alice 5, bob 2
    page.act("start").await;

    // alice's turn: three 3s kept (F4, F5), the dice and the buttons within the screen.
    page.dice.push([3, 3, 3, W, 2, 2, 4, 4, 5]);
    page.act("roll").await;
    page.act("choose:3").await;
    page.wait(&Page::action_button("bank")).await;
    page.emoji_shown(&format!("fgi{DICE_VERSION}_for_3")).await;
    page.client
        .execute(
            "const box = document.getElementById('messages'); box.scrollTop = box.scrollHeight;",
            vec![],
        )
        .await
        .unwrap();
    page.assert_phone_layout("a turn").await;
    // alice (en-US) reads the time with AM or PM.
    page.assert_clock(true, ["Today at", "Yesterday at"]).await;
    page.screenshot("phone-turn").await;
    page.act("bank").await;

    // bob's nine 5s make 180 (F9, F10); alice's last turn spells FORGET IT: bob wins.
    page.act_as("bob").await;
    page.dice.push([5; 9]);
    page.act("roll").await;
    page.act("choose:5").await;
    page.act("bank").await;
    page.act_as("alice").await;
    page.dice.push([W, 1, 1, W, 2, 2, W, 3, 3]);
    page.act("roll").await;
    let over = "//div[contains(@class,'message') and .//button[contains(@class,'component-button') and substring(@data-custom-id, string-length(@data-custom-id) - 6) = ':review']]";
    page.wait(over).await;
    page.embed_picture(over, forgetit::render::chart::WIDTH)
        .await;
    page.assert_phone_layout("the game's end").await;
    page.screenshot("phone-over").await;

    // bob's review, privately, its chart within the screen.
    page.act_as("bob").await;
    page.act("review").await;
    let review = "//div[contains(@class,'message') and @data-ephemeral='true']";
    page.embed_picture(review, forgetit::render::chart::WIDTH)
        .await;
    page.assert_phone_layout("a review").await;
    page.assert_reply_previews_drawn(false).await;
    page.screenshot("phone-review").await;

    // In French, in a thread: alice turns games in threads on; amelie opens a table in #dice,
    // alice joins, and the game's thread opens.
    page.act_as("alice").await;
    page.command("/forgetit config set threads:True").await;
    page.wait("//div[contains(@class,'message') and @data-ephemeral='true' and .//span[contains(@class,'command-name') and contains(., 'config')]]")
        .await;
    page.act_as("amelie").await;
    page.open_channel("dice").await;
    page.command("/forgetit lancer objectif:50").await;
    page.act_as("alice").await;
    page.act("join").await;
    page.act_as("amelie").await;
    page.dice.push([5, 2]); // the roll-off: amelie first
    page.act("start").await;
    let thread = "//a[contains(@class,'channel') and contains(@class,'thread') and not(contains(@class,'archived'))]";
    let thread_name = page
        .wait(thread)
        .await
        .attr("data-name")
        .await
        .unwrap()
        .unwrap();
    page.open_channel(&thread_name).await;
    page.dice.push([3, 3, 3, W, 2, 2, 4, 4, 5]);
    page.act("roll").await;
    page.act("choose:3").await;
    page.wait(&Page::action_button("bank")).await;
    page.emoji_shown(&format!("fgi{DICE_VERSION}_for_3")).await;
    page.assert_phone_layout("a turn in French").await;
    // amelie (fr) reads the time on 24 hours, in French.
    page.assert_clock(false, ["Aujourd'hui à", "Hier à"]).await;
    page.screenshot("phone-turn-fr").await;
    page.act("bank").await;
    page.act_as("alice").await;
    page.dice.push([5; 9]);
    page.act("roll").await;
    page.act("choose:5").await;
    page.act("bank").await;
    page.act_as("amelie").await;
    page.dice.push([W, 1, 1, W, 2, 2, W, 3, 3]);
    page.act("roll").await;

    // The end, with its chart, in the thread; the table's first message in #dice shows it too,
    // with the buttons and a link to the thread.
    page.embed_picture(
        "//div[contains(@class,'message')]",
        forgetit::render::chart::WIDTH,
    )
    .await;
    page.assert_phone_layout("the game's end in French").await;
    page.screenshot("phone-over-fr").await;
    page.open_channel("dice").await;
    page.wait(over).await;
    page.act("review").await;
    page.embed_picture(review, forgetit::render::chart::WIDTH)
        .await;
    page.assert_phone_layout("a review in French").await;
    page.screenshot("phone-review-fr").await;

    // The link to the thread opens it here.
    let to_thread = format!("({over}//a[contains(@class,'message-link')])[last()]");
    let thread_id = page
        .wait(&to_thread)
        .await
        .attr("data-channel")
        .await
        .unwrap()
        .unwrap();
    page.click_at(&to_thread).await;
    page.wait(&format!(
        "//a[contains(@class,'channel') and contains(@class,'thread') and contains(@class,'active') and @data-id='{thread_id}']"
    ))
    .await;

    // Nothing the bot sent broke Discord's spec or limits.
    let count = page
        .client
        .execute(
            "return document.getElementById('violations-toggle-count').textContent;",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(count, json!("0"));
    assert_eq!(page.sandbox.standin().problems(), Vec::<String>::new());

    page.client.close().await.unwrap();
    page.sandbox.shutdown().await;
}

/// F10 on a phone, in English and in French: in a last turn the buttons are coloured by what
/// they do. A Bank that cannot win is grey and Roll blurple, though one more IT spells FORGET IT
/// (rolling on is the only way to win); a Bank that wins is green and Roll red (rolling risks the
/// win). Screenshot as `phone-last-turn-{short,wins}{,-fr}.png`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn f10_a_last_turns_buttons_on_a_phone_are_coloured_by_what_they_do() {
    let dir = tempfile::tempdir().unwrap();
    let page = Page::open_phone(dir.path()).await;
    page.wait("//div[@id='messages']").await;
    // The style of the newest enabled button for `action`.
    let style = |action: &'static str| {
        let page = &page;
        async move {
            let class = page
                .wait(&Page::action_button(action))
                .await
                .attr("class")
                .await
                .unwrap()
                .unwrap_or_default();
            class
                .split_whitespace()
                .find_map(|c| c.strip_prefix("style-"))
                .unwrap_or_default()
                .to_string()
        }
    };
    for (host, guest, channel, start, short, suffix) in [
        (
            "alice",
            "bob",
            "general",
            "/forgetit start target:50",
            "not enough",
            "",
        ),
        (
            "amelie",
            "alice",
            "dice",
            "/forgetit lancer objectif:50",
            "insuffisant",
            "-fr",
        ),
    ] {
        // The guest's last turn needs 61 to win.
        page.host_reaches_the_target(host, &[guest], channel, start)
            .await;
        // FOR and GET set aside, three IT dice in hand, two 5s kept: 10 cannot win.
        page.act_as(guest).await;
        page.dice.push([W, 5, 5, W, 1, 3, 4, 2, 1]);
        page.act("roll").await;
        page.act("choose:5").await;
        page.message_with(&[short]).await;
        page.assert_phone_layout("a last turn").await;
        assert_eq!(
            (style("bank").await, style("roll").await),
            ("secondary".to_string(), "primary".to_string()),
            "a Bank that cannot win{suffix}"
        );
        page.screenshot(&format!("phone-last-turn-short{suffix}"))
            .await;
        // Three more 5s: five, tripled, make 75: the win, with two IT dice still in hand.
        page.dice.push([5, 5, 5, 1, 2]);
        page.act("roll").await;
        page.message_with(&["× 3 = 75"]).await;
        assert_eq!(
            (style("bank").await, style("roll").await),
            ("success".to_string(), "danger".to_string()),
            "a Bank that wins{suffix}"
        );
        page.screenshot(&format!("phone-last-turn-wins{suffix}"))
            .await;
        page.act("bank").await;
        page.wait("//div[contains(@class,'message') and .//button[contains(@class,'component-button') and substring(@data-custom-id, string-length(@data-custom-id) - 6) = ':review']]")
            .await;
    }
    assert_eq!(page.sandbox.standin().problems(), Vec::<String>::new());
    page.client.close().await.unwrap();
    page.sandbox.shutdown().await;
}

/// Issue 54, chances against everyone seated, as people see them on a phone, in English and
/// French. For Get It with three seats: alice reaches the target; bob's last turn, amelie's still
/// to come after it: bob's Odds speak to him of amelie still to play, and amelie's Odds of the same
/// turn speak of bob by name, in French (`phone-three-seat-last-turn{,-fr}`). Get Dickey, alice,
/// amelie and a bot seat, to the last round: each one's Odds in chances of winning
/// (`phone-getdickey-last-round{,-fr}`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chances_against_everyone_seated_on_a_phone_in_english_and_french() {
    let dir = tempfile::tempdir().unwrap();
    let page = Page::open_phone(dir.path()).await;
    page.wait("//div[@id='messages']").await;
    // Bob and amelie each get a last turn (F10).
    page.host_reaches_the_target(
        "alice",
        &["bob", "amelie"],
        "general",
        "/forgetit start target:50",
    )
    .await;
    // Bob: FOR and GET aside, two 5s kept: 10 cannot beat 60.
    page.act_as("bob").await;
    page.dice.push([W, 5, 5, W, 1, 3, 4, 2, 1]);
    page.act("roll").await;
    page.act("choose:5").await;
    page.act("odds").await;
    page.message_with(&["Your last turn", "amelie still plays a last turn after"])
        .await;
    page.assert_phone_layout("bob's Odds").await;
    page.screenshot("phone-three-seat-last-turn").await;
    page.act_as("amelie").await;
    page.act("odds").await;
    page.message_with(&["Dernier tour de bob", "amelie joue encore son dernier tour"])
        .await;
    page.assert_phone_layout("amelie's Odds").await;
    page.screenshot("phone-three-seat-last-turn-fr").await;

    // Get Dickey in #dice: alice, amelie and a bot seat; the two people fill a box a round with
    // the same dice (235 points before the last round, no upper bonus), the Dickey box last.
    page.act_as("alice").await;
    page.open_channel("dice").await;
    page.command("/getdickey start").await;
    page.act_as("amelie").await;
    page.act("join").await;
    page.act_as("alice").await;
    page.click("Add bot").await;
    page.message_with(&["Bot 1"]).await;
    page.act("start").await;
    let rounds: [(&str, [u8; 5]); 13] = [
        ("ones", [1, 1, 2, 3, 4]),
        ("twos", [2, 2, 1, 3, 4]),
        ("threes", [3, 3, 3, 1, 2]),
        ("fours", [4, 4, 4, 1, 2]),
        ("fives", [5, 5, 5, 1, 2]),
        ("sixes", [6, 6, 6, 1, 2]),
        ("three_of_a_kind", [6, 6, 6, 5, 5]),
        ("four_of_a_kind", [6, 6, 6, 6, 5]),
        ("full_house", [3, 3, 3, 2, 2]),
        ("small_straight", [1, 2, 3, 4, 6]),
        ("large_straight", [2, 3, 4, 5, 6]),
        ("chance", [6, 5, 5, 4, 3]),
        ("dickey", [6, 6, 6, 2, 3]),
    ];
    for (round, (code, dice)) in rounds.iter().enumerate() {
        for (person, shot) in [
            ("alice", "phone-getdickey-last-round"),
            ("amelie", "phone-getdickey-last-round-fr"),
        ] {
            page.act_as(person).await;
            page.dice.push(*dice);
            page.act("roll").await;
            if round == rounds.len() - 1 {
                // The last round: three 6s toward the Dickey the card needs.
                page.act("odds").await;
                let words: &[&str] = if person == "alice" {
                    &["The chance of winning for each choice", "hold 6 6 6"]
                } else {
                    &["La chance de gagner pour chaque choix", "garder 6 6 6"]
                };
                page.message_with(words).await;
                page.assert_phone_layout("a last round's Odds").await;
                page.screenshot(shot).await;
            }
            let option = format!(
                "(//select[contains(@class,'component-select')]/option[@value='{code}'])[last()]"
            );
            page.wait(&option).await;
            page.click_at(&option).await;
        }
    }
    page.wait("//div[contains(@class,'message') and .//button[contains(@class,'component-button') and substring(@data-custom-id, string-length(@data-custom-id) - 6) = ':review']]")
        .await;
    assert_eq!(page.sandbox.standin().problems(), Vec::<String>::new());
    page.client.close().await.unwrap();
    page.sandbox.shutdown().await;
}

/// A link to a message of another channel, in an embed (posted as the bot through the stand-in's
/// REST API, as the bot writes them: `https://discord.com/channels/{guild}/{channel}/{message}`),
/// opens that channel in the page, scrolled to the message and highlighting it; it does not leave
/// for discord.com.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_link_to_a_message_of_another_channel_opens_it_in_the_page() {
    use poise::serenity_prelude as serenity;

    let dir = tempfile::tempdir().unwrap();
    let page = Page::open(dir.path()).await;
    page.wait("//div[@id='messages']").await;
    page.act_as("alice").await;
    page.open_channel("dice").await;

    let standin = page.sandbox.standin();
    let http = serenity::HttpBuilder::new(standin.token())
        .proxy(standin.rest_url())
        .ratelimiter_disabled(true)
        .build();
    let general = serenity::ChannelId::new(standin.channel("general").get());
    let dice = serenity::ChannelId::new(standin.channel("dice").get());
    let target = general
        .say(&http, "The **table** you are looking for")
        .await
        .unwrap();
    // Enough messages after it that it is scrolled out of sight at the channel's end.
    for n in 0..30 {
        general.say(&http, format!("message {n}")).await.unwrap();
    }
    let url = format!(
        "https://discord.com/channels/{}/{general}/{}",
        standin.guild_id(),
        target.id
    );
    let embed = serenity::CreateEmbed::new()
        .title("Where")
        .description(format!("It is [over there]({url})."));
    dice.send_message(&http, serenity::CreateMessage::new().embed(embed))
        .await
        .unwrap();

    let link = "//div[contains(@class,'embed')]//a[contains(@class,'message-link')]";
    let shown = page.wait(link).await;
    assert_eq!(
        shown.attr("target").await.unwrap(),
        None,
        "stays in the page"
    );
    page.click_at(link).await;
    page.wait(
        "//a[contains(@class,'channel') and contains(@class,'active') and @data-name='general']",
    )
    .await;
    let highlighted = page
        .wait(&format!(
            "//div[contains(@class,'message') and contains(@class,'highlighted') and @data-id='{}']",
            target.id
        ))
        .await;
    let seen = page
        .client
        .execute(
            "const m = arguments[0].getBoundingClientRect();
             const box = document.getElementById('messages').getBoundingClientRect();
             return m.top >= box.top - 1 && m.bottom <= box.bottom + 1;",
            vec![serde_json::to_value(&highlighted).unwrap()],
        )
        .await
        .unwrap();
    assert_eq!(seen, json!(true), "the message is scrolled into sight");
    // Only that one.
    let all = page
        .client
        .find_all(Locator::Css(".message.highlighted"))
        .await
        .unwrap();
    assert_eq!(all.len(), 1);
    assert_eq!(standin.problems(), Vec::<String>::new());

    page.client.close().await.unwrap();
    page.sandbox.shutdown().await;
}

/// The enabled buttons of the person's daily deal of `game` (its code: `fgi`, `pig`): its private
/// message's, named `day:{game}:…`.
fn deal_buttons(game: &str) -> String {
    format!(
        "//div[@id='messages']//div[contains(@class,'message') and @data-ephemeral='true']\
         //button[contains(@class,'component-button') and not(@disabled) \
         and starts-with(@data-custom-id,'day:{game}:')]"
    )
}

/// How a person of this test plays their daily deal: which of the moves offered (each its action,
/// `roll`, `choose:3`, `bank`, `hold`, and its label) they click.
#[derive(Clone, Copy, Debug)]
enum DailyPolicy {
    /// Banks (or holds) as soon as they can, else the first move offered.
    BankAtOnce,
    /// Rolls on until the turn holds this many points, else banks (or holds) when they must.
    UpTo(u32),
}

impl DailyPolicy {
    fn pick(self, moves: &[(String, String)]) -> usize {
        let bank = moves
            .iter()
            .position(|(action, _)| action == "bank" || action == "hold");
        let roll = moves.iter().position(|(action, _)| action == "roll");
        let points = |i: usize| -> u32 {
            let digits: String = moves[i]
                .1
                .chars()
                .skip_while(|c| !c.is_ascii_digit())
                .take_while(char::is_ascii_digit)
                .collect();
            digits.parse().unwrap_or(0)
        };
        match (self, bank, roll) {
            (DailyPolicy::BankAtOnce, Some(bank), _) => bank,
            (DailyPolicy::BankAtOnce, None, _) => 0,
            (DailyPolicy::UpTo(enough), Some(bank), Some(_)) if points(bank) >= enough => bank,
            (DailyPolicy::UpTo(_), _, Some(roll)) => roll,
            (DailyPolicy::UpTo(_), Some(bank), None) => bank,
            (DailyPolicy::UpTo(_), None, None) => 0,
        }
    }
}

impl Page {
    /// The moves the person's daily deal offers now, once it shows: each button's custom id and
    /// label, read at once.
    async fn deal_moves(&self, game: &str) -> Vec<(String, String)> {
        let buttons = deal_buttons(game);
        self.wait(&buttons).await;
        let found = self
            .client
            .execute(
                "const found = document.evaluate(arguments[0], document, null,
                   XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null);
                 const out = [];
                 for (let i = 0; i < found.snapshotLength; i++) {
                   const b = found.snapshotItem(i);
                   out.push([b.getAttribute('data-custom-id'), b.textContent.trim()]);
                 }
                 return out;",
                vec![json!(buttons)],
            )
            .await
            .unwrap();
        serde_json::from_value(found).unwrap()
    }

    /// Plays the person's daily deal by clicking its buttons as `policy` picks, at most `moves`
    /// moves or to its end, each move once the last one's answer is drawn (its buttons name the
    /// deal's next version). True once it ended: its one button is Share.
    async fn play_daily(&self, game: &str, policy: DailyPolicy, moves: usize) -> bool {
        let buttons = deal_buttons(game);
        for _ in 0..moves {
            let offered = self.deal_moves(game).await;
            if offered.iter().any(|(id, _)| id.ends_with(":share")) {
                assert_eq!(
                    offered.len(),
                    2,
                    "the end's buttons are Share and Review: {offered:?}"
                );
                return true;
            }
            // day:{game}:{day}:{version}:{action}
            let moves: Vec<(String, String)> = offered
                .iter()
                .map(|(id, label)| {
                    let action = id.splitn(5, ':').nth(4).unwrap_or_default();
                    (action.to_string(), label.clone())
                })
                .collect();
            let (id, _) = &offered[policy.pick(&moves)];
            let version: String = id.splitn(5, ':').take(4).collect::<Vec<_>>().join(":");
            self.click_at(&format!("{buttons}[@data-custom-id='{id}']"))
                .await;
            self.wait(&format!(
                "{buttons}[not(starts-with(@data-custom-id,'{version}:'))]"
            ))
            .await;
        }
        self.deal_moves(game)
            .await
            .iter()
            .any(|(id, _)| id.ends_with(":share"))
    }

    /// The newest private message with all of `needles`, once it shows: its XPath.
    async fn private_with(&self, needles: &[&str]) -> String {
        let conditions: String = needles
            .iter()
            .map(|n| format!(" and contains(., '{n}')"))
            .collect();
        let xpath = format!(
            "(//div[@id='messages']//div[contains(@class,'message') and @data-ephemeral='true'{conditions}])[last()]"
        );
        self.wait(&xpath).await;
        xpath
    }

    /// Runs `script` on the element `xpath` finds (`el`), found and used at once: the page
    /// draws its messages again on every change.
    async fn on_element(&self, xpath: &str, script: &str) -> serde_json::Value {
        self.wait(xpath).await;
        self.client
            .execute(
                &format!(
                    "const el = document.evaluate(arguments[0], document, null, \
                     XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue; {script}"
                ),
                vec![json!(xpath)],
            )
            .await
            .unwrap()
    }

    /// The text of the element `xpath` finds, as shown.
    async fn text_at(&self, xpath: &str) -> String {
        let text = self.on_element(xpath, "return el.innerText;").await;
        text.as_str().unwrap_or_default().to_string()
    }

    /// Scrolls the message list so that the `block` edge ('start', 'end') of the element `xpath`
    /// finds is in sight, and waits two frames for it to be drawn.
    async fn scroll_to(&self, xpath: &str, block: &str) {
        self.on_element(
            xpath,
            &format!(
                "el.scrollIntoView({{block: '{block}'}}); \
                 return new Promise(done => requestAnimationFrame(() => \
                   requestAnimationFrame(() => done(true))));"
            ),
        )
        .await;
    }
}

/// The daily deal as players see it on a phone, in English and in French. alice, bob and amelie
/// (French) each play today's For Get It deal privately by its buttons to its end, alice and
/// amelie in the page (`phone-daily-deal`, `phone-daily-end`, and `-fr`), bob through the
/// stand-in; alice and amelie share theirs in #general, one public
/// line each without a die (`phone-daily-share{,-fr}`); the server's board of the day counts the
/// three (`phone-daily-board{,-fr}`). (Pig's and Get Dickey's deals, statistics and streaks are
/// `daily_e2e`'s.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_daily_deal_on_a_phone_in_english_and_french() {
    let dir = tempfile::tempdir().unwrap();
    let page = Page::open_phone(dir.path()).await;
    page.wait("//div[@id='messages']").await;
    // The newest share line in the channel, for everyone, with all of `words`.
    let shared = |words: &[&str]| {
        let words: String = words
            .iter()
            .map(|w| format!(" and contains(., '{w}')"))
            .collect();
        format!(
            "(//div[@id='messages']//div[contains(@class,'message') and @data-ephemeral='false' \
             and contains(., '🎲'){words}])[last()]"
        )
    };

    // bob plays his through the stand-in itself (the page is for what alice and amelie see): he
    // banks as soon as he can, keeping the first number offered.
    let standin = page.sandbox.standin();
    let (bob, general) = (standin.user("bob"), standin.channel("general"));
    let mut deal = standin
        .run_slash(bob, general, "forgetit", Some("daily"), json!({}))
        .await
        .unwrap()
        .answer()
        .await
        .unwrap();
    for _ in 0..400 {
        let labels = deal.button_labels();
        if labels.iter().any(|l| l == "Share") {
            break;
        }
        let label = labels
            .iter()
            .find(|l| l.starts_with("Bank"))
            .unwrap_or(&labels[0])
            .clone();
        deal = standin
            .click(bob, deal.id, &label)
            .await
            .unwrap()
            .answer()
            .await
            .unwrap();
    }
    assert!(
        deal.button_labels().iter().any(|l| l == "Share"),
        "bob's deal ended"
    );

    for (person, policy, title, only_you, end_words, share_words, suffix) in [
        (
            "alice",
            DailyPolicy::BankAtOnce,
            "For Get It daily #1",
            "Only you can see this",
            &[
                "Score:",
                "Accuracy:",
                "Luck:",
                "Decisions that cost",
                "Share",
            ][..],
            &["For Get It daily #1", "points", "shared by alice"][..],
            Some(""),
        ),
        (
            "amelie",
            DailyPolicy::UpTo(20),
            "donne du jour",
            "Vous seul pouvez voir ceci",
            &[
                "Score",
                "Précision",
                "Chance",
                "Décisions qui ont coûté",
                "Partager",
            ][..],
            &["donne du jour", "points", "partagé par amelie"][..],
            Some("-fr"),
        ),
    ] {
        page.act_as(person).await;
        page.open_channel("general").await;
        let command = if suffix == Some("-fr") {
            "/forgetit du-jour"
        } else {
            "/forgetit daily"
        };
        page.command(command).await;
        // Their deal, privately: its heading, its first move Roll.
        let deal = page.private_with(&[title, only_you]).await;
        let first = page.deal_moves("fgi").await;
        assert_eq!(first.len(), 1, "{first:?}");
        assert!(first[0].0.ends_with(":roll"), "{first:?}");
        // A few moves in, at a moment with dice kept (Bank offered): the dice and the moves
        // within the screen.
        assert!(
            !page.play_daily("fgi", policy, 5).await,
            "a deal lasts ten turns"
        );
        for _ in 0..40 {
            let offered = page.deal_moves("fgi").await;
            if offered.iter().any(|(id, _)| id.ends_with(":bank")) {
                break;
            }
            assert!(!page.play_daily("fgi", policy, 1).await, "{offered:?}");
        }
        if let Some(suffix) = suffix {
            page.wait(&format!(
                "{}[substring(@data-custom-id, string-length(@data-custom-id) - 4) = ':bank']",
                deal_buttons("fgi")
            ))
            .await;
            page.private_with(&[title, only_you]).await;
            page.scroll_to(&deal, "end").await;
            page.assert_phone_layout("a deal in progress").await;
            page.screenshot(&format!("phone-daily-deal{suffix}")).await;
        }
        // To its end: score, accuracy, luck, a square a turn, and Share.
        assert!(
            page.play_daily("fgi", policy, 400).await,
            "{person}'s deal ended"
        );
        let end = page.private_with(end_words).await;
        let text = page.text_at(&end).await;
        let squares = text
            .lines()
            .find(|l| !l.is_empty() && l.chars().all(|c| "🟩🟨🟥".contains(c)))
            .unwrap_or_else(|| panic!("a line of squares: {text}"));
        assert_eq!(squares.chars().count(), 10, "a square a turn: {text}");
        let Some(suffix) = suffix else { continue };
        // Its top: the heading, the figures and the squares (the decisions run on below).
        page.scroll_to(&end, "start").await;
        page.assert_phone_layout("a deal's end").await;
        page.screenshot(&format!("phone-daily-end{suffix}")).await;

        // Shared in #general for everyone: one line and who shared it, no die.
        page.act("share").await;
        let line = shared(share_words);
        let text = page.text_at(&line).await;
        assert!(text.contains(squares), "the squares: {text}");
        let pictures = page
            .on_element(
                &line,
                "return el.querySelectorAll('.message-body img, .embed, .component-button').length;",
            )
            .await;
        assert_eq!(pictures, json!(0), "no die, no button: {text}");
        page.scroll_to(&line, "end").await;
        page.assert_phone_layout("a share").await;
        page.screenshot(&format!("phone-daily-share{suffix}")).await;
    }
    // The shares' lines again, as bob sees them: the same for everyone.
    page.act_as("bob").await;
    page.wait(&shared(&["shared by alice"])).await;
    page.wait(&shared(&["partagé par amelie"])).await;

    // The server's board of the day: the three, in English and in French.
    for (person, command, words, suffix) in [
        (
            "alice",
            "/forgetit daily show:board",
            ["By accuracy, then score", "For Get It daily #1"],
            "",
        ),
        (
            "amelie",
            "/forgetit du-jour voir:classement",
            ["Classement du jour", "donne du jour"],
            "-fr",
        ),
    ] {
        page.act_as(person).await;
        page.command(command).await;
        let board = page
            .private_with(&[words[0], words[1], "alice", "bob", "amelie"])
            .await;
        page.scroll_to(&board, "end").await;
        page.assert_phone_layout("the board of the day").await;
        page.screenshot(&format!("phone-daily-board{suffix}")).await;
    }

    assert_eq!(page.sandbox.standin().problems(), Vec::<String>::new());
    page.client.close().await.unwrap();
    page.sandbox.shutdown().await;
}
