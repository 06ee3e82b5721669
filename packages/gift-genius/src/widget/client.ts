/// <reference lib="dom" />
/**
 * The gift-card widget's script. It runs in the host's sandboxed iframe and is inlined
 * into the widget HTML (see template.ts), so it must not import anything at run time:
 * type-only imports are all it has.
 *
 * Why a hand-written bridge instead of ext-apps' `App` class: the widget loads nothing
 * from the network, so `App` would have to be inlined, and its browser build
 * (`@modelcontextprotocol/ext-apps/app-with-deps`) is ~530 KB (~130 KB gzipped; a
 * minified esbuild bundle of `App` alone is ~650 KB, as it pulls in the MCP SDK's
 * Protocol and zod). The widget's budget is 50 KB of HTML. The MCP Apps protocol the
 * widget needs is small JSON-RPC over postMessage, implemented here per the spec
 * (SEP-1865, 2026-01-26): `ui/initialize` → `ui/notifications/initialized`,
 * `ui/notifications/tool-input` / `tool-result` / `tool-cancelled` /
 * `host-context-changed`, `ui/notifications/size-changed`, `tools/call`, `ui/message`,
 * and answers to `ping` and `ui/resource-teardown`. It is checked against ext-apps'
 * own host side (`AppBridge`) in test/widget.browser.test.ts.
 *
 * What it shows: placeholder cards of the final size until the result comes (the count
 * from the tool input), then the ranked cards, or one empty state for the cause of an
 * empty answer. It reads the result's optional `unmet` (what could not be satisfied) and
 * per-gift `why`, and does without them when the server does not send them.
 */
import type { McpUiHostContext, McpUiInitializeResult } from '@modelcontextprotocol/ext-apps';
import type { SuggestOutput } from '../primitives/tools.js';
import type { WidgetQuery } from './meta.js';

/** suggest_gifts' structured content, typed by its output schema (types only: nothing of the server is bundled). */
type Suggestions = SuggestOutput;
type Gift = Suggestions['gifts'][number];
/** What the ranking could not satisfy (optional; absent or empty when all was). */
type Unmet = NonNullable<Suggestions['unmet']>[number];
type UnmetKind = Unmet['kind'];
type Query = WidgetQuery;
interface ToolResult {
  content?: Array<{ type: string; text?: string }>;
  structuredContent?: unknown;
  isError?: boolean;
  _meta?: Record<string, unknown>;
}
interface View {
  suggestions: Suggestions;
  query?: Query;
  heading?: string;
}
interface RpcMessage {
  jsonrpc: '2.0';
  id?: string | number | null;
  method?: string;
  params?: Record<string, unknown>;
  result?: unknown;
  error?: { code: number; message: string };
}

const PROTOCOL_VERSION = '2026-01-26';
const DATA_KEY = 'gift-genius/widget';
const APP_INFO = { name: 'gift-genius-widget', version: '1' };

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const root = document.documentElement;
const heading = $<HTMLHeadingElement>('heading');
const sub = $<HTMLParagraphElement>('sub');
const statusLine = $<HTMLParagraphElement>('status');
const list = $<HTMLOListElement>('cards');
const emptyBox = $<HTMLDivElement>('empty');
const back = $<HTMLButtonElement>('back');
// Not a <form>: hosts' sandboxes may omit allow-forms, which silently blocks submission.
const budgetBox = $<HTMLDivElement>('budget-box');
const budgetInput = $<HTMLInputElement>('budget');
const budgetGo = $<HTMLButtonElement>('budget-go');

// ---- JSON-RPC over postMessage ------------------------------------------------------

let nextId = 1;
const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();

function send(message: Omit<RpcMessage, 'jsonrpc'>): void {
  // The host's origin is not known to a sandboxed view; replies are matched by id and
  // only messages from window.parent are accepted below.
  window.parent.postMessage({ jsonrpc: '2.0', ...message }, '*');
}

