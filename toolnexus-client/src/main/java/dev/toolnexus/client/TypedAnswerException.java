package dev.toolnexus.client;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The model's typed answer did not fit the requested type, even after one repair turn: the problems
 * name each field that is wrong, and the answer text is kept for the caller to inspect or log.
 */
public final class TypedAnswerException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** The type asked for; kept by name so the exception stays serializable. */
  private final String type;

  /** The last answer text the model gave. */
  private final String answer;

  /** What is wrong with it, one entry per problem. */
  private final ArrayList<String> problems;

  /**
   * An answer that does not fit.
   *
   * @param type the type asked for
   * @param answer the last answer text
   * @param problems what is wrong with it, each naming the field
   */
  public TypedAnswerException(Class<?> type, String answer, List<String> problems) {
    super(
        "the model's answer is not a valid "
            + type.getSimpleName()
            + " after one repair turn: "
            + String.join("; ", problems));
    this.type = type.getName();
    this.answer = answer;
    this.problems = new ArrayList<>(problems);
  }

  /** The class name of the type asked for. */
  public String type() {
    return type;
  }

  /** The last answer text the model gave. */
  public String answer() {
    return answer;
  }

  /** What is wrong with the answer, each naming the field. */
  public List<String> problems() {
    return Collections.unmodifiableList(problems);
  }
}
