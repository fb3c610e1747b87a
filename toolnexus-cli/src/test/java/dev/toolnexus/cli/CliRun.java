package dev.toolnexus.cli;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** One in-process execution of the command line with captured stdout and stderr. */
record CliRun(int exitCode, String out, String err) {

  static CliRun of(String... args) {
    return withInput("", Map.of(), args);
  }

  /** {@code toolnexus run --base-url <mock> --model mock-model <args>} against the mock model. */
  static CliRun runAgainst(MockLlm mock, String stdin, Map<String, String> env, String... args) {
    String[] argv = new String[args.length + 5];
    argv[0] = "run";
    argv[1] = "--base-url";
    argv[2] = mock.baseUrl();
    argv[3] = "--model";
    argv[4] = "mock-model";
    System.arraycopy(args, 0, argv, 5, args.length);
    return withInput(stdin, env, argv);
  }

  static CliRun withInput(String stdin, Map<String, String> env, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Io io =
        Io.of(
            new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8),
            env);
    int code = Cli.execute(io, args);
    return new CliRun(
        code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }
}
