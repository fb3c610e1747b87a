package dev.toolnexus.client;

import dev.toolnexus.Adapters;
import dev.toolnexus.Tool;
import dev.toolnexus.client.internal.GenerateModel;
import dev.toolnexus.client.internal.HttpChatModel;
import dev.toolnexus.client.internal.PartGate;
import java.util.List;
import java.util.Map;

/**
 * One model call, the seam between the loop and a model: a transcript and tool declarations in, one
 * assistant message out. {@link LlmClient} (its loop, {@code ask}, {@code stream} and {@code
 * translate}) runs on any implementation: {@link #http} speaks the OpenAI, Anthropic and Gemini
 * wires, {@link #inProcess} wraps a host {@link Generate}, and a local model library plugs in by
 * implementing {@link #call}.
 *
 * <pre>{@code
 * ChatModel echo = request -> ChatResponse.text("you said " + request.messages().size() + " things");
 * LlmClient client = LlmClient.create(ClientOptions.builder().model("echo").chatModel(echo).build());
 * }</pre>
 *
 * <p>Implementations are thread-safe: one instance serves concurrent runs. A call observes {@link
 * ChatRequest#cancel()} (throwing {@link java.util.concurrent.CancellationException} when it fires)
 * and fails with {@link LlmException} (or any unchecked exception), which fails the run.
 */
@FunctionalInterface
public interface ChatModel {

  /**
   * Makes one call. When {@link ChatRequest#onText()} is set and {@link #streams()} is true, text
   * deltas go to it as they are generated; the returned message holds the whole text either way.
   */
  ChatResponse call(ChatRequest request);

  /**
   * The tool declarations this model takes, in its own shape; OpenAI function tools by default.
   * Hooks see (and may replace) this list before each call.
   */
  default List<Map<String, Object>> declare(List<Tool> tools) {
    return Adapters.toOpenAI(tools);
  }

  /**
   * Whether {@link #call} streams text deltas to {@link ChatRequest#onText()}; false by default,
   * and a client refuses to stream on a model that does not.
   */
  default boolean streams() {
    return false;
  }

  /**
   * A model over HTTP in one of the three wire styles, with these wire settings (endpoint, key,
   * headers, transport, timeouts, retries, body shaping).
   *
   * @throws IllegalArgumentException when no API key is configured or found for a remote endpoint
   */
  static ChatModel http(ModelOptions options) {
    return new HttpChatModel(options);
  }

  /**
   * A model answered in process by {@code generate}: OpenAI-shaped messages in, one assistant
   * message out; it cannot stream.
   */
  static ChatModel inProcess(Generate generate) {
    return new GenerateModel(generate, new PartGate(UnsupportedParts.BY_PROVENANCE, 0));
  }
}
