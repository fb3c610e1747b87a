package dev.toolnexus.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class QuickstartTest {
  private static final Path ROOT = Path.of(System.getProperty("toolnexus.root", ".."));

  @Test
  void readmeQuickstartIsTheCompiledQuickstartSource() throws IOException {
    String source =
        Files.readString(
            ROOT.resolve(
                "toolnexus-examples/src/test/java/dev/toolnexus/examples/Quickstart.java"));
    String region = between(source, "// quickstart:begin\n", "// quickstart:end\n");
    String readme = Files.readString(ROOT.resolve("README.md"));
    String afterHeading = readme.substring(readme.indexOf("## Quickstart"));
    String block = between(afterHeading, "```java\n", "```\n");

    assertThat(block).isEqualTo(region);
  }

  @Test
  void quickstartPrintsTheOpenAiSchemaAndTheToolOutput() {
    List<String> lines = runQuickstart();

    assertThat(lines)
        .containsExactly(
            "[{\"type\":\"function\",\"function\":{\"name\":\"get_weather\","
                + "\"description\":\"Current weather for a city\",\"parameters\":{"
                + "\"type\":\"object\",\"properties\":{\"city\":{\"type\":\"string\"}},"
                + "\"required\":[\"city\"]}}}]",
            "sunny in Chennai");
  }

  private static List<String> runQuickstart() {
    PrintStream original = System.out;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
    try {
      Quickstart.main(new String[0]);
    } finally {
      System.setOut(original);
    }
    return captured.toString(StandardCharsets.UTF_8).lines().toList();
  }

  private static String between(String text, String begin, String end) {
    int from = text.indexOf(begin);
    assertThat(from).as("marker %s", begin.strip()).isNotNegative();
    int to = text.indexOf(end, from + begin.length());
    assertThat(to).as("marker %s", end.strip()).isNotNegative();
    return text.substring(from + begin.length(), to);
  }
}
