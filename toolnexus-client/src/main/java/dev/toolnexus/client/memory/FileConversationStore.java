package dev.toolnexus.client.memory;

import dev.toolnexus.client.Message;
import dev.toolnexus.client.internal.KeyedLocks;
import dev.toolnexus.internal.AtomicFiles;
import dev.toolnexus.internal.FileNames;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A {@link ConversationStore} on disk: one JSON file per conversation (the transcript's plain-data
 * form, {@link Message#toJson}) in one directory. A save writes a temporary file, forces it to disk
 * and renames it over the old one, so a reader or a crash never sees half a transcript. {@link
 * #exclusive} holds an OS file lock on the conversation, so asks on one id from several processes
 * take turns.
 */
public final class FileConversationStore implements ConversationStore {
  // one in-process lock per lock file: the OS lock is per process, not per thread
  private static final KeyedLocks IN_PROCESS = new KeyedLocks();

  private final Path dir;

  private FileConversationStore(Path dir) {
    this.dir = dir;
  }

  /**
   * A store in {@code dir}, created when missing.
   *
   * @throws UncheckedIOException when the directory cannot be created
   */
  public static FileConversationStore in(Path dir) {
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create the conversation directory " + dir, e);
    }
    return new FileConversationStore(dir.toAbsolutePath().normalize());
  }

  /** The directory holding the conversations. */
  public Path directory() {
    return dir;
  }

  /**
   * The file of conversation {@code id}: {@code <id>.json} for plain ids, else a URL-safe base64
   * spelling of the id, so any id maps to exactly one file name.
   */
  public Path file(String id) {
    return dir.resolve(FileNames.forId(id) + ".json");
  }

  /**
   * {@inheritDoc}
   *
   * @throws IllegalStateException naming the file when it is not a transcript
   */
  @Override
  public Optional<List<Message>> get(String id) {
    Path f = file(id);
    String json;
    try {
      json = Files.readString(f, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read conversation file " + f, e);
    }
    try {
      return Optional.of(Message.fromJson(json));
    } catch (IllegalArgumentException e) {
      throw new IllegalStateException(
          "conversation file " + f + " is not a transcript: " + e.getMessage(), e);
    }
  }

  @Override
  public void save(String id, List<Message> messages) {
    Path f = file(id);
    try {
      AtomicFiles.write(f, Message.toJson(messages).getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write conversation file " + f, e);
    }
  }

  /** Holds an exclusive OS file lock on {@code <file>.lock} while {@code body} runs. */
  @Override
  public <T> T exclusive(String id, Supplier<T> body) {
    Path lockFile = dir.resolve(file(id).getFileName() + ".lock");
    return IN_PROCESS.with(
        lockFile.toString(),
        () -> {
          try (FileChannel ch =
              FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            FileLock held = ch.lock();
            try {
              return body.get();
            } finally {
              held.release();
            }
          } catch (IOException e) {
            throw new UncheckedIOException("cannot lock conversation file " + lockFile, e);
          }
        });
  }

  @Override
  public String toString() {
    return "FileConversationStore[" + dir + "]";
  }
}
