import { cite, finding, verdict } from '../findings/finding.js';
import { compileSchema } from '../schema.js';
import type { Diagnostic, Severity } from '../types.js';
import { asObject, mainSession, SPEC, sessionRevision, skip, toolsOf } from './lib.js';
import type { Rule } from './rule.js';

/** 2025-11-25 tool names: 1–128 of A–Z a–z 0–9 _ - . */
const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

/**
 * Spec levels, per revision (server/tools, Data Types › Tool):
 * - every revision's schema: `inputSchema` is REQUIRED with `type: "object"` and `required?: string[]`, and (2025-06-18
 *   to 2025-11-25) `outputSchema` has `type: "object"` too: a missing field or another type fails.
 * - 2025-11-25 and 2026-07-28: inputSchema "MUST be a valid JSON Schema object" (fail); "Tool names SHOULD be between 1
 *   and 128 characters", "SHOULD be the only allowed characters", "Tool names SHOULD be unique within a server" (warn).
 * - before 2025-11-25 no revision words names or JSON Schema validity: "Each tool is uniquely identified by a name"
 *   states no level, so a duplicate, an odd name or an invalid schema there is a warning at most.
 * - a `required` name missing from `properties` is valid JSON Schema (2020-12 §10.3.2.1 asks nothing of it): info.
 */
const hasToolNameRules = (revision: string) => revision >= '2025-11-25';

export const toolSchemas: Rule = {
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
    const revision = sessionRevision(t, session);
    const rules = hasToolNameRules(revision);
    const where = cite(revision, rules ? 'server/tools#tool-names' : 'server/tools#tool');
    const schemaWhere = cite(revision, 'server/tools#tool');
    const findings: Diagnostic[] = [];
    const add = (code: string, severity: Severity, tool: string, problem: string, at = schemaWhere) =>
      findings.push(
        finding(`tool-schemas/${code}`, severity, `${tool}: ${problem}`, at, {
          args: { tool, revision },
          evidence: [`${severity.toUpperCase()} ${tool}: ${problem}`],
        }),
      );
    const seen = new Set<string>();
    for (const tool of tools) {
      const name = typeof tool.name === 'string' ? tool.name : JSON.stringify(tool.name);
      if (seen.has(name)) add('duplicate-name', rules ? 'warn' : 'info', name, 'duplicate tool name', where);
      seen.add(name);
      if (typeof tool.name !== 'string') add('name-not-string', 'fail', name, 'name is not a string (REQUIRED string)');
      else if (!TOOL_NAME.test(tool.name))
        add('name-format', rules ? 'warn' : 'info', name, 'name is not 1–128 of A–Z a–z 0–9 _ - .', where);
      // SEP-2106 (2026-07-28) lets outputSchema have any root; earlier revisions require an object.
      schemaFindings(tool.inputSchema, 'inputSchema', true, rules, (code, severity, problem) =>
        add(code, severity, name, problem),
      );
      const outputRootObject = session.era === 'legacy';
      schemaFindings(tool.outputSchema, 'outputSchema', outputRootObject, rules, (code, severity, problem) =>
        add(code, severity, name, problem),
      );
    }
    return verdict(findings, { summary: `${tools.length} tool(s): names and schemas valid` });
  },
};

function schemaFindings(
  schema: unknown,
  which: 'inputSchema' | 'outputSchema',
  mustBeObject: boolean,
  validityIsMust: boolean,
  add: (code: string, severity: Severity, problem: string) => void,
): void {
  if (schema === undefined) {
    if (which === 'inputSchema') add('input-schema-missing', 'fail', 'inputSchema is missing (REQUIRED)');
    return;
  }
  const s = asObject(schema);
  if (mustBeObject && s.type !== 'object')
    add('schema-not-object', 'fail', `${which}.type is ${JSON.stringify(s.type)}, not "object"`);
  const compiled = compileSchema(schema);
  if (compiled.error)
    add(
      'invalid-json-schema',
      validityIsMust ? 'fail' : 'warn',
      `${which} is not a valid JSON Schema: ${compiled.error}`,
    );
  const properties = asObject(s.properties);
  if (s.required === undefined) return;
  if (!Array.isArray(s.required)) add('required-not-array', 'fail', `${which}.required is not an array`);
  else {
    for (const r of s.required) {
      if (typeof r !== 'string')
        add('required-not-array', 'fail', `${which}.required holds ${JSON.stringify(r)}, not a string`);
      else if (!(r in properties))
        add('required-not-in-properties', 'info', `${which}.required names "${r}" which is not in properties`);
    }
  }
}
