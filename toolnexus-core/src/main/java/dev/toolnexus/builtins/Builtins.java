package dev.toolnexus.builtins;

import dev.toolnexus.Tool;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Creates the ten built-in tools ({@code source: builtin}) in their fixed order: bash, read, write,
 * edit, grep, glob, webfetch, question, apply_patch, todowrite.
 */
public final class Builtins {
  /** The names of every builtin, in the order {@link #create} returns them. */
  public static final List<String> NAMES =
      List.of(
          "bash",
          "read",
          "write",
          "edit",
          "grep",
          "glob",
          "webfetch",
          "question",
          "apply_patch",
          "todowrite");

  /** The builtins that execute commands or change files; dropped by read-only mode. */
  public static final Set<String> MUTATING = Set.of("bash", "write", "edit", "apply_patch");

  private Builtins() {}

  /**
   * The enabled builtins in their fixed order; empty when the source is off.
   *
   * @throws IllegalStateException when {@code bash} is enabled, no shell was set and none of the
   *     candidates resolves (the message names every candidate tried)
   */
  public static List<Tool> create(BuiltinsOptions options) {
    if (!options.enabled()) {
      return List.of();
    }
    List<String> shell = options.isOn("bash") ? resolveShell(options) : null;
    Host host = Host.of(options, shell);
    List<Tool> tools = new ArrayList<>();
    for (String name : NAMES) {
      if (options.isOn(name)) {
        tools.add(create(name, host));
      }
    }
    return List.copyOf(tools);
  }

  /**
   * The interpreter {@code bash} runs commands with: the host's {@code shell} verbatim, else the
   * one detected for this platform ({@code /bin/sh -c} on POSIX; {@code %COMSPEC%}, {@code pwsh},
   * {@code powershell}, then {@code bash} on Windows).
   *
   * @throws IllegalStateException when nothing resolves, naming every candidate tried
   */
  public static List<String> resolveShell(BuiltinsOptions options) {
    return options.shell() != null ? options.shell() : ShellDetector.detect();
  }

  private static Tool create(String name, Host host) {
    return switch (name) {
      case "bash" -> BashTool.create(host);
      case "read" -> ReadTool.create(host);
      case "write" -> WriteTool.create(host);
      case "edit" -> EditTool.create(host);
      case "grep" -> GrepTool.create(host);
      case "glob" -> GlobTool.create(host);
      case "webfetch" -> WebfetchTool.create(host);
      case "question" -> QuestionTool.create();
      case "apply_patch" -> ApplyPatchTool.create(host);
      case "todowrite" -> TodowriteTool.create();
      default -> throw new IllegalArgumentException("unknown builtin " + name);
    };
  }
}
