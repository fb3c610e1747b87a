package dev.toolnexus.builtins;

import static dev.toolnexus.builtins.B.args;
import static dev.toolnexus.builtins.B.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.toolnexus.CancelToken;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** grep and glob finish, or stop at the call's timeout or cancel, whatever the pattern. */
class BoundedMatchingTest {
  private static final Duration LIMIT = Duration.ofSeconds(20);

  @TempDir Path dir;

  @BeforeEach
  void tree() throws Exception {
    Files.writeString(dir.resolve("evil.txt"), "a".repeat(40) + "b\n");
    Path deep = Files.createDirectories(dir.resolve("d1/d2/d3"));
    Files.writeString(deep.resolve("x.txt"), "found\n");
    Files.writeString(dir.resolve("a".repeat(60)), "");
  }

  @Test
  void aBacktrackingPatternWithoutBackreferencesRunsInLinearTime() {
    ToolResult r =
        assertTimeoutPreemptively(LIMIT, () -> run(B.tool(dir, "grep"), "pattern", "(.*a){45}"));
    assertThat(r.isError()).as(r.output()).isFalse();
    assertThat(r.output()).isEqualTo("");
    assertThat(r.metadata()).containsEntry("total", 0);
  }

  @Test
  void aBackreferencePatternStopsAtTheCallTimeout() {
    ToolContext ctx = ToolContext.empty().withTimeout(Duration.ofMillis(500));
    ToolResult r =
        assertTimeoutPreemptively(
            LIMIT, () -> B.tool(dir, "grep").execute(args("pattern", "^(a+)+\\1$"), ctx));
    assertThat(r.isError()).isTrue();
    assertThat(r.output())
        .isEqualTo(
            "grep: the search stopped after its 500 ms timeout while matching evil.txt; the"
                + " pattern backtracks too much (backreferences and lookaround run on the"
                + " backtracking engine), simplify it");
  }

  @Test
  void aBackreferencePatternStopsWhenTheCallIsCancelled() {
    CancelToken token = new CancelToken();
    ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    try {
      timer.schedule(() -> token.cancel(), 300, TimeUnit.MILLISECONDS);
      ToolResult r =
          assertTimeoutPreemptively(
              LIMIT,
              () ->
                  B.tool(dir, "grep")
                      .execute(args("pattern", "^(a+)+\\1$"), ToolContext.of(token)));
      assertThat(r.isError()).isTrue();
      assertThat(r.output()).isEqualTo("grep: cancelled");
    } finally {
      timer.shutdownNow();
    }
  }

  @Test
  void backreferencesStillWork() throws Exception {
    Files.writeString(dir.resolve("twice.txt"), "abab\nabc\n");
    ToolResult r = run(B.tool(dir, "grep"), "pattern", "^(ab)\\1$");
    assertThat(r.output()).isEqualTo("twice.txt:1:abab");
  }

  @Test
  void aGlobOfManyDoubleStarsFinishesAndMatchesLikeOne() {
    String pattern = "**/".repeat(40) + "x.txt";
    ToolResult r =
        assertTimeoutPreemptively(LIMIT, () -> run(B.tool(dir, "glob"), "pattern", pattern));
    assertThat(r.output()).isEqualTo("d1/d2/d3/x.txt");
  }

  @Test
  void aGrepIncludeOfManyDoubleStarsFinishes() {
    String include = "**/".repeat(40) + "*.txt";
    ToolResult r =
        assertTimeoutPreemptively(
            LIMIT, () -> run(B.tool(dir, "grep"), "pattern", "found", "include", include));
    assertThat(r.output()).isEqualTo("d1/d2/d3/x.txt:1:found");
  }

  @Test
  void aGlobOfManyStarsAgainstALongNameFinishes() {
    String pattern = "*a".repeat(12) + "*b";
    ToolResult r =
        assertTimeoutPreemptively(LIMIT, () -> run(B.tool(dir, "glob"), "pattern", pattern));
    assertThat(r.isError()).isFalse();
    assertThat(r.output()).isEqualTo("");
  }
}
