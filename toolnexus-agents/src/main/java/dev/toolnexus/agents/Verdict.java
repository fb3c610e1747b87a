package dev.toolnexus.agents;

/**
 * What a completion check decides about a finished run: accepted, or refused with the reason the
 * agent is sent back with.
 *
 * @param ok whether the work checks out
 * @param reason why it does not; empty when {@code ok}
 */
public record Verdict(boolean ok, String reason) {

  /** Normalises a missing reason: empty when accepted, {@code unspecified} when refused. */
  public Verdict {
    reason = reason == null || reason.isBlank() ? (ok ? "" : "unspecified") : reason;
  }

  /** The work checks out. */
  public static Verdict pass() {
    return new Verdict(true, "");
  }

  /** The work does not check out, for {@code reason}. */
  public static Verdict fail(String reason) {
    return new Verdict(false, reason);
  }
}
