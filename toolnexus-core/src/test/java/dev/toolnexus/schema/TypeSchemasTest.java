package dev.toolnexus.schema;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Json;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class TypeSchemasTest {

  /** Reads a golden file; with -Dtoolnexus.updateGolden=true rewrites it from the actual value. */
  static String golden(String name, String actual) throws IOException {
    if (Boolean.getBoolean("toolnexus.updateGolden")) {
      Path file =
          Path.of(
              System.getProperty("toolnexus.root"),
              "toolnexus-core/src/test/resources/schemas",
              name);
      Files.writeString(file, actual);
    }
    try (InputStream in = TypeSchemasTest.class.getResourceAsStream("/schemas/" + name)) {
      assertThat(in).as("golden file schemas/%s", name).isNotNull();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  private static String pretty(Object value) {
    return Json.writePretty(value) + "\n";
  }

  private static String compact(Type type) {
    return Json.write(TypeSchemas.of(type));
  }

  @Test
  void recordWithNestedRecordsListEnumOptionalAndMapMatchesTheGoldenFile() throws IOException {
    String actual = pretty(TypeSchemas.of(SampleTypes.Trip.class));

    assertThat(actual).isEqualTo(golden("trip.json", actual));
  }

  @Test
  void beanWithInheritedFieldsMatchesTheGoldenFile() throws IOException {
    String actual = pretty(TypeSchemas.of(SampleTypes.Dog.class));

    assertThat(actual).isEqualTo(golden("dog.json", actual));
  }

  @Test
  void theSameTypeGivesTheSameBytesEveryTime() {
    assertThat(compact(SampleTypes.Trip.class)).isEqualTo(compact(SampleTypes.Trip.class));
  }

  @Test
  void scalarsMapToJsonTypes() {
    assertThat(compact(String.class)).isEqualTo("{\"type\":\"string\"}");
    assertThat(compact(char.class)).isEqualTo("{\"type\":\"string\"}");
    assertThat(compact(int.class)).isEqualTo("{\"type\":\"integer\"}");
    assertThat(compact(Long.class)).isEqualTo("{\"type\":\"integer\"}");
    assertThat(compact(double.class)).isEqualTo("{\"type\":\"number\"}");
    assertThat(compact(BigDecimal.class)).isEqualTo("{\"type\":\"number\"}");
    assertThat(compact(boolean.class)).isEqualTo("{\"type\":\"boolean\"}");
    assertThat(compact(Boolean.class)).isEqualTo("{\"type\":\"boolean\"}");
  }

  @Test
  void wellKnownValueTypesAreStrings() {
    assertThat(compact(UUID.class)).isEqualTo("{\"type\":\"string\"}");
    assertThat(compact(Instant.class)).isEqualTo("{\"type\":\"string\",\"format\":\"date-time\"}");
    assertThat(compact(LocalDate.class)).isEqualTo("{\"type\":\"string\",\"format\":\"date\"}");
    assertThat(compact(byte[].class))
        .isEqualTo("{\"type\":\"string\",\"contentEncoding\":\"base64\"}");
  }

  @Test
  void enumsListTheirJsonNames() {
    assertThat(compact(SampleTypes.Mode.class))
        .isEqualTo("{\"type\":\"string\",\"enum\":[\"TRAIN\",\"plane\",\"CAR\"]}");
  }

  @Test
  void arraysAndCollectionsHaveItems() throws NoSuchFieldException {
    assertThat(compact(String[].class))
        .isEqualTo("{\"type\":\"array\",\"items\":{\"type\":\"string\"}}");
    assertThat(compact(Holder.class.getDeclaredField("set").getGenericType()))
        .isEqualTo("{\"type\":\"array\",\"items\":{\"type\":\"integer\"}}");
    assertThat(compact(Holder.class.getDeclaredField("nested").getGenericType()))
        .isEqualTo(
            "{\"type\":\"array\",\"items\":{\"type\":\"array\",\"items\":{\"type\":\"string\"}}}");
    assertThat(compact(List.class)).isEqualTo("{\"type\":\"array\",\"items\":{}}");
  }

  @Test
  void mapsAreObjectsWithValueSchemas() throws NoSuchFieldException {
    assertThat(compact(Holder.class.getDeclaredField("scores").getGenericType()))
        .isEqualTo("{\"type\":\"object\",\"additionalProperties\":{\"type\":\"number\"}}");
    assertThat(compact(Map.class)).isEqualTo("{\"type\":\"object\"}");
  }

  @Test
  void optionalIsItsInnerType() throws NoSuchFieldException {
    assertThat(compact(Holder.class.getDeclaredField("maybe").getGenericType()))
        .isEqualTo("{\"type\":\"integer\"}");
  }

  @Test
  void aSelfReferencingTypeIsCutAtTheSecondVisit() {
    assertThat(compact(Node.class))
        .isEqualTo(
            "{\"type\":\"object\",\"properties\":{\"value\":{\"type\":\"string\"},"
                + "\"next\":{\"type\":\"object\"}},\"required\":[\"value\"]}");
  }

  @Test
  void methodParametersBecomeAnObjectSchemaWithoutTheContext() throws NoSuchMethodException {
    var m =
        Holder.class.getDeclaredMethod(
            "call", String.class, Optional.class, dev.toolnexus.ToolContext.class, int.class);

    assertThat(Json.write(TypeSchemas.ofParameters(m)))
        .isEqualTo(
            "{\"type\":\"object\",\"properties\":{\"city\":{\"type\":\"string\"},"
                + "\"unit\":{\"type\":\"string\"},\"days\":{\"type\":\"integer\"}},"
                + "\"required\":[\"city\",\"days\"]}");
  }

  @Test
  void aMethodWithoutInputsHasEmptyProperties() throws NoSuchMethodException {
    assertThat(Json.write(TypeSchemas.ofParameters(Holder.class.getDeclaredMethod("none"))))
        .isEqualTo("{\"type\":\"object\",\"properties\":{}}");
  }

  @Test
  void generatedSchemasAreUnmodifiable() {
    assertThat(TypeSchemas.of(SampleTypes.Trip.class)).isUnmodifiable();
  }

  record Node(String value, @Nullable Node next) {}

  @SuppressWarnings("unused")
  static final class Holder {
    Set<Integer> set;
    List<List<String>> nested;
    Map<String, Double> scores;
    Optional<Integer> maybe;

    static String call(
        String city, Optional<String> unit, dev.toolnexus.ToolContext ctx, int days) {
      return "";
    }

    static String none() {
      return "";
    }
  }
}
