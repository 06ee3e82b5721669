import type { Diagnostic, Transcript } from '../types.js';
import type { SessionView } from './session-view.js';

/**
 * A passive rule reads a transcript someone else's client made (a host through `tap`, or
 * `doctor --dump-wire`) and says whose fault each finding is. Pure; one per file.
 */
export interface PassiveRule {
  /** Stable; finding codes are `<id>/<what>`. */
  id: string;
  title: string;
  run(t: Transcript, sessions: SessionView[]): Diagnostic[];
}
