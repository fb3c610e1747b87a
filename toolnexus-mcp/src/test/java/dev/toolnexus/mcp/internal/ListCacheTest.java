package dev.toolnexus.mcp.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The bounds of the cache of reusable answers: 512 entries, 16 Mi characters held, the least
 * recently used dropped first, and no single answer over a quarter of the characters kept.
 */
class ListCacheTest {
  private static final String ORIGIN = "http://127.0.0.1:1/mcp";
  private static final String METHOD = "tools/list";
  private static final Supplier<String> CREDENTIALS = () -> "c1";
  private static final int QUARTER = 4 * 1024 * 1024; // of the 16 Mi characters the cache holds

  private final ListCache cache =
      new ListCache(Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC));

  /** A private answer of exactly {@code size} characters as the cache counts them. */
  private static Map<String, Object> answer(int size) {
    // {"ttlMs":<number>,"x":"..."} counts 2 + (5 + 8 + 2) + (1 + n + 2) = 20 + n
    return Map.of("ttlMs", 60_000, "x", "a".repeat(size - 20));
  }

  private static Map<String, Object> page(int i) {
    return Map.of("cursor", "p" + i);
  }

  private void keep(int i, int size) {
    cache.store(ORIGIN, METHOD, page(i), answer(size), CREDENTIALS);
  }

  private boolean kept(int i) {
    return cache.fresh(ORIGIN, METHOD, page(i), CREDENTIALS) != null;
  }

  @Test
  void the513thAnswerDropsTheFirstAndKeepsTheOther512() {
    for (int i = 0; i < 513; i++) {
      keep(i, 21);
    }

    assertThat(kept(0)).isFalse();
    assertThat(kept(1)).isTrue();
    assertThat(kept(512)).isTrue();
  }

  @Test
  void fourQuarterAnswersFillTheCacheAndOneMoreCharacterDropsTheOldest() {
    for (int i = 0; i < 4; i++) {
      keep(i, QUARTER);
    }
    for (int i = 0; i < 4; i++) {
      assertThat(kept(i)).isTrue(); // 16 Mi characters held: at the cap, not over it
    }
    keep(4, 21);

    assertThat(kept(0)).isFalse();
    assertThat(kept(1)).isTrue();
    assertThat(kept(2)).isTrue();
    assertThat(kept(3)).isTrue();
    assertThat(kept(4)).isTrue();
  }

  @Test
  void anAnswerReadSinceItWasKeptOutlivesAnOlderUnreadOne() {
    for (int i = 0; i < 512; i++) {
      keep(i, 21);
    }
    assertThat(kept(0)).isTrue(); // read: now the most recently used

    keep(512, 21);

    assertThat(kept(0)).isTrue();
    assertThat(kept(1)).isFalse();
    assertThat(kept(2)).isTrue();
  }

  @Test
  void anAnswerOfAQuarterOfTheCapIsKeptAndOneCharacterMoreIsNot() {
    keep(0, QUARTER);
    keep(1, QUARTER + 1);

    assertThat(kept(0)).isTrue();
    assertThat(kept(1)).isFalse();
  }

  @Test
  void theCredentialsAreAskedOnlyForARequestWithAPrivateAnswerKept() {
    keep(0, 21);
    int[] asked = {0};
    Supplier<String> counting =
        () -> {
          asked[0]++;
          return "c1";
        };

    assertThat(cache.fresh(ORIGIN, METHOD, page(1), counting)).isNull();
    assertThat(asked[0]).isZero();
    assertThat(cache.fresh(ORIGIN, METHOD, page(0), counting)).isEqualTo(answer(21));
    assertThat(asked[0]).isEqualTo(1);
  }

  @Test
  void aPrivateAnswerDroppedByAChangeNoLongerAsksForTheCredentials() {
    keep(0, 21);
    cache.invalidate(ORIGIN, METHOD);
    int[] asked = {0};

    assertThat(
            cache.fresh(
                ORIGIN,
                METHOD,
                page(0),
                () -> {
                  asked[0]++;
                  return "c1";
                }))
        .isNull();
    assertThat(asked[0]).isZero();
  }

  @Test
  void aPrivateAnswerIsNotReusedUnderOtherCredentials() {
    keep(0, 21);

    assertThat(cache.fresh(ORIGIN, METHOD, page(0), () -> "c2")).isNull();
    assertThat(kept(0)).isTrue();
  }
}
