package dev.toolnexus.agents.vocab;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.agents.Limit;
import dev.toolnexus.agents.TaskStatus;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The closed status and limit vocabularies are public constants, seen from outside the package. */
class PublicVocabularyTest {

  @Test
  void everyTaskStatusIsAPublicConstantWithItsSharedSpelling() {
    assertThat(Modifier.isPublic(TaskStatus.class.getModifiers())).isTrue();
    assertThat(Arrays.stream(TaskStatus.values()).map(TaskStatus::value))
        .containsExactly(
            "done", "pending", "incomplete", "interrupted", "closed", "timeout", "error");
  }

  @Test
  void everyLimitIsAPublicConstantWithItsSharedSpelling() {
    assertThat(Modifier.isPublic(Limit.class.getModifiers())).isTrue();
    assertThat(Arrays.stream(Limit.values()).map(Limit::value))
        .containsExactly(
            "maxTurns",
            "maxTokens",
            "maxToolCalls",
            "maxWallMs",
            "maxChildren",
            "maxConcurrent",
            "maxDepth",
            "completion",
            "timeout");
  }
}
