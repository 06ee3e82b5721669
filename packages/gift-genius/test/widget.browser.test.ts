import { copyFileSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { type Browser, chromium, type Frame } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { rankGifts } from '../dist/recommend/rank.js';
import { CHROMIUM_ARGS, findChromium } from './browser.js';
import { type RunningServer, startHttpCli, waitFor } from './harness.js';

/**
 * The widget in a real browser: a Chromium on the machine or from an npm package (test/browser.ts) opens a test
 * host page built on ext-apps' AppBridge and the MCP SDK's Client, which talks to a
 * running gift-genius over HTTP, renders the widget from its ui:// resource in a
 * sandboxed iframe under the resource's CSP, and relays the widget's bridge calls.
 */
const chromiumFound = await findChromium();
const hasChromium = chromiumFound.ok;
if (!chromiumFound.ok) console.warn(`[widget.browser] skipped: ${chromiumFound.reason}`);

const OUT = fileURLToPath(new URL('../test-output/', import.meta.url));
/** Screenshots of every state, shown in docs/widget.md. */
const DOCS = fileURLToPath(new URL('../docs/', import.meta.url));
const HOST_ENTRY = fileURLToPath(new URL('./widget/host.ts', import.meta.url));
const ARGS = { age: 25, relationship: 'sister', budget: 60, interests: ['coffee', 'reading'], occasion: 'birthday' };
const expected = rankGifts(loadBundledCatalog(), { ...ARGS, count: 5 });

interface HostState {
  ready: boolean;
  error?: string;
  modelTools: string[];
  appTools: string[];
  resourceUri?: string;
  calls: Array<{ name: string; arguments: Record<string, unknown> }>;
  rejected: string[];
  messages: Array<{ role: string; content: Array<{ type: string; text: string }> }>;
  sizes: number[];
  timings: Record<string, number>;
  held?: boolean;
}

/** ChatGPT's dark surfaces, as a host would send them in `styles.variables`. */
const CHAT_DARK = {
  '--color-background-primary': '#212121',
  '--color-background-secondary': '#303030',
  '--color-text-primary': '#ffffff',
  '--color-text-secondary': '#afafaf',
  '--color-border-primary': '#424242',
};
const HOST_DARK_BG = 'rgb(33, 33, 33)'; // the test host page's dark background, ChatGPT's #212121

interface HostOptions {
  theme?: 'light' | 'dark' | 'none';
  /** The browser's prefers-color-scheme (defaults to the theme, light for "none"). */
  scheme?: 'light' | 'dark';
  width?: number;
  args?: Record<string, unknown>;
  vars?: Record<string, string>;
  /** structuredContent fields over the server's (the `unmet` / `why` contract). */
  result?: Record<string, unknown>;
  hold?: boolean;
  /** What to wait for in the widget before returning. */
  until?: 'cards' | 'empty' | 'held';
}

let mcp: RunningServer;
let site: Server;
let siteUrl: string;
let browser: Browser;

describe.skipIf(!hasChromium)('gift-card widget in Chromium', () => {
  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    mcp = await startHttpCli();
    const bundle = await build({
      entryPoints: [HOST_ENTRY],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      logLevel: 'silent',
    });
    const script = bundle.outputFiles[0]!.text;
    const page = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Test host</title><style>
      body{margin:0;padding:16px;font:14px system-ui;background:#fff}body.dark{background:#212121}
      #slot{max-width:760px;margin:0 auto}iframe{display:block;width:100%;height:120px;border:0}
      </style></head><body><div id="slot"></div><script type="module" src="/host.js"></script></body></html>`;
    site = createServer((req, res) => {
      if (req.url === '/favicon.ico') res.writeHead(204).end();
      else if (req.url?.startsWith('/host.js')) res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
      else if (req.url === '/' || req.url?.startsWith('/?'))
        res.writeHead(200, { 'content-type': 'text/html' }).end(page);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    browser = await chromium.launch({
      executablePath: chromiumFound.ok ? chromiumFound.executablePath : undefined,
      args: CHROMIUM_ARGS,
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (site ? site.close(() => resolve()) : resolve()));
    await mcp?.stop();
  });

  /** Opens the host page; records every request the page and the widget make, and every console error. */
  async function openHost(options: HostOptions = {}) {
    const { theme = 'light', width = 900, args = ARGS, until = 'cards' } = options;
    const scheme = options.scheme ?? (theme === 'dark' ? 'dark' : 'light');
    // Tall enough that element screenshots never reach past the viewport.
    const viewport = { width, height: 1800 };
    const context = await browser.newContext({ viewport, colorScheme: scheme, deviceScaleFactor: 1 });
    const page = await context.newPage();
    const requests: string[] = [];
    const errors: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
    const query = new URLSearchParams({ mcp: mcp.url, theme, args: JSON.stringify(args) });
    if (options.vars) query.set('vars', JSON.stringify(options.vars));
    if (options.result) query.set('result', JSON.stringify(options.result));
    if (options.hold) query.set('hold', '1');
    await page.goto(`${siteUrl}/?${query}`);
    if (scheme === 'dark') await page.evaluate(() => document.body.classList.add('dark'));
    const state = () =>
      page.evaluate(() => JSON.parse(JSON.stringify((window as unknown as { __host: unknown }).__host)) as HostState);
    await waitFor(
      'host ready',
      async () => {
        const s = await state();
        if (s.error) throw new Error(`host failed: ${s.error}`);
        return (until === 'held' ? s.held : s.ready) || undefined;
      },
      15_000,
    );
    const widget = page.frameLocator('#widget');
    if (until === 'cards') await widget.locator('li.card:not(.skel)').first().waitFor();
    if (until === 'empty') await widget.locator('#empty:not([hidden])').waitFor();
    const frame = () => page.frames().find((f) => f !== page.mainFrame())!;
    /** Only the host page and the MCP endpoint were ever requested: the widget loads nothing. */
    const onlyOwnRequests = () => {
      const origins = new Set(requests.map((u) => new URL(u).origin));
      expect([...origins].sort()).toEqual([new URL(siteUrl).origin, new URL(mcp.url).origin].sort());
    };
    /** The iframe once its height settled (the widget reports its size; the host sets it). */
    const settledHeight = async () => {
      let last = -1;
      await waitFor('stable widget height', async () => {
        await page.waitForTimeout(150);
        const h = await page.locator('#widget').evaluate((f) => f.getBoundingClientRect().height);
        const stable = h === last;
        last = h;
        return stable || undefined;
      });
      return last;
    };
    const shot = async (name: string) => {
      await settledHeight();
      await page.locator('#widget').screenshot({ path: `${OUT}${name}`, animations: 'disabled' });
      copyFileSync(`${OUT}${name}`, `${DOCS}${name}`);
    };
    return { page, widget, frame, requests, errors, state, onlyOwnRequests, settledHeight, shot };
  }

  /** Rows of cards, each from the list's left edge to its right edge: no empty cell anywhere. */
  const gridRows = (frame: Frame) =>
    frame.evaluate(() => {
      const box = document.getElementById('cards')!.getBoundingClientRect();
      const rows = new Map<number, DOMRect[]>();
      for (const li of document.querySelectorAll('#cards > li')) {
        const r = li.getBoundingClientRect();
        rows.set(Math.round(r.top), [...(rows.get(Math.round(r.top)) ?? []), r]);
      }
      return [...rows.values()].map((cells) => ({
        cells: cells.length,
        fromLeft: Math.round(cells[0]!.left - box.left),
        toRight: Math.round(box.right - cells.at(-1)!.right),
        heights: [...new Set(cells.map((c) => Math.round(c.height)))],
      }));
    });
  async function expectNoHoles(frame: Frame, cards: number) {
    const rows = await gridRows(frame);
    expect(rows.reduce((n, r) => n + r.cells, 0)).toBe(cards);
    for (const row of rows) {
      expect(Math.abs(row.fromLeft)).toBeLessThanOrEqual(1);
      expect(Math.abs(row.toRight)).toBeLessThanOrEqual(1);
      expect(row.heights.length).toBe(1);
    }
    return rows;
  }

  /** Every card's picture is one of the sprite's symbols, drawn inside the document. */
  const pictures = (frame: Frame) =>
    frame.$$eval('li.card', (cards) =>
      cards.map((c) => {
        const href = c.querySelector('.art svg use')?.getAttribute('href') ?? '';
        const target = href.startsWith('#') ? document.getElementById(href.slice(1)) : null;
        const box = c.querySelector('.art svg')!.getBoundingClientRect();
        return { href, symbol: target?.tagName.toLowerCase(), drawn: box.width > 30 && box.height > 30 };
      }),
    );

  const cardIds = (frame: Frame) =>
    frame.$$eval('li.card', (cards) => cards.map((c) => (c as HTMLElement).dataset.id!));

  it('renders suggest_gifts as ranked cards, and More like this / Change budget / Tell me more act through the bridge', async () => {
    const { page, widget, frame, errors, state, onlyOwnRequests, shot } = await openHost();
    try {
      const s0 = await state();
      // The model sees only the model-visible tools; the widget's tools are app-only.
      expect(s0.modelTools).toEqual(['suggest_gifts', 'get_gift']);
      expect(s0.appTools).toEqual(expect.arrayContaining(['more_like_this', 'change_budget']));
      expect(s0.timings.result! - s0.timings.start!).toBeLessThan(5000);
      expect(s0.resourceUri).toMatch(/^ui:\/\/gift-genius\/suggestions-[0-9a-f]{12}\.html$/);
      console.log(
        `[widget.browser] first cards ${Math.round(s0.timings.result! - s0.timings.start!)} ms after host start (resource read → result: ${Math.round(s0.timings.result! - s0.timings.resource!)} ms)`,
      );

      // Cards: as ranked, with title, price, reason, category and a picture.
      const cards = widget.locator('li.card');
      await expect.poll(() => cards.count()).toBe(5);
      expect(await cardIds(frame())).toEqual(expected.gifts.map((g) => g.gift.id));
      const first = expected.gifts[0]!;
      const card0 = cards.nth(0);
      expect(await card0.locator('h2').textContent()).toBe(first.gift.title);
      expect(await card0.locator('.price').textContent()).toBe(
        `$${first.gift.price % 1 ? first.gift.price.toFixed(2) : first.gift.price}`,
      );
      expect(await card0.locator('.reason').textContent()).toBe(first.reason);
      expect(await card0.locator('.chip').textContent()).toBe(first.category.split('-').join(' & '));
      expect(await widget.locator('#heading').textContent()).toBe('Gift ideas for your sister');
      expect(await widget.locator('#sub').textContent()).toContain('Age 25 · birthday · up to $60');
      expect(s0.sizes.length).toBeGreaterThan(0); // the widget reports its height; the host sizes the iframe
      for (const pic of await pictures(frame())) expect(pic).toMatchObject({ symbol: 'symbol', drawn: true });
      // Five cards in three columns: a row of three, then two that share the row.
      expect((await expectNoHoles(frame(), 5)).map((r) => r.cells)).toEqual([3, 2]);
      // The header is one compact row above the cards.
      const header = await frame().evaluate(() => document.querySelector('header')!.getBoundingClientRect().height);
      expect(header).toBeLessThanOrEqual(40);
      await shot('widget.png');

      // More like this, operated from the keyboard: focus the button, press Enter.
      const before = await cardIds(frame());
      await card0.getByRole('button', { name: `More like ${first.gift.title}` }).focus();
      await page.keyboard.press('Enter');
      await waitFor('more_like_this through the bridge', async () =>
        (await state()).calls.find((c) => c.name === 'more_like_this'),
      );
      await expect
        .poll(async () => (await widget.locator('#heading').textContent()) ?? '')
        .toBe(`More like ${first.gift.title}`);
      const after = await cardIds(frame());
      expect(after.length).toBeGreaterThan(0);
      for (const id of after) expect(before).not.toContain(id);
      const call = (await state()).calls.find((c) => c.name === 'more_like_this')!;
      expect(call.arguments).toMatchObject({
        id: first.gift.id,
        age: 25,
        relationship: 'sister',
        budget: 60,
        shown: before,
      });
      // Focus is not lost: the new heading takes it.
      expect(await frame().evaluate(() => document.activeElement?.id)).toBe('heading');
      expect(await widget.locator('#sub').textContent()).toContain('For your sister · age 25');

      // Back restores the previous cards.
      await widget.locator('#back').click();
      await expect.poll(() => cardIds(frame())).toEqual(before);

      // Change budget.
      await widget.locator('#budget').fill('20');
      await widget.getByRole('button', { name: 'Update budget' }).click();
      await waitFor('change_budget through the bridge', async () =>
        (await state()).calls.find((c) => c.name === 'change_budget'),
      );
      // While the call runs the subtitle reads "Finding ideas up to $20…" over the old cards: wait for the
      // list to stop being busy and the subtitle to be the result's, or the old prices are read.
      await expect.poll(async () => await widget.locator('#cards').getAttribute('aria-busy')).toBe('false');
      await expect
        .poll(async () => (await widget.locator('#sub').textContent()) ?? '')
        .toMatch(/^(?!Finding).*up to \$20/);
      const prices = await widget.locator('.price').allTextContents();
      expect(prices.length).toBeGreaterThan(0);
      for (const p of prices) expect(Number(p.replace(/[^0-9.]/g, ''))).toBeLessThanOrEqual(20);

      // Tell me more: a follow-up message through the bridge.
      const firstTitle = (await widget.locator('li.card h2').first().textContent())!;
      await widget
        .locator('li.card')
        .first()
        .getByRole('button', { name: `Tell me more about ${firstTitle}` })
        .click();
      await waitFor('ui/message', async () => (await state()).messages[0]);
      const message = (await state()).messages[0]!;
      expect(message.role).toBe('user');
      expect(message.content[0]!.text).toContain(firstTitle);
      expect(message.content[0]!.text).toContain('sister');

      const s1 = await state();
      expect(s1.rejected).toEqual([]);
      expect(s1.calls.map((c) => c.name)).toEqual(['more_like_this', 'change_budget']);
      onlyOwnRequests();
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('shows why each gift is a good one and what could not be met, when the result says so', async () => {
    const gifts = expected.gifts.map((g, i) => ({
      id: g.gift.id,
      title: g.gift.title,
      price: g.gift.price,
      category: g.category,
      reason: g.reason,
      ...(i % 2 === 0 && { why: `Something they will use long after the birthday: ${g.gift.title.toLowerCase()}.` }),
    }));
    const message = 'Few gifts match “reading” under $60, so some picks are broader.';
    const unmet = [{ kind: 'interest', message }];
    const { page, widget, errors, shot } = await openHost({ result: { gifts, unmet } });
    try {
      expect(await widget.locator('li.card').nth(0).locator('.why').textContent()).toBe(gifts[0]!.why);
      expect(await widget.locator('li.card').nth(1).locator('.why').count()).toBe(0);
      expect(await widget.locator('#status').textContent()).toBe(unmet[0]!.message);
      expect(await widget.locator('#empty').isHidden()).toBe(true);
      await shot('widget-why.png');
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('shows each reason whole, however long: no reason is cut off mid-sentence (issue 25)', async () => {
    const long =
      'Since your sister is into “coffee” and “reading”, this birthday gift brews her a rich cup in about a minute, ' +
      'at home, at work or at a campsite, and it is nearly unbreakable and easy to clean, which matters on trips. ' +
      'At $40 it uses most of your $60 budget.';
    const gifts = expected.gifts.map((g, i) => ({
      id: g.gift.id,
      title: g.gift.title,
      price: g.gift.price,
      category: g.category,
      reason: i === 0 ? `${long} ${long}` : g.reason,
      ...(i % 2 === 1 && { why: 'A small thing used every day, for years.' }),
    }));
    const { page, widget, frame, errors } = await openHost({ result: { gifts, unmet: [] } });
    try {
      expect(await widget.locator('li.card').nth(0).locator('.reason').textContent()).toBe(gifts[0]!.reason);
      const clipped = await frame().evaluate(() =>
        [...document.querySelectorAll('li.card')].flatMap((card) => {
          const box = card.getBoundingClientRect();
          return [...card.querySelectorAll('.reason, .why')]
            .map((p) => ({ p: p as HTMLElement, r: p.getBoundingClientRect() }))
            .filter(({ p, r }) => p.scrollHeight > p.clientHeight + 1 || r.bottom > box.bottom + 0.5)
            .map(({ p }) => p.textContent);
        }),
      );
      expect(clipped).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('without a budget: the header says so, the budget field is empty, the picks span prices', async () => {
    const { budget: _b, ...noBudget } = ARGS;
    const { page, widget, frame, errors, onlyOwnRequests, shot } = await openHost({ args: noBudget });
    try {
      expect(await widget.locator('#sub').textContent()).toContain('any budget · across price ranges');
      expect(await widget.locator('#budget').inputValue()).toBe('');
      await expectNoHoles(frame(), await widget.locator('li.card').count());
      await shot('widget-no-budget.png');
      onlyOwnRequests();
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it.each([
    [4, [2, 2]],
    [7, [3, 3, 1]],
  ])('%i cards: rows without holes (%j)', async (count, cells) => {
    const { page, frame, widget, errors } = await openHost({ args: { ...ARGS, count } });
    try {
      await expect.poll(() => widget.locator('li.card').count()).toBe(count);
      expect((await expectNoHoles(frame(), count)).map((r) => r.cells)).toEqual(cells);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('empty because of the budget (no `unmet`: the inputs tell): one message, a way to a higher budget', async () => {
    const { page, widget, state, errors, shot } = await openHost({ args: { ...ARGS, budget: 5 }, until: 'empty' });
    try {
      const empty = widget.locator('#empty');
      expect(await empty.getAttribute('data-cause')).toBe('budget');
      expect(await empty.locator('h2').textContent()).toBe('Nothing under $5');
      expect(await widget.locator('#status').textContent()).toBe('');
      expect(await widget.locator('li').count()).toBe(0);
      await shot('widget-empty-budget.png');
      await empty.getByRole('button', { name: 'Try up to $10' }).click();
      const called = async () => (await state()).calls.find((c) => c.name === 'change_budget');
      await waitFor('change_budget from the empty state', called);
      expect((await state()).calls[0]!.arguments).toMatchObject({ budget: 10, relationship: 'sister' });
      await widget.locator('li.card').first().waitFor();
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('empty because of an exclusion, told only by the inputs: says so, never suggests a higher budget', async () => {
    const { budget: _b, ...noBudget } = ARGS;
    const args = { ...noBudget, exclude: ['coffee', 'books'] };
    // `unmet: []` stands for a server that does not send it (the real one now does): the inputs tell the cause.
    const result = { gifts: [], matched: 0, unmet: [] };
    const { page, widget, state, errors } = await openHost({ args, result, until: 'empty' });
    try {
      const empty = widget.locator('#empty');
      expect(await empty.getAttribute('data-cause')).toBe('exclusion');
      expect(await empty.textContent()).toContain('“coffee”, “books”');
      expect(await empty.textContent()).not.toMatch(/budget/i);
      expect(await widget.locator('#status').textContent()).toBe('');
      await empty.getByRole('button', { name: 'Ask in the chat' }).click();
      await waitFor('ui/message', async () => (await state()).messages[0]);
      const asked = (await state()).messages[0]!.content[0]!.text;
      expect(asked).toBe('Nothing fit after leaving out coffee, books. What else could I give my sister?');
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  const CAUSES = [
    ['exclusion', 'Everything under $60 that fits contains nuts or alcohol.', 'Your exclusions rule out every idea'],
    ['age', 'The catalog has no gifts for a 25-year-old sister.', 'No ideas for age 25 yet'],
    ['interest', 'Nothing in the catalog matches “falconry”.', 'Nothing matches these interests'],
    ['occasion', 'No gift in the catalog suits a birthday.', 'Nothing for this occasion'],
    ['catalog', 'The catalog has no gifts that fit all of this.', 'Nothing in the catalog fits'],
  ] as const;
  it.each(CAUSES)('empty because of %s (from `unmet`): own picture, title, message', async (kind, message, title) => {
    const result = {
      gifts: [],
      matched: 0,
      unmet: [
        { kind, message },
        { kind: 'budget', message: 'not shown' },
      ],
    };
    const { page, widget, errors, onlyOwnRequests, shot } = await openHost({ result, until: 'empty' });
    try {
      const empty = widget.locator('#empty');
      expect(await empty.getAttribute('data-cause')).toBe(kind);
      expect(await empty.locator('h2').textContent()).toBe(title);
      expect(await empty.locator('.said').textContent()).toBe(message);
      expect(await empty.locator('use').getAttribute('href')).toBe(`#e-${kind}`);
      expect(await widget.locator('#status').textContent()).toBe('');
      if (kind !== 'catalog') expect(await empty.textContent()).not.toMatch(/higher budget/i);
      await shot(`widget-empty-${kind}.png`);
      onlyOwnRequests();
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('loading: placeholder cards of the final size, so the widget does not jump when the result comes', async () => {
    const { page, widget, frame, state, errors, settledHeight, shot } = await openHost({ hold: true, until: 'held' });
    try {
      await widget.locator('li.card.skel').nth(4).waitFor();
      expect(await widget.locator('#status').textContent()).toBe('Finding gift ideas for your sister…');
      expect(await widget.locator('#sub').textContent()).toBe('Finding ideas… · Age 25 · birthday · up to $60');
      await expectNoHoles(frame(), 5);
      const loading = await settledHeight();
      await shot('widget-loading.png');
      await page.evaluate(() => (window as unknown as { __host: { release(): void } }).__host.release());
      await widget.locator('li.card:not(.skel)').nth(4).waitFor();
      await waitFor('host ready', async () => (await state()).ready || undefined);
      const final = await settledHeight();
      console.log(`[widget.browser] loading ${loading} px → result ${final} px`);
      expect(final).toBeGreaterThan(400);
      expect(Math.abs(final - loading)).toBeLessThanOrEqual(3);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('dark: takes the host style variables when sent', async () => {
    const { page, frame, errors, shot } = await openHost({ theme: 'dark', vars: CHAT_DARK });
    try {
      const look = await frame().evaluate(() => ({
        theme: document.documentElement.dataset.theme,
        bg: getComputedStyle(document.body).backgroundColor,
        card: getComputedStyle(document.querySelector('li.card')!).backgroundColor,
        fg: getComputedStyle(document.querySelector('li.card h2')!).color,
      }));
      expect(look).toEqual({ theme: 'dark', bg: 'rgb(33, 33, 33)', card: 'rgb(48, 48, 48)', fg: 'rgb(255, 255, 255)' });
      await shot('widget-dark.png');
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it("dark without host variables or theme: prefers-color-scheme, on the host page's own background", async () => {
    const { page, frame, errors } = await openHost({ theme: 'none', scheme: 'dark' });
    try {
      const host = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(host).toBe(HOST_DARK_BG);
      const look = await frame().evaluate(() => ({
        theme: document.documentElement.dataset.theme,
        bg: getComputedStyle(document.body).backgroundColor,
      }));
      expect(look).toEqual({ theme: undefined, bg: HOST_DARK_BG });
      await page.locator('#widget').screenshot({ path: `${OUT}widget-dark-system.png` });
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('follows the host theme (dark, and live theme changes)', async () => {
    const { page, frame } = await openHost({ theme: 'dark' });
    try {
      const colors = () =>
        frame().evaluate(() => ({
          theme: document.documentElement.dataset.theme,
          bg: getComputedStyle(document.body).backgroundColor,
        }));
      const dark = await colors();
      expect(dark.theme).toBe('dark');
      expect(dark.bg).toBe(HOST_DARK_BG);
      await page.evaluate(() =>
        (window as unknown as { __host: { setTheme(t: string): void } }).__host.setTheme('light'),
      );
      await expect.poll(async () => (await colors()).theme).toBe('light');
      expect((await colors()).bg).not.toBe(dark.bg);
    } finally {
      await page.context().close();
    }
  });

  it.each([320, 360])('stays usable at a narrow width (%i px): one column, nothing overflows', async (width) => {
    const { page, frame, errors, shot } = await openHost({ width });
    try {
      const layout = await frame().evaluate(() => {
        const cards = [...document.querySelectorAll('li.card')].map((c) => c.getBoundingClientRect());
        const right = document.documentElement.clientWidth;
        const inside = (sel: string) =>
          [...document.querySelectorAll(sel)].every((b) => b.getBoundingClientRect().right <= right);
        return {
          scrollWidth: document.documentElement.scrollWidth,
          clientWidth: document.documentElement.clientWidth,
          lefts: new Set(cards.map((r) => Math.round(r.left))).size,
          buttons: inside('li.card button') && inside('header button, header input'),
        };
      });
      expect(layout.scrollWidth).toBeLessThanOrEqual(layout.clientWidth);
      expect(layout.lefts).toBe(1);
      expect(layout.buttons).toBe(true);
      await expectNoHoles(frame(), 5);
      if (width === 360) await shot('widget-360.png');
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});
