package dev.toolnexus.client;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs {@link AskChild} in a separate JVM on the test class path. */
final class ChildJvm implements AutoCloseable {
  private final Process process;
  private final BufferedReader out;
  private final Writer in;

  private ChildJvm(Process process) {
    this.process = process;
    this.out =
        new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    this.in = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
  }

  static ChildJvm start(String... args) throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(AskChild.class.getName());
    cmd.addAll(List.of(args));
    return new ChildJvm(
        new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start());
  }

  /** The next line the child prints (blocks until it does; null when it exited). */
  String readLine() throws Exception {
    return out.readLine();
  }

  void writeLine(String line) throws Exception {
    in.write(line + "\n");
    in.flush();
  }

  /** Kills the child at once (SIGKILL: no shutdown hooks, no flushing) and waits for it. */
  void kill() {
    process.destroyForcibly();
    try {
      process.waitFor(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public void close() {
    if (process.isAlive()) {
      kill();
    }
  }
}
