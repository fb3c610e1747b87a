package dev.toolnexus.agents.internal;

import dev.toolnexus.Source;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import dev.toolnexus.internal.AtomicFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The persona's {@code memory} tool: add, replace or remove an entry of {@code MEMORY.md} or {@code
 * USER.md}. It reads the whole file (not the capped view the soul shows), writes the new text to a
 * temporary file beside it and moves that over the file, so a crash leaves the old or the new
 * memory, never half of one. It never touches the running session's prompt.
 */
public final class MemoryTool implements Tool {
  private static final Map<String, Object> SCHEMA =
      Map.of(
          "type",
          "object",
          "properties",
          Map.of(
              "action",
              Map.of(
                  "type",
                  "string",
                  "enum",
                  List.of("add", "replace", "remove"),
                  "description",
                  "add appends an entry; replace swaps existing text for `with`; remove deletes"
                      + " existing text"),
              "target",
              Map.of(
                  "type",
                  "string",
                  "enum",
                  List.of("self", "user"),
                  "description",
                  "self: your own notes, MEMORY.md (default); user: what you know about the"
                      + " user, USER.md"),
              "text",
              Map.of(
                  "type",
                  "string",
                  "description",
                  "For add, the entry; for replace and remove, the exact existing text"),
              "with",
              Map.of("type", "string", "description", "For replace, the new text")),
          "required",
          List.of("action", "text"));

  private final Path dir;
  private final ReentrantLock lock = new ReentrantLock();

  /** A memory tool over the persona folder {@code dir}. */
  public MemoryTool(Path dir) {
    this.dir = dir;
  }

  @Override
  public String name() {
    return "memory";
  }

  @Override
  public String description() {
    return "Keep durable memory across sessions. action=add appends an entry, replace swaps"
        + " existing text for `with`, remove deletes existing text. target=self (MEMORY.md, the"
        + " default) holds your own notes, target=user (USER.md) what you know about the user."
        + " Changes are saved to disk at once and load at the start of your next session; they"
        + " do not change what you see in this one.";
  }

  @Override
  public Map<String, Object> inputSchema() {
    return SCHEMA;
  }

  @Override
  public Source source() {
    return Source.NATIVE;
  }

  @Override
  public boolean sequential() {
    return true;
  }

  @Override
  public ToolResult execute(Map<String, Object> args, ToolContext ctx) {
    Object action = args.get("action");
    Object target = args.getOrDefault("target", "self");
    Object text = args.get("text");
    if (!"self".equals(target) && !"user".equals(target)) {
      return ToolResult.error("memory: target must be self or user, got " + target);
    }
    if (!(text instanceof String entry) || entry.isEmpty()) {
      return ToolResult.error("memory: text is required (the entry, or the existing text)");
    }
    String fileName = "user".equals(target) ? "USER.md" : "MEMORY.md";
    Path file = dir.resolve(fileName);
    lock.lock();
    try {
      String current = read(file);
      String next;
      switch (String.valueOf(action)) {
        case "add" -> next = add(current, entry);
        case "replace" -> {
          if (!(args.get("with") instanceof String with)) {
            return ToolResult.error("memory: replace needs `with`, the new text");
          }
          int at = current.indexOf(entry);
          if (at < 0) {
            return notFound(fileName, entry);
          }
          next = current.substring(0, at) + with + current.substring(at + entry.length());
        }
        case "remove" -> {
          int at = current.indexOf(entry);
          if (at < 0) {
            return notFound(fileName, entry);
          }
          next = current.substring(0, at) + current.substring(at + entry.length());
        }
        default -> {
          return ToolResult.error("memory: action must be add, replace or remove, got " + action);
        }
      }
      write(file, next);
      return ToolResult.ok(
          "saved (" + action + " in " + fileName + "); it loads at the start of your next session");
    } catch (IOException e) {
      return ToolResult.error("memory: could not update " + fileName + ": " + e.getMessage());
    } finally {
      lock.unlock();
    }
  }

  private static ToolResult notFound(String fileName, String entry) {
    return ToolResult.error(
        "memory: not found in " + fileName + ": \"" + entry + "\" (nothing was changed)");
  }

  private static String add(String current, String entry) {
    String head = current.stripTrailing();
    return (head.isEmpty() ? "" : head + "\n") + "- " + entry + "\n";
  }

  private static String read(Path file) throws IOException {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      return "";
    }
  }

  /** The file's permissions (rw-r--r-- for a new file); null where POSIX does not apply. */
  private static Set<PosixFilePermission> permissions(Path file) throws IOException {
    try {
      return Files.exists(file)
          ? Files.getPosixFilePermissions(file)
          : PosixFilePermissions.fromString("rw-r--r--");
    } catch (UnsupportedOperationException e) {
      return null; // not a POSIX file system: the temporary file's defaults stand
    }
  }

  /** Replaces the file's text at once, keeping its permissions. */
  private static void write(Path file, String text) throws IOException {
    Files.createDirectories(file.toAbsolutePath().getParent());
    AtomicFiles.write(file, text.getBytes(StandardCharsets.UTF_8), permissions(file));
  }
}
