package dev.toolnexus.agents;

import java.util.Objects;

/**
 * One unsolicited item waiting in a handle's inbox: a message, a timer tick or an external event.
 * Items enter the agent only as part of a fresh turn, rendered with where they came from.
 *
 * @param from the sending handle's id, {@code external}, or {@code clock} for timer ticks
 * @param channel how it arrived, for example {@code peer}, {@code timer} or {@code external}
 * @param text the content
 */
public record InboxItem(String from, String channel, String text) {

  /** The sender of items from outside the handle tree. */
  public static final String EXTERNAL = "external";

  /** The sender of timer ticks. */
  public static final String CLOCK = "clock";

  /** The channel of timer ticks (several ticks in one inbox become one counted entry). */
  public static final String TIMER = "timer";

  /** Requires every field. */
  public InboxItem {
    Objects.requireNonNull(from, "from");
    Objects.requireNonNull(channel, "channel");
    Objects.requireNonNull(text, "text");
  }

  /** An item from outside the tree on the {@code external} channel. */
  public static InboxItem external(String text) {
    return new InboxItem(EXTERNAL, EXTERNAL, text);
  }

  /** A timer tick from the runtime's clock. */
  public static InboxItem tick() {
    return new InboxItem(CLOCK, TIMER, "tick");
  }
}
