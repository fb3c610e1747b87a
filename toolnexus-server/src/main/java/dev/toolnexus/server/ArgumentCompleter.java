package dev.toolnexus.server;

import java.util.List;
import java.util.Map;

/**
 * Suggests values for a prompt argument or a resource template variable while a user types it,
 * answering {@code completion/complete}. The server sends at most 100 of the values and says when
 * there were more.
 */
@FunctionalInterface
public interface ArgumentCompleter {

  /**
   * The suggestions for {@code argument} given what is typed so far.
   *
   * @param argument the argument or variable being completed
   * @param value what the user typed so far (may be empty)
   * @param context the values of the other arguments already given (may be empty)
   * @return the suggestions, best first
   */
  List<String> complete(String argument, String value, Map<String, String> context);

  /** Suggests, for any argument, the given values that start with what is typed. */
  static ArgumentCompleter of(List<String> values) {
    List<String> all = List.copyOf(values);
    return (argument, value, context) ->
        all.stream().filter(v -> v.startsWith(value == null ? "" : value)).toList();
  }
}
