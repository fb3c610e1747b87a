package dev.toolnexus.builtins;

import java.util.regex.PatternSyntaxException;

/**
 * grep's regex: RE2 (linear time, whatever the pattern) when the pattern fits its syntax, else
 * {@link java.util.regex} for what only a backtracking engine offers (backreferences, lookaround,
 * possessive quantifiers), reading the line through a {@link MatchGuard} so that it stops at the
 * call's deadline or cancel.
 */
final class LineMatcher {
  private final com.google.re2j.Matcher linear;
  private final java.util.regex.Matcher backtracking;

  private LineMatcher(com.google.re2j.Matcher linear, java.util.regex.Matcher backtracking) {
    this.linear = linear;
    this.backtracking = backtracking;
  }

  /**
   * Compiles {@code pattern}.
   *
   * @throws PatternSyntaxException (java.util.regex's, with its description and index) when neither
   *     engine accepts it
   */
  static LineMatcher compile(String pattern) {
    try {
      return new LineMatcher(com.google.re2j.Pattern.compile(pattern).matcher(""), null);
    } catch (com.google.re2j.PatternSyntaxException e) {
      return new LineMatcher(null, java.util.regex.Pattern.compile(pattern).matcher(""));
    }
  }

  /** Whether the pattern runs on the backtracking engine (its time is bounded by the guard). */
  boolean backtracking() {
    return backtracking != null;
  }

  /**
   * Whether the pattern occurs in {@code line}.
   *
   * @throws MatchGuard.Stopped when the guard fires during a backtracking match
   */
  boolean find(String line, MatchGuard guard) {
    if (linear != null) {
      return linear.reset(line).find();
    }
    return backtracking.reset(new MatchGuard.GuardedChars(line, guard)).find();
  }
}
