package dev.toolnexus.mcp.internal;

import io.modelcontextprotocol.spec.McpSchema;
import java.util.regex.MatchResult;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns a message too large to read into an error answer for the request it replies to, so the
 * caller learns "too large" at once instead of waiting for a timeout. The request id is taken from
 * the first bytes of the message (JSON-RPC replies carry it before the result).
 */
final class Oversize {
  private static final Pattern ID =
      Pattern.compile("\"id\"\\s*:\\s*(\"((?:[^\"\\\\]|\\\\.)*)\"|(-?\\d+))");

  private Oversize() {}

  /**
   * The request id of a reply, from its first bytes ({@code head}, where the MCP Java SDK writes
   * it) or else its last ones ({@code tail}, where the TypeScript SDK writes it); null when neither
   * names one.
   */
  static Object idIn(String head, String tail) {
    Object id = idIn(head, true);
    return id != null || tail == null ? id : idIn(tail, false);
  }

  /**
   * Whether a message too large to read may be a reply to one of our requests: a JSON object that
   * starts like a JSON-RPC message and shows no method (a request or notification from the server
   * answers nothing). Anything else, such as bytes that are not JSON, answers nothing either.
   */
  static boolean mayBeReply(String head, String tail) {
    return head != null
        && head.stripLeading().startsWith("{")
        && (head.contains("\"result\"") || head.contains("\"jsonrpc\""))
        && !isServerMessage(head)
        && !isServerMessage(tail);
  }

  private static boolean isServerMessage(String text) {
    return text != null && text.contains("\"method\"") && !text.contains("\"result\"");
  }

  private static Object idIn(String text, boolean first) {
    if (text == null || isServerMessage(text)) {
      return null; // a request or notification from the server, not a reply
    }
    Matcher m = ID.matcher(text);
    MatchResult found = null;
    while (m.find()) {
      found = m.toMatchResult();
      if (first) {
        break;
      }
    }
    if (found == null) {
      return null;
    }
    return value(found);
  }

  private static Object value(MatchResult m) {
    if (m.group(2) != null) {
      return m.group(2);
    }
    try {
      return Long.valueOf(m.group(3));
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** The error reply for {@code id} that says what was too large. */
  static McpSchema.JSONRPCResponse errorFor(Object id, String what) {
    return new McpSchema.JSONRPCResponse(
        McpSchema.JSONRPC_VERSION,
        id,
        null,
        new McpSchema.JSONRPCResponse.JSONRPCError(
            McpSchema.ErrorCodes.INTERNAL_ERROR, what, null));
  }
}
