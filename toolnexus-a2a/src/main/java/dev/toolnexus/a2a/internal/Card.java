package dev.toolnexus.a2a.internal;

import dev.toolnexus.a2a.Dialect;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What toolnexus reads from an agent card: the name (the tool prefix), the JSON-RPC endpoint, the
 * dialect and the skills.
 *
 * @param name the agent's name
 * @param endpoint where JSON-RPC requests go
 * @param dialect the dialect the card announces
 * @param skills one entry per skill: its id (or name) and its description
 * @param streaming whether the card says the agent streams ({@code capabilities.streaming})
 * @param rest whether the agent is reached over the v1.0 HTTP+JSON binding at {@code endpoint} (the
 *     card lists no JSON-RPC interface and no v0.3 {@code url}), not JSON-RPC
 */
record Card(
    String name,
    URI endpoint,
    Dialect dialect,
    List<Skill> skills,
    boolean streaming,
    boolean rest) {

  /** One advertised skill. */
  record Skill(String id, String description) {}

  /**
   * Reads a card fetched from {@code cardUrl}. A {@code supportedInterfaces} entry for JSON-RPC at
   * version 1.x means v1.0 (at that entry's url); a card with no JSON-RPC entry and no {@code url}
   * but an HTTP+JSON 1.x entry means v1.0 over HTTP+JSON; otherwise the card is v0.3 at {@code
   * url}, or at the card's origin when it names none.
   *
   * @throws IllegalArgumentException naming what the card lacks
   */
  static Card parse(Map<String, Object> card, URI cardUrl) {
    if (!(card.get("name") instanceof String name) || name.isBlank()) {
      throw new IllegalArgumentException("agent card at " + cardUrl + " has no name");
    }
    Dialect dialect = Dialect.V0_3;
    String url = card.get("url") instanceof String s && !s.isBlank() ? s : null;
    boolean rest = false;
    if (card.get("supportedInterfaces") instanceof List<?> interfaces) {
      String restUrl = null;
      boolean jsonRpc = false;
      for (Object o : interfaces) {
        if (o instanceof Map<?, ?> i
            && i.get("url") instanceof String u
            && "HTTP+JSON".equals(String.valueOf(i.get("protocolBinding")).toUpperCase(Locale.ROOT))
            && String.valueOf(i.get("protocolVersion")).startsWith("1.")
            && restUrl == null) {
          restUrl = u;
        }
        if (o instanceof Map<?, ?> i
            && "JSONRPC"
                .equals(String.valueOf(i.get("protocolBinding")).toUpperCase(Locale.ROOT))) {
          jsonRpc = true;
        }
      }
      if (!jsonRpc && url == null && restUrl != null) {
        dialect = Dialect.V1_0;
        url = restUrl;
        rest = true;
      }
      for (Object o : interfaces) {
        if (o instanceof Map<?, ?> i
            && i.get("url") instanceof String u
            && "JSONRPC"
                .equals(String.valueOf(i.get("protocolBinding")).toUpperCase(Locale.ROOT))) {
          String version = String.valueOf(i.get("protocolVersion"));
          if (version.startsWith("1.")) {
            dialect = Dialect.V1_0;
            url = u;
            break;
          }
          if (url == null) {
            url = u;
          }
        }
      }
    }
    URI endpoint = url == null ? cardUrl.resolve("/") : cardUrl.resolve(url);
    List<Skill> skills = new ArrayList<>();
    if (card.get("skills") instanceof List<?> list) {
      for (Object o : list) {
        if (o instanceof Map<?, ?> s) {
          String id = s.get("id") instanceof String i && !i.isEmpty() ? i : null;
          String skillName = s.get("name") instanceof String n && !n.isEmpty() ? n : null;
          String key = id != null ? id : skillName;
          if (key == null) {
            continue;
          }
          String description =
              s.get("description") instanceof String d && !d.isBlank()
                  ? d
                  : skillName != null ? skillName : key;
          skills.add(new Skill(key, description));
        }
      }
    }
    boolean streaming =
        card.get("capabilities") instanceof Map<?, ?> c && Boolean.TRUE.equals(c.get("streaming"));
    return new Card(name, endpoint, dialect, skills, streaming, rest);
  }
}
