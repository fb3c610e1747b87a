// A small MCP server in the TypeScript SDK v2, which speaks the stateless 2026-07-28 revision
// (server/discover, _meta on every request) and rejects the 2025-11-25 session. Over HTTP by
// default: Node's http server is put in front of the SDK's fetch-style handler and it prints
// "listening on port N" to stderr. With the argument "stdio" it serves stdin/stdout instead.
import http from "node:http";
import { createRequire } from "node:module";
import { McpServer, acceptedContent, createMcpHandler, inputRequired } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";

// zod 4, as the SDK itself resolves it (it may sit under the SDK's own node_modules)
const sdkRequire = createRequire(createRequire(import.meta.url).resolve("@modelcontextprotocol/server"));
const { z } = sdkRequire("zod");

// shared by every request's server instance: what became of each "wait" call, by its id
const waits = new Map();
// shared too: the tools the "grow" tool added, and how listen streams hear that the list changed
const grown = [];
let toolsChanged = () => {};

async function until(test, ms) {
  const end = Date.now() + ms;
  while (!test() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
}

function factory() {
  const server = new McpServer({ name: "toolnexus-v2-test", version: "1.0.0" });
  server.registerTool(
    "add",
    {
      description: "Adds two numbers",
      inputSchema: z.object({ a: z.number(), b: z.number() }),
      outputSchema: z.object({ sum: z.number() }),
    },
    async ({ a, b }) => ({
      content: [{ type: "text", text: String(a + b) }],
      structuredContent: { sum: a + b },
    }),
  );
  server.registerTool(
    "echo",
    { description: "Echoes the text", inputSchema: z.object({ text: z.string() }) },
    async ({ text }) => ({ content: [{ type: "text", text }] }),
  );
  server.registerTool(
    "count",
    { description: "Reports progress up to n, then says done", inputSchema: z.object({ n: z.number() }) },
    async ({ n }, ctx) => {
      const token = ctx.mcpReq._meta?.progressToken;
      for (let i = 1; i <= n; i++) {
        if (token !== undefined) {
          await ctx.mcpReq.notify({
            method: "notifications/progress",
            params: { progressToken: token, progress: i, total: n, message: `step ${i}` },
          });
        }
      }
      return { content: [{ type: "text", text: `counted to ${n}` }] };
    },
  );
  server.registerTool(
    "wait",
    { description: "Waits until the request is aborted", inputSchema: z.object({ id: z.string() }) },
    async ({ id }, ctx) => {
      waits.set(id, "started");
      const signal = ctx.mcpReq.signal;
      await new Promise((resolve) => {
        if (signal.aborted) resolve();
        signal.addEventListener("abort", () => resolve(), { once: true });
        setTimeout(resolve, 60000);
      });
      waits.set(id, signal.aborted ? "aborted" : "finished");
      return { content: [{ type: "text", text: "waited" }] };
    },
  );
  server.registerTool(
    "state",
    {
      description: "What became of the wait call `id`, once it is in state `want` (at most ten seconds)",
      inputSchema: z.object({ id: z.string(), want: z.string() }),
    },
    async ({ id, want }) => {
      await until(() => waits.get(id) === want, 10000);
      return { content: [{ type: "text", text: waits.get(id) ?? "unknown" }] };
    },
  );
  server.registerTool(
    "grow",
    {
      description: "Adds the tool `name`, which says its name, and tells listeners the tool list changed",
      inputSchema: z.object({ name: z.string() }),
    },
    async ({ name }) => {
      grown.push(name);
      toolsChanged();
      return { content: [{ type: "text", text: `added ${name}` }] };
    },
  );
  server.registerTool(
    "greet",
    { description: "Asks for a name (form input), then greets it", inputSchema: z.object({}) },
    async (_args, ctx) => {
      const given = acceptedContent(ctx.mcpReq.inputResponses, "who");
      if (given?.name === undefined) {
        return inputRequired({
          inputRequests: {
            who: inputRequired.elicit({
              message: "What is your name?",
              requestedSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
            }),
          },
          requestState: "greet-state-1",
        });
      }
      return { content: [{ type: "text", text: `hello ${given.name} (state ${ctx.mcpReq.requestState()})` }] };
    },
  );
  server.registerTool(
    "visit",
    { description: "Asks the user to act at a link (URL input), then says so", inputSchema: z.object({}) },
    async (_args, ctx) => {
      const answer = ctx.mcpReq.inputResponses?.consent;
      if (answer?.action !== "accept") {
        return inputRequired({
          inputRequests: {
            consent: inputRequired.elicitUrl({ message: "Approve at the link", url: "https://consent.example/approve" }),
          },
          requestState: "visit-state-1",
        });
      }
      return { content: [{ type: "text", text: `visited (state ${ctx.mcpReq.requestState()})` }] };
    },
  );
  for (const name of grown) {
    server.registerTool(name, { description: "Added by grow", inputSchema: z.object({}) }, async () => ({
      content: [{ type: "text", text: name }],
    }));
  }
  return server;
}

if (process.argv[2] === "stdio") {
  serveStdio(factory, { legacy: "reject" });
} else {
  serveHttp();
}

function serveHttp() {
  const handler = createMcpHandler(factory, { legacy: "reject" });
  toolsChanged = () => handler.notify.toolsChanged();

  const port = Number(process.env.PORT || 0);
  const httpServer = http.createServer(async (req, res) => {
    try {
      const chunks = [];
      for await (const c of req) chunks.push(c);
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) {
        if (Array.isArray(v)) v.forEach((x) => headers.append(k, x));
        else if (v !== undefined) headers.set(k, v);
      }
      const body = chunks.length && req.method !== "GET" && req.method !== "HEAD" ? Buffer.concat(chunks) : undefined;
      const abort = new AbortController();
      res.on("close", () => abort.abort());
      const request = new Request(`http://127.0.0.1:${port}${req.url}`, {
        method: req.method,
        headers,
        body,
        signal: abort.signal,
      });
      const response = await handler.fetch(request);
      const out = {};
      response.headers.forEach((v, k) => (out[k] = v));
      res.writeHead(response.status, out);
      if (response.body) {
        const reader = response.body.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          res.write(value);
        }
      }
      res.end();
    } catch (e) {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    }
  });
  httpServer.listen(port, "127.0.0.1", () => {
    console.error(`listening on port ${httpServer.address().port}`);
  });
}
