package dev.toolnexus.internal;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Replaces every configured secret value (an API key, an expanded header) with {@code ***} in text
 * that is about to be logged, shown or handed back, such as a peer's error body that echoes the
 * request. A value of the form {@code <scheme> <token>} ({@code Bearer abc}) also hides the bare
 * token. Values shorter than four characters are left alone: hiding them would garble text.
 */
public final class Redactor {
  /** A redactor with no secrets. */
  public static final Redactor NONE = new Redactor(List.of());

  private static final int MIN_LENGTH = 4;
  private static final String MASK = "***";

  private final List<String> secrets;

  private Redactor(List<String> secrets) {
    this.secrets = secrets;
  }

  /** A redactor for these values (nulls and short values ignored). */
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
    if (s.length() >= MIN_LENGTH) {
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
      if (out.contains(s)) {
        out = out.replace(s, MASK);
      }
    }
    return out;
  }

  /** Whether there is nothing to redact. */
  public boolean isEmpty() {
    return secrets.isEmpty();
  }
}
