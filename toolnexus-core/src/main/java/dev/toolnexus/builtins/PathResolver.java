package dev.toolnexus.builtins;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Set;

/**
 * Resolves the paths builtins receive: relative against the base directory, absolute as given, and,
 * when confinement is on, refused unless the CANONICAL form (symlinks resolved; a path that does
 * not exist yet through its deepest existing ancestor) is the base directory or under it.
 */
final class PathResolver {
  private static final Set<String> WINDOWS_DEVICES =
      Set.of(
          "CON", "PRN", "AUX", "NUL", "COM1", "COM2", "COM3", "COM4", "COM5", "COM6", "COM7",
          "COM8", "COM9", "LPT1", "LPT2", "LPT3", "LPT4", "LPT5", "LPT6", "LPT7", "LPT8", "LPT9");

  private final Path base;
  private final boolean confine;

  PathResolver(Path base, boolean confine) {
    this.base = base;
    this.confine = confine;
  }

  /** A path a builtin may not use; the message says which and why. */
  static final class Refused extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Refused(String message) {
      super(message, null, false, false);
    }
  }

  Path base() {
    return base;
  }

  boolean confined() {
    return confine;
  }

  /**
   * The path to operate on.
   *
   * @throws Refused for an unparsable path or, under confinement, one outside the base directory
   */
  Path resolve(String given) {
    Path p;
    try {
      p = Path.of(given);
    } catch (InvalidPathException e) {
      throw new Refused("invalid path \"" + given + "\": " + e.getReason());
    }
    Path absolute = p.isAbsolute() ? p : base.resolve(p);
    if (!confine) {
      return absolute.normalize();
    }
    if (ShellDetector.isWindows()) {
      for (Path part : absolute) {
        String name = part.toString();
        int dot = name.indexOf('.');
        String stem = (dot < 0 ? name : name.substring(0, dot)).trim().toUpperCase(Locale.ROOT);
        if (WINDOWS_DEVICES.contains(stem)) {
          throw new Refused("path \"" + given + "\" names the reserved device " + stem);
        }
      }
    }
    Path canonicalBase = canonical(base);
    Path canonical = canonical(absolute);
    if (!canonical.startsWith(canonicalBase)) {
      throw new Refused(
          "path \""
              + given
              + "\" resolves to "
              + canonical
              + ", outside baseDir "
              + canonicalBase
              + " (confineToBaseDir is on)");
    }
    return canonical;
  }

  /**
   * The canonical form: the deepest existing ancestor with symlinks resolved, and the part that
   * does not exist yet re-attached (it cannot contain a symlink, so lexical normalisation is exact
   * there).
   */
  static Path canonical(Path absolute) {
    Path existing = absolute;
    Path tail = null;
    while (existing != null && !Files.exists(existing)) {
      Path name = existing.getFileName();
      tail = tail == null ? name : name.resolve(tail);
      existing = existing.getParent();
    }
    if (existing == null) {
      return absolute.normalize();
    }
    Path real;
    try {
      real = existing.toRealPath();
    } catch (IOException e) {
      real = existing.toAbsolutePath().normalize();
    }
    return tail == null ? real : real.resolve(tail).normalize();
  }
}
