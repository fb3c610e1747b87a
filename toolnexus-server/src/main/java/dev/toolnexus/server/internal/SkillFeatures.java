package dev.toolnexus.server.internal;

import dev.toolnexus.Toolkit;
import dev.toolnexus.server.PromptMessage;
import dev.toolnexus.server.ResourceContent;
import dev.toolnexus.server.ServedPrompt;
import dev.toolnexus.server.ServedResource;
import dev.toolnexus.skills.SkillInfo;
import dev.toolnexus.skills.SkillsOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLEncoder;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The toolkit's skills as served features: each skill a prompt whose one user message is its
 * instructions, and each file of a skill directory a resource {@code skill://<skill>/<path>}.
 * Hidden files and {@code .git} or {@code node_modules} directories are left out.
 */
final class SkillFeatures {
  /** The most files served per skill, so a huge directory cannot flood a listing. */
  static final int MAX_FILES = 500;

  /** The largest skill file served, the same bound the skill loader puts on a skill's files. */
  static final long MAX_FILE_BYTES = SkillsOptions.DEFAULT_MAX_SKILL_FILE_BYTES;

  private static final Set<String> SKIPPED_DIRS = Set.of("node_modules", ".git");

  private static final Map<String, String> TYPES =
      Map.ofEntries(
          Map.entry("md", "text/markdown"),
          Map.entry("txt", "text/plain"),
          Map.entry("json", "application/json"),
          Map.entry("yaml", "application/yaml"),
          Map.entry("yml", "application/yaml"),
          Map.entry("py", "text/x-python"),
          Map.entry("sh", "text/x-shellscript"),
          Map.entry("js", "text/javascript"),
          Map.entry("html", "text/html"),
          Map.entry("csv", "text/csv"),
          Map.entry("xml", "application/xml"),
          Map.entry("png", "image/png"),
          Map.entry("jpg", "image/jpeg"),
          Map.entry("jpeg", "image/jpeg"),
          Map.entry("gif", "image/gif"),
          Map.entry("pdf", "application/pdf"));

  private SkillFeatures() {}

  private static List<SkillInfo> skills(Toolkit toolkit) {
    return toolkit.skillSource().map(s -> s.skills()).orElse(List.of());
  }

  /** Each loaded skill as a prompt of its name. */
  static List<ServedPrompt> prompts(Toolkit toolkit) {
    List<ServedPrompt> out = new ArrayList<>();
    for (SkillInfo s : skills(toolkit)) {
      String body = s.content().strip();
      out.add(
          ServedPrompt.of(
              s.name(),
              s.description() == null ? "The " + s.name() + " skill" : s.description(),
              List.of(),
              args -> List.of(PromptMessage.user(body))));
    }
    return out;
  }

  /** The files of every skill directory as resources, in path order. */
  static List<ServedResource> resources(Toolkit toolkit) {
    List<ServedResource> out = new ArrayList<>();
    for (SkillInfo s : skills(toolkit)) {
      if (s.origin() != SkillInfo.Origin.DIRECTORY) {
        continue; // a data skill has no files to read
      }
      Path dir = Path.of(s.location()).getParent();
      for (Path file : files(dir)) {
        String rel = dir.relativize(file).toString().replace('\\', '/');
        String uri = "skill://" + encode(s.name()) + "/" + encodePath(rel);
        String mime = mimeType(file);
        out.add(
            new ServedResource(
                uri,
                s.name() + "/" + rel,
                null,
                "File " + rel + " of the " + s.name() + " skill",
                mime,
                () -> read(file, mime)));
      }
    }
    return out;
  }

  private static List<Path> files(Path dir) {
    try (Stream<Path> walk = Files.walk(dir)) {
      // a symbolic link could point anywhere on the host, so only plain files are served
      return walk.filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS))
          .filter(p -> visible(dir.relativize(p)))
          .filter(p -> sizeOf(p) <= MAX_FILE_BYTES)
          .sorted()
          .limit(MAX_FILES)
          .toList();
    } catch (IOException | UncheckedIOException e) {
      return List.of();
    }
  }

  private static boolean visible(Path rel) {
    for (Path part : rel) {
      String n = part.toString();
      if (n.startsWith(".") || SKIPPED_DIRS.contains(n)) {
        return false;
      }
    }
    return true;
  }

  private static String mimeType(Path file) {
    String n = file.getFileName().toString();
    int dot = n.lastIndexOf('.');
    String ext = dot < 0 ? "" : n.substring(dot + 1).toLowerCase(Locale.ROOT);
    return TYPES.getOrDefault(ext, null);
  }

  private static long sizeOf(Path file) {
    try {
      return Files.size(file);
    } catch (IOException e) {
      return Long.MAX_VALUE;
    }
  }

  private static ResourceContent read(Path file, String mime) {
    byte[] data;
    try {
      if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
        throw new IllegalArgumentException(
            "skill file " + file.getFileName() + " is no longer a plain file");
      }
      if (Files.size(file) > MAX_FILE_BYTES) {
        throw new IllegalArgumentException(
            "skill file " + file.getFileName() + " is larger than " + MAX_FILE_BYTES + " bytes");
      }
      data = Files.readAllBytes(file);
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot read skill file " + file.getFileName(), e);
    }
    if (mime != null && mime.startsWith("image/") || "application/pdf".equals(mime)) {
      return ResourceContent.bytes(data);
    }
    try {
      return ResourceContent.text(
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(data))
              .toString());
    } catch (CharacterCodingException e) {
      return ResourceContent.bytes(data);
    }
  }

  private static String encodePath(String rel) {
    List<String> parts = new ArrayList<>();
    for (String p : rel.split("/")) {
      parts.add(encode(p));
    }
    return String.join("/", parts);
  }

  private static String encode(String segment) {
    return URLEncoder.encode(segment, StandardCharsets.UTF_8).replace("+", "%20");
  }
}
