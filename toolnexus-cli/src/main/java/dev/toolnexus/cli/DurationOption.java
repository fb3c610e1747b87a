package dev.toolnexus.cli;

import java.time.Duration;
import java.util.Locale;

/** Reads a command-line duration option the way a person writes one. */
final class DurationOption {
  private DurationOption() {}

  /**
   * A duration given as a number with a unit ({@code 500ms}, {@code 30s}, {@code 5m}, {@code 1h}),
   * a plain number of seconds, or ISO-8601 ({@code PT30S}); zero or more.
   */
  static Duration parse(String option, String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    try {
      Duration d;
      if (t.startsWith("p")) {
        d = Duration.parse(t.toUpperCase(Locale.ROOT));
      } else {
        long unit;
        String number;
        if (t.endsWith("ms")) {
          unit = 1;
          number = t.substring(0, t.length() - 2);
        } else if (t.endsWith("s")) {
          unit = 1000;
          number = t.substring(0, t.length() - 1);
        } else if (t.endsWith("m")) {
          unit = 60_000;
          number = t.substring(0, t.length() - 1);
        } else if (t.endsWith("h")) {
          unit = 3_600_000;
          number = t.substring(0, t.length() - 1);
        } else {
          unit = 1000;
          number = t;
        }
        double n = Double.parseDouble(number.trim());
        if (Double.isNaN(n) || Double.isInfinite(n)) {
          throw new NumberFormatException(text);
        }
        d = Duration.ofMillis(Math.round(n * unit));
      }
      if (d.isNegative()) {
        throw CliException.usage(option + " must be zero or more, got " + text);
      }
      return d;
    } catch (RuntimeException e) {
      if (e instanceof CliException c) {
        throw c;
      }
      throw CliException.usage(
          option + " must be a duration such as 30s, 5m, 1h or 500ms, got \"" + text + "\"");
    }
  }
}
