// Hostile clients within every limit (issue 13), against a running gift-genius: what each can make the
// server keep — 1 MB initialize per session, thousands of subscribe attempts, maximal listen filters and
// ids on streams that are never read, never-read GET streams, 1 MB envelopes on the direct path — while a
// /healthz probe runs throughout. Used by test/memory.test.ts (bounds asserted) and bench/memory-hostile.mjs
// (figures). Plain node; every socket is closed at the end.

import { readFileSync } from 'node:fs';
import http from 'node:http';
import { connect } from 'node:net';

const MODERN = '2026-07-28';
const LEGACY = '2025-11-25';
const META = { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientCapabilities': {} };

function rssOf(pid) {
  try {
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024;
  } catch {
    return NaN;
  }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

function post(url, body, headers = {}) {
  const data = typeof body === 'string' ? body : JSON.stringify(body);
  return new Promise((resolve) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'content-length': Buffer.byteLength(data),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text }));
        res.on('error', () => resolve({ status: 0, text }));
      },
    );
    req.setTimeout(60_000, () => req.destroy(new Error('timeout')));
    req.on('error', (e) => resolve({ status: 0, text: e.message }));
    req.end(data);
  });
}

/** A socket that sends one request and then never reads what comes back. */
async function neverRead(url, head, body = '') {
  const u = new URL(url);
  const socket = connect(Number(u.port), u.hostname);
  socket.on('error', () => undefined);
  await new Promise((r) => socket.once('connect', r));
  socket.write(
    `${head}\r\nHost: ${u.host}\r\n${body ? `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` : ''}\r\n${body}`,
  );
  socket.pause();
  return socket;
}

async function pool(n, concurrency, task) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) await task(next++);
    }),
  );
}

const pad = (bytes) => 'x'.repeat(bytes);

/**
 * scale: { sessions, subscribeSessions, subscribeAttempts, listenStreams, getStreams, envelopes }.
 * giftIds: real ids (for subscriptions the server accepts). churn(): makes catalog changes (notifications).
 */
