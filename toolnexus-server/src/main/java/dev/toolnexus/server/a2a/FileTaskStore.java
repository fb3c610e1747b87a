package dev.toolnexus.server.a2a;

import dev.toolnexus.Json;
import dev.toolnexus.internal.AtomicFiles;
import dev.toolnexus.internal.FileNames;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * A {@link TaskStore} on disk: one JSON file per task in one directory, so tasks outlive the server
 * (a restart on the same directory finds every task). A save writes a unique temporary file in the
 * same directory, forces it to disk and moves it over the old file atomically, so a reader or a
 * crash never sees half a task. The toolnexus command's {@code --task-store file:<dir>}.
 *
 * <p>Writes hold the directory's lock file {@value #LOCK} (an operating-system lock, so processes
 * sharing the directory take turns too): an {@link #update} reads, changes and writes its task with
 * no other write in between.
 */
public final class FileTaskStore implements TaskStore {
  private static final String SUFFIX = ".json";

  /** The lock file every write of the directory holds. */
  public static final String LOCK = ".lock";

  // a JVM holds one operating-system lock on a file at a time, so its writers queue here first
  private static final ConcurrentHashMap<Path, ReentrantLock> WRITERS = new ConcurrentHashMap<>();

  private final Path dir;

  private FileTaskStore(Path dir) {
    this.dir = dir;
  }

  /**
   * A store in {@code dir}, created when missing.
   *
   * @throws UncheckedIOException when the directory cannot be created
   */
  public static FileTaskStore in(Path dir) {
    Objects.requireNonNull(dir, "dir");
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create the task directory " + dir, e);
    }
    return new FileTaskStore(dir.toAbsolutePath().normalize());
  }

  /** The directory holding the tasks. */
  public Path directory() {
    return dir;
  }

  /**
   * The file of task {@code id}: {@code <id>.json} for a plain id (letters, digits, {@code .-_},
   * not starting with a dot), else {@code ~} and a URL-safe base64 spelling of the id, so any id,
   * however hostile, maps to exactly one file inside the directory.
   */
  public Path file(String id) {
    Objects.requireNonNull(id, "id");
    return dir.resolve(FileNames.forId(id) + SUFFIX);
  }

  /**
   * {@inheritDoc}
   *
   * @throws IllegalStateException naming the file when it is not a task
   * @throws UncheckedIOException naming the file when it cannot be read
   */
  @Override
  public Optional<A2aTask> get(String id) {
    if (id == null) {
      return Optional.empty();
    }
    Path f = file(id);
    try {
      return Optional.of(read(f));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read task file " + f, e);
    }
  }

  private static A2aTask read(Path f) throws IOException {
    String json = Files.readString(f, StandardCharsets.UTF_8);
    try {
      return Json.mapper().readValue(json, A2aTask.class);
    } catch (RuntimeException e) {
      throw new IllegalStateException(
          "task file " + f + " is not an A2A task: " + e.getMessage(), e);
    }
  }

  /**
   * {@inheritDoc}
   *
   * @throws UncheckedIOException naming the file when it cannot be written
   */
  @Override
  public void save(A2aTask task) {
    Objects.requireNonNull(task, "task");
    Path f = file(task.id());
    try {
      locked(
          () -> {
            write(f, task);
            return null;
          });
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write task file " + f, e);
    }
  }

  /**
   * {@inheritDoc} The read, the change and the write happen under the directory's lock.
   *
   * @throws IllegalStateException naming the file when it is not a task
   * @throws UncheckedIOException naming the file when it cannot be read or written
   */
  @Override
  public Optional<A2aTask> update(String id, UnaryOperator<A2aTask> change) {
    Objects.requireNonNull(change, "change");
    if (id == null) {
      return Optional.empty();
    }
    Path f = file(id);
    try {
      return locked(
          () -> {
            A2aTask current;
            try {
              current = read(f);
            } catch (NoSuchFileException e) {
              return Optional.empty();
            }
            A2aTask next = change.apply(current);
            if (next == null || next == current) {
              return Optional.of(current);
            }
            TaskUpdates.checkSameId(current, next);
            write(f, next);
            return Optional.of(next);
          });
    } catch (IOException e) {
      throw new UncheckedIOException("cannot update task file " + f, e);
    }
  }

  /**
   * {@inheritDoc} The file is removed under the directory's lock.
   *
   * @throws UncheckedIOException naming the file when it cannot be removed
   */
  @Override
  public boolean delete(String id) {
    if (id == null) {
      return false;
    }
    Path f = file(id);
    try {
      return locked(() -> Files.deleteIfExists(f));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete task file " + f, e);
    }
  }

  private static void write(Path f, A2aTask task) throws IOException {
    AtomicFiles.write(f, Json.write(task).getBytes(StandardCharsets.UTF_8));
  }

  private interface Locked<T> {
    T run() throws IOException;
  }

  /** Runs {@code work} holding this JVM's writer lock of the directory, then its lock file. */
  private <T> T locked(Locked<T> work) throws IOException {
    ReentrantLock writers = WRITERS.computeIfAbsent(dir, d -> new ReentrantLock());
    writers.lock();
    try (FileChannel ch =
        FileChannel.open(dir.resolve(LOCK), StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
      ch.lock(); // released as the channel closes
      return work.run();
    } finally {
      writers.unlock();
    }
  }

  /**
   * {@inheritDoc}
   *
   * @throws IllegalStateException naming a file in the directory that is not a task
   * @throws UncheckedIOException when the directory cannot be listed
   */
  @Override
  public List<A2aTask> unfinished() {
    return matching(t -> t.state() == TaskState.SUBMITTED || t.state() == TaskState.WORKING);
  }

  /**
   * {@inheritDoc} Reads every task file of the directory.
   *
   * @throws IllegalStateException naming a file in the directory that is not a task
   * @throws UncheckedIOException when the directory cannot be listed
   */
  @Override
  public List<A2aTask> list(TaskFilter filter) {
    Objects.requireNonNull(filter, "filter");
    return matching(filter::matches);
  }

  private List<A2aTask> matching(Predicate<A2aTask> wanted) {
    List<A2aTask> out = new ArrayList<>();
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*" + SUFFIX)) {
      for (Path f : files) {
        A2aTask task;
        try {
          task = read(f);
        } catch (NoSuchFileException gone) {
          continue;
        }
        if (wanted.test(task)) {
          out.add(task);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list the task directory " + dir, e);
    }
    return out;
  }

  @Override
  public String toString() {
    return "FileTaskStore[" + dir + "]";
  }
}
