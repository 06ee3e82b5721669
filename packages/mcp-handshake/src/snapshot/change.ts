/** One difference between two snapshots, classified for a host that froze the old one. */
export type ChangeClass = 'breaking' | 'additive';

export interface Change {
  class: ChangeClass;
  /** Stable: `tool-removed`, `argument-now-required`, `widget-csp-changed`… */
  code: string;
  /** What changed: `tool suggest_gifts`, `prompt greeting_card`, `widget ui://…`. */
  subject: string;
  /** Where inside it (a JSON pointer into the schema), when it is not the whole thing. */
  path?: string;
  message: string;
  before?: unknown;
  after?: unknown;
}

export const change = (
  cls: ChangeClass,
  code: string,
  subject: string,
  message: string,
  extra: Partial<Change> = {},
): Change => ({
  class: cls,
  code,
  subject,
  message,
  ...extra,
});
