package dev.toolnexus.spi;

import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Expands {@code ${NAME}} references in config values (headers, query values) from an environment
 * lookup: the one expander every source uses. Expanded values are secrets: they never appear in
 * logs or error messages, only the variable names do.
 */
public final class EnvExpander {
  private static final Pattern REF = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)}");

  private EnvExpander() {}

  /** A value refers to a variable the environment does not define. */
  public static final class MissingVariableException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** The name of the missing variable. */
    private final String variable;

    /** A missing variable, with a message that names it and where it was needed. */
    public MissingVariableException(String variable, String where) {
      super(
          "environment variable "
              + variable
              + " is not set"
              + (where == null ? "" : " (needed by " + where + ")"));
      this.variable = variable;
    }

    /** The name of the missing variable. */
    public String variable() {
      return variable;
    }
  }

  /**
   * The value with every {@code ${NAME}} replaced; a value without references is returned as is.
   *
   * @param where what needs the value, named in the error (for example {@code header
   *     Authorization}); may be null
   * @throws MissingVariableException naming the variable and the place (never a value)
   */
  public static String expand(String value, Function<String, String> env, String where) {
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
        throw new MissingVariableException(name, where);
      }
      out.append(value, last, m.start()).append(resolved);
      last = m.end();
    } while (m.find());
    return out.append(value, last, value.length()).toString();
  }
}
