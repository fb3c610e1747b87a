package dev.toolnexus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonTest {

  @Test
  void parseObjectKeepsKeyOrder() {
    Map<String, Object> m =
        Json.parseObject("{\"z\":1,\"a\":{\"y\":true,\"b\":null},\"m\":[1,\"x\"]}");

    assertThat(m.keySet()).containsExactly("z", "a", "m");
    assertThat(Json.write(m)).isEqualTo("{\"z\":1,\"a\":{\"y\":true,\"b\":null},\"m\":[1,\"x\"]}");
  }

  @Test
  void parseObjectRejectsNonObjectsWithAReason() {
    assertThatThrownBy(() -> Json.parseObject("[1]")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Json.parseObject("{\"a\":"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Json.parseObject("null"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("expected a JSON object, got null");
  }

  @Test
  void parseGivesPlainValues() {
    assertThat(Json.parse("[1,2.5,\"s\",false,null]"))
        .isEqualTo(java.util.Arrays.asList(1, 2.5, "s", false, null));
    assertThat(Json.parseArray("[]")).isEqualTo(List.of());
  }

  @Test
  void recordsConvertToPlainMapsInComponentOrder() {
    record Point(int y, int x) {}

    assertThat(Json.toPlain(new Point(2, 1))).isEqualTo(Map.of("y", 2, "x", 1));
    assertThat(Json.write(new Point(2, 1))).isEqualTo("{\"y\":2,\"x\":1}");
    assertThat(Json.convert(Map.of("x", 1, "y", 2), Point.class)).isEqualTo(new Point(2, 1));
  }
}
