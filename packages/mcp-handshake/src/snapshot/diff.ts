/**
 * Every difference between two snapshots, each classified breaking or additive for a
 * host that froze the old lists. Pure: snapshots in, changes out.
 */
import { type Change, change } from './change.js';
import { diffSchema } from './schema-diff.js';
import { type Msg, type Snapshot, templateOf, type WidgetSnapshot } from './snapshot.js';

const obj = (v: unknown): Msg => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Msg) : {});
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function keyed(items: Msg[], key: string): Map<string, Msg> {
  return new Map(items.filter((i) => typeof i[key] === 'string').map((i) => [i[key] as string, i]));
}

/** Annotation hints whose change makes a tool riskier than a host was told (it may skip a confirmation). */
const RISKIER: Array<[string, boolean]> = [
  ['readOnlyHint', false],
  ['destructiveHint', true],
  ['openWorldHint', true],
];

function diffTool(a: Msg, b: Msg): Change[] {
  const subject = `tool ${String(a.name)}`;
  const out: Change[] = [];
  if (a.description !== b.description)
    out.push(
      change('additive', 'tool-description-changed', subject, 'description changed', {
        before: a.description,
        after: b.description,
      }),
    );
  if (a.title !== b.title)
    out.push(change('additive', 'tool-title-changed', subject, 'title changed', { before: a.title, after: b.title }));
  out.push(...diffSchema(a.inputSchema, b.inputSchema, subject, 'input'));
  if (a.outputSchema !== undefined && b.outputSchema === undefined)
    out.push(
      change(
        'breaking',
        'output-schema-removed',
        subject,
        'outputSchema removed: structured results are no longer promised',
      ),
    );
  else if (a.outputSchema === undefined && b.outputSchema !== undefined)
    out.push(change('additive', 'output-schema-added', subject, 'outputSchema added'));
  else if (a.outputSchema !== undefined) out.push(...diffSchema(a.outputSchema, b.outputSchema, subject, 'output'));
  const ann = (x: Msg) => obj(x.annotations);
  for (const [hint, risky] of RISKIER) {
    const before = ann(a)[hint];
    const after = ann(b)[hint];
    if (before === after) continue;
    const riskier = after === risky || (before === !risky && after === undefined);
    out.push(
      change(
        riskier ? 'breaking' : 'additive',
        riskier ? 'annotation-riskier' : 'annotation-safer',
        subject,
        `annotations.${hint} ${String(before)} → ${String(after)}`,
        { path: `/annotations/${hint}`, before, after },
      ),
    );
  }
  const ta = templateOf(a);
  const tb = templateOf(b);
  if (ta && !tb)
    out.push(
      change('breaking', 'widget-unlinked', subject, `no longer renders in a widget (was ${ta})`, { before: ta }),
    );
  else if (!ta && tb)
    out.push(change('additive', 'widget-linked', subject, `now renders in widget ${tb}`, { after: tb }));
  else if (ta !== tb)
    out.push(
      change('additive', 'widget-template-renamed', subject, `widget template ${ta} → ${tb}`, {
        before: ta,
        after: tb,
      }),
    );
  const access = (x: Msg) => obj(x._meta)['openai/widgetAccessible'];
  if (access(a) === true && access(b) !== true)
    out.push(
      change(
        'breaking',
        'widget-access-removed',
        subject,
        'the widget can no longer call this tool (openai/widgetAccessible)',
      ),
    );
  return out;
}

/** Where hosts take a widget's policy from: MCP Apps `_meta.ui` and OpenAI's `openai/*` keys. */
function widgetPolicy(w: WidgetSnapshot | undefined): { csp: unknown; domain: unknown } {
  const meta = obj(w?._meta);
  const ui = obj(meta.ui);
  return {
    csp: { ui: ui.csp, openai: meta['openai/widgetCSP'] },
    domain: { ui: ui.domain, openai: meta['openai/widgetDomain'] },
  };
}

function diffWidget(subject: string, a: WidgetSnapshot, b: WidgetSnapshot): Change[] {
  const out: Change[] = [];
  const pa = widgetPolicy(a);
  const pb = widgetPolicy(b);
  if (!same(pa.csp, pb.csp))
    out.push(
      change('breaking', 'widget-csp-changed', subject, 'widget CSP changed', { before: pa.csp, after: pb.csp }),
    );
  if (!same(pa.domain, pb.domain))
    out.push(
      change('breaking', 'widget-domain-changed', subject, 'widget domain changed', {
        before: pa.domain,
        after: pb.domain,
      }),
    );
  if (a.mimeType !== b.mimeType)
    out.push(
      change('breaking', 'widget-mime-changed', subject, `widget mimeType ${a.mimeType} → ${b.mimeType}`, {
        before: a.mimeType,
        after: b.mimeType,
      }),
    );
  if (a.sha256 && b.sha256 && a.sha256 !== b.sha256)
    out.push(change('additive', 'widget-template-changed', subject, 'widget template content changed'));
  return out;
}

/**
 * Widgets are paired by URI, and a renamed template (a content hash in its URI, say) is
 * paired with the old one through the tool that links to both.
 */
