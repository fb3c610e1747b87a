package dev.toolnexus.agents;

import dev.toolnexus.Tool;
import dev.toolnexus.agents.internal.MemoryTool;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * An agent whose identity lives in a folder: the Markdown files present in it, read once, become
 * its soul (system prompt), and its {@code memory} tool writes back to two of them. The soul is
 * composed when {@link #fromDir} is called and stays fixed for the session, so what the agent
 * remembers during a session reaches its prompt only in the next one.
 *
 * <pre>{@code
 * Persona ava = Persona.fromDir(Path.of("personas/ava"));
 * Agent agent = ava.agent().model("gpt-4o-mini").client(client).build();
 * TaskResult r = agent.run("what is on my plate today?");
 * }</pre>
 */
public final class Persona {
  /**
   * The files a persona is composed from, in the order they enter the soul: operating instructions,
   * identity and voice, who the agent is, its model of the user, tool guidance, what to do on a
   * heartbeat, and its long-term notes.
   */
  public static final List<String> FILES =
      List.of(
          "AGENTS.md",
          "SOUL.md",
          "IDENTITY.md",
          "USER.md",
          "TOOLS.md",
          "HEARTBEAT.md",
          "MEMORY.md");

  /** How many bytes of each file enter the soul (2 MiB); the rest is cut with a notice. */
  public static final int MAX_FILE_BYTES = 2_097_152;

  private final Path dir;
  private final String soul;
  private final List<String> sections;

  private Persona(Path dir, String soul, List<String> sections) {
    this.dir = dir;
    this.soul = soul;
    this.sections = sections;
  }

  /**
   * Composes the persona in {@code dir} now: each of {@link #FILES} that is present becomes a
   * section {@code ## <file name>} followed by its trimmed text, sections joined by a blank line. A
   * file larger than {@link #MAX_FILE_BYTES} enters cut at that many bytes with a notice saying so;
   * the file itself is never changed.
   *
   * @throws IllegalArgumentException when {@code dir} is not a directory
   * @throws UncheckedIOException naming the file that cannot be read
   */
  public static Persona fromDir(Path dir) {
    Objects.requireNonNull(dir, "dir");
    if (!Files.isDirectory(dir)) {
      throw new IllegalArgumentException("persona home " + dir + " is not a directory");
    }
    List<String> parts = new ArrayList<>();
    List<String> found = new ArrayList<>();
    for (String name : FILES) {
      String body = readCapped(dir.resolve(name));
      if (body != null) {
        parts.add("## " + name + "\n\n" + body.strip());
        found.add(name);
      }
    }
    return new Persona(dir, String.join("\n\n", parts), List.copyOf(found));
  }

  /** The file's text up to the byte cap, with a notice when cut; null when it is absent. */
  private static String readCapped(Path file) {
    if (!Files.isRegularFile(file)) {
      return null;
    }
    try (InputStream in = Files.newInputStream(file)) {
      byte[] head = in.readNBytes(MAX_FILE_BYTES);
      boolean more = in.read() != -1;
      String text = new String(head, StandardCharsets.UTF_8);
      if (!more) {
        return text;
      }
      return text
          + "\n\n[truncated: "
          + file.getFileName()
          + " is larger than "
          + MAX_FILE_BYTES
          + " bytes; only its first "
          + MAX_FILE_BYTES
          + " bytes are shown here, the file itself is unchanged]";
    } catch (NoSuchFileException e) {
      return null;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read persona file " + file + ": " + e, e);
    }
  }

  /**
   * A {@code memory} tool over {@code dir}: {@code add}, {@code replace} or {@code remove} an entry
   * of {@code MEMORY.md} (target {@code self}, the default) or {@code USER.md} (target {@code
   * user}). Every action is written to disk at once and loads at the start of the next session; a
   * {@code replace} or {@code remove} whose text is not in the file is an error result.
   */
  public static Tool memoryTool(Path dir) {
    return new MemoryTool(Objects.requireNonNull(dir, "dir"));
  }

  /** The persona's folder. */
  public Path dir() {
    return dir;
  }

  /** The agent's name: the folder's name. */
  public String name() {
    Path name = dir.toAbsolutePath().normalize().getFileName();
    return name == null ? "persona" : name.toString();
  }

  /** The composed soul, fixed when the persona was read. */
  public String soul() {
    return soul;
  }

  /** The files that were present and entered the soul, in soul order. */
  public List<String> sections() {
    return sections;
  }

  /**
   * An agent declaration for this persona: its name, its soul, and its {@code memory} tool over the
   * folder; add the model, client, more tools or a budget and build it.
   */
  public Agent.Builder agent() {
    return Agent.builder(name())
        .does("the persona agent of " + dir)
        .soul(soul)
        .uses(memoryTool(dir));
  }
}
