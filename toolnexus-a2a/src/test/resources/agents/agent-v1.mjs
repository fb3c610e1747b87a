// A real A2A agent on the official @a2a-js/sdk 1.x (protocol v1.0, with its v0.3 compatibility
// layer switched on), started by the toolnexus-a2a tests. Usage: node agent-v1.mjs <node_modules dir>
// With A2A_STREAMING=1 its card says it streams; with A2A_BINDING=rest it lists only its
// HTTP+JSON interface at /rest (JSON-RPC stays at /rpc). It prints "PORT <n>" once listening on 127.0.0.1. What it does depends on the task text:
//   "echo <x>"  two artifacts "echo: <x>" and "done", then completed
//   "fail"      failed with the status message "boom"
//   "slow"      stays working until canceled
//   "message"   answers with a plain message, no task
//   "ask"       input-required "What is your name?", then completed with "hello <answer>"
//   "login"     auth-required "Please sign in", then completed with "hello <answer>"
//   "login-link" the same, with a link to <base>/login in the status message
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(path.resolve(process.argv[2]) + "/");
const sdk = require("a2a-sdk-v1");
const server = require("a2a-sdk-v1/server");
const { jsonRpcHandler, restHandler, agentCardHandler, UserBuilder } = require("a2a-sdk-v1/server/express");
const rest = process.env.A2A_BINDING === "rest";
const express = require("express");

const { TaskState, Role } = sdk;
const text = (t) => ({ content: { $case: "text", value: t }, metadata: undefined, filename: "", mediaType: "" });
const msg = (taskId, contextId, t) => ({
  messageId: crypto.randomUUID(), contextId, taskId, role: Role.ROLE_AGENT, parts: [text(t)],
  metadata: undefined, extensions: [], referenceTaskIds: [] });
const status = (state, message) => ({ state, message, timestamp: new Date().toISOString() });
const running = new Map();
let base = "";
const contexts = new Map();

class Executor {
  async execute(ctx, bus) {
    const { taskId, contextId } = ctx;
    contexts.set(taskId, contextId);
    const input = ctx.userMessage.parts.map((p) => p.content?.value ?? "").join("");
    const update = (state, message, final) => bus.publish(server.AgentEvent.statusUpdate({
      taskId, contextId, status: status(state, message), metadata: undefined }));
    if (input === "message" && !ctx.task) {
      bus.publish(server.AgentEvent.message(msg("", contextId, "just a message")));
      bus.finished();
      return;
    }
    bus.publish(server.AgentEvent.task(ctx.task ?? {
      id: taskId, contextId, status: status(TaskState.TASK_STATE_SUBMITTED), artifacts: [],
      history: [ctx.userMessage], metadata: undefined }));
    const waiting = [TaskState.TASK_STATE_INPUT_REQUIRED, TaskState.TASK_STATE_AUTH_REQUIRED];
    if (ctx.task && waiting.includes(ctx.task.status?.state)) {
      await art(bus, taskId, contextId, "hello " + input);
      update(TaskState.TASK_STATE_COMPLETED, undefined);
      bus.finished();
      return;
    }
    update(TaskState.TASK_STATE_WORKING, undefined);
    await new Promise((r) => setTimeout(r, 150));
    if (input.startsWith("echo ")) {
      await art(bus, taskId, contextId, "echo: " + input.slice(5));
      await art(bus, taskId, contextId, "done");
      update(TaskState.TASK_STATE_COMPLETED, undefined);
    } else if (input === "fail") {
      update(TaskState.TASK_STATE_FAILED, msg(taskId, contextId, "boom"));
    } else if (input === "slow") {
      await new Promise((resolve) => running.set(taskId, resolve));
      update(TaskState.TASK_STATE_CANCELED, msg(taskId, contextId, "stopped on request"));
    } else if (input === "ask") {
      update(TaskState.TASK_STATE_INPUT_REQUIRED, msg(taskId, contextId, "What is your name?"));
    } else if (input === "login") {
      update(TaskState.TASK_STATE_AUTH_REQUIRED, msg(taskId, contextId, "Please sign in"));
    } else if (input === "login-link") {
      const m = msg(taskId, contextId, "Please sign in");
      m.parts.push({ content: { $case: "url", value: base + "/login" }, metadata: undefined,
        filename: "", mediaType: "text/html" });
      update(TaskState.TASK_STATE_AUTH_REQUIRED, m);
    } else {
      update(TaskState.TASK_STATE_REJECTED, msg(taskId, contextId, "unknown task " + input));
    }
    bus.finished();
  }

  async cancelTask(taskId, bus) {
    const resolve = running.get(taskId);
    if (resolve) {
      running.delete(taskId);
      resolve();
    } else if (contexts.has(taskId)) {
      bus.publish(server.AgentEvent.statusUpdate({ taskId, contextId: contexts.get(taskId),
        status: status(TaskState.TASK_STATE_CANCELED, undefined), metadata: undefined }));
      bus.finished();
    }
  }
}

async function art(bus, taskId, contextId, t) {
  bus.publish(server.AgentEvent.artifactUpdate({
    taskId, contextId, append: false, lastChunk: true, metadata: undefined,
    artifact: { artifactId: crypto.randomUUID(), name: "out", description: "", parts: [text(t)],
      metadata: undefined, extensions: [] } }));
}

const app = express();
const listener = app.listen(0, "127.0.0.1", () => {
  const port = listener.address().port;
  base = `http://127.0.0.1:${port}`;
  const card = {
    name: "Helper Agent", description: "A test agent", version: "1.0.0",
    supportedInterfaces: rest
      ? [{ url: base + "/rest", protocolBinding: "HTTP+JSON", protocolVersion: "1.0", tenant: "" }]
      : [
          { url: base + "/rpc", protocolBinding: "JSONRPC", protocolVersion: "1.0", tenant: "" },
          { url: base + "/rpc", protocolBinding: "JSONRPC", protocolVersion: "0.3", tenant: "" },
        ],
    provider: undefined, capabilities: { streaming: process.env.A2A_STREAMING === "1", pushNotifications: false, extensions: [] },
    securitySchemes: {}, securityRequirements: [], defaultInputModes: ["text/plain"],
    defaultOutputModes: ["text/plain"], signatures: [],
    skills: [
      { id: "work", name: "Work", description: "Does the work", tags: ["test"], examples: [],
        inputModes: [], outputModes: [], securityRequirements: [] },
      { id: "chat.v2", name: "Chat", description: "Chats", tags: ["test"], examples: [],
        inputModes: [], outputModes: [], securityRequirements: [] },
    ],
  };
  const handler = new server.DefaultRequestHandler(card, new server.InMemoryTaskStore(), new Executor());
  app.use("/.well-known/agent-card.json", agentCardHandler({ agentCardProvider: handler }));
  app.use("/rpc", express.json(), jsonRpcHandler({ requestHandler: handler,
    userBuilder: UserBuilder.noAuthentication, legacyCompat: { enabled: true } }));
  app.use("/rest", restHandler({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication }));
  console.log("PORT " + port);
});
