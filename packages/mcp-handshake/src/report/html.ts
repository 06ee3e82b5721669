/**
 * One self-contained HTML report (no network, no script): the exchange as a sequence
 * diagram drawn here as inline SVG, the findings with their evidence, and the transcript.
 * Everything shown goes through the Redactor again, whatever made the transcript. Pure.
 */
import type { HostVerdict } from '../hosts/verdict.js';
import { Redactor } from '../redact.js';
import type { ConnectionInfo, Diagnostic, Transcript, WireEvent } from '../types.js';
import { htmlText, jsonText } from './peer-text.js';

export interface HtmlFinding {
  code: string;
  severity: 'fail' | 'warn' | 'info' | 'pass';
  message: string;
  party?: string;
  evidence: string[];
  cite?: string;
  hosts?: string[];
}

/** A finding of the doctor or of `check` as the report shows it. */
export function htmlFindingOf(f: Diagnostic): HtmlFinding {
  return {
    code: f.code,
    severity: f.severity,
    message: f.message,
    ...(f.party && { party: f.party }),
    evidence: f.evidence,
    cite: f.cite.url,
    ...(f.hosts && { hosts: f.hosts }),
  };
}

export interface HtmlReportInput {
  title: string;
  /** The one line to read first: what the run concluded. */
  verdict?: { status: 'pass' | 'warn' | 'fail'; text: string };
  /** Which hosts see the tools (doctor): the table right under the verdict. */
  hosts?: HostVerdict[];
  /** Lines under the title: the target, the host, the verdict. */
  summary: string[];
  transcript: Transcript;
  findings: HtmlFinding[];
}

/** A connection's diagram shows this many arrows; the rest of it is folded below. */
const FOLD = 60;
/** Beyond this many arrows a connection's diagram stops (the transcript below still has everything). */
const MAX_ARROWS = 1000;
const ROW = 26;
const WIDTH = 760;
const LEFT = 150;
const RIGHT = 610;

const escapeHtml = htmlText;
const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

type Msg = Record<string, unknown>;

function label(e: WireEvent): string {
  const m = (e.message ?? {}) as Msg;
  const id = 'id' in m ? ` #${JSON.stringify(m.id)}` : '';
  if (typeof m.method === 'string') return `${m.method}${id}`;
  if (m.error && typeof m.error === 'object') return `error${id} ${String((m.error as Msg).code)}`;
  if ('result' in m) return `result${id}`;
  return e.kind;
}

interface Row {
  kind: 'arrow' | 'note';
  dir?: 'out' | 'in';
  text: string;
  error?: boolean;
}

/** One connection's events as diagram rows. */
function rows(events: WireEvent[]): Row[] {
  const out: Row[] = [];
  for (const e of events) {
    if (e.kind === 'message' && (e.dir === 'out' || e.dir === 'in')) {
      const m = (e.message ?? {}) as Msg;
      out.push({ kind: 'arrow', dir: e.dir, text: label(e), error: 'error' in m });
    } else if (e.kind === 'http' && e.http) {
      out.push({
        kind: 'note',
        text: `HTTP ${e.http.method}${e.http.status !== undefined ? ` → ${e.http.status}` : ''}`,
      });
    } else if (e.kind === 'noise') out.push({ kind: 'note', text: `not JSON-RPC: ${clip(e.raw ?? '', 60)}` });
    else if (e.kind === 'exit') {
      const how = `code ${e.exit?.code ?? '–'}, signal ${e.exit?.signal ?? '–'}`;
      out.push({ kind: 'note', text: `server exited (${how})` });
    } else if (e.kind === 'error') out.push({ kind: 'note', text: clip(e.raw ?? 'error', 80) });
    else if (e.kind === 'note' && e.dir === 'local' && e.note?.startsWith('refused'))
      out.push({ kind: 'note', text: clip(e.note, 80) });
  }
  return out;
}

