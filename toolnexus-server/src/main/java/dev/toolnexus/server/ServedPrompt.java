package dev.toolnexus.server;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A prompt the server offers besides its tools: listed by {@code prompts/list} and rendered by
 * {@code prompts/get} with the arguments the client gives. A missing required argument is refused
 * before the renderer runs.
 *
 * @param name the prompt's name, unique among the served prompts
 * @param title a human-readable title; null for none
 * @param description what it is for; null for none
 * @param arguments the arguments it takes
 * @param renderer turns the arguments into messages
 * @param completer suggests argument values for {@code completion/complete}; null for none
 */
public record ServedPrompt(
    String name,
    String title,
    String description,
    List<Argument> arguments,
    Renderer renderer,
    ArgumentCompleter completer) {

  /**
   * One argument of a prompt.
   *
   * @param name its name
   * @param description what to give; null for none
   * @param required whether {@code prompts/get} must give it
   */
  public record Argument(String name, String description, boolean required) {
    /** Requires the name. */
    public Argument {
      ServedResource.required(name, "a prompt argument's name");
    }
  }

  /** Renders a prompt. */
  @FunctionalInterface
  public interface Renderer {
    /**
     * The prompt's messages.
     *
     * @param arguments the arguments given (every required one is present)
     * @return the messages, in order
     * @throws IllegalArgumentException when an argument's value is unusable (answered as invalid
     *     params with its message)
     */
    List<PromptMessage> render(Map<String, String> arguments);
  }

  /** Requires the name and the renderer; freezes the arguments. */
  public ServedPrompt {
    name = ServedResource.required(name, "a prompt's name");
    arguments = arguments == null ? List.of() : List.copyOf(arguments);
    Objects.requireNonNull(renderer, "renderer of prompt " + name);
  }

  /** A prompt with no title or completer. */
  public static ServedPrompt of(
      String name, String description, List<Argument> arguments, Renderer renderer) {
    return new ServedPrompt(name, null, description, arguments, renderer, null);
  }

  /** This prompt with a completer for its arguments. */
  public ServedPrompt withCompleter(ArgumentCompleter value) {
    return new ServedPrompt(name, title, description, arguments, renderer, value);
  }

  /** This prompt with a title. */
  public ServedPrompt withTitle(String value) {
    return new ServedPrompt(name, value, description, arguments, renderer, completer);
  }
}
