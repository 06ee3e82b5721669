import { copyFileSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import { chromium, type Browser, type Frame, type FrameLocator, type Page } from 'playwright-core';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { rankGifts } from '../dist/recommend/rank.js';
import { CHROMIUM_ARGS, findChromium } from './browser.js';
import { startHttpCli, waitFor, type RunningServer } from './harness.js';

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
const DOCS_SHOT = fileURLToPath(new URL('../docs/widget.png', import.meta.url));
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
}

let mcp: RunningServer;
let site: Server;
let siteUrl: string;
let browser: Browser;

describe.skipIf(!hasChromium)('gift-card widget in Chromium', () => {
  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    mcp = await startHttpCli();
    const bundle = await build({ entryPoints: [HOST_ENTRY], bundle: true, format: 'esm', platform: 'browser', write: false, logLevel: 'silent' });
    const script = bundle.outputFiles[0]!.text;
    const page = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Test host</title><style>
      body{margin:0;padding:16px;font:14px system-ui;background:#f4f4f5}body.dark{background:#111113}
      #slot{max-width:760px;margin:0 auto}iframe{display:block;width:100%;height:120px;border:0;border-radius:12px}
      </style></head><body><div id="slot"></div><script type="module" src="/host.js"></script></body></html>`;
    site = createServer((req, res) => {
      if (req.url?.startsWith('/host.js')) res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
      else if (req.url === '/' || req.url?.startsWith('/?')) res.writeHead(200, { 'content-type': 'text/html' }).end(page);
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

  /** Opens the host page; records every request the page and the widget make. */
  async function openHost(theme: 'light' | 'dark', width: number): Promise<{ page: Page; widget: FrameLocator; frame: () => Frame; requests: string[]; state: () => Promise<HostState> }> {
    // Tall enough that element screenshots never reach past the viewport.
    const context = await browser.newContext({ viewport: { width, height: 1800 }, colorScheme: theme, deviceScaleFactor: 1 });
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    page.on('pageerror', (e) => console.error('[host page error]', e.message));
    const query = new URLSearchParams({ mcp: mcp.url, theme, args: JSON.stringify(ARGS) });
    await page.goto(`${siteUrl}/?${query}`);
    if (theme === 'dark') await page.evaluate(() => document.body.classList.add('dark'));
    const state = () => page.evaluate(() => JSON.parse(JSON.stringify((window as unknown as { __host: unknown }).__host)) as HostState);
    await waitFor('host ready', async () => {
      const s = await state();
      if (s.error) throw new Error(`host failed: ${s.error}`);
      return s.ready || undefined;
    }, 15_000);
    const widget = page.frameLocator('#widget');
    await widget.locator('li.card').first().waitFor();
    const frame = () => page.frames().find((f) => f !== page.mainFrame())!;
    return { page, widget, frame, requests, state };
  }

  const cardIds = (frame: Frame) => frame.$$eval('li.card', (cards) => cards.map((c) => (c as HTMLElement).dataset.id!));

  it('renders suggest_gifts as ranked cards, and More like this / Change budget / Tell me more act through the bridge', async () => {
    const { page, widget, frame, requests, state } = await openHost('light', 900);
    try {
      const s0 = await state();
      // The model sees only the model-visible tools; the widget's tools are app-only.
      expect(s0.modelTools).toEqual(['suggest_gifts', 'get_gift']);
      expect(s0.appTools).toEqual(expect.arrayContaining(['more_like_this', 'change_budget']));
      expect(s0.timings.result! - s0.timings.start!).toBeLessThan(5000);
      expect(s0.resourceUri).toMatch(/^ui:\/\/gift-genius\/suggestions-[0-9a-f]{12}\.html$/);
      console.log(`[widget.browser] first cards ${Math.round(s0.timings.result! - s0.timings.start!)} ms after host start (resource read → result: ${Math.round(s0.timings.result! - s0.timings.resource!)} ms)`);

      // Cards: as ranked, with title, price, reason and category.
      const cards = widget.locator('li.card');
      await expect.poll(() => cards.count()).toBe(5);
      expect(await cardIds(frame())).toEqual(expected.gifts.map((g) => g.gift.id));
      const first = expected.gifts[0]!;
      const card0 = cards.nth(0);
      expect(await card0.locator('h2').textContent()).toBe(first.gift.title);
      expect(await card0.locator('.price').textContent()).toBe(`$${first.gift.price % 1 ? first.gift.price.toFixed(2) : first.gift.price}`);
      expect(await card0.locator('.reason').textContent()).toBe(first.reason);
      expect(await card0.locator('.chip').textContent()).toBe(first.category.replace(/-/g, ' '));
      expect(await widget.locator('#sub').textContent()).toContain('For your sister (25) · up to $60');
      expect(s0.sizes.length).toBeGreaterThan(0); // the widget reports its height; the host sizes the iframe

      await page.locator('#widget').screenshot({ path: `${OUT}widget-light.png` });
      copyFileSync(`${OUT}widget-light.png`, DOCS_SHOT);

      // More like this, operated from the keyboard: focus the button, press Enter.
      const before = await cardIds(frame());
      await card0.getByRole('button', { name: `More like ${first.gift.title}` }).focus();
      await page.keyboard.press('Enter');
      await waitFor('more_like_this through the bridge', async () => (await state()).calls.find((c) => c.name === 'more_like_this'));
      await expect.poll(async () => (await widget.locator('#heading').textContent()) ?? '').toBe(`More like ${first.gift.title}`);
      const after = await cardIds(frame());
      expect(after.length).toBeGreaterThan(0);
      for (const id of after) expect(before).not.toContain(id);
      const call = (await state()).calls.find((c) => c.name === 'more_like_this')!;
      expect(call.arguments).toMatchObject({ id: first.gift.id, age: 25, relationship: 'sister', budget: 60, shown: before });
      // Focus is not lost: the new heading takes it.
      expect(await frame().evaluate(() => document.activeElement?.id)).toBe('heading');

      // Back restores the previous cards.
      await widget.locator('#back').click();
      await expect.poll(() => cardIds(frame())).toEqual(before);

      // Change budget.
      await widget.locator('#budget').fill('20');
      await widget.getByRole('button', { name: 'Change budget' }).click();
      await waitFor('change_budget through the bridge', async () => (await state()).calls.find((c) => c.name === 'change_budget'));
      await expect.poll(async () => (await widget.locator('#sub').textContent()) ?? '').toContain('up to $20');
      const prices = await widget.locator('.price').allTextContents();
      expect(prices.length).toBeGreaterThan(0);
      for (const p of prices) expect(Number(p.replace(/[^0-9.]/g, ''))).toBeLessThanOrEqual(20);

      // Tell me more: a follow-up message through the bridge.
      const firstTitle = (await widget.locator('li.card h2').first().textContent())!;
      await widget.locator('li.card').first().getByRole('button', { name: `Tell me more about ${firstTitle}` }).click();
      await waitFor('ui/message', async () => (await state()).messages[0]);
      const message = (await state()).messages[0]!;
      expect(message.role).toBe('user');
      expect(message.content[0]!.text).toContain(firstTitle);
      expect(message.content[0]!.text).toContain('sister');

      const s1 = await state();
      expect(s1.rejected).toEqual([]);
      expect(s1.calls.map((c) => c.name)).toEqual(['more_like_this', 'change_budget']);
      // Nothing but the host page and the MCP endpoint was ever requested: the widget loads nothing.
      const origins = new Set(requests.map((u) => new URL(u).origin));
      expect([...origins].sort()).toEqual([new URL(siteUrl).origin, new URL(mcp.url).origin].sort());
      expect(requests.filter((u) => new URL(u).origin === new URL(mcp.url).origin).every((u) => u.startsWith(mcp.url))).toBe(true);
    } finally {
      await page.context().close();
    }
  });

  it('follows the host theme (dark, and live theme changes)', async () => {
    const { page, frame } = await openHost('dark', 900);
    try {
      const colors = () => frame().evaluate(() => ({ theme: document.documentElement.dataset.theme, bg: getComputedStyle(document.body).backgroundColor }));
      const dark = await colors();
      expect(dark.theme).toBe('dark');
      await page.locator('#widget').screenshot({ path: `${OUT}widget-dark.png` });
      await page.evaluate(() => (window as unknown as { __host: { setTheme(t: string): void } }).__host.setTheme('light'));
      await expect.poll(async () => (await colors()).theme).toBe('light');
      expect((await colors()).bg).not.toBe(dark.bg);
    } finally {
      await page.context().close();
    }
  });

  it('stays usable at a narrow width (320 px): one column, nothing overflows', async () => {
    const { page, frame } = await openHost('light', 320);
    try {
      const layout = await frame().evaluate(() => {
        const cards = [...document.querySelectorAll('li.card')].map((c) => c.getBoundingClientRect());
        return {
          scrollWidth: document.documentElement.scrollWidth,
          clientWidth: document.documentElement.clientWidth,
          lefts: new Set(cards.map((r) => Math.round(r.left))).size,
          buttons: [...document.querySelectorAll('li.card button')].every((b) => b.getBoundingClientRect().right <= document.documentElement.clientWidth),
        };
      });
      expect(layout.scrollWidth).toBeLessThanOrEqual(layout.clientWidth);
      expect(layout.lefts).toBe(1);
      expect(layout.buttons).toBe(true);
      await page.locator('#widget').screenshot({ path: `${OUT}widget-narrow.png` });
    } finally {
      await page.context().close();
    }
  });
});
