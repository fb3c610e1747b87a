package dev.toolnexus.server.a2a;

import dev.toolnexus.testing.Postgres;

/**
 * The compare-and-set updates on a real PostgreSQL server, a new database each test: two replicas'
 * stores racing a cancel against progress, the cancel always wins.
 */
class PostgresTaskUpdateTest extends JdbcTaskUpdateContract {
  @Override
  String freshUrl() {
    return Postgres.freshDatabase();
  }
}