/** `<tag a="1" b="2">content</tag>`; attribute values are numbers or already-safe strings. */
function el(tag: string, attrs: Record<string, string | number>, content?: string): string {
  const a = Object.entries(attrs)
    .map(([k, v]) => ` ${k}="${v}"`)
    .join('');
  return content === undefined ? `<${tag}${a}/>` : `<${tag}${a}>${content}</${tag}>`;
}

const ARROW_HEAD = el(
  'marker',
  {
    id: 'head',
    viewBox: '0 0 10 10',
    refX: 10,
    refY: 5,
    markerWidth: 8,
    markerHeight: 8,
    orient: 'auto-start-reverse',
  },
  el('path', { d: 'M0,0 L10,5 L0,10 z', fill: 'currentColor' }),
);

function actor(x: number, name: string): string {
  return (
    el('rect', { x: x - 70, y: 8, width: 140, height: 28, rx: 4, class: 'actor' }) +
    el('text', { x, y: 27, 'text-anchor': 'middle', class: 'actor-name' }, escapeHtml(clip(name, 20)))
  );
}

/** One diagram: a client and a server lifeline, one row per row given. */
export function sequenceSvg(list: Row[], clientName: string, note?: string): string {
  const height = 60 + list.length * ROW + (note ? 20 : 0);
  const mid = (LEFT + RIGHT) / 2;
  const svgAttrs = {
    xmlns: 'http://www.w3.org/2000/svg',
    class: 'sequence',
    role: 'img',
    'aria-label': 'sequence diagram',
  };
  const parts: string[] = [
    `<svg${Object.entries({ ...svgAttrs, width: WIDTH, height, viewBox: `0 0 ${WIDTH} ${height}` })
      .map(([k, v]) => ` ${k}="${v}"`)
      .join('')}>`,
    `<defs>${ARROW_HEAD}</defs>`,
    actor(LEFT, clientName),
    actor(RIGHT, 'server'),
    el('line', { x1: LEFT, y1: 36, x2: LEFT, y2: height - 10, class: 'life' }),
    el('line', { x1: RIGHT, y1: 36, x2: RIGHT, y2: height - 10, class: 'life' }),
  ];
  list.forEach((r, i) => {
    const y = 60 + i * ROW;
    if (r.kind === 'note') {
      parts.push(el('text', { x: mid, y, 'text-anchor': 'middle', class: 'note' }, escapeHtml(r.text)));
    } else {
      const [x1, x2] = r.dir === 'out' ? [LEFT, RIGHT] : [RIGHT, LEFT];
      const line = el('line', { x1, y1: y, x2, y2: y, 'marker-end': 'url(#head)' });
      const text = el('text', { x: mid, y: y - 5, 'text-anchor': 'middle' }, escapeHtml(clip(r.text, 60)));
      parts.push(el('g', { class: `msg ${r.dir}${r.error ? ' error' : ''}` }, line + text));
    }
  });
  if (note)
    parts.push(el('text', { x: WIDTH / 2, y: height - 4, 'text-anchor': 'middle', class: 'note' }, escapeHtml(note)));
  parts.push('</svg>');
  return parts.join('\n');
}

/** What a connection was, in words: its purpose and what it negotiated (or that it was no MCP at all). */
export function connectionLabel(c: ConnectionInfo | undefined, id: string): string {
  if (!c) return `connection ${id}`;
  if (c.purpose === 'oauth') return `${id}: the OAuth handshake (metadata, registration, tokens), not MCP`;
  if (c.traffic === 'other') return `${id}: HTTP requests that are not MCP`;
  const wire =
    c.era === 'modern' ? `2026-07-28 wire${c.version ? ` (${c.version})` : ''}` : `legacy ${c.version ?? ''}`;
  const fell = c.fellBackFrom ? `, after a ${c.fellBackFrom} probe it fell back from` : '';
  return `${id}: ${c.purpose}, ${wire.trim()}${fell}`;
}

