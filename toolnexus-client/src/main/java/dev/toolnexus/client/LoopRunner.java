package dev.toolnexus.client;

import dev.toolnexus.Answer;
import dev.toolnexus.CancelToken;
import dev.toolnexus.Request;
import dev.toolnexus.Toolkit;
import dev.toolnexus.client.Message.SystemMessage;
import dev.toolnexus.client.Message.UserMessage;
import dev.toolnexus.client.internal.DurableResume;
import dev.toolnexus.client.internal.GenerateModel;
import dev.toolnexus.client.internal.HttpChatModel;
import dev.toolnexus.client.internal.KeyedLocks;
import dev.toolnexus.client.internal.RunContext;
import dev.toolnexus.client.internal.RunLoop;
import dev.toolnexus.client.internal.Transcripts;
import dev.toolnexus.client.internal.TypedAnswers;
import dev.toolnexus.client.memory.ConversationStore;
import dev.toolnexus.time.Scheduler;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * How a client runs its loop: on the caller's thread, on a worker, streamed, with a conversation's
 * memory, or resumed from a halted run. {@link LlmClient} is the public face; this keeps the
 * mechanics (timeouts, cancellation, stores, event delivery) in one place.
 */
final class LoopRunner {
  private final ClientOptions options;
  private final ClientOptions runtime;
  private final ChatModel chatModel;
  private final KeyedLocks conversations;
  private volatile SystemMessage lastSystem;

  LoopRunner(
      ClientOptions options, ClientOptions runtime, ChatModel chatModel, KeyedLocks conversations) {
    this.options = options;
    this.runtime = runtime;
    this.chatModel = chatModel;
    this.conversations = conversations;
  }

  /** A run with the conversation's memory when the ask has an id, else a plain run. */
  RunResult ask(String prompt, AskOptions ask) {
    return ask(prompt, ask, null);
  }

  /** {@link #ask(String, AskOptions)} asking for a typed answer of {@code output} (null: text). */
  RunResult ask(String prompt, AskOptions ask, Class<?> output) {
    RunOptions ro = runOptionsOf(ask).withOutput(output);
    if (ask.id() == null) {
      return runOrStream(prompt, ro, ask.onText(), null);
    }
    ConversationStore store = storeOf(ask);
    return conversations.with(
        ask.id(),
        () ->
            store.exclusive(
                ask.id(),
                () -> {
                  AtomicReference<RunLoop> loop = new AtomicReference<>();
                  List<Message> history = store.get(ask.id()).orElse(List.of());
                  RunResult r =
                      runOrStream(prompt, ro.withHistory(history), ask.onText(), loop::set);
                  save(store, ask.id(), r, kept(ask, r, loop.get()));
                  return r;
                }));
  }

  /** A streamed ask on a conversation id: the transcript is saved before {@code done} is seen. */
  RunStream streamAsk(String prompt, AskOptions ask) {
    refuseStreamingWhenUnsupported();
    CancelToken token = ask.cancel().child();
    RunStream stream = new RunStream(token);
    RunOptions ro = runOptionsOf(ask).withCancel(token);
    ConversationStore store = storeOf(ask);
    AtomicReference<RunLoop> loop = new AtomicReference<>();
    options
        .executor()
        .execute(
            () -> {
              try {
                conversations.with(
                    ask.id(),
                    () ->
                        store.exclusive(
                            ask.id(),
                            () -> {
                              List<Message> history = store.get(ask.id()).orElse(List.of());
                              return execute(
                                  UserMessage.of(prompt),
                                  ro.withHistory(history),
                                  e -> {
                                    if (e instanceof StreamEvent.Done d) {
                                      save(
                                          store,
                                          ask.id(),
                                          d.result(),
                                          kept(ask, d.result(), loop.get()));
                                    }
                                    stream.emit(e);
                                  },
                                  loop::set);
                            }));
                stream.end();
              } catch (Throwable t) {
                stream.fail(t);
              }
            });
    return stream;
  }

