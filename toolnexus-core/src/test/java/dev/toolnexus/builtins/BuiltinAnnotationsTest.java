package dev.toolnexus.builtins;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Tool;
import dev.toolnexus.ToolAnnotations;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BuiltinAnnotationsTest {

  private static Map<String, ToolAnnotations> annotations(Path dir) {
    Map<String, ToolAnnotations> out = new LinkedHashMap<>();
    for (Tool t : Builtins.create(BuiltinsOptions.builder().baseDir(dir).build())) {
      out.put(t.name(), t.annotations());
    }
    return out;
  }

  @Test
  void everyBuiltinStatesAllFourHints(@TempDir Path dir) {
    Map<String, ToolAnnotations> a = annotations(dir);
    assertThat(a)
        .isEqualTo(
            Map.ofEntries(
                Map.entry("bash", ToolAnnotations.of(false, true, false, true)),
                Map.entry("read", ToolAnnotations.of(true, false, true, false)),
                Map.entry("write", ToolAnnotations.of(false, true, true, false)),
                Map.entry("edit", ToolAnnotations.of(false, true, false, false)),
                Map.entry("grep", ToolAnnotations.of(true, false, true, false)),
                Map.entry("glob", ToolAnnotations.of(true, false, true, false)),
                Map.entry("webfetch", ToolAnnotations.of(true, false, true, true)),
                Map.entry("question", ToolAnnotations.of(true, false, true, false)),
                Map.entry("apply_patch", ToolAnnotations.of(false, true, false, false)),
                Map.entry("todowrite", ToolAnnotations.of(false, true, true, false))));
  }

  @Test
  void theBuiltinsThatAreNotReadOnlyAreTheMutatingOnesAndTodowrite(@TempDir Path dir) {
    List<String> writing =
        annotations(dir).entrySet().stream()
            .filter(e -> !e.getValue().isReadOnly())
            .map(Map.Entry::getKey)
            .toList();
    assertThat(writing).containsExactly("bash", "write", "edit", "apply_patch", "todowrite");
    assertThat(Builtins.MUTATING).containsExactlyInAnyOrder("bash", "write", "edit", "apply_patch");
  }
}
