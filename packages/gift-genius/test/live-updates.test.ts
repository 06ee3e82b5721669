import { describe, expect, it } from 'vitest';
import { type LiveChange, LiveUpdates, reaches } from '../dist/live/live-updates.js';

/**
 * The fan-out's rules, as data (test/notifications.test.ts sees them end to end on every lane):
 * nothing before initialized; resources/updated only for what a legacy receiver subscribed to.
 */
const list: LiveChange = { kind: 'resourcesListChanged' };
const tools: LiveChange = { kind: 'toolsChanged' };
const update = (uri: string): LiveChange => ({ kind: 'resourceUpdated', uri });

describe('live updates', () => {
  it('reaches: nothing before initialized, updates by subscription, everything for a modern receiver', () => {
    const waiting = { initialized: false, subscriptions: new Set(['gift://a']) };
    expect([list, tools, update('gift://a')].map((c) => reaches(waiting, c))).toEqual([false, false, false]);
    const legacy = { initialized: true, subscriptions: new Set(['gift://a']) };
    expect([list, tools, update('gift://a'), update('gift://b')].map((c) => reaches(legacy, c))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(reaches({ initialized: true }, update('gift://a'))).toBe(false);
    expect(reaches({ initialized: true, subscriptions: 'all' }, update('gift://z'))).toBe(true);
  });

  it('one publish reaches each group and receiver once, read afresh; removed ones hear nothing', () => {
    const live = new LiveUpdates();
    const heard: string[] = [];
    const sessions = new Map<string, { initialized: boolean; subscriptions?: Set<string> }>();
    const removeGroup = live.addGroup(
      () => sessions.values(),
      (s, c) => heard.push(`${[...sessions].find(([, v]) => v === s)![0]}:${c.kind}`),
    );
    const stdio = { initialized: true, subscriptions: 'all' as const };
    const removeStdio = live.add(stdio, (_, c) => heard.push(`stdio:${c.kind}`));
    sessions.set('s1', { initialized: true, subscriptions: new Set(['gift://a']) });
    live.publish(update('gift://a'));
    sessions.set('s2', { initialized: false });
    live.publish(list);
    removeStdio();
    live.publish(update('gift://b'));
    removeGroup();
    live.publish(tools);
    expect(heard).toEqual([
      's1:resourceUpdated',
      'stdio:resourceUpdated',
      's1:resourcesListChanged',
      'stdio:resourcesListChanged',
    ]);
  });
});
