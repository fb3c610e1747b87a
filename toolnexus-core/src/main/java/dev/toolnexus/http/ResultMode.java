package dev.toolnexus.http;

/** How an {@link HttpTool} turns a successful response into the tool's output text. */
public enum ResultMode {
  /** The response body text as received; the default. */
  TEXT,
  /** The body re-serialized as compact JSON; a body that is not JSON becomes a JSON string. */
  JSON,
  /** The status code, a newline, then the body text. */
  STATUS_TEXT
}
