package dev.toolnexus.client.internal;

import dev.toolnexus.ContentPart;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Content parts to and from their plain-data form ({@code type, mimeType, data|url}). */
public final class Parts {
  private Parts() {}

  /** The plain-data map of one part. */
  public static Map<String, Object> toMap(ContentPart part) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("type", part.type());
    if (part instanceof ContentPart.Text t) {
      m.put("text", t.text());
      return m;
    }
    ContentPart.Media media = (ContentPart.Media) part;
    m.put("mimeType", media.mimeType());
    if (media.data() != null) {
      m.put("data", media.data());
    } else {
      m.put("url", media.url());
    }
    if (media instanceof ContentPart.FileData f && f.name() != null) {
      m.put("name", f.name());
    }
    return m;
  }

  /** The plain-data maps of a list of parts. */
  public static List<Map<String, Object>> toMaps(List<ContentPart> parts) {
    List<Map<String, Object>> out = new ArrayList<>(parts.size());
    parts.forEach(p -> out.add(toMap(p)));
    return out;
  }

  /**
   * Reads one part from its plain-data map.
   *
   * @throws IllegalArgumentException naming the bad field
   */
  public static ContentPart fromMap(Map<?, ?> m) {
    String type = str(m.get("type"));
    if ("text".equals(type)) {
      return new ContentPart.Text(str(m.get("text")) == null ? "" : str(m.get("text")));
    }
    String mime = str(m.get("mimeType"));
    String data = str(m.get("data"));
    String url = str(m.get("url"));
    if (type == null) {
      throw new IllegalArgumentException("content part without a \"type\"");
    }
    return switch (type) {
      case "image" -> new ContentPart.Image(mime, data, url);
      case "audio" -> new ContentPart.Audio(mime, data, url);
      case "file" -> new ContentPart.FileData(mime, data, url, str(m.get("name")));
      default -> throw new IllegalArgumentException("unknown content part type \"" + type + "\"");
    };
  }

  /** Reads a list of plain-data maps. */
  public static List<ContentPart> fromList(Object value) {
    if (!(value instanceof List<?> list)) {
      return List.of();
    }
    List<ContentPart> out = new ArrayList<>(list.size());
    for (Object o : list) {
      if (!(o instanceof Map<?, ?> m)) {
        throw new IllegalArgumentException("a content part must be an object, got " + o);
      }
      out.add(fromMap(m));
    }
    return out;
  }

  private static String str(Object o) {
    return o == null ? null : String.valueOf(o);
  }
}
