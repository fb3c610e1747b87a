// Drives the served toolkit with the official MCP TypeScript SDK client and prints what it saw as
// one JSON object on stdout. Usage: node ts-client.mjs '<plan JSON>'
// plan: {transport: "http"|"stdio", url?, token?, command?: [argv...], calls: [{name, arguments}],
//        features?: {read?: uri, prompt?: {name, arguments}, complete?: {ref, argument, context?}}}
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const plan = JSON.parse(process.argv[2]);
let transport;
if (plan.transport === "http") {
  const headers = plan.token ? { Authorization: `Bearer ${plan.token}` } : {};
  transport = new StreamableHTTPClientTransport(new URL(plan.url), { requestInit: { headers } });
} else {
  transport = new StdioClientTransport({
    command: plan.command[0],
    args: plan.command.slice(1),
    stderr: "inherit",
  });
}
const client = new Client({ name: "ts-sdk-test-client", version: "1.0.0" });
await client.connect(transport);
const out = {
  serverInfo: client.getServerVersion(),
  capabilities: client.getServerCapabilities(),
  tools: (await client.listTools()).tools,
  results: [],
};
for (const call of plan.calls ?? []) {
  out.results.push(await client.callTool({ name: call.name, arguments: call.arguments ?? {} }));
}
if (plan.features) {
  const f = plan.features;
  out.resources = (await client.listResources()).resources;
  out.templates = (await client.listResourceTemplates()).resourceTemplates;
  out.prompts = (await client.listPrompts()).prompts;
  if (f.read) out.read = await client.readResource({ uri: f.read });
  if (f.prompt) out.prompt = await client.getPrompt(f.prompt);
  if (f.complete) out.complete = await client.complete(f.complete);
}
await client.close();
process.stdout.write(JSON.stringify(out) + "\n");
