// Drives the served toolkit with the official MCP TypeScript SDK v2 client pinned to the stateless
// revision 2026-07-28 and prints what it saw as one JSON object on stdout.
// Usage: node ts-v2-client.mjs '<plan JSON>'
// plan: {url, token?, elicit?, calls: [{name, arguments?, progress?: true}]}
// elicit: when set, the client declares form elicitation and accepts every one with this content
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";

const plan = JSON.parse(process.argv[2]);
const headers = plan.token ? { Authorization: `Bearer ${plan.token}` } : {};
const transport = new StreamableHTTPClientTransport(new URL(plan.url), { requestInit: { headers } });
const client = new Client(
  { name: "ts-sdk-v2-test-client", version: "2.0.0" },
  {
    versionNegotiation: { mode: { pin: "2026-07-28" } },
    ...(plan.elicit ? { capabilities: { elicitation: { form: {} } } } : {}),
  },
);
const elicitations = [];
if (plan.elicit) {
  client.setRequestHandler("elicitation/create", async (request) => {
    elicitations.push(request.params);
    return { action: "accept", content: plan.elicit };
  });
}
await client.connect(transport);
// without a cursor the client walks every page itself and returns them joined
const { tools } = await client.listTools();
const out = {
  era: client.getProtocolEra(),
  protocolVersion: client.getNegotiatedProtocolVersion(),
  serverInfo: client.getServerVersion(),
  capabilities: client.getServerCapabilities(),
  sessionId: transport.sessionId ?? null,
  tools,
  results: [],
  progress: [],
  elicitations,
};
for (const call of plan.calls ?? []) {
  const options = call.progress
    ? { onprogress: (p) => out.progress.push({ progress: p.progress, total: p.total ?? null }) }
    : undefined;
  out.results.push(
    await client.callTool({ name: call.name, arguments: call.arguments ?? {} }, options),
  );
}
await client.close();
process.stdout.write(JSON.stringify(out) + "\n");
