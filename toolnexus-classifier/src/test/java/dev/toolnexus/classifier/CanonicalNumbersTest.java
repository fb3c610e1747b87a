package dev.toolnexus.classifier;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.classifier.internal.CanonicalJson;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CanonicalNumbersTest {

  @Test
  void integersAndWholeDoublesHaveNoFraction() {
    assertThat(CanonicalJson.write(List.of(0, 0.0, -0.0, 1.0, 42L, 1e20)))
        .isEqualTo("[0,0,0,1,42,100000000000000000000]");
  }

  @Test
  void fractionsAreShortestAndPlainBetweenTheExponentBounds() {
    assertThat(CanonicalJson.write(List.of(1.21, 0.1, 1.6716e-5, 1e-7, 1e21, -2.5e-9)))
        .isEqualTo("[1.21,0.1,0.000016716,1e-7,1e+21,-2.5e-9]");
  }

  @Test
  void htmlCharactersAndNonAsciiAreWrittenRaw() {
    assertThat(CanonicalJson.write("<b>A & B</b> 'q' \"d\" café 日本語 \\ \n"))
        .isEqualTo("\"<b>A & B</b> 'q' \\\"d\\\" café 日本語 \\\\ \\n\"");
  }

  @Test
  void keysSortByCodeUnitAtEveryDepthAndBeyondThirtyTwoKeys() {
    Map<String, Object> inner = new LinkedHashMap<>();
    for (int i = 40; i > 0; i--) {
      inner.put(String.format("k%02d", i), i);
    }
    inner.put("über", 1);
    inner.put("Alpha", 2);
    inner.put("10_a", 3);
    Map<String, Object> outer = new LinkedHashMap<>();
    outer.put("z", inner);
    outer.put("a", List.of(3, 1, 2));

    String out = CanonicalJson.write(outer);

    assertThat(out).startsWith("{\"a\":[3,1,2],\"z\":{\"10_a\":3,\"Alpha\":2,\"k01\":1,\"k02\":2,");
    assertThat(out).endsWith("\"k40\":40,\"über\":1}}");
  }
}
