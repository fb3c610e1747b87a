package dev.toolnexus.builtins;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Lists the regular files under a root for grep and glob, following the capped-listing rule:
 * collect everything, sort by the {@code /}-separated path relative to the root in code point
 * order, and leave truncation to the caller. Symbolic links are not followed (so a link loop cannot
 * trap the walk and a link cannot lead out of the tree); {@code .git} and {@code node_modules} are
 * skipped.
 */
final class FileWalker {
  private static final Set<String> IGNORED_DIRS = Set.of(".git", "node_modules");

  /** Orders strings by Unicode code point, never by UTF-16 code unit. */
  static final Comparator<String> CODE_POINT_ORDER = FileWalker::compareCodePoints;

  private FileWalker() {}

  /** One file: the path the model sees (and that the listing is sorted by) and the real path. */
  record Entry(String rel, Path path) {}

  /**
   * Every regular file under {@code root} (or {@code root} itself when it is a file), sorted.
   *
   * @throws IOException when the root cannot be read at all
   */
  static List<Entry> walk(Path root) throws IOException {
    List<Entry> out = new ArrayList<>();
    Path start = root.toRealPath();
    if (Files.isRegularFile(start)) {
      out.add(new Entry(String.valueOf(start.getFileName()), start));
      return out;
    }
    Files.walkFileTree(
        start,
        EnumSet.noneOf(java.nio.file.FileVisitOption.class),
        Integer.MAX_VALUE,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
            if (!dir.equals(start) && IGNORED_DIRS.contains(String.valueOf(dir.getFileName()))) {
              return FileVisitResult.SKIP_SUBTREE;
            }
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
            if (attrs.isRegularFile()) {
              out.add(new Entry(relative(start, file), file));
            }
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult visitFileFailed(Path file, IOException e) {
            return FileVisitResult.CONTINUE; // unreadable entries are skipped, not fatal
          }
        });
    out.sort(Comparator.comparing(Entry::rel, CODE_POINT_ORDER));
    return out;
  }

  /** {@code file} relative to {@code root}, joined with {@code /} on every platform. */
  static String relative(Path root, Path file) {
    StringBuilder sb = new StringBuilder();
    for (Path part : root.relativize(file)) {
      if (sb.length() > 0) {
        sb.append('/');
      }
      sb.append(part);
    }
    return sb.toString();
  }

  static int compareCodePoints(String a, String b) {
    int i = 0;
    int j = 0;
    while (i < a.length() && j < b.length()) {
      int ca = a.codePointAt(i);
      int cb = b.codePointAt(j);
      if (ca != cb) {
        return Integer.compare(ca, cb);
      }
      i += Character.charCount(ca);
      j += Character.charCount(cb);
    }
    return Integer.compare(a.length() - i, b.length() - j);
  }
}
