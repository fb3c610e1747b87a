package dev.toolnexus.agents;

import dev.toolnexus.client.RunResult;
import dev.toolnexus.client.ToolCallRecord;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * The completion gate of an agent: before a run's {@code done} is accepted, {@link #check} judges
 * it; a refusal sends the reason back to the agent as its next user turn, at most {@link
 * #maxAttempts} runs in all, after which the run ends {@link TaskStatus#INCOMPLETE incomplete} with
 * limit {@link Limit#COMPLETION completion}. A run that suspends or stops on a budget is never
 * judged.
 *
 * @param maxAttempts how many runs the gate allows, at least 1 (an unbounded gate could spend
 *     without end)
 * @param check the judgement; it sees the run with the tool calls of every attempt so far
 */
public record Completion(int maxAttempts, Check check) {

  /** A judgement of a finished run; any judge (a function, a classifier, a command) fits here. */
  @FunctionalInterface
  public interface Check {
    /**
     * Judges the run; {@code run.toolCalls()} holds the calls of every attempt so far.
     *
     * @throws Exception when the check cannot decide (the run fails with it)
     */
    Verdict verify(RunResult run) throws Exception;
  }

  /** Validates the bound and the check. */
  public Completion {
    if (maxAttempts < 1) {
      throw new IllegalArgumentException(
          "completion.maxAttempts must be at least 1, got " + maxAttempts);
    }
    Objects.requireNonNull(check, "completion.check is required");
  }

  /** A gate running {@code check}, allowing {@code maxAttempts} runs. */
  public static Completion of(int maxAttempts, Check check) {
    return new Completion(maxAttempts, check);
  }

  /**
   * The built-in gate over the {@code todowrite} builtin: it passes only when every todo of the
   * last {@code todowrite} call is completed, and passes when the agent made no plan.
   */
  public static Completion allTodosDone(int maxAttempts) {
    return new Completion(maxAttempts, Completion::todosDone);
  }

  /**
   * A gate running a command (for example the build's tests) in {@code dir}: exit code 0 passes;
   * otherwise the reason is the exit code and the end of the command's output.
   */
  public static Completion command(int maxAttempts, List<String> command, Path dir) {
    List<String> argv = List.copyOf(command);
    if (argv.isEmpty()) {
      throw new IllegalArgumentException("completion.command must name a program");
    }
    return new Completion(maxAttempts, run -> runCommand(argv, dir));
  }

  /** The todowrite verdict: the open items of the last plan, or a pass. */
  static Verdict todosDone(RunResult run) {
    List<ToolCallRecord> calls = run.toolCalls();
    for (int i = calls.size() - 1; i >= 0; i--) {
      ToolCallRecord c = calls.get(i);
      if (!"todowrite".equals(c.name())) {
        continue;
      }
      if (!(c.metadata().get("todos") instanceof List<?> todos)) {
        return Verdict.pass();
      }
      List<String> open = new ArrayList<>();
      for (Object t : todos) {
        Map<?, ?> todo = t instanceof Map<?, ?> m ? m : Map.of();
        if (!Boolean.TRUE.equals(todo.get("completed"))) {
          Object text = todo.get("text");
          open.add(text == null ? "" : String.valueOf(text));
        }
      }
      return open.isEmpty()
          ? Verdict.pass()
          : Verdict.fail(open.size() + " item(s) still open: " + String.join("; ", open));
    }
    return Verdict.pass();
  }

  private static final Duration COMMAND_TIMEOUT = Duration.ofMinutes(10);
  private static final int TAIL = 2000;

  private static Verdict runCommand(List<String> argv, Path dir) throws InterruptedException {
    Path log;
    try {
      log = Files.createTempFile("toolnexus-completion", ".log");
    } catch (IOException e) {
      throw new UncheckedIOException("completion command: no temporary file: " + e.getMessage(), e);
    }
    try {
      ProcessBuilder pb =
          new ProcessBuilder(argv).redirectErrorStream(true).redirectOutput(log.toFile());
      if (dir != null) {
        pb.directory(dir.toFile());
      }
      Process p;
      try {
        p = pb.start();
      } catch (IOException e) {
        throw new UncheckedIOException(
            "completion command " + argv.get(0) + " could not start: " + e.getMessage(), e);
      }
      if (!p.waitFor(COMMAND_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
        p.destroyForcibly();
        return Verdict.fail("command " + argv.get(0) + " did not finish in " + COMMAND_TIMEOUT);
      }
      int code = p.exitValue();
      if (code == 0) {
        return Verdict.pass();
      }
      String tail = read(log).strip();
      tail = tail.length() > TAIL ? "..." + tail.substring(tail.length() - TAIL) : tail;
      return Verdict.fail(
          "command " + argv.get(0) + " exited " + code + (tail.isEmpty() ? "" : ": " + tail));
    } finally {
      try {
        Files.deleteIfExists(log);
      } catch (IOException e) {
        // a leftover temporary file is harmless
      }
    }
  }

  private static String read(Path log) {
    try {
      return Files.readString(log, StandardCharsets.UTF_8);
    } catch (IOException e) {
      return "";
    }
  }
}
