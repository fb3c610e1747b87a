package dev.toolnexus.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * Replaces a file's content all at once: the bytes go to a unique temporary file in the target's
 * directory, are forced to disk, and the temporary file is moved over the target (atomically where
 * the file system can, else a plain replacing move). A reader or a crash sees the old content or
 * the new, never half of it, and no temporary file is left behind. The file stores of several
 * modules share it; it is public only for that.
 */
public final class AtomicFiles {
  // the temporary file's name starts with a dot and at most this much of the target's name, so a
  // long target name still leaves room for the random part
  /**
   * Forces {@code dir}'s entries to disk, so a rename into it survives a power failure; best effort
   * (the rename's atomicity does not depend on it), and nothing on Windows, which cannot open a
   * directory.
   */
  public static void syncDirectory(Path dir) {
    if (dir == null
        || System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("win")) {
      return;
    }
    try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
      ch.force(true);
    } catch (IOException | RuntimeException e) {
      // durability of the rename is best effort
    }
  }

  private static final int NAME_PART = 64;

  private AtomicFiles() {}

  /**
   * Writes {@code bytes} as the whole content of {@code target}; a new file gets the file system's
   * owner-only temporary-file permissions.
   *
   * @throws IOException naming {@code target} when it cannot be written; the target then keeps its
   *     old content
   */
  public static void write(Path target, byte[] bytes) throws IOException {
    write(target, bytes, null);
  }

  /**
   * Writes {@code bytes} as the whole content of {@code target}, which then has {@code permissions}
   * where the file system is POSIX ({@code null} leaves the temporary file's own).
   *
   * @throws IOException naming {@code target} when it cannot be written; the target then keeps its
   *     old content
   */
  public static void write(Path target, byte[] bytes, Set<PosixFilePermission> permissions)
      throws IOException {
    Objects.requireNonNull(target, "target");
    Objects.requireNonNull(bytes, "bytes");
    Path dir = target.toAbsolutePath().getParent();
    Path tmp = null;
    try {
      tmp = Files.createTempFile(dir, tempPrefix(target), ".tmp");
      if (permissions != null) {
        setPermissions(tmp, permissions);
      }
      try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
        ByteBuffer buf = ByteBuffer.wrap(bytes);
        while (buf.hasRemaining()) {
          ch.write(buf);
        }
        ch.force(true);
      }
      try {
        Files.move(
            tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
      }
      tmp = null;
      syncDirectory(dir);
    } catch (IOException e) {
      throw new IOException("cannot write " + target + ": " + reason(e), e);
    } finally {
      if (tmp != null) {
        try {
          Files.deleteIfExists(tmp);
        } catch (IOException ignored) {
          // best effort: a temporary file never replaces the target
        }
      }
    }
  }

  private static String tempPrefix(Path target) {
    String name = target.getFileName().toString();
    if (name.codePointCount(0, name.length()) > NAME_PART) {
      name = name.substring(0, name.offsetByCodePoints(0, NAME_PART));
    }
    return "." + name;
  }

  private static void setPermissions(Path tmp, Set<PosixFilePermission> permissions)
      throws IOException {
    try {
      Files.setPosixFilePermissions(tmp, permissions);
    } catch (UnsupportedOperationException e) {
      // not a POSIX file system: the temporary file's defaults stand
    }
  }

  /** What went wrong, in words: a file system error without a reason names its kind and file. */
  private static String reason(IOException e) {
    if (e instanceof FileSystemException fse && fse.getReason() == null) {
      return e.getClass().getSimpleName() + " " + fse.getFile();
    }
    return e.getMessage();
  }
}
