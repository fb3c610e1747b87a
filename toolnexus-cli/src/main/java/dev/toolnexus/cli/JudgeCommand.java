package dev.toolnexus.cli;

import dev.toolnexus.Json;
import dev.toolnexus.classifier.Band;
import dev.toolnexus.classifier.Bands;
import dev.toolnexus.classifier.ChoiceAnswer;
import dev.toolnexus.classifier.Classifier;
import dev.toolnexus.classifier.ClassifierException;
import dev.toolnexus.classifier.ClassifierOptions;
import dev.toolnexus.classifier.ClassifierUsage;
import dev.toolnexus.classifier.Decision;
import dev.toolnexus.classifier.Judge;
import dev.toolnexus.classifier.Judgement;
import dev.toolnexus.classifier.Question;
import dev.toolnexus.classifier.RecordedDecision;
import dev.toolnexus.classifier.ScoreAnswer;
import dev.toolnexus.classifier.Tape;
import dev.toolnexus.client.ClientOptions;
import dev.toolnexus.client.LlmClient;
import dev.toolnexus.client.Style;
import dev.toolnexus.internal.ConfigDocument;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code toolnexus judge}: asks typed questions about a state once, against the hosted classifier,
 * any chat model or a recorded tape, and prints each answer with its band, so a team can try a
 * guard's questions from the terminal and record the tape its tests replay.
 */
@Command(
    name = "judge",
    mixinStandardHelpOptions = true,
    description =
        "Asks typed questions (noul, choice, score) about a state once and prints the answers;"
            + " against the hosted classifier, a chat model (--style openai|anthropic|gemini) or"
            + " a tape (--tape FILE --call NAME), recording to a tape with --record FILE.")
final class JudgeCommand implements Callable<Integer> {
  @ParentCommand ToolnexusCommand root;
  @Mixin VerboseOption verbose;

  @Option(
      names = "--questions",
      paramLabel = "FILE",
      description =
          "A JSON file of questions: key to {type: noul|choice|score, instructions, criteria}.")
  Path questionsFile;

  @Option(
      names = "--noul",
      paramLabel = "KEY=TEXT",
      description = "A yes/no question under KEY; repeatable, after those of --questions.")
  List<String> nouls = new ArrayList<>();

  @Option(
      names = "--state",
      paramLabel = "JSON|TEXT",
      description = "What is judged: JSON when it parses as JSON, else the text itself.")
  String state;

  @Option(
      names = "--state-file",
      paramLabel = "FILE",
      description = "Read the state from a file (JSON when it parses, else its text).")
  Path stateFile;

  @Option(
      names = "--tape",
      paramLabel = "FILE",
      description = "Answer from this tape's recorded call (--call), with no network.")
  Path tape;

  @Option(
      names = "--call",
      paramLabel = "NAME",
      description = "The tape call to replay (--tape) or record under (--record).")
  String call;

  @Option(
      names = "--record",
      paramLabel = "FILE",
      description = "Record the live answer under --call into this tape (kept calls stay).")
  Path record;

  @Option(
      names = "--style",
      defaultValue = "systemone",
      paramLabel = "STYLE",
      description =
          "systemone (the hosted classifier, default), or openai, anthropic, gemini for a chat"
              + " model through structured output.")
  String style;

  @Option(names = "--base-url", paramLabel = "URL", description = "The endpoint's API root.")
  String baseUrl;

  @Option(
      names = "--model",
      paramLabel = "MODEL",
      description = "The model id (required for a chat model; the hosted default otherwise).")
  String model;

  @Option(
      names = "--api-key-env",
      paramLabel = "NAME",
      description =
          "The environment variable holding the key (hosted default TYPESAFE_API_KEY; a chat"
              + " model's default is chosen by style and host).")
  String apiKeyEnv;

  @Option(names = "--json", description = "Print the decision as JSON.")
  boolean json;

  @Override
  public Integer call() {
    Map<String, Question> questions = questions();
    Object judged = state();
    Classifier classifier = classifier();
    Decision decision;
    try {
      if (record != null) {
        Tape recording = Tape.recording(classifier, saved(record));
        decision = recording.record(call).evaluate(judged, questions);
        recording.save(record);
      } else {
        decision = classifier.evaluate(judged, questions);
      }
    } catch (ClassifierException | IllegalArgumentException e) {
      throw new CliException("judge: " + e.getMessage());
    } catch (UncheckedIOException e) {
      throw new CliException("judge: cannot write " + record + ": " + e.getCause().getMessage());
    }
    print(decision, root.io().out());
    return ExitCodes.OK;
  }

  private Map<String, Question> questions() {
    Map<String, Question> out = new LinkedHashMap<>();
    if (questionsFile != null) {
      requireFile(questionsFile, "--questions");
      try {
        out.putAll(Question.fromWire(ConfigDocument.read(questionsFile)));
      } catch (IllegalArgumentException e) {
        throw new CliException("--questions " + questionsFile + ": " + e.getMessage());
      }
    }
    for (String n : nouls) {
      int eq = n.indexOf('=');
      if (eq <= 0 || eq == n.length() - 1) {
        throw CliException.usage("--noul expects KEY=TEXT, got \"" + n + "\"");
      }
      out.put(n.substring(0, eq), Question.noul(n.substring(eq + 1)));
    }
    if (out.isEmpty()) {
      throw CliException.usage("give the questions: --questions FILE or --noul KEY=TEXT");
    }
    return out;
  }

