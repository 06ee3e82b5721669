import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, findChromium } from '../../gift-genius/test/browser.js';
import type { Transcript } from '../src/types.js';
import { CLI, fixture, GIFT_GENIUS, giftGeniusEnv } from './helpers.js';

// The same Chromium the widget's browser tests drive: the machine's, else @sparticuz/chromium's (never downloaded).
const chromiumFound = await findChromium();
if (!chromiumFound.ok) console.warn(`skipping the HTML report browser tests: ${chromiumFound.reason}`);
const dir = mkdtempSync(join(tmpdir(), 'html-report-'));
/** Where `SCREENSHOT_DIR=packages/mcp-handshake/docs` puts the README's picture. */
const shots = process.env.SCREENSHOT_DIR ?? dir;

/** Open a report in headless Chromium with the network off: console errors, arrows drawn, a screenshot. */
async function open(browser: Browser, file: string, shot: string) {
  const context = await browser.newContext({ offline: true, viewport: { width: 1040, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  const requests: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('request', (r) => !r.url().startsWith('file:') && requests.push(r.url()));
  await page.goto(pathToFileURL(file).href);
  // Every connection's diagram, folded parts included: one arrow per message of the transcript.
  const arrows = await page.locator('svg.sequence g.msg').count();
  const box = await page.locator('svg.sequence').first().boundingBox();
  const findingsTop = (await page.locator('#findings').boundingBox())?.y;
  const hostsTop = (await page.locator('#hosts').count()) ? (await page.locator('#hosts').boundingBox())?.y : undefined;
  const exchangeTop = (await page.locator('#exchange').boundingBox())?.y;
  const diagramsShown = await page.locator('details.conn[open]').count();
  await page.screenshot({ path: join(shots, shot), clip: { x: 0, y: 0, width: 1040, height: 900 } });
  const text = await page.locator('body').textContent();
  await context.close();
  return { errors, requests, arrows, box, text, findingsTop, hostsTop, exchangeTop, diagramsShown };
}

describe.skipIf(!chromiumFound.ok)('the HTML report in a real browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: (chromiumFound as { executablePath: string }).executablePath,
      args: CHROMIUM_ARGS,
    });
  }, 60_000);
  afterAll(() => browser?.close());

  it('inspect --html: no console errors, no network, one arrow per message, the transcript inside', async () => {
    const gg = giftGeniusEnv();
    const html = join(dir, 'inspect.html');
    const wire = join(dir, 'inspect.json');
    const r = spawnSync(
      process.execPath,
      [
        CLI,
        'inspect',
        '--html',
        html,
        '--dump-wire',
        wire,
        '--',
        process.execPath,
        GIFT_GENIUS,
        'stdio',
        '--data',
        gg.dataDir,
      ],
      { env: { ...process.env, ...gg.env }, encoding: 'utf8' },
    );
    expect(r.status).toBe(0);
    const t = JSON.parse(readFileSync(wire, 'utf8')) as Transcript;
    const messages = t.events.filter((e) => e.kind === 'message').length;
    const seen = await open(browser, html, 'inspect-report.png');
    expect(seen.errors).toEqual([]);
    expect(seen.requests).toEqual([]);
    expect(seen.arrows).toBe(messages);
    expect(seen.box!.height).toBeGreaterThan(messages * 20);
    expect(seen.text).toContain('server/discover');
  }, 60_000);

  it('check --html on a tapped session with faults on both sides: the findings with their party, the diagram drawn', async () => {
    const out = join(dir, 'tapped.json');
    const lines = [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: {},
          clientInfo: { name: 'openai-mcp', version: '1.0.0' },
        },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      { jsonrpc: '2.0', id: 3, method: 'prompts/get', params: { name: 'greet', arguments: { who: 'Ada' } } },
    ];
    spawnSync(
      process.execPath,
      [CLI, 'tap', '--out', out, '--', process.execPath, fixture('passive-undeclared-list-changed.mjs')],
      { input: `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`, encoding: 'utf8' },
    );
    const html = join(dir, 'check.html');
    spawnSync(process.execPath, [CLI, 'check', '--html', html, out], { encoding: 'utf8' });
    const seen = await open(browser, html, 'check-report.png');
    expect(seen.errors).toEqual([]);
    expect(seen.requests).toEqual([]);
    expect(seen.arrows).toBeGreaterThanOrEqual(6);
    expect(seen.text).toContain("server's side");
    expect(seen.text).toContain("client's side");
    expect(seen.text).toContain('openai-mcp (ChatGPT)');
  }, 60_000);

  it('doctor --html: every finding, no console errors', async () => {
    const html = join(dir, 'doctor.html');
    spawnSync(
      process.execPath,
      [CLI, 'doctor', '--html', html, '--', process.execPath, fixture('broken-list-changed.mjs')],
      { encoding: 'utf8' },
    );
    const seen = await open(browser, html, 'doctor-report.png');
    expect(seen.errors).toEqual([]);
    expect(seen.arrows).toBeGreaterThan(30);
    expect(seen.text).toContain('list-changed');
    // The verdict and the findings come first (issue 21: 3,200–6,200 px of diagram came before them),
    // and one connection's diagram is open at a time.
    expect(seen.text).toMatch(/^\s*mcp-handshake doctor\s*(✖ \d+ check\(s\) failed|✔ no check failed; \d+ warned)/);
    // The host table is the verdict's first part (issue 22), the findings follow within the first screen.
    expect(seen.hostsTop!).toBeLessThan(300);
    expect(seen.findingsTop!).toBeGreaterThan(seen.hostsTop!);
    expect(seen.findingsTop!).toBeLessThan(900);
    expect(seen.findingsTop!).toBeLessThan(seen.exchangeTop!);
    expect(seen.text).toMatch(/Gemini CLI[\s\S]*sees/);
    expect(seen.diagramsShown).toBe(1);
  }, 60_000);
});
