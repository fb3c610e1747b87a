package dev.toolnexus.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * A real PostgreSQL server for the tests of the JDBC stores: the one {@code TOOLNEXUS_POSTGRES_URL}
 * names (a JDBC URL of a superuser on its {@code postgres} database, as {@code .ci/run} exports),
 * else one this JVM starts from the installed binaries on a temporary data directory and a free
 * port, stopped when the JVM exits. With neither, the test fails naming what to install: a test
 * that needs PostgreSQL never skips.
 */
public final class Postgres {
  private static final AtomicInteger DATABASES = new AtomicInteger();
  private static String admin;

  private Postgres() {}

  /** A JDBC URL of a new, empty database on the server, so each test class or test starts clean. */
  public static synchronized String freshDatabase() {
    String base = admin();
    String name = "t" + ProcessHandle.current().pid() + "_" + DATABASES.incrementAndGet();
    try (Connection c = DriverManager.getConnection(base);
        Statement st = c.createStatement()) {
      st.execute("DROP DATABASE IF EXISTS " + name);
      st.execute("CREATE DATABASE " + name);
    } catch (SQLException e) {
      throw new IllegalStateException("cannot create test database " + name + ": " + e, e);
    }
    return base.replaceFirst("/postgres(\\?|$)", "/" + name + "$1");
  }

  private static String admin() {
    if (admin == null) {
      String given = System.getenv("TOOLNEXUS_POSTGRES_URL");
      admin = given != null && !given.isBlank() ? given : start();
    }
    return admin;
  }

  private static String start() {
    Path bin = binaries();
    boolean root = "root".equals(System.getProperty("user.name"));
    try {
      Path dir = Files.createTempDirectory("toolnexus-pg");
      Path data = dir.resolve("data");
      if (root) {
        run(List.of("chown", "postgres:postgres", dir.toString()));
      }
      run(
          as(
              root,
              bin.resolve("initdb").toString(),
              "-D",
              data.toString(),
              "-U",
              "toolnexus",
              "-A",
              "trust",
              "-E",
              "UTF8",
              "--no-sync"));
      int port = freePort();
      Process server =
          new ProcessBuilder(
                  as(
                      root,
                      bin.resolve("postgres").toString(),
                      "-D",
                      data.toString(),
                      "-p",
                      String.valueOf(port),
                      "-k",
                      dir.toString(),
                      "-c",
                      "listen_addresses=127.0.0.1",
                      "-c",
                      "fsync=off",
                      "-c",
                      "max_connections=200"))
              .redirectErrorStream(true)
              .redirectOutput(dir.resolve("server.log").toFile())
              .start();
      Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(server, dir), "postgres-stop"));
      String url = "jdbc:postgresql://127.0.0.1:" + port + "/postgres?user=toolnexus";
      awaitUp(url, server, dir.resolve("server.log"));
      return url;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start PostgreSQL from " + bin + ": " + e, e);
    }
  }

  /** The newest installed server's bin directory ({@code TOOLNEXUS_POSTGRES_BIN} overrides). */
  private static Path binaries() {
    String given = System.getenv("TOOLNEXUS_POSTGRES_BIN");
    if (given != null && !given.isBlank()) {
      return Path.of(given);
    }
    Path lib = Path.of("/usr/lib/postgresql");
    if (Files.isDirectory(lib)) {
      try (Stream<Path> versions = Files.list(lib)) {
        var found =
            versions
                .filter(v -> Files.isExecutable(v.resolve("bin/initdb")))
                .max(Comparator.comparing(v -> Integer.parseInt(v.getFileName().toString())));
        if (found.isPresent()) {
          return found.get().resolve("bin");
        }
      } catch (IOException | NumberFormatException e) {
        throw new IllegalStateException("cannot read " + lib + ": " + e, e);
      }
    }
    throw new IllegalStateException(
        "PostgreSQL is not installed: these tests need a real server (Debian: apt-get install"
            + " postgresql), or set TOOLNEXUS_POSTGRES_URL to a superuser's JDBC URL");
  }

  /** The command, run as the {@code postgres} user when we are root (initdb refuses root). */
  private static List<String> as(boolean root, String... command) {
    List<String> argv = new ArrayList<>();
    if (root) {
      argv.addAll(List.of("runuser", "-u", "postgres", "--"));
    }
    argv.addAll(List.of(command));
    return argv;
  }

  private static void run(List<String> argv) throws IOException {
    Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    try {
      if (p.waitFor() != 0) {
        throw new IOException(String.join(" ", argv) + " failed: " + out.strip());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted: " + String.join(" ", argv), e);
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  private static void awaitUp(String url, Process server, Path log) throws IOException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    SQLException last = null;
    while (System.nanoTime() < deadline) {
      if (!server.isAlive()) {
        throw new IOException("PostgreSQL exited at start: " + Files.readString(log).strip());
      }
      try (Connection c = DriverManager.getConnection(url)) {
        if (c.isValid(5)) {
          return;
        }
      } catch (SQLException e) {
        last = e;
      }
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted while PostgreSQL started", e);
      }
    }
    server.destroyForcibly();
    throw new IOException("PostgreSQL did not accept connections within 60 s: " + last);
  }

  private static void stop(Process server, Path dir) {
    server.destroy();
    try {
      if (!server.waitFor(10, TimeUnit.SECONDS)) {
        server.destroyForcibly();
      }
    } catch (InterruptedException e) {
      server.destroyForcibly();
    }
    try (Stream<Path> all = Files.walk(dir)) {
      all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // a temporary directory left behind is harmless
    }
  }
}
