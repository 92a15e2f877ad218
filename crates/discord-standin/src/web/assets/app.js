// The Discord stand-in's page: its server as a Discord client shows it, where one can act as any
// of its people. Plain JavaScript, no build step, no network beyond the stand-in's own API.
//
// Data: GET /api/world (guilds, people, the bot, registered commands, violations) and
// GET /api/channels/{id}/messages?as={person} (the channel as that person sees it), refetched on
// every server-sent event from /api/events. Actions: POST /api/interactions.
// Ids are snowflakes and stay strings here (JavaScript numbers lose precision above 2^53).

(() => {
  'use strict';

  const $ = (selector) => document.querySelector(selector);

  const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
  const esc = (s) => String(s ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]);

  const state = {
    world: null,
    guildId: null,
    lastGuildId: null, // the server whose channels the sidebar lists while a group DM is open
    channelId: null,
    personId: null,
    data: null, // the last answer of /api/channels/{id}/messages
    dismissed: new Set(), // ephemeral messages the person dismissed (ids)
    wanted: new URLSearchParams(location.search), // ?as=NAME&channel=NAME&message=ID
    forceBottom: true,
    highlight: null, // the message a link led to (its id): highlighted
    scrollTo: null, // the message to scroll to once the channel's messages are shown
  };
  state.highlight = state.wanted.get('message');
  state.scrollTo = state.highlight;

  // ----- talking to the stand-in ----------------------------------------------------------------

  async function api(path, options) {
    const response = await fetch(path, options);
    let body = null;
    try {
      body = await response.json();
    } catch {
      body = null;
    }
    if (!response.ok) {
      throw new Error(body && body.error ? body.error : `${response.status} ${response.statusText}`);
    }
    return body;
  }

  function postInteraction(body) {
    return api('/api/interactions', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  // Refetch and render; changes that arrive while fetching lead to one more fetch afterwards.
  let loading = false;
  let again = false;

  async function refresh() {
    if (loading) {
      again = true;
      return;
    }
    loading = true;
    try {
      do {
        again = false;
        await load();
      } while (again);
    } catch (e) {
      setConnection(false, `can't reach the stand-in (${e.message})`);
    } finally {
      loading = false;
    }
  }

  async function load() {
    const person = state.personId;
    const channel = state.channelId;
    const [world, data] = await Promise.all([
      api('/api/world'),
      channel && person ? api(messagesUrl(channel, person)) : null,
    ]);
    state.world = world;
    resolveSelection();
    if (state.personId !== person || state.channelId !== channel) {
      again = true; // the first load, or the person or channel changed meanwhile
      renderChrome();
      return;
    }
    state.data = data;
    render();
    setConnection(true, 'live');
  }

  const messagesUrl = (channel, person) =>
    `/api/channels/${encodeURIComponent(channel)}/messages?as=${encodeURIComponent(person)}`;

  function connect() {
    const source = new EventSource('/api/events');
    source.onopen = () => setConnection(true, 'live');
    source.onmessage = () => refresh();
    source.onerror = () => setConnection(false, 'reconnecting…');
  }

  function setConnection(live, text) {
    const footer = $('#connection');
    footer.classList.toggle('live', live);
    $('#connection-text').textContent = text;
  }

  // ----- who and where ----------------------------------------------------------------------------

  const people = () => (state.world?.users || []).filter((u) => !u.bot);
  // The group DMs the current person is in (only its members see one).
  const groupDms = () => (state.world?.group_dms || [])
    .filter((d) => (d.members || []).includes(state.personId))
    .map((d) => ({ ...d, guild: null, group: true }));
  const allChannels = () =>
    (state.world?.guilds || []).flatMap((g) =>
      (g.channels || []).map((c) => ({ ...c, guild: g.id }))).concat(groupDms());
  const person = () => people().find((u) => u.id === state.personId) || null;
  const channel = () => allChannels().find((c) => c.id === state.channelId) || null;
  const locale = () => person()?.locale || 'en-US';
  // The person's locale for Intl's dates and times (as their Discord client formats them: fr and
  // en-GB on 24 hours, en-US with AM/PM); one Intl does not know is en-US.
  function intlLocale() {
    try {
      return Intl.DateTimeFormat.supportedLocalesOf([locale()])[0] || 'en-US';
    } catch {
      return 'en-US';
    }
  }

  // The page's own words, in the person's language (as Discord's client speaks it): French for
  // a French client, English for any other.
  const WORDS = {
    en: {
      used: 'used',
      onlyYou: 'Only you can see this',
      dismiss: 'Dismiss message',
      thinking: '{name} is thinking',
      failed: 'This interaction failed',
      noAnswer: 'The bot did not answer within 3 seconds.',
      clickedGone: 'clicked a button on a message that is gone',
      today: 'Today at {time}',
      yesterday: 'Yesterday at {time}',
      composer: 'Message #{channel} — type / for commands',
      composerGroup: 'Message {channel} — type / for commands',
      composerShort: 'Message #{channel}',
      composerGroupShort: 'Message {channel}',
      noChannel: 'No channel',
      start: "This is the start of #{channel}. Type / to run one of the bot's commands.",
      startGroup: "This is the start of the group DM {channel}. The bot is not in it: only commands of the app you installed work here.",
      directMessages: 'Direct Messages',
      originalGone: 'Original message was deleted or is not shown',
      clickToSee: 'Click to see the message',
      makeSelection: 'Make a selection',
      nothingToChoose: 'Nothing to choose',
      jump: 'New messages below · Jump to present',
      edited: '(edited)',
      oneOf: 'one of: {choices}',
      required: 'required',
      optionsOf: 'Options of {command}',
      types: { 3: 'text', 4: 'whole number', 5: 'true or false', 6: 'user', 7: 'channel', 8: 'role', 9: 'user or role', 10: 'number', 11: 'file' },
      noAccess: "{name} can't see the channel this link leads to.",
      actAs: 'Acting as {name}: tap to act as someone else',
      botOnline: '{name} is online',
      botOffline: '{name} is not connected yet',
    },
    fr: {
      used: 'a utilisé',
      onlyYou: 'Vous seul pouvez voir ceci',
      dismiss: 'Ignorer le message',
      thinking: '{name} réfléchit',
      failed: "Échec de l'interaction",
      noAnswer: "Le bot n'a pas répondu en 3 secondes.",
      clickedGone: "a cliqué sur un bouton d'un message disparu",
      today: "Aujourd'hui à {time}",
      yesterday: 'Hier à {time}',
      composer: 'Envoyer un message dans #{channel} — tapez / pour les commandes',
      composerGroup: 'Envoyer un message à {channel} — tapez / pour les commandes',
      composerShort: 'Envoyer un message dans #{channel}',
      composerGroupShort: 'Envoyer un message à {channel}',
      noChannel: 'Aucun salon',
      start: 'Voici le début de #{channel}. Tapez / pour lancer une commande du bot.',
      startGroup: "Voici le début du groupe {channel}. Le bot n'en fait pas partie : seules les commandes de l'application que vous avez installée marchent ici.",
      directMessages: 'Messages privés',
      originalGone: "Le message d'origine a été supprimé ou n'est pas affiché",
      clickToSee: 'Cliquez pour voir le message',
      makeSelection: 'Faites un choix',
      nothingToChoose: 'Rien à choisir',
      jump: 'Nouveaux messages en dessous · Revenir au présent',
      edited: '(modifié)',
      oneOf: 'au choix : {choices}',
      required: 'obligatoire',
      optionsOf: 'Options de {command}',
      types: { 3: 'texte', 4: 'nombre entier', 5: 'vrai ou faux', 6: 'membre', 7: 'salon', 8: 'rôle', 9: 'membre ou rôle', 10: 'nombre', 11: 'fichier' },
      noAccess: '{name} ne voit pas le salon où mène ce lien.',
      actAs: "Vous agissez en tant que {name} : touchez pour changer d'identité",
      botOnline: '{name} est en ligne',
      botOffline: "{name} n'est pas encore connecté",
    },
  };
  const words = () => (String(locale()).toLowerCase().startsWith('fr') ? WORDS.fr : WORDS.en);
  // `key`'s words, with `{name}` places filled from `vars` (the filled values are not escaped).
  function t(key, vars = {}) {
    return String(words()[key]).replace(/\{(\w+)\}/g, (_, k) => (k in vars ? String(vars[k]) : ''));
  }
  const sameName = (a, b) => String(a).toLowerCase() === String(b).toLowerCase();

  // Pick the person and channel from the URL at first, and keep them valid.
  function resolveSelection() {
    if (!people().some((u) => u.id === state.personId)) {
      const wanted = state.wanted.get('as');
      const found = wanted && people().find((u) => sameName(u.name, wanted) || u.id === wanted);
      state.personId = (found || people()[0])?.id ?? null;
    }
    if (!allChannels().some((c) => c.id === state.channelId)) {
      const wanted = (state.wanted.get('channel') || '').replace(/^#/, '');
      const found = wanted && allChannels().find((c) => sameName(c.name, wanted) || c.id === wanted);
      state.channelId = (found || allChannels()[0])?.id ?? null;
    }
    state.guildId = channel()?.guild ?? null;
  }

  function updateUrl() {
    const params = new URLSearchParams();
    if (person()) params.set('as', person().name);
    if (channel()) params.set('channel', channel().name);
    if (state.highlight) params.set('message', state.highlight);
    history.replaceState(null, '', `?${params}`);
  }

  // Another person or channel; `messageId`: a message of it to scroll to and highlight (a link's).
  function switchTo({ personId = state.personId, channelId = state.channelId, messageId = null }) {
    closeDrawers();
    if (personId === state.personId && channelId === state.channelId) return;
    state.personId = personId;
    state.channelId = channelId;
    state.highlight = messageId;
    state.scrollTo = messageId;
    // A group DM the new person is not in: the first channel of the server instead.
    if (!channel()) state.channelId = allChannels()[0]?.id ?? null;
    state.guildId = channel()?.guild ?? null;
    state.data = null;
    state.forceBottom = true;
    clearMessages();
    updateUrl();
    renderChrome();
    updateComposer();
    refresh();
  }

  function userName(id) {
    const w = state.world;
    if (!w) return 'unknown-user';
    if (w.bot && w.bot.id === id) return w.bot.name;
    return (w.users || []).find((u) => u.id === id)?.name || 'unknown-user';
  }

  const channelName = (id) => allChannels().find((c) => c.id === id)?.name || 'unknown-channel';

  // ----- rendering: chrome --------------------------------------------------------------------------

  // Replace an element's HTML only when it changed (keeps focus and element identity otherwise).
  function setHtml(element, html) {
    if (element.dataset.html !== html) {
      element.innerHTML = html;
      element.dataset.html = html;
    }
  }

  const AVATAR_COLOURS = ['#5865f2', '#757e8a', '#3ba55c', '#faa61a', '#ed4245', '#eb459f'];

  function avatarHtml(id, name, bot, extraClass = '') {
    const colour = bot ? '#5865f2' : AVATAR_COLOURS[Number(String(id).slice(-4)) % AVATAR_COLOURS.length || 0];
    const letter = bot ? '🎲' : esc((name || '?').slice(0, 1).toUpperCase());
    return `<span class="avatar ${extraClass}" style="background:${colour}" aria-hidden="true">${letter}</span>`;
  }

  // The width below which the page is laid out for a phone (app.css has the same).
  const PHONE = matchMedia('(max-width: 700px)');
  PHONE.addEventListener('change', () => renderChrome());

  function renderChrome() {
    const w = state.world;
    if (!w) return;
    const guilds = w.guilds || [];
    setHtml($('#guilds'), guilds.map((g) => {
      const initials = g.name.split(/\s+/).map((part) => part.slice(0, 1)).join('').slice(0, 3);
      const active = g.id === state.guildId ? ' active' : '';
      return `<button type="button" class="guild${active}" data-id="${esc(g.id)}" title="${esc(g.name)}">${esc(initials)}</button>`;
    }).join(''));
    const guild = guilds.find((g) => g.id === state.guildId);
    // In a group DM the sidebar still lists a server's channels (the last one shown), the group
    // DMs beside them.
    if (guild) state.lastGuildId = guild.id;
    const listed = guild || guilds.find((g) => g.id === state.lastGuildId) || guilds[0];
    $('#guild-name').textContent = listed ? listed.name : 'Discord stand-in';
    // Text channels, each with its threads under it (as Discord lists them).
    const all = listed?.channels || [];
    const entry = (c) => {
      const active = c.id === state.channelId ? ' active' : '';
      const href = `?as=${encodeURIComponent(person()?.name || '')}&channel=${encodeURIComponent(c.name)}`;
      if (c.parent_id) {
        const archived = c.archived ? ' archived' : '';
        return `<a class="channel thread${active}${archived}" data-name="${esc(c.name)}" data-id="${esc(c.id)}" href="${esc(href)}"><span class="hash">🧵</span> ${esc(c.name)}</a>`;
      }
      return `<a class="channel${active}" data-name="${esc(c.name)}" data-id="${esc(c.id)}" href="${esc(href)}"><span class="hash">#</span> ${esc(c.name)}</a>`;
    };
    setHtml($('#channels'), all.filter((c) => !c.parent_id).map((c) => entry(c)
      + all.filter((t) => t.parent_id === c.id).map(entry).join('')).join(''));
    // The person's group DMs, beside the server's channels (the bot is in none of them).
    const dms = groupDms();
    $('#direct-messages-title').hidden = !dms.length;
    $('#direct-messages-title').textContent = t('directMessages');
    setHtml($('#direct-messages'), dms.map((d) => {
      const active = d.id === state.channelId ? ' active' : '';
      const href = `?as=${encodeURIComponent(person()?.name || '')}&channel=${encodeURIComponent(d.name)}`;
      return `<a class="channel group-dm${active}" data-name="${esc(d.name)}" data-id="${esc(d.id)}" href="${esc(href)}">`
        + `<span class="hash" aria-hidden="true">👥</span> ${esc(d.name)}</a>`;
    }).join(''));
    setHtml($('#people'), people().map((u) => {
      const active = u.id === state.personId ? ' active' : '';
      return `<button type="button" class="person${active}" data-name="${esc(u.name)}" data-id="${esc(u.id)}">`
        + `${avatarHtml(u.id, u.name, false)}<span class="person-name">${esc(u.name)}</span> `
        + `<span class="locale">${esc(u.locale)}</span></button>`;
    }).join(''));
    const ch = channel();
    $('#channel-name').textContent = ch ? ch.name : '';
    // A thread (or a group DM) shows as one in the header too.
    $('#channel-hash').textContent = ch?.group ? '👥' : ch?.parent_id ? '🧵' : '#';
    // A phone's narrow box: the short form, as Discord's app.
    const short = PHONE.matches ? 'Short' : '';
    $('#composer').placeholder = ch ? t(`${ch.group ? 'composerGroup' : 'composer'}${short}`, { channel: ch.name }) : t('noChannel');
    $('#jump').textContent = t('jump');
    const status = $('#bot-status');
    status.textContent = t(w.connected ? 'botOnline' : 'botOffline', { name: w.bot.name });
    status.classList.toggle('online', Boolean(w.connected));
    document.title = !ch ? 'Discord stand-in'
      : ch.group ? `${ch.name} · Discord stand-in` : `#${ch.name} · ${guild?.name || ''} · Discord stand-in`;
    // On a phone: who the page acts as, in the header.
    const me = person();
    setHtml($('#acting'), me
      ? `${avatarHtml(me.id, me.name, false)}<span class="acting-name">${esc(me.name)}</span>` : '');
    $('#acting').title = me ? t('actAs', { name: me.name }) : '';
    renderViolations();
  }

  function renderViolations() {
    const violations = state.world?.violations || [];
    const count = $('#violation-count');
    count.textContent = String(violations.length);
    count.classList.toggle('bad', violations.length > 0);
    $('#violations-toggle-count').textContent = String(violations.length);
    $('#violations-toggle').classList.toggle('bad', violations.length > 0);
    const items = violations.map((v, i) => {
      const pointer = v.pointer ? `<div class="violation-pointer">body${esc(v.pointer)}</div>` : '';
      return `<div class="violation" data-index="${i}" data-kind="${esc(v.kind)}">`
        + `<div class="violation-head"><span class="violation-kind">${esc(v.kind)}</span>`
        + `<span class="violation-method">${esc(v.method)}</span></div>`
        + `<div class="violation-path">${esc(v.path)}</div>${pointer}`
        + `<div class="violation-reason">${esc(v.reason)}</div></div>`;
    }).reverse(); // newest first
    const empty = '<div class="violations-empty">None so far: every request matched the spec.</div>';
    setHtml($('#violation-list'), items.length ? items.join('') : empty);
  }

  // ----- rendering: messages ------------------------------------------------------------------------

  const rendered = new Map(); // entry id → { key, element }

  function clearMessages() {
    rendered.clear();
    $('#messages').replaceChildren();
    $('#jump').hidden = true;
  }

  function render() {
    renderChrome();
    renderMessages();
    const versions = [state.world?.version, state.data?.version].filter((v) => v !== undefined);
    document.body.dataset.version = String(Math.min(...versions));
    updateComposer({ keepSelection: true });
  }

  const GROUP_WINDOW_MS = 7 * 60 * 1000;

  function renderMessages() {
    const box = $('#messages');
    const data = state.data;
    if (!data) return;
    const messages = (data.messages || []).filter((m) => !state.dismissed.has(m.id));
    const byId = new Map(messages.map((m) => [m.id, m]));
    const failedOn = new Set();
    const entries = messages.map((m) => ({ id: m.id, message: m }));
    for (const f of data.failed || []) {
      if (f.kind === 'component' && byId.has(f.message)) failedOn.add(f.message);
      else entries.push({ id: `failed-${f.id}`, order: f.id, failure: f });
    }
    const order = (e) => BigInt(e.order || e.id);
    entries.sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));

    const nearBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 80;
    let previous = null;
    let added = false;
    const wanted = entries.map((entry) => {
      let html;
      if (entry.message) {
        const m = entry.message;
        const grouped = Boolean(previous && previous.author.id === m.author.id
          && !header(m, byId) && previous.ephemeral === m.ephemeral
          && m.timestamp - previous.timestamp < GROUP_WINDOW_MS);
        html = messageHtml(m, { grouped, failed: failedOn.has(m.id), byId });
        previous = m;
      } else {
        html = failureHtml(entry.failure);
        previous = null;
      }
      const old = rendered.get(entry.id);
      if (old && old.key === html) return old.element;
      const element = elementFrom(html);
      rendered.set(entry.id, { key: html, element });
      if (!old) added = true;
      return element;
    });
    // Put the wanted elements in order, touching only those out of place.
    wanted.forEach((element, i) => {
      if (box.children[i] !== element) box.insertBefore(element, box.children[i] || null);
    });
    while (box.children.length > wanted.length) box.lastElementChild.remove();
    const keep = new Set(entries.map((e) => e.id));
    for (const id of rendered.keys()) if (!keep.has(id)) rendered.delete(id);

    const linked = state.scrollTo ? rendered.get(state.scrollTo)?.element : null;
    if (state.scrollTo && !linked) {
      // Not among the messages this person sees here (a thread's link names the thread itself):
      // the channel opens as any other.
      state.highlight = null;
    }
    state.scrollTo = null;
    if (linked) {
      linked.scrollIntoView({ block: 'center' });
      state.forceBottom = false;
    } else if (state.forceBottom || nearBottom) {
      box.scrollTop = box.scrollHeight;
      state.forceBottom = false;
    } else if (added) {
      $('#jump').hidden = false;
    }
    if (!entries.length) {
      box.dataset.empty = t(data.channel?.group_dm ? 'startGroup' : 'start', { channel: data.channel?.name || '' });
    } else {
      delete box.dataset.empty;
    }
  }

  function elementFrom(html) {
    const template = document.createElement('template');
    template.innerHTML = html.trim();
    return template.content.firstElementChild;
  }

  // The line above a message: "alice used /forgetit start", or the message it replies to.
  function header(m, byId) {
    const i = m.interaction;
    if (!i) return '';
    if (i.kind === 'command' && m.type === 20) {
      return `<div class="interaction-line">${avatarHtml(i.user.id, i.user.name, false, 'mini')}`
        + `<span class="who">${esc(i.user.name)}</span> ${esc(t('used'))} `
        + `<span class="command-name">/${esc(localizedPath(i.command))}</span></div>`;
    }
    const referenced = i.kind === 'component' ? i.message : i.original;
    if (!referenced || referenced === m.id) return '';
    const target = byId.get(referenced);
    const preview = target ? previewHtml(target) : esc(t('originalGone'));
    const who = target ? `@${target.author.name}` : '';
    const jump = target ? ` data-message="${esc(target.id)}"` : '';
    return `<div class="reply-line"${jump}><span class="reply-spine"></span>`
      + `<span class="reply-author">${esc(who)}</span> <span class="reply-preview">${preview}</span></div>`;
  }

  // A replied-to message on one line, as Discord previews it: its text with its inline markdown
  // (bold, italics, mentions, emoji) drawn, line marks (subtext, headings, quotes, lists) and code
  // fences dropped, links as their text; else its first embed's title or description; else a
  // hint. The line is cut where it ends on the screen (CSS), never inside a mark.
  function previewHtml(m) {
    const oneLine = (source) => String(source || '')
      .replace(/```(?:[\w+#.-]*\n)?/g, '')
      .split('\n')
      .map((line) => line.replace(/^(-#|#{1,3}|>{1,3}|\s*[-*]|\s*\d+\.)\s+/, ''))
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 2000);
    const unlinked = (html) => html.replace(/<a\b[^>]*>/g, '<span class="preview-link">').replace(/<\/a>/g, '</span>');
    const text = oneLine(m.content);
    if (text) return unlinked(inline(text));
    const embed = (m.embeds || []).find((e) => e && (e.title || e.description));
    if (embed) return unlinked(inline(oneLine(embed.title || embed.description)));
    return esc(t('clickToSee'));
  }

  function messageHtml(m, { grouped, failed, byId }) {
    const author = m.author || { id: '0', name: 'unknown-user', bot: false };
    const mentionsMe = new RegExp(`<@!?${state.personId}>`).test(m.content || '');
    const classes = ['message'];
    if (grouped) classes.push('grouped');
    if (m.ephemeral) classes.push('ephemeral');
    if (mentionsMe) classes.push('mentioned');
    if (m.id === state.highlight) classes.push('highlighted');
    const time = formatTime(m.timestamp);
    const top = grouped ? '' : header(m, byId);
    const gutter = grouped
      ? `<span class="gutter-time">${esc(formatClock(m.timestamp))}</span>`
      : avatarHtml(author.id, author.name, author.bot);
    const meta = grouped ? '' : `<div class="message-meta"><span class="author${author.bot ? ' bot' : ''}">${esc(author.name)}</span>`
      + (author.bot ? '<span class="bot-tag">APP</span>' : '')
      + `<time datetime="${esc(new Date(m.timestamp).toISOString())}" title="${esc(formatFull(m.timestamp))}">${esc(time)}</time></div>`;
    let content = markdown(m.content || '');
    const inline = !/<(div|pre|blockquote|ul|ol|h[1-3])\b/.test(content);
    let edited = m.edited ? `<span class="edited" title="edited">${esc(t('edited'))}</span>` : '';
    // As Discord: "(edited)" at the end of the last line, also when it is a block's (a subtext,
    // a heading, a list's item) rather than on a line of its own.
    const lastBlock = /(<\/(?:div|h[1-3]|li)>)((?:<\/(?:ul|ol)>)?)$/;
    if (edited && !inline && lastBlock.test(content)) {
      content = content.replace(lastBlock, `${edited}$1$2`);
      edited = '';
    }
    let body = `<div class="content-line"><div class="message-content${inline ? ' inline' : ''}">${content}</div>`
      + edited + '</div>';
    if (m.loading) {
      body += `<div class="message-loading">${esc(t('thinking', { name: author.name }))}<span class="dots"><span>.</span><span>.</span><span>.</span></span></div>`;
    }
    const embeds = Array.isArray(m.embeds) ? m.embeds : [];
    const attachments = Array.isArray(m.attachments) ? m.attachments : [];
    // As Discord's client: a file an embed shows is not shown again on its own.
    const inEmbeds = new Set(embeds.flatMap((e) => [e?.image?.url, e?.thumbnail?.url]).filter(Boolean));
    const shown = attachments.filter((a) => !inEmbeds.has(a.url));
    if (shown.length) body += `<div class="attachments">${shown.map(attachmentHtml).join('')}</div>`;
    if (embeds.length) body += `<div class="embeds">${embeds.map((e) => embedHtml(e, attachments)).join('')}</div>`;
    const components = Array.isArray(m.components) ? m.components : [];
    if (components.length) body += `<div class="components">${components.map(componentHtml).join('')}</div>`;
    if (m.ephemeral) {
      body += '<div class="ephemeral-footer"><span class="eye" aria-hidden="true">👁</span>'
        + `<span class="ephemeral-note">${esc(t('onlyYou'))}</span> • `
        + `<button type="button" class="dismiss">${esc(t('dismiss'))}</button></div>`;
    }
    if (failed) body += `<div class="interaction-failed">${esc(t('failed'))}</div>`;
    return `<div class="${classes.join(' ')}" data-id="${esc(m.id)}" data-author="${esc(author.name)}" `
      + `data-ephemeral="${Boolean(m.ephemeral)}" data-edited="${Boolean(m.edited)}">${top}`
      + `<div class="message-row"><div class="gutter">${gutter}</div><div class="message-body">${meta}${body}</div></div></div>`;
  }

  // An interaction the bot never answered, with no message to show it under.
  function failureHtml(f) {
    const what = f.kind === 'command'
      ? `${esc(t('used'))} <span class="command-name">/${esc(localizedPath(f.command))}</span>`
      : esc(t('clickedGone'));
    return `<div class="system-entry" data-interaction-id="${esc(f.id)}">`
      + `<div class="interaction-line">${avatarHtml(f.user.id, f.user.name, false, 'mini')}<span class="who">${esc(f.user.name)}</span> ${what}</div>`
      + `<div class="interaction-failed">${esc(t('failed'))}</div>`
      + `<div class="system-note">${esc(t('noAnswer'))}</div></div>`;
  }

  // Dates and times in the person's locale, as their client shows them.
  const formatDate = (ms, options = {}) => new Intl.DateTimeFormat(intlLocale(), options).format(new Date(ms));
  // The clock as Discord's client writes it: `9:05 PM` on 12 hours, `09:05` on 24.
  function formatClock(ms) {
    const twelve = /^h1[12]$/.test(new Intl.DateTimeFormat(intlLocale(), { hour: 'numeric' }).resolvedOptions().hourCycle);
    return formatDate(ms, { hour: twelve ? 'numeric' : '2-digit', minute: '2-digit' });
  }
  const formatFull = (ms) => formatDate(ms, { dateStyle: 'full', timeStyle: 'short' });

  function formatTime(ms) {
    const date = new Date(ms);
    const today = new Date();
    const yesterday = new Date(today.getTime() - 86400000);
    if (date.toDateString() === today.toDateString()) return t('today', { time: formatClock(ms) });
    if (date.toDateString() === yesterday.toDateString()) return t('yesterday', { time: formatClock(ms) });
    return `${formatDate(ms, { dateStyle: 'short' })} ${formatClock(ms)}`;
  }

  // ----- markdown (Discord's flavour) --------------------------------------------------------------

  function markdown(source) {
    if (!source) return '';
    const text = String(source).replace(/\r\n?/g, '\n');
    let out = '';
    let last = 0;
    const fence = /```(?:([\w+#.-]*)\n)?([\s\S]*?)```/g;
    for (let m = fence.exec(text); m; m = fence.exec(text)) {
      out += blocks(text.slice(last, m.index));
      out += `<pre class="code-block"><code>${esc(m[2].replace(/\n$/, ''))}</code></pre>`;
      last = fence.lastIndex;
    }
    return out + blocks(text.slice(last));
  }

  // Line-level syntax: quotes, headings, subtext, lists; other lines are kept with their breaks.
  function blocks(text) {
    if (!text) return '';
    const lines = text.replace(/^\n/, '').split('\n');
    const out = [];
    let plain = [];
    let list = null; // { tag, items }
    let quote = [];
    const flushPlain = () => {
      if (plain.length) out.push(plain.map(inline).join('<br>'));
      plain = [];
    };
    const flushList = () => {
      if (list) out.push(`<${list.tag} class="md-list">${list.items.map((i) => `<li>${inline(i)}</li>`).join('')}</${list.tag}>`);
      list = null;
    };
    const flushQuote = () => {
      if (quote.length) out.push(`<blockquote>${blocks(quote.join('\n'))}</blockquote>`);
      quote = [];
    };
    const flush = () => {
      flushPlain();
      flushList();
      flushQuote();
    };
    for (let i = 0; i < lines.length; i += 1) {
      const line = lines[i];
      let m;
      if ((m = /^>>> (.*)$/.exec(line))) {
        flush();
        quote = [m[1], ...lines.slice(i + 1)];
        break;
      } else if ((m = /^>(?: (.*))?$/.exec(line))) {
        flushPlain();
        flushList();
        quote.push(m[1] || '');
      } else if ((m = /^(#{1,3}) +(.+)$/.exec(line))) {
        flush();
        out.push(`<h${m[1].length} class="md-heading">${inline(m[2])}</h${m[1].length}>`);
      } else if ((m = /^-# +(.+)$/.exec(line))) {
        flush();
        out.push(`<div class="md-subtext">${inline(m[1])}</div>`);
      } else if ((m = /^\s*[-*] +(.+)$/.exec(line)) || (m = /^\s*\d+\. +(.+)$/.exec(line))) {
        flushPlain();
        flushQuote();
        const tag = /^\s*\d/.test(line) ? 'ol' : 'ul';
        if (list && list.tag !== tag) flushList();
        list = list || { tag, items: [] };
        list.items.push(m[1]);
      } else {
        flushList();
        flushQuote();
        plain.push(line);
      }
    }
    flush();
    return out.join('');
  }

  // Inline syntax. Each rule is a sticky regular expression tried where its first character is.
  const INLINE_RULES = [
    { first: '\\', re: /\\([^A-Za-z0-9\s])/y, html: (m) => esc(m[1]) },
    { first: '`', re: /(`+)([\s\S]*?[^`])\1(?!`)/y, html: (m) => `<code>${esc(m[2].trim())}</code>` },
    { first: '*', re: /\*\*([\s\S]+?)\*\*(?!\*)/y, html: (m) => `<strong>${inline(m[1])}</strong>` },
    { first: '_', re: /__([\s\S]+?)__(?!_)/y, html: (m) => `<u>${inline(m[1])}</u>` },
    { first: '*', re: /\*([^*\s](?:[\s\S]*?[^*\s])?)\*(?!\*)/y, html: (m) => `<em>${inline(m[1])}</em>` },
    { first: '_', re: /_([^_\s](?:[^_]*?[^_\s])?)_(?![A-Za-z0-9])/y, html: (m) => `<em>${inline(m[1])}</em>`, word: true },
    { first: '~', re: /~~([\s\S]+?)~~/y, html: (m) => `<s>${inline(m[1])}</s>` },
    { first: '|', re: /\|\|([\s\S]+?)\|\|/y, html: (m) => `<span class="spoiler" tabindex="0">${inline(m[1])}</span>` },
    { first: '<', re: /<@!?(\d+)>/y, html: (m) => mention(`@${userName(m[1])}`, m[1] === state.personId) },
    { first: '<', re: /<@&(\d+)>/y, html: () => mention('@role') },
    { first: '<', re: /<#(\d+)>/y, html: (m) => mention(`#${channelName(m[1])}`) },
    { first: '<', re: /<\/([-_\p{L}\p{N} ]+):(\d+)>/uy, html: (m) => mention(`/${m[1]}`) },
    { first: '<', re: /<(a?):(\w+):(\d+)>/y, html: (m) => customEmoji(m[3], m[2], m[1] === 'a') },
    { first: '<', re: /<t:(-?\d+)(?::([tTdDfFR]))?>/y, html: (m) => timestamp(Number(m[1]), m[2]) },
    { first: '<', re: /<(https?:\/\/[^\s>]+)>/y, html: (m) => link(m[1], esc(m[1])) },
    { first: '[', re: /\[([^\]\n]+)\]\(<?(https?:\/\/[^\s)>]+)>?\)/y, html: (m) => link(m[2], inline(m[1])) },
    { first: 'h', re: /https?:\/\/[^\s<]+[^\s<.,:;"')\]!?]/y, html: (m) => link(m[0], esc(m[0])), word: true },
    { first: '@', re: /@(everyone|here)\b/y, html: (m) => mention(`@${m[1]}`) },
  ];
  const INLINE_FIRST = new Set(INLINE_RULES.map((r) => r.first));

  function inline(source) {
    let out = '';
    let text = '';
    let i = 0;
    scan: while (i < source.length) {
      const ch = source[i];
      if (INLINE_FIRST.has(ch)) {
        for (const rule of INLINE_RULES) {
          if (rule.first !== ch) continue;
          if (rule.word && i > 0 && /[A-Za-z0-9]/.test(source[i - 1])) continue;
          rule.re.lastIndex = i;
          const m = rule.re.exec(source);
          if (m) {
            out += esc(text) + rule.html(m);
            text = '';
            i = rule.re.lastIndex;
            continue scan;
          }
        }
      }
      text += ch;
      i += 1;
    }
    return out + esc(text);
  }

  // A custom emoji as Discord draws it: its image from the (stand-in's) CDN, its name as the
  // text a screen reader or a copy reads.
  const customEmoji = (id, name, animated) => `<img class="emoji custom" src="/emojis/${esc(id)}.${animated ? 'gif' : 'png'}?name=${encodeURIComponent(name)}" alt=":${esc(name)}:" title=":${esc(name)}:" draggable="false">`;

  const mention = (text, me = false) => `<span class="mention${me ? ' me' : ''}">${esc(text)}</span>`;

  // The link to a Discord message, channel or thread (`https://discord.com/channels/{guild or
  // @me}/{channel}/{message}`, as the bot writes them): {channel, message}, or null.
  function discordLink(url) {
    const m = /^https:\/\/(?:(?:ptb|canary)\.)?discord(?:app)?\.com\/channels\/(@me|\d+)\/(\d+)(?:\/(\d+))?\/?$/.exec(String(url));
    return m ? { channel: m[2], message: m[3] || null } : null;
  }

  // A link, opened in a new tab; one to a Discord message opens it here instead (`a.message-link`:
  // its channel, scrolled to the message, highlighted).
  function link(url, html, classes = '') {
    const to = discordLink(url);
    if (!to) return `<a${classes ? ` class="${classes}"` : ''} href="${esc(url)}" target="_blank" rel="noopener noreferrer">${html}</a>`;
    return `<a class="${`message-link ${classes}`.trim()}" href="${esc(pageHref(to))}" data-channel="${esc(to.channel)}"`
      + `${to.message ? ` data-message="${esc(to.message)}"` : ''} title="${esc(url)}">${html}</a>`;
  }

  // The page's own address of a channel (and a message of it), for the person acting.
  function pageHref({ channel: channelId, message }) {
    const params = new URLSearchParams();
    if (person()) params.set('as', person().name);
    params.set('channel', channelId);
    if (message) params.set('message', message);
    return `?${params}`;
  }

  // Follows a link to a message: its channel (or thread) opens, scrolled to it, highlighted.
  function goTo(channelId, messageId) {
    if (!allChannels().some((c) => c.id === channelId)) {
      showError(t('noAccess', { name: person()?.name || '' }));
      return;
    }
    showError('');
    if (channelId !== state.channelId) {
      switchTo({ channelId, messageId });
      return;
    }
    state.highlight = messageId;
    state.scrollTo = messageId;
    updateUrl();
    renderMessages();
  }

  function timestamp(seconds, style) {
    const ms = seconds * 1000;
    let text;
    switch (style) {
      case 't': text = formatClock(ms); break;
      case 'T': text = formatDate(ms, { timeStyle: 'medium' }); break;
      case 'd': text = formatDate(ms, { dateStyle: 'short' }); break;
      case 'D': text = formatDate(ms, { dateStyle: 'long' }); break;
      case 'F': text = formatDate(ms, { dateStyle: 'full', timeStyle: 'short' }); break;
      case 'R': text = relative(new Date(ms)); break;
      default: text = formatDate(ms, { dateStyle: 'long', timeStyle: 'short' });
    }
    return `<span class="timestamp" title="${esc(formatFull(ms))}">${esc(text)}</span>`;
  }

  function relative(date) {
    const seconds = Math.round((date.getTime() - Date.now()) / 1000);
    const units = [['year', 31536000], ['month', 2592000], ['day', 86400], ['hour', 3600], ['minute', 60]];
    const format = new Intl.RelativeTimeFormat(intlLocale(), { numeric: 'auto' });
    for (const [unit, size] of units) {
      if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
    }
    return format.format(seconds, 'second');
  }

  // ----- attachments ----------------------------------------------------------------------------------

  // The stand-in serves a message's files itself (at /attachments/...): those load; other URLs
  // stay links, the page being offline.
  const isServed = (url) => typeof url === 'string' && url.startsWith('/attachments/');

  function formatSize(bytes) {
    const n = Number(bytes) || 0;
    if (n < 1024) return `${n} bytes`;
    if (n < 1024 * 1024) return `${(n / 1024).toFixed(2)} KB`;
    return `${(n / 1024 / 1024).toFixed(2)} MB`;
  }

  // An image inline (its description as alt text, as Discord's client does), another file as a
  // card with its name and size.
  function attachmentHtml(a) {
    if (!a || typeof a !== 'object') return '';
    const alt = a.description || a.filename || 'image';
    if (/^image\//.test(a.content_type || '') && isServed(a.url)) {
      const size = a.width && a.height ? ` width="${Number(a.width)}" height="${Number(a.height)}"` : '';
      return `<a class="attachment-image" href="${esc(a.url)}" target="_blank" rel="noopener noreferrer">`
        + `<img src="${esc(a.url)}" alt="${esc(alt)}" title="${esc(alt)}"${size}></a>`;
    }
    return `<div class="attachment-file"><span class="attachment-icon" aria-hidden="true">📄</span>`
      + `<span class="attachment-name">${link(a.url, esc(a.filename))}</span>`
      + `<span class="attachment-size">${esc(formatSize(a.size))}</span></div>`;
  }

  // ----- embeds ---------------------------------------------------------------------------------------

  const hexColour = (n) => `#${(Number(n) >>> 0).toString(16).padStart(6, '0').slice(-6)}`;

  function embedHtml(e, attachments = []) {
    if (!e || typeof e !== 'object') return '';
    // An image of one of the message's files: its description is the alt text.
    const altOf = (url) => attachments.find((a) => a.url === url)?.description || 'image';
    const colour = typeof e.color === 'number' && e.color > 0 ? ` style="border-left-color:${hexColour(e.color)}"` : '';
    let h = '';
    if (e.author && e.author.name) {
      const name = e.author.url ? link(e.author.url, esc(e.author.name)) : esc(e.author.name);
      h += `<div class="embed-author">${name}</div>`;
    }
    if (e.title) {
      const title = e.url ? link(e.url, inline(String(e.title))) : inline(String(e.title));
      h += `<div class="embed-title">${title}</div>`;
    }
    if (e.description) h += `<div class="embed-description">${markdown(String(e.description))}</div>`;
    const fields = Array.isArray(e.fields) ? e.fields.filter((f) => f && typeof f === 'object') : [];
    if (fields.length) {
      const columns = fieldColumns(fields);
      h += '<div class="embed-fields">' + fields.map((f, i) =>
        `<div class="embed-field${f.inline ? ' inline' : ''}" style="grid-column:${columns[i]}">`
        + `<div class="embed-field-name">${inline(String(f.name ?? ''))}</div>`
        + `<div class="embed-field-value">${markdown(String(f.value ?? ''))}</div></div>`).join('') + '</div>';
    }
    if (e.image && isServed(e.image.url)) {
      h += `<div class="embed-media"><img class="embed-image" src="${esc(e.image.url)}" alt="${esc(altOf(e.image.url))}"></div>`;
    } else if (e.image && e.image.url) {
      h += `<div class="embed-media">🖼 ${link(e.image.url, 'image')} (not loaded: the page stays offline)</div>`;
    }
    const footer = [e.footer && e.footer.text ? esc(e.footer.text) : '', e.timestamp ? esc(formatDate(Date.parse(e.timestamp), { dateStyle: 'short', timeStyle: 'short' })) : '']
      .filter(Boolean).join(' • ');
    if (footer) h += `<div class="embed-footer">${footer}</div>`;
    let thumbnail = '';
    if (e.thumbnail && isServed(e.thumbnail.url)) {
      thumbnail = `<div class="embed-thumbnail"><img src="${esc(e.thumbnail.url)}" alt="${esc(altOf(e.thumbnail.url))}"></div>`;
    } else if (e.thumbnail && e.thumbnail.url) {
      thumbnail = `<div class="embed-thumbnail" title="${esc(e.thumbnail.url)}">🖼</div>`;
    }
    return `<div class="embed"${colour}><div class="embed-main">${h}</div>${thumbnail}</div>`;
  }

  // Discord's grid: up to three consecutive inline fields share a row of 12 columns.
  function fieldColumns(fields) {
    const columns = [];
    let row = [];
    const flush = () => {
      const width = 12 / (row.length || 1);
      row.forEach((index, k) => { columns[index] = `${1 + k * width} / ${1 + (k + 1) * width}`; });
      row = [];
    };
    fields.forEach((field, index) => {
      if (field.inline) {
        row.push(index);
        if (row.length === 3) flush();
      } else {
        flush();
        columns[index] = '1 / 13';
      }
    });
    flush();
    return columns;
  }

  // ----- components -------------------------------------------------------------------------------------

  const BUTTON_STYLES = { 1: 'primary', 2: 'secondary', 3: 'success', 4: 'danger', 5: 'link', 6: 'premium' };

  function componentHtml(c) {
    if (!c || typeof c !== 'object') return '';
    const children = (list) => (Array.isArray(list) ? list.map(componentHtml).join('') : '');
    switch (c.type) {
      case 1: return `<div class="action-row">${children(c.components)}</div>`;
      case 2: return buttonHtml(c);
      case 3: case 5: case 6: case 7: case 8: return selectHtml(c);
      case 9: return `<div class="section"><div class="section-text">${children(c.components)}</div>`
        + `<div class="section-accessory">${componentHtml(c.accessory)}</div></div>`;
      case 10: return `<div class="text-display">${markdown(String(c.content ?? ''))}</div>`;
      case 11: return `<div class="media-placeholder" title="${esc(c.description || '')}">🖼</div>`;
      case 12: return `<div class="media-placeholder">🖼 ${Array.isArray(c.items) ? c.items.length : 0} image(s), not loaded</div>`;
      case 13: return '<div class="media-placeholder">📎 a file</div>';
      case 14: return `<hr class="separator${c.divider === false ? ' invisible' : ''}">`;
      case 17: {
        const accent = typeof c.accent_color === 'number' ? ` style="border-left-color:${hexColour(c.accent_color)}"` : '';
        return `<div class="container${accent ? ' accented' : ''}"${accent}>${children(c.components)}</div>`;
      }
      default: return `<div class="unknown-component">(a component of type ${esc(c.type)}, which this page doesn't show)</div>`;
    }
  }

  // A component's emoji: a custom one as its image (as in text), a Unicode one as itself.
  function emojiHtml(e) {
    if (!e || !e.name) return '';
    return e.id
      ? customEmoji(e.id, e.name, e.animated)
      : `<span class="emoji">${esc(e.name)}</span>`;
  }

  const emojiText = (e) => (!e || !e.name ? '' : e.id ? `:${e.name}: ` : `${e.name} `);

  function buttonHtml(b) {
    const style = BUTTON_STYLES[b.style] || 'secondary';
    const inner = emojiHtml(b.emoji) + (b.label ? `<span class="label">${esc(b.label)}</span>` : '');
    if (b.style === 5) return link(b.url || '#', inner, 'component-button style-link');
    const id = b.custom_id != null ? ` data-custom-id="${esc(b.custom_id)}"` : '';
    const title = b.style === 6 ? ' title="A premium purchase button: Discord opens its store; not here"' : '';
    return `<button type="button" class="component-button style-${style}"${id}${title}${b.disabled ? ' disabled' : ''}>${inner}</button>`;
  }

  // Options of a select menu: its own for string selects, the server's people or channels else.
  function selectOptions(c) {
    if (c.type === 3) {
      return (Array.isArray(c.options) ? c.options : []).filter((o) => o && typeof o === 'object');
    }
    if (c.type === 5 || c.type === 7) {
      const everyone = [...(state.world?.users || []), ...(state.world?.bot ? [state.world.bot] : [])];
      return everyone.map((u) => ({ value: u.id, label: u.name }));
    }
    if (c.type === 8) {
      const guild = (state.world?.guilds || []).find((g) => g.id === state.guildId);
      return (guild?.channels || []).map((ch) => ({ value: ch.id, label: `#${ch.name}` }));
    }
    return []; // role selects: the stand-in's server has no roles
  }

  function selectHtml(c) {
    const max = Number.isInteger(c.max_values) ? c.max_values : 1;
    const min = Number.isInteger(c.min_values) ? c.min_values : 1;
    const multiple = max > 1;
    const options = selectOptions(c);
    const placeholder = c.placeholder || (options.length ? t('makeSelection') : t('nothingToChoose'));
    let h = `<select class="component-select" data-custom-id="${esc(c.custom_id)}" data-min="${min}" data-max="${max}"`
      + `${multiple ? ` multiple size="${Math.min(options.length + 1, 8)}"` : ''}${c.disabled ? ' disabled' : ''}>`
      + `<option value="" disabled selected>${esc(placeholder)}</option>`;
    for (const o of options) {
      const title = o.description ? ` title="${esc(o.description)}"` : '';
      const selected = multiple && o.default ? ' selected' : '';
      h += `<option value="${esc(o.value)}"${title}${selected}>${esc(emojiText(o.emoji) + (o.label ?? o.value ?? ''))}</option>`;
    }
    h += '</select>';
    if (multiple) {
      const range = min === max ? `${min}` : `${min}–${max}`;
      h += `<button type="button" class="component-select-send"${c.disabled ? ' disabled' : ''}>Choose (${range})</button>`;
    }
    return `<div class="select-wrap">${h}</div>`;
  }

  // ----- acting on messages ---------------------------------------------------------------------

  async function act(body, control) {
    showError('');
    if (control) control.classList.add('pending');
    try {
      await postInteraction({ ...body, as: state.personId });
    } catch (e) {
      showError(e.message);
    } finally {
      if (control) control.classList.remove('pending');
    }
  }

  $('#messages').addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const message = target?.closest('.message');
    if (!message) return;
    const messageLink = target.closest('a.message-link');
    if (messageLink) {
      event.preventDefault();
      goTo(messageLink.dataset.channel, messageLink.dataset.message || null);
      return;
    }
    const reply = target.closest('.reply-line[data-message]');
    if (reply) {
      goTo(state.channelId, reply.dataset.message);
      return;
    }
    const button = target.closest('button.component-button');
    if (button && !button.disabled && button.dataset.customId !== undefined) {
      act({ type: 'click', message: message.dataset.id, custom_id: button.dataset.customId }, button);
      return;
    }
    const send = target.closest('button.component-select-send');
    if (send && !send.disabled) {
      const select = send.parentElement.querySelector('select.component-select');
      const values = [...select.selectedOptions].map((o) => o.value).filter((v) => v !== '');
      const min = Number(select.dataset.min);
      const max = Number(select.dataset.max);
      if (values.length < min || values.length > max) {
        showError(`Choose ${min === max ? min : `${min} to ${max}`} option(s) in this menu (you chose ${values.length}).`);
        return;
      }
      act({ type: 'select', message: message.dataset.id, custom_id: select.dataset.customId, values }, send);
      return;
    }
    if (target.closest('button.dismiss')) {
      state.dismissed.add(message.dataset.id);
      renderMessages();
    }
    const spoiler = target.closest('.spoiler');
    if (spoiler) spoiler.classList.add('revealed');
  });

  $('#violation-list').addEventListener('click', (event) => {
    const violation = event.target instanceof Element ? event.target.closest('.violation') : null;
    if (violation) violation.classList.toggle('expanded');
  });

  $('#messages').addEventListener('change', (event) => {
    const select = event.target;
    if (!(select instanceof HTMLSelectElement) || select.multiple) return;
    const message = select.closest('.message');
    if (!message || !select.value) return;
    const values = [select.value];
    select.value = ''; // back to the placeholder, as Discord's menus after a choice
    act({ type: 'select', message: message.dataset.id, custom_id: select.dataset.customId, values }, select);
  });

  $('#messages').addEventListener('scroll', () => {
    const box = $('#messages');
    if (box.scrollHeight - box.scrollTop - box.clientHeight < 80) $('#jump').hidden = true;
  });

  $('#jump').addEventListener('click', () => {
    const box = $('#messages');
    box.scrollTop = box.scrollHeight;
    $('#jump').hidden = true;
  });

  $('#people').addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button.person') : null;
    if (button) switchTo({ personId: button.dataset.id });
  });

  for (const list of ['#channels', '#direct-messages']) {
    $(list).addEventListener('click', (event) => {
      const link = event.target instanceof Element ? event.target.closest('a.channel') : null;
      if (!link) return;
      event.preventDefault();
      switchTo({ channelId: link.dataset.id });
    });
  }

  // On a phone the sidebar (with the servers) and the violations are drawers, one open at a time.
  function openDrawer(name) {
    const app = $('#app');
    for (const [drawer, toggles] of [['nav', ['#sidebar-toggle', '#acting']], ['violations', ['#violations-toggle']]]) {
      app.classList.toggle(`${drawer}-open`, drawer === name);
      for (const toggle of toggles) $(toggle).setAttribute('aria-expanded', String(drawer === name));
    }
    $('#backdrop').hidden = !name;
  }
  const closeDrawers = () => openDrawer(null);
  const drawerToggle = (name) => () => openDrawer($('#app').classList.contains(`${name}-open`) ? null : name);
  $('#sidebar-toggle').addEventListener('click', drawerToggle('nav'));
  $('#acting').addEventListener('click', drawerToggle('nav'));
  $('#violations-toggle').addEventListener('click', drawerToggle('violations'));
  $('#backdrop').addEventListener('click', closeDrawers);
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && $('#app').matches('.nav-open, .violations-open')) closeDrawers();
  });

  $('#guilds').addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button.guild') : null;
    const guild = (state.world?.guilds || []).find((g) => g.id === button?.dataset.id);
    if (guild && guild.channels && guild.channels.length) switchTo({ channelId: guild.channels[0].id });
  });

  // ----- slash commands -------------------------------------------------------------------------------

  // A name or description in the person's language, as their Discord client shows it.
  function localized(obj, field) {
    const map = obj && obj[`${field}_localizations`];
    const translated = map && typeof map === 'object' ? map[locale()] : null;
    return translated || (obj && obj[field] != null ? String(obj[field]) : '');
  }

  const namesOf = (obj) => [localized(obj, 'name'), obj && obj.name].filter(Boolean).map(String);
  const isNamed = (obj, word) => namesOf(obj).some((n) => sameName(n, word));
  // Completions go by the name the person sees (as in Discord); typed names may be either.
  const startsWith = (obj, prefix) => localized(obj, 'name').toLowerCase().startsWith(prefix.toLowerCase());
  const isGroup = (o) => o && (o.type === 1 || o.type === 2);
  const subcommandsOf = (level) => (Array.isArray(level.options) ? level.options.filter(isGroup) : []);
  const optionsOf = (level) => (Array.isArray(level.options) ? level.options.filter((o) => o && !isGroup(o)) : []);

  // Whether Discord offers command `c` where the person is, by its registration: its
  // integration_types (none: [0], the server's install) must hold an install that is there (the
  // server's only in a server that installed the app; the person's everywhere), its contexts
  // (none: all) the place's (0 a server, 2 a group DM). The stand-in checks the same.
  function offeredHere(c) {
    const ch = channel();
    if (!ch) return true;
    const guild = (state.world?.guilds || []).find((g) => g.id === ch.guild);
    const installs = guild && !guild.user_install ? [0, 1] : [1];
    const types = Array.isArray(c.integration_types) ? c.integration_types : [0];
    const contexts = Array.isArray(c.contexts) ? c.contexts : [0, 1, 2];
    return types.some((t) => installs.includes(t)) && contexts.includes(ch.group ? 2 : 0);
  }

  // The chat-input commands usable in the current place: global ones and the guild's own, as
  // their registration allows (`here` false: wherever they are offered).
  function chatCommands(here = true) {
    const commands = (state.world?.commands || []).filter((c) => c && c.name && (c.type ?? 1) === 1
      && (!c.guild_id || c.guild_id === state.guildId) && (!here || offeredHere(c)));
    const byName = new Map();
    for (const c of commands) if (!byName.has(c.name) || c.guild_id) byName.set(c.name, c);
    return [...byName.values()].sort((a, b) => localized(a, 'name').localeCompare(localized(b, 'name')));
  }

  // "forgetit start" in the person's language ("forgetit lancer").
  function localizedPath(path) {
    const parts = String(path || '').split(' ');
    let level = chatCommands(false).find((c) => c.name === parts[0]);
    if (!level) return path;
    const out = [localized(level, 'name')];
    for (const part of parts.slice(1)) {
      level = subcommandsOf(level).find((s) => s.name === part);
      if (!level) return path;
      out.push(localized(level, 'name'));
    }
    return out.join(' ');
  }

  // What an option takes: its choices if it has some (poise registers them as numbers), else its
  // type and range, in the person's language.
  function describeOption(o) {
    if (Array.isArray(o.choices) && o.choices.length) {
      return t('oneOf', { choices: o.choices.map((c) => localized(c, 'name')).join(', ') });
    }
    let type = words().types[o.type] || `type ${o.type}`;
    if (o.min_value != null && o.max_value != null) type += `, ${o.min_value}–${o.max_value}`;
    else if (o.min_value != null) type += `, at least ${o.min_value}`;
    else if (o.max_value != null) type += `, at most ${o.max_value}`;
    return type;
  }

  // The values one may pick for an option, as {label, text} (text: what is typed).
  function valueSuggestions(o) {
    if (Array.isArray(o.choices) && o.choices.length) {
      return o.choices.map((c) => ({ label: localized(c, 'name'), text: localized(c, 'name') }));
    }
    if (o.type === 5) return [{ label: 'True', text: 'True' }, { label: 'False', text: 'False' }];
    if (o.type === 6 || o.type === 9) {
      const everyone = [...people(), ...(state.world?.bot ? [state.world.bot] : [])];
      return everyone.map((u) => ({ label: `@${u.name}`, text: `@${u.name}` }));
    }
    if (o.type === 7) {
      const guild = (state.world?.guilds || []).find((g) => g.id === state.guildId);
      return (guild?.channels || []).map((c) => ({ label: `#${c.name}`, text: `#${c.name}` }));
    }
    return [];
  }

  // The value of option `o` typed as `raw`: {value} or {error}.
  function convertValue(o, raw) {
    const name = localized(o, 'name');
    if (raw === '') return { error: `Give a value for ${name}.` };
    const choices = Array.isArray(o.choices) ? o.choices : [];
    if (choices.length) {
      const choice = choices.find((c) => [localized(c, 'name'), c.name, String(c.value)].some((n) => sameName(n, raw)));
      if (!choice) {
        return { error: `${name} must be one of: ${choices.map((c) => localized(c, 'name')).join(', ')} (not “${raw}”).` };
      }
      return { value: choice.value };
    }
    const inRange = (n) => {
      if (o.min_value != null && n < o.min_value) return { error: `${name} must be at least ${o.min_value} (not ${n}).` };
      if (o.max_value != null && n > o.max_value) return { error: `${name} must be at most ${o.max_value} (not ${n}).` };
      return { value: n };
    };
    switch (o.type) {
      case 3: {
        const length = [...raw].length;
        if (o.min_length != null && length < o.min_length) return { error: `${name} needs at least ${o.min_length} characters.` };
        if (o.max_length != null && length > o.max_length) return { error: `${name} takes at most ${o.max_length} characters.` };
        return { value: raw };
      }
      case 4:
        if (!/^[+-]?\d+$/.test(raw)) return { error: `${name} must be a whole number (not “${raw}”).` };
        return inRange(Number(raw));
      case 10: {
        const n = Number(raw.replace(',', '.'));
        if (!Number.isFinite(n)) return { error: `${name} must be a number (not “${raw}”).` };
        return inRange(n);
      }
      case 5:
        if (/^(true|yes|oui|vrai|1)$/i.test(raw)) return { value: true };
        if (/^(false|no|non|faux|0)$/i.test(raw)) return { value: false };
        return { error: `${name} must be True or False (not “${raw}”).` };
      case 6: case 9: {
        const wanted = raw.replace(/^<@!?(\d+)>$/, '$1').replace(/^@/, '');
        const everyone = [...(state.world?.users || []), ...(state.world?.bot ? [state.world.bot] : [])];
        const user = everyone.find((u) => sameName(u.name, wanted) || u.id === wanted);
        return user ? { value: user.id } : { error: `${name} must be someone in the server, like @${people()[0]?.name || 'alice'} (not “${raw}”).` };
      }
      case 7: {
        const wanted = raw.replace(/^<#(\d+)>$/, '$1').replace(/^#/, '');
        const found = allChannels().find((c) => c.guild === state.guildId && (sameName(c.name, wanted) || c.id === wanted));
        return found ? { value: found.id } : { error: `${name} must be a channel of this server, like #${channel()?.name} (not “${raw}”).` };
      }
      default:
        return { error: `This page can't fill in ${name} (${TYPE_NAMES[o.type] || `option type ${o.type}`}).` };
    }
  }

  // Parse the composer's text: what it runs, whether it is complete (`ready`), the first problem
  // (`error`), and completions for the word being typed (`items`, each inserting `insert`).
  function parseCommand(text) {
    const r = { ready: false, error: null, items: [], title: '', command: null, path: [], options: {} };
    if (!text.trim()) return r;
    if (!text.startsWith('/')) {
      r.error = 'Only slash commands can be sent here: type / to see the bot\'s commands.';
      return r;
    }
    const commands = chatCommands();
    if (!commands.length) {
      r.error = 'The bot has not registered any slash command (yet).';
      return r;
    }
    let pos = 1;
    const wordAt = () => /^\S*/.exec(text.slice(pos))[0];
    const skipSpaces = () => {
      const spaces = /^\s*/.exec(text.slice(pos))[0];
      pos += spaces.length;
      return spaces.length;
    };

    // The command.
    const commandWord = wordAt();
    pos += commandWord.length;
    if (pos >= text.length) {
      r.title = 'Commands';
      r.items = commands.filter((c) => startsWith(c, commandWord)).map((c) => ({
        label: `/${localized(c, 'name')}`, detail: localized(c, 'description'), insert: `/${localized(c, 'name')} `,
      }));
    }
    const command = commands.find((c) => isNamed(c, commandWord));
    if (!command) {
      r.error = commandWord ? `The bot has no command /${commandWord}.` : 'Type a command after the /.';
      return r;
    }
    r.command = command;
    let level = command;
    let shown = `/${localized(command, 'name')}`;

    // Subcommand groups and subcommands.
    while (subcommandsOf(level).length) {
      const subs = subcommandsOf(level);
      const choose = `Choose what ${shown} does: ${subs.map((s) => localized(s, 'name')).join(', ')}.`;
      if (!skipSpaces()) {
        r.error = choose;
        return r;
      }
      const word = wordAt();
      const start = pos;
      pos += word.length;
      if (pos >= text.length) {
        r.title = shown;
        r.items = subs.filter((s) => startsWith(s, word)).map((s) => ({
          label: `${shown} ${localized(s, 'name')}`,
          detail: localized(s, 'description'),
          insert: `${text.slice(0, start)}${localized(s, 'name')} `,
        }));
      }
      const sub = subs.find((s) => isNamed(s, word));
      if (!sub) {
        r.error = word ? `${shown} has no subcommand ${word}. ${choose}` : choose;
        return r;
      }
      r.path.push(sub.name);
      level = sub;
      shown += ` ${localized(sub, 'name')}`;
    }

    // Options, as name:value.
    const declared = optionsOf(level);
    const given = new Map(); // canonical name → option
    const offerOptions = (prefix, start) => {
      const rest = declared.filter((o) => !given.has(o.name) && startsWith(o, prefix));
      rest.sort((a, b) => Number(Boolean(b.required)) - Number(Boolean(a.required)));
      r.title = t('optionsOf', { command: shown });
      r.items = rest.map((o) => ({
        label: localized(o, 'name'), detail: localized(o, 'description'), type: describeOption(o),
        required: Boolean(o.required), insert: `${text.slice(0, start)}${localized(o, 'name')}:`,
      }));
    };
    // Where the next `name:` of a declared option starts (a value runs up to it).
    const nextOption = (from) => {
      const re = /\s([^\s:]+):/g;
      re.lastIndex = from;
      for (let m = re.exec(text); m; m = re.exec(text)) {
        if (declared.some((o) => isNamed(o, m[1]))) return m.index;
        re.lastIndex = m.index + 1;
      }
      return text.length;
    };
    let problem = null;
    for (;;) {
      const spaces = skipSpaces();
      if (pos >= text.length) {
        if (spaces && declared.some((o) => !given.has(o.name))) offerOptions('', pos);
        break;
      }
      const m = /^([^\s:]*)(:?)/.exec(text.slice(pos));
      if (!m[2]) {
        if (pos + m[1].length >= text.length) {
          offerOptions(m[1], pos);
          problem = problem || `Write options as name:value, like ${localized(declared[0] || {}, 'name') || 'option'}:…`;
        } else {
          problem = problem || `Write options as name:value (“${m[1]}” has no “:”).`;
        }
        if (!declared.length) problem = `${shown} takes no options.`;
        break;
      }
      const option = declared.find((o) => isNamed(o, m[1]));
      if (!option) {
        const names = declared.map((o) => localized(o, 'name'));
        r.error = names.length
          ? `${shown} has no option ${m[1]}: its options are ${names.join(', ')}.`
          : `${shown} takes no options.`;
        return r;
      }
      pos += m[0].length;
      const valueStart = pos;
      let raw;
      let typing;
      if (text[pos] === '"') {
        const close = text.indexOf('"', pos + 1);
        raw = close < 0 ? text.slice(pos + 1) : text.slice(pos + 1, close);
        pos = close < 0 ? text.length : close + 1;
        typing = close < 0;
      } else {
        const end = nextOption(pos);
        raw = text.slice(pos, end);
        typing = end >= text.length && !/\s$/.test(raw);
        pos = end;
        // "objectif:150 lang": the value may end before a last word that starts another option.
        const lastWord = /\s+(\S+)$/.exec(raw);
        if (typing && lastWord) {
          const head = raw.slice(0, lastWord.index).trim();
          const whole = raw.trim().toLowerCase();
          const valuePrefix = valueSuggestions(option).some((s) => s.text.toLowerCase().startsWith(whole));
          const nextName = declared.some((o) => o !== option && !given.has(o.name) && startsWith(o, lastWord[1]));
          if (!valuePrefix && nextName && !convertValue(option, head).error) {
            raw = head;
            typing = false;
            pos = valueStart + lastWord.index;
          }
        }
        raw = raw.trim();
      }
      const name = localized(option, 'name');
      if (typing) {
        r.title = `${name}: ${describeOption(option)} — ${localized(option, 'description')}`;
        r.items = valueSuggestions(option)
          .filter((s) => s.text.toLowerCase().startsWith(raw.toLowerCase())
            || s.text.replace(/^[@#]/, '').toLowerCase().startsWith(raw.toLowerCase()))
          .map((s) => ({ label: s.label, insert: `${text.slice(0, valueStart)}${s.text} ` }));
      }
      if (given.has(option.name)) {
        problem = problem || `${name} is given twice.`;
        continue;
      }
      given.set(option.name, option);
      const converted = convertValue(option, raw);
      if (converted.error) problem = problem || converted.error;
      else r.options[option.name] = converted.value;
    }
    const missing = declared.filter((o) => o.required && !given.has(o.name)).map((o) => localized(o, 'name'));
    if (missing.length) {
      problem = problem || `${shown} needs ${missing.length > 1 ? 'the options' : 'the option'} ${missing.join(', ')}.`;
    }
    r.error = problem;
    r.ready = !problem;
    return r;
  }

  // ----- the composer ------------------------------------------------------------------------------------

  const composer = $('#composer');
  const completions = { items: [], selected: -1, closed: false };

  function showError(text) {
    $('#composer-error').textContent = text || '';
  }

  function updateComposer({ keepSelection = false } = {}) {
    const parse = parseCommand(composer.value);
    const before = completions.items[completions.selected]?.insert;
    completions.items = parse.items.slice(0, 25);
    const kept = keepSelection ? completions.items.findIndex((i) => i.insert === before) : -1;
    // The first completion is highlighted while the command can't be sent yet: Enter inserts it.
    completions.selected = kept >= 0 ? kept : completions.items.length && !parse.ready ? 0 : -1;
    completions.title = parse.title;
    renderCompletions();
  }

  function renderCompletions() {
    const list = $('#completions');
    const open = completions.items.length > 0 && !completions.closed && document.activeElement === composer;
    list.hidden = !open;
    if (!open) {
      list.replaceChildren();
      return;
    }
    const items = completions.items.map((item, i) => {
      const selected = i === completions.selected ? ' selected' : '';
      const required = item.required ? `<span class="completion-required">${esc(t('required'))}</span>` : '';
      const type = item.type ? `<span class="completion-type">${esc(item.type)}</span>` : '';
      const detail = item.detail ? `<span class="completion-detail">${esc(item.detail)}</span>` : '';
      return `<div class="completion${selected}" role="option" data-index="${i}" data-insert="${esc(item.insert)}" aria-selected="${Boolean(selected)}">`
        + `<span class="completion-label">${esc(item.label)}</span>${required}${type}${detail}</div>`;
    });
    list.innerHTML = `<div class="completions-title">${esc(completions.title || '')}</div>${items.join('')}`;
    list.querySelector('.completion.selected')?.scrollIntoView({ block: 'nearest' });
  }

  function insertCompletion(index) {
    const item = completions.items[index];
    if (!item) return;
    composer.value = item.insert;
    composer.focus();
    composer.setSelectionRange(item.insert.length, item.insert.length);
    completions.closed = false;
    showError('');
    updateComposer();
  }

  async function submit() {
    const text = composer.value;
    if (!text.trim()) return;
    const parse = parseCommand(text);
    if (!parse.ready) {
      showError(parse.error || 'This command is not complete yet.');
      return;
    }
    showError('');
    const body = {
      type: 'command', as: state.personId, channel: state.channelId, name: parse.command.name, options: parse.options,
    };
    if (parse.path.length) body.subcommand = parse.path.join(' ');
    composer.classList.add('sending');
    try {
      await postInteraction(body);
      if (composer.value === text) composer.value = '';
      updateComposer();
    } catch (e) {
      showError(e.message);
    } finally {
      composer.classList.remove('sending');
    }
  }

  composer.addEventListener('input', () => {
    completions.closed = false;
    showError('');
    updateComposer();
  });
  composer.addEventListener('focus', renderCompletions);
  composer.addEventListener('blur', () => setTimeout(renderCompletions, 150));

  composer.addEventListener('keydown', (event) => {
    const open = !$('#completions').hidden && completions.items.length > 0;
    const count = completions.items.length;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        if (!open) return;
        event.preventDefault();
        if (event.key === 'ArrowDown') completions.selected = (completions.selected + 1) % count;
        else completions.selected = completions.selected <= 0 ? count - 1 : completions.selected - 1;
        renderCompletions();
        break;
      case 'Tab':
        if (!open) return;
        event.preventDefault();
        insertCompletion(Math.max(completions.selected, 0));
        break;
      case 'Enter':
        event.preventDefault();
        if (open && completions.selected >= 0) insertCompletion(completions.selected);
        else submit();
        break;
      case 'Escape':
        completions.closed = true;
        renderCompletions();
        break;
      default:
    }
  });

  $('#completions').addEventListener('mousedown', (event) => {
    event.preventDefault(); // keep the focus in the composer
    const item = event.target instanceof Element ? event.target.closest('.completion') : null;
    if (item) insertCompletion(Number(item.dataset.index));
  });

  $('#composer-form').addEventListener('submit', (event) => event.preventDefault());

  // ----- start ---------------------------------------------------------------------------------------------

  refresh();
  connect();
})();
