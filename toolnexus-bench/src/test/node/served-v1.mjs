// The bench's TypeScript SDK v1 server (@modelcontextprotocol/sdk): streamable HTTP with
// 2025-11-25 sessions, one McpServer and transport per session as the SDK's own example does,
// behind Node's http server. Tools: "echo" (says its text) and "blob" (64 KiB of text). Prints
// "PORT=N" on stdout once listening. JSON answers (enableJsonResponse), not an event stream.
import http from "node:http";
import { randomUUID } from "node:crypto";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import { createRequire } from "node:module";

// zod, as the SDK itself resolves it
const sdkRequire = createRequire(createRequire(import.meta.url).resolve("@modelcontextprotocol/sdk/server/mcp.js"));
const { z } = sdkRequire("zod");

const BLOB = "x".repeat(65536);
const transports = new Map();

function newServer() {
  const server = new McpServer({ name: "bench-ts-v1", version: "1.0.0" });
  server.registerTool("echo", { description: "Says its text", inputSchema: { text: z.string() } }, async ({ text }) => ({
    content: [{ type: "text", text }],
  }));
  server.registerTool("blob", { description: "64 KiB of text", inputSchema: {} }, async () => ({
    content: [{ type: "text", text: BLOB }],
  }));
  return server;
}

const httpServer = http.createServer(async (req, res) => {
  const chunks = [];
  for await (const c of req) chunks.push(c);
  const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : undefined;
  const id = req.headers["mcp-session-id"];
  let transport = id === undefined ? undefined : transports.get(id);
  if (transport === undefined) {
    if (id !== undefined || req.method !== "POST" || !isInitializeRequest(body)) {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32001, message: "Session not found" }, id: null }));
      return;
    }
    transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      enableJsonResponse: true,
      onsessioninitialized: (sid) => transports.set(sid, transport),
    });
    transport.onclose = () => transport.sessionId && transports.delete(transport.sessionId);
    await newServer().connect(transport);
  }
  await transport.handleRequest(req, res, body);
});
httpServer.keepAliveTimeout = 120000;
httpServer.listen(Number(process.env.PORT || 0), "127.0.0.1", () => {
  console.log(`PORT=${httpServer.address().port}`);
});
// bench/served.sh's live-heap probe (node --expose-gc): collect, then print the heap in use
process.on("SIGUSR2", () => {
  globalThis.gc?.();
  console.log(`HEAP=${process.memoryUsage().heapUsed}`);
});
