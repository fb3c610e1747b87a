package dev.toolnexus.agents;

/** Why a handle was closed, as its definition's {@code onClose} callback is told. */
public enum CloseReason {
  /** A graceful close. */
  CLOSED,
  /** A forced close that aborted a running turn. */
  INTERRUPTED,
  /** A budget ran out. */
  BUDGET,
  /** The handle failed. */
  ERROR
}
