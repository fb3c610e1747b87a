package dev.toolnexus.classifier;

import dev.toolnexus.client.ChatModel;
import dev.toolnexus.client.LlmClient;
import dev.toolnexus.client.LlmTransport;
import dev.toolnexus.client.retry.RetryDecision;
import dev.toolnexus.client.retry.RetryInfo;
import dev.toolnexus.client.retry.Sleeper;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * How a {@link Classifier} reaches its backend. Mirrors the client's options wherever a field makes
 * sense; build with {@link #builder()}, whose defaults are the hosted backend's.
 *
 * @param style which backend answers
 * @param baseUrl the hosted endpoint base; the request goes to {@code {baseUrl}/systemone}
 * @param model the model asked (for {@link ClassifierStyle#LLM}, the chat model id)
 * @param apiKeyEnv the name of the environment variable holding the bearer credential, read at call
 *     time; never the credential itself
 * @param headers extra headers whose values expand {@code ${ENV}} at call time and are never logged
 * @param env reads environment variables; {@link System#getenv(String)} by default
 * @param transport sends each HTTP request; null for a JDK client
 * @param timeout bounds one request
 * @param retries retries after the first attempt
 * @param retryBase the backoff base: attempt n waits {@code base * 2^n}, no jitter
 * @param retryableStatuses statuses added to the retryable set (never removed from it)
 * @param onError decides each failed attempt; null retries exactly the retryable ones
 * @param sleeper waits between attempts
 * @param requestParams top-level keys merged into the body; a key here wins on collision
 * @param bodyTransform receives the merged body and returns the body to send; null for none
 * @param onMetric receives every {@link ClassifierEvent}; null for none
 * @param chatModel the model of {@link ClassifierStyle#LLM}
 * @param evaluator the function of {@link ClassifierStyle#CUSTOM}
 * @param decisions the corpus of {@link ClassifierStyle#STATIC}
 */
public record ClassifierOptions(
    ClassifierStyle style,
    String baseUrl,
    String model,
    String apiKeyEnv,
    Map<String, String> headers,
    UnaryOperator<String> env,
    LlmTransport transport,
    Duration timeout,
    int retries,
    Duration retryBase,
    Set<Integer> retryableStatuses,
    Function<RetryInfo, RetryDecision> onError,
    Sleeper sleeper,
    Map<String, Object> requestParams,
    UnaryOperator<Map<String, Object>> bodyTransform,
    Consumer<ClassifierEvent> onMetric,
    ChatModel chatModel,
    Evaluator evaluator,
    List<RecordedDecision> decisions) {

  /** The hosted endpoint base. */
  public static final String DEFAULT_BASE_URL = "https://api.typesafe.ai/v1";

  /** The floating model alias; pin a version once thresholds are tuned. */
  public static final String DEFAULT_MODEL = "jev-latest";

  /** The name of the variable holding the credential. */
  public static final String DEFAULT_API_KEY_ENV = "TYPESAFE_API_KEY";

  /** The default bound on one request: 10 seconds. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);

  /** The default number of retries. */
  public static final int DEFAULT_RETRIES = 2;

  /** The default backoff base: 500 ms. */
  public static final Duration DEFAULT_RETRY_BASE = Duration.ofMillis(500);

  /** Normalises defaults and copies the collections. */
  public ClassifierOptions {
    style = style == null ? ClassifierStyle.SYSTEMONE : style;
    baseUrl = baseUrl == null ? DEFAULT_BASE_URL : baseUrl;
    model = model == null ? DEFAULT_MODEL : model;
    apiKeyEnv = apiKeyEnv == null ? DEFAULT_API_KEY_ENV : apiKeyEnv;
    headers =
        headers == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(headers));
    env = env == null ? System::getenv : env;
    timeout = timeout == null ? DEFAULT_TIMEOUT : timeout;
    if (retries < 0) {
      throw new IllegalArgumentException("retries must be 0 or more, got " + retries);
    }
    retryBase =
        retryBase == null || retryBase.isZero() || retryBase.isNegative()
            ? DEFAULT_RETRY_BASE
            : retryBase;
    retryableStatuses =
        retryableStatuses == null
            ? Set.of()
            : Collections.unmodifiableSet(new TreeSet<>(retryableStatuses));
    sleeper = sleeper == null ? Sleeper.system() : sleeper;
    requestParams =
        requestParams == null
            ? Map.of()
            : Collections.unmodifiableMap(new LinkedHashMap<>(requestParams));
    decisions = decisions == null ? List.of() : List.copyOf(decisions);
  }

  /** The options with header values and request parameters left out, so nothing secret prints. */
  @Override
  public String toString() {
    return "ClassifierOptions[style="
        + style
        + ", baseUrl="
        + baseUrl
        + ", model="
        + model
        + ", apiKeyEnv="
        + apiKeyEnv
        + ", headers="
        + headers.keySet()
        + ", timeout="
        + timeout
        + ", retries="
        + retries
        + ", retryBase="
        + retryBase
        + ", retryableStatuses="
        + retryableStatuses
        + ", requestParams="
        + requestParams.keySet()
        + ", decisions="
        + decisions.size()
        + "]";
  }

  /** A builder with every default. */
  public static Builder builder() {
    return new Builder();
  }

  /** Options with every default: the hosted backend. */
  public static ClassifierOptions defaults() {
    return builder().build();
  }

  /** Builds {@link ClassifierOptions}; every setter returns this builder. */
  public static final class Builder {
    private ClassifierStyle style;
    private String baseUrl;
    private String model;
    private String apiKeyEnv;
    private final Map<String, String> headers = new LinkedHashMap<>();
    private UnaryOperator<String> env;
    private LlmTransport transport;
    private Duration timeout;
    private int retries = DEFAULT_RETRIES;
    private Duration retryBase;
    private Set<Integer> retryableStatuses;
    private Function<RetryInfo, RetryDecision> onError;
    private Sleeper sleeper;
    private Map<String, Object> requestParams;
    private UnaryOperator<Map<String, Object>> bodyTransform;
    private Consumer<ClassifierEvent> onMetric;
    private ChatModel chatModel;
    private Evaluator evaluator;
    private final List<RecordedDecision> decisions = new ArrayList<>();

    private Builder() {}

    /** Which backend answers. */
    public Builder style(ClassifierStyle value) {
      style = value;
      return this;
    }

    /** The hosted endpoint base. */
    public Builder baseUrl(String value) {
      baseUrl = value;
      return this;
    }

    /** The model asked. */
    public Builder model(String value) {
      model = value;
      return this;
    }

    /** The name of the variable holding the bearer credential (not the credential). */
    public Builder apiKeyEnv(String value) {
      apiKeyEnv = value;
      return this;
    }

    /** One extra header; {@code ${ENV}} in the value expands at call time. */
    public Builder header(String name, String value) {
      headers.put(name, value);
      return this;
    }

    /** Where environment variables are read; for tests and hosts with their own secrets. */
    public Builder env(UnaryOperator<String> value) {
      env = value;
      return this;
    }

    /** Sends each HTTP request (a proxy, mTLS, record-replay). */
    public Builder transport(LlmTransport value) {
      transport = value;
      return this;
    }

    /** Bounds one request. */
    public Builder timeout(Duration value) {
      timeout = value;
      return this;
    }

    /** Retries after the first attempt. */
    public Builder retries(int value) {
      retries = value;
      return this;
    }

    /** The backoff base; zero or negative means the default. */
    public Builder retryBase(Duration value) {
      retryBase = value;
      return this;
    }

    /** Statuses added to the retryable set. */
    public Builder retryableStatuses(Set<Integer> value) {
      retryableStatuses = value;
      return this;
    }

    /** Decides each failed attempt. */
    public Builder onError(Function<RetryInfo, RetryDecision> value) {
      onError = value;
      return this;
    }

    /** Waits between attempts. */
    public Builder sleeper(Sleeper value) {
      sleeper = value;
      return this;
    }

    /** Top-level keys merged into the body; they win on collision. */
    public Builder requestParams(Map<String, Object> value) {
      requestParams = value;
      return this;
    }

    /** Reshapes the merged body before it is sent. */
    public Builder bodyTransform(UnaryOperator<Map<String, Object>> value) {
      bodyTransform = value;
      return this;
    }

    /** Receives every classifier event. */
    public Builder onMetric(Consumer<ClassifierEvent> value) {
      onMetric = value;
      return this;
    }

    /** Answers through this chat model with structured output; sets the {@code llm} style. */
    public Builder chatModel(ChatModel value) {
      chatModel = value;
      style = ClassifierStyle.LLM;
      return this;
    }

    /**
     * Answers through this client's model (its chat model and model id); sets the {@code llm}
     * style.
     */
    public Builder client(LlmClient value) {
      chatModel(value.chatModel());
      if (model == null) {
        model = value.options().model();
      }
      return this;
    }

    /** Answers with the host's function; sets the {@code custom} style. */
    public Builder evaluator(Evaluator value) {
      evaluator = value;
      style = ClassifierStyle.CUSTOM;
      return this;
    }

    /** Answers from this recorded corpus; sets the {@code static} style. */
    public Builder decisions(List<RecordedDecision> value) {
      decisions.addAll(value);
      style = ClassifierStyle.STATIC;
      return this;
    }

    /**
     * The options.
     *
     * @throws IllegalArgumentException when a chat model is set without the model id to ask
     */
    public ClassifierOptions build() {
      if (style == ClassifierStyle.LLM && chatModel != null && model == null) {
        throw new IllegalArgumentException(
            "classifier: style llm needs the id of the chat model to ask: set model(...)");
      }
      return new ClassifierOptions(
          style,
          baseUrl,
          model,
          apiKeyEnv,
          headers,
          env,
          transport,
          timeout,
          retries,
          retryBase,
          retryableStatuses,
          onError,
          sleeper,
          requestParams,
          bodyTransform,
          onMetric,
          chatModel,
          evaluator,
          decisions);
    }
  }
}
