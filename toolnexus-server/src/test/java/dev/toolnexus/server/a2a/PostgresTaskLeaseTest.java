package dev.toolnexus.server.a2a;

import dev.toolnexus.testing.Postgres;

/** The task leases on a real PostgreSQL server, a new database each test. */
class PostgresTaskLeaseTest extends TaskLeaseContract {
  @Override
  String freshUrl() {
    return Postgres.freshDatabase();
  }
}
