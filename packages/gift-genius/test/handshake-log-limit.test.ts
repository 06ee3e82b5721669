// The handshake tap's log limit (observe/handshake-log-limit.ts), on a clock the test drives.
import { describe, expect, it } from 'vitest';
import { HandshakeLogLimit } from '../dist/observe/handshake-log-limit.js';

describe('HandshakeLogLimit', () => {
  it('writes a kind once per interval and says on the next line how many it held back', () => {
    let now = 1_000_000;
    const limit = new HandshakeLogLimit(() => now, 60_000, 20, 1000);
    expect(limit.admit('discover claude')).toEqual({ repeats: 0, suppressed: 0 });
    for (let i = 0; i < 99; i++) {
      now += 100;
      expect(limit.admit('discover claude')).toBeUndefined();
    }
    // Another kind is its own line.
    expect(limit.admit('discover gemini')).toEqual({ repeats: 0, suppressed: 0 });
    now = 1_000_000 + 60_000;
    expect(limit.admit('discover claude')).toEqual({ repeats: 99, suppressed: 0 });
  });

  it('writes at most perSecond lines of new kinds a second (a client naming itself anew each time)', () => {
    let now = 5_000;
    const limit = new HandshakeLogLimit(() => now, 60_000, 20, 1000);
    const written = Array.from({ length: 25 }, (_, i) => limit.admit(`kind ${i}`)).filter(Boolean);
    expect(written).toHaveLength(20);
    now += 1000;
    expect(limit.admit('kind next')).toEqual({ repeats: 0, suppressed: 5 });
  });

  it('keeps at most maxKinds kinds: the one written longest ago is forgotten first', () => {
    let now = 0;
    const limit = new HandshakeLogLimit(() => now, 60_000, 100, 3);
    for (const k of ['a', 'b', 'c']) {
      now += 10;
      limit.admit(k);
    }
    now += 10;
    limit.admit('d'); // forgets a
    expect(limit.admit('a')).toEqual({ repeats: 0, suppressed: 0 });
    expect(limit.admit('c')).toBeUndefined();
  });
});
