package dev.toolnexus.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Toolkit;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With {@code skillPrompts} each loaded skill is a prompt, and with {@code skillResources} the
 * files of its directory are {@code skill://} resources; both are off by default.
 */
class SkillFeaturesTest {
  @TempDir Path skills;

  private Toolkit toolkit() throws Exception {
    Path dir = Files.createDirectories(skills.resolve("greet"));
    Files.writeString(
        dir.resolve("SKILL.md"), "---\nname: greet\ndescription: Greets people\n---\n\nSay hi.\n");
    Files.writeString(dir.resolve("names.txt"), "Ada\n");
    Files.createDirectories(dir.resolve("img"));
    Files.write(dir.resolve("img/dot.png"), new byte[] {(byte) 0x89, 'P', 'N', 'G'});
    Files.writeString(dir.resolve(".secret"), "hidden");
    return Toolkit.builder().builtins(false).skillsDir(skills).build();
  }

  private static Map<String, Object> result(RawMcp c, String method, Map<String, Object> params)
      throws Exception {
    Map<String, Object> answer =
        RawMcp.answer(
            c.post(Map.of("jsonrpc", "2.0", "id", 3, "method", method, "params", params)));
    assertThat(answer).as(answer.toString()).containsKey("result");
    @SuppressWarnings("unchecked")
    Map<String, Object> r = (Map<String, Object>) answer.get("result");
    return r;
  }

  @Test
  void eachSkillIsAPromptWhoseMessageIsItsInstructions() throws Exception {
    try (Toolkit toolkit = toolkit();
        McpHttpServer server =
            McpServe.http(toolkit, McpServeOptions.builder().skillPrompts(true).build())) {
      RawMcp c = RawMcp.connect(server.url());
      assertThat(result(c, "prompts/list", Map.of()))
          .isEqualTo(
              Map.of("prompts", List.of(Map.of("name", "greet", "description", "Greets people"))));
      assertThat(result(c, "prompts/get", Map.of("name", "greet")))
          .isEqualTo(
              Map.of(
                  "description",
                  "Greets people",
                  "messages",
                  List.of(
                      Map.of(
                          "role", "user", "content", Map.of("type", "text", "text", "Say hi.")))));
    }
  }

  @Test
  void theFilesOfASkillDirectoryAreSkillResourcesWithoutHiddenOnes() throws Exception {
    try (Toolkit toolkit = toolkit();
        McpHttpServer server =
            McpServe.http(toolkit, McpServeOptions.builder().skillResources(true).build())) {
      RawMcp c = RawMcp.connect(server.url());
      assertThat(result(c, "resources/list", Map.of()))
          .isEqualTo(
              Map.of(
                  "resources",
                  List.of(
                      Map.of(
                          "uri",
                          "skill://greet/SKILL.md",
                          "name",
                          "greet/SKILL.md",
                          "description",
                          "File SKILL.md of the greet skill",
                          "mimeType",
                          "text/markdown"),
                      Map.of(
                          "uri",
                          "skill://greet/img/dot.png",
                          "name",
                          "greet/img/dot.png",
                          "description",
                          "File img/dot.png of the greet skill",
                          "mimeType",
                          "image/png"),
                      Map.of(
                          "uri",
                          "skill://greet/names.txt",
                          "name",
                          "greet/names.txt",
                          "description",
                          "File names.txt of the greet skill",
                          "mimeType",
                          "text/plain"))));
    }
  }

  @Test
  void linksAndFilesOverTheSkillFileBoundAreNotSkillResources(@TempDir Path outside)
      throws Exception {
    Path dir = Files.createDirectories(skills.resolve("peek"));
    Files.writeString(
        dir.resolve("SKILL.md"), "---\nname: peek\ndescription: Peeks\n---\n\nLook.\n");
    Path secret = Files.writeString(outside.resolve("secret.txt"), "not for clients");
    Files.createSymbolicLink(dir.resolve("link.txt"), secret);
    Files.write(dir.resolve("big.txt"), new byte[(1 << 20) + 1]);
    Files.write(dir.resolve("edge.txt"), new byte[1 << 20]);
    try (Toolkit toolkit = Toolkit.builder().builtins(false).skillsDir(skills).build();
        McpHttpServer server =
            McpServe.http(toolkit, McpServeOptions.builder().skillResources(true).build())) {
      RawMcp c = RawMcp.connect(server.url());
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> listed =
          (List<Map<String, Object>>) result(c, "resources/list", Map.of()).get("resources");
      assertThat(listed)
          .extracting(r -> r.get("uri"))
          .containsExactly("skill://peek/SKILL.md", "skill://peek/edge.txt");
    }
  }

  @Test
  void aSkillFileReadsAsTextOrAsABlob() throws Exception {
    try (Toolkit toolkit = toolkit();
        McpHttpServer server =
            McpServe.http(toolkit, McpServeOptions.builder().skillResources(true).build())) {
      RawMcp c = RawMcp.connect(server.url());
      assertThat(result(c, "resources/read", Map.of("uri", "skill://greet/names.txt")))
          .isEqualTo(
              Map.of(
                  "contents",
                  List.of(
                      Map.of(
                          "uri",
                          "skill://greet/names.txt",
                          "mimeType",
                          "text/plain",
                          "text",
                          "Ada\n"))));
      assertThat(result(c, "resources/read", Map.of("uri", "skill://greet/img/dot.png")))
          .isEqualTo(
              Map.of(
                  "contents",
                  List.of(
                      Map.of(
                          "uri",
                          "skill://greet/img/dot.png",
                          "mimeType",
                          "image/png",
                          "blob",
                          "iVBORw=="))));
    }
  }

  @Test
  void skillsAreNeitherPromptsNorResourcesByDefault() throws Exception {
    try (Toolkit toolkit = toolkit();
        McpHttpServer server = McpServe.http(toolkit, McpServeOptions.defaults())) {
      RawMcp c = RawMcp.connect(server.url());
      assertThat(result(c, "prompts/list", Map.of())).isEqualTo(Map.of("prompts", List.of()));
      assertThat(result(c, "resources/list", Map.of())).isEqualTo(Map.of("resources", List.of()));
    }
  }

  @Test
  void aRegisteredPromptWinsOverASkillOfTheSameName() throws Exception {
    ServedPrompt own =
        ServedPrompt.of("greet", "Mine", List.of(), args -> List.of(PromptMessage.user("own")));
    try (Toolkit toolkit = toolkit();
        McpHttpServer server =
            McpServe.http(
                toolkit, McpServeOptions.builder().skillPrompts(true).prompt(own).build())) {
      RawMcp c = RawMcp.connect(server.url());
      assertThat(result(c, "prompts/list", Map.of()))
          .isEqualTo(Map.of("prompts", List.of(Map.of("name", "greet", "description", "Mine"))));
    }
  }
}