function request<T>(method: string, params: Record<string, unknown>, timeoutMs = 30_000): Promise<T> {
  const id = nextId++;
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      reject(new Error(`${method} timed out`));
    }, timeoutMs);
    pending.set(id, {
      resolve: (v) => (clearTimeout(timer), resolve(v as T)),
      reject: (e) => (clearTimeout(timer), reject(e)),
    });
    send({ id, method, params });
  });
}

const notify = (method: string, params: Record<string, unknown> = {}) => send({ method, params });

window.addEventListener('message', (event: MessageEvent) => {
  if (event.source !== window.parent) return;
  const msg = event.data as RpcMessage | null;
  if (!msg || typeof msg !== 'object' || msg.jsonrpc !== '2.0') return;
  if (msg.method === undefined) {
    const waiter = typeof msg.id === 'number' ? pending.get(msg.id) : undefined;
    if (!waiter) return;
    pending.delete(msg.id as number);
    if (msg.error) waiter.reject(new Error(msg.error.message || 'Request failed'));
    else waiter.resolve(msg.result);
  } else if (msg.id !== undefined && msg.id !== null) {
    // Requests from the host: answer the ones the spec asks a view to answer.
    if (msg.method === 'ping' || msg.method === 'ui/resource-teardown') send({ id: msg.id, result: {} });
    else send({ id: msg.id, error: { code: -32601, message: `Method not found: ${msg.method}` } });
  } else {
    onNotification(msg.method, msg.params ?? {});
  }
});

function onNotification(method: string, params: Record<string, unknown>): void {
  switch (method) {
    case 'ui/notifications/tool-input':
      toolInput = params.arguments as Partial<Query> | undefined;
      if (!current) showLoading();
      break;
    case 'ui/notifications/tool-result':
      showResult(params as ToolResult, false);
      break;
    case 'ui/notifications/tool-cancelled':
      if (!current) {
        list.replaceChildren();
        setBusy(false);
        setStatus('The request was cancelled.');
      }
      break;
    case 'ui/notifications/host-context-changed':
      applyContext(params as McpUiHostContext);
      break;
  }
}

// ---- Host context: theme, host styles, locale, container ---------------------------

let context: McpUiHostContext = {};
let locale = 'en-US';
/** Catalog prices are USD: "$28", "$12.50". */
const money = (usd: number) =>
  new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: Number.isInteger(usd) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(usd);

function applyContext(update: McpUiHostContext): void {
  context = { ...context, ...update };
  if (update.theme === 'dark' || update.theme === 'light') {
    root.dataset.theme = update.theme;
    root.style.colorScheme = update.theme;
  }
  const vars = update.styles?.variables as Record<string, string | undefined> | undefined;
  if (vars)
    for (const [name, value] of Object.entries(vars))
      if (name.startsWith('--') && value) root.style.setProperty(name, value);
  const fonts = update.styles?.css?.fonts;
  if (fonts) {
    const style =
      document.getElementById('host-fonts') ??
      document.head.appendChild(Object.assign(document.createElement('style'), { id: 'host-fonts' }));
    style.textContent = fonts;
  }
  if (update.locale) {
    try {
      locale = Intl.NumberFormat.supportedLocalesOf([update.locale])[0] ?? locale;
      if (current) render();
    } catch {
      /* an invalid locale tag keeps the current one */
    }
  }
  const insets = update.safeAreaInsets;
  if (insets)
    for (const [side, v] of [
      ['r', insets.right],
      ['b', insets.bottom],
      ['l', insets.left],
    ] as const)
      root.style.setProperty(`--s${side}`, `${v}px`);
}

// ---- State and rendering ------------------------------------------------------------

let toolInput: Partial<Query> | undefined;
let current: View | undefined;
const history: View[] = [];
let busy = false;

function asSuggestions(value: unknown): Suggestions | undefined {
  const s = value as Suggestions | undefined;
  return s && Array.isArray(s.gifts) ? s : undefined;
}

