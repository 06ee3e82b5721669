// A stand-in model API on 127.0.0.1 for real hosts: it records the tool names each request hands the model
// (the real "sees N tools" figure) and answers every turn with a short text, no tool call. It speaks the
// dialects the hosts use: Anthropic Messages (Claude Code), Gemini generateContent (Gemini CLI), OpenAI
// chat completions (Qwen Code, opencode, Continue) and OpenAI Responses (Codex). Run directly, it prints
// {"event":"listening","url":…} on stderr and appends each request as one JSON line to the file named by
// --log (the tests read it).
import { appendFileSync } from 'node:fs';
import { createServer } from 'node:http';

const ANSWER = 'ok';

function toolNames(body) {
  if (!body || typeof body !== 'object') return undefined;
  const tools = body.tools;
  if (!Array.isArray(tools)) return undefined;
  // Gemini: [{ functionDeclarations: [{ name }] }]; OpenAI chat: [{ type: 'function', function: { name } }];
  // Anthropic and OpenAI Responses: [{ name }].
  // Codex (Responses API) groups a server's tools: { type: 'namespace', name: 'mcp__srv', tools: [{ name }] }.
  return tools.flatMap((t) =>
    Array.isArray(t?.functionDeclarations)
      ? t.functionDeclarations.map((f) => f?.name)
      : t?.type === 'namespace' && Array.isArray(t.tools)
        ? t.tools.map((f) => `${t.name}__${f?.name}`)
        : [t?.function?.name ?? t?.name ?? t?.type],
  );
}

function sse(res, events) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const [event, data] of events)
    res.write(`${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
  res.end();
}
const json = (res, status, body) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

function anthropic(req, res, body) {
  if (req.url.includes('count_tokens')) return json(res, 200, { input_tokens: 10 });
  const usage = { input_tokens: 10, output_tokens: 1 };
  const message = {
    id: 'msg_fake',
    type: 'message',
    role: 'assistant',
    model: body.model,
    content: [],
    stop_reason: null,
    usage,
  };
  if (!body.stream)
    return json(res, 200, { ...message, content: [{ type: 'text', text: ANSWER }], stop_reason: 'end_turn' });
  sse(res, [
    ['message_start', { type: 'message_start', message }],
    ['content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }],
    ['content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: ANSWER } }],
    ['content_block_stop', { type: 'content_block_stop', index: 0 }],
    ['message_delta', { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage }],
    ['message_stop', { type: 'message_stop' }],
  ]);
}

function gemini(req, res) {
  if (req.url.includes(':countTokens')) return json(res, 200, { totalTokens: 10 });
  if (req.url.includes(':embedContent')) return json(res, 200, { embedding: { values: [0] } });
  const chunk = {
    candidates: [{ content: { role: 'model', parts: [{ text: ANSWER }] }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 1, totalTokenCount: 11 },
    modelVersion: 'fake',
  };
  if (req.url.includes(':streamGenerateContent')) return sse(res, [[undefined, chunk]]);
  return json(res, 200, chunk);
}

function openaiChat(res, body) {
  const base = { id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 0, model: body.model ?? 'fake' };
  const usage = { prompt_tokens: 10, completion_tokens: 1, total_tokens: 11 };
  if (!body.stream)
    return json(res, 200, {
      ...base,
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content: ANSWER }, finish_reason: 'stop' }],
      usage,
    });
  sse(res, [
    [
      undefined,
      { ...base, choices: [{ index: 0, delta: { role: 'assistant', content: ANSWER }, finish_reason: null }] },
    ],
    [undefined, { ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }], usage }],
    [undefined, '[DONE]'],
  ]);
}

function openaiResponses(res, body) {
  const item = {
    id: 'msg_fake',
    type: 'message',
    role: 'assistant',
    status: 'completed',
    content: [{ type: 'output_text', text: ANSWER, annotations: [] }],
  };
  const response = (status, output) => ({
    id: 'resp_fake',
    object: 'response',
    created_at: 0,
    status,
    model: body.model ?? 'fake',
    output,
    usage: {
      input_tokens: 10,
      output_tokens: 1,
      total_tokens: 11,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens_details: { reasoning_tokens: 0 },
    },
  });
  if (!body.stream) return json(res, 200, response('completed', [item]));
  sse(res, [
    ['response.created', { type: 'response.created', response: response('in_progress', []) }],
    [
      'response.output_item.added',
      { type: 'response.output_item.added', output_index: 0, item: { ...item, status: 'in_progress', content: [] } },
    ],
    [
      'response.output_text.delta',
      { type: 'response.output_text.delta', output_index: 0, content_index: 0, item_id: item.id, delta: ANSWER },
    ],
    ['response.output_item.done', { type: 'response.output_item.done', output_index: 0, item }],
    ['response.completed', { type: 'response.completed', response: response('completed', [item]) }],
  ]);
}

/** Start the stand-in; `onRequest` gets { at, method, path, tools } for each request (tools: names, or undefined). */
export function startFakeModel({ onRequest = () => {} } = {}) {
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      let body;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        body = undefined;
      }
      const path = req.url ?? '';
      onRequest({ at: Date.now(), method: req.method, path, tools: toolNames(body) }, body);
      if (req.method === 'GET' && /\/models\/?$/.test(path.split('?')[0]))
        return json(res, 200, {
          object: 'list',
          data: [{ id: 'fake-model', object: 'model', owned_by: 'fake' }],
          models: [],
        });
      if (path.includes('/messages')) return anthropic(req, res, body ?? {});
      if (/:(stream)?generateContent|:countTokens|:embedContent/i.test(path)) return gemini(req, res);
      if (path.includes('/chat/completions')) return openaiChat(res, body ?? {});
      if (path.includes('/responses')) return openaiResponses(res, body ?? {});
      json(res, 404, { error: { message: `fake model: no route for ${req.method} ${path}` } });
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${server.address().port}`,
        close: () =>
          new Promise((r) => {
            server.closeAllConnections();
            server.close(() => r());
          }),
      }),
    ),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const log = process.argv.includes('--log') ? process.argv[process.argv.indexOf('--log') + 1] : undefined;
  const { url } = await startFakeModel({
    onRequest: (r, body) => {
      const line = `${JSON.stringify({ ...r, ...(process.argv.includes('--bodies') && { body: body }) })}\n`;
      if (log) appendFileSync(log, line);
      else process.stderr.write(line);
    },
  });
  process.stderr.write(`${JSON.stringify({ event: 'listening', url })}\n`);
}
