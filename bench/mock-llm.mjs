#!/usr/bin/env node
// Mock OpenAI-compatible chat endpoint for the toolnexus benchmark. No dependencies.
//
// Turn 1 (no tool results yet): two parallel tool calls, get_weather {city:"Paris"} and
// add {a:2,b:2}, named after the matching entries of the request's `tools` (an MCP tool may be
// exposed as "<server>_get_weather"). Turn 2 (tool results present): the final text, built from
// the tool results so a caller can check that the tools really ran.
// Supports `stream: true` (SSE chunks) as well as plain JSON.
//
// Usage: node mock-llm.mjs [--port N] [--delay-ms D]   (port 0 or absent: an ephemeral port; D: a
// fixed wait before each chat answer, as a provider's latency, default 0)
// Prints "MOCK_URL=http://127.0.0.1:PORT/v1" on its first stdout line once listening.
import http from 'node:http';

const portArg = process.argv.indexOf('--port');
const port = portArg > 0 ? Number(process.argv[portArg + 1]) : 0;
const delayArg = process.argv.indexOf('--delay-ms');
const delayMs = delayArg > 0 ? Number(process.argv[delayArg + 1]) : 0;
let seq = 0;

function pickName(tools, base) {
  const names = (Array.isArray(tools) ? tools : [])
    .map((t) => (t && t.function && t.function.name) || (t && t.name))
    .filter((n) => typeof n === 'string');
  return names.find((n) => n === base) || names.find((n) => n.endsWith('_' + base)) || base;
}

function toolText(m) {
  if (typeof m.content === 'string') return m.content;
  if (Array.isArray(m.content)) return m.content.map((p) => p.text || '').join('');
  return '';
}

function answer(body) {
  const messages = Array.isArray(body.messages) ? body.messages : [];
  const results = messages.filter((m) => m.role === 'tool');
  const id = 'chatcmpl-mock-' + ++seq;
  const usage = { prompt_tokens: 20 * messages.length, completion_tokens: 12, total_tokens: 20 * messages.length + 12 };
  const user = messages.filter((m) => m.role === 'user').map(toolText).pop() || '';
  // "ask me ...": one call to the `question` builtin, then the answer quoted back (CLI tests).
  if (user.includes('ask me') && pickName(body.tools, 'question') === 'question') {
    if (results.length === 0) {
      const calls = [{ id: 'call_q' + seq, type: 'function',
        function: { name: 'question', arguments: '{"questions":[{"question":"What is your name?"}]}' } }];
      return { id, calls, text: null, finish: 'tool_calls', usage };
    }
    return { id, calls: null, text: 'You said: ' + toolText(results[0]), finish: 'stop', usage };
  }
  if (results.length === 0) {
    const calls = [
      { id: 'call_w' + seq, type: 'function', function: { name: pickName(body.tools, 'get_weather'), arguments: '{"city":"Paris"}' } },
      { id: 'call_a' + seq, type: 'function', function: { name: pickName(body.tools, 'add'), arguments: '{"a":2,"b":2}' } },
    ];
    return { id, calls, text: null, finish: 'tool_calls', usage };
  }
  const text = 'Weather: ' + results.map(toolText).join(' | ') + '. Done.';
  return { id, calls: null, text, finish: 'stop', usage };
}

function plain(body, a) {
  const message = { role: 'assistant', content: a.text };
  if (a.calls) message.tool_calls = a.calls;
  return JSON.stringify({
    id: a.id, object: 'chat.completion', created: 1700000000, model: body.model || 'mock',
    choices: [{ index: 0, message, finish_reason: a.finish }], usage: a.usage,
  });
}

function sse(res, body, a) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const chunk = (delta, finish, usage) => {
    const c = { id: a.id, object: 'chat.completion.chunk', created: 1700000000, model: body.model || 'mock',
      choices: [{ index: 0, delta, finish_reason: finish }] };
    if (usage) c.usage = usage;
    res.write('data: ' + JSON.stringify(c) + '\n\n');
  };
  chunk({ role: 'assistant', content: '' }, null);
  if (a.calls) {
    a.calls.forEach((call, index) => {
      chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } }] }, null);
      chunk({ tool_calls: [{ index, function: { arguments: call.function.arguments } }] }, null);
    });
  } else {
    for (const piece of a.text.match(/.{1,16}/gs)) chunk({ content: piece }, null);
  }
  chunk({}, a.finish, a.usage);
  res.end('data: [DONE]\n\n');
}

const server = http.createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/health') {
    res.writeHead(200, { 'content-type': 'text/plain' });
    return res.end('ok');
  }
  if (req.method !== 'POST' || !req.url.endsWith('/chat/completions')) {
    res.writeHead(404, { 'content-type': 'application/json' });
    return res.end('{"error":{"message":"not found: ' + req.method + ' ' + req.url + '"}}');
  }
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    let body;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch (e) {
      res.writeHead(400, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: { message: 'invalid JSON body: ' + e.message } }));
    }
    const reply = () => {
      const a = answer(body);
      if (body.stream) return sse(res, body, a);
      const text = plain(body, a);
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
      res.end(text);
    };
    if (delayMs > 0) setTimeout(reply, delayMs);
    else reply();
  });
});
server.keepAliveTimeout = 60000;
server.listen(port, '127.0.0.1', () => {
  process.stdout.write('MOCK_URL=http://127.0.0.1:' + server.address().port + '/v1\n');
});
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
