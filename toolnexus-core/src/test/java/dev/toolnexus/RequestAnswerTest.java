package dev.toolnexus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RequestAnswerTest {

  @Test
  void requestSerializesAllSixKeysInTheirFixedOrder() {
    Request r =
        new Request(
            "r1",
            "authorization",
            "Log in",
            "https://idp/login",
            Map.of("scope", "read"),
            "2026-01-01T00:00:00Z");

    assertThat(Json.write(r))
        .isEqualTo(
            "{\"id\":\"r1\",\"kind\":\"authorization\",\"prompt\":\"Log in\","
                + "\"url\":\"https://idp/login\",\"data\":{\"scope\":\"read\"},"
                + "\"expiresAt\":\"2026-01-01T00:00:00Z\"}");
  }

  @Test
  void requestOmitsAbsentOptionals() {
    Request r = new Request("r1", "approval", "Deploy?", null, null, null);

    assertThat(Json.write(r))
        .isEqualTo("{\"id\":\"r1\",\"kind\":\"approval\",\"prompt\":\"Deploy?\"}");
  }

  @Test
  void requestToMapMatchesItsJson() {
    Request r = new Request("r1", "input", "Name?", null, Map.of("schema", Map.of()), null);

    assertThat(Json.write(r.toMap())).isEqualTo(Json.write(r));
    assertThat(r.toMap().keySet()).containsExactly("id", "kind", "prompt", "data");
  }

  @Test
  void requestRoundTripsThroughJsonAndThroughMaps() {
    Request r = new Request("r1", "question", "Pick", "https://u", Map.of("a", 1), "2026-01-01Z");

    assertThat(Json.mapper().readValue(Json.write(r), Request.class)).isEqualTo(r);
    assertThat(Request.fromMap(Json.parseObject(Json.write(r)))).isEqualTo(r);
  }

  @Test
  void requestFromMapNamesAMissingKey() {
    assertThatThrownBy(() -> Request.fromMap(Map.of("kind", "approval")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a request needs \"id\"; it is missing");
  }

  @Test
  void requestFactoriesMintUniqueIds() {
    Request a = Request.of("approval", "ok?");
    Request b = Request.of("approval", "ok?");

    assertThat(a.id()).isNotEqualTo(b.id());
    assertThat(Request.authorization("https://idp", "Log in").kind()).isEqualTo("authorization");
  }

  @Test
  void answerSerializesItsFourKeysInOrder() {
    Answer a = new Answer("r1", false, Map.of("x", 1), "declined");

    assertThat(Json.write(a))
        .isEqualTo("{\"id\":\"r1\",\"ok\":false,\"data\":{\"x\":1},\"reason\":\"declined\"}");
  }

  @Test
  void answerOmitsAbsentOptionals() {
    assertThat(Json.write(Answer.ok("r1"))).isEqualTo("{\"id\":\"r1\",\"ok\":true}");
    assertThat(Json.write(Answer.ok("r1").toMap())).isEqualTo("{\"id\":\"r1\",\"ok\":true}");
  }

  @Test
  void answerRoundTripsThroughJsonAndThroughMaps() {
    Answer a =
        Answer.results("r1", List.of(Map.of("id", "c1", "output", "done", "isError", false)));

    assertThat(Json.mapper().readValue(Json.write(a), Answer.class)).isEqualTo(a);
    assertThat(Answer.fromMap(Json.parseObject(Json.write(a)))).isEqualTo(a);
  }

  @Test
  void declinedAnswerDefaultsItsReason() {
    assertThat(Answer.declined("r1", null)).isEqualTo(new Answer("r1", false, null, "declined"));
  }

  @Test
  void pendingResultCarriesTheRequestInMetadata() {
    Request r = Request.of("approval", "Deploy?");
    ToolResult pending = ToolResult.pending(r);

    assertThat(pending.isPending()).isTrue();
    assertThat(pending.pendingRequest()).contains(r);
    assertThat(pending.output()).isEqualTo("Deploy?");
  }

  @Test
  void aPendingResultWithAUrlShowsItOnTheNextLine() {
    ToolResult pending = ToolResult.pending(Request.authorization("https://idp/login", "Log in"));

    assertThat(pending.output()).isEqualTo("Log in\nhttps://idp/login");
    assertThat(pending.isError()).isTrue();
  }

  @Test
  void pendingSurvivesAJsonBoundary() {
    Request r = new Request("r9", "input", "Name?", null, null, null);
    ToolResult crossed =
        new ToolResult(
            "x", true, null, Json.parseObject(Json.write(Map.of(ToolResult.PENDING_KEY, r))));

    assertThat(crossed.pendingRequest()).contains(r);
  }

  @Test
  void anOrdinaryResultIsNotPending() {
    assertThat(ToolResult.ok("fine").isPending()).isFalse();
    assertThat(ToolResult.error("bad").pendingRequest()).isEmpty();
  }
}
