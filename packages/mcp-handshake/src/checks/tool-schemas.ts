import { compileSchema } from '../schema.js';
import type { Check, CheckStatus } from '../types.js';
import { asObject, mainSession, outcome, skip, SPEC, toolsOf, worst } from './lib.js';

/** 2025-11-25 tool names: 1–128 of A–Z a–z 0–9 _ - . */
const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

function schemaProblems(schema: unknown, which: string, mustBeObject: boolean): string[] {
  if (schema === undefined) return which === 'inputSchema' ? ['inputSchema is missing'] : [];
  const s = asObject(schema);
  const problems: string[] = [];
  if (mustBeObject && s.type !== 'object') problems.push(`${which}.type is ${JSON.stringify(s.type)}, not "object"`);
  const compiled = compileSchema(schema);
  if (compiled.error) problems.push(`${which} is not a valid JSON Schema: ${compiled.error}`);
  const properties = asObject(s.properties);
  if (s.required !== undefined) {
    if (!Array.isArray(s.required)) problems.push(`${which}.required is not an array`);
    else for (const r of s.required) if (typeof r !== 'string' || !(r in properties)) problems.push(`${which}.required names "${String(r)}" which is not in properties`);
  }
  return problems;
}

export const toolSchemas: Check = {
  id: 'tool-schemas',
  title: 'tool names and schemas are valid',
  why: 'Hosts hand inputSchema to the model and validate arguments with it. OpenAI rejects a tool list with an invalid schema (the whole app shows no tools); Claude and VS Code drop the tool; duplicate names make calls go to the wrong tool.',
  fix: 'Give every tool a unique name of 1–128 characters from A–Z a–z 0–9 _ - . and an inputSchema (and outputSchema) that is a valid JSON Schema of type "object" whose required names exist in properties.',
  spec: `${SPEC}/server/tools#tool`,
  run(t) {
    const session = mainSession(t);
    if (!session) return skip('no session was established');
    const tools = toolsOf(t, session);
    if (tools.length === 0) return skip('the server lists no tools');
    const statuses: CheckStatus[] = [];
    const evidence: string[] = [];
    const seen = new Set<string>();
    for (const tool of tools) {
      const name = typeof tool.name === 'string' ? tool.name : JSON.stringify(tool.name);
      if (seen.has(name)) {
        statuses.push('fail');
        evidence.push(`FAIL ${name}: duplicate tool name`);
      }
      seen.add(name);
      if (typeof tool.name !== 'string' || !TOOL_NAME.test(tool.name)) {
        statuses.push('warn');
        evidence.push(`WARN ${name}: name is not 1–128 of A–Z a–z 0–9 _ - .`);
      }
      // SEP-2106 (2026-07-28) lets outputSchema have any root; earlier revisions require an object.
      const problems = [...schemaProblems(tool.inputSchema, 'inputSchema', true), ...schemaProblems(tool.outputSchema, 'outputSchema', session.era === 'legacy')];
      if (problems.length > 0) {
        statuses.push('fail');
        evidence.push(`FAIL ${name}: ${problems.join('; ')}`);
      }
    }
    const status = worst(statuses);
    const bad = evidence.length;
    return outcome(status, status === 'pass' ? `${tools.length} tool(s): names and schemas valid` : `${bad} problem(s) in ${tools.length} tool(s)`, evidence);
  },
};
