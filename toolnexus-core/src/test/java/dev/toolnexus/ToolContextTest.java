package dev.toolnexus;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ToolContextTest {
  record UserId(String value) {}

  @Test
  void attributesAreTypedAndDerivingKeepsTheOriginal() {
    ToolContext base = ToolContext.empty();
    ToolContext withUser = base.with(UserId.class, new UserId("u-7"));

    assertThat(withUser.get(UserId.class)).contains(new UserId("u-7"));
    assertThat(base.get(UserId.class)).isEmpty();
    assertThat(withUser.with(UserId.class, null).get(UserId.class)).isEmpty();
  }

  @Test
  void derivingKeepsAttributesProgressAndToken() {
    CancelToken token = new CancelToken();
    List<String> seen = new ArrayList<>();
    ToolContext ctx =
        ToolContext.of(token)
            .with(String.class, "trace-1")
            .withProgress((done, total, msg) -> seen.add(done + "/" + total + " " + msg))
            .withTimeout(Duration.ofSeconds(3))
            .withAnswer(Answer.ok("r1"));

    ctx.progress(1, 4.0, "first");

    assertThat(ctx.get(String.class)).contains("trace-1");
    assertThat(ctx.cancel()).isSameAs(token);
    assertThat(ctx.timeout()).isEqualTo(Duration.ofSeconds(3));
    assertThat(seen).containsExactly("1.0/4.0 first");
  }

  @Test
  void theSuspendedRequestIsKeptWhenTheContextIsDerived() {
    Request asked = new Request("r1", "input", "Go on?", null, Map.of("taskId", "t-1"), null);
    ToolContext ctx =
        ToolContext.empty()
            .withSuspended(asked)
            .withAnswer(Answer.ok("r1"))
            .withTimeout(Duration.ofSeconds(3))
            .withCancel(new CancelToken())
            .withProgress(ProgressSink.NONE)
            .with(String.class, "x");

    assertThat(ctx.suspended()).isSameAs(asked);
    assertThat(ToolContext.empty().suspended()).isNull();
  }

  @Test
  void aToolReportsProgressToTheCallersSinkThroughTheToolkit() {
    Tool steps =
        Tools.define(
            "steps",
            "reports two steps",
            Map.of("type", "object"),
            (args, ctx) -> {
              ctx.progress(1, 2.0, "half");
              ctx.progress(2, 2.0, null);
              return "done";
            });
    List<String> seen = new ArrayList<>();
    try (Toolkit tk = Toolkit.of(steps)) {
      ToolResult r =
          tk.execute(
              "steps",
              Map.of(),
              ToolContext.empty().withProgress((d, t, m) -> seen.add(d + "/" + t + ":" + m)));

      assertThat(r.output()).isEqualTo("done");
      assertThat(seen).containsExactly("1.0/2.0:half", "2.0/2.0:null");
    }
  }

  @Test
  void aThrowingSinkDoesNotFailTheTool() {
    ToolContext ctx =
        ToolContext.empty()
            .withProgress(
                (d, t, m) -> {
                  throw new IllegalStateException("broken listener");
                });

    ctx.progress(1, null, "x");

    assertThat(ctx.isCancelled()).isFalse();
  }

  @Test
  void anAttributeReachesTheToolThroughTheToolkit() {
    Tool whoami =
        Tools.define(
            "whoami",
            "names the caller",
            Map.of("type", "object"),
            (args, ctx) -> ctx.get(UserId.class).map(UserId::value).orElse("nobody"));
    try (Toolkit tk = Toolkit.of(whoami)) {
      assertThat(
              tk.execute(
                      "whoami", Map.of(), ToolContext.empty().with(UserId.class, new UserId("u")))
                  .output())
          .isEqualTo("u");
      assertThat(tk.execute("whoami", Map.of()).output()).isEqualTo("nobody");
    }
  }
}
