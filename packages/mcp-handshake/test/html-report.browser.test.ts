import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transcript } from '../src/types.js';
import { CLI, fixture, GIFT_GENIUS, giftGeniusEnv } from './helpers.js';

const CHROMIUM = '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
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
  const arrows = await page.locator('#sequence g.msg').count();
  const box = await page.locator('#sequence').boundingBox();
  await page.screenshot({ path: join(shots, shot), clip: { x: 0, y: 0, width: 1040, height: 900 } });
  const text = await page.locator('body').textContent();
  await context.close();
  return { errors, requests, arrows, box, text };
}

describe.skipIf(!hasChromium)('the HTML report in a real browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
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
  }, 60_000);
});
