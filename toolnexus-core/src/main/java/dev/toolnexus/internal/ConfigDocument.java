package dev.toolnexus.internal;

import dev.toolnexus.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** Reads a config file (mcp.json and friends) into plain values, with errors naming the file. */
public final class ConfigDocument {
  private ConfigDocument() {}

  /**
   * Parses a JSON config file.
   *
   * @throws IllegalArgumentException naming the file and, for bad JSON, the line and column
   */
  public static Map<String, Object> read(Path file) {
    String text;
    try {
      text = Files.readString(file);
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "cannot read config " + file + ": " + Errors.message(e), e);
    }
    try {
      return Json.parseObject(text);
    } catch (IllegalArgumentException e) {
      String where = "";
      if (e.getCause() instanceof tools.jackson.core.JacksonException je
          && je.getLocation() != null) {
        where =
            " (line "
                + je.getLocation().getLineNr()
                + ", column "
                + je.getLocation().getColumnNr()
                + ")";
      }
      throw new IllegalArgumentException(
          "config " + file + " is not a JSON object" + where + ": " + e.getMessage(), e);
    }
  }
}
