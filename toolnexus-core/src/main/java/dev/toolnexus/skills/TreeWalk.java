package dev.toolnexus.skills;

import dev.toolnexus.internal.Errors;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Walks a directory tree following symbolic links, visiting each real directory once (the cycle
 * guard), breadth first with every level in code-point order of its relative paths, so which of two
 * links to the same directory is walked does not depend on the file system's listing order. Reports
 * every non-directory entry; callers sort what they keep.
 */
final class TreeWalk {
  private static final Set<String> SKIPPED_DIRS = Set.of("node_modules", ".git");

  /**
   * One entry below the root.
   *
   * @param relative the path relative to the root, {@code /}-separated
   * @param path the path as discovered (through any symbolic links)
   * @param regularFile whether it resolves to a regular file
   * @param problem why its attributes could not be read, or {@code null}
   */
  record Entry(String relative, Path path, boolean regularFile, String problem) {
    String name() {
      int slash = relative.lastIndexOf('/');
      return slash < 0 ? relative : relative.substring(slash + 1);
    }
  }

  private record Dir(Path path, String relative) {}

  private TreeWalk() {}

  /**
   * Lists every file under {@code root}. An entry named {@code leafName} is reported even when it
   * is a directory, and never descended into.
   */
  static List<Entry> walk(Path root, String leafName, Consumer<String> warn) {
    List<Entry> out = new ArrayList<>();
    Set<Path> seen = new HashSet<>();
    try {
      seen.add(root.toRealPath());
    } catch (IOException e) {
      warn.accept("cannot resolve " + root + ": " + Errors.message(e));
      return out;
    }
    List<Dir> level = List.of(new Dir(root, ""));
    while (!level.isEmpty()) {
      List<Dir> next = new ArrayList<>();
      for (Dir dir : level) {
        for (Path child : list(dir.path(), warn)) {
          String name = child.getFileName().toString();
          String rel = dir.relative().isEmpty() ? name : dir.relative() + "/" + name;
          BasicFileAttributes attrs;
          try {
            attrs = Files.readAttributes(child, BasicFileAttributes.class);
          } catch (IOException e) {
            String why =
                Files.isSymbolicLink(child)
                    ? "broken symbolic link"
                    : "cannot read attributes: " + Errors.message(e);
            out.add(new Entry(rel, child, false, why));
            continue;
          }
          if (attrs.isDirectory() && !name.equals(leafName)) {
            if (!SKIPPED_DIRS.contains(name)) {
              next.add(new Dir(child, rel));
            }
          } else {
            out.add(new Entry(rel, child, attrs.isRegularFile(), null));
          }
        }
      }
      // The cycle guard keeps the first path to each real directory, so decide "first" in the
      // same order discovery sorts by, never in listing order.
      next.sort((a, b) -> CodePointOrder.compare(a.relative(), b.relative()));
      level = next.stream().filter(d -> firstVisit(d.path(), seen, warn)).toList();
    }
    return out;
  }

  private static boolean firstVisit(Path dir, Set<Path> seen, Consumer<String> warn) {
    try {
      return seen.add(dir.toRealPath());
    } catch (IOException e) {
      warn.accept("cannot resolve " + dir + ": " + Errors.message(e));
      return false;
    }
  }

  private static List<Path> list(Path dir, Consumer<String> warn) {
    List<Path> children = new ArrayList<>();
    try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir)) {
      stream.forEach(children::add);
    } catch (IOException | RuntimeException e) {
      warn.accept("cannot list " + dir + ": " + Errors.message(e));
    }
    return children;
  }
}
