/** `call`'s text output: what was rejected or what the tool answered, peer text shown safely. Pure. */
import { oneLine, safeStringify, visible } from './peer-text.js';
import type { Style } from './style.js';

type Msg = Record<string, unknown>;

export interface CallTextInput {
  tool?: Msg;
  validationErrors?: string;
  problem?: string;
  result?: Msg;
}

export function formatCallText(outcome: CallTextInput, style: Style): string {
  const out: string[] = [];
  if (outcome.validationErrors) {
    out.push(`${style.red('arguments rejected before sending')}: ${oneLine(outcome.validationErrors)}`);
    out.push(style.dim(`inputSchema: ${oneLine(outcome.tool?.inputSchema, 4000)}`));
  } else if (outcome.problem) out.push(`${style.red('✖')} ${oneLine(outcome.problem)}`);
  const r = outcome.result;
  if (!r) return out.join('\n');
  if (r.isError === true) out.push(style.red('the tool reported an error (isError: true)'));
  for (const block of (Array.isArray(r.content) ? r.content : []) as Msg[]) {
    const type = oneLine(block?.type, 40);
    // A text block is the tool's answer as written: its lines stay lines, its controls are shown.
    if (block?.type === 'text') out.push(visible(String(block.text)));
    else if (block?.type === 'resource_link' || block?.type === 'resource')
      out.push(style.dim(`[${type}] ${oneLine(block.uri ?? (block.resource as Msg | undefined)?.uri, 400)}`));
    else out.push(style.dim(`[${type} block${block?.mimeType ? `, ${oneLine(block.mimeType, 80)}` : ''}]`));
  }
  if (r.structuredContent !== undefined)
    out.push(`${style.bold('structuredContent')}: ${visible(safeStringify(r.structuredContent, 2) ?? 'undefined')}`);
  return out.join('\n');
}