/** Every connection's own diagram, one at a time: the first open, the others a click away, long ones folded. */
function diagrams(t: Transcript, clientName: string): string {
  const byConn = new Map<string, WireEvent[]>();
  for (const e of t.events) {
    if (e.kind === 'stderr') continue;
    let list = byConn.get(e.conn);
    if (!list) byConn.set(e.conn, (list = []));
    list.push(e);
  }
  const blocks: string[] = [];
  let first = true;
  for (const [conn, events] of byConn) {
    const all = rows(events);
    if (all.length === 0) continue;
    const messages = all.filter((r) => r.kind === 'arrow').length;
    const info = t.connections.find((c) => c.id === conn);
    const shownRows = all.slice(0, MAX_ARROWS);
    const cut = all.length - shownRows.length;
    const head = shownRows.slice(0, FOLD);
    const rest = shownRows.slice(FOLD);
    const restNote = cut > 0 ? `… ${cut} more rows in the transcript below` : undefined;
    const body =
      sequenceSvg(head, clientName, rest.length === 0 ? restNote : undefined) +
      (rest.length > 0
        ? `<details class="fold"><summary>${rest.length} more rows of this connection</summary>${sequenceSvg(rest, clientName, restNote)}</details>`
        : '');
    blocks.push(
      `<details class="conn"${first ? ' open' : ''}><summary>${escapeHtml(connectionLabel(info, conn))} — ${messages} messages</summary>${body}</details>`,
    );
    first = false;
  }
  return blocks.join('\n');
}

