package dev.toolnexus.server.a2a;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.internal.SqlTables;
import dev.toolnexus.time.VirtualScheduler;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The leases of the JDBC task store, as replicas sharing one database see them: each replica is a
 * store of its own with its own owner id and virtual clock, all on the same table.
 */
abstract class TaskLeaseContract {
  static final Instant START = Instant.parse("2026-01-01T00:00:00Z");
  private String url;

  /** A JDBC URL of a new, empty database. */
  abstract String freshUrl() throws Exception;

  @BeforeEach
  void database() throws Exception {
    url = freshUrl();
  }

  /** A replica: a store owning leases as {@code owner}, on its own virtual clock. */
  JdbcTaskStore replica(String owner, VirtualScheduler clock) {
    return JdbcTaskStore.of(
        SqlTables.connect(url)::open,
        JdbcTaskStore.DEFAULT_TABLE,
        new LeaseOptions(owner, Duration.ofSeconds(30), Duration.ofSeconds(10), clock));
  }

  static A2aTask working(String id) {
    return A2aTask.submitted(
            id, "ctx", new A2aTask.Message("m-" + id, "user", "hi"), null, START.toString())
        .withState(TaskState.WORKING, null, START.toString());
  }

  @Test
  void aNewRunningTaskIsLeasedToTheReplicaThatSavedItForOneLeaseDuration() {
    JdbcTaskStore a = replica("replica-a", new VirtualScheduler(START));
    a.save(working("t-1"));

    assertThat(a.lease("t-1"))
        .contains(new TaskLease("t-1", "replica-a", START.plus(Duration.ofSeconds(30))));
  }

  @Test
  void aLeaseIsNotExpiredForAnotherReplicaUntilItsDurationPassed() {
    VirtualScheduler clock = new VirtualScheduler(START);
    replica("replica-a", new VirtualScheduler(START)).save(working("t-1"));
    JdbcTaskStore b = replica("replica-b", clock);

    clock.advance(Duration.ofSeconds(29));
    assertThat(b.expired()).isEmpty();
    assertThat(b.claim("t-1")).isFalse();
    clock.advance(Duration.ofSeconds(2));
    assertThat(b.expired())
        .containsExactly(new TaskLease("t-1", "replica-a", START.plusSeconds(30)));
  }

  @Test
  void ofTwoReplicasClaimingOneExpiredLeaseOnlyOneWins() {
    replica("replica-a", new VirtualScheduler(START)).save(working("t-1"));
    Instant later = START.plusSeconds(31);
    JdbcTaskStore b = replica("replica-b", new VirtualScheduler(later));
    JdbcTaskStore c = replica("replica-c", new VirtualScheduler(later));

    assertThat(b.claim("t-1")).isTrue();
    assertThat(c.claim("t-1")).isFalse();
    assertThat(c.lease("t-1")).contains(new TaskLease("t-1", "replica-b", later.plusSeconds(30)));
  }

  @Test
  void aRenewedLeaseRunsFromTheRenewalAndKeepsOtherReplicasOut() {
    VirtualScheduler clockA = new VirtualScheduler(START);
    JdbcTaskStore a = replica("replica-a", clockA);
    a.save(working("t-1"));
    clockA.advance(Duration.ofSeconds(20));

    assertThat(a.renew("t-1")).isTrue();
    JdbcTaskStore b = replica("replica-b", new VirtualScheduler(START.plusSeconds(45)));
    assertThat(b.expired()).isEmpty();
    assertThat(b.claim("t-1")).isFalse();
    assertThat(b.lease("t-1")).contains(new TaskLease("t-1", "replica-a", START.plusSeconds(50)));
  }

  @Test
  void aReplicaCannotRenewALeaseAnotherReplicaTookOver() {
    JdbcTaskStore a = replica("replica-a", new VirtualScheduler(START));
    a.save(working("t-1"));
    replica("replica-b", new VirtualScheduler(START.plusSeconds(31))).claim("t-1");

    assertThat(a.renew("t-1")).isFalse();
  }

  @Test
  void aLeaseOfATaskThatEndedCannotBeRenewed() {
    JdbcTaskStore a = replica("replica-a", new VirtualScheduler(START));
    a.save(working("t-1"));
    a.save(working("t-1").withState(TaskState.CANCELED, "canceled on request", START.toString()));

    assertThat(a.renew("t-1")).isFalse();
  }

  @Test
  void aReleasedLeaseHasNoOwnerAndAFinishedTaskIsNeverExpired() {
    JdbcTaskStore a = replica("replica-a", new VirtualScheduler(START));
    a.save(working("t-1"));
    a.save(working("t-1").withState(TaskState.COMPLETED, null, START.toString()));
    a.release("t-1");

    assertThat(a.lease("t-1")).contains(new TaskLease("t-1", null, null));
    assertThat(replica("replica-b", new VirtualScheduler(START.plusSeconds(3600))).expired())
        .isEmpty();
  }

  @Test
  void aTableOfThePreviousVersionGetsTheLeaseColumnsAndItsRunningTasksAreExpired()
      throws Exception {
    try (Connection c = DriverManager.getConnection(url);
        Statement st = c.createStatement()) {
      st.executeUpdate(
          "CREATE TABLE toolnexus_a2a_tasks (id VARCHAR(512) NOT NULL PRIMARY KEY,"
              + " state VARCHAR(32) NOT NULL, task TEXT NOT NULL, updated_at BIGINT NOT NULL)");
      try (PreparedStatement ps =
          c.prepareStatement("INSERT INTO toolnexus_a2a_tasks VALUES (?, ?, ?, ?)")) {
        ps.setString(1, "old-1");
        ps.setString(2, "working");
        ps.setString(3, dev.toolnexus.Json.write(working("old-1")));
        ps.setLong(4, START.toEpochMilli());
        ps.executeUpdate();
      }
    }
    JdbcTaskStore b = replica("replica-b", new VirtualScheduler(START.plusSeconds(31)));

    assertThat(b.get("old-1")).contains(working("old-1"));
    assertThat(b.expired()).containsExactly(new TaskLease("old-1", null, null));
    assertThat(b.claim("old-1")).isTrue();
    assertThat(b.lease("old-1"))
        .contains(new TaskLease("old-1", "replica-b", START.plusSeconds(61)));
  }
}
