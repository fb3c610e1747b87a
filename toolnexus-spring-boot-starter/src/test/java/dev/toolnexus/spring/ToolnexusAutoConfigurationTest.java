package dev.toolnexus.spring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.SourceStatus;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolSource;
import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import dev.toolnexus.annotations.ToolMethod;
import dev.toolnexus.client.ClientOptions;
import dev.toolnexus.client.Hooks;
import dev.toolnexus.client.LlmClient;
import dev.toolnexus.client.Style;
import dev.toolnexus.client.memory.ConversationStore;
import dev.toolnexus.client.memory.InMemoryConversationStore;
import dev.toolnexus.client.memory.JdbcConversationStore;
import dev.toolnexus.micrometer.MicrometerMetrics;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.actuate.health.CompositeHealthContributor;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthContributor;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.boot.actuate.health.Status;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.sqlite.SQLiteDataSource;

class ToolnexusAutoConfigurationTest {
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(ToolnexusAutoConfiguration.class));

  private static final String[] CLIENT =
      new String[] {
        "toolnexus.client.base-url=http://127.0.0.1:1/v1",
        "toolnexus.client.style=anthropic",
        "toolnexus.client.model=claude-x",
        "toolnexus.client.api-key=secret",
        "toolnexus.client.retries=5",
        "toolnexus.client.request-timeout=7s",
        "toolnexus.client.timeout=2m",
        "toolnexus.client.max-turns=4",
        "toolnexus.client.system-prompt=Be brief."
      };

  /** A bean with two tool methods. */
  public static class Calculator {
    @ToolMethod("Adds two numbers")
    public int add(int a, int b) {
      return a + b;
    }

    @ToolMethod(value = "Negates a number", name = "negate")
    public int neg(int a) {
      return -a;
    }
  }

  @Test
  void clientPropertiesBindIntoTheClientsOptions() {
    runner
        .withPropertyValues(CLIENT)
        .run(
            ctx -> {
              ClientOptions o = ctx.getBean(LlmClient.class).options();
              assertThat(o.model()).isEqualTo("claude-x");
              assertThat(o.modelOptions().baseUrl()).isEqualTo("http://127.0.0.1:1/v1");
              assertThat(o.modelOptions().style()).isEqualTo(Style.ANTHROPIC);
              assertThat(o.modelOptions().apiKey()).isEqualTo("secret");
              assertThat(o.modelOptions().retryPolicy().retries()).isEqualTo(5);
              assertThat(o.modelOptions().requestTimeout()).isEqualTo(Duration.ofSeconds(7));
              assertThat(o.timeout()).isEqualTo(Duration.ofMinutes(2));
              assertThat(o.maxTurns()).isEqualTo(4);
              assertThat(o.systemPrompt()).isEqualTo("Be brief.");
            });
  }

  @Test
  void aModelWithoutAStyleFailsNamingTheMissingProperty() {
    runner
        .withPropertyValues("toolnexus.client.model=gpt-x")
        .run(
            ctx ->
                assertThat(ctx.getStartupFailure())
                    .rootCause()
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessage(
                        "toolnexus.client.model is set but toolnexus.client.style is not: set it to"
                            + " openai, anthropic or gemini (the wire format of the endpoint at"
                            + " toolnexus.client.base-url)"));
  }

  @Test
  void withoutAModelThereIsAToolkitButNoClient() {
    runner.run(
        ctx -> {
          assertThat(ctx).hasSingleBean(Toolkit.class);
          assertThat(ctx).doesNotHaveBean(LlmClient.class);
        });
  }

  @Test
  void toolMethodBeansToolBeansAndToolSourceBeansAllJoinTheToolkit() {
    runner
        .withBean(Calculator.class)
        .withBean(
            "echo", Tool.class, () -> Tools.define("echo", "Echoes", "{}", (args, c) -> "echo"))
        .withBean(
            ToolSource.class,
            () ->
                ToolSource.of("weather", Tools.define("forecast", "Forecast", "{}", (a, c) -> "")))
        .run(
            ctx ->
                assertThat(ctx.getBean(Toolkit.class).names())
                    .containsExactlyInAnyOrder("add", "negate", "echo", "forecast"));
  }

  @Test
  void aToolMethodBeanRunsAsATool() {
    runner
        .withBean(Calculator.class)
        .run(
            ctx ->
                assertThat(
                        ctx.getBean(Toolkit.class).execute("add", Map.of("a", 2, "b", 3)).output())
                    .isEqualTo("5"));
  }

  @Test
  void skillsFoldersFromThePropertiesAreLoaded(@TempDir Path dir) throws Exception {
    Path skill = Files.createDirectories(dir.resolve("greet"));
    Files.writeString(
        skill.resolve("SKILL.md"),
        "---\nname: greet\ndescription: Greets people politely\n---\nSay hello.\n");
    runner
        .withPropertyValues("toolnexus.toolkit.skills=" + dir)
        .run(ctx -> assertThat(ctx.getBean(Toolkit.class).skillsPrompt()).contains("greet"));
  }

  @Test
  void builtinsAreOffUntilEnabled() {
    runner.run(ctx -> assertThat(ctx.getBean(Toolkit.class).names()).doesNotContain("read"));
    runner
        .withPropertyValues(
            "toolnexus.toolkit.builtins.enabled=true",
            "toolnexus.toolkit.builtins.disabled=bash,webfetch")
        .run(
            ctx ->
                assertThat(ctx.getBean(Toolkit.class).names())
                    .contains("read", "write", "edit")
                    .doesNotContain("bash", "webfetch"));
  }

  @Test
  void aUserToolkitMakesTheAutoConfiguredOneBackOff() {
    Toolkit mine = Toolkit.of(Tools.define("mine", "Mine", "{}", (a, c) -> ""));
    runner
        .withBean(Toolkit.class, () -> mine)
        .withBean(Calculator.class)
        .run(
            ctx -> {
              assertThat(ctx).getBean(Toolkit.class).isSameAs(mine);
              assertThat(ctx.getBean(Toolkit.class).names()).containsExactly("mine");
            });
  }

  @Test
  void aUserClientMakesTheAutoConfiguredOneBackOff() {
    LlmClient mine =
        LlmClient.create(
            ClientOptions.builder()
                .baseUrl("http://127.0.0.1:2/v1")
                .style(Style.OPENAI)
                .model("mine")
                .build());
    runner
        .withPropertyValues(CLIENT)
        .withBean(LlmClient.class, () -> mine)
        .run(ctx -> assertThat(ctx).getBean(LlmClient.class).isSameAs(mine));
  }

  @Test
  void hookBeansBecomeTheClientsHooksInOrder() {
    Hooks first = new Hooks() {};
    Hooks second = new Hooks() {};
    runner
        .withPropertyValues(CLIENT)
        .withBean("first", Hooks.class, () -> first)
        .withBean("second", Hooks.class, () -> second)
        .run(
            ctx ->
                assertThat(ctx.getBean(LlmClient.class).options().hooks())
                    .containsExactly(first, second));
  }

  @Test
  void aDataSourceGetsAJdbcConversationStoreThatTheClientUses(@TempDir Path dir) {
    SQLiteDataSource ds = new SQLiteDataSource();
    ds.setUrl("jdbc:sqlite:" + dir.resolve("conversations.db"));
    runner
        .withPropertyValues(CLIENT)
        .withBean(DataSource.class, () -> ds)
        .run(
            ctx -> {
              assertThat(ctx).hasSingleBean(JdbcConversationStore.class);
              assertThat(ctx.getBean(LlmClient.class).store())
                  .isSameAs(ctx.getBean(ConversationStore.class));
            });
  }

  @Test
  void aUserStoreMakesTheJdbcStoreBackOff(@TempDir Path dir) {
    SQLiteDataSource ds = new SQLiteDataSource();
    ds.setUrl("jdbc:sqlite:" + dir.resolve("conversations.db"));
    ConversationStore mine = new InMemoryConversationStore();
    runner
        .withPropertyValues(CLIENT)
        .withBean(DataSource.class, () -> ds)
        .withBean(ConversationStore.class, () -> mine)
        .run(
            ctx -> {
              assertThat(ctx).doesNotHaveBean(JdbcConversationStore.class);
              assertThat(ctx.getBean(LlmClient.class).store()).isSameAs(mine);
            });
  }

  @Test
  void aMeterRegistryGetsTheMicrometerSink() {
    runner
        .withBean(MeterRegistry.class, SimpleMeterRegistry::new)
        .run(ctx -> assertThat(ctx).hasSingleBean(MicrometerMetrics.class));
  }

  private static ToolSource source(String id, SourceStatus status) {
    return new ToolSource() {
      @Override
      public String id() {
        return id;
      }

      @Override
      public List<Tool> tools() {
        return List.of();
      }

      @Override
      public SourceStatus status() {
        return status;
      }
    };
  }

  private static Health health(HealthContributor composite, String source) {
    return ((HealthIndicator) ((CompositeHealthContributor) composite).getContributor(source))
        .health();
  }

  @Test
  void eachToolSourceHasAHealthIndicatorWithItsStateAndReason() {
    runner
        .withBean("up", ToolSource.class, () -> source("search", SourceStatus.ready()))
        .withBean(
            "down",
            ToolSource.class,
            () -> source("crm", SourceStatus.failed("initialize failed: connection refused")))
        .run(
            ctx -> {
              HealthContributor c =
                  ctx.getBean("toolnexusHealthContributor", HealthContributor.class);
              Health search = health(c, "search");
              assertThat(search.getStatus()).isEqualTo(Status.UP);
              assertThat(search.getDetails()).containsExactly(Map.entry("state", "ready"));
              Health crm = health(c, "crm");
              assertThat(crm.getStatus()).isEqualTo(Status.DOWN);
              assertThat(crm.getDetails())
                  .containsExactly(
                      Map.entry("state", "failed"),
                      Map.entry("reason", "initialize failed: connection refused"));
            });
  }

  @Test
  void aToolSourceAddedAfterStartUpHasItsHealthAtTheNextCheck() {
    runner
        .withBean("up", ToolSource.class, () -> source("search", SourceStatus.ready()))
        .run(
            ctx -> {
              HealthContributor c =
                  ctx.getBean("toolnexusHealthContributor", HealthContributor.class);
              assertThat(((CompositeHealthContributor) c).getContributor("late")).isNull();

              ctx.getBean(Toolkit.class)
                  .addSource(source("late", SourceStatus.failed("handshake refused")));

              assertThat(((CompositeHealthContributor) c).stream().map(n -> n.getName()))
                  .contains("search", "late");
              Health late = health(c, "late");
              assertThat(late.getStatus()).isEqualTo(Status.DOWN);
              assertThat(late.getDetails())
                  .containsExactly(
                      Map.entry("state", "failed"), Map.entry("reason", "handshake refused"));
            });
  }

  @Test
  void anMcpServerThatCannotStartIsDownWithItsReason(@TempDir Path dir) throws Exception {
    Path config =
        Files.writeString(
            dir.resolve("mcp.json"),
            "{\"mcpServers\":{\"ghost\":{\"command\":[\""
                + dir.resolve("no-such-binary")
                + "\"]}}}");
    runner
        .withPropertyValues("toolnexus.toolkit.mcp-config=" + config)
        .run(
            ctx -> {
              Health mcp =
                  health(ctx.getBean("toolnexusHealthContributor", HealthContributor.class), "mcp");
              assertThat(mcp.getStatus()).isEqualTo(Status.DOWN);
              assertThat(mcp.getDetails()).containsEntry("state", "failed");
              @SuppressWarnings("unchecked")
              Map<String, Map<String, Object>> parts =
                  (Map<String, Map<String, Object>>) mcp.getDetails().get("parts");
              assertThat(parts.get("ghost")).containsEntry("state", "failed");
              assertThat((String) parts.get("ghost").get("reason")).contains("no-such-binary");
            });
  }

  @Test
  void closingTheContextStopsTheMcpServerProcess(@TempDir Path dir) throws Exception {
    Path config = UpperMcpServer.config(dir);
    Set<Long> before =
        ProcessHandle.current().descendants().map(ProcessHandle::pid).collect(Collectors.toSet());
    List<ProcessHandle> started = new ArrayList<>();
    runner
        .withPropertyValues("toolnexus.toolkit.mcp-config=" + config)
        .run(
            ctx -> {
              assertThat(ctx.getBean(Toolkit.class).names()).containsExactly("text_upper");
              ProcessHandle.current()
                  .descendants()
                  .filter(p -> !before.contains(p.pid()))
                  .forEach(started::add);
            });

    assertThat(started).isNotEmpty();
    for (ProcessHandle p : started) {
      p.onExit().get(10, TimeUnit.SECONDS);
      assertThat(p.isAlive()).isFalse();
    }
  }

  @Test
  void theToolkitClosesWithTheContext() {
    Toolkit[] seen = new Toolkit[1];
    runner.run(ctx -> seen[0] = ctx.getBean(Toolkit.class));
    assertThat(seen[0].isClosed()).isTrue();
  }
}
