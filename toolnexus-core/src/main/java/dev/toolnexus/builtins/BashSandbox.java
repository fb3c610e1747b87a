package dev.toolnexus.builtins;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@code bash} commands inside bubblewrap ({@code bwrap}): the whole file system bound
 * read-only, a fresh {@code /dev}, {@code /proc} and a private {@code /tmp}, the base directory
 * bound writable over it, its own PID namespace (so every process of the job, {@code setsid}
 * escapees included, ends when the job does) and, optionally, no network.
 */
final class BashSandbox {
  private static final List<String> CANDIDATES = List.of("/usr/bin/bwrap", "/bin/bwrap");

  private final Path bwrap;
  private final boolean network;

  private BashSandbox(Path bwrap, boolean network) {
    this.bwrap = bwrap;
    this.network = network;
  }

  /**
   * The sandbox, after checking that bubblewrap is installed and can run here.
   *
   * @throws IllegalStateException saying why the sandbox cannot run and what to do
   */
  static BashSandbox require(boolean network) {
    Path found = null;
    for (String c : CANDIDATES) {
      if (Files.isExecutable(Path.of(c))) {
        found = Path.of(c);
        break;
      }
    }
    if (found == null) {
      found = onPath();
    }
    return require(found, network);
  }

  /** As {@link #require(boolean)}, with the bwrap executable given (null: not found). */
  static BashSandbox require(Path bwrap, boolean network) {
    String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
    if (!os.startsWith("linux")) {
      throw unavailable("it needs Linux with bubblewrap, and this is " + os);
    }
    if (bwrap == null || !Files.isExecutable(bwrap)) {
      throw unavailable(
          "bubblewrap is not installed"
              + (bwrap == null ? "" : " (" + bwrap + " is not executable)")
              + "; install it (apt-get install bubblewrap, dnf install bubblewrap)");
    }
    BashSandbox box = new BashSandbox(bwrap, network);
    List<String> probe = box.prefix(Path.of("/"), Path.of("/"));
    probe.add("true");
    String problem = run(probe);
    if (problem != null) {
      throw unavailable(bwrap + " cannot run here: " + problem);
    }
    return box;
  }

  private static IllegalStateException unavailable(String why) {
    return new IllegalStateException(
        "builtins.sandbox is on but the bash sandbox is unavailable: "
            + why
            + ". Turn builtins.sandbox off, or disable bash with builtins.tools {\"bash\": false}");
  }

  private static Path onPath() {
    String path = System.getenv("PATH");
    if (path == null) {
      return null;
    }
    for (String dir : path.split(java.io.File.pathSeparator)) {
      if (!dir.isEmpty()) {
        Path p = Path.of(dir, "bwrap");
        if (Files.isExecutable(p)) {
          return p;
        }
      }
    }
    return null;
  }

  /** Null when the probe ran and exited 0, else what went wrong. */
  private static String run(List<String> argv) {
    try {
      Process p =
          new ProcessBuilder(argv)
              .redirectErrorStream(true)
              .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
              .start();
      byte[] out;
      try (InputStream in = p.getInputStream()) {
        out = in.readNBytes(4096);
      }
      if (!p.waitFor(10, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        return "the probe did not finish in 10 s";
      }
      if (p.exitValue() != 0) {
        String msg = new String(out, StandardCharsets.UTF_8).strip();
        return "exit code " + p.exitValue() + (msg.isEmpty() ? "" : ": " + msg);
      }
      return null;
    } catch (IOException e) {
      return e.getMessage();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "interrupted";
    }
  }

  /** Whether the sandbox keeps network access. */
  boolean network() {
    return network;
  }

  /** The argv prefix that runs what follows it inside the sandbox, in {@code workdir}. */
  List<String> prefix(Path base, Path workdir) {
    List<String> argv = new ArrayList<>();
    argv.add(bwrap.toString());
    argv.addAll(List.of("--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc"));
    argv.addAll(List.of("--tmpfs", "/tmp"));
    if (!base.equals(base.getRoot())) {
      argv.addAll(List.of("--bind", base.toString(), base.toString()));
    }
    argv.addAll(List.of("--unshare-pid", "--die-with-parent"));
    if (!network) {
      argv.add("--unshare-net");
    }
    argv.addAll(List.of("--chdir", workdir.toString(), "--"));
    return argv;
  }
}
