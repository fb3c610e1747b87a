package dev.toolnexus;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.http.HttpTool;
import dev.toolnexus.skills.SkillDef;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Tools state the behaviour hints their kind implies: the skill loader reads local files only, an
 * HTTP tool's hints follow its method, and the built-ins keep theirs.
 */
class DerivedAnnotationsTest {

  private static ToolAnnotations http(String method) {
    return HttpTool.builder()
        .name("t")
        .method(method)
        .url("http://127.0.0.1:1/x")
        .build()
        .annotations();
  }

  @Test
  void theSkillLoaderIsReadOnlyIdempotentAndClosedWorld() {
    try (Toolkit toolkit =
        Toolkit.builder().builtins(false).skills(SkillDef.of("a", "A skill", "Do A.")).build()) {
      assertThat(toolkit.get("skill").orElseThrow().annotations())
          .isEqualTo(ToolAnnotations.of(true, false, true, false));
    }
  }

  @Test
  void aGetIsReadOnlyAndOpenWorld() {
    assertThat(http("GET")).isEqualTo(new ToolAnnotations(null, true, null, null, true, List.of()));
  }

  @Test
  void aPutIsIdempotentAndOpenWorld() {
    assertThat(http("PUT")).isEqualTo(new ToolAnnotations(null, null, null, true, true, List.of()));
  }

  @Test
  void aPostStatesOnlyTheOpenWorld() {
    assertThat(http("POST"))
        .isEqualTo(new ToolAnnotations(null, null, null, null, true, List.of()));
  }

  @Test
  void theBuiltinReadIsReadOnlyAndBashDestructiveAndOpenWorld() {
    try (Toolkit toolkit = Toolkit.builder().builtins(true).build()) {
      assertThat(toolkit.get("read").orElseThrow().annotations())
          .isEqualTo(ToolAnnotations.of(true, false, true, false));
      assertThat(toolkit.get("bash").orElseThrow().annotations())
          .isEqualTo(ToolAnnotations.of(false, true, false, true));
    }
  }
}