export async function runHostile({
  url,
  pid,
  giftIds,
  scale,
  churn,
  maxListenFilter = 100,
  maxStreamIdChars = 256,
  probeEveryMs = 100,
}) {
  const out = {
    scale,
    rssStartBytes: rssOf(pid),
    rssPeakBytes: 0,
    refused: {},
    healthz: { probes: 0, failures: 0, latenciesMs: [] },
  };
  const sockets = [];
  let running = true;
  const sampler = (async () => {
    while (running) {
      out.rssPeakBytes = Math.max(out.rssPeakBytes, rssOf(pid));
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  const healthUrl = new URL('/healthz', url);
  const prober = (async () => {
    while (running) {
      const t = performance.now();
      const ok = await new Promise((resolve) => {
        const req = http.get(healthUrl, { agent: false, timeout: 10_000 }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode === 200));
        });
        req.on('timeout', () => req.destroy());
        req.on('error', () => resolve(false));
      });
      out.healthz.probes++;
      if (!ok) out.healthz.failures++;
      out.healthz.latenciesMs.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, probeEveryMs));
    }
  })();
  const count = (what, r) => ((out.refused[what] ??= {})[r.status] = ((out.refused[what] ??= {})[r.status] ?? 0) + 1);

  try {
    // 1. Sessions, each opened with a ~1 MB initialize (capabilities.experimental).
    const sessions = [];
    await pool(scale.sessions, 4, async (i) => {
      const r = await post(url, {
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: {
          protocolVersion: LEGACY,
          capabilities: { experimental: { [`pad${i}`]: { x: pad(1000 * 1000) } } },
          clientInfo: { name: `hostile-${i}`, version: pad(2000) },
        },
      });
      count('initialize', r);
      const sid = r.headers?.['mcp-session-id'];
      if (sid) {
        await post(
          url,
          { jsonrpc: '2.0', method: 'notifications/initialized' },
          { 'mcp-session-id': sid, 'mcp-protocol-version': LEGACY },
        );
        sessions.push(sid);
      }
    });
    out.sessionsOpened = sessions.length;

    // 2. Thousands of subscribe attempts: every real gift, then made-up 100 KB URIs.
    await pool(Math.min(scale.subscribeSessions, sessions.length), 2, async (s) => {
      const sid = sessions[s];
      await pool(scale.subscribeAttempts, 4, async (i) => {
        const uri = i < giftIds.length ? `gift://catalog/${giftIds[i]}` : `ui://gift-genius/${i}-${pad(100_000)}`;
        const r = await post(
          url,
          { jsonrpc: '2.0', id: i, method: 'resources/subscribe', params: { uri } },
          { 'mcp-session-id': sid, 'mcp-protocol-version': LEGACY },
        );
        count(r.text.includes('"error"') ? 'subscribe refused' : 'subscribe accepted', r);
      });
    });

    // 3. Listen streams with maximal filters and ids, never read; and oversized ones (refused).
    const filter = giftIds.slice(0, maxListenFilter).map((id) => `gift://catalog/${id}`);
    for (let i = 0; i < scale.listenStreams; i++) {
      const body = JSON.stringify({
        jsonrpc: '2.0',
        id: `${i}-${pad(maxStreamIdChars - 12)}`.slice(0, maxStreamIdChars - 2),
        method: 'subscriptions/listen',
        params: {
          notifications: { resourceSubscriptions: filter, resourcesListChanged: true, toolsListChanged: true },
          _meta: META,
        },
      });
      sockets.push(
        await neverRead(
          url,
          `POST ${new URL(url).pathname} HTTP/1.1\r\nAccept: application/json, text/event-stream\r\nMCP-Protocol-Version: ${MODERN}\r\nMcp-Method: subscriptions/listen`,
          body,
        ),
      );
    }
    const oversized = await post(
      url,
      {
        jsonrpc: '2.0',
        id: pad(100_000),
        method: 'subscriptions/listen',
        params: {
          notifications: {
            resourceSubscriptions: Array.from({ length: 20_000 }, (_, i) => `gift://catalog/made-up-${i}`),
          },
          _meta: META,
        },
      },
      { 'mcp-protocol-version': MODERN, 'mcp-method': 'subscriptions/listen' },
    );
    count('oversized listen', oversized);

    // 4. A GET stream per session, never read.
    for (const sid of sessions.slice(0, scale.getStreams)) {
      sockets.push(
        await neverRead(
          url,
          `GET ${new URL(url).pathname} HTTP/1.1\r\nAccept: text/event-stream\r\nMcp-Session-Id: ${sid}\r\nMCP-Protocol-Version: ${LEGACY}`,
        ),
      );
    }

    // 5. Direct calls with distinct ~1 MB envelopes.
    await pool(scale.envelopes, 4, async (i) => {
      const r = await post(
        url,
        {
          jsonrpc: '2.0',
          id: i,
          method: 'tools/call',
          params: {
            name: 'get_gift',
            arguments: { id: giftIds[i % giftIds.length] },
            _meta: {
              ...META,
              'io.modelcontextprotocol/clientCapabilities': { experimental: { [`k${i}`]: { x: pad(1000 * 1000) } } },
            },
          },
        },
        { 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/call', 'mcp-name': 'get_gift' },
      );
      count('envelope', r);
    });

    // 6. Catalog changes while the streams are not read: notifications queue against the bound.
    if (churn) for (let i = 0; i < (scale.churns ?? 3); i++) await churn(i);
    await new Promise((r) => setTimeout(r, 1500));
    out.rssEndBytes = rssOf(pid);
  } finally {
    running = false;
    await Promise.all([sampler, prober]);
    for (const s of sockets) s.destroy();
    agent.destroy();
  }
  const l = [...out.healthz.latenciesMs].sort((a, b) => a - b);
  const q = (p) => (l.length ? Math.round(l[Math.min(l.length - 1, Math.floor(p * l.length))] * 10) / 10 : null);
  out.healthz = {
    probes: out.healthz.probes,
    failures: out.healthz.failures,
    p50Ms: q(0.5),
    p99Ms: q(0.99),
    maxMs: l.length ? Math.round(l.at(-1)) : null,
  };
  return out;
}
