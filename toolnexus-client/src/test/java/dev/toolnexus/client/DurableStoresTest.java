package dev.toolnexus.client;

import static dev.toolnexus.client.Fixtures.openaiText;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.client.Message.AssistantMessage;
import dev.toolnexus.client.Message.UserMessage;
import dev.toolnexus.client.memory.ConversationStore;
import dev.toolnexus.client.memory.FileConversationStore;
import dev.toolnexus.client.memory.JdbcConversationStore;
import dev.toolnexus.testing.Postgres;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The durable stores: a file per conversation and a JDBC table, on real files and processes. */
class DurableStoresTest {
  @TempDir Path tmp;
  private final FakeProvider provider = new FakeProvider();

  DurableStoresTest() throws Exception {}

  @AfterEach
  void stop() {
    provider.close();
  }

  private static final List<Message> TRANSCRIPT =
      List.of(
          UserMessage.of("hi"),
          new AssistantMessage(
              "", List.of(new ToolCall("c1", "get_weather", "{\"location\":\"Oslo\"}")), null),
          new Message.ToolMessage("c1", "get_weather", "Sunny", false, List.of(), null),
          AssistantMessage.of("Sunny in Oslo"));

  private String postgresUrl;

  private ConversationStore store(String kind) {
    return switch (kind) {
      case "file" -> FileConversationStore.in(tmp.resolve("convos"));
      case "jdbc" -> JdbcConversationStore.of(jdbcUrl());
      default -> JdbcConversationStore.of(postgresUrl());
    };
  }

  /** A new database on a real PostgreSQL server, the same one for every store of this test. */
  private String postgresUrl() {
    if (postgresUrl == null) {
      postgresUrl = Postgres.freshDatabase();
    }
    return postgresUrl;
  }

  private String jdbcUrl() {
    return "jdbc:sqlite:" + tmp.resolve("convos.db");
  }

