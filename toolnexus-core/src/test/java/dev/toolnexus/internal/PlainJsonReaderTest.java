package dev.toolnexus.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

class PlainJsonReaderTest {
  private static final JsonMapper MAPPER = JsonMapper.shared();

  private static final List<String> READ =
      List.of(
          "{\"a\":1,\"b\":[1,2147483648,-9223372036854775808,1.5,1e2,-0.0,0.1,2.5E-3],\"c\":{}}",
          "{\"s\":\"q\\\"\\\\\\/\\b\\f\\n\\r\\t\\u0001\\u00e9\\ud83d\\ude00\",\"t\":true,\"f\":false,\"n\":null}",
          "  [ {\"x\":[[],[{}]]}, \"\", 0, -1 ]  ",
          "\"text\"",
          "42",
          "null",
          "{\"\":{\"\":[null]}}");

  private static final List<String> LEFT_TO_THE_MAPPER =
      List.of(
          "{\"a\":1,\"a\":2}",
          "{\"a\":1} x",
          "{\"a\":1",
          "",
          "  ",
          "[1,]",
          "{'a':1}",
          "{\"big\":123456789012345678901234567890}",
          "{\"huge\":1e400}",
          "[1] [2]",
          "{\"a\":NaN}");

  /** Equal values of equal classes, all the way down. */
  private static void assertSame(Object actual, Object expected) {
    if (expected == null) {
      assertThat(actual).isNull();
      return;
    }
    assertThat(actual).isNotNull();
    assertThat(actual.getClass()).isEqualTo(expected.getClass());
    if (expected instanceof Map<?, ?> e) {
      Map<?, ?> a = (Map<?, ?>) actual;
      assertThat(List.copyOf(a.keySet())).isEqualTo(List.copyOf(e.keySet()));
      for (Object k : e.keySet()) {
        assertSame(a.get(k), e.get(k));
      }
    } else if (expected instanceof List<?> e) {
      List<?> a = (List<?>) actual;
      assertThat(a).hasSameSizeAs(e);
      for (int i = 0; i < e.size(); i++) {
        assertSame(a.get(i), e.get(i));
      }
    } else {
      assertThat(actual).isEqualTo(expected);
    }
  }

  @Test
  void plainTextIsReadAsTheMappersUntypedReadingMakesIt() {
    for (String text : READ) {
      Object read = PlainJsonReader.read(MAPPER, text, false);
      assertThat(read).as(text).isNotSameAs(PlainJsonReader.UNREAD);
      assertSame(read, MAPPER.readValue(text, Object.class));
    }
  }

  @Test
  void aTopLevelObjectReadForAHashMapIsAHashMapWithLinkedMapsInside() {
    String text = "{\"b\":{\"x\":1},\"a\":[{\"y\":2}]}";
    Object read = PlainJsonReader.read(MAPPER, text, true);

    assertSame(read, MAPPER.readValue(text, new TypeReference<HashMap<String, Object>>() {}));
    assertThat(((Map<?, ?>) read).get("b")).isInstanceOf(LinkedHashMap.class);
  }

  @Test
  void unusualOrMalformedTextIsLeftToTheMapper() {
    for (String text : LEFT_TO_THE_MAPPER) {
      assertThat(PlainJsonReader.read(MAPPER, text, false))
          .as(text)
          .isSameAs(PlainJsonReader.UNREAD);
    }
  }
}
