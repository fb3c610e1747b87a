/**
 * Internal: the MCP wire protocol as this library speaks it, independent of any SDK, shared by the
 * client and the serving side. It holds the protocol revisions, the per-request {@code _meta} block
 * of the stateless revision, the {@code server/discover} exchange, the JSON-RPC codec, the request
 * headers of the streamable HTTP transport and the mapping of JSON-RPC errors. Not a public API: it
 * may change in any release.
 */
package dev.toolnexus.mcp.protocol;
