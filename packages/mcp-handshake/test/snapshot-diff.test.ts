import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { diffSnapshots } from '../src/snapshot/diff.js';
import type { Msg, Snapshot } from '../src/snapshot/snapshot.js';
import { takeSnapshot } from '../src/snapshot/take.js';
import { CLI, GIFT_GENIUS, giftGeniusEnv } from './helpers.js';

const gg = giftGeniusEnv();
const target = {
  kind: 'stdio' as const,
  command: process.execPath,
  args: [GIFT_GENIUS, 'stdio', '--data', gg.dataDir],
  env: gg.env,
};
let base: Snapshot;
const copy = (): Snapshot => structuredClone(base);
const tool = (s: Snapshot, name: string) =>
  s.tools.find((t) => t.name === name)! as Msg & { inputSchema: Msg; outputSchema: Msg; _meta: Msg };
const props = (schema: Msg) => schema.properties as Record<string, Msg>;
const codes = (a: Snapshot, b: Snapshot) =>
  diffSnapshots(a, b)
    .map((c) => `${c.class} ${c.code} ${c.subject}${c.path ? ` ${c.path}` : ''}`)
    .sort();

beforeAll(async () => {
  base = await takeSnapshot(target, { era: 'auto', timeoutMs: 10_000 });
}, 30_000);

