// Drives the served agent with the official A2A SDK client (@a2a-js/sdk 1.x speaking v1.0, or
// 0.3.x speaking v0.3) and prints what it saw as one JSON object on stdout.
// Usage: node a2a-client.mjs v1|v03 <base URL> [token]
// Scenarios: blocking send, non-blocking send + polling, streaming, cancel, input-required + answer,
// push notifications to a webhook of this script (with the message and by the config methods), and
// (v1) ListTasks and the same agent over the HTTP+JSON binding.
import { createRequire } from "node:module";
import http from "node:http";

const require = createRequire(import.meta.url);
const [version, base, token] = process.argv.slice(2);
const out = {};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const headersFetch = (f) => (url, init = {}) =>
  f(url, { ...init, headers: { ...(init.headers ?? {}), ...(token ? { Authorization: `Bearer ${token}` } : {}) } });

// A webhook on 127.0.0.1 recording every notification it gets.
async function webhook() {
  const got = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      got.push({ headers: req.headers, body: JSON.parse(body) });
      res.writeHead(200);
      res.end();
    });
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${server.address().port}/hook`;
  const waitFor = async (pred) => {
    for (let i = 0; i < 400; i++) {
      const hit = got.find((g) => pred(g.body));
      if (hit) return hit;
      await sleep(25);
    }
    throw new Error("the webhook got no matching notification: " + JSON.stringify(got.map((g) => g.body)));
  };
  return { got, url, waitFor, close: () => server.close() };
}

async function v1() {
  const sdk = require("a2a-sdk-v1");
  const { ClientFactory, ClientFactoryOptions, JsonRpcTransportFactory, RestTransportFactory, DefaultAgentCardResolver } =
    require("a2a-sdk-v1/client");
  const fetchImpl = headersFetch(fetch);
  const options = (polling) =>
    ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
      transports: [new JsonRpcTransportFactory({ fetchImpl })],
      cardResolver: new DefaultAgentCardResolver({ fetchImpl }),
      clientConfig: { polling },
    });
  const client = await new ClientFactory(options(false)).createFromUrl(base);
  const poller = await new ClientFactory(options(true)).createFromUrl(base);
  const state = (t) => sdk.taskStateToJSON(t.status.state);
  const text = (parts) => parts.map((p) => (p.content?.$case === "text" ? p.content.value : "")).join("");
  const msg = (t, taskId, contextId) => ({
    messageId: crypto.randomUUID(), role: sdk.Role.ROLE_USER, taskId: taskId ?? "", contextId: contextId ?? "",
    parts: [{ content: { $case: "text", value: t }, metadata: undefined, filename: "", mediaType: "" }],
    metadata: undefined, extensions: [], referenceTaskIds: [] });
  const send = (c, t, taskId, contextId) => c.sendMessage({ tenant: "", message: msg(t, taskId, contextId), metadata: undefined });

  const done = await send(client, "echo hi");
  out.blocking = { state: state(done), artifact: text(done.artifacts[0].parts), contextId: done.contextId };

  let t = await send(poller, "echo later");
  out.poll = { first: state(t) };
  for (let i = 0; i < 200 && state(t) !== "TASK_STATE_COMPLETED"; i++) {
    await sleep(25);
    t = await client.getTask({ tenant: "", id: t.id });
  }
  out.poll.state = state(t);
  out.poll.artifact = text(t.artifacts[0].parts);

  const events = [];
  for await (const e of client.sendMessageStream({ tenant: "", message: msg("echo streamed"), metadata: undefined })) {
    const p = e.payload;
    if (p.$case === "task") events.push("task:" + state(p.value));
    else if (p.$case === "statusUpdate") events.push("status:" + state(p.value));
    else if (p.$case === "artifactUpdate") events.push("artifact:" + text(p.value.artifact.parts));
    else events.push(p.$case);
  }
  out.stream = events;

  const slow = await send(poller, "slow");
  const canceled = await client.cancelTask({ tenant: "", id: slow.id });
  out.cancel = { state: state(canceled), after: state(await client.getTask({ tenant: "", id: slow.id })) };

  const asked = await send(client, "ask");
  out.ask = { state: state(asked), prompt: text(asked.status.message.parts) };
  const answered = await send(client, "Ada", asked.id, asked.contextId);
  out.ask.after = state(answered);
  out.ask.artifact = text(answered.artifacts[0].parts);

  const hook = await webhook();
  try {
    const pushed = await client.sendMessage({
      tenant: "",
      message: msg("echo pushed"),
      configuration: {
        acceptedOutputModes: [],
        returnImmediately: false,
        taskPushNotificationConfig: {
          tenant: "", id: "", taskId: "", url: hook.url, token: "tok-v1",
          authentication: { scheme: "Bearer", credentials: "cred-v1" },
        },
      },
      metadata: undefined,
    });
    const last = await hook.waitFor((b) => b.statusUpdate?.status?.state === "TASK_STATE_COMPLETED");
    out.push = {
      events: hook.got.map((g) => (g.body.statusUpdate ? "status:" + g.body.statusUpdate.status.state : Object.keys(g.body)[0])),
      taskId: last.body.statusUpdate.taskId === pushed.id,
      authorization: last.headers["authorization"],
      token: last.headers["x-a2a-notification-token"],
    };

    const slowTask = await send(poller, "slow");
    const created = await client.createTaskPushNotificationConfig({
      tenant: "", id: "cfg-1", taskId: slowTask.id, url: hook.url, token: "", authentication: undefined });
    const got = await client.getTaskPushNotificationConfig({ tenant: "", taskId: slowTask.id, id: "cfg-1" });
    const listed = await client.listTaskPushNotificationConfig({ tenant: "", taskId: slowTask.id, pageSize: 0, pageToken: "" });
    await client.deleteTaskPushNotificationConfig({ tenant: "", taskId: slowTask.id, id: "cfg-1" });
    const after = await client.listTaskPushNotificationConfig({ tenant: "", taskId: slowTask.id, pageSize: 0, pageToken: "" });
    out.pushConfigs = {
      created: { id: created.id, taskId: created.taskId === slowTask.id, url: created.url === hook.url },
      got: got.id,
      listed: listed.configs.map((c) => c.id),
      afterDelete: after.configs.length,
    };
    await client.cancelTask({ tenant: "", id: slowTask.id });
  } finally {
    hook.close();
  }

  // The same agent over the HTTP+JSON binding the card lists.
  const rest = await new ClientFactory({
    transports: [new RestTransportFactory({ fetchImpl })],
    cardResolver: new DefaultAgentCardResolver({ fetchImpl }),
  }).createFromUrl(base);
  const restDone = await send(rest, "echo over rest");
  const restSlow = await rest.sendMessage({ tenant: "", message: msg("slow"),
    configuration: { acceptedOutputModes: [], returnImmediately: true }, metadata: undefined });
  const restCanceled = await rest.cancelTask({ tenant: "", id: restSlow.id });
  const restEvents = [];
  for await (const e of rest.sendMessageStream({ tenant: "", message: msg("echo rest streamed"), metadata: undefined })) {
    restEvents.push(e.payload.$case);
  }
  const restGot = await rest.getTask({ tenant: "", id: restDone.id, historyLength: 1 });
  let restMissing;
  try {
    await rest.getTask({ tenant: "", id: "no-such-task" });
  } catch (e) {
    restMissing = e.constructor.name + "/" + e.name;
  }
  out.rest = {
    state: state(restDone),
    artifact: text(restDone.artifacts[0].parts),
    got: restGot.id === restDone.id,
    history: restGot.history.length,
    canceled: state(restCanceled),
    stream: restEvents,
    missing: restMissing,
  };

  const listed = await client.listTasks({
    tenant: "", contextId: done.contextId, status: 0, pageSize: 10, pageToken: "",
    historyLength: undefined, statusTimestampAfter: undefined, includeArtifacts: true });
  out.list = {
    ids: listed.tasks.map((t) => t.id === done.id),
    artifact: text(listed.tasks[0].artifacts[0].parts),
    total: listed.totalSize,
    next: listed.nextPageToken,
  };
}

async function v03() {
  const { A2AClient } = require("a2a-sdk-v03/client");
  const client = await A2AClient.fromCardUrl(base + "/.well-known/agent-card.json", { fetchImpl: headersFetch(fetch) });
  const text = (parts) => parts.filter((p) => p.kind === "text").map((p) => p.text).join("");
  const msg = (t, taskId, contextId) => ({ kind: "message", messageId: crypto.randomUUID(), role: "user",
    parts: [{ kind: "text", text: t }], ...(taskId ? { taskId } : {}), ...(contextId ? { contextId } : {}) });
  const ok = (r) => { if (r.error) throw new Error(JSON.stringify(r.error)); return r.result; };
  const send = async (t, blocking, taskId, contextId) =>
    ok(await client.sendMessage({ message: msg(t, taskId, contextId), configuration: { blocking } }));

  const done = await send("echo hi", true);
  out.blocking = { state: done.status.state, artifact: text(done.artifacts[0].parts), contextId: done.contextId };

  let t = await send("echo later", false);
  out.poll = { first: t.status.state };
  for (let i = 0; i < 200 && t.status.state !== "completed"; i++) {
    await sleep(25);
    t = ok(await client.getTask({ id: t.id }));
  }
  out.poll.state = t.status.state;
  out.poll.artifact = text(t.artifacts[0].parts);

  const events = [];
  for await (const e of client.sendMessageStream({ message: msg("echo streamed") })) {
    if (e.kind === "task") events.push("task:" + e.status.state);
    else if (e.kind === "status-update") events.push("status:" + e.status.state + (e.final ? ":final" : ""));
    else if (e.kind === "artifact-update") events.push("artifact:" + text(e.artifact.parts));
    else events.push(e.kind);
  }
  out.stream = events;

  const slow = await send("slow", false);
  const canceled = ok(await client.cancelTask({ id: slow.id }));
  out.cancel = { state: canceled.status.state, after: ok(await client.getTask({ id: slow.id })).status.state };

  const asked = await send("ask", true);
  out.ask = { state: asked.status.state, prompt: text(asked.status.message.parts) };
  const answered = await send("Ada", true, asked.id, asked.contextId);
  out.ask.after = answered.status.state;
  out.ask.artifact = text(answered.artifacts[0].parts);

  const hook = await webhook();
  try {
    const pushed = ok(await client.sendMessage({
      message: msg("echo pushed"),
      configuration: { blocking: true, pushNotificationConfig: { url: hook.url, token: "tok-v03" } },
    }));
    const last = await hook.waitFor((b) => b.status?.state === "completed");
    out.push = {
      states: hook.got.map((g) => g.body.kind + ":" + g.body.status.state),
      taskId: last.body.id === pushed.id,
      token: last.headers["x-a2a-notification-token"],
    };

    const slowTask = await send("slow", false);
    const set = ok(await client.setTaskPushNotificationConfig({
      taskId: slowTask.id, pushNotificationConfig: { id: "cfg-3", url: hook.url } }));
    const got = ok(await client.getTaskPushNotificationConfig({ id: slowTask.id, pushNotificationConfigId: "cfg-3" }));
    const listed = ok(await client.listTaskPushNotificationConfig({ id: slowTask.id }));
    const deleted = await client.deleteTaskPushNotificationConfig({ id: slowTask.id, pushNotificationConfigId: "cfg-3" });
    if (deleted.error) throw new Error(JSON.stringify(deleted.error));
    const after = ok(await client.listTaskPushNotificationConfig({ id: slowTask.id }));
    out.pushConfigs = {
      set: set.pushNotificationConfig.id,
      got: got.pushNotificationConfig.id,
      listed: listed.map((c) => c.pushNotificationConfig.id),
      afterDelete: after.length,
    };
    ok(await client.cancelTask({ id: slowTask.id }));
  } finally {
    hook.close();
  }
}

try {
  await (version === "v1" ? v1() : v03());
} catch (e) {
  out.error = String(e && e.stack ? e.stack : e);
}
console.log(JSON.stringify(out));
