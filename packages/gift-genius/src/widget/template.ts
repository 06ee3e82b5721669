import { ILLUSTRATION_SPRITE } from './illustrations.js';

/**
 * The widget's HTML shell and styles. Everything is inline: hosts load the widget
 * under a CSP that allows no network origin (both CSP lists are empty), and the first
 * cards must paint without a round trip.
 *
 * Colours come from the host's standard MCP Apps style variables when it sends them.
 * Without them, the fallbacks are ChatGPT's own surfaces (white, and #212121 in dark
 * mode) so the widget sits flush on the chat; the dark set applies when the host context
 * says `theme: "dark"`, or, when it says nothing, when the system prefers dark.
 *
 * Every box that cards and the header are made of has a fixed height (clamped text), so
 * the loading state (placeholder cards, see client.ts) is the size of the result.
 */
const LIGHT = `color-scheme:light;
--bg:var(--color-background-primary,#fff);--card:var(--color-background-primary,#fff);
--fg:var(--color-text-primary,#0d0d0d);--muted:var(--color-text-secondary,#5d5d5d);
--line:var(--color-border-primary,#e3e3e3);--ring:var(--color-ring-primary,#0285ff);
--chip:var(--color-background-tertiary,#f3f3f3);--danger:var(--color-text-danger,#d00);
--skel:var(--color-background-tertiary,#ececec);
--ts:70%;--tl:95%;--al:84%;--il:30%`;
const DARK = `color-scheme:dark;
--bg:var(--color-background-primary,#212121);--card:var(--color-background-secondary,#2a2a2a);
--fg:var(--color-text-primary,#ececec);--muted:var(--color-text-secondary,#b4b4b4);
--line:var(--color-border-primary,#3a3a3a);--ring:var(--color-ring-primary,#48aaff);
--chip:var(--color-background-tertiary,#3a3a3a);--danger:var(--color-text-danger,#ff8583);
--skel:var(--color-background-tertiary,#333);
--ts:25%;--tl:23%;--al:36%;--il:86%`;