describe('snapshot of gift-genius', () => {
  it('holds the tools with schemas, the widget with its CSP, templates and prompts', () => {
    expect(base.format).toBe('mcp-handshake/snapshot@1');
    expect(base.tools.map((t) => t.name)).toEqual(['change_budget', 'get_gift', 'more_like_this', 'suggest_gifts']);
    expect(tool(base, 'suggest_gifts').outputSchema).toBeDefined();
    expect(base.widgets).toHaveLength(1);
    expect(base.widgets[0]!.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect((base.widgets[0]!._meta as Msg)['openai/widgetCSP']).toBeDefined();
    expect(base.resourceTemplates.map((t) => t.uriTemplate)).toContain('gift://catalog/{id}');
    expect(base.prompts.map((p) => p.name)).toContain('greeting_card');
  });

  it('the same server twice: no change', () => {
    expect(diffSnapshots(base, copy())).toEqual([]);
  });
});

describe('diff classifies every change', () => {
  it('breaking: removed tool, removed argument, new required argument, narrowed type and enum, removed output field', () => {
    const next = copy();
    next.tools = next.tools.filter((t) => t.name !== 'change_budget');
    const suggest = tool(next, 'suggest_gifts');
    const input = suggest.inputSchema;
    const names = Object.keys(props(input));
    const optional = names.find((n) => !(input.required as string[]).includes(n))!;
    delete props(input)[optional];
    props(input).recipientName = { type: 'string' };
    (input.required as string[]).push('recipientName');
    props(input).relationship = { ...props(input).relationship, enum: ['friend', 'sister'] };
    props(input).age = { ...props(input).age, type: 'string' };
    delete props(suggest.outputSchema).acrossPriceRanges;
    suggest.outputSchema.required = (suggest.outputSchema.required as string[]).filter(
      (r) => r !== 'acrossPriceRanges',
    );
    expect(codes(base, next)).toEqual(
      [
        `breaking argument-removed tool suggest_gifts /${optional}`,
        'breaking required-argument-added tool suggest_gifts /recipientName',
        'breaking input-enum-narrowed tool suggest_gifts /relationship',
        'breaking input-type-narrowed tool suggest_gifts /age',
        'additive input-type-widened tool suggest_gifts /age',
        'breaking output-field-removed tool suggest_gifts /acrossPriceRanges',
        'breaking tool-removed tool change_budget',
      ].sort(),
    );
  });

  it('breaking: an argument becomes required, a tighter range, a riskier annotation, a changed widget CSP and domain', () => {
    const next = copy();
    const getGift = tool(next, 'suggest_gifts');
    const input = getGift.inputSchema;
    const optional = Object.keys(props(input)).find((n) => !(input.required as string[]).includes(n))!;
    (input.required as string[]).push(optional);
    props(input).age = { ...props(input).age, maximum: 99 };
    getGift.annotations = { ...(getGift.annotations as Msg), readOnlyHint: false };
    const widget = next.widgets[0]!;
    widget._meta = {
      ...widget._meta,
      'openai/widgetCSP': { connect_domains: ['https://api.example.com'], resource_domains: [] },
      'openai/widgetDomain': 'https://gifts.example.com',
    };
    const found = codes(base, next);
    expect(found).toContain(`breaking argument-now-required tool suggest_gifts /${optional}`);
    expect(found).toContain('breaking input-range-narrowed tool suggest_gifts /age');
    expect(found).toContain(`breaking widget-csp-changed widget ${widget.uri}`);
    expect(found).toContain(`breaking widget-domain-changed widget ${widget.uri}`);
    expect((tool(base, 'suggest_gifts').annotations as Msg).readOnlyHint).toBe(true);
    expect(found).toContain('breaking annotation-riskier tool suggest_gifts /annotations/readOnlyHint');
    expect(found).toHaveLength(5);
  });

  it('additive: new tool, new optional argument, widened enum and range, new output field, a rebuilt widget under a new URI', () => {
    const next = copy();
    next.tools.push({ name: 'wrap_gift', description: 'Wrap it', inputSchema: { type: 'object', properties: {} } });
    const suggest = tool(next, 'suggest_gifts');
    props(suggest.inputSchema).note = { type: 'string' };
    props(suggest.inputSchema).age = { ...props(suggest.inputSchema).age, maximum: 150 };
    props(suggest.outputSchema).currency = { type: 'string' };
    suggest.description = 'Suggests gifts, now better.';
    // A build renames the widget (content hash in the URI): same policy, new template.
    const old = next.widgets[0]!;
    const renamed = old.uri.replace(/-[0-9a-f]+\.html$/, '-0123456789ab.html');
    for (const t of next.tools) {
      const meta = t._meta as Msg | undefined;
      if (!meta) continue;
      if ((meta.ui as Msg | undefined)?.resourceUri === old.uri) (meta.ui as Msg).resourceUri = renamed;
      for (const k of ['ui/resourceUri', 'openai/outputTemplate']) if (meta[k] === old.uri) meta[k] = renamed;
    }
    next.widgets = [{ ...old, uri: renamed, sha256: '0'.repeat(64) }];
    next.resources = next.resources.map((r) => (r.uri === old.uri ? { ...r, uri: renamed } : r));
    const changes = diffSnapshots(base, next);
    expect(changes.filter((c) => c.class === 'breaking')).toEqual([]);
    const found = changes.map((c) => c.code);
    for (const code of [
      'tool-added',
      'argument-added',
      'input-range-widened',
      'output-field-added',
      'tool-description-changed',
      'widget-template-renamed',
      'widget-template-changed',
    ])
      expect(found).toContain(code);
  });

  it('prompts and resources: removed ones and new required prompt arguments break, new ones are additive', () => {
    const next = copy();
    const card = next.prompts.find((p) => p.name === 'greeting_card')!;
    (card.arguments as Msg[]).push({ name: 'style', required: true });
    (card.arguments as Msg[]).find((a) => a.name === 'tone')!.required = true;
    next.prompts = next.prompts.filter((p) => p.name !== 'gift_description');
    next.prompts.push({ name: 'thank_you_note', arguments: [] });
    next.resourceTemplates = [];
    const found = codes(base, next);
    expect(found).toContain('breaking prompt-required-argument-added prompt greeting_card');
    expect(found).toContain('breaking prompt-argument-now-required prompt greeting_card');
    expect(found).toHaveLength(5);
    expect(found).toContain('breaking prompt-removed prompt gift_description');
    expect(found).toContain('additive prompt-added prompt thank_you_note');
    expect(found).toContain('breaking template-removed resource template gift://catalog/{id}');
  });
});

describe('the CLI: snapshot, then diff against a file and a live server', () => {
  it('exit 0 without a breaking change, exit 1 with one; names the hosts it matters to', () => {
    const dir = mkdtempSync(join(tmpdir(), 'snapshot-cli-'));
    const lock = join(dir, 'mcp.lock.json');
    const env = { ...process.env, ...gg.env };
    const snap = spawnSync(
      process.execPath,
      [CLI, 'snapshot', '-o', lock, '--', ...[process.execPath, GIFT_GENIUS, 'stdio', '--data', gg.dataDir]],
      { env, encoding: 'utf8' },
    );
    expect(snap.status).toBe(0);
    const live = spawnSync(
      process.execPath,
      [CLI, 'diff', lock, '--', process.execPath, GIFT_GENIUS, 'stdio', '--data', gg.dataDir],
      { env, encoding: 'utf8' },
    );
    expect(live.stdout.trim()).toBe('No changes.');
    expect(live.status).toBe(0);
    const broken = copy();
    broken.tools = broken.tools.filter((t) => t.name !== 'get_gift');
    const brokenFile = join(dir, 'broken.json');
    writeFileSync(brokenFile, JSON.stringify(broken));
    const diff = spawnSync(process.execPath, [CLI, 'diff', lock, brokenFile], { encoding: 'utf8' });
    expect(diff.status).toBe(1);
    expect(diff.stdout).toContain('BREAKING  tool get_gift: tool removed  [tool-removed]');
    expect(diff.stdout).toMatch(/ChatGPT: keeps the tool list it fetched/);
    const bad = spawnSync(process.execPath, [CLI, 'diff', lock, join(dir, 'missing.json')], { encoding: 'utf8' });
    expect(bad.status).toBe(64);
  }, 60_000);
});
