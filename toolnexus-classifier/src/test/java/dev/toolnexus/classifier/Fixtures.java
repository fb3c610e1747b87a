package dev.toolnexus.classifier;

import dev.toolnexus.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The shared judge fixtures, vendored byte for byte, and readers for their parts. */
final class Fixtures {
  private Fixtures() {}

  /** The fixture file's text, exactly as vendored. */
  static String text(String name) {
    try (InputStream in = Fixtures.class.getResourceAsStream("/judge/" + name)) {
      if (in == null) {
        throw new IllegalArgumentException("no fixture " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The fixture parsed into ordered maps. */
  static Map<String, Object> load(String name) {
    return Json.parseObject(text(name));
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> map(Object o) {
    return (Map<String, Object>) o;
  }

  @SuppressWarnings("unchecked")
  static List<Object> list(Object o) {
    return (List<Object>) o;
  }

  /** Questions built through the public factories from their wire form, in the fixture's order. */
  static Map<String, Question> questions(Object wire) {
    Map<String, Question> out = new LinkedHashMap<>();
    map(wire).forEach((k, v) -> out.put(k, question(map(v))));
    return out;
  }

  static Question question(Map<String, Object> q) {
    String instructions = (String) q.get("instructions");
    Object criteria = q.get("criteria");
    switch ((String) q.get("type")) {
      case "noul":
        if (criteria == null) {
          return Question.noul(instructions);
        }
        Map<String, Object> c = map(criteria);
        return Question.noul(
            instructions, new NoulCriteria((String) c.get("true"), (String) c.get("false")));
      case "choice":
        Map<String, String> options = new LinkedHashMap<>();
        map(criteria).forEach((k, v) -> options.put(k, (String) v));
        return Question.choice(instructions, options);
      default:
        List<String> levels = new ArrayList<>();
        list(criteria).forEach(v -> levels.add((String) v));
        return Question.score(instructions, levels);
    }
  }
}
