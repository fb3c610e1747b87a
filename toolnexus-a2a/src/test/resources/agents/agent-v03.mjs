// A real A2A agent on the official @a2a-js/sdk 0.3.x (protocol v0.3: message/send, tasks/get,
// tasks/cancel), started by the toolnexus-a2a tests. Usage: node agent-v03.mjs <node_modules dir>
// With A2A_STREAMING=1 its card says it streams. It prints "PORT <n>" once listening on 127.0.0.1. The task texts behave as in agent-v1.mjs.
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(path.resolve(process.argv[2]) + "/");
const server = require("a2a-sdk-v03/server");
const { A2AExpressApp } = require("a2a-sdk-v03/server/express");
const express = require("express");

const text = (t) => ({ kind: "text", text: t });
const msg = (taskId, contextId, t) => ({
  kind: "message", messageId: crypto.randomUUID(), role: "agent", parts: [text(t)], taskId, contextId });
const running = new Map();
let base = "";
const contexts = new Map();

class Executor {
  async execute(ctx, bus) {
    const { taskId, contextId } = ctx;
    contexts.set(taskId, contextId);
    const input = ctx.userMessage.parts.map((p) => p.text ?? "").join("");
    const update = (state, message) => bus.publish({ kind: "status-update", taskId, contextId,
      status: { state, message, timestamp: new Date().toISOString() }, final: !["working", "submitted"].includes(state) });
    if (input === "message" && !ctx.task) {
      bus.publish(msg(undefined, contextId, "just a message"));
      bus.finished();
      return;
    }
    bus.publish(ctx.task ?? { kind: "task", id: taskId, contextId,
      status: { state: "submitted", timestamp: new Date().toISOString() }, history: [ctx.userMessage] });
    if (ctx.task && ["input-required", "auth-required"].includes(ctx.task.status?.state)) {
      art(bus, taskId, contextId, "hello " + input);
      update("completed");
      bus.finished();
      return;
    }
    update("working");
    await new Promise((r) => setTimeout(r, 150));
    if (input.startsWith("echo ")) {
      art(bus, taskId, contextId, "echo: " + input.slice(5));
      art(bus, taskId, contextId, "done");
      update("completed");
    } else if (input === "fail") {
      update("failed", msg(taskId, contextId, "boom"));
    } else if (input === "slow") {
      await new Promise((resolve) => running.set(taskId, resolve));
      update("canceled", msg(taskId, contextId, "stopped on request"));
    } else if (input === "ask") {
      update("input-required", msg(taskId, contextId, "What is your name?"));
    } else if (input === "login") {
      update("auth-required", msg(taskId, contextId, "Please sign in"));
    } else if (input === "login-link") {
      const m = msg(taskId, contextId, "Please sign in");
      m.parts.push({ kind: "file", file: { uri: base + "/login", mimeType: "text/html" } });
      update("auth-required", m);
    } else {
      update("rejected", msg(taskId, contextId, "unknown task " + input));
    }
    bus.finished();
  }

  async cancelTask(taskId, bus) {
    const resolve = running.get(taskId);
    if (resolve) {
      running.delete(taskId);
      resolve();
    } else if (contexts.has(taskId)) {
      bus.publish({ kind: "status-update", taskId, contextId: contexts.get(taskId), final: true,
        status: { state: "canceled", timestamp: new Date().toISOString() } });
      bus.finished();
    }
  }
}

function art(bus, taskId, contextId, t) {
  bus.publish({ kind: "artifact-update", taskId, contextId, lastChunk: true,
    artifact: { artifactId: crypto.randomUUID(), name: "out", parts: [text(t)] } });
}

const app = express();
const listener = app.listen(0, "127.0.0.1", () => {
  const port = listener.address().port;
  base = `http://127.0.0.1:${port}`;
  const card = {
    name: "Old Agent", description: "A v0.3 test agent", version: "1.0.0", protocolVersion: "0.3.0",
    url: `http://127.0.0.1:${port}/`, preferredTransport: "JSONRPC",
    capabilities: { streaming: process.env.A2A_STREAMING === "1", pushNotifications: false },
    defaultInputModes: ["text/plain"], defaultOutputModes: ["text/plain"],
    skills: [{ id: "work", name: "Work", description: "Does the work", tags: ["test"] }],
  };
  const handler = new server.DefaultRequestHandler(card, new server.InMemoryTaskStore(), new Executor());
  new A2AExpressApp(handler).setupRoutes(app);
  console.log("PORT " + port);
});
