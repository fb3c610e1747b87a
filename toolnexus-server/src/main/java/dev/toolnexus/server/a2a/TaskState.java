package dev.toolnexus.server.a2a;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * The life of a served A2A task. Stored and serialised in the v0.3 spelling ({@code
 * input-required}); the v1.0 spelling ({@code TASK_STATE_INPUT_REQUIRED}) is what {@link #v1()}
 * gives.
 */
public enum TaskState {
  /** Accepted, not started yet. */
  SUBMITTED("submitted"),
  /** The run is in progress. */
  WORKING("working"),
  /** The run halted on a question; a follow-up message on the same task answers it. */
  INPUT_REQUIRED("input-required"),
  /** The run halted on an authorization; a follow-up message on the same task answers it. */
  AUTH_REQUIRED("auth-required"),
  /** The run answered; the answer is the task's artifact. */
  COMPLETED("completed"),
  /** The run failed; the error is the status message. */
  FAILED("failed"),
  /** The task was canceled. */
  CANCELED("canceled"),
  /** The agent refused the task. */
  REJECTED("rejected");

  private final String value;

  TaskState(String value) {
    this.value = value;
  }

  /** The v0.3 spelling, for example {@code input-required}; also the stored form. */
  @JsonValue
  public String value() {
    return value;
  }

  /** The v1.0 spelling, for example {@code TASK_STATE_INPUT_REQUIRED}. */
  public String v1() {
    return "TASK_STATE_" + name();
  }

  /** Whether the task never changes again. */
  public boolean isTerminal() {
    return this == COMPLETED || this == FAILED || this == CANCELED || this == REJECTED;
  }

  /** Whether the task waits for a follow-up message. */
  public boolean isInterrupted() {
    return this == INPUT_REQUIRED || this == AUTH_REQUIRED;
  }

  /**
   * The state named in either spelling ({@code input-required} or {@code
   * TASK_STATE_INPUT_REQUIRED}; {@code cancelled} reads as canceled).
   *
   * @throws IllegalArgumentException naming the unknown state
   */
  @JsonCreator
  public static TaskState of(String name) {
    if (name != null) {
      String bare = name.startsWith("TASK_STATE_") ? name.substring("TASK_STATE_".length()) : name;
      String v = bare.toLowerCase(Locale.ROOT).replace('_', '-');
      if (v.equals("cancelled")) {
        v = "canceled";
      }
      for (TaskState s : values()) {
        if (s.value.equals(v)) {
          return s;
        }
      }
    }
    throw new IllegalArgumentException("unknown A2A task state: " + name);
  }

  @Override
  public String toString() {
    return value;
  }
}
