/**
 * The host data files (src/hosts/) hold together: fault classes keyed by a doctor code name a code the doctor
 * emits, measured hosts are pinned at the version they were measured on and have a fact for every fault
 * fixture they are driven with, and every fact says where it comes from. Pure: no host runs here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module (the installer is run as a script too)
import { HOSTS, TOOLS } from '../../scripts/install-hosts.mjs';
import { FAULT_CLASSES, type FaultCode } from '../../src/hosts/fault-classes.js';
import { HOST_PROFILES, HOSTS_IN_ORDER } from '../../src/hosts/index.js';
import type { Evidence } from '../../src/hosts/types.js';
import { PKG } from '../helpers.js';
import { DRIVERS } from './drivers/index.js';
import { batchesFor, TIMING } from './plan.js';

const sourceOf = (dir: string) =>
  readdirSync(join(PKG, 'src', dir))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => ({ file: f.replace(/\.ts$/, ''), text: readFileSync(join(PKG, 'src', dir, f), 'utf8') }));

describe('host data (src/hosts/)', () => {
  it('every fault class keyed by a doctor code names a code the doctor emits', () => {
    const sources = sourceOf('rules');
    for (const [code, c] of Object.entries(FAULT_CLASSES)) {
      if (!c.doctor) continue;
      const [check, suffix] = code.split('/');
      // Codes are written whole ('discover/no-answer') or as `${check}/${suffix}` in the check's own file.
      const found = sources.some(
        (s) =>
          s.text.includes(`'${code}'`) ||
          (s.file === check && (s.text.includes(`'${suffix}'`) || s.text.includes(`/${suffix}`))),
      );
      expect(found, `src/hosts/fault-classes.ts: "${code}" is marked doctor: true, but no check or rule emits it`).toBe(
        true,
      );
    }
  });

  it('MCP Inspector, a measured tool, is installed at the version its facts were measured on', () => {
    const pin = (TOOLS as Array<{ id: string; version: string }>).find((t) => t.id === 'mcp-inspector');
    expect(pin?.version, 'scripts/install-hosts.mjs TOOLS mcp-inspector vs src/hosts/mcp-inspector.ts').toBe(
      HOST_PROFILES.get('mcp-inspector')!.package!.version,
    );
  });

  it('a measured host is pinned at the version its facts were measured on', () => {
    for (const pin of HOSTS as Array<{ id: string; version: string }>) {
      const p = HOST_PROFILES.get(pin.id);
      expect(p, `no src/hosts/${pin.id}.ts for the pinned host ${pin.id}`).toBeDefined();
      expect(p!.package?.version, `src/hosts/${pin.id}.ts package.version vs scripts/install-hosts.mjs`).toBe(
        pin.version,
      );
      const facts = [
        p!.clientNames,
        p!.versionsOffered,
        p!.discover,
        ...Object.values(p!.faults).flatMap((r) => Object.values(r ?? {})),
      ];
      for (const f of facts)
        if (f.basis === 'measured')
          expect(f.hostVersion, `src/hosts/${pin.id}.ts: a fact measured on another version`).toBe(pin.version);
    }
  });

  it('every real host driven here has a fact for each fault fixture it is given', () => {
    for (const d of DRIVERS) {
      const p = HOST_PROFILES.get(d.id)!;
      for (const b of batchesFor(d.transports))
        for (const fault of b.faults) {
          if (b.witness && fault === 'ok') continue;
          expect(
            p.faults[fault as FaultCode]?.[b.transport],
            `src/hosts/${d.id}.ts faults['${fault}'].${b.transport}`,
          ).toBeDefined();
        }
      for (const fault of TIMING)
        if (fault !== 'start-up/no-answer')
          expect(p.faults[fault as FaultCode]?.stdio, `src/hosts/${d.id}.ts faults['${fault}'].stdio`).toBeDefined();
      expect(p.startupTimeout, `src/hosts/${d.id}.ts startupTimeout`).toBeDefined();
    }
  });

  it('every fact says where it comes from: a test that measures it, or a public URL', () => {
    const check = (where: string, e: Evidence) => {
      if (e.basis === 'measured') {
        expect(e.command.length, `${where}: the command that measures it`).toBeGreaterThan(10);
        expect(e.test, `${where}: the test that measures it`).toMatch(
          /^packages\/mcp-handshake\/test\/hosts\/[a-z-]+\.test\.ts › .+/,
        );
      } else expect(e.url, `${where}: the source`).toMatch(/^https:\/\//);
    };
    expect(HOSTS_IN_ORDER.map((h) => h.id)).toEqual([...new Set(HOSTS_IN_ORDER.map((h) => h.id))]);
    for (const h of HOSTS_IN_ORDER) {
      for (const k of [
        'clientNames',
        'transports',
        'versionsOffered',
        'discover',
        'healthCheck',
        'startupTimeout',
      ] as const) {
        const f = h[k];
        if (f) check(`src/hosts/${h.id}.ts ${k}`, f);
      }
      for (const [fault, r] of Object.entries(h.faults))
        for (const [t, f] of Object.entries(r ?? {})) check(`src/hosts/${h.id}.ts faults['${fault}'].${t}`, f!);
      if (!h.measuredHere) expect(h.notMeasuredBecause, `src/hosts/${h.id}.ts notMeasuredBecause`).toBeTruthy();
    }
  });

  it('covers the hosts issue 22 names', () => {
    for (const id of [
      'claude-code',
      'claude-connectors',
      'chatgpt',
      'vscode',
      'cursor',
      'gemini-cli',
      'qwen-code',
      'opencode',
      'mcp-inspector',
    ])
      expect(HOST_PROFILES.has(id), id).toBe(true);
  });
});
