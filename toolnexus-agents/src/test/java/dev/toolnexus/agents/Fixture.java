package dev.toolnexus.agents;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Json;
import dev.toolnexus.Request;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolResult;
import dev.toolnexus.Tools;
import dev.toolnexus.client.ClientOptions;
import dev.toolnexus.client.LlmClient;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Reads a vendored conformance fixture and builds what it describes. */
final class Fixture {
  final Map<String, Object> json;

  private Fixture(Map<String, Object> json) {
    this.json = json;
  }

  static Fixture load(String name) {
    String path = "/conformance/" + name + "/fixture.json";
    try (InputStream in = Fixture.class.getResourceAsStream(path)) {
      if (in == null) {
        throw new IllegalStateException("missing test resource " + path);
      }
      return new Fixture(Json.parseObject(new String(in.readAllBytes(), StandardCharsets.UTF_8)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The value at a path of keys and list indexes. */
  @SuppressWarnings("unchecked")
  <T> T at(Object... path) {
    Object cur = json;
    for (Object key : path) {
      cur =
          key instanceof Integer i
              ? ((List<Object>) cur).get(i)
              : ((Map<String, Object>) cur).get((String) key);
    }
    return (T) cur;
  }

  /** The fixture's tool by name, with the behaviour its {@code tools} block describes. */
  static Tool tool(String name) {
    return switch (name) {
      case "lookup" ->
          Tools.define(
              "lookup",
              "look something up",
              Map.of("type", "object", "properties", Map.of("q", Map.of("type", "string"))),
              (args, ctx) -> "data(" + args.get("q") + ")");
      case "check_secret" ->
          Tools.define(
              "check_secret",
              "needs human approval",
              Map.of("type", "object", "properties", Map.of()),
              (args, ctx) ->
                  ctx.answer() != null && ctx.answer().ok()
                      ? "secret-token"
                      : ToolResult.pending(
                          Request.of("approval", "approve secret access?"),
                          "approve secret access?"));
      default -> throw new IllegalArgumentException("fixture tool " + name);
    };
  }

  /** The fixture's {@code registry} block as definitions. */
  @SuppressWarnings("unchecked")
  List<AgentDef> registry() {
    List<AgentDef> defs = new ArrayList<>();
    Map<String, Object> reg = at("registry");
    reg.forEach(
        (name, raw) -> {
          Map<String, Object> d = (Map<String, Object>) raw;
          List<Tool> tools = new ArrayList<>();
          for (Object t : (List<Object>) d.getOrDefault("tools", List.of())) {
            tools.add(tool((String) t));
          }
          defs.add(
              AgentDef.builder(name)
                  .does((String) d.get("does"))
                  .model((String) d.get("model"))
                  .team((List<String>) d.getOrDefault("team", List.of()))
                  .tools(tools)
                  .build());
        });
    return defs;
  }

  /** A host client over the scripted model (OpenAI style, as every fixture's mockLLM is). */
  static LlmClient host(ScriptedModel model) {
    return LlmClient.create(
        ClientOptions.builder()
            .baseUrl(model.baseUrl())
            .style("openai")
            .model("m-default")
            .apiKey("test-key")
            .retries(0)
            .build());
  }

  /** A budget from a fixture's {@code budget} object. */
  static Budget budget(Map<String, Object> b) {
    if (b == null) {
      return null;
    }
    Budget out = Budget.NONE;
    for (Map.Entry<String, Object> e : b.entrySet()) {
      long v = ((Number) e.getValue()).longValue();
      out =
          switch (e.getKey()) {
            case "maxTurns" -> out.withMaxTurns((int) v);
            case "maxTokens" -> out.withMaxTokens(v);
            case "maxToolCalls" -> out.withMaxToolCalls(v);
            case "maxWallMs" -> out.withMaxWall(java.time.Duration.ofMillis(v));
            case "maxChildren" -> out.withMaxChildren((int) v);
            case "maxConcurrent" -> out.withMaxConcurrent((int) v);
            case "maxDepth" -> out.withMaxDepth((int) v);
            default -> throw new IllegalArgumentException("budget field " + e.getKey());
          };
    }
    return out;
  }

  /**
   * Asserts a handle's transitions equal the fixture's list; a fixture entry without a source state
   * ({@code →closed}) matches any source state.
   */
  static void assertTransitions(List<String> actual, List<String> expected, String id) {
    assertThat(actual).as("transitions of %s", id).hasSameSizeAs(expected);
    for (int i = 0; i < expected.size(); i++) {
      String e = expected.get(i);
      if (e.startsWith("→")) {
        assertThat(actual.get(i)).as("transition %d of %s", i, id).endsWith(e);
      } else {
        assertThat(actual.get(i)).as("transition %d of %s", i, id).isEqualTo(e);
      }
    }
  }
}
