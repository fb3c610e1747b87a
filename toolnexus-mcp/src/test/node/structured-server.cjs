// A stdio MCP server on the official TypeScript SDK's low-level Server (which, unlike McpServer,
// does not check its own results), for the tool-metadata tests: it lists a tool with a title,
// icons, every annotation and an outputSchema, and answers it conforming or not as asked.
const { Server } = require("@modelcontextprotocol/sdk/server/index.js");
const { StdioServerTransport } = require("@modelcontextprotocol/sdk/server/stdio.js");
const { ListToolsRequestSchema, CallToolRequestSchema } = require("@modelcontextprotocol/sdk/types.js");

const weather = {
  name: "weather",
  title: "Weather",
  description: "the weather at a place; reply picks how the answer breaks its outputSchema",
  icons: [{ src: "https://example.com/sun.png", mimeType: "image/png", sizes: ["48x48", "96x96"], theme: "light" }],
  inputSchema: {
    type: "object",
    properties: { reply: { type: "string", enum: ["good", "wrongType", "missing", "extra", "none", "error"] } },
    required: ["reply"],
  },
  outputSchema: {
    type: "object",
    properties: { temperature: { type: "number" }, conditions: { type: "string" } },
    required: ["temperature", "conditions"],
    additionalProperties: false,
  },
  annotations: { title: "Weather report", readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: true },
};

const plain = {
  name: "plain",
  description: "no title, icons, annotations or outputSchema; answers with structuredContent anyway",
  inputSchema: { type: "object" },
};

const titled = {
  name: "titled",
  description: "a title only in its annotations",
  inputSchema: { type: "object" },
  annotations: { title: "Titled by annotation", destructiveHint: false },
};

const replies = {
  good: { structuredContent: { temperature: 21.5, conditions: "sunny" } },
  wrongType: { structuredContent: { temperature: "warm", conditions: "sunny" } },
  missing: { structuredContent: { temperature: 21.5 } },
  extra: { structuredContent: { temperature: 21.5, conditions: "sunny", wind: 3 } },
  none: {},
  error: { isError: true, content: [{ type: "text", text: "no weather today" }] },
};

const server = new Server({ name: "structured-test", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [weather, plain, titled] }));
server.setRequestHandler(CallToolRequestSchema, async (req) => {
  if (req.params.name === "weather") {
    const r = replies[req.params.arguments.reply];
    return { content: [{ type: "text", text: "the weather" }], ...r };
  }
  return { content: [{ type: "text", text: "ran" }], structuredContent: { any: "thing" } };
});
server.connect(new StdioServerTransport());
