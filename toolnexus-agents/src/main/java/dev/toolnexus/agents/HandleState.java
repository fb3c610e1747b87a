package dev.toolnexus.agents;

/**
 * Where a handle is in its life: {@code idle → running → idle | suspended | closed}; a suspended
 * handle runs again only through the answer to its pending request.
 */
public enum HandleState {
  /** Waiting for a wake; posts buffer in its inbox. */
  IDLE("idle"),
  /** A turn is in flight. */
  RUNNING("running"),
  /** Parked on a request nobody in its chain could answer. */
  SUSPENDED("suspended"),
  /** Closed for good; its final state stays readable. */
  CLOSED("closed");

  private final String value;

  HandleState(String value) {
    this.value = value;
  }

  /** The lowercase spelling used in traces: {@code idle}, {@code running}, ... */
  public String value() {
    return value;
  }

  @Override
  public String toString() {
    return value;
  }
}
