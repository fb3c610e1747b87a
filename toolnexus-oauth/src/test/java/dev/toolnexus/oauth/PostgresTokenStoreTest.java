package dev.toolnexus.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.testing.Postgres;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
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
  void aFirstUseBlockedBehindAnotherProcessCreatingTheTableSavesOnceThatCommits() throws Exception {
    String ddl =
        "CREATE TABLE IF NOT EXISTS toolnexus_oauth_tokens"
            + " (token_key VARCHAR(1024) PRIMARY KEY, token_json TEXT NOT NULL)";
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try (Connection other = ds.getConnection()) {
      other.setAutoCommit(false);
      try (Statement st = other.createStatement()) {
        st.executeUpdate(ddl); // the other process's table, not committed yet
      }
      Future<?> first = pool.submit(() -> TokenStore.jdbc(ds).save("k", TOKEN));
      awaitBlockedCreate(first);
      other.commit(); // the store's create now meets the committed table's catalog row

      first.get(60, TimeUnit.SECONDS);
    } finally {
      pool.shutdownNow();
    }

    assertThat(TokenStore.jdbc(ds).load("k")).contains(TOKEN);
  }

  /** Waits until the store's CREATE TABLE waits on a lock the other transaction holds. */
  private void awaitBlockedCreate(Future<?> first) throws Exception {
    String blocked =
        "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
            + " AND wait_event_type = 'Lock' AND query LIKE 'CREATE TABLE%toolnexus_oauth_tokens%'";
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    try (Connection c = ds.getConnection();
        Statement st = c.createStatement()) {
      while (true) {
        try (ResultSet r = st.executeQuery(blocked)) {
          r.next();
          if (r.getInt(1) == 1) {
            return;
          }
        }
        if (first.isDone()) {
          first.get(); // it ended without waiting: say how
          throw new AssertionError("the store's first use did not wait for the other create");
        }
        if (System.nanoTime() > deadline) {
          throw new AssertionError("the store's CREATE TABLE never waited on the other's lock");
        }
        Thread.sleep(20);
      }
    }
  }
}
