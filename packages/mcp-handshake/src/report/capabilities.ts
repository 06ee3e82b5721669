/** A plain-language line per capability and flag, for people reading an initialize result. */
/** Keyed by what a server declared: a Map, so a capability named `constructor` is just unknown. */
const MEANING = new Map<string, string>(
  Object.entries({
    tools: 'the server offers tools the model can call',
    'tools.listChanged': 'the server may tell you when its tool list changes',
    resources: 'the server offers resources: data you can read by URI',
    'resources.subscribe': 'you can subscribe to a resource and be told when it changes',
    'resources.listChanged': 'the server may tell you when its resource list changes',
    prompts: 'the server offers prompt templates a user can pick',
    'prompts.listChanged': 'the server may tell you when its prompt list changes',
    logging: "you can set the server's log level and receive its log messages",
    completions: 'the server can suggest values for prompt and resource-template arguments',
    experimental: 'non-standard features, named by their keys',
    tasks: 'the server can run some requests as long-running tasks (2025-11-25)',
    'tasks.list': 'you can list the running tasks',
    'tasks.cancel': 'you can cancel a task',
    'tasks.requests': 'which requests can run as tasks',
    extensions: 'protocol extensions the server supports, named by their keys',
  }),
);

export interface CapabilityLine {
  path: string;
  value: unknown;
  meaning: string;
}

export function explainCapabilities(capabilities: Record<string, unknown>): CapabilityLine[] {
  const lines: CapabilityLine[] = [];
  for (const [name, value] of Object.entries(capabilities)) {
    lines.push({ path: name, value, meaning: MEANING.get(name) ?? 'a capability this tool does not know' });
    if (
      value &&
      typeof value === 'object' &&
      !Array.isArray(value) &&
      name !== 'experimental' &&
      name !== 'extensions'
    ) {
      for (const [flag, v] of Object.entries(value as Record<string, unknown>)) {
        const path = `${name}.${flag}`;
        const meaning = MEANING.get(path) ?? 'a flag this tool does not know';
        lines.push({ path, value: v, meaning: v === false ? `not offered (${meaning})` : meaning });
      }
    }
  }
  return lines;
}
