#!/usr/bin/env node
// Tiny stdio MCP server for the toolnexus benchmark: tools get_weather, add, echo.
// Newline-delimited JSON-RPC 2.0 on stdin/stdout; no dependencies.
import readline from 'node:readline';

const TOOLS = [
  {
    name: 'get_weather',
    description: 'Current weather for a city.',
    inputSchema: { type: 'object', properties: { city: { type: 'string', description: 'City name' } }, required: ['city'] },
  },
  {
    name: 'add',
    description: 'Adds two numbers.',
    inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
  },
  {
    name: 'echo',
    description: 'Echoes the text back.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  },
];

function call(name, args) {
  switch (name) {
    case 'get_weather':
      return { text: 'Sunny, 21 C in ' + String(args.city) };
    case 'add':
      return { text: String(Number(args.a) + Number(args.b)) };
    case 'echo':
      return { text: String(args.text) };
    default:
      return { text: 'unknown tool: ' + name, isError: true };
  }
}

function send(msg) {
  process.stdout.write(JSON.stringify(msg) + '\n');
}

function handle(msg) {
  if (msg.id === undefined || msg.id === null) return; // a notification
  const reply = (result) => send({ jsonrpc: '2.0', id: msg.id, result });
  switch (msg.method) {
    case 'initialize':
      return reply({
        protocolVersion: (msg.params && msg.params.protocolVersion) || '2025-06-18',
        capabilities: { tools: { listChanged: false } },
        serverInfo: { name: 'bench-tools', version: '1.0.0' },
      });
    case 'ping':
      return reply({});
    case 'tools/list':
      return reply({ tools: TOOLS });
    case 'tools/call': {
      const p = msg.params || {};
      const r = call(p.name, p.arguments || {});
      return reply({ content: [{ type: 'text', text: r.text }], isError: Boolean(r.isError) });
    }
    default:
      return send({ jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found: ' + msg.method } });
  }
}

const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
rl.on('line', (line) => {
  if (!line.trim()) return;
  let msg;
  try {
    msg = JSON.parse(line);
  } catch {
    return send({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
  }
  (Array.isArray(msg) ? msg : [msg]).forEach(handle);
});
rl.on('close', () => process.exit(0));
