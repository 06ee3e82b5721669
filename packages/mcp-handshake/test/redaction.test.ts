import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Redactor } from '../src/redact.js';
import { resolveTarget, secretsOf } from '../src/target.js';
import { CLI, fixture } from './helpers.js';

describe('redaction (issue 11: no credential reaches --dump-wire or --json)', () => {
  it('hides the password of any URL with credentials, and a bare userinfo token', () => {
    const r = new Redactor();
    expect(r.text('db postgres://app:s3cr3t-pw@db.internal:5432/gifts ok')).toBe(
      'db postgres://app:[redacted]@db.internal:5432/gifts ok',
    );
    expect(r.text('see http://user:pass@example.com/mcp')).toBe('see http://user:[redacted]@example.com/mcp');
    expect(r.text('https://ghp-token-value@github.example/x')).toBe('https://[redacted]@github.example/x');
    expect(r.text('mail me at a@b.example, or http://example.com/a@b')).toBe(
      'mail me at a@b.example, or http://example.com/a@b',
    );
  });

  it('-e values holding credentials are secrets whatever their name; so are secret-named variables inherited from the shell', () => {
    const target = resolveTarget(
      ['node', 'server.js'],
      { env: ['DATABASE_URL=postgres://app:s3cr3t-pw@db:5432/x', 'LOG_LEVEL=debug'] },
      { GITHUB_TOKEN: 'inherited-token-value-1234', HOME: '/root', PATH: '/usr/bin' },
    );
    const secrets = secretsOf(target);
    expect(secrets).toEqual(expect.arrayContaining(['s3cr3t-pw', 'inherited-token-value-1234']));
    expect(secrets).not.toContain('debug');
    expect(secrets).not.toContain('/root');
  });

  it('an http://user:pass@ target is kept for connecting but never printed', () => {
    const target = resolveTarget(['http://user:pass-word-9@127.0.0.1:9/mcp'], {});
    expect(secretsOf(target)).toContain('pass-word-9');
  });

  it('end to end: doctor --json and --dump-wire carry none of them', () => {
    const wire = join(mkdtempSync(join(tmpdir(), 'mcp-handshake-redact-')), 'wire.json');
    const r = spawnSync(
      process.execPath,
      [
        CLI,
        'doctor',
        '--json',
        '--dump-wire',
        wire,
        '-v',
        '-e',
        'DATABASE_URL=postgres://app:s3cr3t-pw@db:5432/x',
        '--',
        process.execPath,
        fixture('echo-secrets-server.mjs'),
      ],
      {
        encoding: 'utf8',
        timeout: 60_000,
        env: { ...process.env, GITHUB_TOKEN: 'inherited-token-value-1234' },
      },
    );
    expect(r.status).toBe(0);
    const dumped = readFileSync(wire, 'utf8');
    expect(dumped).toContain('connecting to postgres://app:[redacted]@db');
    for (const out of [r.stdout, dumped]) {
      expect(out).not.toContain('s3cr3t-pw');
      expect(out).not.toContain('inherited-token-value-1234');
    }
  }, 60_000);
});
