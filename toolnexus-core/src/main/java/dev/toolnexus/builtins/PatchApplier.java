package dev.toolnexus.builtins;

import java.util.ArrayList;
import java.util.List;

/**
 * Applies an Update's hunks to a file's text in memory. Hunks apply in order, each searched from
 * where the previous one ended; a line matches exactly, else ignoring trailing whitespace, else
 * ignoring surrounding whitespace. Line endings (LF or CRLF) and the final newline are kept.
 */
final class PatchApplier {
  private PatchApplier() {}

  /** A hunk that does not fit the file; the message names the file and the hunk. */
  static final class Mismatch extends Exception {
    private static final long serialVersionUID = 1L;

    Mismatch(String message) {
      super(message, null, false, false);
    }
  }

  static String apply(String content, List<Patch.Hunk> hunks, String path) throws Mismatch {
    boolean crlf = LineEndings.isCrlf(content);
    String normalized = crlf ? content.replace("\r\n", "\n") : content;
    boolean finalNewline = normalized.endsWith("\n");
    List<String> lines = new ArrayList<>(List.of(normalized.split("\n", -1)));
    if (finalNewline || normalized.isEmpty()) {
      lines.remove(lines.size() - 1);
    }
    int cursor = 0;
    for (int h = 0; h < hunks.size(); h++) {
      Patch.Hunk hunk = hunks.get(h);
      String label =
          "hunk " + (h + 1) + (hunk.anchor() == null ? "" : " (@@ " + hunk.anchor() + ")");
      if (hunk.anchor() != null) {
        int at = find(lines, List.of(hunk.anchor()), cursor, false);
        if (at < 0) {
          throw new Mismatch(
              path + ": " + label + ": anchor line \"" + hunk.anchor() + "\" not found");
        }
        cursor = at + 1;
      }
      if (hunk.oldLines().isEmpty()) {
        int at = hunk.anchor() != null && !hunk.endOfFile() ? cursor : lines.size();
        lines.addAll(at, hunk.newLines());
        cursor = at + hunk.newLines().size();
        continue;
      }
      int at = find(lines, hunk.oldLines(), cursor, hunk.endOfFile());
      if (at < 0) {
        throw new Mismatch(
            path
                + ": "
                + label
                + " does not match the file; expected these lines"
                + (cursor > 0 ? " after line " + cursor : "")
                + ":\n"
                + String.join("\n", hunk.oldLines()));
      }
      List<String> region = lines.subList(at, at + hunk.oldLines().size());
      region.clear();
      region.addAll(hunk.newLines());
      cursor = at + hunk.newLines().size();
    }
    String joined = String.join(crlf ? "\r\n" : "\n", lines);
    if (finalNewline && !lines.isEmpty()) {
      joined += crlf ? "\r\n" : "\n";
    } else if (normalized.isEmpty() && !lines.isEmpty()) {
      joined += "\n";
    }
    return joined;
  }

  private static int find(List<String> lines, List<String> seq, int from, boolean endOfFile) {
    if (endOfFile) {
      int at = lines.size() - seq.size();
      if (at >= from) {
        for (int pass = 0; pass < 3; pass++) {
          if (matchesAt(lines, seq, at, pass)) {
            return at;
          }
        }
      }
    }
    for (int pass = 0; pass < 3; pass++) {
      for (int at = from; at + seq.size() <= lines.size(); at++) {
        if (matchesAt(lines, seq, at, pass)) {
          return at;
        }
      }
    }
    return -1;
  }

  private static boolean matchesAt(List<String> lines, List<String> seq, int at, int pass) {
    for (int k = 0; k < seq.size(); k++) {
      String a = lines.get(at + k);
      String b = seq.get(k);
      boolean eq =
          switch (pass) {
            case 0 -> a.equals(b);
            case 1 -> a.stripTrailing().equals(b.stripTrailing());
            default -> a.strip().equals(b.strip());
          };
      if (!eq) {
        return false;
      }
    }
    return true;
  }
}