  @ParameterizedTest
  @ValueSource(strings = {"file", "jdbc", "postgres"})
  void aSavedTranscriptReadsBackEqualInAnotherStoreInstance(String kind) {
    store(kind).save("thread-1", TRANSCRIPT);

    assertThat(store(kind).get("thread-1")).contains(TRANSCRIPT);
    assertThat(store(kind).get("unknown")).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"file", "jdbc", "postgres"})
  void aSaveReplacesTheWholeTranscript(String kind) {
    ConversationStore s = store(kind);
    s.save("t", TRANSCRIPT);
    s.save("t", List.of(UserMessage.of("fresh")));

    assertThat(s.get("t")).contains(List.of(UserMessage.of("fresh")));
  }

  @Test
  void theFileStoreWritesOneJsonFilePerConversationAndLeavesNoTempFiles() throws Exception {
    FileConversationStore s = FileConversationStore.in(tmp.resolve("convos"));
    s.save("thread-1", TRANSCRIPT);
    s.save("user@example.com/chat 1", List.of(UserMessage.of("x")));

    try (Stream<Path> files = Files.list(s.directory())) {
      assertThat(files.map(p -> p.getFileName().toString()).sorted())
          .containsExactly("thread-1.json", "~dXNlckBleGFtcGxlLmNvbS9jaGF0IDE.json");
    }
    assertThat(Files.readString(s.file("thread-1"))).isEqualTo(Message.toJson(TRANSCRIPT));
    assertThat(s.get("user@example.com/chat 1")).contains(List.of(UserMessage.of("x")));
  }

  @Test
  void aDamagedFileIsAClearErrorNamingIt() throws Exception {
    FileConversationStore s = FileConversationStore.in(tmp.resolve("convos"));
    Files.writeString(s.file("t"), "[{\"role\":\"wizard\"}]");

    assertThatThrownBy(() -> s.get("t"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining(s.file("t").toString())
        .hasMessageContaining("unknown message role \"wizard\"");
  }

  @Test
  void theJdbcStoreCreatesItsTableOnlyWhenAbsent() throws Exception {
    JdbcConversationStore.of(jdbcUrl()).save("t", TRANSCRIPT);
    JdbcConversationStore again = JdbcConversationStore.of(jdbcUrl());

    assertThat(again.get("t")).contains(TRANSCRIPT);
    try (Connection c = DriverManager.getConnection(jdbcUrl());
        ResultSet rs = c.getMetaData().getTables(null, null, "toolnexus_conversations", null)) {
      assertThat(rs.next()).isTrue();
    }
  }

  @Test
  void aJdbcUrlWithNoDriverFailsWithoutEchoingTheUrl() {
    assertThatThrownBy(() -> JdbcConversationStore.of("jdbc:nosuchdb://host/db?password=s3cret"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("cannot create conversation table toolnexus_conversations: ")
        .hasMessageContaining("jdbc:nosuchdb:...")
        .hasMessageNotContaining("s3cret");
  }

  @Test
  void theJdbcTableNameMustBeAPlainIdentifier() {
    assertThatThrownBy(
            () -> JdbcConversationStore.of(() -> DriverManager.getConnection(jdbcUrl()), "x; drop"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("x; drop");
    assertThat(
            JdbcConversationStore.of(() -> DriverManager.getConnection(jdbcUrl()), "chat_memory")
                .table())
        .isEqualTo("chat_memory");
  }

  @ParameterizedTest
  @ValueSource(strings = {"file", "jdbc", "postgres"})
  void nothingIsLostWhenTheJvmIsKilledBetweenTwoAsks(String kind) throws Exception {
    provider.json(openaiText("first answer", 5, 2)).json(openaiText("second answer", 9, 2));
    String where =
        switch (kind) {
          case "file" -> tmp.resolve("convos").toString();
          case "jdbc" -> jdbcUrl();
          default -> postgresUrl();
        };
    String child = kind.equals("file") ? "file" : "jdbc";

    try (ChildJvm first =
        ChildJvm.start("ask", provider.baseUrl(), child, where, "first question")) {
      assertThat(first.readLine()).isEqualTo("ASKED first answer");
      first.kill();
    }
    try (ChildJvm second =
        ChildJvm.start("ask", provider.baseUrl(), child, where, "second question")) {
      assertThat(second.readLine()).isEqualTo("ASKED second answer");
      second.kill();
    }

    assertThat(provider.request(1).body())
        .contains(
            "{\"role\":\"user\",\"content\":\"first question\"},{\"role\":\"assistant\","
                + "\"content\":\"first answer\"},{\"role\":\"user\",\"content\":\"second question\"}");
    assertThat(store(kind).get("thread-1").orElseThrow())
        .extracting(Message::role)
        .containsExactly("user", "assistant", "user", "assistant");
  }

  @Test
  void theFileLockKeepsAnotherProcessOutWhileHeld() throws Exception {
    FileConversationStore s = FileConversationStore.in(tmp.resolve("convos"));
    Path lockFile = s.directory().resolve("t.json.lock");

    try (ChildJvm holder = ChildJvm.start("lock", s.directory().toString(), "t")) {
      assertThat(holder.readLine()).isEqualTo("LOCKED");
      try (FileChannel ch = FileChannel.open(lockFile, StandardOpenOption.WRITE)) {
        FileLock probe = ch.tryLock();
        assertThat(probe).as("the child holds the lock").isNull();
      }
      CompletableFuture<String> mine =
          CompletableFuture.supplyAsync(() -> s.exclusive("t", () -> "entered"));
      holder.writeLine("release");
      assertThat(holder.readLine()).isEqualTo("RELEASED");
      assertThat(mine.get(30, TimeUnit.SECONDS)).isEqualTo("entered");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"jdbc", "postgres"})
  void twoProcessesAppendingToOneJdbcConversationLoseNothing(String kind) throws Exception {
    String url = kind.equals("jdbc") ? jdbcUrl() : postgresUrl();
    JdbcConversationStore.of(url); // the tables exist before the writers race
    try (ChildJvm a = ChildJvm.start("append", url, "shared", "40", "a");
        ChildJvm b = ChildJvm.start("append", url, "shared", "40", "b")) {
      assertThat(a.readLine()).isEqualTo("READY");
      assertThat(b.readLine()).isEqualTo("READY");
      a.writeLine("go");
      b.writeLine("go");
      assertThat(a.readLine()).isEqualTo("DONE");
      assertThat(b.readLine()).isEqualTo("DONE");
    }

    List<String> texts =
        JdbcConversationStore.of(url).get("shared").orElseThrow().stream()
            .map(m -> ((UserMessage) m).text())
            .toList();
    assertThat(texts).hasSize(80);
    assertThat(texts.stream().filter(t -> t.startsWith("a")))
        .containsExactlyElementsOf(
            java.util.stream.IntStream.range(0, 40).mapToObj(i -> "a" + i).toList());
    assertThat(texts.stream().filter(t -> t.startsWith("b")))
        .containsExactlyElementsOf(
            java.util.stream.IntStream.range(0, 40).mapToObj(i -> "b" + i).toList());
  }

  @Test
  void aSaveInsideExclusiveOverAnotherWritersChangeFailsLoudly() {
    JdbcConversationStore mine = JdbcConversationStore.of(jdbcUrl());
    JdbcConversationStore other = JdbcConversationStore.of(jdbcUrl());
    mine.save("t", TRANSCRIPT);

    assertThatThrownBy(
            () ->
                mine.exclusive(
                    "t",
                    () -> {
                      other.save("t", List.of(UserMessage.of("sneaked in")));
                      mine.save("t", List.of(UserMessage.of("mine")));
                      return null;
                    }))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "conversation t in toolnexus_conversations was changed by another writer since it"
                + " was loaded (version 1, now 2); this save was refused so that neither"
                + " transcript is lost");
    assertThat(other.get("t").orElseThrow()).containsExactly(UserMessage.of("sneaked in"));
  }
}