function diffWidgets(a: Snapshot, b: Snapshot): Change[] {
  const wa = new Map(a.widgets.map((w) => [w.uri, w]));
  const wb = new Map(b.widgets.map((w) => [w.uri, w]));
  const renamed = new Map<string, string>();
  const toolsB = keyed(b.tools, 'name');
  for (const t of a.tools) {
    const ua = templateOf(t);
    const ub = toolsB.get(String(t.name)) && templateOf(toolsB.get(String(t.name))!);
    if (ua && ub && ua !== ub && wa.has(ua) && wb.has(ub) && !wb.has(ua)) renamed.set(ua, ub);
  }
  const out: Change[] = [];
  const paired = new Set<string>();
  for (const [uri, w] of wa) {
    const other = wb.get(uri) ?? wb.get(renamed.get(uri) ?? '');
    if (!other) {
      out.push(change('breaking', 'widget-removed', `widget ${uri}`, 'widget template no longer served'));
      continue;
    }
    paired.add(other.uri);
    out.push(...diffWidget(`widget ${uri}`, w, other));
  }
  for (const uri of wb.keys())
    if (!paired.has(uri)) out.push(change('additive', 'widget-added', `widget ${uri}`, 'new widget template'));
  return out;
}

function diffPrompt(a: Msg, b: Msg): Change[] {
  const subject = `prompt ${String(a.name)}`;
  const args = (p: Msg) =>
    new Map(((Array.isArray(p.arguments) ? p.arguments : []) as Msg[]).map((x) => [String(x.name), x]));
  const aa = args(a);
  const ab = args(b);
  const out: Change[] = [];
  for (const [name, x] of aa) {
    const y = ab.get(name);
    if (!y) out.push(change('breaking', 'prompt-argument-removed', subject, `argument ${name} removed`));
    else if (x.required !== true && y.required === true)
      out.push(change('breaking', 'prompt-argument-now-required', subject, `argument ${name} is now required`));
    else if (x.required === true && y.required !== true)
      out.push(change('additive', 'prompt-argument-now-optional', subject, `argument ${name} is now optional`));
  }
  for (const [name, y] of ab) {
    if (aa.has(name)) continue;
    out.push(
      y.required === true
        ? change('breaking', 'prompt-required-argument-added', subject, `new required argument ${name}`)
        : change('additive', 'prompt-argument-added', subject, `new optional argument ${name}`),
    );
  }
  if (a.description !== b.description)
    out.push(change('additive', 'prompt-description-changed', subject, 'description changed'));
  return out;
}

function diffResource(kind: 'resource' | 'resource template', a: Msg, b: Msg, key: string): Change[] {
  const subject = `${kind} ${String(a[key])}`;
  const out: Change[] = [];
  if (a.mimeType !== b.mimeType)
    out.push(
      change(
        'breaking',
        `${kind === 'resource' ? 'resource' : 'template'}-mime-changed`,
        subject,
        `mimeType ${String(a.mimeType)} → ${String(b.mimeType)}`,
      ),
    );
  if (a.description !== b.description || a.title !== b.title || a.name !== b.name)
    out.push(
      change(
        'additive',
        `${kind === 'resource' ? 'resource' : 'template'}-described-differently`,
        subject,
        'name, title or description changed',
      ),
    );
  return out;
}

/** Items present on one side only, and the item-level diff for those on both. */
function pairs(
  a: Msg[],
  b: Msg[],
  key: string,
  noun: string,
  codePrefix: string,
  inner: (x: Msg, y: Msg) => Change[],
  skip: (k: string) => boolean = () => false,
): Change[] {
  const ma = keyed(a, key);
  const mb = keyed(b, key);
  const out: Change[] = [];
  for (const [k, x] of ma) {
    if (skip(k)) continue;
    const y = mb.get(k);
    if (!y) out.push(change('breaking', `${codePrefix}-removed`, `${noun} ${k}`, `${noun} removed`));
    else out.push(...inner(x, y));
  }
  for (const k of mb.keys())
    if (!ma.has(k) && !skip(k)) out.push(change('additive', `${codePrefix}-added`, `${noun} ${k}`, `new ${noun}`));
  return out;
}

export function diffSnapshots(a: Snapshot, b: Snapshot): Change[] {
  // ui:// resources are compared as widgets (they may be renamed per build); the rest as resources.
  const isWidget = (uri: string) => uri.startsWith('ui://');
  return [
    ...pairs(a.tools, b.tools, 'name', 'tool', 'tool', diffTool),
    ...pairs(
      a.resources,
      b.resources,
      'uri',
      'resource',
      'resource',
      (x, y) => diffResource('resource', x, y, 'uri'),
      isWidget,
    ),
    ...pairs(a.resourceTemplates, b.resourceTemplates, 'uriTemplate', 'resource template', 'template', (x, y) =>
      diffResource('resource template', x, y, 'uriTemplate'),
    ),
    ...pairs(a.prompts, b.prompts, 'name', 'prompt', 'prompt', diffPrompt),
    ...diffWidgets(a, b),
  ];
}