function textOf(result: ToolResult): string {
  return (result.content ?? [])
    .map((c) => (c.type === 'text' ? (c.text ?? '') : ''))
    .join('\n')
    .trim();
}

/** Renders a tool result: the first answer (from the host) or a refinement (from an app-only tool). */
function showResult(result: ToolResult, refinement: boolean): boolean {
  const suggestions = asSuggestions(result.structuredContent);
  if (result.isError || !suggestions) {
    if (!current) list.replaceChildren();
    setBusy(false);
    setStatus(textOf(result) || 'No gift ideas came back.', true);
    return false;
  }
  const data = result._meta?.[DATA_KEY] as { query?: Query; heading?: string } | undefined;
  const query =
    data?.query ??
    (toolInput?.age !== undefined && toolInput.relationship
      ? ({ budget: null, ...toolInput } as Query)
      : current?.query);
  if (refinement && current) history.push(current);
  else if (!refinement) history.length = 0;
  current = { suggestions, query, heading: data?.heading };
  render();
  return true;
}

/** "my sister" and "sister" both read "your sister". */
const person = (relationship: string) => relationship.trim().replace(/^(my|your)\s+/i, '');

function subtitle(
  query: Partial<Query> | undefined,
  budget: number | null | undefined,
  extra: string[],
  named: boolean,
): string {
  const who = query?.relationship ? person(query.relationship) : '';
  return [
    named && who ? `For your ${who}` : '',
    query?.age !== undefined ? `age ${query.age}` : '',
    query?.occasion ?? '',
    budget === undefined ? '' : budget === null ? 'any budget' : `up to ${money(budget)}`,
    ...extra,
  ]
    .filter(Boolean)
    .join(' · ')
    .replace(/^./, (c) => c.toUpperCase());
}

const titleFor = (query: Partial<Query> | undefined) =>
  query?.relationship ? `Gift ideas for your ${person(query.relationship)}` : 'Gift ideas';

/** Placeholder cards of the final size while the host runs the tool (count from the tool input). */
function showLoading(): void {
  const count = Math.min(Math.max(Math.trunc(Number(toolInput?.count ?? 5)) || 5, 1), 10);
  heading.textContent = titleFor(toolInput);
  const asked = subtitle(toolInput, toolInput ? (toolInput.budget ?? null) : undefined, [], false);
  sub.textContent = ['Finding ideas…', asked].filter(Boolean).join(' · ');
  if (typeof toolInput?.budget === 'number') budgetInput.value = String(toolInput.budget);
  emptyBox.hidden = true;
  list.hidden = false;
  list.replaceChildren(...Array.from({ length: count }, skeleton));
  layoutGrid();
  // Said to screen readers; on screen, the subtitle says it (a status line would change the height).
  const doing = toolInput?.relationship
    ? `Finding gift ideas for your ${person(toolInput.relationship)}…`
    : 'Waiting for gift ideas…';
  setStatus(doing, false, true);
  setBusy(true);
}

function render(): void {
  if (!current) return;
  const { suggestions, query } = current;
  // Read defensively: a result from another server version may carry anything here.
  const listed = Array.isArray(suggestions.unmet) ? suggestions.unmet : [];
  const unmet = listed.filter((u) => typeof u?.message === 'string');
  heading.textContent = current.heading ?? titleFor(query);
  const band = suggestions.budget === null && suggestions.acrossPriceRanges ? ['across price ranges'] : [];
  const matched = suggestions.gifts.length ? [`${suggestions.matched} matched`] : [];
  sub.textContent = subtitle(query, suggestions.budget, [...band, ...matched], Boolean(current.heading));
  back.hidden = history.length === 0;
  budgetBox.hidden = !query;
  const shownBudget = suggestions.budget === null ? '' : String(suggestions.budget);
  if (document.activeElement !== budgetInput) budgetInput.value = shownBudget;

  const empty = suggestions.gifts.length === 0;
  list.hidden = empty;
  emptyBox.hidden = !empty;
  list.replaceChildren(...suggestions.gifts.map(card));
  if (empty) showEmpty(causeOf(suggestions, query, unmet), unmet[0]?.message, suggestions, query);
  else layoutGrid();
  // What could not be satisfied, when the cards are the closest instead.
  setStatus(empty ? '' : unmet.map((u) => u.message).join(' '));
  statusLine.classList.toggle('note', !empty && unmet.length > 0);
  setBusy(false);
}

