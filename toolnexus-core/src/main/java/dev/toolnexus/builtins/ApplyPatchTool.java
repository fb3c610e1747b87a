package dev.toolnexus.builtins;

import dev.toolnexus.Tool;
import dev.toolnexus.ToolResult;
import dev.toolnexus.internal.Errors;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code apply_patch}: applies every file operation of a patch or none. All hunks are matched in
 * memory first; only then is anything written, and a write that fails puts back what was already
 * changed.
 */
final class ApplyPatchTool {
  private ApplyPatchTool() {}

  static Tool create(Host host) {
    Map<String, Object> props =
        Schemas.ordered(
            "patchText", Schemas.prop("string", "The patch text in Begin/End Patch format"));
    return new BuiltinTool(
        "apply_patch",
        "Apply a patch (Begin/End Patch grammar: Add/Update/Delete File). Atomic — a non-matching"
            + " hunk aborts with no writes.",
        Schemas.object(props, List.of("patchText")),
        (args, ctx) -> run(host, args));
  }

  private static ToolResult run(Host host, Args args) {
    String text = args.requireString("patchText");
    Patch patch;
    try {
      patch = Patch.parse(text);
    } catch (Patch.Invalid e) {
      return ToolResult.error("apply_patch: invalid patch: " + e.getMessage());
    }
    // the planned state of every touched path: text, or empty for "deleted"
    Map<Path, Optional<String>> planned = new LinkedHashMap<>();
    int added = 0;
    int updated = 0;
    int deleted = 0;
    try {
      for (Patch.Op op : patch.ops()) {
        Path file = host.paths().resolve(op.path());
        Optional<String> current = current(planned, file, op.path());
        if (op instanceof Patch.Add add) {
          if (current.isPresent()) {
            return fail(op.path() + ": cannot add, the file already exists");
          }
          planned.put(file, Optional.of(add.content()));
          added++;
        } else if (op instanceof Patch.Delete) {
          if (current.isEmpty()) {
            return fail(op.path() + ": cannot delete, file not found");
          }
          planned.put(file, Optional.empty());
          deleted++;
        } else if (op instanceof Patch.Update up) {
          if (current.isEmpty()) {
            return fail(op.path() + ": cannot update, file not found");
          }
          String next = PatchApplier.apply(current.get(), up.hunks(), op.path());
          if (up.moveTo() != null) {
            Path target = host.paths().resolve(up.moveTo());
            if (!target.equals(file) && current(planned, target, up.moveTo()).isPresent()) {
              return fail(up.moveTo() + ": cannot move " + op.path() + " there, the file exists");
            }
            planned.put(file, Optional.empty());
            planned.put(target, Optional.of(next));
          } else {
            planned.put(file, Optional.of(next));
          }
          updated++;
        }
      }
    } catch (PatchApplier.Mismatch e) {
      return fail(e.getMessage());
    } catch (TextFiles.NotText e) {
      return fail(e.getMessage());
    }
    try {
      commit(planned);
    } catch (IOException e) {
      return fail("could not write the patch, nothing was changed: " + Errors.message(e));
    }
    int ops = patch.ops().size();
    Map<String, Object> meta = new LinkedHashMap<>();
    meta.put("added", added);
    meta.put("updated", updated);
    meta.put("deleted", deleted);
    return ToolResult.ok("Applied patch: " + ops + " file operation" + (ops == 1 ? "" : "s"))
        .withMetadata(meta);
  }

  private static ToolResult fail(String message) {
    return ToolResult.error("apply_patch: " + message + " (no file was changed)");
  }

  private static Optional<String> current(
      Map<Path, Optional<String>> planned, Path file, String shown) throws TextFiles.NotText {
    if (planned.containsKey(file)) {
      return planned.get(file);
    }
    if (!Files.exists(file)) {
      return Optional.empty();
    }
    return Optional.of(TextFiles.read(file, shown));
  }

  /** Writes the planned state; on a failure, restores every file already touched. */
  private static void commit(Map<Path, Optional<String>> planned) throws IOException {
    Map<Path, byte[]> originals = new LinkedHashMap<>();
    for (Path p : planned.keySet()) {
      originals.put(p, Files.exists(p) ? Files.readAllBytes(p) : null);
    }
    List<Path> touched = new ArrayList<>();
    try {
      for (Map.Entry<Path, Optional<String>> e : planned.entrySet()) {
        Path p = e.getKey();
        touched.add(p);
        if (e.getValue().isPresent()) {
          writeFile(p, e.getValue().get().getBytes(StandardCharsets.UTF_8));
        } else {
          Files.deleteIfExists(p);
        }
      }
    } catch (IOException | RuntimeException e) {
      for (Path p : touched) {
        try {
          byte[] before = originals.get(p);
          if (before == null) {
            Files.deleteIfExists(p);
          } else {
            writeFile(p, before);
          }
        } catch (IOException | RuntimeException restore) {
          e.addSuppressed(restore);
        }
      }
      throw e;
    }
  }

  /**
   * Writes in place (keeping the file's permissions); the content was fully computed beforehand, so
   * only an I/O failure can stop it, and {@link #commit} then restores what it had written.
   */
  private static void writeFile(Path p, byte[] bytes) throws IOException {
    Path parent = p.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    Files.write(p, bytes);
  }
}
