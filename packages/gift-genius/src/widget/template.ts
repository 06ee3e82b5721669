/**
 * The widget's HTML shell and styles. Everything is inline: hosts load the widget
 * under a CSP that allows no network origin (both CSP lists are empty), and the first
 * cards must paint without a round trip.
 *
 * Colours come from the host's standard MCP Apps style variables when it sends them,
 * with light and dark fallbacks chosen by the host context's `theme`.
 */
const CSS = `
:root{color-scheme:light;
--bg:var(--color-background-primary,#fff);--card:var(--color-background-secondary,#f7f7f8);
--fg:var(--color-text-primary,#1a1a1a);--muted:var(--color-text-secondary,#5b5b66);
--line:var(--color-border-primary,#dcdce2);--ring:var(--color-ring-primary,#2563eb);
--accent:var(--color-text-info,#1d4ed8);--chip:var(--color-background-tertiary,#ececf1);
--danger:var(--color-text-danger,#b42318);--radius:var(--border-radius-lg,12px);
--font:var(--font-sans,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif)}
:root[data-theme=dark]{color-scheme:dark;
--bg:var(--color-background-primary,#1e1e20);--card:var(--color-background-secondary,#2a2a2e);
--fg:var(--color-text-primary,#f2f2f3);--muted:var(--color-text-secondary,#b4b4bd);
--line:var(--color-border-primary,#3d3d44);--ring:var(--color-ring-primary,#7aa2ff);
--accent:var(--color-text-info,#9bbcff);--chip:var(--color-background-tertiary,#38383e);
--danger:var(--color-text-danger,#ff8a80)}
*{box-sizing:border-box}
html,body{margin:0;background:var(--bg);color:var(--fg);font:14px/1.45 var(--font)}
main{padding:12px calc(12px + var(--sr,0px)) calc(12px + var(--sb,0px)) calc(12px + var(--sl,0px))}
header{display:flex;flex-wrap:wrap;align-items:flex-end;gap:8px 16px;margin-bottom:10px}
.titles{flex:1 1 220px;min-width:0}
h1{font-size:16px;margin:0;font-weight:600;outline:none}
.sub{margin:2px 0 0;color:var(--muted);font-size:13px}
[hidden]{display:none!important}.budget{display:flex;align-items:center;gap:6px;flex-wrap:wrap}
label{color:var(--muted);font-size:13px}
input{width:6.5em;padding:6px 8px;border:1px solid var(--line);border-radius:8px;background:var(--bg);color:var(--fg);font:inherit}
button{font:inherit;font-size:13px;padding:6px 10px;border-radius:8px;border:1px solid var(--line);background:var(--bg);color:var(--fg);cursor:pointer;min-height:32px}
button:hover:not(:disabled){border-color:var(--accent);color:var(--accent)}
button:disabled{opacity:.55;cursor:default}
button.primary{background:var(--accent);border-color:var(--accent);color:var(--bg)}
button.primary:hover:not(:disabled){color:var(--bg);filter:brightness(1.1)}
:focus-visible{outline:2px solid var(--ring);outline-offset:2px}
.status{min-height:1.2em;margin:0 0 8px;color:var(--muted);font-size:13px}
.status.error{color:var(--danger)}
ol{list-style:none;margin:0;padding:0;display:grid;gap:10px;grid-template-columns:repeat(auto-fill,minmax(min(100%,230px),1fr))}
ol[aria-busy=true]{opacity:.6}
.card{display:flex;flex-direction:column;gap:6px;padding:12px;border:1px solid var(--line);border-radius:var(--radius);background:var(--card);min-width:0}
.head{display:flex;align-items:baseline;gap:8px}
.rank{flex:none;font-size:12px;color:var(--muted);font-variant-numeric:tabular-nums}
h2{flex:1;margin:0;font-size:15px;font-weight:600;overflow-wrap:anywhere}
.price{flex:none;font-weight:600;font-variant-numeric:tabular-nums}
.reason{margin:0;color:var(--muted);font-size:13px;flex:1}
.foot{display:flex;flex-wrap:wrap;align-items:center;gap:6px}
.chip{font-size:12px;padding:2px 8px;border-radius:999px;background:var(--chip);color:var(--fg)}
.actions{display:flex;gap:6px;margin-left:auto}
.actions button{padding:6px 9px;white-space:nowrap}
.empty{color:var(--muted);padding:8px 0}
.vh{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (max-width:400px){main{padding:8px}.actions{flex:1 1 100%}.actions button{flex:1}}
@media (prefers-reduced-motion:no-preference){.card{transition:border-color .15s}}
`;

const BODY = `<main>
<header>
<div class="titles"><h1 id="heading" tabindex="-1">Gift ideas</h1><p class="sub" id="sub"></p></div>
<button type="button" id="back" hidden>← Back</button>
<div id="budget-box" class="budget" role="group" aria-label="Budget" hidden><label for="budget">Budget (USD)</label><input id="budget" type="number" inputmode="decimal" min="1" max="100000" step="any" placeholder="50"><button type="button" id="budget-go" class="primary">Change budget</button></div>
</header>
<p class="status" id="status" role="status" aria-live="polite">Waiting for gift ideas…</p>
<ol id="cards" aria-labelledby="heading"></ol>
</main>`;

/** The whole document; `script` is the compiled client (an ES module), inlined. */
export function buildWidgetHtml(script: string): string {
  const code = script.replace(/\n?\/\/# sourceMappingURL=.*$/m, '').replace(/<\/(script)/gi, '<\\/$1');
  const css = CSS.replace(/\n/g, '');
  return (
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width,initial-scale=1">' +
    `<title>GiftGen gift ideas</title><style>${css}</style></head><body>${BODY.replace(/\n/g, '')}` +
    `<script type="module">${code}</script></body></html>`
  );
}
