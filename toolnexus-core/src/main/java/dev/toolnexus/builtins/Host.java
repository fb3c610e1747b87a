package dev.toolnexus.builtins;

import java.nio.file.Path;
import java.util.List;

/**
 * What the builtins close over, resolved once at construction: the shell argv, the path resolver
 * (base directory and confinement) and the output cap.
 */
record Host(List<String> shell, PathResolver paths, int maxOutputBytes) {

  static Host of(BuiltinsOptions options, List<String> shell) {
    Path base =
        options.baseDir() == null
            ? Path.of("").toAbsolutePath()
            : options.baseDir().toAbsolutePath().normalize();
    return new Host(
        shell, new PathResolver(base, options.confineToBaseDir()), options.maxOutputBytes());
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
