package dev.toolnexus.builtins;

import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.PatternSyntaxException;

/**
 * A glob over {@code /}-separated relative paths, on the JDK {@link PathMatcher} ({@code *}, {@code
 * **}, {@code ?}, {@code [..]}, {@code {a,b}}). A pattern without {@code /} matches the file name
 * alone, and {@code **}{@code /} also matches zero directories, so {@code **}{@code /*.java} finds
 * a top-level file too.
 */
final class GlobMatcher {
  private final boolean nameOnly;
  private final List<PathMatcher> matchers;

  private GlobMatcher(boolean nameOnly, List<PathMatcher> matchers) {
    this.nameOnly = nameOnly;
    this.matchers = matchers;
  }

  /**
   * Compiles a glob.
   *
   * @throws IllegalArgumentException with the reason when the glob is malformed
   */
  static GlobMatcher compile(String glob) {
    List<PathMatcher> matchers = new ArrayList<>();
    try {
      for (String variant : variants(glob)) {
        matchers.add(FileSystems.getDefault().getPathMatcher("glob:" + variant));
      }
    } catch (PatternSyntaxException e) {
      throw new IllegalArgumentException(
          "invalid glob \"" + glob + "\": " + e.getDescription() + " at index " + e.getIndex());
    }
    return new GlobMatcher(!glob.contains("/"), matchers);
  }

  boolean matches(String rel) {
    String subject = rel;
    if (nameOnly) {
      int slash = rel.lastIndexOf('/');
      subject = slash < 0 ? rel : rel.substring(slash + 1);
    }
    Path p = Path.of(subject);
    for (PathMatcher m : matchers) {
      if (m.matches(p)) {
        return true;
      }
    }
    return false;
  }

  /** The glob plus every way of letting each {@code **}{@code /} stand for no directory at all. */
  private static Set<String> variants(String glob) {
    Set<String> out = new LinkedHashSet<>();
    out.add(glob);
    int at = indexOfDoubleStarSlash(glob, 0);
    if (at >= 0 && out.size() < 64) {
      String without = glob.substring(0, at) + glob.substring(at + 3);
      out.addAll(variants(without));
      String rest = glob.substring(at + 3);
      for (String v : variants(rest)) {
        out.add(glob.substring(0, at + 3) + v);
      }
    }
    return out;
  }

  private static int indexOfDoubleStarSlash(String glob, int from) {
    int at = glob.indexOf("**/", from);
    while (at > 0 && glob.charAt(at - 1) != '/') {
      at = glob.indexOf("**/", at + 1);
    }
    return at;
  }
}