const KINDS: readonly UnmetKind[] = ['budget', 'exclusion', 'age', 'interest', 'occasion', 'catalog'];

/** Why nothing came back: the ranking's first unmet kind, else what today's inputs can explain. */
function causeOf(suggestions: Suggestions, query: Query | undefined, unmet: Unmet[]): UnmetKind {
  const kind = unmet[0]?.kind;
  if (kind) return KINDS.includes(kind) ? kind : 'catalog';
  const excluding = Boolean(query?.exclude?.length);
  if (suggestions.budget !== null) return excluding ? 'catalog' : 'budget';
  return excluding ? 'exclusion' : 'age';
}

const listOf = (words: string[] | undefined) => (words ?? []).map((w) => `“${w}”`).join(', ');

/** One empty state per cause: what happened (the ranking's words when it sent some) and one way on. */
function showEmpty(kind: UnmetKind, message: string | undefined, suggestions: Suggestions, query?: Query): void {
  const who = query ? `your ${person(query.relationship)}` : 'them';
  const mine = query ? `my ${person(query.relationship)}` : 'them'; // in the user's own message
  const budget = suggestions.budget;
  let title: string;
  let said: string;
  let fix: string;
  let action: HTMLButtonElement | undefined;
  switch (kind) {
    case 'budget': {
      title = budget !== null ? `Nothing under ${money(budget)}` : 'Nothing within this budget';
      said = `No gift in the catalog for ${who} costs that little.`;
      fix = 'A higher budget opens up more ideas.';
      const next = budget !== null ? Math.max(10, Math.ceil((budget * 2) / 5) * 5) : 50;
      const label = `Try up to ${money(next)}`;
      if (query) action = button(label, label, () => void changeBudgetTo(next), 'raise');
      break;
    }
    case 'exclusion':
      title = 'Your exclusions rule out every idea';
      said = query?.exclude?.length
        ? `Nothing is left once ${listOf(query.exclude)} is left out.`
        : 'Nothing is left after the exclusions.';
      fix = 'Say in the chat which exclusion can go, or what else they enjoy.';
      action = askButton(
        `Nothing fit after leaving out ${query?.exclude?.join(', ') || 'my exclusions'}. ` +
          `What else could I give ${mine}?`,
      );
      break;
    case 'age':
      title = query ? `No ideas for age ${query.age} yet` : 'No ideas for this age yet';
      said = 'The catalog has nothing made for this age.';
      fix = 'Ask in the chat for ideas beyond the catalog.';
      action = askButton(`The gift catalog had nothing for ${mine}${query ? ` (${query.age})` : ''}. Any ideas?`);
      break;
    case 'interest':
      title = 'Nothing matches these interests';
      said = `No gift fits ${query?.interests?.length ? listOf(query.interests) : 'the interests given'}.`;
      fix = 'A broader interest, like cooking or reading, finds more.';
      action = askButton(
        `No gift in the catalog matched ${query?.interests?.join(', ') || 'those interests'}. ` +
          `What related ideas could work for ${mine}?`,
      );
      break;
    case 'occasion':
      title = 'Nothing for this occasion';
      said = `No gift in the catalog suits ${query?.occasion ? `“${query.occasion}”` : 'the occasion'}.`;
      fix = 'Ideas without the occasion may still fit.';
      action = askButton(`Nothing in the catalog suited ${query?.occasion || 'the occasion'}. What else for ${mine}?`);
      break;
    default:
      title = 'Nothing in the catalog fits';
      said = 'No gift fits all of these at once.';
      fix =
        budget !== null && query?.exclude?.length
          ? 'Try a higher budget or fewer exclusions.'
          : 'Fewer details find more ideas.';
      action = askButton(`No gift in the catalog fit everything I asked for ${mine}. What would you suggest?`);
  }
  const tile = el('div', 'art');
  tile.style.setProperty('--h', String(hueOf(`e-${kind}`)));
  tile.append(picture(`e-${kind}`));
  const h = el('h2', '', title);
  h.id = 'empty-title';
  emptyBox.dataset.cause = kind;
  emptyBox.setAttribute('aria-labelledby', 'empty-title');
  emptyBox.replaceChildren(tile, h, el('p', 'said', message || said), el('p', 'fix', fix), ...(action ? [action] : []));
}

