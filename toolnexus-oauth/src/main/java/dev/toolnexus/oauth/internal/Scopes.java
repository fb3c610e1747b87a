package dev.toolnexus.oauth.internal;

import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Reads the scopes a token grants from its {@code scope} (space-separated) or {@code scp} claim.
 */
final class Scopes {
  private Scopes() {}

  /** The scopes of a {@code scope} claim or, when absent, a {@code scp} claim (string or list). */
  static Set<String> of(Object scope, Object scp) {
    Set<String> out = new LinkedHashSet<>();
    add(out, scope != null ? scope : scp);
    return Set.copyOf(out);
  }

  private static void add(Set<String> out, Object claim) {
    if (claim instanceof String s) {
      for (String part : s.trim().split("\\s+")) {
        if (!part.isEmpty()) {
          out.add(part);
        }
      }
    } else if (claim instanceof Collection<?> list) {
      for (Object o : list) {
        add(out, o);
      }
    }
  }
}
