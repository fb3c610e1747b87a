package dev.toolnexus.builtins;

import dev.toolnexus.Tool;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.PatternSyntaxException;

/**
 * {@code grep}: {@code rel:line:text} for every line matching a regex in the text files under a
 * directory; binary files (a NUL byte, or not valid UTF-8) are skipped. The regex runs in linear
 * time (RE2) unless it needs a backtracking feature; either way the search stops at the call's
 * timeout (60 s when it sets none) or cancel.
 */
final class GrepTool {
  private static final int SNIFF_BYTES = 8000;
  private static final int MAX_LINE_CHARS = 2000;
  private static final long MAX_FILE_BYTES = 16L * 1024 * 1024;

  /** How long a search may take when the call sets no timeout. */
  static final long DEFAULT_TIMEOUT_MS = 60_000;

  private GrepTool() {}

  static Tool create(Host host) {
    Map<String, Object> props =
        Schemas.ordered(
            "pattern", Schemas.prop("string", "Regular expression to search for"),
            "path", Schemas.prop("string", "Directory to search (default: process cwd)"),
            "include", Schemas.prop("string", "Glob filter for file names"),
            "limit", Schemas.prop("number", "Maximum number of matches (default 100)"));
    return new BuiltinTool(
        "grep",
        "Search file contents by regex under a directory. Output is file:line:text matches.",
        Schemas.object(props, List.of("pattern")),
        BuiltinTool.READ_LOCAL,
        (args, ctx) -> run(host, args, ctx));
  }

  private static ToolResult run(Host host, Args args, ToolContext ctx)
      throws IOException, SafeFiles.Cancelled {
    String pattern = args.requireString("pattern");
    LineMatcher regex;
    try {
      regex = LineMatcher.compile(pattern);
    } catch (PatternSyntaxException e) {
      return ToolResult.error(
          "grep: invalid regex \""
              + pattern
              + "\": "
              + e.getDescription()
              + (e.getIndex() >= 0 ? " at index " + e.getIndex() : ""));
    }
    String include = args.string("include", "");
    GlobMatcher filter;
    try {
      filter = include.isEmpty() ? null : GlobMatcher.compile(include);
    } catch (IllegalArgumentException e) {
      return ToolResult.error("grep: include: " + e.getMessage());
    }
    Path root = Listing.root(host, args, "grep");
    int limit = Listing.limit(args);
    List<String> hits = new ArrayList<>();
    SafeFiles files = host.files();
    int skipped = 0;
    MatchGuard guard = new MatchGuard(ctx.cancel(), timeoutMillis(ctx));
    String current = null;
    try {
      // the walk is sorted by rel and lines are visited in order, so hits come out sorted already
      for (FileWalker.Entry e : FileWalker.walk(root)) {
        guard.check();
        current = null;
        if (filter != null && !filter.matches(e.rel())) {
          continue;
        }
        String text = textOrNull(files, e, ctx);
        if (text == null) {
          skipped++;
          continue;
        }
        current = e.rel();
        search(regex, guard, e.rel(), text, hits);
      }
    } catch (MatchGuard.Stopped stop) {
      return ToolResult.error(stopped(stop, guard, regex, current));
    }
    return Listing.result("grep", hits, limit, "matches", host, Map.of("skippedBinary", skipped));
  }

  private static long timeoutMillis(ToolContext ctx) {
    Duration t = ctx.timeout();
    return t != null && t.toMillis() > 0 ? t.toMillis() : DEFAULT_TIMEOUT_MS;
  }

  private static String stopped(
      MatchGuard.Stopped stop, MatchGuard guard, LineMatcher regex, String file) {
    if (stop.cancelled()) {
      return "grep: cancelled";
    }
    String after = "grep: the search stopped after its " + guard.timeoutMillis() + " ms timeout";
    if (file != null && regex.backtracking()) {
      return after
          + " while matching "
          + file
          + "; the pattern backtracks too much (backreferences and lookaround run on the"
          + " backtracking engine), simplify it";
    }
    return after + "; narrow the path or the include filter";
  }

  private static void search(
      LineMatcher m, MatchGuard guard, String rel, String text, List<String> hits) {
    int lineNo = 0;
    int from = 0;
    while (from <= text.length()) {
      int nl = text.indexOf('\n', from);
      int end = nl < 0 ? text.length() : nl;
      if (nl < 0 && from == text.length() && lineNo > 0) {
        break; // no phantom empty line after a final newline
      }
      lineNo++;
      int lineEnd = end > from && text.charAt(end - 1) == '\r' ? end - 1 : end;
      String line = text.substring(from, lineEnd);
      if ((lineNo & 1023) == 0) {
        guard.check();
      }
      if (m.find(line, guard)) {
        String shown =
            line.length() > MAX_LINE_CHARS ? line.substring(0, MAX_LINE_CHARS) + "..." : line;
        hits.add(rel + ":" + lineNo + ":" + shown);
      }
      if (nl < 0) {
        break;
      }
      from = nl + 1;
    }
  }

  /** The file's text, or null when it is binary, undecodable, too large or unreadable. */
  private static String textOrNull(SafeFiles files, FileWalker.Entry e, ToolContext ctx)
      throws SafeFiles.Cancelled {
    try {
      byte[] bytes = files.read(e.path(), e.rel(), MAX_FILE_BYTES, ctx.cancel());
      int sniff = Math.min(bytes.length, SNIFF_BYTES);
      for (int i = 0; i < sniff; i++) {
        if (bytes[i] == 0) {
          return null;
        }
      }
      return TextFiles.decode(bytes, e.rel());
    } catch (TextFiles.NotText | PathResolver.Refused ex) {
      return null;
    }
  }
}