const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:24px;color:#1d2430;max-width:1000px}
h1{font-size:20px;margin:0 0 4px}h2{font-size:16px;margin:28px 0 8px}
.summary{color:#4a5568;margin:0 0 2px}
svg{background:#fbfcfe;border:1px solid #dde3ec;border-radius:6px;color:#2b4c7e}
.actor{fill:#e8eef8;stroke:#2b4c7e}.actor-name{font-weight:600;font-size:13px;fill:#1d2430}
.life{stroke:#a8b4c8;stroke-dasharray:4 4}.band{fill:#eef1f5}.band-text{font-size:11px;fill:#4a5568}
.msg line{stroke:currentColor;stroke-width:1.4}.msg text{font:12px ui-monospace,monospace;fill:#1d2430}
.msg.in{color:#2f7d4f}.msg.error{color:#b42318}.note{font-size:11px;fill:#6b7280;font-style:italic}
.verdict{font-size:16px;font-weight:600;padding:8px 12px;border-radius:6px;margin:8px 0}
.verdict.fail{background:#fdecea;color:#8a1c12}.verdict.warn{background:#fff6e0;color:#7a4d00}.verdict.pass{background:#e8f5ec;color:#1f5e36}
details.conn{margin:8px 0}details.conn>summary{cursor:pointer;font:12px ui-monospace,monospace;color:#4a5568}
details.fold{margin:4px 0 0 12px}
table.hosts{border-collapse:collapse;width:100%;font-size:13px}table.hosts td,table.hosts th{border-bottom:1px solid #dde3ec;padding:4px 6px;text-align:left;vertical-align:top}
table.hosts tr.pass td:first-child{border-left:4px solid #2f7d4f}table.hosts tr.warn td:first-child{border-left:4px solid #b7791f}
table.hosts tr.fail td:first-child{border-left:4px solid #b42318}table.hosts tr.na{color:#6b7280}table.hosts td.why{color:#4a5568;font-size:12px}
.finding{border-left:4px solid #a8b4c8;padding:6px 10px;margin:8px 0;background:#f7f8fa}
.finding.fail{border-color:#b42318}.finding.warn{border-color:#b7791f}.finding.info{border-color:#2b4c7e}
.finding .code{font:12px ui-monospace,monospace;color:#4a5568}
.party{font-size:12px;background:#e8eef8;border-radius:3px;padding:0 5px}
pre{background:#f7f8fa;border:1px solid #dde3ec;padding:8px;overflow:auto;font-size:12px;max-height:600px}
`;

const HOST_CLASS: Record<HostVerdict['outcome'], string> = {
  'sees-all': 'pass',
  'loses-some': 'warn',
  'sees-none': 'fail',
  'does-not-connect': 'fail',
  'does-not-apply': 'na',
};

/** One row per host: whether it sees the tools, and the fact (with its source) that decides it. */
function hostTable(hosts: HostVerdict[], redactor: Redactor): string {
  const rows = hosts.map((h) => {
    const source = h.decidedBy
      ? h.decidedBy.evidence.basis === 'measured'
        ? `measured on ${h.name} ${h.decidedBy.evidence.hostVersion}`
        : `reported: ${h.decidedBy.evidence.url}`
      : '';
    const why = h.decidedBy && h.outcome !== 'sees-all' ? `${h.decidedBy.note} (${source})` : '';
    return `<tr class="${HOST_CLASS[h.outcome]}"><td>${escapeHtml(`${h.name}${h.version ? ` ${h.version}` : ''}`)}</td><td>${escapeHtml(redactor.text(h.summary))}</td><td class="why">${escapeHtml(redactor.text(why))}</td></tr>`;
  });
  return `<h2 id="hosts">Hosts</h2>\n<table class="hosts"><thead><tr><th>host</th><th>with this server</th><th>why</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function findingBlock(f: HtmlFinding): string {
  const party = f.party ? ` <span class="party">${escapeHtml(f.party)}'s side</span>` : '';
  const spec = f.cite ? ` · <a href="${escapeHtml(f.cite)}">spec</a>` : '';
  const hosts = f.hosts?.length ? ` · hosts: ${escapeHtml(f.hosts.join(', '))}` : '';
  const evidence = f.evidence.length ? `<pre>${escapeHtml(f.evidence.join('\n'))}</pre>` : '';
  return (
    `<div class="finding ${f.severity}"><div><strong>${escapeHtml(f.severity.toUpperCase())}</strong> ` +
    `${escapeHtml(f.message)}${party}</div><div class="code">${escapeHtml(f.code)}${spec}${hosts}</div>${evidence}</div>`
  );
}

export function renderHtmlReport(input: HtmlReportInput): string {
  const redactor = new Redactor();
  const t = redactor.value(input.transcript);
  const clientInfoOf = (e: WireEvent): Msg | undefined => {
    const params = ((e.message as Msg | undefined)?.params ?? {}) as Msg;
    return (params.clientInfo ?? ((params._meta ?? {}) as Msg)['io.modelcontextprotocol/clientInfo']) as
      | Msg
      | undefined;
  };
  const client = t.events
    .filter((e) => e.dir === 'out')
    .map(clientInfoOf)
    .find((c) => c && typeof c.name === 'string');
  const rank = new Map([
    ['fail', 0],
    ['warn', 1],
    ['info', 2],
    ['pass', 3],
  ]);
  // Failures first: the page is read from the top.
  const findings = input.findings
    .map((f) => redactor.value(f))
    .sort((a, b) => (rank.get(a.severity) ?? 9) - (rank.get(b.severity) ?? 9));
  const counts = ['fail', 'warn', 'info']
    .map((s) => `${findings.filter((f) => f.severity === s).length} ${s}`)
    .join(', ');
  const findingHtml = findings.length === 0 ? '<p>No findings.</p>' : findings.map(findingBlock).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>${escapeHtml(input.title)}</title><style>${STYLE}</style></head>
<body>
<h1>${escapeHtml(input.title)}</h1>
${input.verdict ? `<p class="verdict ${input.verdict.status}">${escapeHtml(redactor.text(input.verdict.text))}</p>` : ''}
${input.summary.map((s) => `<p class="summary">${escapeHtml(redactor.text(s))}</p>`).join('\n')}
${input.hosts?.length ? hostTable(input.hosts, redactor) : ''}
<h2 id="findings">Findings (${escapeHtml(counts)})</h2>
${findingHtml}
<h2 id="exchange">Exchange, one connection at a time</h2>
${diagrams(t, typeof client?.name === 'string' ? client.name : 'client')}
<h2>Transcript</h2>
<details><summary>${t.events.length} events, ${t.connections.length} connections (${escapeHtml(t.format)})</summary>
<pre>${escapeHtml(jsonText(t, 2))}</pre></details>
</body></html>
`;
}
