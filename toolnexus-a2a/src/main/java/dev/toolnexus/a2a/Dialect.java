package dev.toolnexus.a2a;

/**
 * The JSON-RPC dialect a remote agent speaks, read from its agent card. Real peers speak either
 * protocol v1.0 or v0.3; other toolnexus ports speak a hybrid of the two.
 */
public enum Dialect {
  /**
   * Protocol v1.0: {@code SendMessage}/{@code GetTask}/{@code CancelTask}, an {@code A2A-Version:
   * 1.0} header, {@code TASK_STATE_*} states, {@code ROLE_*} roles and parts {@code {text}}.
   */
  V1_0,
  /**
   * Protocol v0.3: {@code message/send}/{@code tasks/get}/{@code tasks/cancel}, lowercase states
   * and parts {@code {kind:"text", text}}.
   */
  V0_3,
  /**
   * The toolnexus dialect: v1.0 method names with v0.3 shapes and no version header, used once a
   * v0.3 card's agent answers {@code message/send} with "method not found".
   */
  TOOLNEXUS
}
