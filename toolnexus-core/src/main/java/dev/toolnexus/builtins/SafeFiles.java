package dev.toolnexus.builtins;

import dev.toolnexus.CancelToken;
import dev.toolnexus.internal.AtomicFiles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * How the file tools touch files: reads take regular files only, bounded and cancellable; writes
 * replace a file whole (a temporary file in the same directory, flushed to disk, then renamed over
 * it, keeping the file's permissions), so a process killed mid-write leaves the old content or the
 * new, never a truncated file.
 *
 * <p>Under confinement the path the resolver checked is opened one component at a time from the
 * base directory without following symbolic links (through {@link SecureDirectoryStream}, that is
 * {@code openat} with {@code O_NOFOLLOW}), so a directory swapped for a symlink after the check
 * makes the open fail instead of leading outside. What remains: where the platform has no secure
 * directory stream (Windows) the real path is checked again right after the open, which narrows but
 * does not close the window; directories a {@code write} creates for a new file are created by path
 * before that walk; and a regular file swapped for a FIFO between the type check and the open can
 * still make that one open wait for a writer.
 */
final class SafeFiles {
  private static final Set<OpenOption> READ_NOFOLLOW =
      Set.of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);
  private static final Set<OpenOption> CREATE_NOFOLLOW =
      Set.of(StandardOpenOption.WRITE, StandardOpenOption.CREATE_NEW, LinkOption.NOFOLLOW_LINKS);
  private static final int CHUNK = 64 * 1024;

  private final PathResolver paths;

  SafeFiles(PathResolver paths) {
    this.paths = paths;
  }

  /** The call's cancel token fired while the file was being read. */
  static final class Cancelled extends Exception {
    private static final long serialVersionUID = 1L;

    Cancelled() {
      super("cancelled", null, false, false);
    }
  }

  /**
   * The bytes of the regular file {@code file} (as returned by the resolver).
   *
   * @param shown the path as the model gave it, used in messages
   * @param max the most bytes accepted; a larger file is refused, whatever its size claims
   * @param cancel checked before the open and between chunks; may be null
   * @throws TextFiles.NotText when the file is missing, not a regular file, too large or unreadable
   * @throws Cancelled when the token fired
   * @throws PathResolver.Refused when, under confinement, the path changed after it was checked
   */
  byte[] read(Path file, String shown, long max, CancelToken cancel)
      throws TextFiles.NotText, Cancelled {
    checkCancel(cancel);
    try {
      if (secure()) {
        try (Walk w = walk(file, shown)) {
          BasicFileAttributes a = attributes(w.dir, w.name);
          requireRegular(a, shown, "file");
          try (SeekableByteChannel ch = w.dir.newByteChannel(w.name, READ_NOFOLLOW)) {
            return drain(ch, a.size(), shown, max, cancel);
          }
        }
      }
      BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
      requireRegular(a, shown, null);
      try (SeekableByteChannel ch = Files.newByteChannel(file, StandardOpenOption.READ)) {
        recheck(file, shown);
        return drain(ch, a.size(), shown, max, cancel);
      }
    } catch (NoSuchFileException e) {
      throw new TextFiles.NotText("file not found: " + shown);
    } catch (FileSystemException e) {
      throw new TextFiles.NotText("cannot read " + shown + ": " + reason(e));
    } catch (IOException e) {
      throw new TextFiles.NotText("cannot read " + shown + ": " + e.getMessage());
    }
  }

  /**
   * Replaces (or creates) {@code file} with {@code bytes} atomically, creating missing parent
   * directories. A symlink (outside confinement) is written through: its target is replaced.
   *
   * @throws IOException when the file cannot be written; the old content is then untouched
   * @throws PathResolver.Refused when, under confinement, the path changed after it was checked
   */
  void write(Path file, String shown, byte[] bytes) throws IOException {
    Path target = file;
    if (!paths.confined() && Files.isSymbolicLink(target)) {
      target = target.toRealPath();
    }
    if (Files.isDirectory(target)) {
      throw new FileSystemException(shown + " is a directory, not a file");
    }
    Path parent = target.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    if (secure()) {
      try (Walk w = walk(target, shown)) {
        writeIn(w.dir, w.name, shown, bytes);
      }
    } else {
      writeByPath(target, bytes);
      recheck(target, shown);
    }
    AtomicFiles.syncDirectory(parent);
  }

  /**
   * Deletes {@code file} (a symlink itself, not its target) if it exists.
   *
   * @throws PathResolver.Refused when, under confinement, the path changed after it was checked
   */
  void delete(Path file, String shown) throws IOException {
    if (secure()) {
      try (Walk w = walk(file, shown)) {
        w.dir.deleteFile(w.name);
      } catch (NoSuchFileException e) {
        // already gone
      }
      return;
    }
    Files.deleteIfExists(file);
  }

  private void writeIn(SecureDirectoryStream<Path> dir, Path name, String shown, byte[] bytes)
      throws IOException {
    Set<PosixFilePermission> perms = null;
    try {
      BasicFileAttributes a = attributes(dir, name);
      if (a.isSymbolicLink()) {
        throw changed(shown, "file");
      }
      if (a.isDirectory()) {
        throw new FileSystemException(shown + " is a directory, not a file");
      }
      PosixFileAttributeView pv =
          dir.getFileAttributeView(name, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS);
      if (pv != null) {
        perms = pv.readAttributes().permissions();
      }
    } catch (NoSuchFileException e) {
      // a new file: the process umask decides its permissions, as for any new file
    }
    Path tmp = null;
    try {
      SeekableByteChannel ch = null;
      for (int i = 0; ch == null; i++) {
        tmp = Path.of(tempName(name));
        try {
          ch = dir.newByteChannel(tmp, CREATE_NOFOLLOW);
        } catch (FileAlreadyExistsException e) {
          if (i > 8) {
            throw e;
          }
        }
      }
      try (SeekableByteChannel c = ch) {
        writeAll(c, bytes);
        if (c instanceof FileChannel fc) {
          fc.force(true);
        }
      }
      if (perms != null) {
        dir.getFileAttributeView(tmp, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
            .setPermissions(perms);
      }
      dir.move(tmp, dir, name);
      tmp = null;
    } finally {
      if (tmp != null) {
        try {
          dir.deleteFile(tmp);
        } catch (IOException ignored) {
          // best effort: a leftover temporary file holds no one's data
        }
      }
    }
  }

  private static void writeByPath(Path target, byte[] bytes) throws IOException {
    Set<PosixFilePermission> perms = null;
    if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
      PosixFileAttributeView pv = Files.getFileAttributeView(target, PosixFileAttributeView.class);
      if (pv != null) {
        perms = pv.readAttributes().permissions();
      }
    }
    Path dir = target.toAbsolutePath().getParent();
    Path tmp = null;
    try {
      FileChannel ch = null;
      for (int i = 0; ch == null; i++) {
        tmp = dir.resolve(tempName(target.getFileName()));
        try {
          ch = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.CREATE_NEW);
        } catch (FileAlreadyExistsException e) {
          if (i > 8) {
            throw e;
          }
        }
      }
      try (FileChannel c = ch) {
        writeAll(c, bytes);
        c.force(true);
      }
      if (perms != null) {
        Files.setPosixFilePermissions(tmp, perms);
      }
      Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      tmp = null;
    } finally {
      if (tmp != null) {
        Files.deleteIfExists(tmp);
      }
    }
  }

  private static String tempName(Path name) {
    return "."
        + name
        + ".toolnexus-"
        + Long.toHexString(ThreadLocalRandom.current().nextLong())
        + ".tmp";
  }

  private static void writeAll(SeekableByteChannel ch, byte[] bytes) throws IOException {
    ByteBuffer buf = ByteBuffer.wrap(bytes);
    while (buf.hasRemaining()) {
      ch.write(buf);
    }
  }

  /** Flushes the directory entry of the rename to disk where the platform allows it. */
  private static byte[] drain(
      SeekableByteChannel ch, long claimed, String shown, long max, CancelToken cancel)
      throws IOException, TextFiles.NotText, Cancelled {
    if (claimed > max) {
      throw tooLarge(shown, claimed, max);
    }
    ByteBuffer buf = ByteBuffer.allocate((int) Math.min(max + 1, Math.max(claimed + 1, CHUNK)));
    while (true) {
      checkCancel(cancel);
      if (!buf.hasRemaining()) {
        if (buf.capacity() > max) {
          throw tooLarge(shown, buf.capacity(), max); // it grew while being read
        }
        ByteBuffer bigger = ByteBuffer.allocate((int) Math.min(max + 1, (long) buf.capacity() * 2));
        buf.flip();
        bigger.put(buf);
        buf = bigger;
      }
      int limit = buf.limit();
      buf.limit(Math.min(limit, buf.position() + CHUNK));
      int n = ch.read(buf);
      buf.limit(limit);
      if (n < 0) {
        break;
      }
    }
    if (buf.position() > max) {
      throw tooLarge(shown, buf.position(), max);
    }
    byte[] out = new byte[buf.position()];
    buf.flip();
    buf.get(out);
    return out;
  }

  private static TextFiles.NotText tooLarge(String shown, long size, long max) {
    return new TextFiles.NotText(
        shown
            + " is "
            + size
            + " bytes, over the "
            + max
            + "-byte limit; search it with grep or take a part with bash (head, tail, sed -n)");
  }

  private static void checkCancel(CancelToken cancel) throws Cancelled {
    if (cancel != null && cancel.isCancelled()) {
      throw new Cancelled();
    }
  }

  private static void requireRegular(BasicFileAttributes a, String shown, String checked)
      throws TextFiles.NotText {
    if (a.isSymbolicLink() && checked != null) {
      throw changed(shown, checked);
    }
    if (a.isDirectory()) {
      throw new TextFiles.NotText(shown + " is a directory, not a file");
    }
    if (!a.isRegularFile()) {
      throw new TextFiles.NotText(shown + " is not a regular file");
    }
  }

  private static BasicFileAttributes attributes(SecureDirectoryStream<Path> dir, Path name)
      throws IOException {
    return dir.getFileAttributeView(name, BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
        .readAttributes();
  }

  private static String reason(FileSystemException e) {
    return e.getReason() == null ? e.getClass().getSimpleName() : e.getReason();
  }

  static PathResolver.Refused changed(String shown, String what) {
    return new PathResolver.Refused(
        "path \""
            + shown
            + "\" changed while in use: a symbolic link now stands where a "
            + what
            + " was checked (confineToBaseDir is on)");
  }

  // ---- confinement: the checked path, opened without following links -------------------------

  private static final boolean SECURE_STREAMS = probeSecureStreams();

  private static boolean probeSecureStreams() {
    try (DirectoryStream<Path> ds = Files.newDirectoryStream(Path.of("").toAbsolutePath())) {
      return ds instanceof SecureDirectoryStream;
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  private boolean secure() {
    return paths.confined() && SECURE_STREAMS;
  }

  /** After an open by path: the real path must still lie under the base (confinement only). */
  private void recheck(Path file, String shown) throws IOException {
    if (!paths.confined()) {
      return;
    }
    Path real = file.toRealPath();
    if (!real.startsWith(PathResolver.canonical(paths.base()))) {
      throw changed(shown, "path");
    }
  }

  /** The open directory holding the checked file and the file's name in it. */
  private static final class Walk implements AutoCloseable {
    private final List<SecureDirectoryStream<Path>> opened;
    final SecureDirectoryStream<Path> dir;
    final Path name;

    Walk(List<SecureDirectoryStream<Path>> opened, Path name) {
      this.opened = opened;
      this.dir = opened.get(opened.size() - 1);
      this.name = name;
    }

    @Override
    public void close() throws IOException {
      for (int i = opened.size() - 1; i >= 0; i--) {
        opened.get(i).close();
      }
    }
  }

  private Walk walk(Path file, String shown) throws IOException {
    Path base = PathResolver.canonical(paths.base());
    if (!file.startsWith(base) || file.equals(base)) {
      throw new FileSystemException(shown + " is a directory, not a file");
    }
    Path rel = base.relativize(file);
    List<SecureDirectoryStream<Path>> opened = new ArrayList<>();
    boolean done = false;
    try {
      opened.add((SecureDirectoryStream<Path>) Files.newDirectoryStream(base));
      for (int i = 0; i < rel.getNameCount() - 1; i++) {
        Path part = rel.getName(i);
        SecureDirectoryStream<Path> cur = opened.get(opened.size() - 1);
        BasicFileAttributes a;
        try {
          a = attributes(cur, part);
        } catch (NoSuchFileException e) {
          throw new NoSuchFileException(shown);
        }
        if (a.isSymbolicLink()) {
          throw changed(shown, "directory");
        }
        try {
          opened.add(cur.newDirectoryStream(part, LinkOption.NOFOLLOW_LINKS));
        } catch (NotDirectoryException e) {
          throw new NoSuchFileException(shown);
        } catch (FileSystemException e) {
          // ELOOP: it became a symlink between the look and the open
          throw changed(shown, "directory");
        }
      }
      done = true;
      return new Walk(opened, rel.getFileName());
    } finally {
      if (!done) {
        for (SecureDirectoryStream<Path> s : opened) {
          s.close();
        }
      }
    }
  }
}
