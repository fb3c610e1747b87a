package dev.toolnexus.http;

/** How an {@link HttpTool} encodes the arguments that are not used in the URL, query or headers. */
public enum BodyMode {
  /** The remaining arguments as one JSON object ({@code application/json}); the default. */
  JSON,
  /** The remaining arguments as {@code application/x-www-form-urlencoded} pairs. */
  FORM,
  /** The text of the body argument (default {@code body}) sent as is. */
  RAW,
  /** No body at all; arguments not mapped to the URL, query or headers are ignored. */
  NONE
}
