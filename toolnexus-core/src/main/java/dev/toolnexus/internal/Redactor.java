package dev.toolnexus.internal;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Replaces every configured secret value (an API key, an expanded header) with {@code ***} in text
 * that is about to be logged, shown or handed back, such as a peer's error body that echoes the
 * request. A value of the form {@code <scheme> <token>} ({@code Bearer abc}) also hides the bare
 * token. A value of four characters or more is hidden wherever it occurs; a shorter one (a key
 * {@code a}) is hidden only where it stands as a whole token, bounded by a character that is not a
 * letter or digit or by the start or end of the text, so it is not hidden inside a longer word or
 * number ({@code "a"} inside {@code "key a."} is hidden, inside {@code "bad"} it is not). Blank
 * values are ignored.
 */
public final class Redactor {
  /** A redactor with no secrets. */
  public static final Redactor NONE = new Redactor(List.of());

  private static final int WHOLE_TOKEN_BELOW = 4;
  private static final String MASK = "***";

  private final List<String> secrets;

  private Redactor(List<String> secrets) {
    this.secrets = secrets;
  }

  /** A redactor for these values (nulls and blank values ignored). */
  public static Redactor of(Collection<String> values) {
    Set<String> all = new LinkedHashSet<>();
    for (String v : values) {
      if (v == null) {
        continue;
      }
      String s = v.strip();
      add(all, s);
      int space = s.indexOf(' ');
      if (space > 0) {
        add(all, s.substring(space + 1).strip());
      }
    }
    List<String> sorted = new ArrayList<>(all);
    sorted.sort(Comparator.comparingInt(String::length).reversed()); // longest first
    return sorted.isEmpty() ? NONE : new Redactor(List.copyOf(sorted));
  }

  private static void add(Set<String> all, String s) {
    if (!s.isEmpty()) {
      all.add(s);
    }
  }

  /** {@code text} with every secret value replaced by {@code ***}; null stays null. */
  public String apply(String text) {
    if (text == null || secrets.isEmpty()) {
      return text;
    }
    String out = text;
    for (String s : secrets) {
      if (!out.contains(s)) {
        continue;
      }
      out = s.length() < WHOLE_TOKEN_BELOW ? replaceWholeTokens(out, s) : out.replace(s, MASK);
    }
    return out;
  }

  private static String replaceWholeTokens(String text, String secret) {
    Pattern p =
        Pattern.compile("(?<![\\p{L}\\p{N}])" + Pattern.quote(secret) + "(?![\\p{L}\\p{N}])");
    return p.matcher(text).replaceAll(Matcher.quoteReplacement(MASK));
  }

  /** Whether there is nothing to redact. */
  public boolean isEmpty() {
    return secrets.isEmpty();
  }
}
