package dev.toolnexus.mcp.client;

import dev.toolnexus.Answer;
import dev.toolnexus.Json;
import dev.toolnexus.Request;
import dev.toolnexus.Toolkit;
import dev.toolnexus.client.LlmClient;
import dev.toolnexus.client.Message;
import dev.toolnexus.client.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Run in a JVM of its own by {@link InputRequiredRunTest}: reads a halted run's transcript and
 * pending request from the files {@code args[1]} and {@code args[2]}, builds a fresh toolkit on the
 * MCP server at {@code args[0]}, resumes the run with {@code runWithAnswer} and the answer {@code
 * {name: args[3]}}, then prints the run's status and text on one line.
 */
public final class InputRunChild {
  private InputRunChild() {}

  /** Entry point. */
  public static void main(String[] args) throws Exception {
    Request pending = Request.fromMap(Json.parseObject(Files.readString(Path.of(args[2]))));
    try (Toolkit fresh = InputRequiredRunTest.toolkit(args[0])) {
      RunResult r =
          LlmClient.create(InputRequiredRunTest.options().build())
              .runWithAnswer(
                  fresh,
                  Message.fromJson(Files.readString(Path.of(args[1]))),
                  pending,
                  Answer.ok(pending.id(), Map.of("name", args[3])));
      System.out.println(r.status() + " " + r.text());
    }
  }
}
