package dev.toolnexus.builtins;

import dev.toolnexus.CancelToken;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolAnnotations;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import dev.toolnexus.internal.SafeEnvironment;
import dev.toolnexus.internal.Threads;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * {@code bash}: runs one command through the resolved interpreter in {@code workdir}, returns the
 * combined stdout and stderr, and on timeout or cancellation stops the whole job. The command gets
 * the safe environment stdio MCP servers get (unless the host inherits its whole environment) and
 * runs in the bubblewrap sandbox when it is on. It is NOT confined by {@code confineToBaseDir}.
 */
final class BashTool {
  static final long DEFAULT_TIMEOUT_MS = 60_000;

  /**
   * Set on every job to a fresh value, so that a timeout or cancel also finds the processes that
   * left the job's session ({@code setsid}) and were re-parented away.
   */
  static final String JOB_VARIABLE = "TOOLNEXUS_JOB";

  private BashTool() {}

  static Tool create(Host host) {
    Map<String, Object> props =
        Schemas.ordered(
            "command", Schemas.prop("string", "The shell command to run"),
            "workdir", Schemas.prop("string", "Working directory (default: process cwd)"),
            "timeout", Schemas.prop("number", "Timeout in milliseconds (default 60000)"),
            "description", Schemas.prop("string", "Human-readable description of the command"));
    return new BuiltinTool(
        "bash",
        "Run a shell command and return its combined stdout+stderr. Non-zero exit is an error.",
        Schemas.object(props, List.of("command")),
        ToolAnnotations.of(false, true, false, true),
        (args, ctx) -> run(host, args, ctx));
  }

  private static ToolResult run(Host host, Args args, ToolContext ctx) throws InterruptedException {
    String command = args.requireString("command");
    long timeout = args.number("timeout", DEFAULT_TIMEOUT_MS);
    if (timeout < 1) {
      throw args.bad("timeout must be a positive number of milliseconds");
    }
    Duration ctxTimeout = ctx.timeout();
    if (ctxTimeout != null && ctxTimeout.toMillis() > 0 && ctxTimeout.toMillis() < timeout) {
      timeout = ctxTimeout.toMillis();
    }
    String workdirArg = args.string("workdir", "");
    Path workdir = workdirArg.isEmpty() ? host.paths().base() : host.paths().resolve(workdirArg);
    if (!Files.isDirectory(workdir)) {
      return ToolResult.error("bash: workdir " + workdir + " is not a directory");
    }
    Map<String, Object> meta = new LinkedHashMap<>();
    meta.put("shell", host.shellLabel());
    if (ctx.isCancelled()) {
      meta.put("cancelled", true);
      return ToolResult.error("bash: cancelled before the command started").withMetadata(meta);
    }

    String marker = JOB_VARIABLE + "=" + UUID.randomUUID();
    Process process;
    try {
      List<String> sandbox =
          host.sandbox() == null
              ? List.of()
              : host.sandbox().prefix(host.paths().base().toAbsolutePath(), workdir);
      if (host.sandbox() != null) {
        meta.put("sandbox", host.sandbox().network() ? "bwrap" : "bwrap, no network");
      }
      ProcessBuilder pb =
          new ProcessBuilder(ProcessTree.argv(sandbox, host.shell(), command))
              .directory(workdir.toFile())
              .redirectErrorStream(true)
              .redirectInput(ProcessBuilder.Redirect.from(nullDevice()));
      Map<String, String> env = pb.environment();
      Map<String, String> chosen =
          SafeEnvironment.build(System.getenv(), Map.of(), host.inheritEnv());
      env.clear();
      env.putAll(chosen);
      env.put(JOB_VARIABLE, marker.substring(JOB_VARIABLE.length() + 1));
      process = pb.start();
    } catch (IOException e) {
      return ToolResult.error("bash: cannot start " + host.shellLabel() + ": " + e.getMessage())
          .withMetadata(meta);
    }
    TailBuffer output = new TailBuffer(host.maxOutputBytes());
    CompletableFuture<Void> drained = new CompletableFuture<>();
    Threads.start("toolnexus-bash-output", () -> drain(process.getInputStream(), output, drained));
    CompletableFuture<Void> finished =
        CompletableFuture.allOf(drained, process.onExit().thenApply(p -> null));
    CompletableFuture<Void> cancelled = new CompletableFuture<>();
    CancelToken.Registration reg = ctx.cancel().onCancel(() -> cancelled.complete(null));
    boolean timedOut = false;
    boolean wasCancelled = false;
    try {
      CompletableFuture.anyOf(finished, cancelled).get(timeout, TimeUnit.MILLISECONDS);
      wasCancelled = cancelled.isDone() && !finished.isDone();
    } catch (TimeoutException e) {
      timedOut = true;
    } catch (ExecutionException e) {
      // drain never completes exceptionally; treat like a finished command
    } catch (InterruptedException e) {
      ProcessTree.kill(process, marker);
      throw e;
    } finally {
      reg.close();
    }

    if (timedOut || wasCancelled) {
      boolean killedTree = ProcessTree.kill(process, marker);
      awaitQuietly(drained, ProcessTree.GRACE_MS);
      meta.put("timedOut", timedOut);
      meta.put("cancelled", wasCancelled);
      meta.put("killedTree", killedTree);
      String what = timedOut ? "command timed out after " + timeout + "ms" : "command cancelled";
      return ToolResult.error("bash: " + what + "\n" + output.text("bash")).withMetadata(meta);
    }
    int code = process.exitValue();
    meta.put("exitCode", code);
    meta.put("timedOut", false);
    String out = output.text("bash");
    if (code != 0) {
      return ToolResult.error(out + "\nbash: command exited with code " + code).withMetadata(meta);
    }
    return ToolResult.ok(out).withMetadata(meta);
  }

  private static java.io.File nullDevice() {
    return new java.io.File(ShellDetector.isWindows() ? "NUL" : "/dev/null");
  }

  private static void drain(InputStream in, TailBuffer sink, CompletableFuture<Void> done) {
    byte[] buf = new byte[8192];
    try (in) {
      int n;
      while ((n = in.read(buf)) != -1) {
        sink.write(buf, n);
      }
    } catch (IOException e) {
      // the stream closes when the job is killed; what was read is kept
    } finally {
      done.complete(null);
    }
  }

  private static void awaitQuietly(CompletableFuture<Void> f, long millis) {
    try {
      f.get(millis, TimeUnit.MILLISECONDS);
    } catch (TimeoutException | ExecutionException e) {
      // give up on the rest of the output; the job is already stopped
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
