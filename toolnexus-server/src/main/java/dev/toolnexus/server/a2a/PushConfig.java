package dev.toolnexus.server.a2a;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.toolnexus.a2a.Dialect;
import java.util.Objects;

/**
 * Where a caller asked to be told about one task's changes: a webhook the server POSTs each update
 * to, in the dialect the caller spoke when it set the webhook. Kept on the task, so a store that
 * persists keeps it across restarts. {@link #toString()} never shows the token or the credentials.
 *
 * @param id the configuration's id, unique within its task
 * @param url the webhook, an {@code http(s)} URL the server checked when it was set
 * @param token sent back as {@code X-A2A-Notification-Token} so the receiver can tell the
 *     notification is for it; null for none
 * @param scheme the HTTP authentication scheme of the {@code Authorization} header (e.g. {@code
 *     Bearer}); null for none
 * @param credentials what follows the scheme in the {@code Authorization} header; null for none
 * @param dialect how each notification is shaped: v1.0 sends stream events ({@code statusUpdate},
 *     {@code artifactUpdate}), v0.3 and the toolnexus dialect send the whole task
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"id", "url", "token", "scheme", "credentials", "dialect"})
public record PushConfig(
    String id, String url, String token, String scheme, String credentials, Dialect dialect) {

  /** Requires the id, URL and dialect. */
  public PushConfig {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(url, "url");
    Objects.requireNonNull(dialect, "dialect");
  }

  /**
   * Shows the id, the URL without its query and the dialect; the token and the credentials appear
   * only as set or not.
   */
  @Override
  public String toString() {
    int query = url.indexOf('?');
    return "PushConfig[id="
        + id
        + ", url="
        + (query < 0 ? url : url.substring(0, query) + "?(hidden)")
        + ", token="
        + (token == null ? "none" : "(set)")
        + ", scheme="
        + scheme
        + ", credentials="
        + (credentials == null ? "none" : "(set)")
        + ", dialect="
        + dialect
        + "]";
  }
}