  private Object state() {
    if ((state == null) == (stateFile == null)) {
      throw CliException.usage("give the state once: --state JSON|TEXT or --state-file FILE");
    }
    String text = state;
    if (stateFile != null) {
      requireFile(stateFile, "--state-file");
      try {
        text = Files.readString(stateFile);
      } catch (IOException e) {
        throw new CliException("--state-file " + stateFile + ": " + e.getMessage());
      }
    }
    try {
      return Json.parse(text);
    } catch (IllegalArgumentException notJson) {
      return text;
    }
  }

  private Classifier classifier() {
    if ((tape != null || record != null) && (call == null || call.isBlank())) {
      throw CliException.usage("--tape and --record need --call NAME");
    }
    if (tape != null) {
      if (record != null) {
        throw CliException.usage("--tape replays and --record records: give one");
      }
      requireFile(tape, "--tape");
      try {
        return Tape.load(tape).replay(call);
      } catch (IllegalArgumentException | UncheckedIOException e) {
        throw new CliException("--tape " + tape + ": " + e.getMessage());
      }
    }
    ClassifierOptions.Builder options = ClassifierOptions.builder().env(root.io().env()::get);
    if ("systemone".equalsIgnoreCase(style)) {
      options.baseUrl(baseUrl).model(model).apiKeyEnv(apiKeyEnv);
    } else {
      options.client(chatClient());
    }
    try {
      return Classifier.create(options.build());
    } catch (IllegalArgumentException e) {
      throw CliException.usage(e.getMessage());
    }
  }

  private LlmClient chatClient() {
    Style parsed;
    try {
      parsed = Style.parse(style);
    } catch (IllegalArgumentException e) {
      throw CliException.usage("--style: " + e.getMessage() + " (or systemone)");
    }
    if (model == null) {
      throw CliException.usage("--model is required for the " + parsed.wireName() + " style");
    }
    if ((baseUrl == null || baseUrl.isBlank()) && parsed != Style.GEMINI) {
      throw CliException.usage("--base-url is required for the " + parsed.wireName() + " style");
    }
    ClientOptions.Builder b =
        ClientOptions.builder()
            .baseUrl(baseUrl == null || baseUrl.isBlank() ? null : baseUrl)
            .style(parsed)
            .model(model)
            .env(root.io().env()::get);
    if (apiKeyEnv != null) {
      String key = root.io().env().get(apiKeyEnv);
      if (key == null || key.isBlank()) {
        throw new CliException("judge: the environment variable " + apiKeyEnv + " is not set");
      }
      b.apiKey(key);
    }
    return LlmClient.create(b.build());
  }

  private static Map<String, RecordedDecision> saved(Path file) {
    if (!Files.exists(file)) {
      return Map.of();
    }
    try {
      return Tape.load(file).entries();
    } catch (IllegalArgumentException | UncheckedIOException e) {
      throw new CliException("--record " + file + ": " + e.getMessage());
    }
  }

  private static void requireFile(Path file, String flag) {
    if (!Files.isRegularFile(file)) {
      throw new CliException(flag + " " + file + ": no such file");
    }
  }

  private void print(Decision decision, PrintWriter out) {
    Map<String, Judgement> answers = Judge.answers(decision, Bands.DEFAULT);
    if (json) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("model", decision.model());
      m.put("calibrated", decision.calibrated());
      Map<String, Object> byKey = new LinkedHashMap<>();
      answers.forEach((k, j) -> byKey.put(k, j.toMap()));
      m.put("answers", byKey);
      ClassifierUsage u = decision.usage();
      Map<String, Object> usage = new LinkedHashMap<>();
      usage.put("inputTokens", u.inputTokens());
      usage.put("outputTokens", u.outputTokens());
      if (u.cost() != null) {
        usage.put("cost", u.cost());
      }
      m.put("usage", usage);
      out.println(Json.writePretty(m));
      out.flush();
      return;
    }
    int width = answers.keySet().stream().mapToInt(String::length).max().orElse(0);
    answers.forEach(
        (k, j) -> out.println(pad(k, width) + "  " + pad(j.type(), 6) + "  " + describe(j)));
    ClassifierUsage u = decision.usage();
    out.println(
        "model "
            + decision.model()
            + (decision.calibrated() ? ", calibrated" : ", not calibrated")
            + ", "
            + u.inputTokens()
            + " in / "
            + u.outputTokens()
            + " out tokens"
            + (u.cost() == null ? "" : ", cost " + u.cost()));
    out.flush();
  }

  private static String describe(Judgement j) {
    if (j.answer() instanceof ChoiceAnswer c) {
      StringBuilder sb = new StringBuilder(c.choice()).append("  (");
      c.probabilities()
          .forEach(
              (id, p) ->
                  sb.append(sb.charAt(sb.length() - 1) == '(' ? "" : ", ")
                      .append(id + " ")
                      .append(num(p)));
      sb.append("; confidence ").append(num(c.confidence())).append(')');
      if (c.nearUniform()) {
        sb.append("  near-uniform: no real preference");
      }
      return sb.toString();
    }
    if (j.answer() instanceof ScoreAnswer s) {
      return num(s.score())
          + " of 0-"
          + (s.levels().size() - 1)
          + "  ("
          + String.join(" < ", s.levels())
          + "; confidence "
          + num(s.confidence())
          + ")"
          + (j.sure() ? "" : "  unsure");
    }
    Band band = j.band();
    return num(j.value()) + "  " + band.id();
  }

  private static String num(double d) {
    return String.format(Locale.ROOT, "%.3f", d);
  }

  private static String pad(String s, int width) {
    return s.length() >= width ? s : s + " ".repeat(width - s.length());
  }
}
