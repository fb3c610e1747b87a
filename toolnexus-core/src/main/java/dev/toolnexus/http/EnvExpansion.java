package dev.toolnexus.http;

import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Expands {@code ${NAME}} references in header and query values from an environment lookup.
 * Expanded values are secrets: they never appear in logs or error messages, only the variable names
 * do.
 */
final class EnvExpansion {
  private static final Pattern REF = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)}");

  private EnvExpansion() {}

  /** A variable a header or query value needs but the environment does not define. */
  static final class MissingVariableException extends Exception {
    private static final long serialVersionUID = 1L;

    MissingVariableException(String where, String variable) {
      super("environment variable " + variable + " is not set (needed by " + where + ")");
    }
  }

  /**
   * The value with every {@code ${NAME}} replaced.
   *
   * @param where what needs the value, for the error: {@code header Authorization}
   * @throws MissingVariableException naming the place and the variable (never a value)
   */
  static String expand(String where, String value, Function<String, String> env)
      throws MissingVariableException {
    Matcher m = REF.matcher(value);
    if (!m.find()) {
      return value;
    }
    StringBuilder out = new StringBuilder();
    int last = 0;
    do {
      String name = m.group(1);
      String resolved = env.apply(name);
      if (resolved == null) {
        throw new MissingVariableException(where, name);
      }
      out.append(value, last, m.start()).append(resolved);
      last = m.end();
    } while (m.find());
    return out.append(value, last, value.length()).toString();
  }
}
