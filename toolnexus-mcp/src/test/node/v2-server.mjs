// A small MCP server in the TypeScript SDK v2, which speaks the stateless 2026-07-28 revision
// (server/discover, _meta on every request) and rejects the 2025-11-25 session. Over HTTP by
// default: Node's http server is put in front of the SDK's fetch-style handler and it prints
// "listening on port N" to stderr. With the argument "stdio" it serves stdin/stdout instead.
import http from "node:http";
import { createRequire } from "node:module";
import { McpServer, ProtocolError, acceptedContent, createMcpHandler, inputRequired } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";

// zod 4, as the SDK itself resolves it (it may sit under the SDK's own node_modules)
const sdkRequire = createRequire(createRequire(import.meta.url).resolve("@modelcontextprotocol/server"));
const { z } = sdkRequire("zod");

// shared by every request's server instance: what became of each "wait" call, by its id
const waits = new Map();
// shared too: the tools, prompts and resources the "grow" tool added, and how listen streams hear
// that a list changed or the note was updated. Over HTTP every request has its own server instance,
// so the handler's notifier tells the streams; over stdio one instance serves the connection, so
// the addition is registered on it too and the SDK routes its change notification to the streams.
const stdio = process.argv[2] === "stdio";
const grown = { tools: [], prompts: [], resources: [] };
let changed = () => {};

// The Tasks extension (io.modelcontextprotocol/tasks), which the SDK leaves to the server: the
// "job" tool answers with a created task that moves one step on each tasks/get, so a client's polls
// (not the clock) pace it; "job_state" says what became of the jobs started under a key.
const TASKS = "io.modelcontextprotocol/tasks";
const tasks = new Map(); // taskId -> the task's state
const jobs = new Map(); // key -> { started, last } (how many tasks, the last one's id)
let taskSeq = 0;

function taskView(t) {
  const view = {
    taskId: t.taskId,
    status: t.status,
    createdAt: t.createdAt,
    lastUpdatedAt: t.lastUpdatedAt,
    ttlMs: 600000,
    pollIntervalMs: t.pollMs,
  };
  if (t.statusMessage !== undefined) view.statusMessage = t.statusMessage;
  if (t.status === "completed") view.result = t.result;
  if (t.status === "failed") view.error = t.error;
  if (t.status === "input_required") view.inputRequests = t.inputRequests;
  return view;
}

function step(t) {
  if (t.status !== "working") return;
  t.done += 1;
  t.lastUpdatedAt = new Date().toISOString();
  t.statusMessage = `step ${t.done} of ${t.steps}`;
  if (t.ask !== undefined && t.done === t.ask && t.answer === undefined) {
    t.status = "input_required";
    t.statusMessage = "the job asks whether to go on";
    t.inputRequests = {
      [`go-${t.taskId}`]: {
        method: "elicitation/create",
        params: {
          mode: "form",
          message: "Go on with the job?",
          requestedSchema: { type: "object", properties: { go: { type: "string" } }, required: ["go"] },
        },
      },
    };
  } else if (t.done >= t.steps) {
    const text = `job ${t.key} done after ${t.done} steps` + (t.answer ? ` (go: ${t.answer})` : "");
    if (t.fail) {
      t.status = "failed";
      t.error = { code: -32603, message: `job ${t.key} broke` };
    } else {
      t.status = "completed";
      t.result = { content: [{ type: "text", text }], isError: t.toolError === true };
    }
  }
}

function known(taskId) {
  const t = tasks.get(taskId);
  if (t === undefined) throw new ProtocolError(-32602, `Failed to retrieve task: no task ${taskId}`);
  return t;
}

