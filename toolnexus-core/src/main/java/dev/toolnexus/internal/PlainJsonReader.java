package dev.toolnexus.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads JSON text into plain values with the mapper's streaming parser, exactly as the mapper's
 * untyped (map) deserialisation would (objects as {@link LinkedHashMap}, arrays as {@link
 * ArrayList}, integers as Integer or Long, decimals as Double, strings, booleans, null), without
 * building Jackson's untyped and map deserializers: resolving those reads annotations that the JDK
 * turns into proxy classes, some hundred classes before the first reply is read.
 *
 * <p>Anything this reader does not make exactly as the mapper would (malformed or trailing text, a
 * duplicate key, an integer beyond a long, a decimal beyond a double) makes it return {@link
 * #UNREAD}, and the caller reads the text with the mapper, which gives the value or the error it
 * always gave.
 */
public final class PlainJsonReader {
  /** Returned for text this reader leaves to the mapper. */
  public static final Object UNREAD = new Object();

  private static final int MAX_DEPTH = 500;

  private PlainJsonReader() {}

  /**
   * The value of {@code text}, or {@link #UNREAD}; a top-level object comes as a {@link HashMap}
   * when {@code hashRoot} (the mapper's reading into {@code HashMap}), else as a {@link
   * LinkedHashMap}.
   */
  public static Object read(JsonMapper mapper, String text, boolean hashRoot) {
    try (JsonParser p = mapper.createParser(text)) {
      JsonToken t = p.nextToken();
      if (t == null) {
        return UNREAD;
      }
      Object value = value(p, t, hashRoot, 0);
      if (value == UNREAD || p.nextToken() != null) {
        return UNREAD;
      }
      return value;
    } catch (RuntimeException e) { // a JacksonException, or anything else: the mapper's to report
      return UNREAD;
    }
  }

  private static Object value(JsonParser p, JsonToken t, boolean hashMap, int depth) {
    switch (t) {
      case START_OBJECT:
        return object(p, hashMap, depth + 1);
      case START_ARRAY:
        return array(p, depth + 1);
      case VALUE_STRING:
        return p.getString();
      case VALUE_NUMBER_INT:
        return switch (p.getNumberType()) {
          case INT -> p.getIntValue();
          case LONG -> p.getLongValue();
          default -> UNREAD;
        };
      case VALUE_NUMBER_FLOAT:
        {
          if (p.getNumberType() != JsonParser.NumberType.DOUBLE) {
            return UNREAD;
          }
          double d = p.getDoubleValue();
          return Double.isFinite(d) ? (Object) d : UNREAD;
        }
      case VALUE_TRUE:
        return Boolean.TRUE;
      case VALUE_FALSE:
        return Boolean.FALSE;
      case VALUE_NULL:
        return null;
      default:
        return UNREAD;
    }
  }

  private static Object object(JsonParser p, boolean hashMap, int depth) {
    if (depth > MAX_DEPTH) {
      return UNREAD;
    }
    Map<String, Object> map = hashMap ? new HashMap<>() : new LinkedHashMap<>();
    JsonToken t;
    while ((t = p.nextToken()) == JsonToken.PROPERTY_NAME) {
      String name = p.currentName();
      Object v = value(p, p.nextToken(), false, depth);
      if (v == UNREAD || map.containsKey(name)) {
        return UNREAD;
      }
      map.put(name, v);
    }
    return t == JsonToken.END_OBJECT ? map : UNREAD;
  }

  private static Object array(JsonParser p, int depth) {
    if (depth > MAX_DEPTH) {
      return UNREAD;
    }
    List<Object> list = new ArrayList<>();
    JsonToken t;
    while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
      if (t == null) {
        return UNREAD;
      }
      Object v = value(p, t, false, depth);
      if (v == UNREAD) {
        return UNREAD;
      }
      list.add(v);
    }
    return list;
  }
}
