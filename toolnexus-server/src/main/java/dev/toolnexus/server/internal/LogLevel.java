package dev.toolnexus.server.internal;

import java.util.Locale;

/** The MCP log levels, least severe first (RFC 5424 names). */
public enum LogLevel {
  /** Debug detail. */
  DEBUG,
  /** Normal information. */
  INFO,
  /** Significant but normal. */
  NOTICE,
  /** A warning. */
  WARNING,
  /** An error. */
  ERROR,
  /** A critical condition. */
  CRITICAL,
  /** Action needed now. */
  ALERT,
  /** The system is unusable. */
  EMERGENCY;

  /** The level named {@code name} on the wire, or null when there is no such level. */
  public static LogLevel parse(String name) {
    if (name == null) {
      return null;
    }
    try {
      return valueOf(name.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  /** The wire name, for example {@code warning}. */
  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }
}
