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
 */
import type { McpUiHostContext, McpUiInitializeResult } from '@modelcontextprotocol/ext-apps';
import type { WidgetQuery } from './meta.js';

interface Gift {
  id: string;
  title: string;
  price: number;
  category: string;
  reason: string;
}
interface Suggestions {
  gifts: Gift[];
  matched: number;
  budget: number | null;
  acrossPriceRanges: boolean;
}
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
      if (!current) setStatus(`Finding gift ideas${toolInput?.relationship ? ` for your ${toolInput.relationship}` : ''}…`);
      break;
    case 'ui/notifications/tool-result':
      showResult(params as ToolResult, false);
      break;
    case 'ui/notifications/tool-cancelled':
      if (!current) setStatus('The request was cancelled.');
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
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', minimumFractionDigits: Number.isInteger(usd) ? 0 : 2, maximumFractionDigits: 2 }).format(usd);

function applyContext(update: McpUiHostContext): void {
  context = { ...context, ...update };
  if (update.theme === 'dark' || update.theme === 'light') {
    root.dataset.theme = update.theme;
    root.style.colorScheme = update.theme;
  }
  const vars = update.styles?.variables as Record<string, string | undefined> | undefined;
  if (vars) for (const [name, value] of Object.entries(vars)) if (name.startsWith('--') && value) root.style.setProperty(name, value);
  const fonts = update.styles?.css?.fonts;
  if (fonts) {
    const style = document.getElementById('host-fonts') ?? document.head.appendChild(Object.assign(document.createElement('style'), { id: 'host-fonts' }));
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
  if (insets) for (const [side, v] of [['r', insets.right], ['b', insets.bottom], ['l', insets.left]] as const) root.style.setProperty(`--s${side}`, `${v}px`);
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
  return (result.content ?? []).map((c) => (c.type === 'text' ? c.text ?? '' : '')).join('\n').trim();
}

/** Renders a tool result: the first answer (from the host) or a refinement (from an app-only tool). */
function showResult(result: ToolResult, refinement: boolean): boolean {
  const suggestions = asSuggestions(result.structuredContent);
  if (result.isError || !suggestions) {
    setStatus(textOf(result) || 'No gift ideas came back.', true);
    return false;
  }
  const data = result._meta?.[DATA_KEY] as { query?: Query; heading?: string } | undefined;
  const query = data?.query ?? (toolInput?.age !== undefined && toolInput.relationship ? ({ budget: null, ...toolInput } as Query) : current?.query);
  if (refinement && current) history.push(current);
  else if (!refinement) history.length = 0;
  current = { suggestions, query, heading: data?.heading };
  render();
  return true;
}

function render(): void {
  if (!current) return;
  const { suggestions, query } = current;
  heading.textContent = current.heading ?? 'Gift ideas';
  const who = query ? `For your ${query.relationship} (${query.age})` : '';
  const budget = suggestions.budget !== null ? `up to ${money(suggestions.budget)}` : 'across price ranges';
  sub.textContent = [who, budget, `${suggestions.matched} matched`].filter(Boolean).join(' · ');
  back.hidden = history.length === 0;
  budgetBox.hidden = !query;
  if (suggestions.budget !== null && document.activeElement !== budgetInput) budgetInput.value = String(suggestions.budget);

  list.replaceChildren(...suggestions.gifts.map(card));
  setStatus(suggestions.gifts.length ? '' : 'No gift fits these filters. Try a higher budget.');
  if (!suggestions.gifts.length) list.append(Object.assign(document.createElement('li'), { className: 'empty', textContent: 'No ideas to show.' }));
  setBusy(false);
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function card(gift: Gift, index: number): HTMLLIElement {
  const li = el('li', 'card');
  li.dataset.id = gift.id;
  const titleId = `t-${index}`;
  li.setAttribute('aria-labelledby', titleId);
  const head = el('div', 'head');
  const rank = el('span', 'rank', `${index + 1}.`);
  rank.setAttribute('aria-hidden', 'true');
  const title = el('h2', '', gift.title);
  title.id = titleId;
  const price = el('span', 'price', money(gift.price));
  head.append(rank, title, price);
  const foot = el('div', 'foot');
  const chip = el('span', 'chip', gift.category.replace(/-/g, ' '));
  chip.setAttribute('aria-label', `Category: ${gift.category}`);
  const actions = el('div', 'actions');
  actions.append(button('More like this', `More like ${gift.title}`, () => moreLike(gift), 'more'), button('Tell me more', `Tell me more about ${gift.title}`, () => tellMore(gift), 'tell'));
  foot.append(chip, actions);
  li.append(head, el('p', 'reason', gift.reason), foot);
  return li;
}

function button(label: string, accessibleName: string, onClick: () => void, action: string): HTMLButtonElement {
  const b = el('button', '', label);
  b.type = 'button';
  b.dataset.action = action;
  b.setAttribute('aria-label', accessibleName);
  b.addEventListener('click', onClick);
  b.disabled = busy;
  return b;
}

function setStatus(text: string, error = false): void {
  statusLine.textContent = text;
  statusLine.classList.toggle('error', error);
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
  setStatus(pendingText);
  const hadFocus = document.activeElement;
  try {
    const result = await request<ToolResult>('tools/call', { name: tool, arguments: args });
    if (showResult(result, true) && (!hadFocus || !hadFocus.isConnected || hadFocus === document.body)) heading.focus();
  } catch (error) {
    setStatus(`Could not update the ideas: ${(error as Error).message}`, true);
  } finally {
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
  const query = current?.query;
  const budget = Number(budgetInput.value);
  if (!query || !Number.isFinite(budget) || budget <= 0) {
    setStatus('Enter a budget in USD, e.g. 50.', true);
    budgetInput.focus();
    return;
  }
  void refine('change_budget', { ...queryArgs(query), budget }, `Finding ideas up to ${money(budget)}…`);
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

async function tellMore(gift: Gift): Promise<void> {
  const who = current?.query ? ` for my ${current.query.relationship}` : '';
  const text = `Tell me more about "${gift.title}" (gift id ${gift.id}) as a gift${who}.`;
  try {
    const result = await request<{ isError?: boolean }>('ui/message', { role: 'user', content: [{ type: 'text', text }] });
    setStatus(result?.isError ? 'The host did not accept the message.' : `Asked about ${gift.title}.`, Boolean(result?.isError));
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
    const height = Math.ceil(document.body.getBoundingClientRect().height);
    if (height !== lastHeight) {
      lastHeight = height;
      notify('ui/notifications/size-changed', { height });
    }
  });
}).observe(document.body);

// ChatGPT also exposes the result as globals; paint from them at once when present.
const openai = (window as unknown as { openai?: { toolOutput?: unknown; toolResponseMetadata?: Record<string, unknown>; theme?: string } }).openai;
if (openai?.toolOutput) {
  if (openai.theme === 'dark' || openai.theme === 'light') applyContext({ theme: openai.theme });
  showResult({ structuredContent: openai.toolOutput, _meta: openai.toolResponseMetadata }, false);
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