  /** The ask's run options: a compactor runs after the client's own hooks. */
  private RunOptions runOptionsOf(AskOptions ask) {
    RunOptions ro = ask.runOptions();
    if (ask.compactor() == null) {
      return ro;
    }
    List<Hooks> hooks = new ArrayList<>(options.hooks());
    hooks.add(ask.compactor());
    return ro.withHooks(hooks.toArray(Hooks[]::new));
  }

  /**
   * What the store keeps of a run: its transcript, or with a compactor the conversation as it
   * happened (the loop's transcript without the rewrites of beforeLLM hooks).
   */
  private static List<Message> kept(AskOptions ask, RunResult r, RunLoop loop) {
    return ask.compactor() == null || loop == null ? r.messages() : loop.unrewritten();
  }

  private ConversationStore storeOf(AskOptions ask) {
    return ask.store() != null ? ask.store() : options.store();
  }

  private static void save(
      ConversationStore store, String id, RunResult result, List<Message> messages) {
    store.save(id, result.status() == RunStatus.PENDING ? messages : Transcripts.balance(messages));
  }

  private RunResult runOrStream(
      String prompt, RunOptions ro, Consumer<String> onText, Consumer<RunLoop> onLoop) {
    if (onText == null) {
      return execute(UserMessage.of(prompt), ro, null, onLoop);
    }
    refuseStreamingWhenUnsupported();
    ReentrantLock lock = new ReentrantLock(); // onText is never called concurrently
    return execute(
        UserMessage.of(prompt),
        ro,
        e -> {
          if (e instanceof StreamEvent.Text t) {
            lock.lock();
            try {
              onText.accept(t.delta());
            } finally {
              lock.unlock();
            }
          }
        },
        onLoop);
  }

  /** Runs {@code body} on a worker; cancelling the future cancels the run. */
  CompletableFuture<RunResult> async(RunOptions runOptions, Function<RunOptions, RunResult> body) {
    CancelToken token = runOptions.cancel().child();
    RunOptions ro = runOptions.withCancel(token);
    CompletableFuture<RunResult> future = new CompletableFuture<>();
    options
        .executor()
        .execute(
            () -> {
              try {
                future.complete(body.apply(ro));
              } catch (Throwable t) {
                future.completeExceptionally(t);
              }
            });
    future.whenComplete(
        (r, t) -> {
          if (future.isCancelled()) {
            token.cancel("cancelled");
          }
        });
    return future;
  }

  /** A run streamed from a worker; closing the stream cancels it. */
  RunStream stream(UserMessage prompt, RunOptions runOptions) {
    refuseStreamingWhenUnsupported();
    CancelToken token = runOptions.cancel().child();
    RunStream stream = new RunStream(token);
    RunOptions ro = runOptions.withCancel(token);
    options
        .executor()
        .execute(
            () -> {
              try {
                execute(prompt, ro, stream::emit);
                stream.end();
              } catch (Throwable t) {
                stream.fail(t);
              }
            });
    return stream;
  }

  /** A run streamed on the calling thread, each event handed to {@code listener} one at a time. */
  RunResult stream(UserMessage prompt, RunOptions runOptions, Consumer<StreamEvent> listener) {
    refuseStreamingWhenUnsupported();
    ReentrantLock lock = new ReentrantLock();
    return execute(
        prompt,
        runOptions,
        e -> {
          lock.lock();
          try {
            listener.accept(e);
          } finally {
            lock.unlock();
          }
        });
  }

  void refuseStreamingWhenUnsupported() {
    if (!chatModel.streams()) {
      throw new UnsupportedOperationException(
          chatModel instanceof GenerateModel
              ? "an in-process client cannot stream: generate returns a whole answer"
              : "this client's model cannot stream: its ChatModel.streams() is false");
    }
  }

  /** Continues a run halted on {@code pending} with the host's {@code answer}. */
  RunResult resume(RunOptions runOptions, Request pending, Answer answer) {
    DurableResume plan = DurableResume.plan(runOptions.history(), pending, answer);
    return withContext(
        runOptions.applyTo(runtime),
        runOptions,
        null,
        plan.history(),
        ctx -> new RunLoop(ctx, chatModel, plan.history(), false).run(plan::apply));
  }

  RunResult execute(UserMessage prompt, RunOptions runOptions, Consumer<StreamEvent> events) {
    return execute(prompt, runOptions, events, null);
  }

