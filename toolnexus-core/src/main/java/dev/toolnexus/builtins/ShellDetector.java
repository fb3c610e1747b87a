package dev.toolnexus.builtins;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Finds the interpreter {@code bash} uses when the host sets none. */
final class ShellDetector {
  private ShellDetector() {}

  static boolean isWindows() {
    return System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("win");
  }

  static List<String> detect() {
    List<String> tried = new ArrayList<>();
    if (!isWindows()) {
      Path sh = Path.of("/bin/sh");
      tried.add(sh.toString());
      if (Files.isExecutable(sh)) {
        return List.of("/bin/sh", "-c");
      }
      Path onPath = onPath("sh", tried);
      if (onPath != null) {
        return List.of(onPath.toString(), "-c");
      }
    } else {
      String comspec = System.getenv("COMSPEC");
      tried.add("%COMSPEC%" + (comspec == null ? " (unset)" : " (" + comspec + ")"));
      if (comspec != null && Files.isRegularFile(Path.of(comspec))) {
        return List.of(comspec, "/d", "/s", "/c");
      }
      for (String ps : List.of("pwsh", "powershell")) {
        Path p = onPath(ps, tried);
        if (p != null) {
          return List.of(p.toString(), "-NoProfile", "-Command");
        }
      }
      Path bash = onPath("bash", tried);
      if (bash != null) {
        return List.of(bash.toString(), "-c");
      }
    }
    throw new IllegalStateException(
        "no shell found for the bash builtin (tried "
            + String.join(", ", tried)
            + "); set builtins.shell, or disable bash with builtins.tools {\"bash\": false}");
  }

  private static Path onPath(String name, List<String> tried) {
    tried.add(name + " on PATH");
    String path = System.getenv("PATH");
    if (path == null) {
      return null;
    }
    List<String> exts = isWindows() ? List.of(".exe", ".cmd", ".bat", "") : List.of("");
    for (String dir : path.split(File.pathSeparator)) {
      if (dir.isEmpty()) {
        continue;
      }
      for (String ext : exts) {
        try {
          Path candidate = Path.of(dir, name + ext);
          if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
            return candidate;
          }
        } catch (java.nio.file.InvalidPathException e) {
          // a malformed PATH entry is skipped
        }
      }
    }
    return null;
  }
}
