package dev.toolnexus.builtins;

import java.util.ArrayList;
import java.util.List;

/**
 * A parsed patch in opencode's grammar: {@code *** Begin Patch}, then {@code *** Add File: p}
 * ({@code +} lines), {@code *** Delete File: p}, or {@code *** Update File: p} (optionally {@code
 * *** Move to: q}) with hunks of context / {@code -} / {@code +} lines separated by {@code @@}
 * anchors and optionally closed by {@code *** End of File}, then {@code *** End Patch}.
 */
record Patch(List<Op> ops) {

  /** A patch that cannot be parsed; the message names the line. */
  static final class Invalid extends Exception {
    private static final long serialVersionUID = 1L;

    Invalid(String message) {
      super(message, null, false, false);
    }
  }

  /** One file operation. */
  sealed interface Op permits Add, Delete, Update {
    String path();
  }

  record Add(String path, String content) implements Op {}

  record Delete(String path) implements Op {}

  record Update(String path, String moveTo, List<Hunk> hunks) implements Op {}

  /**
   * One hunk: an optional {@code @@} anchor line to find first, the lines it expects and the lines
   * that replace them; {@code endOfFile} pins it to the end of the file.
   */
  record Hunk(String anchor, List<String> oldLines, List<String> newLines, boolean endOfFile) {}

  private static final String BEGIN = "*** Begin Patch";
  private static final String END = "*** End Patch";
  private static final String ADD = "*** Add File: ";
  private static final String DELETE = "*** Delete File: ";
  private static final String UPDATE = "*** Update File: ";
  private static final String MOVE = "*** Move to: ";
  private static final String EOF_MARK = "*** End of File";

  static Patch parse(String text) throws Invalid {
    String[] lines = text.replace("\r\n", "\n").split("\n", -1);
    int i = 0;
    while (i < lines.length && lines[i].isBlank()) {
      i++;
    }
    if (i >= lines.length || !lines[i].strip().equals(BEGIN)) {
      throw new Invalid("the patch must start with \"" + BEGIN + "\"");
    }
    i++;
    List<Op> ops = new ArrayList<>();
    while (i < lines.length) {
      String line = lines[i];
      String trimmed = line.strip();
      if (trimmed.equals(END)) {
        if (ops.isEmpty()) {
          throw new Invalid("the patch contains no file operations");
        }
        return new Patch(List.copyOf(ops));
      }
      if (trimmed.isEmpty()) {
        i++;
        continue;
      }
      int bodyStart = i + 1;
      int bodyEnd = bodyStart;
      while (bodyEnd < lines.length
          && !isFileMarker(lines[bodyEnd])
          && !lines[bodyEnd].strip().equals(END)) {
        bodyEnd++;
      }
      List<String> body = List.of(lines).subList(bodyStart, bodyEnd);
      if (line.startsWith(ADD)) {
        ops.add(new Add(path(line, ADD, i), addContent(body, bodyStart)));
      } else if (line.startsWith(DELETE)) {
        ops.add(new Delete(path(line, DELETE, i)));
      } else if (line.startsWith(UPDATE)) {
        String path = path(line, UPDATE, i);
        String moveTo = null;
        List<String> hunkLines = body;
        if (!body.isEmpty() && body.get(0).startsWith(MOVE)) {
          moveTo = path(body.get(0), MOVE, bodyStart);
          hunkLines = body.subList(1, body.size());
        }
        ops.add(new Update(path, moveTo, hunks(hunkLines, path)));
      } else {
        throw new Invalid(
            "line "
                + (i + 1)
                + ": expected \"*** Add File:\", \"*** Update File:\", \"*** Delete File:\" or \""
                + END
                + "\", got: "
                + line);
      }
      i = bodyEnd;
    }
    throw new Invalid("the patch must end with \"" + END + "\"");
  }

  private static boolean isFileMarker(String line) {
    return line.startsWith(ADD) || line.startsWith(DELETE) || line.startsWith(UPDATE);
  }

  private static String path(String line, String marker, int index) throws Invalid {
    String p = line.substring(marker.length()).strip();
    if (p.isEmpty()) {
      throw new Invalid("line " + (index + 1) + ": \"" + marker.strip() + "\" needs a path");
    }
    return p;
  }

  private static String addContent(List<String> body, int firstLine) throws Invalid {
    StringBuilder sb = new StringBuilder();
    for (int k = 0; k < body.size(); k++) {
      String l = body.get(k);
      if (l.startsWith("+")) {
        sb.append(l, 1, l.length()).append('\n');
      } else if (!l.isEmpty() || k != body.size() - 1) {
        throw new Invalid(
            "line " + (firstLine + k + 1) + ": every line of an added file must start with '+'");
      }
    }
    return sb.toString();
  }

  private static List<Hunk> hunks(List<String> body, String path) throws Invalid {
    List<Hunk> hunks = new ArrayList<>();
    String anchor = null;
    List<String> oldLines = new ArrayList<>();
    List<String> newLines = new ArrayList<>();
    boolean started = false;
    for (String l : body) {
      if (l.startsWith("@@")) {
        if (started) {
          hunks.add(new Hunk(anchor, List.copyOf(oldLines), List.copyOf(newLines), false));
        }
        String a = l.substring(2).strip();
        anchor = a.isEmpty() ? null : a;
        oldLines.clear();
        newLines.clear();
        started = true;
      } else if (l.strip().equals(EOF_MARK)) {
        hunks.add(new Hunk(anchor, List.copyOf(oldLines), List.copyOf(newLines), true));
        anchor = null;
        oldLines.clear();
        newLines.clear();
        started = false;
      } else if (l.startsWith("-")) {
        oldLines.add(l.substring(1));
        started = true;
      } else if (l.startsWith("+")) {
        newLines.add(l.substring(1));
        started = true;
      } else {
        String context = l.startsWith(" ") ? l.substring(1) : l;
        oldLines.add(context);
        newLines.add(context);
        started = true;
      }
    }
    if (started) {
      // a blank line before the next file marker is spacing, not an empty context line
      int last = oldLines.size() - 1;
      if (body.get(body.size() - 1).isEmpty()
          && last >= 0
          && oldLines.get(last).isEmpty()
          && !newLines.isEmpty()
          && newLines.get(newLines.size() - 1).isEmpty()) {
        oldLines.remove(last);
        newLines.remove(newLines.size() - 1);
      }
      hunks.add(new Hunk(anchor, List.copyOf(oldLines), List.copyOf(newLines), false));
    }
    if (hunks.isEmpty()) {
      throw new Invalid("\"*** Update File: " + path + "\" has no hunks");
    }
    return hunks;
  }
}