function askButton(text: string): HTMLButtonElement {
  return button('Ask in the chat', 'Ask in the chat', () => void sendMessage(text, 'Asked in the chat.'), 'ask');
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

// ---- Pictures and the grid ------------------------------------------------------------

/** Title word → illustration id, from the sprite's `data-w` lists (illustrations.ts). */
const artByWord = new Map<string, string>();
for (const symbol of document.querySelectorAll<SVGSymbolElement>('symbol[data-w]'))
  for (const word of (symbol.dataset.w ?? '').split(' ')) if (!artByWord.has(word)) artByWord.set(word, symbol.id);

/** A gift's picture: the last title word that names a kind (the head noun: "…recipe book"), else its category. */
function artFor(gift: Gift): string {
  const words = gift.title.toLowerCase().split(/[^a-z]+/);
  for (let i = words.length - 1; i >= 0; i--) {
    const id = artByWord.get(words[i]!);
    if (id) return id;
  }
  return document.getElementById(`c-${gift.category}`)?.id ?? 'gift';
}

const hueOf = (id: string) => Number(document.getElementById(id)?.dataset.h ?? 210);

/** FNV-1a: the same gift id always gives the same tint and confetti. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const svgTemplate = Object.assign(document.createElement('template'), {
  innerHTML: '<svg class="pic" aria-hidden="true" focusable="false"><use></use></svg>',
});
function picture(id: string): Element {
  const svg = svgTemplate.content.firstElementChild!.cloneNode(true) as Element;
  svg.firstElementChild!.setAttribute('href', `#${id}`);
  return svg;
}

function artTile(gift: Gift): HTMLDivElement {
  const id = artFor(gift);
  const h = hash(gift.id);
  const tile = el('div', 'art');
  const at = (shift: number, from: number, span: number) => `${from + ((h >>> shift) % span)}%`;
  const vars: Array<[string, string]> = [
    ['--h', String((hueOf(id) + (h % 29) - 14 + 360) % 360)],
    ['--h2', String((hueOf(id) + 40 + ((h >>> 5) % 80)) % 360)],
    ['--x1', at(8, 6, 22)],
    ['--y1', at(11, 18, 40)],
    ['--x2', at(14, 72, 22)],
    ['--y2', at(17, 15, 30)],
    ['--x3', at(20, 80, 14)],
    ['--y3', at(23, 62, 25)],
  ];
  for (const [name, value] of vars) tile.style.setProperty(name, value);
  tile.append(picture(id));
  return tile;
}

const GAP = 10;
const MIN_CARD = 200;
const narrow = window.matchMedia('(max-width:520px)');
/**
 * Columns without holes: as many as fit, then as few as keep the same number of rows
 * (4 cards in 3 columns become 2 + 2). Cards grow to fill the last row (flex-grow), so
 * 5 cards in 3 columns are 3 + 2 wider ones, never a row with an empty cell.
 */
function layoutGrid(): void {
  const n = list.children.length;
  if (!n) return;
  const fit = narrow.matches ? 1 : Math.max(1, Math.floor((list.clientWidth + GAP) / (MIN_CARD + GAP)));
  const rows = Math.ceil(n / Math.min(fit, n));
  list.style.setProperty('--cols', String(Math.ceil(n / rows)));
}

function card(gift: Gift, index: number): HTMLLIElement {
  const li = el('li', 'card');
  li.dataset.id = gift.id;
  const titleId = `t-${index}`;
  li.setAttribute('aria-labelledby', titleId);
  const tile = artTile(gift);
  const rank = el('span', 'rank', `${index + 1}`);
  rank.setAttribute('aria-hidden', 'true');
  const label = gift.category.split('-').join(' & '); // "food-drink": "food & drink"
  const chip = el('span', 'chip', label);
  chip.setAttribute('aria-label', `Category: ${label}`);
  tile.append(rank, chip);
  const head = el('div', 'head');
  const title = el('h2', '', gift.title);
  title.id = titleId;
  title.title = gift.title;
  head.append(title, el('span', 'price', money(gift.price)));
  const why = typeof gift.why === 'string' && gift.why.trim() ? gift.why.trim() : undefined;
  const text = el('div', 'text');
  text.append(el('p', 'reason', gift.reason), ...(why ? [el('p', 'why', why)] : []));
  text.title = why ? `${gift.reason} ${why}` : gift.reason;
  const actions = el('div', 'actions');
  actions.append(
    button('More like this', `More like ${gift.title}`, () => moreLike(gift), 'more'),
    button('Tell me more', `Tell me more about ${gift.title}`, () => tellMore(gift), 'tell'),
  );
  const body = el('div', 'body');
  body.append(head, text, actions);
  li.append(tile, body);
  return li;
}

/** A card of the same boxes and heights as card(), with bars for text. */
function skeleton(): HTMLLIElement {
  const li = el('li', 'card skel');
  li.setAttribute('aria-hidden', 'true');
  const head = el('div', 'head');
  const title = el('h2', '');
  title.append(el('span', 'bar'));
  head.append(title);
  const text = el('div', 'text');
  text.append(el('span', 'bar'), el('span', 'bar short'));
  const actions = el('div', 'actions');
  actions.append(el('span', ''), el('span', ''));
  const body = el('div', 'body');
  body.append(head, text, actions);
  li.append(el('div', 'art'), body);
  return li;
}

function button(label: string, accessibleName: string, onClick: () => void, action: string): HTMLButtonElement {
  const b = el('button', '', label);
  b.type = 'button';
  b.dataset.action = action;
  if (accessibleName !== label) b.setAttribute('aria-label', accessibleName);
  b.addEventListener('click', onClick);
  b.disabled = busy;
  return b;
}

function setStatus(text: string, error = false, quiet = false): void {
  statusLine.textContent = text;
  statusLine.title = text;
  statusLine.classList.toggle('error', error);
  statusLine.classList.toggle('vh', quiet);
  statusLine.classList.remove('note');
}

function setBusy(on: boolean): void {
  busy = on;
  list.setAttribute('aria-busy', String(on));
  for (const b of document.querySelectorAll<HTMLButtonElement>('button')) b.disabled = on;
}

// ---- Actions ------------------------------------------------------------------------

/** The query as tool arguments: `budget: null` means none given, so it is left out. */
function queryArgs(query: Query): Record<string, unknown> {
  const { budget, ...rest } = query;
  return budget === null ? rest : { ...rest, budget };
}

async function refine(tool: string, args: Record<string, unknown>, pendingText: string): Promise<void> {
  if (busy) return;
  setBusy(true);
  // Said to screen readers; on screen the subtitle says it, as a status line appearing would move the cards.
  setStatus(pendingText, false, true);
  const subtitleBefore = sub.textContent;
  sub.textContent = pendingText;
  const hadFocus = document.activeElement;
  try {
    const result = await request<ToolResult>('tools/call', { name: tool, arguments: args });
    if (showResult(result, true) && (!hadFocus?.isConnected || hadFocus === document.body)) heading.focus();
  } catch (error) {
    setStatus(`Could not update the ideas: ${(error as Error).message}`, true);
  } finally {
    if (sub.textContent === pendingText) sub.textContent = subtitleBefore;
    setBusy(false);
  }
}

function moreLike(gift: Gift): void {
  const query = current?.query;
  if (!query) return;
  const shown = current!.suggestions.gifts.map((g) => g.id);
  void refine('more_like_this', { ...queryArgs(query), id: gift.id, shown }, `Finding more like ${gift.title}…`);
}

function changeBudget(): void {
  const budget = Number(budgetInput.value);
  if (!current?.query || !Number.isFinite(budget) || budget <= 0) {
    setStatus('Enter a budget in USD, e.g. 50.', true);
    budgetInput.focus();
    return;
  }
  void changeBudgetTo(budget);
}

async function changeBudgetTo(budget: number): Promise<void> {
  const query = current?.query;
  if (query) await refine('change_budget', { ...queryArgs(query), budget }, `Finding ideas up to ${money(budget)}…`);
}
budgetGo.addEventListener('click', changeBudget);
budgetInput.addEventListener('keydown', (event) => {
  if (event.key === 'Enter') {
    event.preventDefault();
    changeBudget();
  }
});

back.addEventListener('click', () => {
  const previous = history.pop();
  if (!previous) return;
  current = previous;
  render();
  heading.focus();
});

function tellMore(gift: Gift): Promise<void> {
  const who = current?.query ? ` for my ${person(current.query.relationship)}` : '';
  const text = `Tell me more about "${gift.title}" (gift id ${gift.id}) as a gift${who}.`;
  return sendMessage(text, `Asked about ${gift.title}.`);
}

/** A follow-up message into the chat (`ui/message`); the model answers it. */
async function sendMessage(text: string, done: string): Promise<void> {
  try {
    const result = await request<{ isError?: boolean }>('ui/message', {
      role: 'user',
      content: [{ type: 'text', text }],
    });
    setStatus(result?.isError ? 'The host did not accept the message.' : done, Boolean(result?.isError));
  } catch (error) {
    setStatus(`Could not send the message: ${(error as Error).message}`, true);
  }
}

// ---- Size reporting and start-up ----------------------------------------------------

let lastHeight = 0;
let sizeQueued = false;
new ResizeObserver(() => {
  if (sizeQueued) return;
  sizeQueued = true;
  requestAnimationFrame(() => {
    sizeQueued = false;
    layoutGrid();
    const height = Math.ceil(document.body.getBoundingClientRect().height);
    if (height !== lastHeight) {
      lastHeight = height;
      notify('ui/notifications/size-changed', { height });
    }
  });
}).observe(document.body);

// ChatGPT also exposes the result as globals; paint from them at once when present.
interface OpenAiGlobals {
  toolInput?: Partial<Query>;
  toolOutput?: unknown;
  toolResponseMetadata?: Record<string, unknown>;
  theme?: string;
}
const openai = (window as unknown as { openai?: OpenAiGlobals }).openai;
if (openai?.theme === 'dark' || openai?.theme === 'light') applyContext({ theme: openai.theme });
if (openai?.toolOutput) {
  showResult({ structuredContent: openai.toolOutput, _meta: openai.toolResponseMetadata }, false);
} else {
  // Loading at the final size from the first paint; ChatGPT may already hold the tool input.
  if (openai?.toolInput && typeof openai.toolInput === 'object') toolInput = openai.toolInput;
  showLoading();
}

request<McpUiInitializeResult>('ui/initialize', {
  protocolVersion: PROTOCOL_VERSION,
  appInfo: APP_INFO,
  appCapabilities: { availableDisplayModes: ['inline'] },
})
  .then((result) => {
    applyContext(result.hostContext ?? {});
    notify('ui/notifications/initialized');
  })
  .catch((error: Error) => {
    if (!current) setStatus(`Not connected to a host: ${error.message}`, true);
  });
