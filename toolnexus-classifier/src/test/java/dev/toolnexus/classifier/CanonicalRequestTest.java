package dev.toolnexus.classifier;

import static dev.toolnexus.classifier.Fixtures.list;
import static dev.toolnexus.classifier.Fixtures.map;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CanonicalRequestTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "base.json",
        "hardened.json",
        "numbers.json",
        "wide.json",
        "near-uniform.json",
        "degenerate.json"
      })
  void canonicalRequestMatchesTheFixtureByteForByte(String name) throws Exception {
    Map<String, Object> fixture = Fixtures.load(name);
    Map<String, Object> request = map(fixture.get("request"));

    String canonical =
        Classifier.canonicalRequest(
            (String) request.get("model"), Fixtures.questions(request.get("questions")));

    byte[] bytes = canonical.getBytes(StandardCharsets.UTF_8);
    assertThat(canonical).isEqualTo(fixture.get("canonical"));
    assertThat(bytes.length).isEqualTo(((Number) fixture.get("canonicalBytes")).intValue());
    assertThat(sha256(bytes)).isEqualTo(fixture.get("canonicalSha256"));
  }

  @Test
  void everyRecordedDecisionEntryEncodesToItsCanonicalHash() throws Exception {
    for (Object e : list(Fixtures.load("decisions.json").get("entries"))) {
      Map<String, Object> entry = map(e);
      Map<String, Object> request = map(entry.get("request"));

      String canonical =
          Classifier.canonicalRequest(
              (String) request.get("model"), Fixtures.questions(request.get("questions")));

      assertThat(canonical).isEqualTo(entry.get("canonical"));
      assertThat(sha256(canonical.getBytes(StandardCharsets.UTF_8)))
          .isEqualTo(entry.get("canonicalSha256"));
    }
  }

  @Test
  void absentNoulCriteriaStaysAbsentAndEmptyCriteriaStaysEmpty() {
    Map<String, Question> qs = new LinkedHashMap<>();
    qs.put("a", Question.noul("x"));
    qs.put("b", Question.noul("y", new NoulCriteria("", "")));

    assertThat(Classifier.canonicalRequest("m", qs))
        .isEqualTo(
            "{\"model\":\"m\",\"questions\":{\"a\":{\"instructions\":\"x\",\"type\":\"noul\"},"
                + "\"b\":{\"criteria\":{\"false\":\"\",\"true\":\"\"},\"instructions\":\"y\","
                + "\"type\":\"noul\"}}}");
  }

  @Test
  void aScoreRubricKeepsItsOrder() {
    assertThat(
            Classifier.canonicalRequest(
                "m", Map.of("s", Question.score("rate", List.of("zeta", "alpha", "mid")))))
        .isEqualTo(
            "{\"model\":\"m\",\"questions\":{\"s\":{\"criteria\":[\"zeta\",\"alpha\",\"mid\"],"
                + "\"instructions\":\"rate\",\"type\":\"score\"}}}");
  }

  @Test
  void anEnumChoiceIsKeyedByTheConstantsNameNotItsToString() {
    Map<Move, String> moves = new LinkedHashMap<>();
    moves.put(Move.NORTH, "towards the apple");
    moves.put(Move.SOUTH, "into the tail");

    ChoiceQuestion q = Question.choiceOf("Which move?", moves);

    assertThat(q.criteria()).containsOnlyKeys("NORTH", "SOUTH");
  }

  enum Move {
    NORTH,
    SOUTH;

    @Override
    public String toString() {
      return "move " + name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  private static String sha256(byte[] bytes) throws Exception {
    return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
  }
}
