package dev.toolnexus.client;

import dev.toolnexus.client.memory.ConversationStore;
import dev.toolnexus.client.memory.FileConversationStore;
import dev.toolnexus.client.memory.JdbcConversationStore;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * A child JVM for the durability tests. {@code ask <baseUrl> <file|jdbc> <where> <prompt>}: one ask
 * on conversation "thread-1", print {@code ASKED <text>}, then block until killed. {@code lock
 * <where> <id>}: hold the file store's lock on {@code id}, print {@code LOCKED}, release when a
 * line arrives on stdin. {@code append <jdbcUrl> <id> <n> <tag>}: after a line on stdin, append
 * {@code n} messages {@code <tag><i>} to {@code id}, each in its own exclusive load-append-save.
 */
public final class AskChild {
  private AskChild() {}

  public static void main(String[] args) throws Exception {
    BufferedReader stdin =
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    if (args[0].equals("append")) {
      // append <jdbcUrl> <id> <n> <tag>: n load-append-save cycles, each inside exclusive
      JdbcConversationStore store = JdbcConversationStore.of(args[1]);
      int n = Integer.parseInt(args[3]);
      System.out.println("READY");
      System.out.flush();
      stdin.readLine(); // start together
      for (int i = 0; i < n; i++) {
        String text = args[4] + i;
        store.exclusive(
            args[2],
            () -> {
              java.util.List<Message> m =
                  new java.util.ArrayList<>(store.get(args[2]).orElse(java.util.List.of()));
              m.add(Message.UserMessage.of(text));
              store.save(args[2], m);
              return null;
            });
      }
      System.out.println("DONE");
      System.out.flush();
      return;
    }
    if (args[0].equals("lock")) {
      FileConversationStore.in(Path.of(args[1]))
          .exclusive(
              args[2],
              () -> {
                System.out.println("LOCKED");
                System.out.flush();
                try {
                  stdin.readLine();
                } catch (java.io.IOException e) {
                  throw new java.io.UncheckedIOException(e);
                }
                return null;
              });
      System.out.println("RELEASED");
      System.out.flush();
      return;
    }
    ConversationStore store =
        args[2].equals("file")
            ? FileConversationStore.in(Path.of(args[3]))
            : JdbcConversationStore.of(args[3]);
    LlmClient client =
        LlmClient.create(
            ClientOptions.builder()
                .baseUrl(args[1] + "/v1")
                .style(Style.OPENAI)
                .model("gpt-4o-mini")
                .apiKey("sk-child")
                .store(store)
                .build());
    RunResult r = client.ask(args[4], Fixtures.kit(Fixtures.weather()), "thread-1");
    System.out.println("ASKED " + r.text());
    System.out.flush();
    stdin.readLine(); // wait to be killed
  }
}