function registerJobs(server) {
  server.registerTool(
    "job",
    {
      description: "Runs as a task of `steps` steps, one per poll; may ask a question at step `ask`",
      inputSchema: z.object({
        key: z.string(),
        steps: z.number(),
        pollMs: z.number().optional(),
        ask: z.number().optional(),
        fail: z.boolean().optional(),
        error: z.boolean().optional(),
      }),
    },
    async ({ key, steps, pollMs, ask, fail, error }, ctx) => {
      const declared = ctx.mcpReq.envelope?.["io.modelcontextprotocol/clientCapabilities"]?.extensions?.[TASKS];
      if (declared === undefined) {
        return { content: [{ type: "text", text: "job needs the tasks extension" }], isError: true };
      }
      const now = new Date().toISOString();
      const taskId = `task-${++taskSeq}-${Math.random().toString(36).slice(2)}`;
      const t = { taskId, key, steps, ask, fail, toolError: error, pollMs: pollMs ?? 1000, done: 0, status: "working" };
      t.createdAt = t.lastUpdatedAt = now;
      tasks.set(taskId, t);
      const job = jobs.get(key) ?? { started: 0 };
      job.started += 1;
      job.last = taskId;
      jobs.set(key, job);
      return { resultType: "task", ...taskView(t) };
    },
  );
  server.registerTool(
    "job_state",
    { description: "How many jobs started under `key`, and the status of the last", inputSchema: z.object({ key: z.string() }) },
    async ({ key }) => {
      const job = jobs.get(key);
      const text = job === undefined ? "none" : `${job.started} started, last ${tasks.get(job.last).status}`;
      return { content: [{ type: "text", text }] };
    },
  );
  const byId = { params: z.object({ taskId: z.string() }).passthrough() };
  server.server.setRequestHandler("tasks/get", byId, async ({ taskId }) => {
    const t = known(taskId);
    step(t);
    return taskView(t);
  });
  server.server.setRequestHandler("tasks/cancel", byId, async ({ taskId }) => {
    const t = known(taskId);
    if (t.status === "working" || t.status === "input_required") {
      t.status = "cancelled";
      t.statusMessage = "cancelled by the client";
      t.lastUpdatedAt = new Date().toISOString();
    }
    return {};
  });
  server.server.setRequestHandler(
    "tasks/update",
    byId,
    async ({ taskId }, ctx) => {
      // the SDK lifts inputResponses off the params, as it does for a multi-round-trip retry
      const t = known(taskId);
      const response = ctx.mcpReq.inputResponses?.[`go-${taskId}`];
      if (t.status === "input_required" && response !== undefined) {
        t.answer = response.action === "accept" ? String(response.content?.go) : response.action;
        t.status = "working";
        delete t.inputRequests;
      }
      return {};
    },
  );
}

async function until(test, ms) {
  const end = Date.now() + ms;
  while (!test() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
}

// CACHE_TTL_MS (and CACHE_SCOPE, "public" or "private") set the cache hints of every cacheable
// result; without them the SDK sends ttlMs 0. The "note" resource and the "hello" prompt are there
// to be listed and read.
const CACHEABLE = ["server/discover", "tools/list", "prompts/list", "resources/list", "resources/templates/list", "resources/read"];
const cacheHints = process.env.CACHE_TTL_MS === undefined
  ? undefined
  : Object.fromEntries(CACHEABLE.map((m) => [m, { ttlMs: Number(process.env.CACHE_TTL_MS), cacheScope: process.env.CACHE_SCOPE ?? "public" }]));

function factory() {
  const server = new McpServer(
    { name: "toolnexus-v2-test", version: "1.0.0" },
    { capabilities: { extensions: { [TASKS]: {} }, resources: { subscribe: true, listChanged: true } }, cacheHints },
  );
  server.registerResource("note", "note://one", { description: "A note", mimeType: "text/plain" }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: "text/plain", text: "the note" }],
  }));
  server.registerPrompt("hello", { description: "Says hello" }, async () => ({
    messages: [{ role: "user", content: { type: "text", text: "hello" } }],
  }));
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
      description:
        "Adds the tool (or with `list`, the prompt or resource) `name` and tells listeners the list changed; list \"note\" tells them note://one was updated",
      inputSchema: z.object({ name: z.string(), list: z.enum(["tools", "prompts", "resources", "note"]).optional() }),
    },
    async ({ name, list }) => {
      const kind = list ?? "tools";
      if (kind === "note") {
        if (stdio) await server.server.sendResourceUpdated({ uri: "note://one" });
        else changed("note");
        return { content: [{ type: "text", text: "updated note://one" }] };
      }
      grown[kind].push(name);
      if (stdio) add[kind](server, name); // the SDK tells the listen streams
      else changed(kind);
      return { content: [{ type: "text", text: `added ${name}` }] };
    },
  );
  registerJobs(server);
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
  for (const kind of Object.keys(grown)) for (const name of grown[kind]) add[kind](server, name);
  return server;
}

const add = {
  tools: (server, name) =>
    server.registerTool(name, { description: "Added by grow", inputSchema: z.object({}) }, async () => ({
      content: [{ type: "text", text: name }],
    })),
  prompts: (server, name) =>
    server.registerPrompt(name, { description: "Added by grow" }, async () => ({
      messages: [{ role: "user", content: { type: "text", text: name } }],
    })),
  resources: (server, name) =>
    server.registerResource(name, `note://${name}`, { mimeType: "text/plain" }, async (uri) => ({
      contents: [{ uri: uri.href, mimeType: "text/plain", text: name }],
    })),
};

if (stdio) {
  serveStdio(factory, { legacy: "reject" });
} else {
  serveHttp();
}

function serveHttp() {
  const handler = createMcpHandler(factory, { legacy: "reject" });
  changed = (kind) => {
    if (kind === "tools") handler.notify.toolsChanged();
    else if (kind === "prompts") handler.notify.promptsChanged();
    else if (kind === "resources") handler.notify.resourcesChanged();
    else handler.notify.resourceUpdated("note://one");
  };

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
