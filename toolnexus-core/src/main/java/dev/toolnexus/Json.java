package dev.toolnexus;

import dev.toolnexus.internal.PlainJsonReader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * The one configured Jackson 3 mapper the library shares, plus helpers between JSON text and the
 * plain values ({@code Map}, {@code List}, String, Number, Boolean, null) tools work with. Parsing
 * reads plain text with the streaming parser directly and leaves anything unusual to the mapper, so
 * values and errors are the mapper's either way.
 */
public final class Json {
  // Jackson's shared default mapper, not a second one of the same configuration: the MCP SDK's
  // default mapper is this one too, so the serializers and deserializers both build for maps,
  // lists and strings are built (and cached) once per JVM instead of once per mapper
  private static final JsonMapper MAPPER = JsonMapper.shared();
  private static final TypeReference<LinkedHashMap<String, Object>> MAP = new TypeReference<>() {};
  private static final TypeReference<List<Object>> LIST = new TypeReference<>() {};
  private static final Pattern START_MARKER =
      Pattern.compile(" \\(start marker at \\[[^\\]]*\\]\\)");
  private static final Pattern SOURCE = Pattern.compile("\\[Source: [^;\\]]*(; )?");

  private Json() {}

  /** The shared mapper; safe to use from any thread, and not to be reconfigured. */
  public static JsonMapper mapper() {
    return MAPPER;
  }

  /** Compact JSON text for a plain value, record or map. */
  public static String write(Object value) {
    return MAPPER.writeValueAsString(value);
  }

  /** Indented JSON text, for humans. */
  public static String writePretty(Object value) {
    return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(value);
  }

  /**
   * Parses a JSON object into an ordered map.
   *
   * @throws IllegalArgumentException when the text is not a JSON object, with the parser's reason
   */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> parseObject(String json) {
    if (json != null
        && PlainJsonReader.read(MAPPER, json, false) instanceof LinkedHashMap<?, ?> m) {
      return (Map<String, Object>) m;
    }
    try {
      Map<String, Object> m = MAPPER.readValue(json, MAP);
      if (m == null) {
        throw new IllegalArgumentException("expected a JSON object, got null");
      }
      return m;
    } catch (JacksonException e) {
      throw new IllegalArgumentException(reason(e), e);
    }
  }

  /** Parses a JSON array into a list. */
  @SuppressWarnings("unchecked")
  public static List<Object> parseArray(String json) {
    if (json != null && PlainJsonReader.read(MAPPER, json, false) instanceof ArrayList<?> l) {
      return (List<Object>) l;
    }
    try {
      return MAPPER.readValue(json, LIST);
    } catch (JacksonException e) {
      throw new IllegalArgumentException(reason(e), e);
    }
  }

  /** Parses any JSON value into plain values. */
  public static Object parse(String json) {
    Object plain =
        json == null ? PlainJsonReader.UNREAD : PlainJsonReader.read(MAPPER, json, false);
    if (plain != PlainJsonReader.UNREAD) {
      return plain;
    }
    try {
      return MAPPER.readValue(json, Object.class);
    } catch (JacksonException e) {
      throw new IllegalArgumentException(reason(e), e);
    }
  }

  /**
   * The parser's reason without Jackson's source placeholder ({@code [Source: REDACTED ...]}), with
   * the line and column where the text went wrong.
   */
  private static String reason(JacksonException e) {
    String message = e.getOriginalMessage() == null ? "malformed JSON" : e.getOriginalMessage();
    message = START_MARKER.matcher(SOURCE.matcher(message).replaceAll("[")).replaceAll("");
    if (e.getLocation() != null && e.getLocation().getLineNr() > 0) {
      message +=
          " (line "
              + e.getLocation().getLineNr()
              + ", column "
              + e.getLocation().getColumnNr()
              + ")";
    }
    return message;
  }

  /** Converts a record, bean or map into plain values (maps keep declaration order). */
  public static Object toPlain(Object value) {
    return MAPPER.convertValue(value, Object.class);
  }

  /** Converts plain values into a typed object. */
  public static <T> T convert(Object plain, Class<T> type) {
    return MAPPER.convertValue(plain, type);
  }
}
