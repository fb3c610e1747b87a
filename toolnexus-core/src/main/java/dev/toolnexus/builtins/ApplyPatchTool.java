package dev.toolnexus.builtins;

import dev.toolnexus.Tool;
import dev.toolnexus.ToolAnnotations;
import dev.toolnexus.ToolContext;
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
        ToolAnnotations.of(false, true, false, false),
        (args, ctx) -> run(host, args, ctx));
  }

  private static ToolResult run(Host host, Args args, ToolContext ctx) throws SafeFiles.Cancelled {
    String text = args.requireString("patchText");
    Patch patch;
    try {
      patch = Patch.parse(text);
    } catch (Patch.Invalid e) {
      return ToolResult.error("apply_patch: invalid patch: " + e.getMessage());
    }
    // the planned state of every touched path: text, or empty for "deleted"
    Map<Path, Optional<String>> planned = new LinkedHashMap<>();
    Map<Path, String> shownFor = new LinkedHashMap<>();
    Map<Path, String> byRealFile = new LinkedHashMap<>();
    SafeFiles files = host.files();
    int added = 0;
    int updated = 0;
    int deleted = 0;
    try {
      for (Patch.Op op : patch.ops()) {
        Path file = host.paths().resolve(op.path());
        String clash = sameFile(host, byRealFile, file, op.path());
        if (clash != null) {
          return fail(clash);
        }
        shownFor.putIfAbsent(file, op.path());
        Optional<String> current = current(files, planned, file, op.path(), ctx);
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
            String moveClash = sameFile(host, byRealFile, target, up.moveTo());
            if (moveClash != null) {
              return fail(moveClash);
            }
            shownFor.putIfAbsent(target, up.moveTo());
            if (!target.equals(file)
                && current(files, planned, target, up.moveTo(), ctx).isPresent()) {
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
      commit(files, planned, shownFor);
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

  /**
   * Null, or the refusal when {@code file} is the same real file as a path an earlier operation
   * named differently (a symlink and its target, or one file reached through two directories): two
   * updates of one file would otherwise each be computed from the old content, and the second write
   * would drop the first.
   */
  private static String sameFile(Host host, Map<Path, String> byRealFile, Path file, String shown) {
    Path real = PathResolver.canonical(file);
    Path lexical = host.paths().base().resolve(shown).normalize();
    String earlier = byRealFile.get(real);
    if (earlier == null) {
      byRealFile.put(real, shown);
      return null;
    }
    if (host.paths().base().resolve(earlier).normalize().equals(lexical)) {
      return null; // the same path again: operations on it apply in order
    }
    return shown
        + " and "
        + earlier
        + " are the same file; put every change to it in one operation";
  }

  private static Optional<String> current(
      SafeFiles files,
      Map<Path, Optional<String>> planned,
      Path file,
      String shown,
      ToolContext ctx)
      throws TextFiles.NotText, SafeFiles.Cancelled {
    if (planned.containsKey(file)) {
      return planned.get(file);
    }
    if (!Files.exists(file)) {
      return Optional.empty();
    }
    return Optional.of(TextFiles.read(files, file, shown, ctx.cancel()));
  }

  /**
   * Writes the planned state, each file replaced whole; on a failure, restores every file already
   * touched.
   */
  private static void commit(
      SafeFiles files, Map<Path, Optional<String>> planned, Map<Path, String> shownFor)
      throws IOException {
    Map<Path, byte[]> originals = new LinkedHashMap<>();
    for (Path p : planned.keySet()) {
      String shown = shownFor.get(p);
      try {
        originals.put(
            p, Files.exists(p) ? files.read(p, shown, TextFiles.MAX_FILE_BYTES, null) : null);
      } catch (TextFiles.NotText | SafeFiles.Cancelled e) {
        throw new IOException(e.getMessage(), e);
      }
    }
    List<Path> touched = new ArrayList<>();
    try {
      for (Map.Entry<Path, Optional<String>> e : planned.entrySet()) {
        Path p = e.getKey();
        touched.add(p);
        if (e.getValue().isPresent()) {
          files.write(p, shownFor.get(p), e.getValue().get().getBytes(StandardCharsets.UTF_8));
        } else {
          files.delete(p, shownFor.get(p));
        }
      }
    } catch (IOException | RuntimeException e) {
      for (Path p : touched) {
        try {
          byte[] before = originals.get(p);
          if (before == null) {
            files.delete(p, shownFor.get(p));
          } else {
            files.write(p, shownFor.get(p), before);
          }
        } catch (IOException | RuntimeException restore) {
          e.addSuppressed(restore);
        }
      }
      throw e;
    }
  }
}
