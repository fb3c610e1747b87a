package dev.toolnexus.client.compaction;

import dev.toolnexus.client.Hooks;
import dev.toolnexus.client.Message;
import dev.toolnexus.client.Message.SystemMessage;
import dev.toolnexus.client.Message.UserMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.ToLongFunction;

/**
 * Keeps a long conversation under a token budget: when the transcript's estimate exceeds {@code
 * maxTokens}, the older messages are replaced by one summary and a recent tail is kept as it is. It
 * is a plain {@code messages → messages} function ({@link #compact}) and a {@code beforeLLM} hook
 * (hand it to {@code ClientOptions.Builder#hooks}, compose it with others through {@link Hooks#of},
 * or attach it to one agent); it adds nothing else to the loop.
 *
 * <pre>{@code
 * Compactor compactor = Compactor.builder(120_000)
 *     .summarize(Summarizer.using(chatModel, "gpt-6-luna"))
 *     .build();
 * LlmClient client = LlmClient.create(options.toBuilder().hooks(compactor).build());
 * }</pre>
 *
 * <p>The compacted transcript is the leading system prompt (unchanged), one system message {@code
 * [Summary of earlier conversation]\n<summary>}, the memory reminder when {@code flushToMemory} is
 * on, then the tail. The tail always begins at a user turn, so no tool result is ever separated
 * from the call it answers in any wire style, and a request always keeps a user turn: it is the
 * longest such tail within {@code keepTail}, else the most recent user turn; a transcript with no
 * user turn after its first message is left as it is.
 */
public final class Compactor implements Hooks {
  /** What the summary system message starts with; a host can find a compaction by it. */
  public static final String SUMMARY_PREFIX = "[Summary of earlier conversation]\n";

  /** The system reminder placed before the tail when {@code flushToMemory} is on. */
  public static final String FLUSH_REMINDER =
      "Older messages of this conversation were just replaced by a summary. Save any durable facts"
          + " you still need from them (about the user, the task, decisions made) with the memory"
          + " tool before you go on.";

  private final long maxTokens;
  private final long keepTail;
  private final Summarizer summarizer;
  private final ToLongFunction<List<Message>> countTokens;
  private final boolean flushToMemory;

  private Compactor(Builder b) {
    this.maxTokens = b.maxTokens;
    this.keepTail = b.keepTail >= 0 ? b.keepTail : b.maxTokens / 2;
    this.summarizer = b.summarizer;
    this.countTokens = b.countTokens;
    this.flushToMemory = b.flushToMemory;
  }

  /**
   * A builder for a compactor that acts once a transcript's estimate exceeds {@code maxTokens}.
   *
   * @throws IllegalArgumentException when {@code maxTokens} is negative
   */
  public static Builder builder(long maxTokens) {
    if (maxTokens < 0) {
      throw new IllegalArgumentException("maxTokens must be 0 or more, got " + maxTokens);
    }
    return new Builder(maxTokens);
  }

  /** The budget: at or below it a transcript is left as it is. */
  public long maxTokens() {
    return maxTokens;
  }

  /** How many tokens of the most recent messages are kept when the transcript is compacted. */
  public long keepTail() {
    return keepTail;
  }

  /** Whether a compaction reminds the model to save durable facts with the memory tool. */
  public boolean flushToMemory() {
    return flushToMemory;
  }

  /**
   * The compacted transcript, or {@code messages} itself when it is within budget or has no user
   * turn to keep the tail from. Each message is estimated once, so the cost is linear in the
   * transcript; a custom {@code countTokens} is asked once for the whole transcript and once per
   * message.
   */
  public List<Message> compact(List<Message> messages) {
    Objects.requireNonNull(messages, "messages");
    int n = messages.size();
    long[] cost = new long[n];
    long sum = 0;
    for (int i = 0; i < n; i++) {
      cost[i] = countTokens == null ? TokenEstimator.estimate(messages.get(i)) : per(messages, i);
      sum += cost[i];
    }
    long total = countTokens == null ? sum : countTokens.applyAsLong(messages);
    if (total <= maxTokens) {
      return messages;
    }
    int head = n > 0 && messages.get(0) instanceof SystemMessage ? 1 : 0;
    int split = tailStart(messages, cost, head);
    if (split < 0) {
      return messages;
    }
    List<Message> out = new ArrayList<>(head + 2 + n - split);
    out.addAll(messages.subList(0, head));
    out.add(
        new SystemMessage(
            SUMMARY_PREFIX + summarizer.summarize(List.copyOf(messages.subList(head, split)))));
    if (flushToMemory) {
      out.add(new SystemMessage(FLUSH_REMINDER));
    }
    out.addAll(messages.subList(split, n));
    return out;
  }

  private long per(List<Message> messages, int i) {
    return countTokens.applyAsLong(List.of(messages.get(i)));
  }

  /**
   * Where the kept tail begins: the earliest user turn after the head whose tail (with a running
   * sum) stays within {@code keepTail}; else the most recent user turn; -1 when there is none. A
   * user turn never carries a tool result in this transcript (tool results are their own messages),
   * which is what makes every user turn a safe place to cut.
   */
  private int tailStart(List<Message> messages, long[] cost, int head) {
    int split = -1;
    long tail = 0;
    for (int i = messages.size() - 1; i > head; i--) {
      tail += cost[i];
      if (tail > keepTail) {
        break;
      }
      if (messages.get(i) instanceof UserMessage) {
        split = i;
      }
    }
    if (split >= 0) {
      return split;
    }
    for (int i = messages.size() - 1; i > head; i--) {
      if (messages.get(i) instanceof UserMessage) {
        return i;
      }
    }
    return -1;
  }

  /** Replaces the working transcript with its compaction when it is over budget; else nothing. */
  @Override
  public LlmOverride beforeLLM(LlmRequestEvent event) {
    List<Message> compacted = compact(event.messages());
    return compacted == event.messages() ? null : LlmOverride.messages(compacted);
  }

  /** Options of a {@link Compactor}; {@code summarize} is required. */
  public static final class Builder {
    private final long maxTokens;
    private long keepTail = -1;
    private Summarizer summarizer;
    private ToLongFunction<List<Message>> countTokens;
    private boolean flushToMemory;

    private Builder(long maxTokens) {
      this.maxTokens = maxTokens;
    }

    /** Keep at least this many tokens of the most recent messages; half of maxTokens if unset. */
    public Builder keepTail(long value) {
      if (value < 0) {
        throw new IllegalArgumentException("keepTail must be 0 or more, got " + value);
      }
      this.keepTail = value;
      return this;
    }

    /** How the older messages become a summary (required); see {@link Summarizer#using}. */
    public Builder summarize(Summarizer value) {
      this.summarizer = Objects.requireNonNull(value, "summarize");
      return this;
    }

    /**
     * A token counter for a list of messages, in place of {@link TokenEstimator} (for example a
     * real tokenizer).
     */
    public Builder countTokens(ToLongFunction<List<Message>> value) {
      this.countTokens = Objects.requireNonNull(value, "countTokens");
      return this;
    }

    /** Remind the model to save durable facts with the memory tool before a compaction. */
    public Builder flushToMemory(boolean value) {
      this.flushToMemory = value;
      return this;
    }

    /**
     * The compactor.
     *
     * @throws IllegalStateException when no summarizer was given
     */
    public Compactor build() {
      if (summarizer == null) {
        throw new IllegalStateException("a compactor needs summarize(...) to write the summary");
      }
      return new Compactor(this);
    }
  }
}