const CSS = `
:root{${LIGHT};--radius:var(--border-radius-lg,14px);
--font:var(--font-sans,ui-sans-serif,-apple-system,system-ui,"Segoe UI",Roboto,Helvetica,Arial,sans-serif)}
:root[data-theme=dark]{${DARK}}
@media (prefers-color-scheme:dark){:root:not([data-theme]){${DARK}}}
*{box-sizing:border-box}
html,body{margin:0;background:var(--bg);color:var(--fg);font:14px/1.4 var(--font)}
main{padding:12px calc(12px + var(--sr,0px)) calc(12px + var(--sb,0px)) calc(12px + var(--sl,0px))}
[hidden]{display:none!important}
header{display:flex;flex-wrap:wrap;align-items:center;gap:8px 10px;margin-bottom:10px}
.titles{flex:1 1 200px;min-width:0}
h1,.sub{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
h1{font-size:16px;line-height:20px;margin:0;font-weight:600;outline:none}
.sub{margin:0;color:var(--muted);font-size:13px;line-height:18px}
.budget{display:flex;align-items:center;gap:6px}
.money{display:flex;align-items:center;height:32px;border:1px solid var(--line);border-radius:999px;
padding:0 4px 0 11px;background:var(--bg);color:var(--muted)}
.money:focus-within{outline:2px solid var(--ring)}
input{width:4.6em;border:0;outline:0;padding:0 4px;background:transparent;color:var(--fg);font:inherit;height:30px}
button{font:inherit;font-size:13px;line-height:18px;padding:6px 12px;border-radius:999px;border:1px solid var(--line);
background:var(--bg);color:var(--fg);cursor:pointer;height:32px;white-space:nowrap}
button:hover:not(:disabled){background:var(--chip)}
button:disabled{opacity:.5;cursor:default}
button.primary{background:var(--fg);border-color:var(--fg);color:var(--bg);font-weight:500}
button.primary:hover:not(:disabled){background:var(--fg);opacity:.85}
#back{width:32px;padding:0;font-size:16px}
:focus-visible{outline:2px solid var(--ring);outline-offset:2px}
.status{height:18px;margin:-2px 0 10px;color:var(--muted);font-size:13px;line-height:18px;
white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.status.error{color:var(--danger)}.status.note{height:auto;white-space:normal}.status:empty{height:0;margin:0}
ol{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:10px;--cols:3}
ol[aria-busy=true] .card:not(.skel){opacity:.6}
.card{flex:1 1 calc((100% - (var(--cols) - 1) * 10px) / var(--cols) - 1px);min-width:0;min-height:352px;display:flex;
flex-direction:column;border:1px solid var(--line);border-radius:var(--radius);background:var(--card);overflow:hidden}
.art{position:relative;flex:none;height:76px;display:flex;align-items:center;justify-content:center;
--a:hsl(var(--h) var(--ts) var(--al));color:hsl(var(--h) 45% var(--il));
background:radial-gradient(circle at var(--x1) var(--y1),hsl(var(--h2) var(--ts) var(--al) / .55) 0 9px,
transparent 10px),
radial-gradient(circle at var(--x2) var(--y2),hsl(var(--h2) var(--ts) var(--al) / .4) 0 5px,transparent 6px),
radial-gradient(circle at var(--x3) var(--y3),var(--a) 0 3px,transparent 4px),hsl(var(--h) var(--ts) var(--tl))}
.pic{width:52px;height:52px;fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round;stroke-linejoin:round}
.rank{position:absolute;top:8px;left:10px;font-size:12px;font-weight:600;font-variant-numeric:tabular-nums}
.chip{position:absolute;bottom:7px;left:8px;font-size:11.5px;line-height:16px;padding:1px 8px;border-radius:999px;
background:var(--card);color:var(--fg)}
.body{flex:1;display:flex;flex-direction:column;gap:6px;padding:10px 12px 12px;min-height:0;min-width:0}
.head{display:flex;align-items:flex-start;gap:8px}
h2{flex:1;margin:0;font-size:14.5px;line-height:20px;height:40px;font-weight:600;overflow-wrap:anywhere}
h2{display:-webkit-box;-webkit-box-orient:vertical;overflow:hidden;-webkit-line-clamp:2}
.price{flex:none;font-weight:600;line-height:20px;font-variant-numeric:tabular-nums}
.text{flex:1;min-height:0;font-size:13px;line-height:18px}
.reason,.why{margin:0}.reason{color:var(--fg)}
.why{color:var(--muted);margin-top:2px}
.actions{flex:none;display:flex;gap:6px}
.actions button{flex:1;min-width:0;padding:6px 4px;font-size:12.5px;overflow:hidden;text-overflow:ellipsis}
.skel .art{background:var(--skel)}
.bar{display:block;height:12px;margin:4px 0 10px;border-radius:6px;background:var(--skel)}
.bar.short{width:55%}.skel .actions span{flex:1;height:32px;border-radius:999px;background:var(--skel)}
.empty{display:flex;flex-direction:column;align-items:center;text-align:center;gap:6px;padding:22px 16px 24px;
border:1px dashed var(--line);border-radius:var(--radius);--h:210}
.empty .art{width:72px;height:72px;border-radius:50%;background:hsl(var(--h) var(--ts) var(--tl))}
.empty .pic{width:44px;height:44px}
.empty h2{flex:none;height:auto;display:block;font-size:15px}
.empty p{margin:0;max-width:440px;color:var(--muted);font-size:13px;line-height:18px}
.empty .fix{color:var(--fg)}.empty button{margin-top:6px}
.vh{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (max-width:520px){main{padding:10px}.budget{flex:1 1 100%}
.card{height:214px;flex-direction:row}.art{width:84px;height:auto}.pic{width:44px;height:44px}
.body{padding:10px 10px 10px 12px}
.chip{left:6px;right:6px;text-align:center;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}}
@media (prefers-reduced-motion:no-preference){
.skel .art,.bar,.skel .actions span{animation:pulse 1.4s ease-in-out infinite}
@keyframes pulse{50%{opacity:.55}}}
`;

const BODY = `<main>
<header>
<button type="button" id="back" aria-label="Back" hidden>←</button>
<div class="titles"><h1 id="heading" tabindex="-1">Gift ideas</h1><p class="sub" id="sub">&nbsp;</p></div>
<div id="budget-box" class="budget" role="group" aria-label="Budget">
<span class="money"><span aria-hidden="true">$</span><label class="vh" for="budget">Budget in USD</label>
<input id="budget" type="number" inputmode="decimal" min="1" max="100000" step="any" placeholder="Any"></span>
<button type="button" id="budget-go" class="primary" aria-label="Update budget">Update</button></div>
</header>
<p class="status" id="status" role="status" aria-live="polite">Waiting for gift ideas…</p>
<ol id="cards" aria-labelledby="heading" aria-busy="true"></ol>
<div id="empty" class="empty" hidden></div>
</main>`;

/** The whole document; `script` is the compiled client (an ES module), inlined. */
export function buildWidgetHtml(script: string): string {
  const code = script.replace(/\n?\/\/# sourceMappingURL=.*$/m, '').replace(/<\/(script)/gi, '<\\/$1');
  const css = CSS.replace(/\n/g, '');
  return (
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width,initial-scale=1">' +
    `<title>GiftGen gift ideas</title><style>${css}</style></head>` +
    `<body>${ILLUSTRATION_SPRITE}${BODY.replace(/\n/g, '')}` +
    `<script type="module">${code}</script></body></html>`
  );
}
