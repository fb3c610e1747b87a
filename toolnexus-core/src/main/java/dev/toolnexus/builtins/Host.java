package dev.toolnexus.builtins;

import java.nio.file.Path;
import java.util.List;

/**
 * What the builtins close over, resolved once at construction: the shell argv, the path resolver
 * (base directory and confinement), the output cap, and how {@code bash} runs (environment and
 * sandbox, null when off).
 */
record Host(
    List<String> shell,
    PathResolver paths,
    int maxOutputBytes,
    boolean inheritEnv,
    BashSandbox sandbox) {

  /**
   * The host for these options.
   *
   * @throws IllegalStateException when {@code bash} is on, the sandbox is asked for and it cannot
   *     run here
   */
  static Host of(BuiltinsOptions options, List<String> shell) {
    Path base =
        options.baseDir() == null
            ? Path.of("").toAbsolutePath()
            : options.baseDir().toAbsolutePath().normalize();
    BashSandbox sandbox =
        shell != null && options.sandbox() ? BashSandbox.require(options.sandboxNetwork()) : null;
    return new Host(
        shell,
        new PathResolver(base, options.confineToBaseDir()),
        options.maxOutputBytes(),
        options.inheritEnv(),
        sandbox);
  }

  /** File access under this host's confinement. */
  SafeFiles files() {
    return new SafeFiles(paths);
  }

  /** The shell as reported in {@code metadata.shell}: its argv joined by spaces. */
  String shellLabel() {
    return String.join(" ", shell);
  }
}
