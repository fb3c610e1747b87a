package dev.toolnexus.oauth.internal;

import dev.toolnexus.Json;
import dev.toolnexus.oauth.StoredToken;
import dev.toolnexus.oauth.TokenStore;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Tokens in one JSON file, an object keyed like the store: every write goes to a temporary file
 * (owner-only where POSIX permissions exist) that is then moved over the old one atomically, so a
 * reader never sees half a file. Shared by every store object of the same file in this JVM.
 */
public final class FileTokenStore implements TokenStore {
  private final Path file;

  /** A store in {@code file}; its directory is created on the first write. */
  public FileTokenStore(Path file) {
    this.file = file.toAbsolutePath();
  }

  @Override
  public Optional<StoredToken> load(String key) {
    synchronized (lock()) {
      Object t = read().get(key);
      return t instanceof Map<?, ?> m ? Optional.of(TokenJson.fromMap(m)) : Optional.empty();
    }
  }

  @Override
  public void save(String key, StoredToken token) {
    synchronized (lock()) {
      Map<String, Object> all = read();
      all.put(key, TokenJson.toMap(token));
      write(all);
    }
  }

  @Override
  public void remove(String key) {
    synchronized (lock()) {
      Map<String, Object> all = read();
      if (all.remove(key) != null) {
        write(all);
      }
    }
  }

  private Object lock() {
    return file.toString().intern();
  }

  private Map<String, Object> read() {
    if (!Files.exists(file)) {
      return new LinkedHashMap<>();
    }
    try {
      return new LinkedHashMap<>(Json.parseObject(Files.readString(file, StandardCharsets.UTF_8)));
    } catch (IOException e) {
      throw new IllegalStateException("OAuth token store " + file + " cannot be read: " + e);
    } catch (RuntimeException e) {
      throw new IllegalStateException("OAuth token store " + file + " is not a JSON object");
    }
  }

  private void write(Map<String, Object> all) {
    Path dir = file.getParent();
    try {
      Files.createDirectories(dir);
      boolean posix = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
      Path tmp =
          posix
              ? Files.createTempFile(
                  dir,
                  ".tokens",
                  ".tmp",
                  PosixFilePermissions.asFileAttribute(
                      PosixFilePermissions.fromString("rw-------")))
              : Files.createTempFile(dir, ".tokens", ".tmp");
      try {
        Files.writeString(tmp, Json.writePretty(all), StandardCharsets.UTF_8);
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } finally {
        Files.deleteIfExists(tmp);
      }
    } catch (IOException e) {
      throw new IllegalStateException(
          "OAuth token store " + file + " cannot be written: " + e.getClass().getSimpleName());
    }
  }

  @Override
  public String toString() {
    return "TokenStore[file " + file + "]";
  }
}
