package dev.toolnexus.server.internal.a2a;

import dev.toolnexus.Answer;
import dev.toolnexus.CancelToken;
import dev.toolnexus.Request;
import dev.toolnexus.Toolkit;
import dev.toolnexus.a2a.internal.Wire;
import dev.toolnexus.client.AskOptions;
import dev.toolnexus.client.LlmClient;
import dev.toolnexus.client.Message;
import dev.toolnexus.client.Responder;
import dev.toolnexus.client.RunOptions;
import dev.toolnexus.client.RunResult;
import dev.toolnexus.client.internal.TranscriptMaps;
import dev.toolnexus.client.memory.ConversationStore;
import dev.toolnexus.server.a2a.A2aTask;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a served task's run is: a first run (an agent's response, an ask in the caller's context,
 * else a stateless run) or the resumption of a halted run with the caller's answer to its pending
 * request. {@link TaskRunner} decides when a run starts and what its end does to the task.
 */
final class TaskRuns {
  private final Toolkit toolkit;
  private final LlmClient client;
  private final Responder agent;
  private final Duration timeout;

  /** Runs over {@code toolkit} on {@code client}, or as {@code agent}'s runs when it is set. */
  TaskRuns(Toolkit toolkit, LlmClient client, Responder agent, Duration timeout) {
    this.toolkit = toolkit;
    this.client = client;
    this.agent = agent;
    this.timeout = timeout;
  }

  /** The toolkit the tasks run over. */
  Toolkit toolkit() {
    return toolkit;
  }

  /** Whether tasks run as an agent's runs (whose tools the toolkit does not describe). */
  boolean servesAgent() {
    return agent != null;
  }

  /** Whether a rerun of a task in {@code context} asks with its stored conversation. */
  boolean remembers(String context) {
    return agent == null && client.store().get(context).isPresent();
  }

  /** A task's first run on {@code text}; with {@code memory}, an ask in {@code context}. */
  RunResult first(String text, String context, boolean memory, CancelToken cancel) {
    if (agent != null) {
      return agent.respond(client, text, cancel);
    }
    if (memory) {
      AskOptions ask = AskOptions.of(toolkit, context).withCancel(cancel);
      return client.ask(text, timeout == null ? ask : ask.withTimeout(timeout));
    }
    RunOptions run = RunOptions.of(toolkit).withCancel(cancel);
    return client.run(text, timeout == null ? run : run.withTimeout(timeout));
  }

  /**
   * The halted run of {@code transcript} resumed with {@code answer} to {@code pending}; a stored
   * conversation of {@code context} is updated with it under the conversation's lock.
   */
  RunResult resumed(
      String context,
      List<Map<String, Object>> transcript,
      Request pending,
      Answer answer,
      CancelToken cancel) {
    if (agent != null) {
      return agent.resume(client, pending, answer, cancel);
    }
    List<Message> history = TranscriptMaps.fromList(transcript);
    RunOptions run = RunOptions.of(toolkit).withHistory(history).withCancel(cancel);
    RunOptions options = timeout == null ? run : run.withTimeout(timeout);
    ConversationStore conversations = client.store();
    if (conversations.get(context).isEmpty()) {
      return client.runWithAnswer(options, pending, answer);
    }
    return conversations.exclusive(
        context,
        () -> {
          RunResult r = client.runWithAnswer(options, pending, answer);
          conversations.save(context, r.messages());
          return r;
        });
  }

  /** Requires {@code task} to wait for input, in the context {@code in} names (if any). */
  static void checkResumable(Incoming in, A2aTask task) {
    String id = task.id();
    if (in.contextId() != null && !in.contextId().equals(task.contextId())) {
      throw RpcError.invalidParams(
          "task " + id + " belongs to context " + task.contextId() + ", not " + in.contextId());
    }
    if (!task.state().isInterrupted()) {
      throw new RpcError(
          Wire.UNSUPPORTED_OPERATION,
          "task " + id + " is " + task.state() + " and takes no message now");
    }
    if (task.pending() == null || task.transcript() == null) {
      throw new RpcError(-32603, "task " + id + " has no halted run to resume");
    }
  }

  /**
   * The answer's data: the message text as {@code text} (and as {@code answers[0]} for a question),
   * then the message's data parts merged over it.
   */
  static Map<String, Object> answerData(Incoming in, Request pending) {
    Map<String, Object> data = new LinkedHashMap<>();
    if (!in.text().isEmpty()) {
      data.put("text", in.text());
      if ("question".equals(pending.kind())) {
        data.put("answers", List.of(in.text()));
      }
    }
    data.putAll(in.data());
    return data;
  }
}
