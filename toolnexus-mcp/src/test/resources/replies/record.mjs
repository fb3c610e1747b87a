// Records the replies McpRepliesTest reads, byte for byte: starts an MCP server over stdio, sends the
// initialize, notifications/initialized and tools/list messages StdioSession sends, and writes each reply
// line to <outPrefix>-initialize.json and <outPrefix>-tools-list.json.
// Usage: node record.mjs <outPrefix> <server argv...>
import { spawn } from 'node:child_process';
import fs from 'node:fs';
const [out, ...argv] = process.argv.slice(2);
const child = spawn(argv[0], argv.slice(1), { stdio: ['pipe', 'pipe', 'inherit'] });
let buf = Buffer.alloc(0);
const waiting = new Map();
child.stdout.on('data', (d) => {
  buf = Buffer.concat([buf, d]);
  let i;
  while ((i = buf.indexOf(10)) >= 0) {
    const line = buf.subarray(0, i); buf = buf.subarray(i + 1);
    let msg; try { msg = JSON.parse(line.toString('utf8')); } catch { continue; }
    if (msg.id !== undefined && waiting.has(msg.id)) { waiting.get(msg.id)(line); waiting.delete(msg.id); }
  }
});
const ask = (id, line) => new Promise((res) => { waiting.set(id, res); child.stdin.write(line + '\n'); });
const init = await ask('toolnexus-call-1', '{"jsonrpc":"2.0","method":"initialize","id":"toolnexus-call-1","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"toolnexus","version":"0.1.0-SNAPSHOT"}}}');
fs.writeFileSync(out + '-initialize.json', Buffer.concat([init, Buffer.from('\n')]));
child.stdin.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
const list = await ask('toolnexus-call-2', '{"jsonrpc":"2.0","method":"tools/list","id":"toolnexus-call-2","params":{}}');
fs.writeFileSync(out + '-tools-list.json', Buffer.concat([list, Buffer.from('\n')]));
child.kill();
process.exit(0);
