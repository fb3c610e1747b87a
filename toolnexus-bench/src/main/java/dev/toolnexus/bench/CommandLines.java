package dev.toolnexus.bench;

import java.util.ArrayList;
import java.util.List;

/** Splits a {@code --mcp "<command line>"} value into arguments, honouring quotes. */
public final class CommandLines {
  private CommandLines() {}

  /**
   * Splits on unquoted whitespace; single quotes keep everything literally, double quotes allow
   * {@code \"} and {@code \\} escapes.
   *
   * @throws IllegalArgumentException for an unterminated quote or an empty command line
   */
  public static List<String> split(String line) {
    List<String> out = new ArrayList<>();
    StringBuilder cur = new StringBuilder();
    boolean inToken = false;
    char quote = 0;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        } else if (quote == '"' && c == '\\' && i + 1 < line.length()) {
          char next = line.charAt(i + 1);
          if (next == '"' || next == '\\') {
            cur.append(next);
            i++;
          } else {
            cur.append(c);
          }
        } else {
          cur.append(c);
        }
      } else if (c == '"' || c == '\'') {
        quote = c;
        inToken = true;
      } else if (Character.isWhitespace(c)) {
        if (inToken) {
          out.add(cur.toString());
          cur.setLength(0);
          inToken = false;
        }
      } else {
        cur.append(c);
        inToken = true;
      }
    }
    if (quote != 0) {
      throw new IllegalArgumentException("unterminated " + quote + " quote in: " + line);
    }
    if (inToken) {
      out.add(cur.toString());
    }
    if (out.isEmpty()) {
      throw new IllegalArgumentException("empty command line");
    }
    return out;
  }
}
