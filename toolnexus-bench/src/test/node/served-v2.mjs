// The bench's TypeScript SDK v2 server (@modelcontextprotocol/server): the stateless 2026-07-28
// revision through the SDK's fetch-style handler, behind Node's http server (the adapter the SDK
// leaves to the application). Tools: "echo" (says its text) and "blob" (64 KiB of text). Prints
// "PORT=N" on stdout once listening.
import http from "node:http";
import { createRequire } from "node:module";
import { McpServer, createMcpHandler } from "@modelcontextprotocol/server";

// zod 4, as the SDK itself resolves it
const sdkRequire = createRequire(createRequire(import.meta.url).resolve("@modelcontextprotocol/server"));
const { z } = sdkRequire("zod");

const BLOB = "x".repeat(65536);

function factory() {
  const server = new McpServer({ name: "bench-ts-v2", version: "1.0.0" });
  server.registerTool("echo", { description: "Says its text", inputSchema: z.object({ text: z.string() }) }, async ({ text }) => ({
    content: [{ type: "text", text }],
  }));
  server.registerTool("blob", { description: "64 KiB of text", inputSchema: z.object({}) }, async () => ({
    content: [{ type: "text", text: BLOB }],
  }));
  return server;
}

const handler = createMcpHandler(factory, { legacy: "reject" });
let port = 0;
const httpServer = http.createServer(async (req, res) => {
  try {
    const chunks = [];
    for await (const c of req) chunks.push(c);
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) {
      if (Array.isArray(v)) v.forEach((x) => headers.append(k, x));
      else if (v !== undefined) headers.set(k, v);
    }
    const body = chunks.length && req.method === "POST" ? Buffer.concat(chunks) : undefined;
    const response = await handler.fetch(
      new Request(`http://127.0.0.1:${port}${req.url}`, { method: req.method, headers, body }),
    );
    const out = {};
    response.headers.forEach((v, k) => (out[k] = v));
    res.writeHead(response.status, out);
    res.end(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
  } catch (e) {
    if (!res.headersSent) res.writeHead(500);
    res.end();
  }
});
httpServer.keepAliveTimeout = 120000;
httpServer.listen(Number(process.env.PORT || 0), "127.0.0.1", () => {
  port = httpServer.address().port;
  console.log(`PORT=${port}`);
});
// bench/served.sh's live-heap probe (node --expose-gc): collect, then print the heap in use
process.on("SIGUSR2", () => {
  globalThis.gc?.();
  console.log(`HEAP=${process.memoryUsage().heapUsed}`);
});
