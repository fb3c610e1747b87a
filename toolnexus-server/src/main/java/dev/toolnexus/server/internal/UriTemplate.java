package dev.toolnexus.server.internal;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A level-1 URI template ({@code {var}} expressions only) matched against concrete URIs: each
 * variable takes one non-empty run of characters without {@code /}, {@code ?} or {@code #}, and its
 * value is percent-decoded.
 */
final class UriTemplate {
  private final Pattern pattern;
  private final List<String> names = new ArrayList<>();

  UriTemplate(String template) {
    StringBuilder regex = new StringBuilder();
    int i = 0;
    while (i < template.length()) {
      int open = template.indexOf('{', i);
      if (open < 0) {
        regex.append(Pattern.quote(template.substring(i)));
        break;
      }
      if (open > i) {
        regex.append(Pattern.quote(template.substring(i, open)));
      }
      int close = template.indexOf('}', open);
      names.add(template.substring(open + 1, close).trim());
      regex.append("([^/?#]+)");
      i = close + 1;
    }
    this.pattern = Pattern.compile(regex.toString());
  }

  /** The variables' values when {@code uri} matches, else null. */
  Map<String, String> match(String uri) {
    Matcher m = pattern.matcher(uri);
    if (!m.matches()) {
      return null;
    }
    Map<String, String> values = new LinkedHashMap<>();
    for (int g = 0; g < names.size(); g++) {
      String raw = m.group(g + 1);
      values.put(names.get(g), URLDecoder.decode(raw.replace("+", "%2B"), StandardCharsets.UTF_8));
    }
    return values;
  }
}