  /** Runs the loop; {@code onLoop}, when set, is handed the loop before it starts. */
  private RunResult execute(
      UserMessage prompt,
      RunOptions runOptions,
      Consumer<StreamEvent> events,
      Consumer<RunLoop> onLoop) {
    ClientOptions settings = runOptions.applyTo(runtime);
    List<Message> transcript = new ArrayList<>(runOptions.history());
    if (transcript.isEmpty()) {
      String system = systemPrompt(settings, runOptions.toolkit());
      if (!system.isEmpty()) {
        transcript.add(systemMessage(system));
      }
    }
    transcript.add(prompt);
    return withContext(
        settings,
        runOptions,
        events,
        transcript,
        ctx -> {
          RunLoop loop = new RunLoop(ctx, chatModel, transcript, events != null);
          if (onLoop != null) {
            onLoop.accept(loop);
          }
          return loop.run();
        });
  }

  private RunResult withContext(
      ClientOptions settings,
      RunOptions runOptions,
      Consumer<StreamEvent> events,
      List<Message> transcript,
      Function<RunContext, RunResult> body) {
    CancelToken token = runOptions.cancel().child();
    Duration timeout = runOptions.timeout() != null ? runOptions.timeout() : options.timeout();
    Instant deadline = timeout == null ? null : settings.clock().instant().plus(timeout);
    Scheduler.Timer timer =
        timeout == null
            ? null
            : settings.scheduler().schedule(timeout, () -> token.cancel(RunLimit.TIMEOUT.value()));
    // a type that cannot be an answer is refused before anything is sent
    TypedAnswers typed =
        runOptions.output() == null
            ? null
            : TypedAnswers.of(runOptions.output(), style(settings), settings.model());
    RunObserver.Run observed = startObserving(settings, transcript);
    try {
      RunContext ctx =
          new RunContext(
              settings,
              settings.hooks().isEmpty() ? null : Hooks.of(settings.hooks().toArray(Hooks[]::new)),
              runOptions.toolkit(),
              token,
              deadline,
              events == null ? e -> {} : events,
              observed,
              typed);
      return observed == null ? body.apply(ctx) : observe(observed, () -> body.apply(ctx));
    } finally {
      if (timer != null) {
        timer.cancel();
      }
    }
  }

  /** The wire style of the run's model; null for a model that is not an HTTP one. */
  private Style style(ClientOptions settings) {
    if (settings.modelOptions() != null) {
      return settings.modelOptions().style();
    }
    return chatModel instanceof HttpChatModel h ? h.options().style() : null;
  }

  private static RunObserver.Run startObserving(ClientOptions settings, List<Message> transcript) {
    if (settings.observer() == null) {
      return null;
    }
    ModelOptions wire = settings.modelOptions();
    return settings
        .observer()
        .startRun(
            new RunObserver.RunInfo(
                wire == null ? null : wire.style(),
                wire == null ? null : wire.baseUrl(),
                settings.model(),
                transcript));
  }

  private static RunResult observe(RunObserver.Run run, Supplier<RunResult> body) {
    RunResult result;
    try {
      result = run.within(body);
    } catch (RuntimeException | Error e) {
      run.end(null, e);
      throw e;
    }
    run.end(result, null);
    return result;
  }

  /**
   * The system message for this text: the one made last time when the text is the same, so the wire
   * cache, which keys on the message object, serialises it once rather than once per run.
   */
  private SystemMessage systemMessage(String text) {
    SystemMessage last = lastSystem;
    if (last != null && last.content().equals(text)) {
      return last;
    }
    SystemMessage made = new SystemMessage(text);
    lastSystem = made;
    return made;
  }

  /** {@code systemPrompt + "\n\n" + skillsPrompt()}, leaving out empty parts. */
  static String systemPrompt(ClientOptions settings, Toolkit toolkit) {
    String a = settings.systemPrompt() == null ? "" : settings.systemPrompt();
    String b = toolkit.skillsPrompt() == null ? "" : toolkit.skillsPrompt();
    if (a.isEmpty()) {
      return b;
    }
    return b.isEmpty() ? a : a + "\n\n" + b;
  }
}
