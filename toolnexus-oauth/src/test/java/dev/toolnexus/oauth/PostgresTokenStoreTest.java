package dev.toolnexus.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.testing.Postgres;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/** The JDBC token store on a real PostgreSQL server, a new database for each test. */
class PostgresTokenStoreTest {
  private static final StoredToken TOKEN =
      new StoredToken(
          "https://r.example/mcp",
          "https://as.example",
          "https://as.example/token",
          "c",
          null,
          "access-1",
          "refresh-1",
          Instant.parse("2030-01-01T00:00:00Z"),
          List.of("s1", "s2"));

  private String url;
  private PGSimpleDataSource ds;

  @BeforeEach
  void database() {
    url = Postgres.freshDatabase();
    ds = new PGSimpleDataSource();
    ds.setUrl(url);
  }

  @Test
  void aSavedTokenIsReplacedReadBackByAnotherStoreAndRemoved() {
    TokenStore store = TokenStore.jdbc(ds);
    store.save("k", TOKEN);
    store.save("k", TOKEN.withAccessToken("access-2"));

    assertThat(TokenStore.jdbc(ds).load("k")).contains(TOKEN.withAccessToken("access-2"));
    store.remove("k");
    assertThat(TokenStore.jdbc(ds).load("k")).isEmpty();
  }

  @Test
  void twoWritersRefreshingOneTokenAtOnceBothSucceedAndOneOfTheirTokensIsKept() throws Exception {
    TokenStore.jdbc(ds).load("k"); // the table exists before the writers race
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      List<Future<?>> writers = new ArrayList<>();
      for (String who : List.of("a", "b")) {
        TokenStore store = TokenStore.jdbc(ds);
        writers.add(
            pool.submit(
                () -> {
                  for (int i = 0; i < 40; i++) {
                    store.save("k", TOKEN.withAccessToken(who + i));
                  }
                }));
      }
      for (Future<?> w : writers) {
        w.get(60, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }

    assertThat(TokenStore.jdbc(ds).load("k").orElseThrow().accessToken()).isIn("a39", "b39");
  }

  @Test
  void aStoreNamedByAJdbcUrlKeepsTokensInTheDatabaseForTheNextProcess() {
    TokenStore.named(url).save("k", TOKEN);

    assertThat(TokenStore.named(url).load("k")).contains(TOKEN);
    assertThat(TokenStore.jdbc(ds).load("k")).contains(TOKEN);
  }

  @Test
  void aJdbcUrlWhoseDatabaseRefusesTheLoginIsNamedWithoutThePassword() {
    String refused = url + (url.contains("?") ? "&" : "?") + "user=nobody&password=s3cret";
    TokenStore store = TokenStore.named(refused);

    assertThatThrownBy(() -> store.load("k"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("OAuth token store: cannot connect to the database: ")
        .hasMessageContaining("nobody")
        .hasMessageNotContaining("s3cret");
  }

  @Test
  void storesOfSeveralProcessesFirstUsedAtOnceAllCreateTheTableAndSave() throws Exception {
    int stores = 8;
    ExecutorService pool = Executors.newFixedThreadPool(stores);
    try {
      java.util.concurrent.CyclicBarrier start = new java.util.concurrent.CyclicBarrier(stores);
      List<Future<?>> writers = new ArrayList<>();
      for (int i = 0; i < stores; i++) {
        String key = "k" + i;
        writers.add(
            pool.submit(
                () -> {
                  TokenStore store = TokenStore.named(url);
                  start.await();
                  store.save(key, TOKEN);
                  return null;
                }));
      }
      for (Future<?> w : writers) {
        w.get(60, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }

    for (int i = 0; i < stores; i++) {
      assertThat(TokenStore.named(url).load("k" + i)).contains(TOKEN);
    }
  }
}
